//! SGF (Smart Game Format, FF\[4\]) read and written generically: a collection of game trees, each a
//! sequence of nodes, each node a list of properties with their values.
//!
//! The parser knows nothing of any game: it returns identifiers and unescaped value text, and each game
//! crate reads its own properties (`B`, `W`, `SZ`, …) from them. It never panics and never recurses, so
//! any input — deeply nested or broken — gives either a tree or an [`SgfError`] with the byte offset and
//! what was expected there.
//!
//! Text values are unescaped as FF\[4\] says for every value type: `\` makes the next character literal
//! (`\]`, `\\`, `\:`), and a `\` before a line break (a soft line break) removes both. Old FF\[1–3\]
//! identifiers with lower-case letters (`AddBlack`) keep only their capitals (`AB`).

use std::fmt;
use thiserror::Error;

/// The largest SGF file read, in bytes (64 MiB): a game record has a few kilobytes, and even a large
/// collection of games fits.
pub const MAX_SGF_FILE: u64 = 64 << 20;

/// Variations may nest at most this deep (programs that write one variation per move reach a few
/// hundred).
pub const MAX_DEPTH: usize = 10_000;

/// A file that is not well-formed SGF: where it went wrong and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("SGF: at byte {offset}: expected {expected}, found {found}")]
pub struct SgfError {
    /// Byte offset in the input.
    pub offset: usize,
    /// What the grammar allows at that point.
    pub expected: String,
    /// What was there (a quoted character, or `end of file`).
    pub found: String,
}

/// One property: its identifier (`B`, `AB`, `SZ`) and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub ident: String,
    pub values: Vec<String>,
}

/// A node: the properties between one `;` and the next, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub properties: Vec<Property>,
}

impl Node {
    /// The values of property `ident`, if the node has it.
    pub fn get(&self, ident: &str) -> Option<&[String]> {
        self.properties
            .iter()
            .find(|p| p.ident == ident)
            .map(|p| p.values.as_slice())
    }

    /// The first value of property `ident`, if the node has it.
    pub fn first(&self, ident: &str) -> Option<&str> {
        self.get(ident).and_then(|v| v.first()).map(String::as_str)
    }

    /// Adds a property (the writer side).
    pub fn push(&mut self, ident: &str, values: Vec<String>) {
        self.properties.push(Property {
            ident: ident.to_string(),
            values,
        });
    }
}

/// A game tree: a sequence of nodes, then its variations (the first one continues the main line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    pub nodes: Vec<Node>,
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The main line: this tree's nodes, then those of the first variation, recursively.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        let mut tree = self;
        loop {
            out.extend(tree.nodes.iter());
            match tree.variations.first() {
                Some(next) => tree = next,
                None => return out,
            }
        }
    }
}

impl Drop for GameTree {
    /// Drops nested variations with a loop, so that deeply nested trees cannot overflow the stack.
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.variations);
        while let Some(mut tree) = stack.pop() {
            stack.append(&mut tree.variations);
        }
    }
}

/// Parses a whole SGF collection (one or more game trees). Leading whitespace and a UTF-8 byte-order
/// mark are skipped; anything else outside the trees is an error.
pub fn parse(text: &str) -> Result<Vec<GameTree>, SgfError> {
    Parser {
        bytes: text.as_bytes(),
        text,
        pos: 0,
    }
    .collection()
}

