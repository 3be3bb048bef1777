//! SGF records of Dots (`GM[40]`, the Kropki flavour): read, replay and write.
//!
//! `SZ[39:32]` is width:height (`SZ[30]` a square field); points are two letters, `a`–`z` then
//! `A`–`Z`, x then y from the top left; `AB`/`AW` in the root node give start dots; a move may carry
//! capture chains after dots (`W[Aw.zvywzxAwzv]`). Chains are checked against the engine's own
//! enclosures, never trusted: a chain whose inside differs from the engine's enclosure is reported as a
//! warning, and the score always comes from the engine. Broken files give an [`SgfError`], never a panic.

mod chains;
mod syntax;
mod write;

pub use chains::last_chains;
pub use syntax::parse_nodes;
pub use write::write;

use crate::moves::DotsMove;
use crate::rules::{DotsRules, Start};
use crate::state::DotsGame;
use chains::check_chains;
use stones_core::{BoardSize, Colour, Game, Point, Topology};
use thiserror::Error;

/// Why a record could not be read, replayed or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The text is not well-formed SGF.
    #[error("SGF syntax error at byte {at}: {why}")]
    Syntax { at: usize, why: String },
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
}

/// One SGF node: its properties in order, each with its values.
pub type Node = Vec<(String, Vec<String>)>;

/// A move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfMove {
    pub colour: Colour,
    /// `(x, y)` from the top left.
    pub at: (u16, u16),
    /// The capture chains written after the move, each a list of `(x, y)`.
    pub chains: Vec<Vec<(u16, u16)>>,
    /// The property value as written (`el.elekfj…`).
    pub text: String,
}

/// A Dots record: field size, start dots, moves, result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfRecord {
    pub width: u16,
    pub height: u16,
    /// Start dots from `AB`/`AW`, as `(colour, (x, y))`.
    pub setup: Vec<(Colour, (u16, u16))>,
    pub moves: Vec<SgfMove>,
    /// `RE[]`, if given.
    pub result: Option<String>,
}

/// A replayed record: the game after the last move, and what did not match.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: DotsGame,
    /// One line per capture chain whose inside differs from the engine's enclosure.
    pub warnings: Vec<String>,
}

/// The index of an SGF coordinate letter: `a`–`z` are 0–25, `A`–`Z` 26–51.
pub fn coord_index(c: u8) -> Option<u16> {
    match c {
        b'a'..=b'z' => Some((c - b'a') as u16),
        b'A'..=b'Z' => Some((c - b'A') as u16 + 26),
        _ => None,
    }
}

/// The SGF letter for coordinate `i` (0–51).
pub fn coord_letter(i: u16) -> Option<char> {
    match i {
        0..=25 => Some((b'a' + i as u8) as char),
        26..=51 => Some((b'A' + (i - 26) as u8) as char),
        _ => None,
    }
}

/// The point named by two SGF letters on `topo`, if on the field.
pub fn sgf_point(topo: &Topology, a: u8, b: u8) -> Option<Point> {
    topo.at(coord_index(a)? as i32, coord_index(b)? as i32)
}

/// The SGF name of `p` (two letters), if the field is small enough.
pub fn point_name(topo: &Topology, p: Point) -> Option<String> {
    let (x, y) = topo.xy(p);
    Some(format!("{}{}", coord_letter(x)?, coord_letter(y)?))
}

/// Reads a Dots record.
pub fn parse(text: &str) -> Result<SgfRecord, SgfError> {
    let nodes = parse_nodes(text)?;
    let root = &nodes[0];
    let get = |k: &str| root.iter().find(|(i, _)| i == k).map(|(_, v)| v);
    if let Some(gm) = get("GM") {
        if gm[0].trim() != "40" {
            return Err(SgfError::Unsupported(format!(
                "GM[{}] is not a Dots record: expected GM[40]",
                gm[0]
            )));
        }
    }
    let sz = get("SZ").ok_or_else(|| SgfError::Unsupported("no SZ[] (field size)".into()))?;
    let (width, height) = parse_size(&sz[0])?;
    let mut rec = SgfRecord {
        width,
        height,
        setup: Vec::new(),
        moves: Vec::new(),
        result: get("RE").map(|v| v[0].clone()),
    };
    for (n, node) in nodes.iter().enumerate() {
        for (ident, values) in node {
            let colour = match ident.as_str() {
                "B" | "AB" => Colour::Black,
                "W" | "AW" => Colour::White,
                _ => continue,
            };
            if ident.starts_with('A') {
                if n != 0 {
                    return Err(SgfError::Unsupported(format!(
                        "{ident} in node {n}: start dots are read from the root node only"
                    )));
                }
                for v in values {
                    let at = point(v, &rec).map_err(|why| bad(0, v, why))?;
                    rec.setup.push((colour, at));
                }
                continue;
            }
            let text = &values[0];
            let number = rec.moves.len() + 1;
            let mut parts = text.split('.');
            let head = parts.next().unwrap_or_default();
            let at = point(head, &rec).map_err(|why| bad(number, text, why))?;
            let chains = parts
                .filter(|c| !c.is_empty())
                .map(|c| chain(c, &rec).map_err(|why| bad(number, text, why)))
                .collect::<Result<Vec<_>, _>>()?;
            rec.moves.push(SgfMove {
                colour,
                at,
                chains,
                text: text.clone(),
            });
        }
    }
    Ok(rec)
}

