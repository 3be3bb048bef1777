//! SGF records of Dots (`GM[40]`, the Kropki flavour): read, replay and write.
//!
//! The SGF syntax itself (game trees, nodes, escapes, the main line, writing nodes back) is
//! [`stones_core::sgf`]; this module reads and writes what is particular to Dots:
//! `SZ[39:32]` is width:height (`SZ[30]` a square field); points are two letters, `a`–`z` then
//! `A`–`Z`, x then y from the top left; `AB`/`AW` in the root node give start dots; a move may carry
//! capture chains after dots (`W[Aw.zvywzxAwzv]`); a STOP is an empty move, `B[]` or `W[]` (see
//! [`write()`] for why), read and written alike. Chains are checked against the engine's own
//! enclosures, never trusted: a chain whose inside differs from the engine's enclosure is reported as a
//! warning, and the score always comes from the engine. Broken files give an [`SgfError`], never a panic.

mod chains;
mod read;
mod replay;
mod write;

pub use chains::{enclosure_rings, last_chains};
pub use read::{from_main_line, parse};
pub use replay::{play_move, replay, Replay};
pub use write::write;

use stones_core::{Colour, Point, Topology};
use thiserror::Error;

/// Why a record could not be read, replayed or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The text is not well-formed SGF (where, and what was expected there).
    #[error(transparent)]
    Syntax(#[from] stones_core::sgf::SgfError),
    /// Well-formed SGF that is not a Dots record this engine can play.
    #[error("SGF: {0}")]
    Unsupported(String),
    /// A move of the record is malformed or refused by the rules.
    #[error("SGF move {number} ({text}): {why}")]
    BadMove {
        number: usize,
        text: String,
        why: String,
    },
    /// A node that cannot be read, and where it starts.
    #[error("node at byte {offset}: {error}")]
    InNode { offset: usize, error: Box<SgfError> },
}

/// A move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfMove {
    pub colour: Colour,
    /// `(x, y)` from the top left; `None` for STOP (an empty value, `B[]`).
    pub at: Option<(u16, u16)>,
    /// The capture chains written after the move, each a list of `(x, y)`.
    pub chains: Vec<Vec<(u16, u16)>>,
    /// The property value as written (`el.elekfj…`).
    pub text: String,
}

impl SgfMove {
    /// The move's name on `topo`: a point name, `stop`, or the value as written when off the field.
    pub fn name(&self, topo: &Topology) -> String {
        match self.at {
            None => "stop".to_string(),
            Some((x, y)) => topo
                .at(x as i32, y as i32)
                .map_or_else(|| self.text.clone(), |p| topo.name(p)),
        }
    }
}

/// A Dots record: field size, start dots, moves, result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfRecord {
    pub width: u16,
    pub height: u16,
    /// Start dots from `AB`/`AW`, as `(colour, (x, y))`, each point once.
    pub setup: Vec<(Colour, (u16, u16))>,
    pub moves: Vec<SgfMove>,
    /// `RE[]`, if given.
    pub result: Option<String>,
}

pub use stones_core::sgf::{coord_index, coord_letter};

/// The point named by two SGF letters on `topo`, if on the field.
pub fn sgf_point(topo: &Topology, a: u8, b: u8) -> Option<Point> {
    topo.at(coord_index(a)? as i32, coord_index(b)? as i32)
}

/// The SGF name of `p` (two letters), if the field is small enough.
pub fn point_name(topo: &Topology, p: Point) -> Option<String> {
    let (x, y) = topo.xy(p);
    Some(format!("{}{}", coord_letter(x)?, coord_letter(y)?))
}
