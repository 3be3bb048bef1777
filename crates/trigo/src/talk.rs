//! What the front ends say about a TriGo game: its help, what a move did, how the points are made.

use crate::game::TrigoGame;
use crate::moves::TrigoMove;
use stones_core::talk::{captures_said, pass_said};
use stones_core::{Colour, Game, Status};

/// The one-stone opening, two-point moves, the end of play and what applies now.
pub fn help(g: &TrigoGame) -> String {
    format!(
        "notation: {}.\n\
         Black opens with one stone on one point; every later move is two points joined \
         by `+` or a space (`a1+b2`); or `pass`, or `resign`.\n\
         two passes in a row end play; then each player names stones to mark their chains \
         dead (again to unmark) and says `done` (or `accept` after the other's `done`).\n\
         now: {}\n",
        g.topology().describe_notation(),
        g.stage().moves_text()
    )
}

/// A pass and how many more end play, and the captures.
pub fn move_notes(g: &TrigoGame, mover: Colour, mv: TrigoMove, before: [u32; 2]) -> Vec<String> {
    let mut said = Vec::new();
    if mv == TrigoMove::Pass {
        let (done, end) = g.passes();
        let ongoing = g.status() == Status::Ongoing;
        said.push(pass_said(mover, done.into(), end.into(), ongoing));
    }
    said.extend(captures_said(mover, before, g.captures()));
    said
}

/// Territory, captures and the opponent's dead stones.
pub fn score_parts(g: &TrigoGame, c: Colour) -> Vec<String> {
    let count = g.count();
    let (i, o) = (c.idx(), c.opponent().idx());
    vec![
        format!("territory {}", count.territory[i]),
        format!("captures {}", g.captures()[i]),
        format!("dead stones {}", count.dead[o]),
    ]
}
