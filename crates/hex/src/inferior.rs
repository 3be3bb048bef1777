//! Inferior cells, as MoHex's analysis finds them from a cell's neighbours: dead cells, whose
//! colour never changes who wins, and captured pairs, two cells one player can answer in so that
//! they are as good as theirs. The search leaves both out of its moves: that never loses a win.

use crate::around::Around;
use crate::game::{HexGame, EMPTY, MAX_CELLS};
use stones_core::{Colour, Point};

/// A set of cells, one bit each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellSet([u64; MAX_CELLS / 64 + 1]);

impl CellSet {
    /// The empty set.
    pub(crate) fn new() -> CellSet {
        CellSet([0; MAX_CELLS / 64 + 1])
    }

    /// Whether `p` is in the set.
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.0[p.idx() / 64] & 1 << (p.idx() % 64) != 0
    }

    /// Adds `p`.
    pub(crate) fn insert(&mut self, p: Point) {
        self.0[p.idx() / 64] |= 1 << (p.idx() % 64);
    }
}

impl HexGame {
    /// Whether the empty cell `p` is dead: which colour takes it never changes who wins, because
    /// for each player every two neighbours a path through `p` could join are next to each other
    /// or already joined around `p` by that player's stones and sides. Taking a dead cell is a
    /// pass, and a pass is never better than another move in Hex (an extra stone never hurts).
    /// (`inferior_cells` reads it from the neighbours it has already read.)
    #[cfg(test)]
    pub(crate) fn is_dead(&self, p: Point) -> bool {
        dead(&self.around(p))
    }

    /// Whether the neighbouring empty cells `a` and `b` are captured by `c`: whichever of them
    /// the opponent takes, `c` takes the other and the one taken is dead. Such a pair is as
    /// good as `c`'s already (Hex's fill-in): a move there is never needed by either player.
    pub(crate) fn captured_pair(&self, a: Point, b: Point, c: Colour) -> bool {
        self.dead_once(a, b, c) && self.dead_once(b, a, c)
    }

    /// Whether the empty cell `p` is dead once `c` holds its empty neighbour `q`.
    fn dead_once(&self, p: Point, q: Point, c: Colour) -> bool {
        let mut around = self.around(p);
        for n in around.iter_mut().filter(|n| **n == Around::Empty(q)) {
            *n = Around::Held(c);
        }
        dead(&around)
    }

    /// The empty cells the search leaves out: the dead ones, and the cells of captured pairs
    /// (each pair kept apart from the others and from the dead cells, so that every pair can be
    /// filled in at once whatever the others hold).
    pub(crate) fn inferior_cells(&self) -> CellSet {
        let mut out = CellSet::new();
        // A dead cell has at most two empty neighbours (see `dead`), a cell of a captured pair
        // at most three: most cells are passed over at that count.
        let mut empties = [0u8; MAX_CELLS];
        let cells = (0..self.cells.len()).filter(|&i| self.cells[i] == EMPTY);
        for p in cells.clone().map(|i| Point(i as u16)) {
            let around = self.around(p);
            empties[p.idx()] = around
                .iter()
                .filter(|n| matches!(n, Around::Empty(_)))
                .count() as u8;
            if empties[p.idx()] <= 2 && dead(&around) {
                out.insert(p);
            }
        }
        for a in cells.map(|i| Point(i as u16)) {
            if empties[a.idx()] > 3 || out.contains(a) {
                continue;
            }
            for n in self.around(a) {
                let Around::Empty(b) = n else { continue };
                let pair = empties[b.idx()] <= 3
                    && !out.contains(b)
                    && Colour::BOTH
                        .into_iter()
                        .any(|c| self.captured_pair(a, b, c));
                if pair {
                    out.insert(a);
                    out.insert(b);
                    break;
                }
            }
        }
        out
    }
}

