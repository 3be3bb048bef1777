//! Connect6 moves: typed form, the reasons a move is refused, and the text form.
//!
//! Text: a point is named as on every square board of stones, column letter (no I) and row number
//! from the bottom (`K10`, the centre of 19x19). A two-stone move is written as TriGo writes its
//! pairs, `K10+L11` (so every front end reads a pair the same way); the glued `K10L11` of Little
//! Golem's records (`j9l11`, see [`crate::sgf`]) and of the Connect6 programs' protocol (ICGA
//! olympiad, two letters a point: `KJLK`) is read too, and so are `K10 L11` and `K10,L11`, in any
//! case. Black's first move is one point: `K10`. Both orders of a pair are the same move; the
//! canonical text names the point with the lower index (the upper one on the board) first. There is
//! no pass; `resign` gives up.

use stones_core::turn::{self, Placements};
use stones_core::{PlaceRefused, Point};
use thiserror::Error;

/// Stones per turn: one on Black's first move, two on every move after.
pub const TURN: Placements = Placements::ONE_THEN_TWO;

/// A Connect6 move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connect6Move {
    /// One stone: Black's first move, or the last empty point of the board.
    One(Point),
    /// Two stones on two different empty points; canonical (lower index first) when built by
    /// [`Connect6Move::two`].
    Two(Point, Point),
    /// The player to move gives up; always legal while the game is on.
    Resign,
}

impl Connect6Move {
    /// The two-stone move on `a` and `b`, in canonical order.
    pub fn two(a: Point, b: Point) -> Connect6Move {
        let (a, b) = turn::ordered(a, b);
        Connect6Move::Two(a, b)
    }

    /// The points the move puts stones on.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let (a, b) = match self {
            Connect6Move::One(p) => (Some(p), None),
            Connect6Move::Two(p, q) => (Some(p), Some(q)),
            Connect6Move::Resign => (None, None),
        };
        a.into_iter().chain(b)
    }
}

/// Why a Connect6 move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Connect6Illegal {
    /// Game over, off the board, or occupied: the refusals of every placement game.
    #[error(transparent)]
    Place(#[from] PlaceRefused),
    #[error("same point twice: both stones on {0}; the two stones of a move go on two different empty points")]
    SamePoint(String),
    #[error("one stone: only Black's first move (or the board's last empty point) places a single stone; now place two, such as C3+D4")]
    TwoStonesNeeded,
    #[error("two stones: Black's first move places a single stone (e.g. {0})")]
    OneStoneOpening(String),
}
