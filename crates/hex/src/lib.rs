//! stones-hex: Hex on a rhombus of hexagonal cells, 2 to 26 a side (11x11 by default).
//!
//! - [`HexGame`] implements [`stones_core::Game`] under [`HexRules`]: Black joins the top and
//!   bottom rows, White the left and right columns, as HexGui draws the board. A full board always has
//!   exactly one winner, so there is no draw and no pass.
//! - The swap rule (`swap = true`, the default as in tournaments): White's first move may be
//!   [`Move::Swap`], written `swap-pieces` as MoHex and HexGui write it (`swap` is read too). It is
//!   HexGui's *swap-pieces*, not *swap-sides*: Black's stone is taken off and a White stone put on
//!   its mirror cell across the a1–k11 diagonal, the players keep their colours and Black moves
//!   next. (Swap-sides would leave the stone and swap the players' colours instead; with colours
//!   tied to players, swap-pieces is the same game.)
//! - Notation as HexGui and MoHex: `a1` is the top-left cell, letters for columns, numbers for rows
//!   from the top; `resign`. [`sgf`] writes HexGui's `GM[11]` records.
//! - [`stones_core::SearchGame`]: a playout fills the board at random and reads the winner once.

mod game;
mod moves;
mod render;
mod rules;
mod search;
pub mod sgf;
mod talk;

pub use game::HexGame;
pub use moves::{Illegal, Move};
pub use rules::{HexRules, BUILTIN, SIZE_RANGE};
