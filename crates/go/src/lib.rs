//! stones-go: the rules of Go — captures, suicide, simple ko and superko, komi, fixed and free handicap,
//! passes, the dead-stone step, territory and area scoring; game records in SGF ([`sgf`]).
//!
//! [`board::ChainBoard`] and [`scoring`] hold the chain, liberty, capture and counting machinery, generic
//! over any [`stones_core::Topology`]; TriGo uses them too, with [`go_like::GoLike`] (the topology,
//! rules, position and undo log both games keep), [`position::Position`] (the board, dead marks and
//! small state), [`phase`] and [`undo`]'s records of what each move changed.

pub mod board;
pub mod game;
pub mod go_like;
pub mod handicap;
pub mod phase;
pub mod places;
pub mod position;
mod positions;
pub mod render;
pub mod rollout;
pub mod rules;
pub mod scoring;
pub mod search;
pub mod sgf;
pub mod talk;
pub mod undo;
pub mod words;

pub use board::ChainBoard;
pub use game::{GoGame, GoIllegal, GoMove};
pub use go_like::{GoLike, GoState};
pub use phase::{MoveClass, Phase, PhaseRefusal};
pub use places::{Places, Stones};
pub use position::Position;
pub use rules::{DeadStones, GoRules, Ko, Komi, Placement, Scoring};
pub use sgf::{GoRecord, GoSgfError};
pub use undo::{StoneChange, UndoLog};
