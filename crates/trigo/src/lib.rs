//! stones-trigo: TriGo (Steve Metzger) — Go on a hexagon of points with six neighbours each, where
//! Black opens with one stone and every later move places two stones (or passes).
//!
//! Chains, captures and counting are Go's: [`stones_go::ChainBoard`] and [`stones_go::scoring`],
//! generic over the hexagonal [`stones_core::Topology`]. This crate adds the two-stone move and its
//! legality without trial play ([`legal`]), the ko rule, the rulesets and the hexagon picture.
//!
//! ```
//! use stones_core::{Game, RuleSet, Status};
//! use stones_trigo::{TrigoGame, TrigoIllegal, TrigoRules};
//!
//! let (rules, _) = TrigoRules::load(Some("teaching"), &[]).unwrap(); // side 5, 61 points
//! let mut game = TrigoGame::new(rules).unwrap();
//! game.play(game.parse_move("e5").unwrap()).unwrap(); // Black's opening: one stone
//! game.play(game.parse_move("d4+f6").unwrap()).unwrap(); // then two stones a move
//! let refused = game.play(game.parse_move("a1").unwrap());
//! assert_eq!(refused, Err(TrigoIllegal::TwoStonesNeeded));
//! game.play(game.parse_move("pass").unwrap()).unwrap();
//! game.play(game.parse_move("pass").unwrap()).unwrap();
//! assert!(matches!(game.status(), Status::Over(_)));
//! println!("{}", game.render(false));
//! ```
//!
//! Text moves: `a1+b2` (canonical; `a1 b2` and `a1,b2` are read too), `h8` for Black's one-stone
//! opening, `pass`, `resign`; with `dead_stones = "agree"`, after the two passes, `dead c3` (or just
//! `c3`) marks or unmarks a chain and `done` counts the game. Points are a letter for the line `x`
//! (a, b, …) and a number for the row (1 at the top); see [`render`] for the picture.

pub mod game;
pub mod legal;
pub mod moves;
pub mod render;
pub mod rules;
pub mod search;
pub mod talk;

pub use game::{TrigoGame, TrigoIllegal};
pub use moves::TrigoMove;
pub use rules::{DeadStones, TrigoRules};
