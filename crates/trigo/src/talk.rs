//! What the front ends say about a TriGo game: its help, what a move did, how the points are made
//! (the clauses worded as in Go are Go's: [`stones_go::talk`]).

use crate::game::TrigoGame;
use crate::moves::TrigoMove;
use stones_core::{Colour, Game};
use stones_go::talk::{end_of_play, play_notes, territory_parts};

/// The one-stone opening, two-point moves, the end of play and what applies now.
pub fn help(g: &TrigoGame) -> String {
    format!(
        "notation: {}.\n\
         Black opens with one stone on one point; every later move is two points joined \
         by `+` or a space (`a1+b2`); or `pass`, or `resign`.\n{}\nnow: {}\n",
        g.topology().describe_notation(),
        end_of_play("two"),
        g.stage().moves_text()
    )
}

/// A pass and how many more end play, and the captures.
pub fn move_notes(g: &TrigoGame, mover: Colour, mv: TrigoMove, before: [u32; 2]) -> Vec<String> {
    play_notes(g, mover, mv == TrigoMove::Pass, g.passes(), before)
}

/// Territory, captures and the opponent's dead stones.
pub fn score_parts(g: &TrigoGame, c: Colour) -> Vec<String> {
    let count = g.count();
    territory_parts(
        count.territory[c.idx()],
        g.captures()[c.idx()],
        count.dead[c.opponent().idx()],
    )
}
