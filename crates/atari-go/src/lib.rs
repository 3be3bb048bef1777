//! atari-go: a game for stones, written by `stones new-game`. As written it is k in a row on a
//! square board — Black first, one stone a move, no pass, the first row of `k` wins, a full board
//! is a draw — to be edited into your own game.
//!
//! - [`AtariGo`] implements `stones_core::Game` (the rules) and `stones_core::SearchGame` (what
//!   the search needs); [`AtariGoRules`] is the ruleset, with its files in `rulesets/`.
//! - `src/main.rs` runs the whole `stones` command line with the built-in games and this one.

mod game;
mod rules;

pub use game::AtariGo;
pub use rules::AtariGoRules;
