//! SGF (Smart Game Format, FF\[4\]) read and written generically: the main line of a game tree, node
//! by node, each node a list of properties with their values.
//!
//! The reader knows nothing of any game: it gives identifiers and unescaped value text, and each game
//! crate reads its own properties (`B`, `W`, `SZ`, …) from them. It reads only what it gives: the main
//! line of the game asked for (the first by default), one node at a time, so a large collection costs
//! what its first game costs. It never panics and never recurses; a file it cannot understand gives an
//! [`SgfError`] with the byte offset and what was expected there.
//!
//! Lenient where GNU Go, GoGui and Sabaki are: text before the game tree (up to the first `(;`) and
//! after the main line (the rest of the tree, other games, anything) is not read; a property repeated
//! within a node (`AB[pd]AB[dp]`) has all its values, in file order.
//!
//! Text values are unescaped as FF\[4\] says for every value type: `\` makes the next character literal
//! (`\]`, `\\`, `\:`), and a `\` before a line break (a soft line break) removes both. Old FF\[1–3\]
//! identifiers with lower-case letters (`AddBlack`) keep only their capitals (`AB`).
//!
//! Character sets: a file starting with a UTF-16 byte-order mark is UTF-16 (its error offsets count
//! the bytes of its UTF-8 form); otherwise values are read as the root's `CA` says — ISO-8859-1 (also
//! `Latin1`, `Windows-1252`) byte for byte, UTF-8 as it is. A value that is not valid UTF-8 is read as
//! ISO-8859-1 when the file names no charset or UTF-8 (files that say UTF-8 and are not are common),
//! and lossily (U+FFFD for what cannot be read) when it names another one (GB2312, Shift_JIS, EUC-KR):
//! the bytes of a comment never refuse a record.

use crate::error::MoveSyntaxError;
use std::borrow::Cow;
use std::fmt;
use thiserror::Error;

/// The largest SGF file read, in bytes (64 MiB): a game record has a few kilobytes, and even a large
/// collection of games fits.
pub const MAX_SGF_FILE: u64 = 64 << 20;

/// The most nodes a main line may have after its root (a node per move, as records are written):
/// longer records are refused rather than read without bound.
pub const MAX_NODES: usize = 1_000_000;

/// A file that is not well-formed SGF: where it went wrong and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("SGF: at byte {offset}: expected {expected}, found {found}")]
pub struct SgfError {
    /// Byte offset in the input.
    pub offset: usize,
    /// What the grammar allows at that point.
    pub expected: String,
    /// What was there (a quoted character, a byte, or `end of file`).
    pub found: String,
}

/// One property: its identifier (`B`, `AB`, `SZ`) and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub ident: String,
    pub values: Vec<String>,
}

/// A node: the properties between one `;` and the next, in file order, each identifier once.
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

/// How the values of a file are turned into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Charset {
    /// No `CA`, or `CA[UTF-8]`/`CA[US-ASCII]`: UTF-8; a value that is not UTF-8 is read as ISO-8859-1.
    Utf8,
    /// `CA[ISO-8859-1]` and its aliases: one character per byte.
    Latin1,
    /// Another charset this reader does not decode: UTF-8 where valid, else lossily.
    Other,
}

impl Charset {
    /// The charset a `CA` value names.
    fn named(ca: &str) -> Charset {
        let name: String = ca
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        match name.as_str() {
            "" | "utf8" | "usascii" | "ascii" => Charset::Utf8,
            "iso88591" | "latin1" | "l1" | "iso885915" | "latin9" | "windows1252" | "cp1252" => {
                Charset::Latin1
            }
            _ => Charset::Other,
        }
    }

    /// The text of a raw value.
    fn decode(self, raw: Vec<u8>) -> String {
        let latin1 = |b: &[u8]| b.iter().map(|&b| b as char).collect();
        match self {
            Charset::Latin1 => latin1(&raw),
            _ => match String::from_utf8(raw) {
                Ok(text) => text,
                Err(e) if self == Charset::Utf8 => latin1(e.as_bytes()),
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            },
        }
    }
}

