//! Moves and the reasons a move is refused.

use stones_core::Point;
use thiserror::Error;

/// A Dots move. There is no pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotsMove {
    /// Put a dot on a point.
    Put(Point),
    /// Say STOP (see [`crate::StopRule`]).
    Stop,
    /// Resign: the other player wins (`B+R` / `W+R`).
    Resign,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DotsIllegal {
    /// A dot is already on the point (named).
    #[error("occupied: {0} already has a stone")]
    Occupied(String),
    /// The point lies inside an enclosure; nobody may play there.
    #[error("inside an enclosure")]
    InsideEnclosure,
    /// A player's first move must lie in the central zone.
    #[error("outside the first-move zone ({zone})")]
    OutsideZone {
        /// The zone in words, e.g. `columns N–AB, rows 13–20`.
        zone: String,
    },
    /// The point does not exist on this field (a typed move built by hand).
    #[error("not a point of this field")]
    OffField,
    /// This player has said STOP; only the other one moves now.
    #[error("this player has said STOP and moves no more")]
    Stopped,
    /// The game has ended; no move is accepted.
    #[error("the game is over")]
    GameOver,
}
