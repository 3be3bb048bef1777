//! What the front ends say about a Go game: its help, what a move did, how the points are made.

use crate::game::{GoGame, GoMove};
use crate::rules::Scoring;
use stones_core::talk::{captures_said, pass_said};
use stones_core::{Colour, Game, Status};

/// The moves and notation, the end of play and what applies now.
pub fn help(g: &GoGame) -> String {
    let passes = if g.rules().passes_to_end == 3 {
        "three"
    } else {
        "two"
    };
    format!(
        "a move is {}; or `pass`, or `resign`.\n\
         {passes} passes in a row end play; then each player names stones to mark their \
         chains dead (again to unmark) and says `done` (or `accept` after the other's \
         `done`).\nnow: {}\n",
        g.topology().describe_notation(),
        g.moves_text()
    )
}

/// A pass and how many more end play, the captures, the ko point.
pub fn move_notes(g: &GoGame, mover: Colour, mv: GoMove, before: [u32; 2]) -> Vec<String> {
    let mut said = Vec::new();
    if mv == GoMove::Pass {
        let (done, end) = g.passes();
        let ongoing = g.status() == Status::Ongoing;
        said.push(pass_said(mover, done.into(), end.into(), ongoing));
    }
    said.extend(captures_said(mover, before, g.captures()));
    if let Some(p) = g.ko_point() {
        said.push(format!(
            "ko: {} may not take back at once at {}",
            g.to_move().title(),
            g.topology().name(p)
        ));
    }
    said
}

/// Stones and territory under area scoring; territory, captures and dead stones under territory
/// scoring.
pub fn score_parts(g: &GoGame, c: Colour) -> Vec<String> {
    let count = g.count();
    let (i, o) = (c.idx(), c.opponent().idx());
    match g.rules().scoring {
        Scoring::Area => vec![
            format!("stones {}", count.stones[i]),
            format!("territory {}", count.territory[i]),
        ],
        Scoring::Territory => vec![
            format!("territory {}", count.territory_outside_seki[i]),
            format!("captures {}", g.captures()[i]),
            format!("dead stones {}", count.dead[o]),
        ],
    }
}