/// The main line of one game tree of an SGF file, read one node at a time: [`MainLine::root`] is its
/// first node, and iterating gives the nodes after it (at most [`MAX_NODES`]). After an error the
/// iteration ends.
#[derive(Debug)]
pub struct MainLine<'a> {
    bytes: Cow<'a, [u8]>,
    pos: usize,
    /// Where the tree being read opened.
    open: usize,
    /// Where the node last read starts (its `;`).
    node_at: usize,
    charset: Charset,
    root: Node,
    read: usize,
    done: bool,
}

/// Reads the root node of the first game tree of `bytes` (an SGF file as it is on disk) and returns
/// its main line, ready to give the following nodes.
pub fn main_line(bytes: &[u8]) -> Result<MainLine<'_>, SgfError> {
    main_line_of_game(bytes, 0)
}

/// Like [`main_line`] for game tree `game` of a collection (0 for the first); the trees before it are
/// skipped without being built (their values, escapes and nested variations still delimit them).
pub fn main_line_of_game(bytes: &[u8], game: usize) -> Result<MainLine<'_>, SgfError> {
    let bytes = match bytes {
        [0xFF, 0xFE, rest @ ..] => Cow::Owned(utf16(rest, u16::from_le_bytes)),
        [0xFE, 0xFF, rest @ ..] => Cow::Owned(utf16(rest, u16::from_be_bytes)),
        [0xEF, 0xBB, 0xBF, rest @ ..] => Cow::Borrowed(rest),
        _ => Cow::Borrowed(bytes),
    };
    let mut line = MainLine {
        bytes,
        pos: 0,
        open: 0,
        node_at: 0,
        charset: Charset::Utf8,
        root: Node::default(),
        read: 0,
        done: false,
    };
    line.find_tree()?;
    for _ in 0..game {
        line.skip_tree()?;
        line.find_tree()?;
    }
    line.pos += 1;
    line.skip_space();
    line.node_at = line.pos;
    line.pos += 1;
    line.root = line.node(true)?;
    Ok(line)
}

/// Reads the main line of the first game tree of `bytes`, its root first, into a list.
pub fn read_main_line(bytes: &[u8]) -> Result<Vec<Node>, SgfError> {
    let mut line = main_line(bytes)?;
    let mut nodes = vec![std::mem::take(&mut line.root)];
    for node in line {
        nodes.push(node?);
    }
    Ok(nodes)
}

/// The UTF-8 form of UTF-16 text (after its byte-order mark); what is not UTF-16 becomes U+FFFD.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Vec<u8> {
    let units = bytes.chunks_exact(2).map(|b| unit([b[0], b[1]]));
    let text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    text.into_bytes()
}

