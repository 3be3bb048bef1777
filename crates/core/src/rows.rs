//! Rows of stones on a square board, the line scan that n-in-a-row games share (Gomoku's five,
//! Connect6's six): a padded cell array, runs along the four lines through a stone, what length wins
//! ("exactly n" or "n or more"), the winning row's stones, a whole-board scan, and the search's
//! questions (windows of n cells, a winning point near a stone, points near the stones).
//!
//! Padded index of `(x, y)` is `(y + 1) * stride + x + 1` with `stride = width + 1`: every padded row
//! starts with one sentinel cell (which also ends the row before), and a sentinel row lies above and
//! below the board. One step along a line is adding one of [`Grid::dirs`]; from any point, the first
//! step off the board lands on a sentinel inside the array, so no walk needs a bounds test.

use crate::colour::Colour;
use crate::rules::BoardSize;
use crate::topology::{Adjacency, Point, Topology};

/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board (or a blocked point): neither colour, never playable, a wall for rows.
pub const EDGE: u8 = 3;

/// The four lines through a point: horizontal, vertical and the two diagonals.
pub const LINES: usize = 4;

/// The cell value of a `colour` stone.
#[inline]
pub fn cell(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// What length of row wins: exactly `n`, or `n` or more when overlines win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The length of a winning row.
    pub n: u32,
    /// Whether a row longer than `n` (an overline) wins too.
    pub overline_wins: bool,
}

impl Goal {
    /// `n` or more in a row wins (Connect6's six or more; freestyle gomoku's five or more).
    pub const fn or_more(n: u32) -> Goal {
        Goal {
            n,
            overline_wins: true,
        }
    }

    /// Whether a row of `len` stones wins.
    #[inline]
    pub fn wins(self, len: u32) -> bool {
        len == self.n || (len > self.n && self.overline_wins)
    }

    /// Whether a row of `len` stones is an overline (longer than `n`).
    #[inline]
    pub fn is_overline(self, len: u32) -> bool {
        len > self.n
    }
}

/// A square board's geometry for line scans: its topology plus the padded layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The board as the rest of stones sees it (king adjacency).
    pub topo: Topology,
    pub width: u16,
    pub height: u16,
    /// Cells per padded row: `width + 1`.
    pub stride: usize,
    /// Padded-index steps along the four lines: right, down, down-right, down-left.
    pub dirs: [isize; LINES],
    /// Per point, its padded index.
    pad: Vec<u16>,
}

impl Grid {
    /// The grid of a `size` board.
    pub fn new(size: BoardSize) -> Grid {
        let (width, height) = (size.width, size.height);
        let topo = Topology::square(width, height, Adjacency::King);
        let stride = width as usize + 1;
        let s = stride as isize;
        let pad = topo
            .points()
            .map(|p| {
                let (x, y) = topo.xy(p);
                ((y as usize + 1) * stride + x as usize + 1) as u16
            })
            .collect();
        Grid {
            topo,
            width,
            height,
            stride,
            dirs: [1, s, s + 1, s - 1],
            pad,
        }
    }

    /// Number of points on the board.
    #[inline]
    pub fn len(&self) -> usize {
        self.pad.len()
    }

    /// Whether the board has no points (never, for a valid size).
    pub fn is_empty(&self) -> bool {
        self.pad.is_empty()
    }

    /// The padded index of `p` (which must be on the board).
    #[inline]
    pub fn pad(&self, p: Point) -> usize {
        self.pad[p.idx()] as usize
    }

