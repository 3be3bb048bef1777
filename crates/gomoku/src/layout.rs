//! The board in the form the line scans want: [`stones_core::rows::Grid`] (a padded cell array whose
//! walks along the four lines stop at the edge without a bounds test), plus what the opening rule needs
//! to know about the centre.

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
        Layout {
            grid,
            centre_distance,
            by_distance,
            within,
        }
    }

    /// How many lines `p` lies from the centre, counting the larger of its two axis distances.
    #[inline]
    pub fn centre_distance(&self, p: Point) -> u8 {
        self.centre_distance[p.idx()]
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
}
