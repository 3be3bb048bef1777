//! stones-connect6: Connect6 (I-Chen Wu, 2005) on boards from 6x6 to 26x26, 19x19 by default.
//!
//! Black's first move places one stone; every move after places two stones of the mover's colour on
//! two different empty points. Six or more in a row (along a line, a column or a diagonal) wins for
//! whoever made it, with either stone of the pair; a full board is a draw. There is no pass. When a
//! single empty point is left the move is that one stone.
//!
//! - [`Connect6`] implements [`stones_core::Game`]; the line scan is [`stones_core::rows`], the end,
//!   the turns and the pictures [`stones_core::placement`] (shared with Gomoku and Hex), the turn of
//!   two placements [`stones_core::turn`] (shared with TriGo).
//! - Moves are written `K10` (one stone) and `K10+L11` (two; `K10L11` is read too): see [`moves`] for the notation and
//!   [`sgf`] for game records.
//! - The search places a pair as two steps of the same player (see the `SearchGame` impl).
//!
//! ```
//! use stones_connect6::{Connect6, Connect6Illegal, Connect6Rules};
//! use stones_core::Game;
//!
//! let mut game = Connect6::new(Connect6Rules::default()).unwrap();
//! game.play(game.parse_move("K10").unwrap()).unwrap();
//! game.play(game.parse_move("L10 L11").unwrap()).unwrap();
//! let refused = game.play(game.parse_move("A1").unwrap());
//! assert_eq!(refused, Err(Connect6Illegal::TwoStonesNeeded));
//! ```

mod game;
pub mod moves;
mod rules;
mod search;
pub mod sgf;

pub use game::Connect6;
pub use moves::{Connect6Illegal, Connect6Move};
pub use rules::{Connect6Rules, SIZE_RANGE};

#[cfg(test)]
mod tests;
