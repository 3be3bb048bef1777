//! What Hex tells the search: every legal move is a step; a playout fills the board at random.

use crate::{game::End, game::HexGame, game::EMPTY, game::MAX_CELLS, Move};
use stones_core::{Colour, Point, Rng, SearchGame, Trail};

impl SearchGame for HexGame {
    stones_core::move_steps!();
    stones_core::placement_steps!(Move::Place);

    /// Fills up to `cap` empty cells at random, in turn, then finds the winner once: the full
    /// board's one winner is who would have connected first in that order (a stone added later
    /// cannot undo a connection). The board is the exact AMAF trail; the history is not kept.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let (mut empties, mut len) = ([0u16; MAX_CELLS], 0);
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == EMPTY) {
            (empties[len], len) = (i as u16, len + 1);
        }
        let fill = if self.end == End::No { len.min(cap) } else { 0 };
        for k in 0..fill {
            empties.swap(k, k + rng.below(len - k));
            self.set(Point(empties[k]), self.turns.to_move, true);
            self.turns.to_move = self.turns.to_move.opponent();
        }
        if let Some(winner) = Colour::BOTH.into_iter().find(|&c| self.connected(c)) {
            self.end = End::Won(winner, ());
        }
        fill
    }

    /// The winner, without making the result text as [`stones_core::Game::status`] does.
    fn rollout_winner(&self) -> Option<Colour> {
        self.end.winner()
    }
}