/// Whether a cell with these neighbours is dead: useless to both players. It has at most two
/// empty neighbours: of three, some two are apart with the third on one arc between them, and
/// the other arc cannot be held by both players.
fn dead(around: &[Around; 6]) -> bool {
    Colour::BOTH.into_iter().all(|c| useless_to(around, c))
}

/// Whether a cell with these neighbours could never join anything for `c`: every two neighbours
/// `c` could use (empty or held by `c`) are next to each other, or one of the two arcs between
/// them is held by `c` all along.
fn useless_to(around: &[Around; 6], c: Colour) -> bool {
    let held = |i: usize| around[i % 6] == Around::Held(c);
    let usable = |i: usize| held(i) || matches!(around[i], Around::Empty(_));
    // The neighbours strictly between `i` and `j`, going round from `i`, are all `c`'s.
    let arc_held = |i: usize, j: usize| (1..(j + 6 - i) % 6).all(|k| held(i + k));
    (0..6).all(|i| (i + 1..6).all(|j| !usable(i) || !usable(j) || arc_held(i, j) || arc_held(j, i)))
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::around::tests::{at, position};
    use crate::HexGame;
    use std::collections::HashMap;
    use stones_core::{Colour, Game, Point, Rng, SearchGame};
    #[test]
    fn dead_cells_by_their_neighbours() {
        // c3's neighbours d3, c4, b4, b3 are Black's: four in a row.
        let g = position(&["d3", "c4", "b4", "b3"], &[]);
        assert!(g.is_dead(at(&g, "c3")));
        // Three of them only: Black's d3 and b4 are joined through c3 or c4 alone.
        let g = position(&["d3", "b4", "b3"], &[]);
        assert!(!g.is_dead(at(&g, "c3")));
        // Two Black in a row facing two White in a row (d3, c4 Black; b3, c2 White).
        let g = position(&["d3", "c4"], &["b3", "c2"]);
        assert!(g.is_dead(at(&g, "c3")));
        // a1 beside Black's b1 and White's a2: the corner's two sides and two stones.
        let g = position(&["b1"], &["a2"]);
        assert!(g.is_dead(at(&g, "a1")));
        // An empty board has none.
        let g = position(&[], &[]);
        assert!(g.topology().points().all(|p| !g.is_dead(p)));
    }

    /// Fills every empty cell of `g` but `p` at random, then says who wins with `p` Black and with
    /// `p` White.
    fn winners_either_way(g: &HexGame, p: Point, rng: &mut Rng) -> [Option<Colour>; 2] {
        let mut full = g.clone();
        for q in g
            .topology()
            .points()
            .filter(|&q| q != p && g.stone(q).is_none())
        {
            full.set(q, Colour::BOTH[rng.below(2)], true);
        }
        Colour::BOTH.map(|c| {
            let mut f = full.clone();
            f.set(p, c, true);
            Colour::BOTH.into_iter().find(|&w| f.connected(w))
        })
    }

    #[test]
    fn a_dead_cell_never_changes_the_winner() {
        let mut rng = Rng::new(11);
        let (mut dead, mut alive_that_mattered) = (0, 0);
        for _ in 0..1000 {
            let mut g = position(&[], &[]);
            let stones = 4 + rng.below(14);
            for _ in 0..stones {
                let empty: Vec<Point> = g
                    .topology()
                    .points()
                    .filter(|&q| g.stone(q).is_none())
                    .collect();
                g.set(
                    empty[rng.below(empty.len())],
                    Colour::BOTH[rng.below(2)],
                    true,
                );
            }
            for p in g.topology().points().filter(|&q| g.stone(q).is_none()) {
                let mattered = (0..8).any(|_| {
                    let [b, w] = winners_either_way(&g, p, &mut rng);
                    b != w
                });
                if g.is_dead(p) {
                    dead += 1;
                    assert!(
                        !mattered,
                        "dead {} changed the winner:\n{}",
                        g.move_text(crate::Move::Place(p)),
                        g.render(false)
                    );
                } else if mattered {
                    alive_that_mattered += 1;
                }
            }
        }
        assert!(
            dead > 500 && alive_that_mattered > 500,
            "{dead} dead, {alive_that_mattered}"
        );
    }

    #[test]
    fn the_search_leaves_dead_cells_out() {
        // c3 is dead (four Black neighbours in a row), and so is a4: Black's b3 and b4 are
        // joined, and a4's other neighbours, a3 and a5, touch White's left side already.
        let g = position(&["d3", "c4", "b4", "b3"], &[]);
        let (mut steps, mut legal) = (Vec::new(), Vec::new());
        g.steps(&[], &mut steps);
        g.legal_steps(&[], &mut legal);
        assert_eq!(legal.len(), 21);
        let left_out: Vec<String> = legal
            .iter()
            .filter(|m| !steps.contains(m))
            .map(|&m| g.move_text(m))
            .collect();
        // a5 and b5 too: Black's b4 holds them as its edge template (White takes one, Black
        // the other, and the one White took joins nothing).
        assert_eq!(left_out, ["c3", "a4", "a5", "b5"]);
        assert!(g.captured_pair(at(&g, "a5"), at(&g, "b5"), Colour::Black));
        assert!(!g.captured_pair(at(&g, "a5"), at(&g, "b5"), Colour::White));
    }

    /// A random 5x5 position with 15 to 18 stones of random colours, either player to move, and
    /// its empty cells.
    pub(crate) fn random_position(rng: &mut Rng) -> (HexGame, Vec<Point>) {
        let mut g = position(&[], &[]);
        let mut cells: Vec<Point> = g.topology().points().collect();
        for _ in 0..15 + rng.below(4) {
            let p = cells.swap_remove(rng.below(cells.len()));
            g.set(p, Colour::BOTH[rng.below(2)], true);
        }
        let stones: Vec<Option<Colour>> = g.topology().points().map(|p| g.stone(p)).collect();
        g.set_position(&stones, Colour::BOTH[rng.below(2)]).unwrap();
        (g, cells)
    }

    /// Whether the player to move in `g` wins, by trying every legal move (memoised).
    pub(crate) fn wins(g: &HexGame, memo: &mut HashMap<(u64, Colour), bool>) -> bool {
        let key = (g.hash(), g.to_move());
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let w = moves.iter().any(|&mv| {
            let mut next = g.clone();
            next.play(mv).unwrap();
            match next.status() {
                stones_core::Status::Over(_) => true,
                _ => !wins(&next, memo),
            }
        });
        memo.insert(key, w);
        w
    }

    #[test]
    fn leaving_the_inferior_cells_out_never_loses_a_win() {
        // Random 5x5 positions with 7 to 10 empty cells, solved outright: wherever the player to
        // move wins, one of the search's steps wins too.
        let mut rng = Rng::new(7);
        let (mut won, mut pruned_and_won) = (0, 0);
        while won < 300 {
            let (g, _) = random_position(&mut rng);
            if g.status() != stones_core::Status::Ongoing {
                continue;
            }
            let mut memo = HashMap::new();
            if !wins(&g, &mut memo) {
                continue;
            }
            won += 1;
            let (mut steps, mut legal) = (Vec::new(), Vec::new());
            g.steps(&[], &mut steps);
            g.legal_steps(&[], &mut legal);
            pruned_and_won += usize::from(steps.len() < legal.len());
            let a_step_wins = steps.iter().any(|&mv| {
                let mut next = g.clone();
                next.play(mv).unwrap();
                next.status() != stones_core::Status::Ongoing || !wins(&next, &mut memo)
            });
            assert!(
                a_step_wins,
                "every winning move left out:\n{}",
                g.render(false)
            );
        }
        assert!(
            pruned_and_won > 50,
            "{pruned_and_won} of 300 won positions pruned"
        );
    }
}
