//! What Dots tells the search: a dot per step. The search never says STOP: it plays the field out.

use crate::moves::DotsMove;
use crate::state::DotsGame;
use stones_core::{Game, Rng, SearchGame, Trail};

impl SearchGame for DotsGame {
    type Step = DotsMove;

    /// Every free point the player may use (inside the zone for a first move).
    fn steps(&self, _pending: &[DotsMove], out: &mut Vec<DotsMove>) {
        self.legal_moves(out);
        out.retain(|m| matches!(m, DotsMove::Put(_)));
    }

    fn complete(&self, pending: &[DotsMove]) -> Option<DotsMove> {
        pending.first().copied()
    }

    /// Without the history: the search plays on the fast path, which keeps none, and each playout's
    /// copy is refreshed from this one.
    fn search_copy(&self) -> DotsGame {
        let mut copy = self.clone();
        copy.drop_history();
        copy
    }

    stones_core::placement_steps!(DotsMove::Put);

    /// Dots' own random fill ([`Game::playout`]). A dot is never taken off the field, so the final
    /// field is the exact AMAF trail: nothing to record.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        self.playout(rng, cap)
    }
}
