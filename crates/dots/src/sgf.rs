//! SGF records of Dots (`GM[40]`, the Kropki flavour): read, replay and write.
//!
//! `SZ[39:32]` is width:height (`SZ[30]` a square field); points are two letters, `a`–`z` then
//! `A`–`Z`, x then y from the top left; `AB`/`AW` in the root node give start dots; a move may carry
//! capture chains after dots (`W[Aw.zvywzxAwzv]`). Chains are checked against the engine's own
//! enclosures, never trusted: a chain whose inside differs from the engine's enclosure is reported as a
//! warning, and the score always comes from the engine. Broken files give an [`SgfError`], never a panic.

use crate::moves::DotsMove;
use crate::rules::{DotsRules, Start};
use crate::state::DotsGame;
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

/// Parses the main line (first variation) of the first game in `text`.
pub fn parse_nodes(text: &str) -> Result<Vec<Node>, SgfError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.skip_ws();
    let nodes = p.tree()?;
    if nodes.is_empty() {
        return Err(p.err("the game has no node"));
    }
    Ok(nodes)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err(&self, why: &str) -> SgfError {
        SgfError::Syntax {
            at: self.i,
            why: why.to_string(),
        }
    }

    fn skip_ws(&mut self) {
        while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.skip_ws();
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// `( node* tree* )`: the nodes of the main line.
    fn tree(&mut self) -> Result<Vec<Node>, SgfError> {
        if !self.eat(b'(') {
            return Err(self.err("expected '(' to open a game tree"));
        }
        let mut nodes = Vec::new();
        while self.eat(b';') {
            nodes.push(self.node()?);
        }
        let mut first = true;
        while {
            self.skip_ws();
            self.s.get(self.i) == Some(&b'(')
        } {
            let sub = self.tree()?;
            if first {
                nodes.extend(sub);
                first = false;
            }
        }
        if !self.eat(b')') {
            return Err(self.err("expected ';', '(' or ')'"));
        }
        Ok(nodes)
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            let start = self.i;
            while self.s.get(self.i).is_some_and(u8::is_ascii_alphabetic) {
                self.i += 1;
            }
            if start == self.i {
                return Ok(props);
            }
            let ident: String = self.s[start..self.i]
                .iter()
                .filter(|b| b.is_ascii_uppercase())
                .map(|&b| b as char)
                .collect();
            let mut values = Vec::new();
            while self.eat(b'[') {
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.err(&format!("property {ident} has no value")));
            }
            props.push((ident, values));
        }
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return Err(self.err("unterminated property value")),
                Some(b']') => {
                    self.i += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    if let Some(&c) = self.s.get(self.i + 1) {
                        out.push(c);
                    }
                    self.i += 2;
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }
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

/// Compares the inside of the record's chains with the engine's enclosures of the last move.
fn check_chains(game: &DotsGame, m: &SgfMove, number: usize) -> Option<String> {
    let topo = game.topology();
    // Own dots are left out on both sides: the chain's inside may hold live own dots, and own dots the
    // engine frees (enclosing an enclosure) are inside the engine's region.
    let ours: Vec<(u16, u16)> = game
        .last_enclosed()
        .into_iter()
        .filter(|&p| game.dot(p) != Some(m.colour))
        .map(|p| topo.xy(p))
        .collect();
    let mut theirs = Vec::new();
    for ch in &m.chains {
        let (x0, x1) = (ch.iter().map(|c| c.0).min()?, ch.iter().map(|c| c.0).max()?);
        let (y0, y1) = (ch.iter().map(|c| c.1).min()?, ch.iter().map(|c| c.1).max()?);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let own = topo
                    .at(x as i32, y as i32)
                    .is_some_and(|p| game.dot(p) == Some(m.colour));
                if !own && !ch.contains(&(x, y)) && inside(ch, x, y) {
                    theirs.push((x, y));
                }
            }
        }
    }
    theirs.sort_by_key(|&(x, y)| (y, x));
    theirs.dedup();
    let mut ours_sorted = ours;
    ours_sorted.sort_by_key(|&(x, y)| (y, x));
    // Every point of a minimal chain touches the enclosed region (diagonals included).
    let region = game.last_enclosed();
    let touches = |&(x, y): &(u16, u16)| {
        region.iter().any(|&p| {
            let (rx, ry) = topo.xy(p);
            rx.abs_diff(x) <= 1 && ry.abs_diff(y) <= 1
        })
    };
    if ours_sorted == theirs && !m.chains.iter().flatten().all(touches) {
        return Some(format!(
            "move {number} ({}[{}]): the record's chain encloses the same points as the engine but takes a longer path",
            m.colour.letter(),
            m.text
        ));
    }
    (ours_sorted != theirs).then(|| {
        format!(
            "move {number} ({}[{}]): the record's chain encloses {} points, the engine's enclosure {}; the engine's count is used",
            m.colour.letter(),
            m.text,
            theirs.len(),
            ours_sorted.len()
        )
    })
}

