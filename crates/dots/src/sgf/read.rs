//! Reading a Dots record from the nodes of its main line.

use super::{coord_index, SgfError, SgfMove, SgfRecord};
use stones_core::sgf::{main_line, MainLine, Node};
use stones_core::Colour;

/// Reads a Dots record: the main line of the first game tree of an SGF file's bytes (or text).
pub fn parse(text: impl AsRef<[u8]>) -> Result<SgfRecord, SgfError> {
    from_main_line(main_line(text.as_ref())?)
}

/// Reads a Dots record from a main line, node by node: `GM` (40, or absent), `SZ`, `AB`/`AW` in the
/// root node, the moves `B`/`W`, `RE`. A move node may hold several dots (`W[qh][qi]`, as playdots
/// writes them), played in order; an empty move (`B[]`, as KataGo-Dots and NOTAGO write it) is STOP.
pub fn from_main_line(mut line: MainLine<'_>) -> Result<SgfRecord, SgfError> {
    let root = line.root();
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
    let in_node = |offset: usize| {
        move |e| SgfError::InNode {
            offset,
            error: Box::new(e),
        }
    };
    rec.read_node(0, root)
        .map_err(in_node(line.node_offset()))?;
    let mut n = 0;
    while let Some(node) = line.next() {
        n += 1;
        rec.read_node(n, &node?)
            .map_err(in_node(line.node_offset()))?;
    }
    Ok(rec)
}

impl SgfRecord {
    /// Reads node `n` of the main line (0 is the root): start dots, then moves.
    fn read_node(&mut self, n: usize, node: &Node) -> Result<(), SgfError> {
        // The start dots' colour on each point of the field, once the root gives one.
        let mut placed: Vec<Option<Colour>> = Vec::new();
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
                // Each value is looked up by its point (a scan of the values before would make a
                // long list quadratic); a dot given twice is taken once.
                let width = self.width as usize;
                if placed.is_empty() {
                    placed = vec![None; width * self.height as usize];
                }
                for v in values {
                    let at = point(v, self).map_err(|why| bad(0, v, why))?;
                    let here = &mut placed[at.1 as usize * width + at.0 as usize];
                    match *here {
                        Some(c) if c != colour => {
                            return Err(SgfError::Unsupported(format!(
                                "AB and AW both put a dot on {}",
                                v.trim()
                            )))
                        }
                        Some(_) => continue,
                        None => *here = Some(colour),
                    }
                    self.setup.push((colour, at));
                }
                continue;
            }
            for text in values {
                let mv = self.read_move(colour, text)?;
                self.moves.push(mv);
            }
        }
        Ok(())
    }

    /// One move value: a point then any capture chains after dots, or nothing for STOP.
    fn read_move(&self, colour: Colour, text: &str) -> Result<SgfMove, SgfError> {
        let number = self.moves.len() + 1;
        let mut parts = text.split('.');
        let head = parts.next().unwrap_or_default();
        let at = match head.trim() {
            "" => None,
            _ => Some(point(head, self).map_err(|why| bad(number, text, why))?),
        };
        let chains = parts
            .filter(|c| !c.is_empty())
            .map(|c| chain(c, self).map_err(|why| bad(number, text, why)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SgfMove {
            colour,
            at,
            chains,
            text: text.to_string(),
        })
    }
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
