//! stones-core: what every stones game shares — topologies, points, colours, the [`Game`] trait,
//! rulesets, notation, Zobrist keys and errors.
//!
//! A game of stones is a crate that depends on stones-core and implements two traits: [`Game`],
//! the rules, and [`SearchGame`], what the search of stones-ai needs. With them it gets the
//! terminal, GTP, matches, the web page, the search AI, text and SVG pictures, case-file
//! snapshots and a random-game test of its rules. This page explains the model; [a whole tiny
//! game](#a-whole-game) closes it. The guide in the repository (`crates/README.md`) walks through
//! writing one.
//!
//! # The board: topology and points
//!
//! A [`Topology`] is the board's geometry, built once per game (and shared behind an `Arc` by
//! the copies a search makes): a square grid whose points touch 4 or 8 neighbours
//! ([`Topology::square`] with [`Adjacency`]), a hexagon of points ([`Topology::hex`]) or a
//! rhombus of hexagonal cells ([`Topology::rhombus`]).
//!
//! A [`Point`] is a dense index, `0..topology.len()`, top row first. A position is therefore a
//! flat array indexed by [`Point::idx`], and the neighbours of every point are precomputed
//! tables ([`Topology::neighbours`], and [`Topology::neighbours_padded`] for loops without
//! bounds tests), so hot loops never allocate or compute geometry. The topology also holds
//! coordinates ([`Topology::xy`], [`Topology::at`]), the notation players type and read
//! ([`Topology::name`], [`Topology::parse_point`]: `D4` on a square, `a1` on hexagonal boards)
//! and Zobrist keys for hashing ([`Topology::key`], [`Topology::side_key`]).
//!
//! ```
//! use stones_core::{Adjacency, Point, Topology};
//!
//! let topo = Topology::square(9, 9, Adjacency::Orthogonal);
//! assert_eq!(topo.len(), 81);
//! let corner = topo.parse_point("a1")?;
//! assert_eq!((topo.name(corner), topo.xy(corner)), ("A1".to_string(), (0, 8)));
//! assert_eq!(topo.neighbours(corner), &[63, 73]); // A2 and B1, as indices
//! assert_eq!(topo.name(Point(0)), "A9"); // index 0 is the top left
//! # Ok::<(), stones_core::CoordError>(())
//! ```
//!
//! The two players are [`Colour::Black`] (who moves first unless the rules say otherwise) and
//! [`Colour::White`]; a point holds `Option<Colour>`.
//!
//! # The rules: [`Game`]
//!
//! [`Game`] is the contract every game keeps: its typed move ([`Game::Move`]), its ruleset
//! ([`Game::Rules`]) and its refusals ([`Game::Illegal`], whose text says why). A move is
//! played in one of three tiers:
//!
//! 1. [`Game::check`] says whether a move is legal now, and why not. It changes nothing.
//! 2. [`Game::play`] checks and plays: the path for anything from outside (a person, GTP, a
//!    file). A refused move changes nothing, and [`Game::undo`] takes a move back exactly.
//!    [`play_checked`] writes `play` from `check` and the unchecked path.
//! 3. The unchecked fast path, for the search and playouts, where the move is known to be legal
//!    ([`SearchGame::play_fast`]): no check, and no undo record where the game can do without
//!    (Go, TriGo and Dots keep none there).
//!
//! Where a game stands is its [`Status`]: [`Status::Ongoing`], [`Status::Scoring`] (Go's
//! agreement on dead stones) or [`Status::Over`] with an [`Outcome`] (the winner and a result
//! such as `B+3.5`, `W+R`, `Draw`). [`Game::score`] counts the points as if the game ended now
//! ([`Score`]). Moves have a text form ([`Game::parse_move`], [`Game::move_text`]) that
//! round-trips. Every item that front ends alone need (help text, notes on a move, SGF, sizes
//! for the web page) has a default, so a new game writes its rules and little else.
//!
//! # The search: [`SearchGame`]
//!
//! The search (stones-ai's MCTS) never names a game; it calls [`SearchGame`]. It grows its tree
//! one *step* per level: for most games a step is a whole move, for a game whose move is several
//! placements (TriGo's and Connect6's pairs) it is one placement, and the same player takes the
//! next step. A game lists the steps ([`SearchGame::steps`]), names the move once a turn is
//! whole ([`SearchGame::complete`]), plays it on the fast path ([`SearchGame::play_fast`]) and
//! says which point a step fills ([`SearchGame::step_point`], for AMAF statistics).
//!
//! Everything else is optional knowledge with a default that is correct without it:
//! [`SearchGame::prior`] (virtual wins before the first visit), [`SearchGame::rollout`] (the
//! playout policy, recording its stones in a [`Trail`]) and [`SearchGame::presearch`] (a
//! solver's word before the tree search: a [`Presearch::Win`] to play at once, or
//! [`Presearch::Only`] the steps worth searching). The macros [`move_steps!`] and
//! [`placement_steps!`] write the common cases in a line each.
//!
//! # Rulesets: [`RuleSet`]
//!
//! A game's rules are a typed serde struct ([`Game::Rules`]) that implements [`RuleSet`]: its
//! game's name ([`RuleSet::GAME`]), its named rulesets ([`RuleSet::BUILTIN`], TOML files
//! compiled in by [`builtin_rulesets!`]; the first is the default and equals `Default`) and
//! the checks serde cannot make ([`RuleSet::validate`], in the words of [`rules::check_key`]).
//! [`RuleSet::load`] finds a ruleset by name or by the path of a `.toml` file and applies
//! `key=value` overrides: the CLI's `--set size=13` and a case file's `[set]` table. An unknown
//! key, a bad value or a bad file is an error ([`RulesError`]) that names the file, the key and
//! what is allowed, with no code of the game's. [`contract::check_rulesets`] tests a game's
//! builtins.
//!
//! # Case files and snapshot tests
//!
//! A case file ([`case_file::CaseFile`], TOML) is one rule edge case: the game, a ruleset,
//! `[set]` overrides, an optional `[setup]` board drawn in `x`, `o` and `.` (read by
//! [`board_text::parse_board`] and played from by [`Game::set_position`]), and the moves. The
//! CLI's `stones replay` turns it into a transcript (each move accepted or refused with its
//! reason, the board, the captures, the score), and the snapshot tests compare that transcript
//! with one a person has read: [`replay`] writes the transcript, and [`case_snapshots!`] is a
//! game crate's whole snapshot test (its `tests/cases/*.case` against `tests/snapshots/`). A
//! game's own tests read a case into the typed game with [`contract::read_case`] (from
//! [`cases_dir!`]), and play moves by their text with [`contract::play_text`] and
//! [`contract::play_said`]. [`contract::check_game`] is its whole random-game contract test.
//!
//! # The random-game contract: [`contract`]
//!
//! [`contract::check_random_games`] plays random games and, at every step, checks what every
//! game must keep: a clone equals the original (so the game type is `PartialEq`), every listed
//! move passes `check` and every refused one is absent, move texts round-trip, play then undo
//! restores the state and the hash exactly, and the score equals a recount
//! ([`Game::recount`]). Every registered game runs it under each builtin ruleset at each of its
//! [`Game::TEST_SIZES`], so each of those sizes must pass `validate` under each builtin.
//!
//! # Pictures: text and SVG
//!
//! A game draws nothing itself. [`Game::render`] (the text picture, with coordinates and
//! optional ANSI colours: [`text_render`]) and [`Game::svg`] (an SVG picture whose points a web
//! page can click: [`svg`]) draw any topology from [`Game::stone`]; a game adds only its
//! [`Game::decorations`] (the last move, a winning row, dead stones, territory).
//!
//! # Pieces to reuse
//!
//! [`placement`] (the games whose moves put stones and take none: how a game ended, whose turn
//! it is with the moves to undo, the playout loop), [`row_board`] and [`rows`] (n in a row, and
//! Pente's captures), [`logged_board`] (moves that change other stones),
//! [`turn`] (moves of several placements), [`talk`] (what front ends say about a move),
//! [`sgf`] and [`sgf_record`] (SGF records), [`Rng`] (deterministic random numbers), and
//! [`clone_in_place!`] (copies a search refreshes without allocating).
//!
//! # A whole game
//!
//! `row` stones in a row on a `size` × `size` board, tic-tac-toe by default: its rules, its
//! move, its state, `impl RuleSet`, `impl Game` and `impl SearchGame`, then a few lines that
//! play it. It is a doctest, compiled and run by `cargo test --doc -p stones-core`.
//!
//! ```
#![doc = include_str!("../doc/row_game.rs")]
//!
//! impl stones_core::SearchGame for Row {
//!     // A step is a whole move, and the steps are the legal moves.
//!     stones_core::move_steps!();
//!     // `play_fast` is `play_unchecked`, and a step puts a stone through `RowMove::Place`.
//!     stones_core::placement_steps!(RowMove::Place);
//! }
//!
//! // The default ruleset is the first builtin; `--set row=4` would be an override.
//! let (rules, name) = RowRules::load(None, &[])?;
//! assert_eq!((name.as_str(), &rules), ("standard", &RowRules::default()));
//! let refused = RowRules::load(Some("four"), &["size=3".to_string()]).unwrap_err();
//! let why = "key `row` is 4 but must be from 2 to the size";
//! assert_eq!(refused.to_string(), format!("ruleset four (with overrides of size): {why}"));
//!
//! // Moves by their text, as front ends play them; a refusal says why.
//! let mut game = Row::new(rules)?;
//! for text in ["a1", "b1", "a2", "b2"] {
//!     game.play(game.parse_move(text)?)?;
//! }
//! let occupied = game.play(game.parse_move("b2")?).unwrap_err();
//! assert_eq!(occupied.to_string(), "occupied: B2 already has a stone");
//! game.play(game.parse_move("a3")?)?;
//! assert_eq!(game.status(), Status::Over(stones_core::Outcome::win(Colour::Black, "")));
//! assert!(game.undo() && game.status() == Status::Ongoing);
//!
//! // The search's view: the steps it may try, and a random playout to the end.
//! use stones_core::SearchGame;
//! let mut steps = Vec::new();
//! game.steps(&[], &mut steps);
//! assert_eq!(steps.len(), 5);
//! let mut playout = game.search_copy();
//! let mut trail = stones_core::Trail::new(playout.topology().len());
//! playout.rollout(&mut stones_core::Rng::new(1), 100, &mut trail);
//! assert!(matches!(playout.status(), Status::Over(_)));
//!
//! // The pictures, drawn by stones-core from the stones and the decorations (the last stone).
//! let picture = ["    A B C", "  3 . . . 3", "  2 X(O). 2", "  1 X O . 1", "    A B C", ""];
//! assert_eq!(game.render(false), picture.join("\n"));
//! assert!(game.svg().contains(r#"data-point="A1""#));
//!
//! // The tests every game runs: its builtin rulesets, and the contract on random games.
//! stones_core::contract::check_rulesets::<RowRules>("standard")?;
//! stones_core::contract::check_random_games(&game, 7, 50, 20)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod alloc_meter;
pub mod board_text;
pub mod case_file;
pub mod colour;
pub mod contract;
pub mod error;
pub mod game;
pub mod input;
pub mod logged_board;
pub mod move_predictor;
pub mod paint;
pub mod placement;
pub mod plot;
pub mod point_move;
pub mod refresh;
pub mod replay;
pub mod row_board;
pub mod rows;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod sgf_record;
pub mod sgf_result;
pub mod svg;
pub mod talk;
pub mod text_render;
pub mod topology;
pub mod turn;
pub mod zobrist;

pub use colour::Colour;
pub use error::{CoordError, MoveSyntaxError, PlaceRefused, RulesError, SetupError};
pub use game::{fmt_points, move_cap, play_checked, random_legal, Game, Outcome, Score, Status};
pub use point_move::PointMove;
pub use rules::{BoardSize, Builtin, RuleSet};
pub use search::{Presearch, SearchGame, Trail};
pub use svg::{Decorations, Look, Mark};
pub use topology::{
    column_label, column_label_row, parse_column, Adjacency, Point, Shape, Topology,
};
pub use zobrist::Rng;
