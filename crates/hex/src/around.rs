//! What lies around a cell, as the search's knowledge reads it: the six neighbours in circular
//! order, the board's edge counting as a stone of the player whose side it is (a stone on the edge
//! row touches that side as it touches a stone beside it).

use crate::game::{HexGame, EMPTY};
use std::sync::Arc;
use stones_core::{Colour, Point, Topology};

/// The six directions from a cell, `(dx, dy)`, in circular order: neighbours of a cell that are
/// next in this list are neighbours of each other too.
const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// In a [`Rings`] entry: off the board across Black's side (top or bottom), across White's (left
/// or right), or past a corner, across both. Cells are numbered below all three.
const OFF_BLACK: u16 = u16::MAX;
const OFF_WHITE: u16 = u16::MAX - 1;
const OFF_CORNER: u16 = u16::MAX - 2;

/// Per cell, its six neighbours in the circular order of [`DIRECTIONS`]: a cell's index, or
/// where off the board (`OFF_…`). Made once per game and shared, so that the playouts' bridge
/// replies read six entries rather than work out coordinates.
pub(crate) type Rings = Arc<Vec<[u16; 6]>>;

/// The [`Rings`] of a Hex board (a rhombus, cells numbered row by row).
pub(crate) fn rings(topo: &Topology) -> Rings {
    let (w, h) = topo.bounding_box();
    let ring = |p: Point| {
        let (x, y) = topo.xy(p);
        DIRECTIONS.map(|(dx, dy)| {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            let off_x = nx < 0 || nx >= w as i32;
            let off_y = ny < 0 || ny >= h as i32;
            match (off_x, off_y) {
                (true, true) => OFF_CORNER,
                // Black joins top and bottom, White left and right.
                (false, true) => OFF_BLACK,
                (true, false) => OFF_WHITE,
                (false, false) => (ny * w as i32 + nx) as u16,
            }
        })
    };
    Arc::new(topo.points().map(ring).collect())
}

/// The side of `c`'s that a [`Rings`] entry `q`, off the board in direction `d`, lies across:
/// 0 for the first (top or left), 1 for the second; `None` when `q` is a cell or not `c`'s side.
pub(crate) fn side_across(q: u16, d: usize, c: Colour) -> Option<usize> {
    let (dx, dy) = DIRECTIONS[d];
    match (q, c) {
        (OFF_BLACK, Colour::Black) => Some(usize::from(dy > 0)),
        (OFF_WHITE, Colour::White) => Some(usize::from(dx > 0)),
        _ => None,
    }
}

/// Whether a [`Rings`] entry is a cell (rather than off the board).
pub(crate) fn is_cell(q: u16) -> bool {
    q < OFF_CORNER
}

/// One of a cell's six neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Around {
    /// An empty cell.
    Empty(Point),
    /// A stone of this colour, or off the board across one of this colour's sides.
    Held(Colour),
    /// Off the board past a corner, across both players' sides: no cell, nobody's.
    Nothing,
}

impl HexGame {
    /// The six neighbours of `p`, in the circular order of [`DIRECTIONS`].
    pub(crate) fn around(&self, p: Point) -> [Around; 6] {
        self.rings[p.idx()].map(|q| self.neighbour(q))
    }

    /// The neighbour a [`Rings`] entry names.
    #[inline(always)]
    fn neighbour(&self, q: u16) -> Around {
        match q {
            OFF_BLACK => Around::Held(Colour::Black),
            OFF_WHITE => Around::Held(Colour::White),
            OFF_CORNER => Around::Nothing,
            q => match self.cells[q as usize] {
                EMPTY => Around::Empty(Point(q)),
                v => Around::Held(Colour::BOTH[v as usize - 1]),
            },
        }
    }

    /// Whether `c` holds the neighbour a [`Rings`] entry names: its stone, or its side. Written
    /// out rather than through [`HexGame::neighbour`]: the playouts ask it at every move, and
    /// comparing the decoded neighbour cost a tenth of their rate.
    #[inline(always)]
    fn holds(&self, q: u16, c: Colour) -> bool {
        match q {
            OFF_BLACK => c == Colour::Black,
            OFF_WHITE => c == Colour::White,
            OFF_CORNER => false,
            q => self.cells[q as usize] == c.idx() as u8 + 1,
        }
    }

    /// The empty cells that save a bridge of `c`'s which the stone just put on `p` cut into: two
    /// things `c` holds (stones, or a stone and `c`'s side: an edge template) with two common
    /// neighbours, `p` and an empty cell, are still joined once `c` takes that cell.
    pub(crate) fn bridge_replies(&self, p: Point, c: Colour) -> impl Iterator<Item = Point> + '_ {
        (0..6).filter_map(move |d| self.saves_bridge(p, d, c))
    }

    /// The first of [`HexGame::bridge_replies`]: `None` when `p` cut no bridge of `c`'s. A plain
    /// loop: every playout move asks it.
    #[inline]
    pub(crate) fn bridge_reply(&self, p: Point, c: Colour) -> Option<Point> {
        for d in 0..6 {
            if let Some(q) = self.saves_bridge(p, d, c) {
                return Some(q);
            }
        }
        None
    }

    /// The neighbour of `p` in direction `d` when it is empty and saves a bridge of `c`'s over it
    /// and `p`: `c` holds both of the neighbours the two share.
    #[inline(always)]
    fn saves_bridge(&self, p: Point, d: usize, c: Colour) -> Option<Point> {
        let ring = &self.rings[p.idx()];
        let q = ring[d];
        let empty = is_cell(q) && self.cells[q as usize] == EMPTY;
        let bridged = empty && self.holds(ring[(d + 5) % 6], c) && self.holds(ring[(d + 1) % 6], c);
        bridged.then_some(Point(q))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::{HexGame, HexRules};
    use stones_core::{Colour, Game, Point};

    /// A 5x5 game with Black's and White's stones on the cells named, Black to move.
    pub(crate) fn position(black: &[&str], white: &[&str]) -> HexGame {
        position_for(Colour::Black, black, white)
    }

    /// A 5x5 game with Black's and White's stones on the cells named, `to` to move.
    pub(crate) fn position_for(to: Colour, black: &[&str], white: &[&str]) -> HexGame {
        let size = stones_core::BoardSize::square(5);
        let mut g = HexGame::new(HexRules {
            size,
            ..HexRules::default()
        })
        .unwrap();
        let mut stones = vec![None; 25];
        for (names, c) in [(black, Colour::Black), (white, Colour::White)] {
            for name in names {
                stones[g.topology().parse_point(name).unwrap().idx()] = Some(c);
            }
        }
        g.set_position(&stones, to).unwrap();
        g
    }

    pub(crate) fn at(g: &HexGame, name: &str) -> Point {
        g.topology().parse_point(name).unwrap()
    }

    #[test]
    fn an_edge_template_is_saved_like_a_bridge() {
        // Black's c2 and the top edge over c1 and d1 (template II); White cuts at c1.
        let g = position(&["c2"], &["c1"]);
        assert_eq!(
            g.bridge_reply(at(&g, "c1"), Colour::Black),
            Some(at(&g, "d1"))
        );
        // White's b3 and its left edge over a3 and a4; Black cuts at a4.
        let g = position(&["a4"], &["b3"]);
        assert_eq!(
            g.bridge_reply(at(&g, "a4"), Colour::White),
            Some(at(&g, "a3"))
        );
        // A stone on the third row has no template to save.
        let g = position(&["c3"], &["c2"]);
        assert_eq!(g.bridge_reply(at(&g, "c2"), Colour::Black), None);
    }
}