/// Parses a collection and returns the main line of its first game tree.
pub fn parse_main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let mut trees = parse(text)?;
    let mut first = trees.swap_remove(0);
    let mut nodes = std::mem::take(&mut first.nodes);
    let mut next = std::mem::take(&mut first.variations).into_iter().next();
    while let Some(mut tree) = next {
        nodes.append(&mut tree.nodes);
        next = std::mem::take(&mut tree.variations).into_iter().next();
    }
    Ok(nodes)
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> SgfError {
        let found = match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => format!("{c:?}"),
            None if self.pos < self.bytes.len() => "a broken character".to_string(),
            None => "end of file".to_string(),
        };
        SgfError {
            offset: self.pos,
            expected: expected.to_string(),
            found,
        }
    }

    fn skip_space(&mut self) {
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.pos).copied()
    }

    fn collection(&mut self) -> Result<Vec<GameTree>, SgfError> {
        if self.text.starts_with('\u{feff}') {
            self.pos = 3;
        }
        let mut trees = Vec::new();
        loop {
            match self.peek() {
                Some(b'(') => trees.push(self.game_tree()?),
                None if !trees.is_empty() => return Ok(trees),
                _ if trees.is_empty() => return Err(self.error("'(' to open a game tree")),
                _ => return Err(self.error("'(' to open another game tree, or end of file")),
            }
        }
    }

    /// One game tree, with its variations, using an explicit stack of open trees.
    fn game_tree(&mut self) -> Result<GameTree, SgfError> {
        let mut open: Vec<GameTree> = Vec::new();
        loop {
            // At '(' : open a tree, which must start with a node.
            self.pos += 1;
            if open.len() >= MAX_DEPTH {
                return Err(self.error(&format!("variations nested at most {MAX_DEPTH} deep")));
            }
            if self.peek() != Some(b';') {
                return Err(self.error("';' to start the first node of a game tree"));
            }
            let mut tree = GameTree::default();
            while self.peek() == Some(b';') {
                self.pos += 1;
                tree.nodes.push(self.node()?);
            }
            open.push(tree);
            // Close every tree that ends here; stop at a '(' that opens a variation.
            loop {
                match self.peek() {
                    Some(b'(') => break,
                    Some(b')') => {
                        self.pos += 1;
                        let done = open.pop().unwrap_or_default();
                        match open.last_mut() {
                            Some(parent) => parent.variations.push(done),
                            None => return Ok(done),
                        }
                    }
                    _ if open.last().is_some_and(|t| t.variations.is_empty()) => return Err(self
                        .error(
                        "';' to start a node, '(' to start a variation, or ')' to close the tree",
                    )),
                    _ => {
                        return Err(self.error("'(' to start a variation, or ')' to close the tree"))
                    }
                }
            }
        }
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::default();
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            let start = self.pos;
            let ident = self.ident();
            if ident.is_empty() {
                self.pos = start;
                return Err(self.error("a property identifier with at least one capital letter"));
            }
            if self.peek() != Some(b'[') {
                return Err(self.error(&format!("'[' to open a value of property {ident}")));
            }
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                values.push(self.value(&ident)?);
            }
            node.properties.push(Property { ident, values });
        }
        Ok(node)
    }

    fn ident(&mut self) -> String {
        let mut ident = String::new();
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_alphabetic() {
                break;
            }
            if b.is_ascii_uppercase() {
                ident.push(b as char);
            }
            self.pos += 1;
        }
        ident
    }

    /// One `[…]` value, unescaped; `self.pos` is at the `[`.
    fn value(&mut self, ident: &str) -> Result<String, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let start = self.pos;
        let mut out = Vec::new();
        loop {
            match self.bytes.get(self.pos) {
                None => {
                    return Err(SgfError {
                        offset: self.pos,
                        expected: format!(
                            "']' to close the value of property {ident} opened at byte {open}"
                        ),
                        found: "end of file".into(),
                    })
                }
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.bytes.get(self.pos) {
                        Some(b'\r') => {
                            self.pos += 1;
                            if self.bytes.get(self.pos) == Some(&b'\n') {
                                self.pos += 1;
                            }
                        }
                        Some(b'\n') => {
                            self.pos += 1;
                            if self.bytes.get(self.pos) == Some(&b'\r') {
                                self.pos += 1;
                            }
                        }
                        Some(&b) => {
                            out.push(b);
                            self.pos += 1;
                        }
                        None => {}
                    }
                }
                Some(&b) => {
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
        // The input is UTF-8 and escapes only drop ASCII bytes, so this cannot fail; be safe anyway.
        String::from_utf8(out).map_err(|_| SgfError {
            offset: start,
            expected: format!("UTF-8 text in the value of property {ident}"),
            found: "a broken character".into(),
        })
    }
}

/// The coordinate an SGF point letter stands for: `a`–`z` are 0–25, `A`–`Z` are 26–51.
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

