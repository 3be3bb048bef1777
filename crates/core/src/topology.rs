//! Board geometry: points as dense indices, neighbour tables computed once, edges, notation.
//!
//! A [`Topology`] is built once per game and shared (behind an `Arc`) by every position of that game.
//! Hot loops index its flat tables; nothing here allocates after construction.

use crate::colour::Colour;
use crate::error::CoordError;
use crate::zobrist::splitmix64;

/// A point of the board: a dense index `0..topology.len()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub u16);

impl Point {
    /// The index into flat per-point arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Which points touch on a square grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// Up, down, left, right (Go liberties).
    Orthogonal,
    /// The eight surrounding points (Dots chains, Gomoku lines).
    King,
}

/// The overall shape of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `width` columns by `height` rows; `x` counts columns from the left, `y` rows from the top.
    Square {
        width: u16,
        height: u16,
        adjacency: Adjacency,
    },
    /// A hexagon of points with `side` points on each side; axial coordinates `(x, y)` in
    /// `0..2*side-1`, valid when `|x - y| < side`; neighbours differ by (±1,0), (0,±1), ±(1,1).
    Hex { side: u16 },
    /// A rhombus of hexagonal cells (the Hex board as HexGui draws it): `width` columns by `height`
    /// rows, each row half a cell right of the one above; `x` counts columns from the left, `y` rows
    /// from the top; neighbours differ by (±1,0), (0,±1), ±(1,−1).
    Rhombus { width: u16, height: u16 },
}

/// The steps `(dx, dy)` to the eight points around a point on a square grid, row by row from the
/// top left: the neighbours of [`Adjacency::King`], in this order.
pub const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Marker for "no point" in neighbour tables.
pub const NO_POINT: u16 = u16::MAX;

/// Board geometry with precomputed neighbour tables, coordinates and Zobrist keys.
#[derive(Clone, Debug, PartialEq)]
pub struct Topology {
    shape: Shape,
    /// Per point, its neighbours, `stride` slots, padded with the off-board index `len()` (see
    /// [`Topology::neighbours_padded`]).
    adj: Vec<u16>,
    degree: Vec<u8>,
    stride: usize,
    /// Per point, its diagonal neighbours on a square grid in 4 slots: the real ones, then the
    /// off-board index `len()` once and the point itself in any slot left (see
    /// [`Topology::diagonals_padded`]).
    diag: Vec<[u16; 4]>,
    /// Per point, `(x, y)`.
    coords: Vec<(u16, u16)>,
    /// `(x, y)` → point, over the bounding box `box_w * box_h`; [`NO_POINT`] outside the board.
    lookup: Vec<u16>,
    box_w: u16,
    box_h: u16,
    /// Per point, a Zobrist key for each colour.
    keys: Vec<[u64; 2]>,
    /// Extra Zobrist keys a game may use (side to move, ko point salt, …).
    side_key: u64,
}

impl Topology {
    /// A `width × height` square grid (each from 1 to 676) with the given adjacency.
    pub fn square(width: u16, height: u16, adjacency: Adjacency) -> Topology {
        assert!(
            (1..=676).contains(&width) && (1..=676).contains(&height),
            "grid size out of range"
        );
        let shape = Shape::Square {
            width,
            height,
            adjacency,
        };
        let dirs: &[(i32, i32)] = match adjacency {
            Adjacency::Orthogonal => &[(0, -1), (-1, 0), (1, 0), (0, 1)],
            Adjacency::King => &KING_STEPS,
        };
        Self::build(shape, width, height, |_, _| true, dirs)
    }

    /// A hexagon of points with `side` points on each edge (`3·side·(side−1)+1` points).
    pub fn hex(side: u16) -> Topology {
        assert!((2..=100).contains(&side), "hexagon side out of range");
        let span = 2 * side - 1;
        let n = side as i32;
        Self::build(
            Shape::Hex { side },
            span,
            span,
            move |x, y| (x - y).abs() < n,
            &[(0, -1), (-1, -1), (-1, 0), (1, 0), (1, 1), (0, 1)],
        )
    }

