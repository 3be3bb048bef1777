//! Must-play from the opponent's chain of bridges: when the opponent's stones join their two
//! sides through bridges, edge templates and ziggurats whose carriers (two empty cells each, eight
//! for a ziggurat) do not overlap, they stay joined whatever the player to move does elsewhere — a
//! cut into one carrier is answered in it — so only a move inside a carrier can stop them. MoHex
//! finds its must-play from all the virtual connections its H-search builds; this is the simplest
//! of them.

use crate::around::{is_cell, side_across};
use crate::game::{HexGame, EMPTY, MAX_CELLS};
use crate::inferior::CellSet;
use stones_core::{Colour, Point};

/// A bridge between two of the opponent's groups (or a group and a side) over two empty cells,
/// or a ziggurat between a group and a side.
#[derive(Clone, Copy)]
struct Bridge {
    ends: [u16; 2],
    carrier: Carrier,
}

/// A link's empty cells: a bridge's two, or the number of a ziggurat's eight in the ziggurats
/// found (kept apart, so that the many bridges stay small).
#[derive(Clone, Copy)]
enum Carrier {
    Pair([u16; 2]),
    Ziggurat(u16),
}

/// The most bridges a board can hold: one per pair of neighbouring cells.
const MAX_BRIDGES: usize = 3 * MAX_CELLS;

/// The most ziggurats one colour can have: both ways round, from the third row from each side of
/// the longest board ([`crate::SIZE_RANGE`]).
const MAX_ZIGGURATS: usize = 2 * 2 * *crate::SIZE_RANGE.end() as usize;

/// The ziggurat (template IIIa) of a stone on the third row from Black's top side: the cells of
/// its carrier as `(dx, dy)` from the stone, one way round and its mirror image. Each has eight
/// empty cells (four on the edge row, three on the second, one beside the stone); a brute-force
/// search finds no carrier of fewer (crates/ai/README.md). Read turned half round for the bottom
/// side, and transposed for White's.
const ZIGGURATS: [[(i32, i32); 8]; 2] = [
    [
        (-1, -2),
        (0, -2),
        (1, -2),
        (2, -2),
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
    ],
    [
        (0, -2),
        (1, -2),
        (2, -2),
        (3, -2),
        (0, -1),
        (1, -1),
        (2, -1),
        (1, 0),
    ],
];

/// Groups as a union-find over the cells, with the two sides of one colour after them.
struct Groups([u16; MAX_CELLS + 2]);

impl Groups {
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] as usize != i {
            self.0[i] = self.0[self.0[i] as usize];
            i = self.0[i] as usize;
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a] = b as u16;
    }
}

impl HexGame {
    /// The cells the player to move must play in: the carriers of the opponent's shortest chain
    /// of bridges from side to side, when it has one whose carriers do not overlap. Every move
    /// elsewhere loses. `None` when there is no such chain (or the opponent has already won).
    pub(crate) fn must_play(&self) -> Option<CellSet> {
        let x = self.turns.to_move.opponent();
        let n = self.cells.len();
        let mut groups = Groups([0; MAX_CELLS + 2]);
        for (i, g) in groups.0.iter_mut().enumerate().take(n + 2) {
            *g = i as u16;
        }
        // What a ring entry seen from a cell in direction `d` is as one of x's nodes.
        let stone = x.idx() as u8 + 1;
        let node = |q: u16, d: usize| match is_cell(q) {
            true => (self.cells[q as usize] == stone).then_some(q as usize),
            false => side_across(q, d, x).map(|side| n + side),
        };
        for p in (0..n).filter(|&p| self.cells[p] == stone) {
            for (d, &q) in self.rings[p].iter().enumerate() {
                if let Some(m) = node(q, d) {
                    groups.join(p, m);
                }
            }
        }
        let (start, goal) = (groups.find(n), groups.find(n + 1));
        if start == goal {
            return None;
        }
        let none = Bridge {
            ends: [0; 2],
            carrier: Carrier::Pair([0; 2]),
        };
        let (mut bridges, mut count) = ([none; MAX_BRIDGES + MAX_ZIGGURATS], 0);
        let (mut ziggurats, mut found) = ([[0u16; 8]; MAX_ZIGGURATS], 0);
        for p in (0..n).filter(|&p| self.cells[p] == EMPTY) {
            let ring = &self.rings[p];
            for d in 0..6 {
                let q = ring[d];
                if !is_cell(q) || q as usize <= p || self.cells[q as usize] != EMPTY {
                    continue;
                }
                let (l, r) = ((d + 5) % 6, (d + 1) % 6);
                let (Some(a), Some(b)) = (node(ring[l], l), node(ring[r], r)) else {
                    continue;
                };
                let (a, b) = (groups.find(a), groups.find(b));
                if a != b {
                    let (ends, carrier) = ([a as u16, b as u16], Carrier::Pair([p as u16, q]));
                    bridges[count] = Bridge { ends, carrier };
                    count += 1;
                }
            }
        }
        for p in (0..n).filter(|&p| self.cells[p] == stone) {
            for side in 0..2 {
                let end = groups.find(n + side);
                if groups.find(p) == end {
                    continue;
                }
                for shape in &ZIGGURATS {
                    if let Some(cells) = self.ziggurat(Point(p as u16), x, side, shape) {
                        let ends = [groups.find(p) as u16, end as u16];
                        let carrier = Carrier::Ziggurat(found as u16);
                        (ziggurats[found], found) = (cells, found + 1);
                        bridges[count] = Bridge { ends, carrier };
                        count += 1;
                    }
                }
            }
        }
        // Breadth first from the first side: `via[g]` is the bridge that first reached group `g`.
        const UNREACHED: u16 = u16::MAX;
        const START: u16 = u16::MAX - 1;
        let mut via = [UNREACHED; MAX_CELLS + 2];
        via[start] = START;
        let mut frontier_grew = true;
        while frontier_grew && via[goal] == UNREACHED {
            frontier_grew = false;
            let before = via;
            for (k, b) in bridges[..count].iter().enumerate() {
                let [e, f] = b.ends.map(usize::from);
                for (from, to) in [(e, f), (f, e)] {
                    if before[from] != UNREACHED && via[to] == UNREACHED {
                        via[to] = k as u16;
                        frontier_grew = true;
                    }
                }
            }
        }
        if via[goal] == UNREACHED {
            return None;
        }
        let mut must = CellSet::new();
        let mut at = goal;
        while via[at] != START {
            let b = bridges[via[at] as usize];
            let cells = match &b.carrier {
                Carrier::Pair(pair) => &pair[..],
                Carrier::Ziggurat(k) => &ziggurats[*k as usize][..],
            };
            for c in cells.iter().copied().map(Point) {
                if must.contains(c) {
                    return None;
                }
                must.insert(c);
            }
            at = if usize::from(b.ends[0]) == at {
                b.ends[1]
            } else {
                b.ends[0]
            }
            .into();
        }
        Some(must)
    }

