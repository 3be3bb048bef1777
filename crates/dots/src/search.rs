//! What Dots tells the search: a dot per step, near the dots on the field. The search never says
//! STOP: it plays the fight out.
//!
//! On the official 39 x 32 field a playout that fills the whole field is decided by enclosures far
//! from any dot, drawn at random, and the tree that lists every free point gives each of some 1,200
//! root moves a visit or two: its choice is one of the far points whose single playout happened to
//! win ("win rate 100%" at move 4). So, as oppai-rs does, the tree lists and the playouts draw only
//! the free points within [`RADIUS`] of a dot on the field, and a playout ends when those are used
//! up, counted as it stands.

use crate::cell;
use crate::geometry::on_field;
use crate::moves::DotsMove;
use crate::play::in_rect;
use crate::state::DotsGame;
use std::time::Instant;
use stones_core::{Colour, Game, Point, Presearch, Rng, Score, SearchGame, Trail};

/// How far (in king moves) from a dot on the field the search looks for its moves.
pub const RADIUS: i32 = 3;

impl DotsGame {
    /// Adds to `out` every free point within [`RADIUS`] of a dot on the field (any colour, live or
    /// captured), once each (`seen` marks the points added: `seen[p] == stamp`); on a field with no
    /// dot, the points within [`RADIUS`] of the centre.
    fn near_points(&self, seen: &mut [u32], stamp: u32, out: &mut Vec<u16>) {
        let (w, h) = (self.rules.size.width as i32, self.rules.size.height as i32);
        let mut around = |x: i32, y: i32, out: &mut Vec<u16>| {
            for ny in (y - RADIUS).max(0)..=(y + RADIUS).min(h - 1) {
                for nx in (x - RADIUS).max(0)..=(x + RADIUS).min(w - 1) {
                    let q = (ny * w + nx) as usize;
                    if seen[q] != stamp && cell::is_free(self.cells[q]) {
                        seen[q] = stamp;
                        out.push(q as u16);
                    }
                }
            }
        };
        let before = out.len();
        let mut any = false;
        for (p, &v) in self.cells.iter().enumerate() {
            if cell::dot(v).is_some() {
                any = true;
                around(p as i32 % w, p as i32 / w, out);
            }
        }
        if !any && out.len() == before {
            around(w / 2, h / 2, out);
        }
    }

    /// The score as it stands, with the intruders each owner's next move (or the end) would take.
    pub fn settled_score(&self) -> Score {
        let mut score = self.score_now();
        for owner in Colour::BOTH {
            let taken = self
                .pending(owner)
                .filter(|&p| {
                    let v = self.cells[p.idx()];
                    cell::is_live(v, owner.opponent()) && cell::in_base(v, owner)
                })
                .count() as f64;
            match owner {
                Colour::Black => score.black += taken,
                Colour::White => score.white += taken,
            }
        }
        score
    }

    /// The enemy dots `who` would take by putting a dot on free `p` now (0 at once when `p`'s ring
    /// lacks what an enclosure needs: two live dots of `who` and a live enemy dot). Tried on a
    /// per-thread copy, refreshed without allocating.
    pub fn capture_by(&self, p: Point, who: Colour) -> u32 {
        let (_, mine) = self.ring_masks(p.idx(), who);
        let (_, theirs) = self.ring_masks(p.idx(), who.opponent());
        if mine.count_ones() < 2 || theirs == 0 || !cell::is_free(self.cells[p.idx()]) {
            return 0;
        }
        thread_local! {
            static TRIAL: std::cell::RefCell<Option<DotsGame>> = const { std::cell::RefCell::new(None) };
        }
        TRIAL.with(|trial| {
            let mut slot = trial.borrow_mut();
            let g = match slot.as_mut() {
                Some(g) => {
                    g.clone_from(self);
                    g
                }
                None => slot.insert(self.search_copy()),
            };
            g.drop_history();
            g.end = None;
            g.stopped = None;
            g.to_move = who;
            let before = g.score[who.idx()];
            g.play_unchecked(DotsMove::Put(p));
            g.score[who.idx()] - before
        })
    }

    /// The points the player to move may take that the search considers: [`DotsGame::near_points`]
    /// inside the first-move zone while it binds (the whole zone when none of them is in it); every
    /// free point when none is near (a field whose dots are all enclosed).
    fn search_points(&self, out: &mut Vec<u16>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let mut seen = vec![0u32; self.cells.len()];
        self.near_points(&mut seen, 1, out);
        let free = |q: &u16| cell::is_free(self.cells[*q as usize]);
        if let Some(z) = self.binding_zone(self.to_move) {
            let inside = |q: &u16| in_rect(self.topo.xy(Point(*q)), z);
            out.retain(inside);
            if out.is_empty() {
                out.extend((0..self.cells.len() as u16).filter(|q| free(q) && inside(q)));
            }
        }
        if out.is_empty() {
            out.extend((0..self.cells.len() as u16).filter(free));
        }
    }
}

impl SearchGame for DotsGame {
    type Step = DotsMove;

    /// The free points near the dots on the field (`DotsGame::search_points`).
    fn steps(&self, _pending: &[DotsMove], out: &mut Vec<DotsMove>) {
        let mut points = Vec::new();
        self.search_points(&mut points);
        out.clear();
        out.extend(points.into_iter().map(|q| DotsMove::Put(Point(q))));
    }

