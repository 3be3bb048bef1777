//! The stones of an n-in-a-row game on a [`Grid`]: the padded cells, the count of empty points and
//! the Zobrist hash of the stones, with what such games ask of them — place and take back a stone,
//! find a winning row through it, judge a set-up position, pick a random empty point. The search's
//! questions about such a board are [`Grid`]'s.

use crate::colour::Colour;
use crate::error::SetupError;
use crate::placement::{self, End};
use crate::rows::{self, Goal, Grid, BLACK, EMPTY, WHITE};
use crate::rules::BoardSize;
use crate::topology::Point;
use crate::zobrist::Rng;
use std::sync::Arc;

/// A winning row found on the board: whose, a point of it and its line (an index into
/// [`Grid::dirs`]).
pub type Win = (Colour, Point, u8);

/// The stones of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct RowBoard {
    /// The geometry, shared by every position of a game.
    pub grid: Arc<Grid>,
    /// The padded cells (see [`crate::rows`]).
    pub cells: Vec<u8>,
    /// Empty points left.
    pub empties: u32,
    /// The Zobrist hash of the stones (not of the side to move).
    pub hash: u64,
}

impl RowBoard {
    /// An empty board of `size`.
    pub fn new(size: BoardSize) -> RowBoard {
        let grid = Arc::new(Grid::new(size));
        RowBoard {
            cells: grid.empty_cells(),
            empties: grid.len() as u32,
            grid,
            hash: 0,
        }
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        p.idx() < self.grid.len() && self.cells[self.grid.pad(p)] == EMPTY
    }

    /// The stone on `p`, if any (`None` off the board too).
    pub fn stone(&self, p: Point) -> Option<Colour> {
        if p.idx() >= self.grid.len() {
            return None;
        }
        match self.cells[self.grid.pad(p)] {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }

    /// Puts a `c` stone on the empty point `p`; returns the line of a `goal` row it makes, if any.
    pub fn put(&mut self, p: Point, c: Colour, goal: Goal) -> Option<u8> {
        let i = self.grid.pad(p);
        self.cells[i] = rows::cell(c);
        self.empties -= 1;
        self.hash ^= self.grid.topo.key(p, c);
        self.grid.winning_line(&self.cells, i, rows::cell(c), goal)
    }

    /// Takes the `c` stone off `p` (the undo of [`RowBoard::put`]).
    pub fn take(&mut self, p: Point, c: Colour) {
        self.cells[self.grid.pad(p)] = EMPTY;
        self.empties += 1;
        self.hash ^= self.grid.topo.key(p, c);
    }

    /// The stones of the `c` row through `at` along `line`, from one end to the other.
    pub fn row(&self, (c, at, line): Win) -> Vec<Point> {
        self.grid.row(&self.cells, at, line, rows::cell(c))
    }

    /// The stones of the winning row of a game that has ended as `end`, if a row won it.
    pub fn winning_row(&self, end: End<(Point, u8)>) -> Option<Vec<Point>> {
        match end {
            End::Won(c, (at, line)) => Some(self.row((c, at, line))),
            _ => None,
        }
    }

    /// Replaces the stones with `stones` (one entry per point) and returns how the position stands
    /// under each colour's goal (Black's first; see [`placement::setup_end`]): won by a row on it,
    /// drawn when full, else going on. Refuses a board where both colours have won.
    pub fn set(
        &mut self,
        stones: &[Option<Colour>],
        goals: [Goal; 2],
    ) -> Result<End<(Point, u8)>, SetupError> {
        let n = self.grid.len();
        placement::setup_size(stones.len(), n)?;
        let mut next = RowBoard {
            grid: Arc::clone(&self.grid),
            cells: self.grid.empty_cells(),
            empties: n as u32,
            hash: 0,
        };
        for (p, colour) in self.grid.topo.points().zip(stones) {
            if let Some(c) = *colour {
                next.put(p, c, goals[c.idx()]);
            }
        }
        let end = placement::setup_end(next.grid.scan(&next.cells, goals), next.empties == 0)?;
        *self = next;
        Ok(end)
    }

    /// The empty points, in index order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + Clone + '_ {
        self.grid.topo.points().filter(|&p| self.is_empty(p))
    }

