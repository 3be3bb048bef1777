//! Neighbour tables Dots needs in a fixed direction order (the core topology drops off-board slots).

use stones_core::topology::NO_POINT;
use stones_core::{Point, Topology};

/// The eight directions in cyclic order, starting north and turning clockwise (y grows downwards).
const RING: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Per point: its eight neighbours in cyclic order ([`NO_POINT`] off the field) and whether it lies on
/// the edge. Orthogonal neighbours are the even slots 0, 2, 4, 6.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub ring: Vec<[u16; 8]>,
    pub edge: Vec<bool>,
}

impl Geometry {
    /// Tables for `topo` (a square grid).
    pub fn new(topo: &Topology) -> Geometry {
        let ring = topo
            .points()
            .map(|p| {
                let (x, y) = topo.xy(p);
                RING.map(|(dx, dy)| {
                    topo.at(x as i32 + dx, y as i32 + dy)
                        .map_or(NO_POINT, |q| q.0)
                })
            })
            .collect();
        let edge = topo.points().map(|p| topo.is_edge(p)).collect();
        Geometry { ring, edge }
    }

    /// The orthogonal neighbour of `p` in slot `i` (0 north, 1 east, 2 south, 3 west).
    #[inline]
    pub fn orth(&self, p: usize, i: usize) -> u16 {
        self.ring[p][2 * i]
    }

    /// True when `p` lies on the edge of the field.
    #[inline]
    pub fn is_edge(&self, p: usize) -> bool {
        self.edge[p]
    }
}

/// Whether `q` names a point.
#[inline]
pub fn on_field(q: u16) -> bool {
    q != NO_POINT
}

/// `Point` from a raw index.
#[inline]
pub fn pt(q: u16) -> Point {
    Point(q)
}
