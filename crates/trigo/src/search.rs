//! What TriGo tells the search: a move is two steps (one stone each) by the same player, so the tree
//! never lists the ~14,000 pairs of a position; eyes are left out of the tree; a quick count of a
//! played-out board.

use crate::game::TrigoGame;
use crate::moves::{TrigoMove, TURN};
use stones_core::{Colour, Game, Point, Rng, SearchGame, Trail};
use stones_go::rollout;

impl SearchGame for TrigoGame {
    /// `One(p)` is one stone of the turn (the opening's only stone, or either stone of a pair);
    /// `Pass` is the whole turn.
    type Step = TrigoMove;

    /// First step: every empty point that some legal pair uses (the opening: every legal stone), then
    /// pass. Second step: every point that makes a legal pair with the first. Own eyes are left out
    /// while other points remain.
    fn steps(&self, pending: &[TrigoMove], out: &mut Vec<TrigoMove>) {
        self.listed_steps(pending, out, true);
    }

    /// [`SearchGame::steps`] with own eyes too: every legal placement.
    fn legal_steps(&self, pending: &[TrigoMove], out: &mut Vec<TrigoMove>) {
        self.listed_steps(pending, out, false);
    }

    fn complete(&self, pending: &[TrigoMove]) -> Option<TrigoMove> {
        match *pending {
            [TrigoMove::One(_), ..] if TURN.left(self.is_opening(), pending.len()) > 0 => None,
            [TrigoMove::One(p)] => Some(TrigoMove::One(p)),
            [TrigoMove::One(p), TrigoMove::One(q)] => Some(TrigoMove::two(p, q)),
            [mv] => Some(mv),
            _ => None,
        }
    }

    /// A pass is bad while the opponent has not passed (as in Go); stones know nothing.
    fn prior(&self, _pending: &[TrigoMove], step: TrigoMove) -> (f32, f32) {
        match step {
            TrigoMove::Pass if self.last_move() != Some(TrigoMove::Pass) => (0.1, 40.0),
            _ => (0.5, 0.0),
        }
    }

    stones_core::placement_steps!(TrigoMove::One, copy: fork);

    fn play_on(&self) -> Self {
        self.playing_on()
    }

    /// [`TrigoGame::playout_move`] until play stops or `cap` moves, recording both stones of a pair.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        let next = |g: &TrigoGame, rng: &mut Rng| g.in_play().then(|| g.playout_move(rng));
        rollout::rollout(self, rng, cap, trail, next)
    }

    /// Territory (the eyes a playout leaves) plus captures, with komi.
    fn rollout_winner(&self) -> Option<Colour> {
        rollout::winner(self, self.board(), self.rules().komi, false)
    }
}

impl TrigoGame {
    /// The steps of [`SearchGame::steps`], leaving out own eyes while other points remain when
    /// `prune`.
    fn listed_steps(&self, pending: &[TrigoMove], out: &mut Vec<TrigoMove>, prune: bool) {
        out.clear();
        if !self.in_play() {
            return;
        }
        let board = self.board();
        let topo = self.topology();
        let c = self.to_move();
        let eye = |p: Point| self.is_own_eye(p);
        let mut empty: Vec<Point> = board.empty_points().collect();
        empty.sort_unstable();
        match pending {
            [] if self.is_opening() => out.extend(
                empty
                    .iter()
                    .filter(|&&p| !board.is_suicide(topo, p, c))
                    .map(|&p| TrigoMove::One(p)),
            ),
            [] => {
                for skip_eyes in [prune, false] {
                    out.extend(
                        empty
                            .iter()
                            .filter(|&&p| !(skip_eyes && eye(p)))
                            .filter(|&&p| empty.iter().any(|&q| q != p && self.pair_ok(p, q)))
                            .map(|&p| TrigoMove::One(p)),
                    );
                    if !out.is_empty() {
                        break;
                    }
                }
            }
            [TrigoMove::One(p)] => {
                let p = *p;
                for skip_eyes in [prune, false] {
                    out.extend(
                        empty
                            .iter()
                            .filter(|&&q| q != p && !(skip_eyes && eye(q)) && self.pair_ok(p, q))
                            .map(|&q| TrigoMove::One(q)),
                    );
                    if !out.is_empty() {
                        break;
                    }
                }
                return;
            }
            _ => return,
        }
        out.push(TrigoMove::Pass);
    }
}
