//! Where a Go-like game stands: play, the dead-stone step, or over (shared by Go and TriGo).

use crate::board::ChainBoard;
use crate::rules::DeadStones;
use stones_core::{Colour, Outcome, Point, Score, Status, Topology};
use thiserror::Error;

/// Why a move does not fit the stage the game is in (shared by Go and TriGo).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PhaseRefusal {
    #[error("play has ended: mark dead chains by naming one of their stones, then `done`")]
    PlayEnded,
    #[error("no stone on {0} to mark as dead")]
    NothingToMark(String),
    #[error(
        "dead stones are marked only after the closing passes, under `dead_stones = \"agree\"`"
    )]
    NotScoring,
    #[error("the game is over")]
    GameOver,
}

/// A move as the stages see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveClass {
    /// Stones or a pass.
    Play,
    /// Resignation, allowed until the end.
    Resign,
    /// Marking the chain through a stone dead (or alive again).
    Mark(Point),
    /// Agreeing on the marks.
    Done,
}

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

    /// Counts a pass in `passes` (the passes in a row); the `end`-th in a row stops play.
    pub fn pass(&mut self, passes: &mut u8, end: u8, dead_stones: DeadStones) {
        *passes += 1;
        if *passes >= end {
            *self = Phase::after_passes(dead_stones);
        }
    }

    /// Back to play after the closing passes, `passes` restarting from 0; false, changing nothing,
    /// when play is on or a player resigned. The caller clears the dead marks.
    pub fn resume(&mut self, passes: &mut u8) -> bool {
        match self {
            Phase::Play | Phase::Resigned(_) => false,
            Phase::Scoring | Phase::Counted => {
                *self = Phase::Play;
                *passes = 0;
                true
            }
        }
    }

    /// True once the game is over (resigned or counted).
    pub fn is_over(self) -> bool {
        matches!(self, Phase::Resigned(_) | Phase::Counted)
    }

    /// Whether a move of this class fits the stage: stones and passes only in play, marks and `done`
    /// only in the dead-stone step (a mark on a stone), nothing once the game is over. The game's own
    /// rules decide the rest.
    pub fn admits(
        self,
        mv: MoveClass,
        board: &ChainBoard,
        topo: &Topology,
    ) -> Result<(), PhaseRefusal> {
        match (self, mv) {
            (Phase::Resigned(_) | Phase::Counted, _) => Err(PhaseRefusal::GameOver),
            (Phase::Scoring, MoveClass::Play) => Err(PhaseRefusal::PlayEnded),
            (Phase::Play, MoveClass::Mark(_) | MoveClass::Done) => Err(PhaseRefusal::NotScoring),
            (_, MoveClass::Mark(p)) if board.get(p).is_none() => {
                Err(PhaseRefusal::NothingToMark(topo.name(p)))
            }
            _ => Ok(()),
        }
    }

    /// The moves the dead-stone step offers, added to `out`: a mark on every stone (`mark` makes the
    /// game's move of a point), then `done`.
    pub fn marking_moves<M>(
        board: &ChainBoard,
        topo: &Topology,
        mark: fn(Point) -> M,
        done: M,
        out: &mut Vec<M>,
    ) {
        out.extend(board.stones(topo).map(mark));
        out.push(done);
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