    /// The point at padded index `i` (which must be on the board).
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        let (y, x) = (i / self.stride - 1, i % self.stride - 1);
        Point((y * self.width as usize + x) as u16)
    }

    /// An empty board: every cell [`EMPTY`], every sentinel [`EDGE`].
    pub fn empty_cells(&self) -> Vec<u8> {
        let mut cells = vec![EDGE; (self.height as usize + 2) * self.stride + 1];
        for &i in &self.pad {
            cells[i as usize] = EMPTY;
        }
        cells
    }

    /// The first line (an index into [`Grid::dirs`]) on which the `own` row through padded index `i`
    /// wins under `goal`, counting `i` as `own`.
    #[inline]
    pub fn winning_line(&self, cells: &[u8], i: usize, own: u8, goal: Goal) -> Option<u8> {
        let won = self
            .dirs
            .iter()
            .position(|&d| goal.wins(run(cells, i, d, own)));
        won.map(|k| k as u8)
    }

    /// The longest `own` row through padded index `i` on any line, counting `i` as `own`.
    pub fn longest(&self, cells: &[u8], i: usize, own: u8) -> u32 {
        self.dirs
            .iter()
            .map(|&d| run(cells, i, d, own))
            .max()
            .unwrap_or(0)
    }

    /// The stones of the `own` row through `at` along `line`, from one end to the other.
    pub fn row(&self, cells: &[u8], at: Point, line: u8, own: u8) -> Vec<Point> {
        let d = self.dirs[line as usize];
        let mut i = self.pad(at);
        while cells[i.wrapping_add_signed(-d)] == own {
            i = i.wrapping_add_signed(-d);
        }
        let mut row = Vec::new();
        while cells[i] == own {
            row.push(self.point(i));
            i = i.wrapping_add_signed(d);
        }
        row
    }

    /// Per colour (Black first), the first winning row on the board as a point of it and its line,
    /// scanning every line from scratch (setups, and the check on incremental win detection).
    pub fn scan(&self, cells: &[u8], goals: [Goal; 2]) -> [Option<(Point, u8)>; 2] {
        let mut found = [None; 2];
        for p in self.topo.points() {
            let i = self.pad(p);
            let colour = match cells[i] {
                BLACK => Colour::Black,
                WHITE => Colour::White,
                _ => continue,
            };
            let own = cells[i];
            for (k, &d) in self.dirs.iter().enumerate() {
                // Only from the first stone of a row, so each row is measured once.
                if cells[i.wrapping_add_signed(-d)] == own {
                    continue;
                }
                let slot = &mut found[colour.idx()];
                if slot.is_none() && goals[colour.idx()].wins(run(cells, i, d, own)) {
                    *slot = Some((p, k as u8));
                }
            }
        }
        found
    }

    /// Whether a stone lies within `r` lines of `p` (in both directions, Chebyshev distance).
    pub fn near_stone(&self, cells: &[u8], p: Point, r: i32) -> bool {
        let topo = &self.topo;
        let (x, y) = topo.xy(p);
        (-r..=r).any(|dy| {
            (-r..=r).any(|dx| {
                topo.at(x as i32 + dx, y as i32 + dy)
                    .is_some_and(|q| matches!(cells[self.pad(q)], BLACK | WHITE))
            })
        })
    }

    /// The points a search tries when nothing is urgent, among the empty points `ok` accepts, in index
    /// order: those within `r` lines of a stone; on a board without stones, the `centre` points;
    /// when that leaves none, all of them (the quiet steps of the n-in-a-row games).
    pub fn quiet_points(
        &self,
        cells: &[u8],
        r: i32,
        centre: &[Point],
        ok: impl Fn(Point) -> bool,
    ) -> Vec<Point> {
        let open = |p: &Point| cells[self.pad(*p)] == EMPTY && ok(*p);
        let near = |p: &Point| open(p) && self.near_stone(cells, *p, r);
        let mut points: Vec<Point> = self.topo.points().filter(near).collect();
        let no_stone =
            || (self.topo.points()).all(|p| !matches!(cells[self.pad(p)], BLACK | WHITE));
        if points.is_empty() && no_stone() {
            points.extend(centre.iter().filter(|p| open(p)));
        }
        if points.is_empty() {
            points.extend(self.topo.points().filter(open));
        }
        points
    }

    /// The empty points of the windows of `n` cells in a line on the board that hold at least `need`
    /// `c` stones and no other stone, each once, in the order the windows are found.
    pub fn window_points(&self, cells: &[u8], n: usize, c: Colour, need: usize) -> Vec<Point> {
        let own = cell(c);
        let mut found = Vec::new();
        for p in self.topo.points() {
            let start = self.pad(p);
            for &d in &self.dirs {
                let at = |k: usize| start.wrapping_add_signed(k as isize * d);
                // The first cell that is neither own nor empty ends the window short.
                let len = (0..n)
                    .take_while(|&k| matches!(cells[at(k)], EMPTY) || cells[at(k)] == own)
                    .count();
                let mine = (0..len).filter(|&k| cells[at(k)] == own).count();
                if len == n && mine >= need {
                    for k in (0..n).filter(|&k| cells[at(k)] == EMPTY) {
                        let q = self.point(at(k));
                        if !found.contains(&q) {
                            found.push(q);
                        }
                    }
                }
            }
        }
        found
    }

    /// The first empty point within `reach` cells of the stone on `p`, along its four lines and not
    /// past a stone of the other colour or the edge, where a stone of `p`'s colour would make a
    /// `goal` row and which `ok` accepts.
    pub fn winning_point_near(
        &self,
        cells: &[u8],
        p: Point,
        goal: Goal,
        reach: usize,
        mut ok: impl FnMut(Point) -> bool,
    ) -> Option<Point> {
        let i = self.pad(p);
        let own = cells[i];
        for d in self.dirs.iter().flat_map(|&d| [d, -d]) {
            let mut j = i;
            for _ in 0..reach {
                j = j.wrapping_add_signed(d);
                match cells[j] {
                    EMPTY => {
                        let q = self.point(j);
                        if self.winning_line(cells, j, own, goal).is_some() && ok(q) {
                            return Some(q);
                        }
                    }
                    EDGE => break,
                    c if c != own => break,
                    _ => {}
                }
            }
        }
        None
    }
}