    /// The carrier of the ziggurat from `c`'s stone on `p` to `c`'s `side` (0 the first: top or
    /// left) the way round `shape` gives, when `p` is on the third row from that side and all
    /// eight cells are empty.
    fn ziggurat(
        &self,
        p: Point,
        c: Colour,
        side: usize,
        shape: &[(i32, i32); 8],
    ) -> Option<[u16; 8]> {
        let ((x, y), (w, h)) = (self.topo.xy(p), self.topo.bounding_box());
        let ((x, y), (w, h)) = ((x as i32, y as i32), (w as i32, h as i32));
        // Black's rows run along y, White's along x: White reads the board transposed.
        let black = c == Colour::Black;
        let (along, across, rows, length) = if black { (x, y, h, w) } else { (y, x, w, h) };
        let (row, turn) = if side == 0 {
            (across, 1)
        } else {
            (rows - 1 - across, -1)
        };
        if row != 2 {
            return None;
        }
        let mut carrier = [0u16; 8];
        for (slot, &(dx, dy)) in carrier.iter_mut().zip(shape) {
            // Rows 0 to 2 from the side: only the cell along the row can fall off the board.
            let (a, b) = (along + turn * dx, across + turn * dy);
            if a < 0 || a >= length {
                return None;
            }
            let i = if black { b * w + a } else { a * w + b } as usize;
            if self.cells[i] != EMPTY {
                return None;
            }
            *slot = i as u16;
        }
        Some(carrier)
    }
}

#[cfg(test)]
mod tests {
    use crate::around::tests::{position, position_for};
    use crate::inferior::tests::{random_position, wins};
    use crate::Move;
    use std::collections::HashMap;
    use stones_core::{Colour, Game, Point, Rng, SearchGame, Status};

    #[test]
    fn a_chain_of_bridges_leaves_only_its_carriers() {
        // Black's c2 (edge template over c1 and d1), bridge over b3 and c3 to b4, and b4's edge
        // template over a5 and b5: joined top to bottom whatever White does elsewhere.
        let g = position_for(Colour::White, &["c2", "b4"], &[]);
        let must = g.must_play().expect("a chain");
        let names = |cells: &mut dyn Iterator<Item = Point>| {
            let mut names: Vec<String> = cells.map(|p| g.move_text(Move::Place(p))).collect();
            names.sort();
            names
        };
        let inside = names(&mut g.topology().points().filter(|&p| must.contains(p)));
        assert_eq!(inside, ["a5", "b3", "b5", "c1", "c3", "d1"]);
        // The edge templates' cells are captured pairs (Black answers either in the other), so
        // the search keeps the middle bridge's two cells.
        let mut steps = Vec::new();
        g.steps(&[], &mut steps);
        let kept = names(
            &mut steps
                .iter()
                .filter_map(|&m| <crate::HexGame as SearchGame>::step_point(m)),
        );
        assert_eq!(kept, ["b3", "c3"]);
        // Black to move has no chain of White's to stop.
        assert!(position(&["c2", "b4"], &[]).must_play().is_none());
        // With White on b3 and e5, Black's only chain runs c2–d3 over d2 and c3, then d3–b4
        // over c3 and c4: White's c3 cuts both bridges, so it is no chain.
        let g = position_for(Colour::White, &["c2", "d3", "b4"], &["b3", "e5"]);
        assert!(g.must_play().is_none());
        // Without e5, d3 joins the bottom by its ziggurat over b5–e5, c4–e4 and e3.
        let g = position_for(Colour::White, &["c2", "d3", "b4"], &["b3"]);
        let zig = [
            "b5", "c1", "c3", "c4", "c5", "d1", "d2", "d4", "d5", "e3", "e4", "e5",
        ];
        assert_eq!(must_names(&g), zig);
    }

