//! What Connect6 tells the search: a move is two steps (one stone each) by the same player, so the
//! tree never lists the ~65,000 pairs of a position. A step that can complete a six is taken; else the
//! opponent's threats are blocked (six cells of a line holding four or more of its stones and none of
//! ours: its next two stones would win there); else a point within two lines of a stone. Playouts take
//! a six when one stone makes it and block the opponent's one-stone sixes.

use crate::game::{Connect6, End, SIX};
use crate::moves::Connect6Move;
use stones_core::rows::{self, EDGE, EMPTY};
use stones_core::{Point, Rng, SearchGame, Trail};

impl Connect6 {
    /// The cells with the `pending` stones of the side to move on them.
    fn with_pending(&self, pending: &[Connect6Move]) -> Vec<u8> {
        let mut cells = self.cells.clone();
        for p in pending.iter().flat_map(|m| m.points()) {
            cells[self.grid.pad(p)] = rows::cell(self.to_move);
        }
        cells
    }

    /// Appends (once each) the empty points of every six-cell window on the board that holds at least
    /// `need` `own` stones and no other stone.
    fn window_points(&self, cells: &[u8], own: u8, need: usize, out: &mut Vec<Connect6Move>) {
        for p in self.grid.topo.points() {
            let start = self.grid.pad(p);
            for &d in &self.grid.dirs {
                let mut at = [0usize; 6];
                let (mut mine, mut open) = (0, 0);
                for (k, slot) in at.iter_mut().enumerate() {
                    *slot = start.wrapping_add_signed(k as isize * d);
                    match cells[*slot] {
                        EMPTY => open += 1,
                        c if c == own => mine += 1,
                        _ => break,
                    }
                }
                if mine + open < 6 || mine < need {
                    continue;
                }
                for &i in at.iter().filter(|&&i| cells[i] == EMPTY) {
                    let step = Connect6Move::One(self.grid.point(i));
                    if !out.contains(&step) {
                        out.push(step);
                    }
                }
            }
        }
    }

    /// An empty point within five lines of the stone on `p` where a stone of `p`'s colour makes six.
    fn six_point_near(&self, p: Point) -> Option<Point> {
        let i = self.grid.pad(p);
        let own = self.cells[i];
        for d in self.grid.dirs.iter().flat_map(|&d| [d, -d]) {
            let mut j = i;
            for _ in 0..5 {
                j = j.wrapping_add_signed(d);
                match self.cells[j] {
                    EMPTY if self.grid.winning_line(&self.cells, j, own, SIX).is_some() => {
                        return Some(self.grid.point(j))
                    }
                    EMPTY => {}
                    c if c == own => {}
                    _ => break,
                }
            }
        }
        None
    }

    /// The playout's stone: a six through one of `mine`, else a block of a six through one of
    /// `theirs`, else a random empty point.
    fn policy_stone(&self, rng: &mut Rng, mine: &[Point], theirs: &[Point]) -> Option<Point> {
        let near = |stones: &[Point]| stones.iter().find_map(|&p| self.six_point_near(p));
        near(mine)
            .or_else(|| near(theirs))
            .or_else(|| self.random_empty(rng, None))
    }

    /// The points of the move played `back` moves ago.
    fn stones_back(&self, back: usize) -> impl Iterator<Item = Point> + '_ {
        let h = self.history();
        h.len()
            .checked_sub(back)
            .into_iter()
            .flat_map(|i| h[i].points())
    }
}

impl SearchGame for Connect6 {
    /// `One(p)` is one stone of the turn (Black's first stone, or either stone of a pair).
    type Step = Connect6Move;

    /// A stone toward a six this turn can finish; else the blocks of the opponent's threats; else the
    /// empty points within two lines of a stone (the centre on an empty board).
    fn steps(&self, pending: &[Connect6Move], out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.end != End::No {
            return;
        }
        let cells = self.with_pending(pending);
        let left = self.stones_now().saturating_sub(pending.len()).max(1);
        let (me, them) = (
            rows::cell(self.to_move),
            rows::cell(self.to_move.opponent()),
        );
        self.window_points(&cells, me, 6 - left, out);
        if out.is_empty() {
            self.window_points(&cells, them, 4, out);
        }
        if !out.is_empty() {
            return;
        }
        let topo = &self.grid.topo;
        let stone = |x: i32, y: i32| {
            topo.at(x, y)
                .is_some_and(|q| !matches!(cells[self.grid.pad(q)], EMPTY | EDGE))
        };
        let empty = topo.points().filter(|&p| cells[self.grid.pad(p)] == EMPTY);
        out.extend(
            empty
                .clone()
                .filter(|&p| {
                    let (x, y) = topo.xy(p);
                    (-2..=2).any(|dy| (-2..=2).any(|dx| stone(x as i32 + dx, y as i32 + dy)))
                })
                .map(Connect6Move::One),
        );
        if out.is_empty() {
            let (w, h) = topo.bounding_box();
            let centre = topo
                .at(w as i32 / 2, h as i32 / 2)
                .filter(|&p| cells[self.grid.pad(p)] == EMPTY);
            out.extend(centre.map(Connect6Move::One));
        }
        if out.is_empty() {
            out.extend(empty.map(Connect6Move::One));
        }
    }

    fn complete(&self, pending: &[Connect6Move]) -> Option<Connect6Move> {
        match *pending {
            _ if pending.len() < self.stones_now() => None,
            [Connect6Move::One(p), Connect6Move::One(q)] => Some(Connect6Move::two(p, q)),
            [mv] => Some(mv),
            _ => None,
        }
    }

    fn play_fast(&mut self, mv: Connect6Move) {
        self.play_unchecked(mv);
    }

    fn step_point(step: Connect6Move) -> Option<Point> {
        match step {
            Connect6Move::One(p) => Some(p),
            _ => None,
        }
    }

    /// Plays [`Connect6::policy_stone`] stone by stone until the game ends or `cap` moves. Stones stay
    /// where they are put, so the final board is the exact trail: nothing to record.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let mut n = 0;
        while n < cap && self.end == End::No {
            let (mut mine, mut theirs) = ([Point(0); 3], [Point(0); 2]);
            let (mut m, mut t) = (0, 0);
            for p in self.stones_back(2) {
                (mine[m], m) = (p, m + 1);
            }
            for p in self.stones_back(1) {
                (theirs[t], t) = (p, t + 1);
            }
            let pair = self.stones_now() == 2;
            let Some(p) = self.policy_stone(rng, &mine[..m], &theirs[..t]) else {
                break;
            };
            self.place(p);
            let mv = if pair {
                mine[m] = p;
                let Some(q) = self.policy_stone(rng, &mine[..=m], &theirs[..t]) else {
                    break;
                };
                self.place(q);
                Connect6Move::two(p, q)
            } else {
                Connect6Move::One(p)
            };
            self.end_turn(mv);
            n += 1;
        }
        n
    }
}