/// The length of the unbroken row of `own` stones through padded index `i` along step `d`
/// (counting `i` itself as `own`).
#[inline]
pub fn run(cells: &[u8], i: usize, d: isize, own: u8) -> u32 {
    let mut n = 1;
    let mut j = i.wrapping_add_signed(d);
    while cells[j] == own {
        n += 1;
        j = j.wrapping_add_signed(d);
    }
    let mut j = i.wrapping_add_signed(-d);
    while cells[j] == own {
        n += 1;
        j = j.wrapping_add_signed(-d);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_stops_every_walk_at_the_edge() {
        for (w, h) in [(5, 5), (15, 15), (8, 6), (26, 26)] {
            let g = Grid::new(BoardSize {
                width: w,
                height: h,
            });
            let cells = g.empty_cells();
            for p in g.topo.points() {
                let i = g.pad(p);
                assert_eq!(g.point(i), p);
                assert_eq!(cells[i], EMPTY);
                let (x, y) = g.topo.xy(p);
                for (k, &d) in g.dirs.iter().enumerate() {
                    let (dx, dy) = [(1, 0), (0, 1), (1, 1), (-1, 1)][k];
                    for sign in [1, -1] {
                        let j = i.wrapping_add_signed(sign * d);
                        let on = g
                            .topo
                            .at(x as i32 + sign as i32 * dx, y as i32 + sign as i32 * dy);
                        match on {
                            Some(q) => assert_eq!(j, g.pad(q)),
                            None => assert_eq!(cells[j], EDGE),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn quiet_points_are_near_stones_else_the_centre_else_anywhere() {
        let names = |g: &Grid, points: Vec<Point>| -> Vec<String> {
            points.iter().map(|&p| g.topo.name(p)).collect()
        };
        let (g, cells) = board(&["A1"], BLACK);
        let near = names(&g, g.quiet_points(&cells, 1, &[], |_| true));
        assert_eq!(near, ["A2", "B2", "B1"]);
        let not_b2 = |p| g.topo.name(p) != "B2";
        assert_eq!(
            names(&g, g.quiet_points(&cells, 1, &[], not_b2)),
            ["A2", "B1"]
        );
        let e5 = g.topo.parse_point("E5").unwrap();
        let (g, cells) = board(&[], BLACK);
        assert_eq!(
            names(&g, g.quiet_points(&cells, 2, &[e5], |_| true)),
            ["E5"]
        );
        let all = g.quiet_points(&cells, 2, &[e5], |p| p != e5);
        assert_eq!(all.len(), 80);
    }

    /// A 9x9 grid with `own` stones on the named points.
    fn board(points: &[&str], own: u8) -> (Grid, Vec<u8>) {
        let g = Grid::new(BoardSize::square(9));
        let mut cells = g.empty_cells();
        for s in points {
            cells[g.pad(g.topo.parse_point(s).unwrap())] = own;
        }
        (g, cells)
    }

    #[test]
    fn exactly_n_and_overlines() {
        let exact = Goal {
            n: 6,
            overline_wins: false,
        };
        let more = Goal {
            n: 6,
            overline_wins: true,
        };
        assert!(exact.wins(6) && !exact.wins(5) && !exact.wins(7));
        assert!(more.wins(6) && more.wins(9) && !more.wins(5));
        assert!(exact.is_overline(7) && !exact.is_overline(6));
        let six = ["A1", "B1", "C1", "D1", "E1", "F1"];
        let (g, cells) = board(&six, BLACK);
        let at = g.pad(g.topo.parse_point("C1").unwrap());
        assert_eq!(g.winning_line(&cells, at, BLACK, exact), Some(0));
        assert_eq!(g.winning_line(&cells, at, WHITE, exact), None);
        assert_eq!(g.longest(&cells, at, BLACK), 6);
        let seven = ["A1", "B1", "C1", "D1", "E1", "F1", "G1"];
        let (g, cells) = board(&seven, BLACK);
        assert_eq!(g.winning_line(&cells, at, BLACK, exact), None);
        assert_eq!(g.winning_line(&cells, at, BLACK, more), Some(0));
    }

    #[test]
    fn rows_on_every_line_stop_at_the_edge_and_at_other_stones() {
        let goal = Goal {
            n: 3,
            overline_wins: true,
        };
        let lines: [(&[&str], u8); 4] = [
            (&["G5", "H5", "J5"], 0),
            (&["A9", "A8", "A7"], 1),
            (&["G3", "H2", "J1"], 2),
            (&["C3", "B2", "A1"], 3),
        ];
        for (points, line) in lines {
            let (g, cells) = board(points, WHITE);
            let at = g.topo.parse_point(points[1]).unwrap();
            let names: Vec<String> = g
                .row(&cells, at, line, WHITE)
                .iter()
                .map(|&p| g.topo.name(p))
                .collect();
            let mut want: Vec<&str> = points.to_vec();
            want.sort_by_key(|s| g.pad(g.topo.parse_point(s).unwrap()));
            assert_eq!(names, want, "line {line}");
            assert_eq!(g.scan(&cells, [goal; 2])[1].map(|f| f.1), Some(line));
            assert_eq!(g.scan(&cells, [goal; 2])[0], None);
        }
        // A row through the right edge does not go on at the left of the next row.
        let (g, cells) = board(&["H5", "J5", "A4"], BLACK);
        assert_eq!(g.scan(&cells, [goal; 2]), [None, None]);
    }
}