fn bad(number: usize, text: &str, why: String) -> SgfError {
    SgfError::BadMove {
        number,
        text: text.to_string(),
        why,
    }
}

fn parse_size(v: &str) -> Result<(u16, u16), SgfError> {
    let bad = || {
        SgfError::Unsupported(format!(
            "SZ[{v}]: expected SZ[n] or SZ[width:height] with sides from 2 to 52"
        ))
    };
    let num = |s: &str| {
        s.trim()
            .parse::<u16>()
            .ok()
            .filter(|n| (2..=52).contains(n))
    };
    match v.split_once(':') {
        Some((w, h)) => Ok((num(w).ok_or_else(bad)?, num(h).ok_or_else(bad)?)),
        None => {
            let n = num(v).ok_or_else(bad)?;
            Ok((n, n))
        }
    }
}

/// Two letters → `(x, y)` on the record's field.
fn point(v: &str, rec: &SgfRecord) -> Result<(u16, u16), String> {
    let b = v.trim().as_bytes();
    let xy = match b {
        [a, c] => coord_index(*a).zip(coord_index(*c)),
        _ => None,
    };
    match xy {
        Some((x, y)) if x < rec.width && y < rec.height => Ok((x, y)),
        _ => Err(format!(
            "'{v}' is not a point of this {}:{} field: expected two letters (a–z, A–Z), x then y",
            rec.width, rec.height
        )),
    }
}

fn chain(v: &str, rec: &SgfRecord) -> Result<Vec<(u16, u16)>, String> {
    let pairs = v.as_bytes().chunks_exact(2);
    if !pairs.remainder().is_empty() {
        return Err(format!("capture chain '{v}' has an odd number of letters"));
    }
    pairs
        .map(|c| point(&String::from_utf8_lossy(c), rec))
        .collect()
}

/// Replays `rec` under `rules` (its size replaced by the record's; the start is the record's `AB`/`AW`
/// dots, not the ruleset's). Each move is played for the colour the record gives, so extra moves work.
pub fn replay(rec: &SgfRecord, rules: &DotsRules) -> Result<Replay, SgfError> {
    let rules = DotsRules {
        size: BoardSize {
            width: rec.width,
            height: rec.height,
        },
        start: Start::Empty,
        ..rules.clone()
    };
    let mut game = DotsGame::with_rules(rules).map_err(|e| SgfError::Unsupported(e.to_string()))?;
    let topo = game.topology().clone();
    let at = |(x, y): (u16, u16)| topo.at(x as i32, y as i32);
    if !rec.setup.is_empty() {
        let mut stones = vec![None; topo.len()];
        for &(c, xy) in &rec.setup {
            if let Some(p) = at(xy) {
                stones[p.idx()] = Some(c);
            }
        }
        let first = rec.moves.first().map_or(Colour::Black, |m| m.colour);
        game.set_position(&stones, first)
            .map_err(|e| SgfError::Unsupported(e.to_string()))?;
    }
    let mut warnings = Vec::new();
    for (i, m) in rec.moves.iter().enumerate() {
        let number = i + 1;
        let p = at(m.at).ok_or_else(|| bad(number, &m.text, "off the field".into()))?;
        game.play_as(m.colour, DotsMove::Put(p)).map_err(|e| {
            bad(
                number,
                &m.text,
                format!("{} at {}: {e}", m.colour, topo.name(p)),
            )
        })?;
        if !m.chains.is_empty() {
            if let Some(w) = check_chains(&game, m, number) {
                warnings.push(w);
            }
        }
    }
    Ok(Replay { game, warnings })
}
