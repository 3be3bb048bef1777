//! Where a Go-like game stands: play, the dead-stone step, or over (shared by Go and TriGo).

use crate::rules::DeadStones;
use stones_core::{Colour, Outcome, Score, Status};

/// The stage of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Moves are being played.
    Play,
    /// After the closing passes: dead chains are being marked.
    Scoring,
    /// This player resigned.
    Resigned(Colour),
    /// Play and marking are over; the board is counted.
    Counted,
}

impl Phase {
    /// The phase the closing passes lead to.
    pub fn after_passes(dead_stones: DeadStones) -> Phase {
        match dead_stones {
            DeadStones::Agree => Phase::Scoring,
            DeadStones::None => Phase::Counted,
        }
    }

    /// True once the game is over (resigned or counted).
    pub fn is_over(self) -> bool {
        matches!(self, Phase::Resigned(_) | Phase::Counted)
    }

    /// The status this phase gives; `score` is computed only for a counted game.
    pub fn status(self, score: impl FnOnce() -> Score) -> Status {
        match self {
            Phase::Play => Status::Ongoing,
            Phase::Scoring => Status::Scoring,
            Phase::Resigned(loser) => Status::Over(Outcome::resignation(loser)),
            Phase::Counted => Status::Over(Outcome::from_score(&score())),
        }
    }
}
