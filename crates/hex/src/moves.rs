//! Moves and the reasons a move is refused.

use stones_core::Point;

/// A Hex move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on an empty cell.
    Place(Point),
    /// White's answer to Black's first stone under the swap rule (MoHex and HexGui's
    /// `swap-pieces`): that stone becomes White's, mirrored across the a1–k11 diagonal; Black moves.
    Swap,
    /// The side to move gives up; always legal while the game is on.
    Resign,
}

/// Why a move was refused. The Display text names the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("the game is over")]
    GameOver,
    #[error("point #{0} is not on this board")]
    OffBoard(u16),
    #[error("occupied: {0} already has a stone")]
    Occupied(String),
    #[error("no swap: the swap rule is off in this ruleset (swap = false)")]
    SwapOff,
    #[error(
        "swap is only White's first move, while Black's first stone is the only one on the board"
    )]
    SwapNotNow,
}
