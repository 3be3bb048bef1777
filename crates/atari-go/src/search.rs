//! What the search needs of atari-go: every move is one step, the fast path is `play_unchecked`;
//! and what it knows: a capture wins at once, so the playouts take one when there is one and the
//! tree starts a capturing step as a sure win.

use crate::AtariGo;
use stones_core::{Game, PointMove, Rng, SearchGame, Trail};

impl AtariGo {
    /// The playouts' move: a capture when there is one (it wins), else a random legal point.
    fn playout_move(&self, rng: &mut Rng) -> Option<PointMove> {
        if self.is_over() {
            return None;
        }
        match self.board.empty_points().find(|&p| self.captures_at(p)) {
            Some(p) => Some(PointMove::Place(p)),
            None => self.random_move(rng),
        }
    }
}

impl SearchGame for AtariGo {
    stones_core::move_steps!();
    stones_core::placement_steps!(PointMove::Place);

    /// Plays on with [`AtariGo::playout_move`] on the fast path, recording each stone in `trail`.
    /// Allocates nothing.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        trail.recorded = true;
        let mut moves = 0;
        while moves < cap {
            let Some(mv) = self.playout_move(rng) else {
                break;
            };
            if let PointMove::Place(p) = mv {
                trail.record(p, self.to_move());
            }
            self.play_unchecked(mv);
            moves += 1;
        }
        moves
    }

    /// A capturing step wins at once: it starts as won, weighing as much as 100 visits.
    fn prior(&self, _pending: &[PointMove], step: PointMove) -> (f32, f32) {
        match step {
            PointMove::Place(p) if self.captures_at(p) => (1.0, 100.0),
            _ => (0.5, 0.0),
        }
    }
}
