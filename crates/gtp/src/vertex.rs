//! GTP colours and vertices: `b`/`black`/`w`/`white`, and `D4`-style points (no `I`) or `pass`, all
//! case-insensitive.

use stones_core::{column_label, Colour, Point, Topology};
use stones_go::GoMove;

/// A vertex: a point of the board, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertex {
    Pass,
    Point(Point),
}

/// Why a vertex was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not a vertex at all (`x`, `I5`, `D0`, `D`).
    Syntax,
    /// A well-formed vertex off this board (`T19` on 9x9).
    OffBoard,
}

/// Reads a colour: `b`, `black`, `w` or `white`, in any case.
pub fn parse_colour(s: &str) -> Option<Colour> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// Reads a vertex: a letter `A`–`Z` without `I`, then a row number from 1 (at the bottom); or `pass`.
pub fn parse_vertex(topo: &Topology, s: &str) -> Result<Vertex, VertexError> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(Vertex::Pass);
    }
    let b = s.as_bytes();
    let (&letter, digits) = b.split_first().ok_or(VertexError::Syntax)?;
    let col = match letter.to_ascii_uppercase() {
        c @ b'A'..=b'H' => c - b'A',
        c @ b'J'..=b'Z' => c - b'A' - 1,
        _ => return Err(VertexError::Syntax),
    };
    if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(VertexError::Syntax);
    }
    let row: i32 = digits.iter().fold(0, |n, d| n * 10 + (d - b'0') as i32);
    if !(1..=25).contains(&row) {
        return Err(VertexError::Syntax);
    }
    let (_, h) = topo.bounding_box();
    topo.at(col as i32, h as i32 - row)
        .map(Vertex::Point)
        .ok_or(VertexError::OffBoard)
}

/// The GTP name of a point: `D4`.
pub fn vertex_name(topo: &Topology, p: Point) -> String {
    let (x, y) = topo.xy(p);
    let (_, h) = topo.bounding_box();
    format!("{}{}", column_label(x), h - y)
}

/// The GTP name of a move genmove answers: a vertex, else `pass`.
pub fn move_name(topo: &Topology, mv: &GoMove) -> String {
    match mv {
        GoMove::Play(p) => vertex_name(topo, *p),
        _ => "pass".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones_core::Adjacency;

    #[test]
    fn vertices() {
        let t = Topology::square(19, 19, Adjacency::Orthogonal);
        let d4 = t.parse_point("D4").unwrap();
        for s in ["D4", "d4", "D04"] {
            assert_eq!(parse_vertex(&t, s), Ok(Vertex::Point(d4)), "{s}");
        }
        assert_eq!(parse_vertex(&t, "PASS"), Ok(Vertex::Pass));
        for s in [
            "", "I5", "i5", "D0", "D", "4", "DD4", "D-1", "D4x", "D26", "é4", "D123",
        ] {
            assert_eq!(parse_vertex(&t, s), Err(VertexError::Syntax), "{s}");
        }
        assert_eq!(parse_vertex(&t, "Z25"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&t, "T20"), Err(VertexError::OffBoard));
        assert_eq!(vertex_name(&t, d4), "D4");
        let j19 = t.parse_point("J19").unwrap();
        assert_eq!(parse_vertex(&t, "j19"), Ok(Vertex::Point(j19)));
        let small = Topology::square(9, 9, Adjacency::Orthogonal);
        assert_eq!(parse_vertex(&small, "K5"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&small, "J10"), Err(VertexError::OffBoard));
    }

    #[test]
    fn colours() {
        for (s, c) in [
            ("b", Colour::Black),
            ("BLACK", Colour::Black),
            ("W", Colour::White),
            ("white", Colour::White),
        ] {
            assert_eq!(parse_colour(s), Some(c));
        }
        for s in ["x", "o", "", "blackish", "bw"] {
            assert_eq!(parse_colour(s), None, "{s}");
        }
    }
}