    /// A uniformly random empty point other than `not`, by rejection sampling; when 64 draws fail (a
    /// nearly full board) the first one from a random start. Allocates nothing.
    pub fn random_empty(&self, rng: &mut Rng, not: Option<Point>) -> Option<Point> {
        let n = self.grid.len();
        let ok = |p: Point| (self.is_empty(p) && Some(p) != not).then_some(p);
        (0..64)
            .find_map(|_| ok(Point(rng.below(n) as u16)))
            .or_else(|| {
                let start = rng.below(n);
                (0..n).find_map(|k| ok(Point(((start + k) % n) as u16)))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_text::parse_board;

    const SIX: Goal = Goal::or_more(6);

    fn board(rows: &str) -> RowBoard {
        let mut b = RowBoard::new(BoardSize::square(7));
        let stones = parse_board(&b.grid.topo, rows).unwrap();
        b.set(&stones, [SIX; 2]).unwrap();
        b
    }

    const ROWS: &str = "
        . . . . . . .
        x x x x . x .
        . . . . . . .
        . . . . . . .
        . o . . . . .
        . o . . . . .
        o o o o . . .";

    #[test]
    fn stones_go_on_and_come_off_and_set_ups_are_judged() {
        let mut b = board(ROWS);
        let before = b.clone();
        let p = b.grid.topo.parse_point("E6").unwrap();
        assert!(b.is_empty(p) && !b.is_empty(Point(49)) && b.stone(Point(49)).is_none());
        let line = b.put(p, Colour::Black, SIX);
        assert_eq!(line, Some(0));
        let names: Vec<String> = b
            .row((Colour::Black, p, 0))
            .iter()
            .map(|&q| b.grid.topo.name(q))
            .collect();
        assert_eq!(names, ["A6", "B6", "C6", "D6", "E6", "F6"]);
        assert_eq!(b.stone(p), Some(Colour::Black));
        assert_eq!(
            b.winning_row(End::Won(Colour::Black, (p, 0)))
                .unwrap()
                .len(),
            6
        );
        assert_eq!(b.winning_row(End::Resigned(Colour::Black)), None);
        b.take(p, Colour::Black);
        assert_eq!(b, before);
        let won = board(&ROWS.replacen("x x x x . x", "x x x x x x", 1));
        let mut again = won.clone();
        let stones: Vec<_> = won.grid.topo.points().map(|q| won.stone(q)).collect();
        assert_eq!(
            again.set(&stones, [SIX; 2]).unwrap().winner(),
            Some(Colour::Black)
        );
        let both = ROWS.replacen("x x x x . x", "x x x x x x", 1).replacen(
            "o o o o . .",
            "o o o o o o",
            1,
        );
        let stones = parse_board(&won.grid.topo, &both).unwrap();
        assert!(again
            .set(&stones, [SIX; 2])
            .unwrap_err()
            .0
            .contains("both Black and White"));
        assert!(again.set(&stones[1..], [SIX; 2]).is_err());
        assert_eq!(board(ROWS).empty_points().count(), 49 - 11);
    }

    #[test]
    fn the_search_questions() {
        let b = board(ROWS);
        let a6 = b.grid.topo.parse_point("A6").unwrap();
        let e6 = b.grid.topo.parse_point("E6").unwrap();
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 5, |_| true),
            Some(e6)
        );
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 3, |_| true),
            None
        );
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 5, |q| q != e6),
            None
        );
        let names = |c| -> Vec<String> {
            let points = b.grid.window_points(&b.cells, 6, c, 4);
            points.iter().map(|&p| b.grid.topo.name(p)).collect()
        };
        // E6 is in two windows (A6-F6 and B6-G6) and comes once.
        assert_eq!(names(Colour::Black), ["E6", "G6"]);
        assert_eq!(names(Colour::White), ["E1", "F1"]);
        let mut rng = Rng::new(3);
        let pairs = ["x x o o x x o\n", "o o x x o o x\n"];
        let full: String = (0..7).map(|r| pairs[r % 2]).collect();
        let full = board(&full.replacen("x x o o x x o", "x x o o x x .", 1));
        let g7 = full.grid.topo.parse_point("G7").unwrap();
        assert_eq!(full.random_empty(&mut rng, None), Some(g7));
        assert_eq!(full.random_empty(&mut rng, Some(g7)), None);
        assert!(b
            .grid
            .near_stone(&b.cells, b.grid.topo.parse_point("C4").unwrap(), 1));
        assert!(!b
            .grid
            .near_stone(&b.cells, b.grid.topo.parse_point("G3").unwrap(), 1));
    }
}
