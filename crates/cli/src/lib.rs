//! stones-cli: the `stones` front door — games by name, interactive play, replays and case files,
//! benchmarks, and the protocol adapters. The site behind `stones serve` is `stones-server`'s, given
//! with [`Stones::site`].

pub mod analysis;
pub mod bench;
pub mod case;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod gtp_any;
pub mod help;
pub mod legal_view;
pub mod lines;
pub mod marking;
pub mod matches;
pub mod narrate;
pub mod new_game;
pub mod openings;
pub mod oppai;
pub mod output;
pub mod play;
pub mod player;
pub mod process_group;
pub mod referee;
pub mod registry;
pub mod save;
pub mod sgf_replay;
pub mod site;
pub mod sprt;
pub mod stones;
pub mod text_game;
pub mod tournament;

pub use registry::GameKind;
pub use stones::Stones;
pub use stones_core::replay::Replay;
pub use text_game::{AnyGame, PlayError, TextGame};
