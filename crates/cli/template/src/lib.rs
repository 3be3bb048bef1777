//! __NAME__: a game for stones, written by `stones new-game`. As written it is k in a row on a
//! square board — Black first, one stone a move, no pass, the first row of `k` wins, a full board
//! is a draw — to be edited into your own game.
//!
//! - [`__TYPE__`] implements `stones_core::Game` (the rules) and `stones_core::SearchGame` (what
//!   the search needs); [`__TYPE__Rules`] is the ruleset, with its files in `rulesets/`.
//! - `src/main.rs` runs the whole `stones` command line with the built-in games and this one.
//! - With the `python` feature, the Python module `__CRATE__` (`pip install .`):
//!   `__CRATE__.load_game("__NAME__")`, OpenSpiel's names, `VecEnv`, `mcts`.

mod game;
mod rules;

pub use game::__TYPE__;
pub use rules::__TYPE__Rules;

// The Python module, for `pip install .` (pyproject.toml asks for the feature).
#[cfg(feature = "python")]
stones_python::game_module!(__CRATE__, __TYPE__);