/// Escapes a value for writing: `\` and `]` get a backslash.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes a main line of nodes as one game tree, `(;…;…)`, breaking lines between properties so that
/// no line grows much past 80 characters and no line is blank.
pub fn write(nodes: &[Node]) -> String {
    let mut out = String::from("(");
    let mut line = 1;
    let mut put = |out: &mut String, piece: &str| {
        if line > 1 && line + piece.len() > 80 {
            out.push('\n');
            line = 0;
        }
        out.push_str(piece);
        line += piece.len();
    };
    for node in nodes {
        put(&mut out, ";");
        for prop in &node.properties {
            let mut piece = prop.ident.clone();
            for v in &prop.values {
                piece.push('[');
                piece.push_str(&escape(v));
                piece.push(']');
            }
            if prop.values.is_empty() {
                piece.push_str("[]");
            }
            put(&mut out, &piece);
        }
    }
    out.push_str(")\n");
    out
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ident)?;
        for v in &self.values {
            write!(f, "[{}]", escape(v))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    fn props(node: &Node) -> Vec<(String, Vec<String>)> {
        node.properties
            .iter()
            .map(|p| (p.ident.clone(), p.values.clone()))
            .collect()
    }

    #[test]
    fn reads_a_main_line_with_properties_and_lists() {
        let nodes = parse_main_line("(;GM[1]SZ[9]AB[aa][bb]\n;B[cc];W[])").unwrap();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[0].first("SZ"), Some("9"));
        assert_eq!(
            nodes[0].get("AB"),
            Some(&["aa".to_string(), "bb".to_string()][..])
        );
        assert_eq!(nodes[2].first("W"), Some(""));
        assert_eq!(nodes[1].get("W"), None);
    }

    #[test]
    fn escapes_and_soft_line_breaks() {
        let nodes = parse_main_line("(;C[a\\]b\\\\c\\:d]GC[one\\\ntwo\\\r\nthree])").unwrap();
        assert_eq!(nodes[0].first("C"), Some("a]b\\c:d"));
        assert_eq!(nodes[0].first("GC"), Some("onetwothree"));
        // A hard line break stays.
        let nodes = parse_main_line("(;C[one\ntwo])").unwrap();
        assert_eq!(nodes[0].first("C"), Some("one\ntwo"));
    }

    #[test]
    fn main_line_follows_first_variations() {
        let text = "(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))";
        let trees = parse(text).unwrap();
        assert_eq!(trees.len(), 1);
        assert_eq!(trees[0].variations.len(), 2);
        let line: Vec<String> = trees[0]
            .main_line()
            .iter()
            .flat_map(|n| n.properties.iter().map(|p| p.to_string()))
            .collect();
        assert_eq!(line, ["SZ[9]", "B[aa]", "W[bb]", "B[cc]", "W[dd]"]);
        assert_eq!(parse_main_line(text).unwrap().len(), 5);
    }

    #[test]
    fn collections_and_old_identifiers() {
        let trees = parse("\u{feff} (;GM[1])\n(;AddBlack[aa]) \n").unwrap();
        assert_eq!(trees.len(), 2);
        assert_eq!(
            props(&trees[1].nodes[0]),
            [("AB".into(), vec!["aa".into()])]
        );
    }

    fn err(text: &str) -> SgfError {
        parse(text).unwrap_err()
    }

    #[test]
    fn broken_files_say_where_and_what() {
        let e = err("");
        assert_eq!((e.offset, e.found.as_str()), (0, "end of file"));
        assert!(e.expected.contains("'('"), "{e}");
        let e = err("(;B[aa]");
        assert_eq!(e.offset, 7);
        assert!(e.expected.contains("')'"), "{e}");
        let e = err("(;B[aa");
        assert_eq!(e.offset, 6);
        assert!(
            e.expected.contains("']'") && e.expected.contains("byte 3"),
            "{e}"
        );
        let e = err("(;B aa])");
        assert_eq!(e.offset, 4);
        assert!(e.expected.contains("'['") && e.found == "'a'", "{e}");
        let e = err("(B[aa])");
        assert_eq!(e.offset, 1);
        assert!(e.expected.contains("';'"), "{e}");
        let e = err("(;B[aa])x");
        assert_eq!((e.offset, e.found.as_str()), (8, "'x'"));
        let e = err("(;B[aa](;W[bb]);B[cc])");
        assert_eq!(e.offset, 15);
        let e = err("(;b[aa])");
        assert!(e.expected.contains("capital"), "{e}");
        assert_eq!(
            e.to_string(),
            "SGF: at byte 2: expected a property identifier with at least one capital letter, found 'b'"
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "(;".repeat(MAX_DEPTH + 5);
        assert!(err(&deep).expected.contains("nested"));
        let ok = format!("{}{}", "(;B[aa]".repeat(2000), ")".repeat(2000));
        let line = parse_main_line(&ok).unwrap();
        assert_eq!(line.len(), 2000);
    }

    #[test]
    fn writer_round_trips() {
        let mut root = Node::default();
        root.push("GM", vec!["1".into()]);
        root.push("C", vec!["a]b\\c [x]".into()]);
        root.push("AB", vec!["aa".into(), "bb".into()]);
        let mut nodes = vec![root];
        for i in 0..60 {
            let mut n = Node::default();
            n.push(if i % 2 == 0 { "B" } else { "W" }, vec!["cd".into()]);
            nodes.push(n);
        }
        let text = write(&nodes);
        assert!(text.lines().all(|l| !l.trim().is_empty() && l.len() <= 80));
        assert_eq!(parse_main_line(&text).unwrap(), nodes);
        assert_eq!(escape("]\\"), "\\]\\\\");
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = Rng::new(7);
        let alphabet = b"();[]\\ABW \n\raz:\xc3\xa9";
        let seed = "(;GM[1]SZ[19]C[hi \\] there];B[aa](;W[bb])(;W[cc];B[]))";
        for round in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = if round % 2 == 0 {
                (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect()
            } else {
                let mut b = seed.as_bytes().to_vec();
                for _ in 0..1 + rng.below(3) {
                    if b.is_empty() {
                        break;
                    }
                    let i = rng.below(b.len());
                    match rng.below(3) {
                        0 => {
                            b.remove(i);
                        }
                        1 => b.insert(i, alphabet[rng.below(alphabet.len())]),
                        _ => b.truncate(i),
                    }
                }
                b
            };
            let text = String::from_utf8_lossy(&bytes);
            if let Err(e) = parse(&text) {
                assert!(e.offset <= text.len());
            }
        }
    }
}
