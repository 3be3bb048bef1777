//! The board in the form the line scans want: [`stones_core::rows::Grid`] (a padded cell array whose
//! walks along the four lines stop at the edge without a bounds test), plus what the opening rule needs
//! to know about the centre.

use crate::shapes;
use std::ops::Deref;
use stones_core::rows::Grid;
use stones_core::{BoardSize, Point};

pub(crate) use stones_core::rows::{cell, BLACK, EDGE, EMPTY, LINES, WHITE};

/// Geometry shared by every position of one game: the padded grid (its fields and methods are the
/// layout's, through `Deref`) plus the distances from the centre.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    grid: Grid,
    /// Per point, its distance from the centre in lines (Chebyshev; 0 on the centre point).
    centre_distance: Vec<u8>,
    /// Every point, nearest the centre first; the first `within[d]` lie at most `d` from it.
    by_distance: Vec<Point>,
    within: [usize; 3],
    /// Per difference `j - i` of two padded cells (offset by half the length), whether `j` lies
    /// on a line through `i` at most [`shapes::REACH`] away ([`Layout::in_line`]).
    in_line: Vec<bool>,
}

impl Deref for Layout {
    type Target = Grid;

    fn deref(&self) -> &Grid {
        &self.grid
    }
}

impl Layout {
    /// The layout of a `size` board.
    pub fn new(size: BoardSize) -> Layout {
        let grid = Grid::new(size);
        let (width, height) = (size.width, size.height);
        let centre_distance: Vec<u8> = grid
            .topo
            .points()
            .map(|p| {
                let (x, y) = grid.topo.xy(p);
                axis_distance(x, width).max(axis_distance(y, height)) as u8
            })
            .collect();
        let mut by_distance: Vec<Point> = grid.topo.points().collect();
        by_distance.sort_by_key(|p| centre_distance[p.idx()]);
        let within = [0, 1, 2].map(|d| centre_distance.iter().filter(|&&c| c <= d).count());
        let reach = shapes::REACH as isize;
        let half = reach * grid.dirs.iter().max().copied().unwrap_or(1);
        let mut in_line = vec![false; 2 * half as usize + 1];
        for &d in &grid.dirs {
            for k in -reach..=reach {
                in_line[(half + k * d) as usize] = true;
            }
        }
        Layout {
            grid,
            centre_distance,
            by_distance,
            within,
            in_line,
        }
    }

    /// How many lines `p` lies from the centre, counting the larger of its two axis distances.
    #[inline]
    pub fn centre_distance(&self, p: Point) -> u8 {
        self.centre_distance[p.idx()]
    }

    /// Whether the padded cells `i` and `j` lie on one line at most [`shapes::REACH`] apart, or
    /// are one cell: whether a stone on one can change the shapes through the other. Cells of two
    /// rows that line up across the padding count too: it may say yes wrongly, never no.
    #[inline]
    pub fn in_line(&self, i: usize, j: usize) -> bool {
        let at = (j + self.in_line.len() / 2).wrapping_sub(i);
        self.in_line.get(at).is_some_and(|&yes| yes)
    }

    /// The points at most `d` (0, 1 or 2) lines from the centre.
    #[inline]
    pub fn near_centre(&self, d: u8) -> &[Point] {
        &self.by_distance[..self.within[d.min(2) as usize]]
    }

    /// The central square whose points lie at most `d` lines from the centre, as its side and its
    /// corners: `5x5 (F6–K10)` (odd sides) or `6x6 (…)` (even sides: the centre is two lines wide).
    pub fn square_name(&self, d: u8) -> String {
        let side = |n: u16| 2 * d as u16 + 1 + (1 - n % 2);
        let (w, h) = (side(self.width), side(self.height));
        let inside = || self.topo.points().filter(|&p| self.centre_distance(p) <= d);
        let (x0, x1) = (
            inside().map(|p| self.topo.xy(p).0).min(),
            inside().map(|p| self.topo.xy(p).0).max(),
        );
        let (y0, y1) = (
            inside().map(|p| self.topo.xy(p).1).min(),
            inside().map(|p| self.topo.xy(p).1).max(),
        );
        let corner = |x: Option<u16>, y: Option<u16>| {
            x.zip(y)
                .and_then(|(x, y)| self.topo.at(x as i32, y as i32))
                .map(|p| self.topo.name(p))
                .unwrap_or_default()
        };
        // Lower left (smallest x, largest y from the top) to upper right.
        format!("{w}x{h} ({}–{})", corner(x0, y1), corner(x1, y0))
    }

    /// The centre point(s): one on odd sides, up to four when a side is even.
    pub fn centre_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.topo.points().filter(|&p| self.centre_distance(p) == 0)
    }
}

/// Distance of line `x` from the centre line(s) of a side of `n` lines.
fn axis_distance(x: u16, n: u16) -> u16 {
    let lo = (n - 1) / 2;
    let hi = n / 2;
    if x < lo {
        lo - x
    } else {
        x.saturating_sub(hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_and_squares() {
        let l = Layout::new(BoardSize::square(15));
        let centre: Vec<_> = l.centre_points().map(|p| l.topo.name(p)).collect();
        assert_eq!(centre, ["H8"]);
        assert_eq!(l.square_name(2), "5x5 (F6–K10)");
        let inside = l
            .topo
            .points()
            .filter(|&p| l.centre_distance(p) <= 2)
            .count();
        assert_eq!(inside, 25);
        let l = Layout::new(BoardSize::square(20));
        let mut centre: Vec<_> = l.centre_points().map(|p| l.topo.name(p)).collect();
        centre.sort();
        assert_eq!(centre, ["K10", "K11", "L10", "L11"]);
        assert_eq!(l.square_name(2), "6x6 (H8–N13)");
        let inside = l
            .topo
            .points()
            .filter(|&p| l.centre_distance(p) <= 2)
            .count();
        assert_eq!(inside, 36);
    }

    #[test]
    fn in_line_never_misses_a_cell_in_reach() {
        let l = Layout::new(BoardSize::square(15));
        let topo = &l.topo;
        let reach = shapes::REACH as u16;
        let (mut yes, mut no) = (0, 0);
        for p in topo.points() {
            for q in topo.points() {
                let ((x, y), (u, v)) = (topo.xy(p), topo.xy(q));
                let (dx, dy) = (x.abs_diff(u), y.abs_diff(v));
                let aligned = dx == 0 || dy == 0 || dx == dy;
                let (i, j) = (l.pad(p), l.pad(q));
                if aligned && dx.max(dy) <= reach {
                    assert!(l.in_line(i, j), "{} {}", topo.name(p), topo.name(q));
                    yes += 1;
                } else if !l.in_line(i, j) {
                    no += 1;
                }
            }
        }
        // It rules most of the other pairs out.
        assert!(no > 40_000 && yes > 5_000, "{yes} {no}");
    }
}