impl MainLine<'_> {
    /// The root node: the game's first node (`GM`, `SZ`, `CA`, set-up, …).
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The byte offset of the node last read (the root, before any other): where its `;` is.
    pub fn node_offset(&self) -> usize {
        self.node_at
    }

    fn error(&self, expected: &str) -> SgfError {
        SgfError {
            offset: self.pos,
            expected: expected.to_string(),
            found: describe(&self.bytes[self.pos.min(self.bytes.len())..]),
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

    /// Moves to the next `(` that opens a game tree (followed by `;`), passing over any other text.
    fn find_tree(&mut self) -> Result<(), SgfError> {
        let mut first_paren = None;
        while let Some(i) = self.bytes[self.pos..].iter().position(|&b| b == b'(') {
            self.pos += i;
            let at = self.pos;
            first_paren.get_or_insert(at);
            self.pos += 1;
            if self.peek() == Some(b';') {
                (self.pos, self.open) = (at, at);
                return Ok(());
            }
        }
        match first_paren {
            Some(at) => {
                self.pos = at + 1;
                self.skip_space();
                Err(self.error("';' to start the first node of a game tree"))
            }
            None => Err(self.error("'(' to open a game tree")),
        }
    }

    /// Passes over the game tree whose `(` is at `self.pos`: values, escapes and nested variations.
    fn skip_tree(&mut self) -> Result<(), SgfError> {
        let mut depth = 0usize;
        while let Some(&b) = self.bytes.get(self.pos) {
            self.pos += 1;
            match b {
                b'(' => depth += 1,
                b')' if depth == 1 => return Ok(()),
                b')' => depth = depth.saturating_sub(1),
                b'[' => {
                    self.pos -= 1;
                    self.raw_value("")?;
                }
                _ => {}
            }
        }
        Err(self.error(&format!(
            "')' to close the game tree opened at byte {}",
            self.open
        )))
    }

    /// The next node of the main line, or `None` at the `)` that ends it.
    fn next_node(&mut self) -> Result<Option<Node>, SgfError> {
        loop {
            match self.peek() {
                Some(b';') => {
                    if self.read == MAX_NODES {
                        return Err(self.error(&format!(
                            "the end of the main line: records of more than {MAX_NODES} nodes are refused"
                        )));
                    }
                    self.node_at = self.pos;
                    self.pos += 1;
                    self.read += 1;
                    return self.node(false).map(Some);
                }
                // The first variation continues the main line.
                Some(b'(') => {
                    self.pos += 1;
                    if self.peek() != Some(b';') {
                        return Err(self.error("';' to start the first node of a variation"));
                    }
                }
                Some(b')') => return Ok(None),
                None => {
                    return Err(self.error(&format!(
                        "')' to close the game tree opened at byte {}",
                        self.open
                    )))
                }
                Some(_) => {
                    return Err(self.error(
                        "';' to start a node, '(' to start a variation, or ')' to close the tree",
                    ))
                }
            }
        }
    }

    /// The properties of a node (`self.pos` just after its `;`); a repeated identifier adds its
    /// values to the first. The root's `CA` sets the charset of every value.
    fn node(&mut self, root: bool) -> Result<Node, SgfError> {
        let mut raw: Vec<(String, Vec<Vec<u8>>)> = Vec::new();
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
            let at = match raw.iter().position(|(id, _)| *id == ident) {
                Some(i) => i,
                None => {
                    raw.push((ident, Vec::new()));
                    raw.len() - 1
                }
            };
            while self.peek() == Some(b'[') {
                let value = self.raw_value(&raw[at].0)?;
                raw[at].1.push(value);
            }
        }
        if root {
            if let Some((_, values)) = raw.iter().find(|(id, _)| id == "CA") {
                let name = values.first().map(|v| String::from_utf8_lossy(v));
                self.charset = Charset::named(name.as_deref().unwrap_or(""));
            }
        }
        let charset = self.charset;
        let properties = raw
            .into_iter()
            .map(|(ident, values)| Property {
                ident,
                values: values.into_iter().map(|v| charset.decode(v)).collect(),
            })
            .collect();
        Ok(Node { properties })
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

    /// One `[…]` value's bytes, unescaped; `self.pos` is at the `[`.
    fn raw_value(&mut self, ident: &str) -> Result<Vec<u8>, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.bytes.get(self.pos) {
                None => {
                    return Err(self.error(&format!(
                        "']' to close the value of property {ident} opened at byte {open}"
                    )))
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.bytes.get(self.pos) {
                        Some(b'\r') => self.soft_break(b'\n'),
                        Some(b'\n') => self.soft_break(b'\r'),
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
    }

    /// Passes over an escaped line break (`self.pos` at its first byte) and its `other` half.
    fn soft_break(&mut self, other: u8) {
        self.pos += 1;
        if self.bytes.get(self.pos) == Some(&other) {
            self.pos += 1;
        }
    }
}

impl Iterator for MainLine<'_> {
    type Item = Result<Node, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_node().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// What the error found at the start of `rest`: a quoted character, a byte, or the end of the file.
fn describe(rest: &[u8]) -> String {
    if rest.is_empty() {
        return "end of file".to_string();
    }
    let c = (1..=rest.len().min(4)).find_map(|n| std::str::from_utf8(&rest[..n]).ok());
    match c.and_then(|s| s.chars().next()) {
        Some(c) => format!("{c:?}"),
        None => format!("byte 0x{:02X}", rest[0]),
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

/// The point an SGF point value (`dd`: column letter, then row letter from the top) names on
/// `topo`; the error names the value and the board's range.
pub fn point_of(topo: &crate::Topology, value: &str) -> Result<crate::Point, MoveSyntaxError> {
    let at = match value.trim().as_bytes() {
        [x, y] => coord_index(*x).zip(coord_index(*y)),
        _ => None,
    };
    at.and_then(|(x, y)| topo.at(x as i32, y as i32))
        .ok_or_else(|| MoveSyntaxError {
            text: value.to_string(),
            why: format!(
                "expected an SGF point of two letters on this {} board, such as `aa`",
                topo.size_text()
            ),
        })
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
    use crate::contract::mangled;
    use crate::Rng;

    fn line(text: &str) -> Vec<Node> {
        read_main_line(text.as_bytes()).unwrap()
    }

    fn err(text: &str) -> SgfError {
        read_main_line(text.as_bytes()).unwrap_err()
    }

    #[test]
    fn reads_a_main_line_with_properties_and_lists() {
        let nodes = line("(;GM[1]SZ[9]AB[aa][bb]\n;B[cc];W[])");
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
    fn a_repeated_property_keeps_all_its_values() {
        let nodes = line("(;AB[pd]AW[qq]AB[dp][dd]C[x])");
        assert_eq!(nodes[0].get("AB").unwrap(), ["pd", "dp", "dd"]);
        let idents: Vec<&str> = nodes[0].properties.iter().map(|p| &*p.ident).collect();
        assert_eq!(idents, ["AB", "AW", "C"]);
    }

    #[test]
    fn escapes_and_soft_line_breaks() {
        let nodes = line("(;C[a\\]b\\\\c\\:d]GC[one\\\ntwo\\\r\nthree])");
        assert_eq!(nodes[0].first("C"), Some("a]b\\c:d"));
        assert_eq!(nodes[0].first("GC"), Some("onetwothree"));
        // A hard line break stays.
        assert_eq!(line("(;C[one\ntwo])")[0].first("C"), Some("one\ntwo"));
    }

    #[test]
    fn main_line_follows_first_variations_and_reads_nothing_after() {
        let text = "(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))";
        let moves: Vec<String> = line(text)
            .iter()
            .flat_map(|n| n.properties.iter().map(|p| p.to_string()))
            .collect();
        assert_eq!(moves, ["SZ[9]", "B[aa]", "W[bb]", "B[cc]", "W[dd]"]);
        // Nodes after a variation, other games and text after the tree are not the main line.
        assert_eq!(line("(;B[aa](;W[bb]);B[cc])").len(), 2);
        assert_eq!(line("(;B[aa])x(;B[bb]").len(), 1);
        assert_eq!(line("(;B[aa](;W[bb]))(;B[cc])garbage((").len(), 2);
    }

    #[test]
    fn text_before_the_tree_and_byte_order_marks() {
        let nodes = line("From: someone (a friend)\n\n(;GM[1]C[hi])");
        assert_eq!(nodes[0].first("C"), Some("hi"));
        let nodes = line("\u{feff} (;AddBlack[aa]) \n");
        assert_eq!(nodes[0].get("AB").unwrap(), ["aa"]);
        for bom_le in [true, false] {
            let mut bytes = if bom_le {
                vec![0xFF, 0xFE]
            } else {
                vec![0xFE, 0xFF]
            };
            for unit in "(;C[Schwarz \u{e4}]PB[\u{9ad8}])".encode_utf16() {
                let b = if bom_le {
                    unit.to_le_bytes()
                } else {
                    unit.to_be_bytes()
                };
                bytes.extend(b);
            }
            let nodes = read_main_line(&bytes).unwrap();
            assert_eq!(nodes[0].first("C"), Some("Schwarz \u{e4}"));
            assert_eq!(nodes[0].first("PB"), Some("\u{9ad8}"));
        }
    }

    #[test]
    fn charsets_never_refuse_a_comment() {
        let read = |bytes: &[u8]| read_main_line(bytes).unwrap()[0].clone();
        // Latin-1 declared, or not UTF-8 and nothing declared: one character per byte.
        let n = read(b"(;CA[ISO-8859-1]C[K\xf6nig]PB[\xc3\xa9])");
        assert_eq!(n.first("C"), Some("K\u{f6}nig"));
        assert_eq!(n.first("PB"), Some("\u{c3}\u{a9}"));
        assert_eq!(read(b"(;C[K\xf6nig])").first("C"), Some("K\u{f6}nig"));
        // UTF-8, declared or not.
        assert_eq!(read("(;CA[utf-8]C[é])".as_bytes()).first("C"), Some("é"));
        assert_eq!(read("(;C[é])".as_bytes()).first("C"), Some("é"));
        // A file that says UTF-8 and is not: ISO-8859-1.
        assert_eq!(read(b"(;CA[UTF-8]C[\xe9])").first("C"), Some("\u{e9}"));
        // Another charset (GB2312, Shift_JIS): the bytes that are not UTF-8 are read lossily.
        let n = read(b"(;CA[GB2312]PB[\xb8\xdf]GN[ok];B[aa])");
        assert_eq!(n.first("GN"), Some("ok"));
        assert!(n.first("PB").unwrap().contains('\u{fffd}'));
        let n = read(b"(;CA[Shift_JIS]C[\x95\x5c\x5c]B[aa])");
        assert_eq!(n.first("B"), Some("aa"));
    }

    #[test]
    fn a_game_of_a_collection_is_read_past_the_others() {
        let text = "(;GN[one]C[a \\] ) ( tricky](;B[aa])(;B[bb]))\n(;GN[two];B[cc])";
        let mut second = main_line_of_game(text.as_bytes(), 1).unwrap();
        assert_eq!(second.root().first("GN"), Some("two"));
        assert_eq!(second.node_offset(), text.find(";GN[two]").unwrap());
        assert!(second.next().unwrap().is_ok());
        assert_eq!(second.node_offset(), text.find(";B[cc]").unwrap());
        assert!(second.next().is_none());
        let e = main_line_of_game(text.as_bytes(), 2).unwrap_err();
        assert!(e.expected.contains("'('"), "{e}");
        let e = main_line_of_game(b"(;C[x](;B[aa])", 1).unwrap_err();
        assert!(e.expected.contains("byte 0"), "{e}");
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
        let e = err("(;B[aa](W[bb]))");
        assert_eq!(e.offset, 8);
        let e = err("(;B[aa]\u{e9})");
        assert_eq!((e.offset, e.found.as_str()), (7, "'\u{e9}'"));
        let e = read_main_line(b"(;B[aa]\xff)").unwrap_err();
        assert_eq!(e.found, "byte 0xFF");
        let e = err("(;b[aa])");
        assert!(e.expected.contains("capital"), "{e}");
        assert_eq!(
            e.to_string(),
            "SGF: at byte 2: expected a property identifier with at least one capital letter, found 'b'"
        );
    }

    #[test]
    fn deep_nesting_is_read_without_recursion() {
        let deep = format!("{}{}", "(;B[aa]".repeat(50_000), ")".repeat(50_000));
        assert_eq!(line(&deep).len(), 50_000);
    }

    #[test]
    fn records_longer_than_the_limit_are_refused() {
        let mut text = String::from("(;GM[1]");
        text.push_str(&";B[]".repeat(MAX_NODES));
        text.push(')');
        assert_eq!(
            read_main_line(text.as_bytes()).unwrap().len(),
            MAX_NODES + 1
        );
        text.insert_str(text.len() - 1, ";W[]");
        let e = read_main_line(text.as_bytes()).unwrap_err();
        assert!(e.expected.contains("1000000 nodes"), "{e}");
        assert_eq!(e.offset, text.len() - 5);
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
        assert_eq!(line(&text), nodes);
        assert_eq!(escape("]\\"), "\\]\\\\");
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = Rng::new(7);
        let alphabet = b"();[]\\ABW \n\raz:\xc3\xa9\xff";
        let seed = "(;GM[1]SZ[19]C[hi \\] there];B[aa](;W[bb])(;W[cc];B[]))";
        for round in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = if round % 2 == 0 {
                (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect()
            } else {
                mangled(seed.as_bytes(), alphabet, &mut rng)
            };
            for game in 0..2 {
                if let Err(e) = main_line_of_game(&bytes, game).map(|l| l.count()) {
                    assert!(e.offset <= bytes.len());
                }
                if let Err(e) = read_main_line(&bytes) {
                    assert!(e.offset <= bytes.len());
                }
            }
        }
    }
}