    /// A `width × height` rhombus of hexagonal cells (each side from 1 to 26: one letter a column).
    pub fn rhombus(width: u16, height: u16) -> Topology {
        assert!(
            (1..=26).contains(&width) && (1..=26).contains(&height),
            "rhombus size out of range"
        );
        Self::build(
            Shape::Rhombus { width, height },
            width,
            height,
            |_, _| true,
            &[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)],
        )
    }

    fn build(
        shape: Shape,
        box_w: u16,
        box_h: u16,
        valid: impl Fn(i32, i32) -> bool,
        dirs: &[(i32, i32)],
    ) -> Topology {
        let mut lookup = vec![NO_POINT; box_w as usize * box_h as usize];
        let mut coords = Vec::new();
        for y in 0..box_h {
            for x in 0..box_w {
                if valid(x as i32, y as i32) {
                    lookup[y as usize * box_w as usize + x as usize] = coords.len() as u16;
                    coords.push((x, y));
                }
            }
        }
        let stride = dirs.len();
        let off = coords.len() as u16;
        let mut adj = vec![off; coords.len() * stride];
        let mut degree = vec![0u8; coords.len()];
        for (p, &(x, y)) in coords.iter().enumerate() {
            for &(dx, dy) in dirs {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx >= box_w as i32 || ny >= box_h as i32 {
                    continue;
                }
                let q = lookup[ny as usize * box_w as usize + nx as usize];
                if q != NO_POINT {
                    adj[p * stride + degree[p] as usize] = q;
                    degree[p] += 1;
                }
            }
        }
        let diag = match shape {
            Shape::Square { .. } => coords
                .iter()
                .enumerate()
                .map(|(p, &(x, y))| {
                    let mut d = [p as u16; 4];
                    let mut n = 0;
                    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                        if nx >= 0 && ny >= 0 && nx < box_w as i32 && ny < box_h as i32 {
                            d[n] = lookup[ny as usize * box_w as usize + nx as usize];
                            n += 1;
                        }
                    }
                    if n < 4 {
                        d[n] = off;
                    }
                    d
                })
                .collect(),
            Shape::Hex { .. } | Shape::Rhombus { .. } => {
                (0..coords.len() as u16).map(|p| [off, p, p, p]).collect()
            }
        };
        let mut state = 0x5702_e5ee_d000_0000 ^ ((box_w as u64) << 16) ^ box_h as u64;
        let keys = (0..coords.len())
            .map(|_| [splitmix64(&mut state), splitmix64(&mut state)])
            .collect();
        let side_key = splitmix64(&mut state);
        Topology {
            shape,
            adj,
            degree,
            stride,
            diag,
            coords,
            lookup,
            box_w,
            box_h,
            keys,
            side_key,
        }
    }

    /// The shape this topology was built from.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True when the board has no point (never, for a built topology).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every point, in index order (top row first, left to right).
    pub fn points(&self) -> impl Iterator<Item = Point> + Clone {
        (0..self.len() as u16).map(Point)
    }

    /// The neighbours of `p`, in a fixed order, without allocation.
    #[inline]
    pub fn neighbours(&self, p: Point) -> &[u16] {
        let start = p.idx() * self.stride;
        &self.adj[start..start + self.degree[p.idx()] as usize]
    }

    /// How many neighbours `p` has.
    #[inline]
    pub fn degree(&self, p: Point) -> usize {
        self.degree[p.idx()] as usize
    }

    /// The diagonal neighbours of `p` on a square grid (none on the hexagon).
    #[inline]
    pub fn diagonals(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.diag[p.idx()]
            .iter()
            .take_while(|&&q| q != self.off_board())
            .map(|&q| Point(q))
    }

    /// The off-board index: one past the last point. Padded tables name it for a missing neighbour,
    /// so that a board keeping one extra "off the board" entry needs no bounds test per neighbour.
    #[inline]
    pub fn off_board(&self) -> u16 {
        self.coords.len() as u16
    }

    /// The neighbours of `p` in exactly `D` slots, `D` being [`Topology::max_degree`]: the real ones
    /// first, in the order of [`Topology::neighbours`], then [`Topology::off_board`] for each missing
    /// one. A fixed length lets hot loops unroll.
    #[inline]
    pub fn neighbours_padded<const D: usize>(&self, p: Point) -> &[u16; D] {
        debug_assert_eq!(D, self.stride, "neighbours_padded needs D == max_degree()");
        let start = p.idx() * D;
        self.adj[start..start + D]
            .try_into()
            .expect("a slice of D entries")
    }

    /// The diagonal neighbours of `p` on a square grid in exactly 4 slots: the real ones first, in
    /// the order of [`Topology::diagonals`], then, when some are missing (on the edge, and always
    /// off square grids), [`Topology::off_board`] once and `p` itself in the slots left. A count over
    /// the four slots thus sees the edge at most once and `p`, the point being asked about, for
    /// the rest.
    #[inline]
    pub fn diagonals_padded(&self, p: Point) -> &[u16; 4] {
        &self.diag[p.idx()]
    }

    /// The largest number of neighbours any point can have (4, 6 or 8).
    pub fn max_degree(&self) -> usize {
        self.stride
    }

    /// True when `p` lies on the outer edge of the board.
    pub fn is_edge(&self, p: Point) -> bool {
        let (x, y) = self.coords[p.idx()];
        match self.shape {
            Shape::Square { width, height, .. } | Shape::Rhombus { width, height } => {
                x == 0 || y == 0 || x + 1 == width || y + 1 == height
            }
            Shape::Hex { side } => {
                let last = 2 * side - 2;
                x == 0 || y == 0 || x == last || y == last || x.abs_diff(y) == side - 1
            }
        }
    }

    /// The `(x, y)` coordinates of `p` (see [`Shape`] for their meaning).
    #[inline]
    pub fn xy(&self, p: Point) -> (u16, u16) {
        self.coords[p.idx()]
    }

    /// The point at `(x, y)`, if that is on the board.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<Point> {
        if x < 0 || y < 0 || x >= self.box_w as i32 || y >= self.box_h as i32 {
            return None;
        }
        let q = self.lookup[y as usize * self.box_w as usize + x as usize];
        (q != NO_POINT).then_some(Point(q))
    }

    /// Width and height of the bounding box of `(x, y)` coordinates.
    pub fn bounding_box(&self) -> (u16, u16) {
        (self.box_w, self.box_h)
    }

    /// The Zobrist key of a `colour` stone on `p`.
    #[inline]
    pub fn key(&self, p: Point, colour: Colour) -> u64 {
        self.keys[p.idx()][colour.idx()]
    }

    /// A Zobrist key for "White to move".
    #[inline]
    pub fn side_key(&self) -> u64 {
        self.side_key
    }

    /// The text name of `p`: `D4` on square grids (columns A–Z without I, then AA, AB…; rows from the
    /// bottom), `h8` on the hexagon and the rhombus (letter for `x`, number `y + 1`).
    pub fn name(&self, p: Point) -> String {
        let (x, y) = self.xy(p);
        match self.shape {
            Shape::Square { height, .. } => format!("{}{}", column_label(x), height - y),
            Shape::Hex { .. } | Shape::Rhombus { .. } => format!("{}{}", hex_letter(x), y + 1),
        }
    }

    /// The names of `points`, in order (`["A1", "B2"]`).
    pub fn names(&self, points: &[Point]) -> Vec<String> {
        points.iter().map(|&p| self.name(p)).collect()
    }

    /// Parses a point name (case-insensitive); the error names the text and what is allowed.
    pub fn parse_point(&self, text: &str) -> Result<Point, CoordError> {
        let t = text.trim();
        let split = t
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(t.len());
        let (letters, digits) = t.split_at(split);
        let bad = || CoordError {
            text: t.to_string(),
            allowed: self.describe_notation(),
        };
        if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let number: u32 = digits.parse().map_err(|_| bad())?;
        if number == 0 || digits.len() > 4 {
            return Err(bad());
        }
        let point = match self.shape {
            Shape::Square { height, .. } => {
                let x = parse_column(letters).ok_or_else(bad)?;
                if number > height as u32 {
                    return Err(bad());
                }
                self.at(x as i32, height as i32 - number as i32)
            }
            Shape::Hex { .. } | Shape::Rhombus { .. } => {
                if letters.len() != 1 {
                    return Err(bad());
                }
                let x = letters.as_bytes()[0].to_ascii_lowercase() - b'a';
                self.at(x as i32, number as i32 - 1)
            }
        };
        point.ok_or_else(bad)
    }

    /// The board's size in words: `19x19`, `hexagon of side 8, 169 points`.
    pub fn size_text(&self) -> String {
        match self.shape() {
            Shape::Square { width, height, .. } => format!("{width}x{height}"),
            Shape::Hex { side } => format!("hexagon of side {side}, {} points", self.len()),
            Shape::Rhombus { width, height } => format!("{width}x{height} rhombus"),
        }
    }

    /// A one-line description of the notation on this board, for error messages.
    pub fn describe_notation(&self) -> String {
        match self.shape {
            Shape::Square { width, height, .. } => format!(
                "a point from A1 to {}{} (columns {}–{}, no I; rows 1–{} from the bottom)",
                column_label(width - 1),
                height,
                column_label(0),
                column_label(width - 1),
                height
            ),
            Shape::Hex { side } => {
                let last = 2 * side - 1;
                format!(
                    "a point a1…{}{} (letter a–{}, number 1–{}, letter and number at most {} apart)",
                    hex_letter(last - 1),
                    last,
                    hex_letter(last - 1),
                    last,
                    side - 1
                )
            }
            Shape::Rhombus { width, height } => format!(
                "a cell from a1 to {}{height} (letters a–{0} for the columns, numbers 1–{height} for \
                 the rows from the top)",
                hex_letter(width - 1)
            ),
        }
    }
}

