//! What Hex tells the search: every empty cell (and the swap when allowed) is a step, and a playout
//! fills the board at random and reads the winner once, since filling never changes who connected.

use crate::game::{End, HexGame, EMPTY, MAX_CELLS};
use crate::moves::Move;
use stones_core::{Colour, Game, Point, Rng, SearchGame, Trail};

impl SearchGame for HexGame {
    type Step = Move;

    fn steps(&self, _pending: &[Move], out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    fn complete(&self, pending: &[Move]) -> Option<Move> {
        pending.first().copied()
    }

    fn play_fast(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn step_point(step: Move) -> Option<Point> {
        match step {
            Move::Place(p) => Some(p),
            _ => None,
        }
    }

    /// Fills up to `cap` empty cells in random order, the players taking turns (never swapping),
    /// then finds the winner once. On a full board exactly one player is connected (Hex has no
    /// draw), and it is the player who would have connected first in that order: a stone added to
    /// a finished board cannot undo a connection. Stones stay where they are put, so the final
    /// board is the exact AMAF trail: nothing to record. The filled stones are not in the history
    /// (the search never undoes a rollout).
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        if self.end != End::No {
            return 0;
        }
        let mut empties = [0u16; MAX_CELLS];
        let mut len = 0;
        for (i, &v) in self.cells.iter().enumerate() {
            if v == EMPTY {
                empties[len] = i as u16;
                len += 1;
            }
        }
        let fill = len.min(cap);
        for k in 0..fill {
            let j = k + rng.below(len - k);
            empties.swap(k, j);
            let c = self.to_move;
            self.set(Point(empties[k]), c, true);
            self.to_move = c.opponent();
            self.hash ^= self.topo.side_key();
        }
        if let Some(winner) = Colour::BOTH.into_iter().find(|&c| self.connected(c)) {
            self.end = End::Connected(winner);
        }
        fill
    }

    fn rollout_winner(&self) -> Option<Colour> {
        self.winner()
    }
}
