//! Reading a Dots record from the nodes of its main line.

use super::{coord_index, SgfError, SgfMove, SgfRecord};
use stones_core::sgf::{parse_main_line, Node};
use stones_core::Colour;

/// Reads a Dots record: the main line of the first game tree of `text`.
pub fn parse(text: &str) -> Result<SgfRecord, SgfError> {
    read_nodes(&parse_main_line(text)?)
}

/// Reads a Dots record from the nodes of a main line (as [`stones_core::sgf::parse_main_line`] gives
/// them): `GM` (40, or absent), `SZ`, `AB`/`AW` in the root node, the moves `B`/`W`, `RE`.
pub fn read_nodes(nodes: &[Node]) -> Result<SgfRecord, SgfError> {
    let root = nodes
        .first()
        .ok_or_else(|| SgfError::Unsupported("the game tree has no node".into()))?;
    if let Some(gm) = root.first("GM") {
        if gm.trim() != "40" {
            return Err(SgfError::Unsupported(format!(
                "GM[{gm}] is not a Dots record: expected GM[40]"
            )));
        }
    }
    let sz = root
        .first("SZ")
        .ok_or_else(|| SgfError::Unsupported("no SZ[] (field size) in the root node".into()))?;
    let (width, height) = parse_size(sz)?;
    let mut rec = SgfRecord {
        width,
        height,
        setup: Vec::new(),
        moves: Vec::new(),
        result: root.first("RE").map(str::to_string),
    };
    for (n, node) in nodes.iter().enumerate() {
        for prop in &node.properties {
            let (ident, values) = (prop.ident.as_str(), prop.values.as_slice());
            let colour = match ident {
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
            let number = rec.moves.len() + 1;
            let [text] = values else {
                let all: String = values.iter().map(|v| format!("[{v}]")).collect();
                return Err(bad(
                    number,
                    &format!("{ident}{all}"),
                    "a move has exactly one value: the point, then any capture chains after dots"
                        .into(),
                ));
            };
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

pub(super) fn bad(number: usize, text: &str, why: String) -> SgfError {
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
