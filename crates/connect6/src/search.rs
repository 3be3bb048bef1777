//! What Connect6 tells the search: a move is two steps (one stone each) by the same player, so the
//! tree never lists the ~65,000 pairs of a position. A step that can complete a six this turn is
//! taken; else the opponent's threats are blocked (six cells of a line holding four or more of its
//! stones and none of ours: its next two stones would win there); else a point within two lines of a
//! stone. Playouts take a six when one stone makes it and block the opponent's one-stone sixes.

use crate::game::{Connect6, End, SIX};
use crate::moves::Connect6Move;
use stones_core::{Point, Rng, SearchGame, Trail};

impl Connect6 {
    /// The playout's stone: a six through one of `mine`, else a block of a six through one of
    /// `theirs`, else a random empty point.
    fn policy_stone(&self, rng: &mut Rng, mine: &[Point], theirs: &[Point]) -> Option<Point> {
        let near = |stones: &[Point]| {
            let b = &self.board;
            let six = |&p: &Point| b.grid.winning_point_near(&b.cells, p, SIX, 5, |_| true);
            stones.iter().find_map(six)
        };
        near(mine)
            .or_else(|| near(theirs))
            .or_else(|| self.board.random_empty(rng, None))
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
        let mut board = self.board.clone();
        for p in pending.iter().flat_map(|m| m.points()) {
            board.put(p, self.to_move, SIX);
        }
        let left = self.stones_now().saturating_sub(pending.len()).max(1);
        let add = |out: &mut Vec<Connect6Move>, p: Point| {
            if !out.contains(&Connect6Move::One(p)) {
                out.push(Connect6Move::One(p));
            }
        };
        board
            .grid
            .window_points(&board.cells, 6, self.to_move, 6 - left, |p| add(out, p));
        if out.is_empty() {
            board
                .grid
                .window_points(&board.cells, 6, self.to_move.opponent(), 4, |p| add(out, p));
        }
        if !out.is_empty() {
            return;
        }
        out.extend(
            board
                .empty_points()
                .filter(|&p| board.grid.near_stone(&board.cells, p, 2))
                .map(Connect6Move::One),
        );
        let (w, h) = board.grid.topo.bounding_box();
        if let Some(centre) = board
            .grid
            .topo
            .at(w as i32 / 2, h as i32 / 2)
            .filter(|_| out.is_empty())
        {
            out.extend(board.is_empty(centre).then_some(Connect6Move::One(centre)));
        }
        if out.is_empty() {
            out.extend(board.empty_points().map(Connect6Move::One));
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
            let back = |k: usize| {
                self.history()
                    .len()
                    .checked_sub(k)
                    .map(|i| self.history()[i])
            };
            let (mut mine, mut theirs) = ([Point(0); 3], [Point(0); 2]);
            let m = back(2)
                .into_iter()
                .flat_map(|mv| mv.points())
                .zip(&mut mine)
                .map(|(p, s)| *s = p)
                .count();
            let t = back(1)
                .into_iter()
                .flat_map(|mv| mv.points())
                .zip(&mut theirs)
                .map(|(p, s)| *s = p)
                .count();
            let pair = self.stones_now() == 2;
            let Some(p) = self.policy_stone(rng, &mine[..m], &theirs[..t]) else {
                break;
            };
            self.place(p);
            mine[m] = p;
            let mv = match pair {
                true => match self.policy_stone(rng, &mine[..=m], &theirs[..t]) {
                    Some(q) => {
                        self.place(q);
                        Connect6Move::two(p, q)
                    }
                    None => break,
                },
                false => Connect6Move::One(p),
            };
            self.end_turn(mv);
            n += 1;
        }
        n
    }
}
