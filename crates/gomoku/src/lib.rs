//! stones-gomoku: gomoku (five in a row) on boards from 5x5 to 26x26.
//!
//! - [`Gomoku`] implements [`stones_core::Game`] under [`GomokuRules`]: the seed's `standard` rules
//!   (exactly five wins, opening restrictions), `freestyle` and `renju` (forbidden shapes for Black).
//! - [`player`] is a simple one-ply player (win, block, extend) that never plays an illegal move.
//! - The search's knowledge (`search.rs`): a threat-space solver (`threats.rs`: VCF and VCT for both
//!   sides) before the tree search, tactical candidate moves and shape priors in the tree.
//! - [`gomocup::run_brain`] speaks the Piskvork/Gomocup brain protocol with that player.
//! - [`bench::random_games`] measures random games per second for `stones bench gomoku`.

pub mod bench;
mod game;
pub mod gomocup;
mod layout;
mod line_codes;
mod line_threats;
mod moves;
pub mod player;
mod render;
mod rules;
mod search;
pub mod sgf;
mod shapes;
mod talk;
#[cfg(test)]
mod testing;
mod threats;

pub use game::Gomoku;
pub use moves::{Illegal, Move};
pub use rules::{GomokuRules, Opening, Overline, BUILTIN, SIZE_RANGE};
pub use shapes::Foul;
