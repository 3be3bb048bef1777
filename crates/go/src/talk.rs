//! What the front ends say about a Go game: its help, what a move did, how the points are made. The
//! clauses Go and TriGo word the same (the end of play, a pass, the captures, a territory count) are
//! here for both.

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
        "a move is {}; or `pass`, or `resign`.\n{}\nnow: {}\n",
        g.topology().describe_notation(),
        end_of_play(passes),
        g.moves_text()
    )
}

/// How play ends after `passes` (`two`, `three`) passes in a row, and the dead-stone step after it.
pub fn end_of_play(passes: &str) -> String {
    format!(
        "{passes} passes in a row end play; then each player names stones to mark their chains dead \
         (again to unmark) and says `done` (or `accept` after the other's `done`)."
    )
}

/// A pass and how many more end play, the captures, the ko point.
pub fn move_notes(g: &GoGame, mover: Colour, mv: GoMove, before: [u32; 2]) -> Vec<String> {
    let mut said = play_notes(g, mover, mv == GoMove::Pass, g.passes(), before);
    if let Some(p) = g.ko_point() {
        said.push(format!(
            "ko: {} may not take back at once at {}",
            g.to_move().title(),
            g.topology().name(p)
        ));
    }
    said
}

/// What `mover`'s move did in `g`: when it `passed`, the pass and how many more end play (`passes`
/// is the passes in a row and how many end play), then the captures since `before`.
pub fn play_notes<G: Game>(
    g: &G,
    mover: Colour,
    passed: bool,
    passes: (u8, u8),
    before: [u32; 2],
) -> Vec<String> {
    let mut said = Vec::new();
    if passed {
        let ongoing = g.status() == Status::Ongoing;
        said.push(pass_said(mover, passes.0.into(), passes.1.into(), ongoing));
    }
    said.extend(captures_said(mover, before, g.captures()));
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
        Scoring::Territory => territory_parts(
            count.territory_outside_seki[i],
            g.captures()[i],
            count.dead[o],
        ),
    }
}

/// The parts of a territory count: territory, stones captured in play, the opponent's dead stones.
pub fn territory_parts(territory: u32, captures: u32, dead: u32) -> Vec<String> {
    vec![
        format!("territory {territory}"),
        format!("captures {captures}"),
        format!("dead stones {dead}"),
    ]
}