    /// Only the points near the dots: not every move, so no position is taken for lost because
    /// every listed move loses.
    fn steps_whole(&self, pending: &[DotsMove], out: &mut Vec<DotsMove>) -> bool {
        self.steps(pending, out);
        false
    }

    /// Every legal move: a step is a whole move.
    fn legal_steps(&self, _pending: &[DotsMove], out: &mut Vec<DotsMove>) {
        self.legal_moves(out);
    }

    fn complete(&self, pending: &[DotsMove]) -> Option<DotsMove> {
        pending.first().copied()
    }

    /// A dot that encloses enemy dots starts with wins, one that stops the opponent's enclosure
    /// there (an escape, or a block) almost as many, the more dots the more; a dot on the edge of
    /// the field, where nothing is enclosed, starts with losses.
    fn prior(&self, _pending: &[DotsMove], step: DotsMove) -> (f32, f32) {
        let DotsMove::Put(p) = step else {
            return (0.5, 0.0);
        };
        let me = self.to_move;
        let take = self.capture_by(p, me);
        if take > 0 {
            return (1.0, 30.0 + 10.0 * take.min(10) as f32);
        }
        let save = self.capture_by(p, me.opponent());
        if save > 0 {
            return (0.9, 20.0 + 10.0 * save.min(10) as f32);
        }
        if self.geo.is_edge(p.idx()) {
            return (0.2, 20.0);
        }
        (0.5, 0.0)
    }

    /// Without the history: the search plays on the fast path, which keeps none, and each playout's
    /// copy is refreshed from this one.
    fn search_copy(&self) -> DotsGame {
        let mut copy = self.clone();
        copy.drop_history();
        copy
    }

    stones_core::placement_steps!(DotsMove::Put);

    /// Random dots on the points near the dots on the field when the playout starts, each drawn
    /// once (a point enclosed meanwhile is skipped), a first move inside the zone while it binds;
    /// until they are used up or `cap` moves.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        let mut near = std::mem::take(&mut self.scratch.near);
        near.clear();
        let stamp = self.scratch.stamps(1);
        let mut seen = std::mem::take(&mut self.scratch.mark);
        self.near_points(&mut seen, stamp, &mut near);
        self.scratch.mark = seen;
        let mut n = 0;
        while n < cap && self.end.is_none() && !near.is_empty() {
            let mv = if self.binding_zone(self.to_move).is_some() {
                match self.random_move(rng) {
                    Some(mv) => mv,
                    None => break,
                }
            } else {
                let q = near.swap_remove(rng.below(near.len()));
                if !cell::is_free(self.cells[q as usize]) {
                    continue;
                }
                DotsMove::Put(Point(q))
            };
            if let DotsMove::Put(p) = mv {
                trail.record(p, self.to_move);
            }
            self.play_unchecked(mv);
            n += 1;
        }
        trail.recorded = true;
        self.scratch.near = near;
        n
    }

    /// The outcome once the game is over; else [`DotsGame::settled_score`].
    fn rollout_winner(&self) -> Option<Colour> {
        if let stones_core::Status::Over(outcome) = self.status() {
            return outcome.winner;
        }
        self.settled_score().winner()
    }

    /// Moving alone after the opponent's STOP needs no search (the opponent moves no more): STOP
    /// at once when ahead (a proven win) or when even every enemy dot left would not be enough;
    /// else the largest enclosure one dot makes; else a dot beside an enemy dot that an enclosure
    /// could still take (off the edge), where most of its own dots are around, closing in on it;
    /// STOP when there is none.
    fn presearch(
        &self,
        _deadline: Option<Instant>,
        _threads: usize,
    ) -> Presearch<DotsMove, DotsMove> {
        let me = self.to_move;
        if self.end.is_some() || self.stopped != Some(me.opponent()) {
            return Presearch::Search;
        }
        let score = self.settled_score();
        let margin = match me {
            Colour::Black => score.black - score.white,
            Colour::White => score.white - score.black,
        };
        if margin > 0.0 {
            return Presearch::Win(DotsMove::Stop);
        }
        let take = self
            .free
            .list
            .iter()
            .map(|&q| (self.capture_by(Point(q), me), q))
            .max();
        if let Some((_, q)) = take.filter(|&(n, _)| n > 0) {
            return Presearch::Only(vec![DotsMove::Put(Point(q))]);
        }
        let left = self
            .cells
            .iter()
            .filter(|&&v| cell::is_live(v, me.opponent()))
            .count() as f64;
        if margin + left < 0.0 {
            return Presearch::Only(vec![DotsMove::Stop]);
        }
        let them = me.opponent();
        let closing = self.free.list.iter().copied().filter(|&q| {
            let q = q as usize;
            !cell::in_base(self.cells[q], them)
                && (0..4).any(|i| {
                    let r = self.geo.orth(q, i);
                    on_field(r)
                        && cell::is_live(self.cells[r as usize], them)
                        && !self.geo.is_edge(r as usize)
                })
        });
        let best = closing.max_by_key(|&q| (self.ring_masks(q as usize, me).1.count_ones(), !q));
        Presearch::Only(vec![
            best.map_or(DotsMove::Stop, |q| DotsMove::Put(Point(q)))
        ])
    }
}
