//! What Gomoku tells the search: win at once when it can, else block the opponent's five, else a point
//! near the stones; playouts that take a five when there is one and block the opponent's.

use crate::game::{End, Gomoku};
use crate::layout::{self, EMPTY};
use crate::line_threats;
use crate::moves::Move;
use crate::player;
use crate::shapes::{self, Stones};
use crate::threats;
use std::time::Instant;
use stones_core::{placement, Colour, Game, Point, Presearch, Rng, SearchGame, Trail};

/// The most moves a tree node lists in a quiet position (no four, no open three to answer).
const WIDTH: usize = 12;

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
    pub(crate) fn may_place(&self, p: Point) -> bool {
        self.refusal_at(p, self.move_number()).is_ok()
    }

    /// A legal point within four lines of the stone on `p` where `c` (the stone's colour) would win.
    fn five_point_near(&self, p: Point, c: Colour) -> Option<Point> {
        let goal = self.profiles[c.idx()].goal();
        let ok = |q: Point| self.may_place(q);
        self.layout.winning_point_near(&self.cells, p, goal, 4, ok)
    }

    /// The playout policy: a five through the mover's last stone, else a block of the opponent's five
    /// through its last stone, else a four one stone cannot stop (a straight four, or two fours on
    /// a line) near the mover's last stone, else (three times in four) a random legal point within
    /// two lines of one of the last two stones, else a uniformly random legal move.
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
        let (mine, theirs) = (last_place(2), last_place(1));
        mine.and_then(|p| self.five_point_near(p, me))
            .or_else(|| theirs.and_then(|p| self.five_point_near(p, me.opponent())))
            .or_else(|| mine.and_then(|p| self.unstoppable_four_near(p, me)))
            .map(Move::Place)
            .or_else(|| {
                let back = 1 + rng.below(2);
                (rng.below(4) != 0)
                    .then(|| last_place(back).and_then(|p| self.point_near(p, rng)))
                    .flatten()
                    .map(Move::Place)
            })
            .or_else(|| self.random_move(rng))
    }

    /// The first legal point within four lines of the stone on `p` where a `c` stone would make a
    /// four one stone cannot stop on that line.
    fn unstoppable_four_near(&self, p: Point, c: Colour) -> Option<Point> {
        let overline_wins = self.profiles[c.idx()].goal().wins(6);
        let (cells, layout) = (&self.cells, &self.layout);
        let legal = |j| self.may_place(layout.point(j));
        line_threats::unstoppable_four_near(
            cells,
            &layout.dirs,
            layout.pad(p),
            c,
            overline_wins,
            legal,
        )
        .map(|j| layout.point(j))
    }

    /// A random legal empty point within two lines of `p` (a few tries; `None` when they all miss).
    fn point_near(&self, p: Point, rng: &mut Rng) -> Option<Point> {
        let topo = &self.layout.topo;
        let (x, y) = topo.xy(p);
        (0..6).find_map(|_| {
            let dx = rng.below(5) as i32 - 2;
            let dy = rng.below(5) as i32 - 2;
            topo.at(x as i32 + dx, y as i32 + dy)
                .filter(|&q| self.cells[self.layout.pad(q)] == EMPTY && self.may_place(q))
        })
    }

    /// Narrows `out` (legal placements near the stones) to what is worth a tree node: the moves that
    /// make an open or double four if any; else, when the opponent has such a point, the moves
    /// after which it has none and the moves that make a four (every other move loses to its
    /// straight four); else the [`WIDTH`] best by [`player::value`]. True when nothing that may
    /// help was left out.
    fn keep_best(&self, out: &mut Vec<Move>) -> bool {
        let me = self.to_move;
        let point = |m: &Move| match *m {
            Move::Place(p) => p,
            _ => unreachable!("only placements are narrowed"),
        };
        let tiers: Vec<i64> = out
            .iter()
            .map(|m| player::tier(self, point(m), me))
            .collect();
        let top = tiers.iter().copied().max().unwrap_or(0);
        let before = out.len();
        if top >= 3 {
            let mut k = 0;
            out.retain(|_| {
                k += 1;
                tiers[k - 1] >= 3
            });
            return out.len() == before;
        }
        if top == 2 {
            let opp = me.opponent();
            let threats: Vec<usize> = (out.iter().zip(&tiers))
                .filter(|&(_, &t)| t == 2)
                .map(|(m, _)| self.layout.pad(point(m)))
                .collect();
            let mut cells = self.cells.clone();
            let defends: Vec<bool> = out
                .iter()
                .map(|m| {
                    let p = point(m);
                    self.made(p, me).fours > 0 || {
                        let i = self.layout.pad(p);
                        cells[i] = layout::cell(me);
                        let holds = threats
                            .iter()
                            .all(|&t| t == i || !self.threat_at(&cells, t, opp));
                        cells[i] = EMPTY;
                        holds
                    }
                })
                .collect();
            // None holds: every move loses, and none makes a four (that would hold), so the threat
            // points will do.
            let any = defends.contains(&true);
            let mut k = 0;
            out.retain(|_| {
                k += 1;
                match any {
                    true => defends[k - 1],
                    false => tiers[k - 1] == 2,
                }
            });
            // A threat may stand on a point the opponent may not play (renju): then it is none.
            let p = self.profile(opp);
            return !(p.double_three || p.double_four || p.overline_forbidden);
        }
        if out.len() > WIDTH {
            out.sort_by_cached_key(|m| std::cmp::Reverse(player::value(self, point(m), me)));
            out.truncate(WIDTH);
        }
        out.len() == before
    }

    /// Whether a stone of `c` on the empty padded cell `t` of `cells` would make a straight four or
    /// a double four.
    fn threat_at(&self, cells: &[u8], t: usize, c: Colour) -> bool {
        let stones = Stones::new(cells, layout::cell(c));
        let m = shapes::made(&self.layout, stones, t, self.profile(c));
        m.four_that_wins()
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

    /// A winning point if there is one; else the points that block the opponent's fives; else a
    /// move that makes an open or double four if there is one; else, when the opponent has such a
    /// point, the moves that stop it and the moves that make a four; else the `WIDTH` legal points
    /// within two lines of a stone that `player::value` likes best (the centre on an empty board,
    /// else any legal point); pass only when no stone can be placed.
    fn steps(&self, pending: &[Move], out: &mut Vec<Move>) {
        self.steps_whole(pending, out);
    }

    /// [`SearchGame::steps`]: whole (see [`SearchGame::steps_whole`]) unless a tier or the width
    /// left moves out. The points more than two lines from every stone are taken never to help.
    fn steps_whole(&self, _pending: &[Move], out: &mut Vec<Move>) -> bool {
        out.clear();
        if self.end != End::No {
            return true;
        }
        let me = self.to_move;
        if let Some(p) = self.five_points(me).find(|&p| self.may_place(p)) {
            out.push(Move::Place(p));
            return true;
        }
        out.extend(
            self.five_points(me.opponent())
                .filter(|&p| self.may_place(p))
                .map(Move::Place),
        );
        if !out.is_empty() {
            return true;
        }
        let topo = &self.layout.topo;
        let near = |p: Point| self.layout.near_stone(&self.cells, p, 2);
        out.extend(
            topo.points()
                .filter(|&p| self.stone(p).is_none() && near(p) && self.may_place(p))
                .map(Move::Place),
        );
        if !out.is_empty() {
            return self.keep_best(out);
        }
        if topo.points().all(|p| self.stone(p).is_none()) {
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
        true
    }

    /// Every legal move: a step is a whole move.
    fn legal_steps(&self, _pending: &[Move], out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    fn complete(&self, pending: &[Move]) -> Option<Move> {
        pending.first().copied()
    }

    /// The threat solver's word (`threats::presearch`): a win by fours (and threes) at once, or
    /// only the moves that stop the opponent's.
    fn presearch(&self, deadline: Option<Instant>, threads: usize) -> Presearch<Move, Move> {
        threats::presearch(self, deadline, threads)
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
                (0.3 + 0.6 * w / (w + 400.0), 30.0)
            }
        }
    }

    stones_core::placement_steps!(Move::Place);

    /// Plays `Gomoku::policy_move` until the game ends or `cap` moves.
    /// Stones stay where they are put, so the final board is the exact trail: nothing to record.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let pick = |g: &mut Gomoku| (g.end == End::No).then(|| g.policy_move(rng)).flatten();
        placement::play_out(self, cap, pick, Self::play_unchecked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::game;

    /// The search's steps, sorted by name, and whether they are whole.
    fn steps(g: &Gomoku) -> (Vec<String>, bool) {
        let mut out = Vec::new();
        let whole = g.steps_whole(&[], &mut out);
        let mut names: Vec<String> = out.iter().map(|&m| g.move_text(m)).collect();
        names.sort();
        (names, whole)
    }

    #[test]
    fn against_an_open_three_every_defence_is_listed() {
        // White's split three H8 . K8 L8 makes a straight four at J8 only, but G8 and M8 stop it
        // too (J8 then makes a four closed at one end); F8 or N8 does not, nor does anything else.
        let g = game("freestyle", "A1 C1 A15", "H8 K8 L8", Colour::Black);
        assert_eq!(
            steps(&g),
            (vec!["G8".into(), "J8".into(), "M8".into()], true)
        );
    }

    #[test]
    fn a_threat_renju_may_forbid_leaves_the_list_not_whole() {
        // The same three for Black under renju: White's list is the same, but a Black point may be
        // forbidden, so White's list does not claim to be whole.
        let g = game("renju", "H8 K8 L8", "A1 C1 A15", Colour::White);
        assert_eq!(
            steps(&g),
            (vec!["G8".into(), "J8".into(), "M8".into()], false)
        );
    }

    #[test]
    fn a_quiet_list_is_whole_unless_cut_to_the_width() {
        let g = game("freestyle", "H8 J9", "H9", Colour::White);
        let (names, whole) = steps(&g);
        assert_eq!((names.len(), whole), (WIDTH, false));
        // One stone in the corner: the 8 points within two lines of it are all listed.
        let g = game("freestyle", "A1", "", Colour::White);
        let (names, whole) = steps(&g);
        assert_eq!((names.len(), whole), (8, true), "{names:?}");
    }

    /// A freestyle game after `moves`, and the moves its playout policy chooses over 20 seeds.
    fn policy_after(moves: &str) -> Vec<String> {
        let mut g = Gomoku::new(crate::GomokuRules::builtin("freestyle").unwrap()).unwrap();
        for name in moves.split_whitespace() {
            let p = g.topology().parse_point(name).unwrap();
            g.play(Move::Place(p)).unwrap();
        }
        (0..20)
            .map(|seed| g.move_text(g.policy_move(&mut Rng::new(seed)).unwrap()))
            .collect()
    }

    #[test]
    fn playouts_turn_their_own_open_three_into_a_straight_four() {
        // Black's last stone H8 made the open three F8 G8 H8; White's stones are far away. A
        // playout's Black move is E8 or J8, whatever the random draws.
        let chosen = policy_after("F8 A1 G8 A3 H8 A5");
        assert!(chosen.iter().all(|m| m == "E8" || m == "J8"), "{chosen:?}");
        // White's last stone made an open three too (F3 G3 H3): Black still makes its straight
        // four, which wins the race by a move, rather than block.
        let chosen = policy_after("F8 F3 G8 G3 H8 H3");
        assert!(chosen.iter().all(|m| m == "E8" || m == "J8"), "{chosen:?}");
    }
}
