//! stones-hex: Hex on a rhombus of hexagons, 2 to 26 a side, as HexGui draws and names it (`a1`
//! top left). Black joins top and bottom, White left and right; a full board has one winner. The
//! swap is HexGui's and MoHex's `swap-pieces`, not HexGui's `swap-sides`: Black's first stone turns
//! White on its mirror cell across the a1 diagonal and Black moves (swap-sides swaps the players).

mod around;
mod game;
mod inferior;
mod must_play;
mod rules;
mod search;
pub mod shapes;

pub use game::HexGame;
pub use rules::{HexRules, SIZE_RANGE};
use stones_core::{PlaceRefused, Point};

/// A Hex move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on an empty cell.
    Place(Point),
    /// White's answer to Black's first stone under the swap rule (swap-pieces).
    Swap,
    /// The side to move gives up; always legal while the game is on.
    Resign,
}

/// Why a move was refused; the text names the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Game over, off the board, or occupied: the refusals of every placement game.
    #[error(transparent)]
    Place(#[from] PlaceRefused),
    #[error("no swap: the swap rule is off in this ruleset (swap = false)")]
    SwapOff,
    #[error("swap is only White's first move, while Black's first stone is alone on the board")]
    SwapNotNow,
}
