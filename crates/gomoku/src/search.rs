//! What Gomoku tells the search: win at once when it can, else block the opponent's five, else a point
//! near the stones; playouts that take a five when there is one and block the opponent's.

use crate::game::{End, Gomoku};
use crate::layout::{self, EMPTY};
use crate::moves::Move;
use crate::player;
use stones_core::{placement, Colour, Game, Point, Rng, SearchGame, Trail};

impl Gomoku {
    /// Whether a stone of `c` on the empty padded cell `i` would make a winning row.
    fn wins_at(&self, i: usize, c: Colour) -> bool {
        let own = layout::cell(c);
        let goal = self.profiles[c.idx()].goal();
        self.layout
            .winning_line(&self.cells, i, own, goal)
            .is_some()
    }

    /// Whether the side to move may put a stone on `p` now.
    fn may_place(&self, p: Point) -> bool {
        self.refusal_at(p, self.move_number()).is_ok()
    }

    /// A legal point within four lines of the stone on `p` where `c` (the stone's colour) would win.
    fn five_point_near(&self, p: Point, c: Colour) -> Option<Point> {
        let goal = self.profiles[c.idx()].goal();
        let ok = |q: Point| self.may_place(q);
        self.layout.winning_point_near(&self.cells, p, goal, 4, ok)
    }

    /// The playout policy: a five through the mover's last stone, else a block of the opponent's five
    /// through its last stone, else a uniformly random legal move.
    fn policy_move(&self, rng: &mut Rng) -> Option<Move> {
        let me = self.to_move;
        let history = self.history();
        let last_place = |back: usize| match history.len().checked_sub(back) {
            Some(i) => match history[i] {
                Move::Place(p) => Some(p),
                _ => None,
            },
            None => None,
        };
        last_place(2)
            .and_then(|p| self.five_point_near(p, me))
            .or_else(|| last_place(1).and_then(|p| self.five_point_near(p, me.opponent())))
            .map(Move::Place)
            .or_else(|| self.random_move(rng))
    }

    /// Every legal empty point where `c` would win now.
    fn five_points(&self, c: Colour) -> impl Iterator<Item = Point> + '_ {
        self.layout.topo.points().filter(move |&p| {
            let i = self.layout.pad(p);
            self.cells[i] == EMPTY && self.wins_at(i, c)
        })
    }
}

impl SearchGame for Gomoku {
    type Step = Move;

    /// A winning point if there is one; else the points that block the opponent's fives; else the
    /// legal points within two lines of a stone (the centre on an empty board, else any legal point);
    /// pass only when no stone can be placed.
    fn steps(&self, _pending: &[Move], out: &mut Vec<Move>) {
        out.clear();
        if self.end != End::No {
            return;
        }
        let me = self.to_move;
        if let Some(p) = self.five_points(me).find(|&p| self.may_place(p)) {
            out.push(Move::Place(p));
            return;
        }
        out.extend(
            self.five_points(me.opponent())
                .filter(|&p| self.may_place(p))
                .map(Move::Place),
        );
        if !out.is_empty() {
            return;
        }
        let topo = &self.layout.topo;
        let near = |p: Point| self.layout.near_stone(&self.cells, p, 2);
        out.extend(
            topo.points()
                .filter(|&p| near(p) && self.may_place(p))
                .map(Move::Place),
        );
        if out.is_empty() && topo.points().all(|p| self.stone(p).is_none()) {
            let centre: Vec<Point> = self.layout.centre_points().collect();
            out.extend(
                centre
                    .into_iter()
                    .filter(|&p| self.may_place(p))
                    .map(Move::Place),
            );
        }
        if out.is_empty() {
            out.extend(
                topo.points()
                    .filter(|&p| self.may_place(p))
                    .map(Move::Place),
            );
        }
        if out.is_empty() && self.may_pass(self.move_number()) {
            out.push(Move::Pass);
        }
    }

    fn complete(&self, pending: &[Move]) -> Option<Move> {
        pending.first().copied()
    }

    /// The one-ply player's judgement as prior wins: making an open or double four, or stopping the
    /// opponent's, counts as won; otherwise the open windows through the point, own and the
    /// opponent's, make it look better the more they hold.
    fn prior(&self, _pending: &[Move], step: Move) -> (f32, f32) {
        let Move::Place(p) = step else {
            return (0.5, 0.0);
        };
        let me = self.to_move;
        match player::tier(self, p, me) {
            3.. => (1.0, 60.0),
            2 => (0.9, 40.0),
            _ => {
                let w = player::window_value(self, p, me) as f32;
                (0.3 + 0.6 * w / (w + 400.0), 20.0)
            }
        }
    }

    stones_core::placement_steps!(Move::Place);

    /// Plays [`Gomoku::policy_move`] until the game ends or `cap` moves.
    /// Stones stay where they are put, so the final board is the exact trail: nothing to record.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let pick = |g: &mut Gomoku| (g.end == End::No).then(|| g.policy_move(rng)).flatten();
        placement::play_out(self, cap, pick, Self::play_unchecked)
    }
}
