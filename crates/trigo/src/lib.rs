//! stones-trigo: TriGo (Steve Metzger) — Go on a hexagon of points with six neighbours each, where
//! Black opens with one stone and every later move places two stones (or passes).
//!
//! Chains, captures and counting are Go's: [`stones_go::ChainBoard`] and [`stones_go::scoring`],
//! generic over the hexagonal [`stones_core::Topology`]. This crate adds the two-stone move, its
//! legality without trial play ([`legal`]), the ko rule, the rulesets and the hexagon picture.

pub mod game;
pub mod legal;
pub mod moves;
pub mod render;
pub mod rules;

pub use game::{TrigoGame, TrigoIllegal};
pub use moves::TrigoMove;
pub use rules::{DeadStones, TrigoRules};