/// Column label on square grids: A–Z without I, then AA, AB, … (bijective base 25).
pub fn column_label(x: u16) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut n = x as u32 + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 25;
        out.push(LETTERS[r as usize]);
        n = (n - 1) / 25;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Column labels of a `width`-column square grid, each left-aligned in `cell` characters, trimmed.
pub fn column_label_row(width: u16, cell: usize) -> String {
    let row: String = (0..width)
        .map(|x| format!("{:<cell$}", column_label(x)))
        .collect();
    row.trim_end().to_string()
}

/// Inverse of [`column_label`] (case-insensitive); `None` for I or anything not a letter.
pub fn parse_column(letters: &str) -> Option<u16> {
    let mut n: u32 = 0;
    for c in letters.bytes() {
        let c = c.to_ascii_uppercase();
        let v = match c {
            b'A'..=b'H' => c - b'A',
            b'J'..=b'Z' => c - b'A' - 1,
            _ => return None,
        };
        n = n.checked_mul(25)?.checked_add(v as u32 + 1)?;
        if n > 1_000 {
            return None;
        }
    }
    n.checked_sub(1).map(|x| x as u16)
}

fn hex_letter(x: u16) -> char {
    (b'a' + x as u8) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_labels_skip_i_and_round_trip() {
        assert_eq!(column_label(0), "A");
        assert_eq!(column_label(7), "H");
        assert_eq!(column_label(8), "J");
        assert_eq!(column_label(24), "Z");
        assert_eq!(column_label(25), "AA");
        assert_eq!(column_label(38), "AO");
        for x in 0..700 {
            assert_eq!(parse_column(&column_label(x)), Some(x));
        }
        assert_eq!(parse_column("I"), None);
    }

    #[test]
    fn square_grid_neighbours_and_names() {
        let t = Topology::square(19, 19, Adjacency::Orthogonal);
        assert_eq!(t.len(), 361);
        let d4 = t.parse_point("D4").unwrap();
        assert_eq!(t.name(d4), "D4");
        assert_eq!(t.xy(d4), (3, 15));
        assert_eq!(t.degree(t.parse_point("A1").unwrap()), 2);
        assert_eq!(t.degree(t.parse_point("A10").unwrap()), 3);
        assert_eq!(t.degree(t.parse_point("K10").unwrap()), 4);
        assert!(t.parse_point("I5").is_err());
        assert!(t.parse_point("U1").is_err());
        assert!(t.parse_point("A20").is_err());
        assert!(t.parse_point("A0").is_err());
        assert!(t.parse_point("4D").is_err());
        assert!(t.parse_point("").is_err());
        let k = Topology::square(5, 4, Adjacency::King);
        assert_eq!(k.degree(k.parse_point("C2").unwrap()), 8);
        assert_eq!(k.degree(k.parse_point("A1").unwrap()), 3);
        assert!(k.is_edge(k.parse_point("E3").unwrap()));
        assert!(!k.is_edge(k.parse_point("C2").unwrap()));
    }

    /// The padded diagonal rows name the edge once and the point itself in the slots left.
    #[test]
    fn padded_diagonals_name_the_edge_once() {
        let t = Topology::square(3, 3, Adjacency::Orthogonal);
        let (off, p) = (t.off_board(), |n: &str| t.parse_point(n).unwrap().0);
        assert_eq!(
            t.diagonals_padded(Point(p("B2"))),
            &[p("A3"), p("C3"), p("A1"), p("C1")]
        );
        assert_eq!(
            t.diagonals_padded(Point(p("B3"))),
            &[p("A2"), p("C2"), off, p("B3")]
        );
        assert_eq!(
            t.diagonals_padded(Point(p("A3"))),
            &[p("B2"), off, p("A3"), p("A3")]
        );
        assert_eq!(t.diagonals(Point(p("A3"))).count(), 1);
        let h = Topology::hex(2);
        assert_eq!(h.diagonals_padded(Point(3)), &[h.off_board(), 3, 3, 3]);
        assert_eq!(h.diagonals(Point(3)).count(), 0);
    }

    #[test]
    fn hexagon_counts() {
        for side in 2..=13u16 {
            let t = Topology::hex(side);
            let n = side as usize;
            assert_eq!(t.len(), 3 * n * (n - 1) + 1);
            let corners = t.points().filter(|&p| t.degree(p) == 3).count();
            let edges = t.points().filter(|&p| t.degree(p) == 4).count();
            let inner = t.points().filter(|&p| t.degree(p) == 6).count();
            assert_eq!((corners, edges), (6, 6 * (n - 2)));
            assert_eq!(inner, t.len() - corners - edges);
            assert_eq!(t.points().filter(|&p| t.is_edge(p)).count(), 6 * (n - 1));
            for p in t.points() {
                assert_eq!(t.parse_point(&t.name(p)), Ok(p));
            }
        }
        let t = Topology::hex(8);
        assert_eq!(t.name(t.at(7, 7).unwrap()), "h8");
        assert!(t.parse_point("a9").is_err());
        assert!(t.parse_point("o15").is_ok());
    }

    #[test]
    fn rhombus_neighbours_corners_edges_and_centre() {
        let t = Topology::rhombus(11, 11);
        assert_eq!(t.len(), 121);
        let names = |p: &str| {
            let mut v: Vec<String> = t
                .neighbours(t.parse_point(p).unwrap())
                .iter()
                .map(|&q| t.name(Point(q)))
                .collect();
            v.sort();
            v
        };
        // The acute corners (a1, k11) touch two cells, the obtuse ones (k1, a11) three.
        assert_eq!(names("a1"), ["a2", "b1"]);
        assert_eq!(names("k11"), ["j11", "k10"]);
        assert_eq!(names("k1"), ["j1", "j2", "k2"]);
        assert_eq!(names("a11"), ["a10", "b10", "b11"]);
        // Each row is half a cell right of the one above: f6 touches f5 and g5 above, e7 and f7 below.
        assert_eq!(names("f6"), ["e6", "e7", "f5", "f7", "g5", "g6"]);
        assert_eq!(names("a5"), ["a4", "a6", "b4", "b5"]);
        assert_eq!(names("f1"), ["e1", "e2", "f2", "g1"]);
        assert_eq!(t.points().filter(|&p| t.degree(p) == 6).count(), 81);
        assert_eq!(t.points().filter(|&p| t.is_edge(p)).count(), 40);
        assert!(t.is_edge(t.parse_point("k6").unwrap()));
        assert!(!t.is_edge(t.parse_point("j10").unwrap()));
        for p in t.points() {
            assert_eq!(t.parse_point(&t.name(p)), Ok(p));
            for &q in t.neighbours(p) {
                assert!(
                    t.neighbours(Point(q)).contains(&p.0),
                    "adjacency is symmetric"
                );
            }
        }
        let r = Topology::rhombus(4, 2);
        assert_eq!(r.name(r.at(3, 1).unwrap()), "d2");
        assert!(r.parse_point("e1").is_err());
        assert!(r.parse_point("a3").is_err());
        assert!(r.parse_point("A2").is_ok());
        assert!(r.describe_notation().contains("a1 to d2"));
    }
}
