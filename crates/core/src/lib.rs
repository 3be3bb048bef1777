//! stones-core: what every stones game shares — topologies, points, colours, the [`Game`] trait,
//! rulesets, notation, Zobrist keys and errors.

pub mod alloc_meter;
pub mod board_text;
pub mod case_file;
pub mod colour;
pub mod contract;
pub mod error;
pub mod game;
pub mod input;
pub mod paint;
pub mod placement;
pub mod refresh;
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
pub use rules::{BoardSize, Builtin, RuleSet};
pub use search::{Presearch, SearchGame, Trail};
pub use svg::{Decorations, Look, Mark};
pub use topology::{
    column_label, column_label_row, parse_column, Adjacency, Point, Shape, Topology,
};
pub use zobrist::Rng;