    /// A `w` by `h` game with Black's and White's stones on the cells named, `to` to move.
    fn board(w: u16, h: u16, to: Colour, black: &[&str], white: &[&str]) -> crate::HexGame {
        let size = stones_core::BoardSize {
            width: w,
            height: h,
        };
        let rules = crate::HexRules { size, swap: false };
        let mut g = crate::HexGame::new(rules).unwrap();
        let mut stones = vec![None; usize::from(w * h)];
        for (names, c) in [(black, Colour::Black), (white, Colour::White)] {
            for name in names {
                stones[g.topology().parse_point(name).unwrap().idx()] = Some(c);
            }
        }
        g.set_position(&stones, to).unwrap();
        g
    }

    /// The names of the cells of `g`'s must-play, sorted.
    fn must_names(g: &crate::HexGame) -> Vec<String> {
        let must = g.must_play().expect("a chain");
        let mut names: Vec<String> = (g.topology().points())
            .filter(|&p| must.contains(p))
            .map(|p| g.move_text(Move::Place(p)))
            .collect();
        names.sort();
        names
    }

    /// Checks, solving outright, that every empty cell outside `g`'s must-play loses.
    fn outside_loses(g: &crate::HexGame) {
        let must = g.must_play().expect("a chain");
        let mut memo = HashMap::new();
        let empty = g.topology().points().filter(|&p| g.stone(p).is_none());
        for p in empty.filter(|&p| !must.contains(p)) {
            let mut next = g.clone();
            next.play(Move::Place(p)).unwrap();
            assert!(
                next.status() == Status::Ongoing && wins(&next, &mut memo),
                "{} escapes the chain:\n{}",
                g.move_text(Move::Place(p)),
                g.render(false)
            );
        }
    }

    #[test]
    fn a_ziggurat_joins_a_third_row_stone_to_its_side() {
        // Black's b3 on the bottom row of a 5-wide, 3-high board: its ziggurat to the top over
        // a1–d1, a2–c2 and a3. White to move must play there.
        let g = board(5, 3, Colour::White, &["b3"], &[]);
        assert_eq!(
            must_names(&g),
            ["a1", "a2", "a3", "b1", "b2", "c1", "c2", "d1"]
        );
        outside_loses(&g);
        // White's a3 breaks that one; the mirror image over b1–e1, b2–d2 and c3 holds.
        let g = board(5, 3, Colour::White, &["b3"], &["a3"]);
        assert_eq!(
            must_names(&g),
            ["b1", "b2", "c1", "c2", "c3", "d1", "d2", "e1"]
        );
        outside_loses(&g);
        // White's, on a board turned: c2 on White's right side, its ziggurat to the left.
        let g = board(3, 5, Colour::Black, &[], &["c2"]);
        assert_eq!(
            must_names(&g),
            ["a1", "a2", "a3", "a4", "b1", "b2", "b3", "c1"]
        );
        outside_loses(&g);
        // A stone in the middle of 5x5, both ways to its sides (the bottom one turned half round).
        let g = board(5, 5, Colour::White, &["c3"], &[]);
        let both = [
            "a5", "b1", "b2", "b3", "b4", "b5", "c1", "c2", "c4", "c5", "d1", "d2", "d3", "d4",
            "d5", "e1",
        ];
        assert_eq!(must_names(&g), both);
        // A stone off the third row, or a carrier cell taken, is no ziggurat.
        assert!(board(5, 4, Colour::White, &["b4"], &[])
            .must_play()
            .is_none());
        let g = board(5, 3, Colour::White, &["b3"], &["a3", "e1"]);
        assert!(g.must_play().is_none());
    }

    #[test]
    fn every_move_outside_the_must_play_loses() {
        // Random 5x5 positions with 7 to 10 empty cells, solved outright.
        let mut rng = Rng::new(13);
        let (mut chains, mut outside) = (0, 0);
        while chains < 150 {
            let (g, cells) = random_position(&mut rng);
            let Some(must) = g.must_play().filter(|_| g.status() == Status::Ongoing) else {
                continue;
            };
            chains += 1;
            let mut memo = HashMap::new();
            for p in cells.iter().copied().filter(|&p| !must.contains(p)) {
                let mut next = g.clone();
                next.play(Move::Place(p)).unwrap();
                outside += 1;
                assert!(
                    next.status() == Status::Ongoing && wins(&next, &mut memo),
                    "{} escapes the chain:\n{}",
                    g.move_text(Move::Place(p)),
                    g.render(false)
                );
            }
        }
        assert!(outside > 300, "{outside} moves outside");
    }
}
