//! Must-play from the opponent's chain of bridges: when the opponent's stones join their two
//! sides through bridges and edge templates whose carriers (two empty cells each) do not overlap,
//! they stay joined whatever the player to move does elsewhere — a cut into one carrier is
//! answered in the other — so only a move inside a carrier can stop them. MoHex finds its
//! must-play from all the virtual connections its H-search builds; this is the simplest of them.

use crate::around::{is_cell, side_across};
use crate::game::{HexGame, EMPTY, MAX_CELLS};
use crate::inferior::CellSet;
use stones_core::Point;

/// A bridge between two of the opponent's groups (or a group and a side) over two empty cells.
#[derive(Clone, Copy, Default)]
struct Bridge {
    ends: [u16; 2],
    carrier: [u16; 2],
}

/// The most bridges a board can hold: one per pair of neighbouring cells.
const MAX_BRIDGES: usize = 3 * MAX_CELLS;

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
        let mut bridges = [Bridge::default(); MAX_BRIDGES];
        let mut count = 0;
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
                    let (ends, carrier) = ([a as u16, b as u16], [p as u16, q]);
                    bridges[count] = Bridge { ends, carrier };
                    count += 1;
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
            for c in b.carrier.map(Point) {
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
        // With White on b3, Black's only chain runs c2–d3 over d2 and c3, then d3–b4 over c3
        // and c4: White's c3 cuts both bridges, so it is no chain.
        let g = position_for(Colour::White, &["c2", "d3", "b4"], &["b3"]);
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
