//! stones-dots: the Dots (enclosure) game on a square field.
//!
//! Players put dots in turn; live dots of one colour link in all eight directions, and a closed chain
//! of them around live enemy dots captures those dots and the whole area inside (an *enclosure*:
//! nobody may play there again). A closed chain around no enemy dot leaves a *free area* (base); an
//! enemy dot put there is captured by it, at once or at the owner's next move
//! ([`CaptureTiming`]), unless that dot itself encloses something. Score = enemy dots inside one's
//! enclosures (plus, under [`StopRule::Grounding`], the stopper's dots cut off from the edge). The
//! working rules are `shared/rules/dots.md`; the variants are the keys of [`DotsRules`], and the named
//! rulesets are `rulesets/*.toml` (`official` — the default —, `cross`, `grounding`,
//! `extra-move`).
//!
//! # For the command line
//! - [`DotsGame`] implements [`stones_core::Game`] (`NAME = "dots"`, rules [`DotsRules`], moves
//!   [`DotsMove`], refusals [`DotsIllegal`]); `Game::playout` and [`random_playout`] use the unchecked
//!   fast path ([`DotsGame::play_unchecked`] + `Game::random_move`, O(1) and allocation-free).
//! - Text moves: `N13` (column letters without I, rows from the bottom), the SGF form `mt`, `stop`,
//!   `resign`. There is no pass.
//! - `stones bench dots`: [`bench_random_games`] (random full-field games, timed).
//! - Records (syntax from [`stones_core::sgf`]): [`sgf::parse`] or [`sgf::from_main_line`] into an
//!   [`sgf::SgfRecord`]; [`sgf::replay`] in one go (the first refused move is an error), or step by step
//!   with [`sgf::SgfRecord::start`] and [`sgf::play_move`] (moves played for the colour the record
//!   names, a refused move reported and skipped; written chains checked and reported as warnings);
//!   [`sgf::write`] (with capture chains).
//! - Setups: every dot of `Game::set_position` is live; enclosures and free areas form only through
//!   moves, and a player with dots in the setup is past its first move (no first-move zone).

mod cell;
mod enclosure;
mod game;
mod geometry;
mod moves;
mod play;
mod playout;
pub mod render;
mod rules;
mod scratch;
mod search;
pub mod sgf;
mod state;
mod talk;
mod view;

pub use moves::{DotsIllegal, DotsMove};
pub use playout::{bench_random_games, random_playout, BenchResult, PlayoutResult};
pub use rules::{CaptureTiming, DotsRules, Start, StopRule};
pub use state::{DotsGame, End, Frame};
