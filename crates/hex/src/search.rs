//! What Hex tells the search: every legal move but the inferior cells and, when the opponent's
//! bridges join their sides, but the cells outside them is a step; a move that saves a bridge the
//! last stone cut into starts with prior wins; and a playout fills the board at random, except
//! that a player whose bridge the last stone cut into saves it.

use crate::shapes::{Candidates, Gammas};
use crate::{game::End, game::HexGame, game::EMPTY, game::MAX_CELLS, Move};
use stones_core::{move_predictor, Colour, Game, Point, Rng, SearchGame, Trail};

/// The prior wins (over as many visits) of a move that saves a bridge or an edge template the
/// opponent's last stone cut into.
const SAVE_PRIOR: f32 = 20.0;

/// The visits of the even prior every step starts with, beside the move predictor's wins.
const EVEN_PRIOR: f32 = 10.0;

/// The wins a step's move-predictor probability `p` is worth, times `√p` (Go's tree: 200).
const SHAPE_PRIOR: f32 = 200.0;

/// The prior of a move that saves what the last stone cut, or of any other.
fn save_prior(saves: bool) -> (f32, f32) {
    if saves {
        (1.0, SAVE_PRIOR)
    } else {
        (0.5, 0.0)
    }
}

impl SearchGame for HexGame {
    type Step = Move;

    /// The legal moves but the inferior cells (`HexGame::inferior_cells`: dead cells, whose
    /// taking is a pass, and captured pairs, as good as their captor's already) and, when the
    /// opponent's bridges and edge templates (ziggurats too) join their sides, the cells outside
    /// their carriers
    /// (`HexGame::must_play`: every such move loses). A cell left out as inferior is never
    /// better than some cell kept, so where no cell is kept every move loses: the list is then
    /// the must-play cells, or every legal move.
    fn steps(&self, _pending: &[Move], out: &mut Vec<Move>) {
        self.legal_moves(out);
        let (inferior, must) = (self.inferior_cells(), self.must_play());
        let needed = |p: Point| must.is_none_or(|m| m.contains(p));
        let kept = |mv: &Move| !matches!(*mv, Move::Place(p) if inferior.contains(p) || !needed(p));
        if out
            .iter()
            .any(|mv| matches!(mv, Move::Place(_)) && kept(mv))
        {
            out.retain(kept);
        } else if must.is_some() {
            out.retain(|mv| !matches!(*mv, Move::Place(p) if !needed(p)));
        }
    }

    /// Every legal move: a step is a whole move.
    fn legal_steps(&self, _pending: &[Move], out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    fn complete(&self, pending: &[Move]) -> Option<Move> {
        pending.first().copied()
    }

    /// Prior wins for saving a bridge or an edge template the opponent's last stone cut into
    /// (`HexGame::bridge_replies`), the reply strong players make nearly always; the search's
    /// even start for every other move.
    fn prior(&self, _pending: &[Move], step: Move) -> (f32, f32) {
        save_prior(matches!(step, Move::Place(q) if Candidates::new(self).saves(q)))
    }

    /// [`HexGame::prior`] mixed, as Go's tree does ([`move_predictor::mix_priors`]), with an even
    /// prior (0.5 over 10 visits) and the move predictor's probability `p` of each cell
    /// ([`crate::shapes`]), worth `200·√p` wins. Self-play on 11x11 with swap, 0.3 s a move, one
    /// thread a side: 58.3% over 60 games against the search without it (crates/ai/README.md).
    fn priors(&self, _pending: &[Move], steps: &[Move], out: &mut Vec<(f32, f32)>) {
        let (gammas, position) = (Gammas::shipped(), Candidates::new(self));
        out.clear();
        out.extend(steps.iter().map(|&s| match s {
            Move::Place(p) => (gammas.strength(position.features(p)), 0.0),
            _ => (0.0, 0.0),
        }));
        // `prior`, from the saves the predictor's position has already found.
        let prior = |s| save_prior(matches!(s, Move::Place(q) if position.saves(q)));
        move_predictor::mix_priors(out, steps, EVEN_PRIOR, SHAPE_PRIOR, prior);
    }

    /// Little, as MoHex's none: RAVE (a cell's worth in Hex hardly depends on when it is taken)
    /// and the priors steer the tree. Self-play on 11x11 with swap, 0.3 s a move, one thread a
    /// side: 0.05 beat the general 0.25 85.0% over 60 games (crates/ai/README.md).
    fn exploration(&self) -> f32 {
        0.05
    }

    stones_core::placement_steps!(Move::Place);

    /// The swap, while it is allowed.
    fn swap_step(&self) -> Option<Move> {
        self.swap_allowed().then_some(Move::Swap)
    }

    /// Fills up to `cap` empty cells in turn, then finds the winner once: the full board's one
    /// winner is who would have connected first in that order (a stone added later cannot undo a
    /// connection). Each cell is drawn at random, unless the last stone cut into a bridge or an
    /// edge template of the player to move (see `HexGame::bridge_reply`): then that player saves
    /// it, the playout policy Hex programs (MoHex's, for one) found to matter most. The board is
    /// the exact AMAF trail; the history is not kept.
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

#[cfg(test)]
pub(crate) mod tests {
    use crate::{HexGame, HexRules};
    use stones_core::{Colour, Game, Rng, SearchGame, Trail};

    /// A game of Hex under the default rules after `moves`.
    pub(crate) fn game(moves: &[&str]) -> HexGame {
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
    fn the_tree_starts_a_bridge_save_with_prior_wins() {
        let g = game(&["f6", "a1", "g4", "f5"]);
        let place = |s: &str| crate::Move::Place(g.topology().parse_point(s).unwrap());
        assert_eq!(g.prior(&[], place("g5")), (1.0, super::SAVE_PRIOR));
        assert_eq!(g.prior(&[], place("e5")), (0.5, 0.0));
        // White's cut is no bridge of White's to save.
        let g = game(&["f6", "a1", "g4", "f5", "b2"]);
        assert_eq!(g.prior(&[], place("g5")), (0.5, 0.0));
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
