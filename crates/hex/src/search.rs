//! What Hex tells the search: every legal move is a step; a playout fills the board at random,
//! except that a player whose bridge the last stone cut into saves it.

use crate::{game::End, game::HexGame, game::EMPTY, game::MAX_CELLS, Move};
use stones_core::{Colour, Point, Rng, SearchGame, Trail};

/// The six directions from a cell, `(dx, dy)`, in circular order: neighbours of a cell that are
/// next in this list are neighbours of each other too.
const AROUND: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

impl SearchGame for HexGame {
    stones_core::move_steps!();
    stones_core::placement_steps!(Move::Place);

    /// The swap, while it is allowed.
    fn swap_step(&self) -> Option<Move> {
        self.swap_allowed().then_some(Move::Swap)
    }

    /// Fills up to `cap` empty cells in turn, then finds the winner once: the full board's one
    /// winner is who would have connected first in that order (a stone added later cannot undo a
    /// connection). Each cell is drawn at random, unless the last stone cut into a bridge of the
    /// player to move (see `HexGame::bridge_reply`): then that player saves it, the playout
    /// policy Hex programs (MoHex's, for one) found to matter most. The board is the exact AMAF
    /// trail; the history is not kept.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let (mut empties, mut len) = ([0u16; MAX_CELLS], 0);
        // Where each empty cell sits in `empties`, to take a chosen one out of the draw.
        let mut slot = [0u16; MAX_CELLS];
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == EMPTY) {
            (empties[len], slot[i], len) = (i as u16, len as u16, len + 1);
        }
        let fill = if self.end == End::No { len.min(cap) } else { 0 };
        let mut last = match self.turns.last() {
            Some(Move::Place(p)) => Some(p),
            _ => None,
        };
        for k in 0..fill {
            let c = self.turns.to_move;
            let j = match last.and_then(|p| self.bridge_reply(p, c)) {
                Some(q) => slot[q.idx()] as usize,
                None => k + rng.below(len - k),
            };
            empties.swap(k, j);
            (slot[empties[k] as usize], slot[empties[j] as usize]) = (k as u16, j as u16);
            let p = Point(empties[k]);
            self.set(p, c, true);
            self.turns.to_move = c.opponent();
            last = Some(p);
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

impl HexGame {
    /// The empty cell that saves a bridge of `c`'s which the stone just put on `p` cut into: two
    /// `c` stones with two common neighbours, `p` and an empty cell, are still joined once `c` takes
    /// that cell. `None` when `p` cut no bridge of `c`'s.
    pub(crate) fn bridge_reply(&self, p: Point, c: Colour) -> Option<Point> {
        let (w, h) = self.topo.bounding_box();
        let (x, y) = self.topo.xy(p);
        let cell = |d: usize| {
            let (dx, dy) = AROUND[d % 6];
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            let on = nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32;
            on.then(|| {
                (
                    ny as usize * w as usize + nx as usize,
                    self.cells[ny as usize * w as usize + nx as usize],
                )
            })
        };
        let own = c.idx() as u8 + 1;
        let owns = |d: usize| matches!(cell(d), Some((_, v)) if v == own);
        (0..6).find_map(|d| match cell(d) {
            Some((q, EMPTY)) if owns(d + 5) && owns(d + 1) => Some(Point(q as u16)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{HexGame, HexRules};
    use stones_core::{Colour, Game, Rng, SearchGame, Trail};

    fn game(moves: &[&str]) -> HexGame {
        let mut g = HexGame::new(HexRules::default()).unwrap();
        for m in moves {
            let mv = g.parse_move(m).unwrap();
            g.play(mv).unwrap();
        }
        g
    }

    #[test]
    fn a_cut_bridge_is_saved_and_nothing_else_is_a_bridge() {
        // Black's f6 and g4 form a bridge over f5 and g5 (both neighbours of each); White cuts at f5.
        let g = game(&["f6", "a1", "g4", "f5"]);
        let at = |s: &str| g.topology().parse_point(s).unwrap();
        assert_eq!(g.bridge_reply(at("f5"), Colour::Black), Some(at("g5")));
        // Not White's bridge, and a cut of cells Black holds apart from a bridge asks nothing.
        assert_eq!(g.bridge_reply(at("f5"), Colour::White), None);
        let g = game(&["f6", "a1", "h4", "f5"]);
        assert_eq!(g.bridge_reply(at("f5"), Colour::Black), None);
    }

    #[test]
    fn every_playout_saves_the_cut_bridge() {
        let start = game(&["f6", "a1", "g4", "f5"]);
        let g5 = start.topology().parse_point("g5").unwrap();
        let (mut rng, mut trail) = (Rng::new(3), Trail::new(121));
        for _ in 0..50 {
            let mut g = start.clone();
            g.rollout(&mut rng, 1000, &mut trail);
            assert_eq!(g.cells[g5.idx()], 1, "Black took g5 first");
        }
    }
}
