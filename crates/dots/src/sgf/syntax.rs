//! SGF syntax: game trees, nodes, properties and escaped values; only the main line is kept.

use super::{Node, SgfError};

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
