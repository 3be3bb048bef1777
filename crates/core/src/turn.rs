//! A turn of several placements, as TriGo and Connect6 play it: how many stones the current turn
//! places and how many are left to choose, and the text of a move that names several points
//! (`a1+b2`, `K10L11`).

use crate::error::MoveSyntaxError;
use crate::topology::{Point, Topology};

/// How many stones a turn places: `first` on the game's opening turn, `later` on every turn after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placements {
    /// Stones of the opening turn (Black's first move).
    pub first: u8,
    /// Stones of every later turn.
    pub later: u8,
}

impl Placements {
    /// One stone on the opening turn, two on every later one (TriGo, Connect6).
    pub const ONE_THEN_TWO: Placements = Placements { first: 1, later: 2 };

    /// Stones the turn places: the opening turn's, or a later turn's.
    #[inline]
    pub fn now(self, opening: bool) -> usize {
        if opening {
            self.first as usize
        } else {
            self.later as usize
        }
    }

    /// Stones still to choose in a turn of which `chosen` are chosen (0: the turn is whole).
    #[inline]
    pub fn left(self, opening: bool, chosen: usize) -> usize {
        self.now(opening).saturating_sub(chosen)
    }

    /// The most stones any turn places.
    pub fn most(self) -> usize {
        self.first.max(self.later) as usize
    }
}

/// A count of stones in words, for messages (`two`).
fn count_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// Reads one point `s` of the move `whole`; the error names the point, the notation, and `moves`
/// (what moves apply now, in words).
pub fn parse_point(
    topo: &Topology,
    whole: &str,
    s: &str,
    moves: &str,
) -> Result<Point, MoveSyntaxError> {
    topo.parse_point(s).map_err(|e| MoveSyntaxError {
        text: whole.to_string(),
        why: format!(
            "{} is not on the board (expected {}); {moves}",
            crate::input::quote(&e.text),
            e.allowed
        ),
    })
}

/// Splits a move's text into its points: separated by `+`, `,` or spaces, and with `glued` also
/// where a letter follows a digit (`K10L11`).
fn split(text: &str, glued: bool) -> Vec<&str> {
    let mut parts = Vec::new();
    for word in text.split(|c: char| c == '+' || c == ',' || c.is_whitespace()) {
        let mut start = 0;
        let bytes = word.as_bytes();
        for i in 1..bytes.len() {
            if glued && bytes[i - 1].is_ascii_digit() && bytes[i].is_ascii_alphabetic() {
                parts.push(&word[start..i]);
                start = i;
            }
        }
        if start < word.len() {
            parts.push(&word[start..]);
        }
    }
    parts
}

/// Reads a move of one to `most` points (points in the board's notation, separated as `split`
/// says). The errors say what was wrong and, through `moves`, what applies now. The points are
/// neither checked for being empty nor for being different: that is the rules' judgement.
pub fn parse_points(
    topo: &Topology,
    text: &str,
    most: usize,
    moves: &str,
    glued: bool,
) -> Result<Vec<Point>, MoveSyntaxError> {
    let t = text.trim();
    let parts = split(t, glued);
    let bad = |why: String| MoveSyntaxError {
        text: t.to_string(),
        why,
    };
    match parts.len() {
        0 => Err(bad(format!(
            "{moves}; points are {}",
            topo.describe_notation()
        ))),
        n if n > most => Err(bad(format!(
            "a move places at most {} stones, not {n}; {moves}",
            count_word(most)
        ))),
        _ => parts
            .iter()
            .map(|s| parse_point(topo, t, s, moves))
            .collect(),
    }
}

/// The text of a move's points, joined by `sep` (`a1+b2` with `+`, `K10L11` with nothing).
pub fn points_text(topo: &Topology, points: &[Point], sep: &str) -> String {
    topo.names(points).join(sep)
}

/// Every pair of two different points of `points`, each once, in the order of `points` (all pairs
/// of the first point first): the two-stone moves over a list of empty points.
pub fn pairs(points: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    let after = move |(i, &p): (usize, &Point)| points[i + 1..].iter().map(move |&q| (p, q));
    points.iter().enumerate().flat_map(after)
}

/// Two points in canonical order (lower index first): the two stones of a pair are one move
/// whichever is named first.
#[inline]
pub fn ordered(a: Point, b: Point) -> (Point, Point) {
    (a.min(b), a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Adjacency;

    #[test]
    fn turns_count_their_stones() {
        let t = Placements::ONE_THEN_TWO;
        assert_eq!((t.now(true), t.now(false), t.most()), (1, 2, 2));
        assert_eq!(t.left(true, 0), 1);
        assert_eq!(t.left(true, 1), 0);
        assert_eq!(t.left(false, 1), 1);
        assert_eq!(t.left(false, 2), 0);
        assert_eq!(t.left(false, 3), 0);
    }

    #[test]
    fn several_points_read_and_print() {
        let topo = Topology::square(19, 19, Adjacency::King);
        let p = |s| topo.parse_point(s).unwrap();
        let moves = "a move is two points";
        for text in ["K10L11", "K10 L11", "k10+l11", " K10 , L11 ", "K10L11 "] {
            let got = parse_points(&topo, text, 2, moves, true).unwrap();
            assert_eq!(got, [p("K10"), p("L11")], "{text}");
        }
        assert_eq!(
            parse_points(&topo, "J10", 2, moves, true),
            Ok(vec![p("J10")])
        );
        let three = [p("A1"), p("B2"), p("C3")];
        let all: Vec<_> = pairs(&three).collect();
        assert_eq!(
            all,
            [
                (three[0], three[1]),
                (three[0], three[2]),
                (three[1], three[2])
            ]
        );
        assert_eq!(pairs(&three[..1]).count(), 0);
        let (a, b) = ordered(p("L11"), p("K10"));
        assert_eq!(points_text(&topo, &[a, b], ""), "L11K10");
        assert_eq!(points_text(&topo, &[p("A1"), p("T19")], "+"), "A1+T19");
        // Without `glued` a glued pair is one (bad) point.
        let e = parse_points(&topo, "K10L11", 2, moves, false).unwrap_err();
        assert!(e.why.contains("'K10L11' is not on the board"), "{e}");
        let e = parse_points(&topo, "K10L11M12", 2, moves, true).unwrap_err();
        assert!(
            e.why.starts_with("a move places at most two stones, not 3"),
            "{e}"
        );
        let e = parse_points(&topo, " + ", 2, moves, true).unwrap_err();
        assert!(
            e.why.starts_with(moves) && e.why.contains("A1 to T19"),
            "{e}"
        );
        let e = parse_points(&topo, "K10 Z99", 2, moves, true).unwrap_err();
        assert_eq!(e.text, "K10 Z99");
        assert!(
            e.why.contains("'Z99' is not on the board") && e.why.ends_with(moves),
            "{e}"
        );
    }
}
