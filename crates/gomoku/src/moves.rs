//! Moves and the reasons a move is refused.

use crate::shapes::Foul;
use std::fmt;
use stones_core::{Colour, PlaceRefused, Point};

/// A gomoku move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on an empty point.
    Place(Point),
    /// No stone this turn (not during a restricted opening). Two passes in a row end the game in a draw.
    Pass,
    /// The side to move gives up; always legal while the game is on.
    Resign,
    /// The side to move has run out of time (the engine keeps no clock: whoever does says so with
    /// this move); always legal while the game is on.
    Timeout,
}

/// Why a move was refused. The Display text names the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Game over, off the board, or occupied: the refusals of every placement game.
    Place(PlaceRefused),
    /// Opening rule for move `number`: the stone must be on the centre point (`centre` names it or them).
    NotOnCentre { number: u32, centre: String },
    /// Opening rule for move `number`: the stone must be inside (or outside) the central `square`
    /// (`5x5`, `3x3`, or `6x6` on an even board).
    CentralSquare {
        number: u32,
        inside: bool,
        square: String,
    },
    /// No pass during the restricted opening; `number` is the move that was to be played.
    PassInOpening(u32),
    /// A forbidden shape (renju) for `colour`.
    Forbidden { foul: Foul, colour: Colour },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Place(refused) => refused.fmt(f),
            Illegal::NotOnCentre { number, centre } => {
                write!(f, "move {number} must be on {centre}")
            }
            Illegal::CentralSquare {
                number,
                inside,
                square,
            } => {
                let side = if *inside { "inside" } else { "outside" };
                write!(f, "move {number} must be {side} the central {square}")
            }
            Illegal::PassInOpening(number) => write!(
                f,
                "no pass during the first three moves (this is move {number})"
            ),
            Illegal::Forbidden { foul, colour } => {
                let name = match colour {
                    Colour::Black => "Black",
                    Colour::White => "White",
                };
                write!(f, "{foul} is forbidden for {name}")
            }
        }
    }
}

impl std::error::Error for Illegal {}
