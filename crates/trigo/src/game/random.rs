//! Random moves: the uniform draw behind [`Game::random_move`](stones_core::Game::random_move) and
//! the allocation-free playout policy behind [`TrigoGame::playout`].

use super::TrigoGame;
use crate::legal;
use crate::moves::TrigoMove;
use stones_core::{Game, Point, Rng};
use stones_go::board::MAX_POINTS;

impl TrigoGame {
    /// A random move for playouts: two stones on a uniformly random pair of empty points that are not
    /// the mover's own single-point eyes and make a legal move; `Pass` only when no such pair exists
    /// (Black's opening: one random stone). Eyes are found lazily, when drawn; when a few draws
    /// straight from the empty list miss (one, when the list is short: late in a playout, where
    /// they mostly do), the eyes and the points no legal pair can use ([`legal::hopeless`]) leave
    /// the draw as they are drawn. Either way each legal pair of non-eye points is equally likely.
    /// Allocates nothing.
    pub fn playout_move(&self, rng: &mut Rng) -> TrigoMove {
        let board = &self.pos.board;
        // Fast path: pairs drawn straight from the board's empty list, no copy. A short list (late in
        // a playout, eyes and dead points crowding it) gets one draw before the slow draw, which
        // checks each point once instead of once a pair.
        let n = board.empty_count();
        if !self.pos.st.opening && n >= 2 {
            for _ in 0..if n > SHORT { 4 } else { 1 } {
                let i = rng.below(n);
                let mut j = rng.below(n - 1);
                if j >= i {
                    j += 1;
                }
                let (p, q) = (board.nth_empty(i), board.nth_empty(j));
                if !self.is_eye(p.0) && !self.is_eye(q.0) && self.pair_ok(p, q) {
                    return TrigoMove::two(p, q);
                }
            }
        }
        let list = board.empty_indices();
        if self.pos.st.opening {
            return match list.len() {
                0 => TrigoMove::Pass,
                n => TrigoMove::One(Point(list[rng.below(n)])),
            };
        }
        if list.len() <= SHORT {
            self.draw_pair(&mut Draw::<SHORT>::new(list), rng)
        } else {
            self.draw_pair(&mut Draw::<MAX_POINTS>::new(list), rng)
        }
    }

    /// True when empty `p` is the mover's own single-point eye. On the hexagon a point has no
    /// diagonal neighbours, so that is one load of the packed counts, every neighbour an own stone:
    /// what [`ChainBoard::is_own_eye`](stones_go::ChainBoard::is_own_eye) finds there, without its
    /// out-of-line diagonal test.
    #[inline]
    pub(crate) fn is_eye(&self, p: u16) -> bool {
        self.pos.board.surrounded_by(Point(p), self.pos.st.to_move)
    }

    /// The draws straight from the empty list missed: draw from `draw`, a copy of it, dropping the
    /// points no legal pair can use (the mover's eyes, hopeless points) as they are drawn, each
    /// checked once. Such points take no share of a uniform draw over the legal pairs, so dropping
    /// them leaves the draw as it was.
    fn draw_pair<const N: usize>(&self, draw: &mut Draw<N>, rng: &mut Rng) -> TrigoMove {
        let (board, topo, c) = (&self.pos.board, &*self.topo, self.pos.st.to_move);
        // The mover's eye (`is_eye`) or a hopeless point; by value (`move`), so that the colour is
        // not read again through `self` at each point.
        let useless = move |p: u16| {
            board.surrounded_by(Point(p), c) || legal::hopeless(board, topo, Point(p), c)
        };
        for _ in 0..16 {
            let Some(i) = draw.pick(rng, useless) else {
                return TrigoMove::Pass;
            };
            let j = loop {
                match draw.pick(rng, useless) {
                    None => return TrigoMove::Pass,
                    Some(j) if j != i => break j,
                    Some(_) if draw.n < 2 => return TrigoMove::Pass,
                    Some(_) => {}
                }
            };
            let (p, q) = (Point(draw.cand[i]), Point(draw.cand[j]));
            if self.pair_ok(p, q) {
                return TrigoMove::two(p, q);
            }
        }
        draw.check_all(useless);
        let (cand, n) = (&draw.cand, draw.n);
        if n < 2 {
            return TrigoMove::Pass;
        }
        // Crowded boards: scan every pair of the points kept from a random start, so that a pass
        // comes only when no pair is legal.
        let (oi, oj) = (rng.below(n), rng.below(n));
        let wrap = |k: usize| if k >= n { k - n } else { k };
        for di in 0..n {
            let i = wrap(oi + di);
            for dj in 0..n {
                let j = wrap(oj + dj);
                if i != j && self.pair_ok(Point(cand[i]), Point(cand[j])) {
                    return TrigoMove::two(Point(cand[i]), Point(cand[j]));
                }
            }
        }
        TrigoMove::Pass
    }