/// Even-odd test of a lattice point against a closed polygon of lattice points.
fn inside(poly: &[(u16, u16)], x: u16, y: u16) -> bool {
    let (px, py) = (x as f64, y as f64);
    let mut result = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ax, ay, bx, by) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
        if (ay > py) != (by > py) && px < ax + (py - ay) * (bx - ax) / (by - ay) {
            result = !result;
        }
    }
    result
}

/// The capture chains of the last move: for each area its dot enclosed, the own dots around it, as a
/// closed walk from that dot back to it (eight-way steps, counter-clockwise as drawn, like zagram.org).
pub fn last_chains(game: &DotsGame) -> Vec<Vec<Point>> {
    let Some(p) = game.last_point() else {
        return Vec::new();
    };
    let topo = game.topology();
    let area = game.last_enclosed();
    let inside = |x: i32, y: i32| {
        topo.at(x, y)
            .is_some_and(|q| area.binary_search(&q).is_ok())
    };
    let mut done = vec![false; area.len()];
    let mut chains = Vec::new();
    for start in 0..area.len() {
        if done[start] {
            continue;
        }
        // Mark the orthogonally connected piece of the area holding `start`.
        let mut stack = vec![start];
        done[start] = true;
        while let Some(i) = stack.pop() {
            let (x, y) = topo.xy(area[i]);
            for (dx, dy) in DIRS {
                if let Some(j) = topo
                    .at(x as i32 + dx, y as i32 + dy)
                    .and_then(|q| area.binary_search(&q).ok())
                {
                    if !done[j] {
                        done[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        // `area` is sorted by index, so `start` is the piece's top-left point: walk its boundary
        // clockwise from its top side, collecting the points just outside.
        let (sx, sy) = topo.xy(area[start]);
        let (mut c, mut d) = ((sx as i32, sy as i32), 0usize);
        let mut walk: Vec<Point> = Vec::new();
        loop {
            let (dx, dy) = DIRS[d];
            if let Some(q) = topo.at(c.0 + dx, c.1 + dy) {
                if walk.last() != Some(&q) {
                    walk.push(q);
                }
            }
            let t = (d + 1) % 4;
            let ahead = (c.0 + DIRS[t].0, c.1 + DIRS[t].1);
            let diag = (ahead.0 + dx, ahead.1 + dy);
            if inside(diag.0, diag.1) {
                (c, d) = (diag, (d + 3) % 4);
            } else if inside(ahead.0, ahead.1) {
                c = ahead;
            } else {
                d = t;
            }
            if c == (sx as i32, sy as i32) && d == 0 {
                break;
            }
        }
        if walk.len() > 1 && walk.first() == walk.last() {
            walk.pop();
        }
        if let Some(at) = walk.iter().position(|&q| q == p) {
            walk.rotate_left(at);
            walk.push(p);
            walk.reverse();
            chains.push(walk);
        }
    }
    chains
}

/// North, east, south, west (y grows downwards).
const DIRS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Writes `game` as a `GM[40]` record: size, start dots, every dot with its colour and the capture
/// chains it closed, the result. STOP moves are not written (the colours of the dots say who moved);
/// resignation is in `RE[]`.
pub fn write(game: &DotsGame) -> Result<String, SgfError> {
    let topo = game.topology();
    let (w, h) = topo.bounding_box();
    if w > 52 || h > 52 {
        return Err(SgfError::Unsupported(format!(
            "a {w}:{h} field cannot be written: SGF coordinates reach 52"
        )));
    }
    let name = |p: Point| point_name(topo, p).unwrap_or_default();
    let mut out = format!("(;FF[4]GM[40]CA[UTF-8]AP[stones]SZ[{w}:{h}]");
    for c in Colour::BOTH {
        let dots: Vec<String> = topo
            .points()
            .filter(|p| crate::cell::dot(game.start[p.idx()]) == Some(c))
            .map(|p| format!("[{}]", name(p)))
            .collect();
        if !dots.is_empty() {
            out.push_str(&format!("A{}{}", c.letter(), dots.concat()));
        }
    }
    if let stones_core::Status::Over(o) = game.status() {
        out.push_str(&format!("RE[{}]", o.result));
    }
    let history: Vec<(Colour, DotsMove)> = game.history().collect();
    let mut replay = game.clone();
    while replay.undo_move() {}
    for (c, mv) in history {
        replay.play_as(c, mv).map_err(|e| {
            SgfError::Unsupported(format!("the game does not replay from its start: {e}"))
        })?;
        if let DotsMove::Put(p) = mv {
            out.push_str(&format!(";{}[{}", c.letter(), name(p)));
            for chain in last_chains(&replay) {
                out.push('.');
                chain.iter().for_each(|&q| out.push_str(&name(q)));
            }
            out.push(']');
        }
    }
    out.push_str(")\n");
    Ok(out)
}
