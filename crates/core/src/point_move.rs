//! The move of the many games whose move is one point, a pass where the game has one, or
//! resigning: its text both ways (with the same error wording in every such game and the guard
//! for a point past the board), its one point, and the plain placement check.

use crate::{MoveSyntaxError, PlaceRefused, Point, Topology};

/// A move that puts one stone, passes, or resigns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointMove {
    /// A stone of the mover on the point.
    Place(Point),
    /// No stone (only in games that allow it).
    Pass,
    /// The mover gives up: always legal while play goes on, never listed.
    Resign,
}

impl PointMove {
    /// Reads `D4`, `pass` (when `pass` is allowed) or `resign`, any case. The error says what was
    /// given and what the board and the game allow: `expected a point from A1 to G7 (…), pass or
    /// resign`.
    ///
    /// ```
    /// use stones_core::{point_move::PointMove, Adjacency, Topology};
    /// let topo = Topology::square(7, 7, Adjacency::Orthogonal);
    /// assert_eq!(PointMove::parse(&topo, "pass", true), Ok(PointMove::Pass));
    /// let e = PointMove::parse(&topo, "pass", false).unwrap_err();
    /// assert!(e.why.starts_with("there is no pass in this game: expected a point"), "{}", e.why);
    /// assert_eq!(PointMove::parse(&topo, " resign ", false), Ok(PointMove::Resign));
    /// ```
    pub fn parse(topo: &Topology, text: &str, pass: bool) -> Result<PointMove, MoveSyntaxError> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "resign" => return Ok(PointMove::Resign),
            "pass" if pass => return Ok(PointMove::Pass),
            _ => {}
        }
        let words = if pass {
            ", pass or resign"
        } else {
            " or resign"
        };
        let no_pass = match t.eq_ignore_ascii_case("pass") {
            true => "there is no pass in this game: ",
            false => "",
        };
        topo.parse_point(t)
            .map(PointMove::Place)
            .map_err(|e| MoveSyntaxError {
                text: t.to_string(),
                why: format!("{no_pass}expected {}{words}", e.allowed),
            })
    }

    /// `D4`, `pass`, `resign`; a point past the board (never legal) as `#index`.
    pub fn text(self, topo: &Topology) -> String {
        match self {
            PointMove::Place(p) if p.idx() < topo.len() => topo.name(p),
            PointMove::Place(p) => format!("#{}", p.0),
            PointMove::Pass => "pass".into(),
            PointMove::Resign => "resign".into(),
        }
    }

    /// The point the move puts a stone on.
    pub fn point(self) -> Option<Point> {
        match self {
            PointMove::Place(p) => Some(p),
            _ => None,
        }
    }

    /// The plain placement check: refused when the game is `over`, the point is past the board or
    /// `taken` ([`PlaceRefused::check`]), or the move is a pass and `pass` is not allowed.
    pub fn check(
        self,
        over: bool,
        topo: &Topology,
        pass: bool,
        taken: impl Fn(Point) -> bool,
    ) -> Result<(), PlaceRefused> {
        PlaceRefused::check(over, topo, self.point(), taken)?;
        match self {
            PointMove::Pass if !pass => Err(PlaceRefused::NoPass),
            _ => Ok(()),
        }
    }
}