    /// A uniformly random legal move in play (the pass included), for [`Game::random_move`].
    pub(super) fn random_play_move(&self, rng: &mut Rng) -> TrigoMove {
        let board = &self.pos.board;
        let n = board.empty_count();
        let c = self.pos.st.to_move;
        if self.pos.st.opening {
            // n single stones (never suicide on the empty board) and the pass.
            let i = rng.below(n + 1);
            return match board.empty_points().nth(i) {
                Some(p) if !board.is_suicide(&self.topo, p, c) => TrigoMove::One(p),
                _ => TrigoMove::Pass,
            };
        }
        // Uniform over the C(n, 2) pairs plus the pass; a refused pair is drawn again. After many
        // refusals (a crowded board) the exact list is drawn from instead.
        let pairs = n * n.saturating_sub(1) / 2;
        for _ in 0..64 {
            let k = rng.below(pairs + 1);
            if k == pairs {
                return TrigoMove::Pass;
            }
            let i = rng.below(n);
            let mut j = rng.below(n - 1);
            if j >= i {
                j += 1;
            }
            let (p, q) = (board.nth_empty(i), board.nth_empty(j));
            if self.pair_ok(p, q) {
                return TrigoMove::two(p, q);
            }
        }
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        all.get(rng.below(all.len().max(1)))
            .copied()
            .unwrap_or(TrigoMove::Pass)
    }
}

/// The longest empty list the small draw holds: late in a playout, when the draws straight from the
/// list miss, it is usually a few dozen points, and a small draw is cheap to set up.
const SHORT: usize = 64;

/// A uniform draw without replacement of the points some legal pair can use, from a copy of the
/// empty list (at most `N` points): `cand[..checked]` are known usable, `cand[checked..n]` not yet
/// checked, and a point found useless when drawn leaves the list. A usable point's index stays put
/// once checked.
struct Draw<const N: usize> {
    cand: [u16; N],
    n: usize,
    checked: usize,
}

impl<const N: usize> Draw<N> {
    fn new(list: &[u16]) -> Draw<N> {
        let mut cand = [0u16; N];
        cand[..list.len()].copy_from_slice(list);
        Draw {
            cand,
            n: list.len(),
            checked: 0,
        }
    }

    /// The index of a uniformly drawn usable point, or `None` when none is left.
    #[inline]
    fn pick(&mut self, rng: &mut Rng, useless: impl Fn(u16) -> bool) -> Option<usize> {
        while self.n > 0 {
            let i = rng.below(self.n);
            if i < self.checked {
                return Some(i);
            }
            let p = self.cand[i];
            if useless(p) {
                self.n -= 1;
                self.cand[i] = self.cand[self.n];
            } else {
                self.cand[i] = self.cand[self.checked];
                self.cand[self.checked] = p;
                self.checked += 1;
                return Some(self.checked - 1);
            }
        }
        None
    }

    /// Drops every useless point not yet checked: `cand[..n]` are then the usable points.
    fn check_all(&mut self, useless: impl Fn(u16) -> bool) {
        while self.checked < self.n {
            let p = self.cand[self.checked];
            if useless(p) {
                self.n -= 1;
                self.cand[self.checked] = self.cand[self.n];
            } else {
                self.checked += 1;
            }
        }
    }
}
