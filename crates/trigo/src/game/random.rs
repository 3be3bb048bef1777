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
    /// (Black's opening: one random stone). Eyes are found lazily, when drawn; points that no legal pair
    /// can use ([`legal::hopeless`]) leave the draw after a refused pair. Allocates nothing.
    pub fn playout_move(&self, rng: &mut Rng) -> TrigoMove {
        let board = &self.pos.board;
        let c = self.pos.st.to_move;
        let eye = |p: u16| board.is_own_eye(&self.topo, Point(p), c);
        let useless = |p: u16| eye(p) || legal::hopeless(board, &self.topo, Point(p), c);
        // Fast path: a few pairs drawn straight from the board's empty list, no copy.
        let n = board.empty_count();
        if !self.pos.st.opening && n >= 2 {
            for _ in 0..4 {
                let i = rng.below(n);
                let mut j = rng.below(n - 1);
                if j >= i {
                    j += 1;
                }
                let (p, q) = (board.nth_empty(i), board.nth_empty(j));
                if !eye(p.0) && !eye(q.0) && self.pair_ok(p, q) {
                    return TrigoMove::two(p, q);
                }
            }
        }
        let mut cand = [0u16; MAX_POINTS];
        let mut n = 0;
        for p in board.empty_points() {
            cand[n] = p.0;
            n += 1;
        }
        if self.pos.st.opening {
            return match n {
                0 => TrigoMove::Pass,
                _ => TrigoMove::One(Point(cand[rng.below(n)])),
            };
        }
        // Rejection sampling; nearly always the first draw is legal.
        let mut tries = 0;
        while n >= 2 && tries < 32 {
            let i = rng.below(n);
            if eye(cand[i]) {
                n -= 1;
                cand[i] = cand[n];
                continue;
            }
            let mut j = rng.below(n - 1);
            if j >= i {
                j += 1;
            }
            if eye(cand[j]) {
                n -= 1;
                cand[j] = cand[n];
                continue;
            }
            let (p, q) = (Point(cand[i]), Point(cand[j]));
            if self.pair_ok(p, q) {
                return TrigoMove::two(p, q);
            }
            tries += 1;
            for k in [i.max(j), i.min(j)] {
                if legal::hopeless(board, &self.topo, Point(cand[k]), c) {
                    n -= 1;
                    cand[k] = cand[n];
                }
            }
        }
        // Crowded boards: keep the points a legal pair could use, then scan every pair of them from a
        // random start, so that a pass comes only when no pair is legal.
        let mut k = 0;
        while k < n {
            if useless(cand[k]) {
                n -= 1;
                cand[k] = cand[n];
            } else {
                k += 1;
            }
        }
        if n < 2 {
            return TrigoMove::Pass;
        }
        let (oi, oj) = (rng.below(n), rng.below(n));
        for di in 0..n {
            let i = (oi + di) % n;
            for dj in 0..n {
                let j = (oj + dj) % n;
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
