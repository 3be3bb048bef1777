//! The board in the form the line scans want: a flat array of cells padded with an edge sentinel, so that a
//! walk along any of the four lines stops at the edge without a bounds test.
//!
//! Padded index of `(x, y)` is `(y + 1) * stride + x + 1` with `stride = width + 1`: every padded row starts
//! with one sentinel cell (which also ends the row before), and a sentinel row lies above and below the
//! board. One step along a line is adding one of [`Layout::dirs`]; from any point, the first step off the
//! board lands on a sentinel inside the array.

use stones_core::{Adjacency, BoardSize, Colour, Point, Topology};

/// An empty point.
pub(crate) const EMPTY: u8 = 0;
/// A black stone.
pub(crate) const BLACK: u8 = 1;
/// A white stone.
pub(crate) const WHITE: u8 = 2;
/// Off the board (or a blocked point, in a Gomocup continuous game): neither colour, never playable.
pub(crate) const EDGE: u8 = 3;

/// The cell value of a `colour` stone.
#[inline]
pub(crate) fn cell(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// The four lines through a point: horizontal, vertical and the two diagonals.
pub(crate) const LINES: usize = 4;

/// Geometry shared by every position of one game: the topology plus the padded layout.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    /// The board as the rest of stones sees it.
    pub topo: Topology,
    pub width: u16,
    pub height: u16,
    /// Cells per padded row: `width + 1`.
    pub stride: usize,
    /// Padded-index steps along the four lines: right, down, down-right, down-left.
    pub dirs: [isize; LINES],
    /// Per point, its padded index.
    pad: Vec<u16>,
    /// Per point, its distance from the centre in lines (Chebyshev; 0 on the centre point).
    centre_distance: Vec<u8>,
    /// Every point, nearest the centre first; the first `within[d]` lie at most `d` from it.
    by_distance: Vec<Point>,
    within: [usize; 3],
}

impl Layout {
    /// The layout of a `size` board.
    pub fn new(size: BoardSize) -> Layout {
        let (width, height) = (size.width, size.height);
        let topo = Topology::square(width, height, Adjacency::King);
        let stride = width as usize + 1;
        let s = stride as isize;
        let mut pad = Vec::with_capacity(topo.len());
        let mut centre_distance = Vec::with_capacity(topo.len());
        for p in topo.points() {
            let (x, y) = topo.xy(p);
            pad.push(((y as usize + 1) * stride + x as usize + 1) as u16);
            centre_distance.push(axis_distance(x, width).max(axis_distance(y, height)) as u8);
        }
        let mut by_distance: Vec<Point> = topo.points().collect();
        by_distance.sort_by_key(|p| centre_distance[p.idx()]);
        let within = [0, 1, 2].map(|d| centre_distance.iter().filter(|&&c| c <= d).count());
        Layout {
            topo,
            width,
            height,
            stride,
            dirs: [1, s, s + 1, s - 1],
            pad,
            centre_distance,
            by_distance,
            within,
        }
    }

    /// Number of points on the board.
    #[inline]
    pub fn len(&self) -> usize {
        self.pad.len()
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

    /// An empty board: every cell EMPTY, every sentinel EDGE.
    pub fn empty_cells(&self) -> Vec<u8> {
        let mut cells = vec![EDGE; (self.height as usize + 2) * self.stride + 1];
        for &i in &self.pad {
            cells[i as usize] = EMPTY;
        }
        cells
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

/// The length of the unbroken row of `own` stones through padded index `i` along step `d`
/// (counting `i` itself as `own`).
#[inline]
pub(crate) fn run(cells: &[u8], i: usize, d: isize, own: u8) -> u32 {
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
            let l = Layout::new(BoardSize {
                width: w,
                height: h,
            });
            let cells = l.empty_cells();
            for p in l.topo.points() {
                let i = l.pad(p);
                assert_eq!(l.point(i), p);
                assert_eq!(cells[i], EMPTY);
                let (x, y) = l.topo.xy(p);
                for (k, &d) in l.dirs.iter().enumerate() {
                    let (dx, dy) = [(1, 0), (0, 1), (1, 1), (-1, 1)][k];
                    for sign in [1, -1] {
                        let j = i.wrapping_add_signed(sign * d);
                        let on = l
                            .topo
                            .at(x as i32 + sign as i32 * dx, y as i32 + sign as i32 * dy);
                        match on {
                            Some(q) => assert_eq!(j, l.pad(q)),
                            None => assert_eq!(cells[j], EDGE),
                        }
                    }
                }
            }
        }
    }

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
