//! atari-go: the capture game, written with `stones new-game` outside the stones workspace. Go's
//! stones, chains and liberties on a small board (9 × 9 by default, any size from 3 to 25): Black
//! first, one stone a move, no pass; the first player to capture any stone wins; suicide (a stone
//! that leaves its own chain without a liberty and captures nothing) is refused; a player left with
//! no legal move loses.
//!
//! - [`AtariGo`] implements `stones_core::Game` (the rules) and `stones_core::SearchGame` (what
//!   the search needs) on stones-go's [`stones_go::ChainBoard`]; [`AtariGoRules`] is the ruleset,
//!   with its files in `rulesets/`.
//! - `src/main.rs` runs the whole `stones` command line with the built-in games and this one.

mod game;
mod rules;
mod search;

pub use game::{AtariGo, Refused};
pub use rules::AtariGoRules;
