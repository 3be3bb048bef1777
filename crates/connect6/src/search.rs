//! What Connect6 tells the search: a move is two steps (one stone each) by the same player, so the
//! tree never lists the ~65,000 pairs of a position. A step that can complete a six this turn is
//! taken; else the opponent's threats are blocked (six cells of a line holding four or more of its
//! stones and none of ours: its next two stones would win there); else a point within two lines of a
//! stone. Playouts take a six when one stone makes it and block the opponent's one-stone sixes.

use crate::game::{Connect6, SIX};
use crate::moves::Connect6Move;
use stones_core::{placement, Point, Rng, SearchGame, Trail};

impl Connect6 {
    /// The playout's stone: a six next to the mover's stones of its last move (`mine`) or this one
    /// (`also`), else a block of a six next to the opponent's last move, else a random empty point.
    fn policy_stone(&self, rng: &mut Rng, also: Option<Point>) -> Option<Point> {
        let back = |k: usize| self.row.turns.back(k);
        let stones = |k: usize| back(k).into_iter().flat_map(Connect6Move::points);
        let b = &self.row.board;
        let six = |p: Point| b.grid.winning_point_near(&b.cells, p, SIX, 5, |_| true);
        (stones(2).chain(also).chain(stones(1)).find_map(six)).or_else(|| b.random_empty(rng, None))
    }

    /// Places the playout's stones of a turn ([`Connect6::policy_stone`], a pair's second once the
    /// first is down) and names the move; `None` once the game is over or no point is found.
    fn policy_turn(&mut self, rng: &mut Rng) -> Option<Connect6Move> {
        if self.row.end.is_over() {
            return None;
        }
        let pair = self.stones_now() == 2;
        let p = self.policy_stone(rng, None)?;
        self.row.place(p, SIX);
        if !pair {
            return Some(Connect6Move::One(p));
        }
        let q = self.policy_stone(rng, Some(p))?;
        self.row.place(q, SIX);
        Some(Connect6Move::two(p, q))
    }
}

impl SearchGame for Connect6 {
    /// `One(p)` is one stone of the turn (Black's first stone, or either stone of a pair).
    type Step = Connect6Move;

    /// A stone toward a six this turn can finish; else the blocks of the opponent's threats; else the
    /// empty points within two lines of a stone (the centre on an empty board, else any).
    fn steps(&self, pending: &[Connect6Move], out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.row.end.is_over() {
            return;
        }
        let (mut b, me) = (self.row.board.clone(), self.row.turns.to_move);
        for p in pending.iter().flat_map(|m| m.points()) {
            b.put(p, me, SIX);
        }
        let left = self.stones_now().saturating_sub(pending.len()).max(1);
        // Stones that make a six this turn, else blocks of the opponent's next two stones' sixes.
        for (c, need) in [(me, 6 - left), (me.opponent(), 4)] {
            if out.is_empty() {
                let points = b.grid.window_points(&b.cells, 6, c, need);
                out.extend(points.into_iter().map(Connect6Move::One));
            }
        }
        if out.is_empty() {
            let (w, h) = b.grid.topo.bounding_box();
            let centre = b.grid.topo.at(w as i32 / 2, h as i32 / 2);
            let quiet = b
                .grid
                .quiet_points(&b.cells, 2, centre.as_slice(), |_| true);
            out.extend(quiet.into_iter().map(Connect6Move::One));
        }
    }

    /// Every empty point (but those already chosen this turn), while a legal turn can still be made
    /// with them.
    fn legal_steps(&self, pending: &[Connect6Move], out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.row.end.is_over() {
            return;
        }
        let chosen: Vec<Point> = pending.iter().flat_map(|m| m.points()).collect();
        let free: Vec<Point> = (self.row.board.empty_points())
            .filter(|p| !chosen.contains(p))
            .collect();
        if free.len() + chosen.len() >= self.stones_now() {
            out.extend(free.into_iter().map(Connect6Move::One));
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

    stones_core::placement_steps!(Connect6Move::One);

    /// Plays `Connect6::policy_turn` until the game ends or `cap` moves. Stones stay where they are
    /// put, so the final board is the exact trail: nothing to record.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, _trail: &mut Trail) -> usize {
        let end_turn = |g: &mut Connect6, mv| g.row.end_turn(mv);
        placement::play_out(self, cap, |g| g.policy_turn(rng), end_turn)
    }
}
