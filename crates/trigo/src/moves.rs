//! TriGo moves: typed form, text form (`a1+b2`, `h8`, `pass`, `resign`, `dead c3`, `done`).

use stones_core::turn::{self, Placements};
use stones_core::{MoveSyntaxError, Point, Topology};
use stones_go::words::{dead_point, word_move};
use stones_go::{Places, Stones};

/// Stones per turn: one on Black's opening move, two on every move after.
pub const TURN: Placements = Placements::ONE_THEN_TWO;

/// A TriGo move in typed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrigoMove {
    /// One stone: Black's opening move only.
    One(Point),
    /// Two stones on two different points: every other move. The canonical form, built by
    /// [`TrigoMove::two`], has the lower point index first; both orders are the same move in play.
    Two(Point, Point),
    /// Skip the whole move (no half move with one stone).
    Pass,
    /// The player to move resigns.
    Resign,
    /// After play (ruleset `dead_stones = "agree"`): mark or unmark the chain through this stone.
    Mark(Point),
    /// After play: the marking is agreed; count the game.
    Done,
}

impl TrigoMove {
    /// The two-stone move on `a` and `b`, in canonical order.
    pub fn two(a: Point, b: Point) -> TrigoMove {
        let (a, b) = turn::ordered(a, b);
        TrigoMove::Two(a, b)
    }

    /// The canonical form of this move (two stones in index order).
    pub fn canonical(self) -> TrigoMove {
        match self {
            TrigoMove::Two(a, b) => TrigoMove::two(a, b),
            other => other,
        }
    }
}

impl Places for TrigoMove {
    fn stones(self) -> Stones {
        match self {
            TrigoMove::One(p) => Stones::one(p),
            TrigoMove::Two(p, q) => Stones::two(p, q),
            _ => Stones::NONE,
        }
    }

    fn marks_dead(self) -> bool {
        matches!(self, TrigoMove::Mark(_))
    }
}

/// Where the game stands, for reading moves and for saying which moves apply now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Black's one-stone opening is next.
    Opening,
    /// Two-stone moves.
    Play,
    /// Play has stopped: a bare point marks a chain dead.
    Scoring,
    /// The game has ended.
    Over,
}

impl Stage {
    /// The moves that apply at this stage, in words.
    pub fn moves_text(self) -> &'static str {
        match self {
            Stage::Opening => "Black's opening is a single point (one stone); or pass or resign",
            Stage::Play => "a move is two points such as a1+b2 (or `a1 b2`); or pass or resign",
            Stage::Scoring => {
                "play has stopped: name a stone to mark its chain dead (again to unmark), then \
                 done; or resign"
            }
            Stage::Over => "the game is over",
        }
    }
}

/// Reads a move; at [`Stage::Scoring`] a bare point means "mark this chain dead".
pub fn parse(topo: &Topology, text: &str, stage: Stage) -> Result<TrigoMove, MoveSyntaxError> {
    let t = text.trim();
    if let Some(mv) = word_move(t, [TrigoMove::Pass, TrigoMove::Resign, TrigoMove::Done]) {
        return Ok(mv);
    }
    let shapes = stage.moves_text();
    if let Some(rest) = dead_point(t) {
        return Ok(TrigoMove::Mark(turn::parse_point(topo, t, rest, shapes)?));
    }
    match turn::parse_points(topo, t, TURN.most(), shapes, false)?.as_slice() {
        [one] if stage == Stage::Scoring => Ok(TrigoMove::Mark(*one)),
        [one] => Ok(TrigoMove::One(*one)),
        [a, b] => Ok(TrigoMove::two(*a, *b)),
        _ => unreachable!("parse_points reads one or two points"),
    }
}

/// The canonical text of `mv`: `a1+b2`, `h8`, `pass`, `resign`, `dead c3`, `done`.
pub fn text(topo: &Topology, mv: TrigoMove) -> String {
    match mv.canonical() {
        TrigoMove::One(p) => topo.name(p),
        TrigoMove::Two(a, b) => turn::points_text(topo, &[a, b], "+"),
        TrigoMove::Pass => "pass".into(),
        TrigoMove::Resign => "resign".into(),
        TrigoMove::Mark(p) => format!("dead {}", topo.name(p)),
        TrigoMove::Done => "done".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_read_back() {
        let t = Topology::hex(8);
        let p = |s| t.parse_point(s).unwrap();
        assert_eq!(parse(&t, "h8", Stage::Play), Ok(TrigoMove::One(p("h8"))));
        let two = TrigoMove::two(p("a1"), p("b2"));
        for s in ["a1+b2", "b2+a1", "a1 b2", " A1  B2 ", "a1,b2", "a1 + b2"] {
            assert_eq!(parse(&t, s, Stage::Play), Ok(two), "{s}");
        }
        assert_eq!(text(&t, two), "a1+b2");
        assert_eq!(parse(&t, &text(&t, two), Stage::Play), Ok(two));
        assert_eq!(parse(&t, "PASS", Stage::Play), Ok(TrigoMove::Pass));
        assert_eq!(parse(&t, "resign", Stage::Play), Ok(TrigoMove::Resign));
        assert_eq!(
            parse(&t, "dead c3", Stage::Play),
            Ok(TrigoMove::Mark(p("c3")))
        );
        assert_eq!(
            parse(&t, "c3", Stage::Scoring),
            Ok(TrigoMove::Mark(p("c3")))
        );
        assert_eq!(parse(&t, "done", Stage::Play), Ok(TrigoMove::Done));
        // Same point twice is read; the rules refuse it with a typed reason.
        assert_eq!(
            parse(&t, "c3+c3", Stage::Play),
            Ok(TrigoMove::Two(p("c3"), p("c3")))
        );
    }

    #[test]
    fn malformed_text_says_what_is_allowed() {
        let t = Topology::hex(8);
        for s in ["a9", "p1", "a1+a16", "zz", "", "a1+b2+c3", "dead", "1a"] {
            let e = parse(&t, s, Stage::Play).unwrap_err();
            assert!(e.why.contains("a1+b2"), "{s}: {e}");
            assert!(!e.why.contains("done"), "{s}: {e}");
        }
        let e = parse(&t, "zz", Stage::Scoring).unwrap_err();
        assert!(e.why.contains("done") && !e.why.contains("a1+b2"), "{e}");
        let e = parse(&t, "zz", Stage::Opening).unwrap_err();
        assert!(e.why.contains("opening is a single point"), "{e}");
        let e = parse(&t, "a1+a9", Stage::Play).unwrap_err();
        assert!(e.to_string().contains("'a9' is not on the board"), "{e}");
        assert!(e.to_string().contains("o15"), "{e}");
    }
}
