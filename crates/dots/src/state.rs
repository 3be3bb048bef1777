//! The Dots position and its move engine: placing dots, STOP, the end of the game, exact undo.
//!
//! Every change to a point goes through [`DotsGame::set_cell`], which keeps the scores, the Zobrist hash
//! and the set of free points up to date and logs the old value; undo replays the log backwards.

use crate::cell::{self, Cell, EMPTY};
use crate::geometry::{pt, Geometry};
use crate::moves::{DotsIllegal, DotsMove};
use crate::rules::{CaptureTiming, DotsRules, Start, StopRule};
use crate::scratch::Scratch;
use std::sync::Arc;
use stones_core::topology::column_label;
use stones_core::zobrist::splitmix64;
use stones_core::{
    Adjacency, Colour, Outcome, Point, RulesError, Score, SetupError, Status, Topology,
};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// This player resigned.
    Resigned(Colour),
    /// Play ended (STOP, or no free point left); the score decides.
    Finished,
}

/// One undoable change.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change {
    /// A point's old value.
    Cell(u16, Cell),
    /// A point left the free set from this index.
    Free(u16, u16),
    /// An intruder was queued for capture by this owner.
    PendingPush(Colour),
    /// An intruder was taken from this owner's queue.
    PendingTake(Colour, u16),
    /// This root was joined under another in the chain sets.
    Union(u16),
}

/// What undo needs besides the change log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The move played.
    pub mv: DotsMove,
    /// Who played it.
    pub player: Colour,
    log_len: u32,
    to_move: Colour,
    moved: [bool; 2],
    stopped: Option<Colour>,
    end: Option<End>,
    bonus: [u32; 2],
}

/// The points where a move is allowed (empty and not enclosed), with O(1) removal and exact undo.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FreeSet {
    pub list: Vec<u16>,
    pos: Vec<u16>,
}

/// A game of Dots: the position, its history and everything undo needs.
#[derive(Clone, Debug, PartialEq)]
pub struct DotsGame {
    pub(crate) rules: DotsRules,
    pub(crate) topo: Arc<Topology>,
    pub(crate) geo: Arc<Geometry>,
    /// The first-move zone `(x0, y0, x1, y1)`, if the rules have one.
    pub(crate) zone: Option<(u16, u16, u16, u16)>,
    pub(crate) cells: Vec<Cell>,
    /// Enemy dots inside each player's enclosures.
    pub(crate) score: [u32; 2],
    /// Dots counted for each player by grounding at a STOP.
    pub(crate) bonus: [u32; 2],
    cells_hash: u64,
    pub(crate) to_move: Colour,
    /// Whether each player has put a dot yet (the first-move zone binds until then).
    pub(crate) moved: [bool; 2],
    /// The player who said STOP first (the other one now moves alone).
    pub(crate) stopped: Option<Colour>,
    pub(crate) end: Option<End>,
    pub(crate) free: FreeSet,
    /// Per base owner, intruders waiting to be captured at that owner's next move.
    pub(crate) pending: [Vec<u16>; 2],
    log: Vec<Change>,
    pub(crate) frames: Vec<Frame>,
    /// The start position (after `new` or `set_position`).
    pub(crate) start: Arc<Vec<Cell>>,
    /// Chain sets: every dot joined with the dots of its colour around it when it was put (captured
    /// or not), union by size, no path compression (so undo is exact). Connectivity here includes
    /// every real link between live dots, so two dots in different sets are never linked.
    pub(crate) parent: Vec<u16>,
    set_size: Vec<u16>,
    pub(crate) scratch: Scratch,
}

impl DotsGame {
    /// A new game under `rules`, validated.
    pub fn with_rules(rules: DotsRules) -> Result<DotsGame, RulesError> {
        use stones_core::RuleSet;
        rules
            .validate()
            .map_err(|m| RulesError::new(DotsRules::GAME, m))?;
        let (w, h) = (rules.size.width, rules.size.height);
        let topo = Topology::square(w, h, Adjacency::King);
        let n = topo.len();
        let mut stones = vec![None; n];
        if rules.start == Start::Cross {
            let (x0, y0) = ((w as i32 - 2) / 2, (h as i32 - 2) / 2);
            for (dx, dy, c) in [
                (0, 0, Colour::Black),
                (1, 1, Colour::Black),
                (1, 0, Colour::White),
                (0, 1, Colour::White),
            ] {
                if let Some(p) = topo.at(x0 + dx, y0 + dy) {
                    stones[p.idx()] = Some(c);
                }
            }
        }
        let mut game = DotsGame {
            zone: rules.zone(),
            rules,
            geo: Arc::new(Geometry::new(&topo)),
            topo: Arc::new(topo),
            cells: Vec::new(),
            score: [0; 2],
            bonus: [0; 2],
            cells_hash: 0,
            to_move: Colour::Black,
            moved: [false; 2],
            stopped: None,
            end: None,
            free: FreeSet {
                list: Vec::new(),
                pos: Vec::new(),
            },
            pending: [Vec::new(), Vec::new()],
            log: Vec::with_capacity(8 * n),
            frames: Vec::with_capacity(n + 8),
            start: Arc::new(Vec::new()),
            parent: Vec::new(),
            set_size: Vec::new(),
            scratch: Scratch::new(n),
        };
        game.reset(&stones, Colour::Black);
        game.moved = [false; 2];
        Ok(game)
    }

    /// Replaces the position: every dot live, no enclosure, no base, no history.
    pub(crate) fn reset(&mut self, stones: &[Option<Colour>], to_move: Colour) {
        let n = self.topo.len();
        self.cells = stones
            .iter()
            .map(|s| s.map_or(EMPTY, |c| cell::with_dot(EMPTY, c)))
            .collect();
        self.cells_hash = (0..n).fold(0, |h, p| h ^ self.cell_key(p, self.cells[p]));
        self.free.list = (0..n as u16)
            .filter(|&p| cell::is_free(self.cells[p as usize]))
            .collect();
        self.free.pos = vec![0; n];
        for (i, &p) in self.free.list.iter().enumerate() {
            self.free.pos[p as usize] = i as u16;
        }
        self.score = [0; 2];
        self.bonus = [0; 2];
        self.to_move = to_move;
        self.moved = Colour::BOTH.map(|c| stones.contains(&Some(c)));
        self.stopped = None;
        self.end = self.free.list.is_empty().then_some(End::Finished);
        self.pending = [Vec::new(), Vec::new()];
        self.log.clear();
        self.frames.clear();
        self.start = Arc::new(self.cells.clone());
        self.parent = (0..n as u16).collect();
        self.set_size = vec![1; n];
        for p in 0..n {
            if let Some(c) = cell::dot(self.cells[p]) {
                self.join_around(p, c);
            }
        }
        self.log.clear();
    }

    /// Replaces the position with `stones` (all live) and `to_move`; the history is cleared.
    pub(crate) fn set_stones(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        if stones.len() != self.topo.len() {
            return Err(SetupError(format!(
                "the setup has {} points but the field has {}",
                stones.len(),
                self.topo.len()
            )));
        }
        self.reset(stones, to_move);
        Ok(())
    }

    /// The Zobrist contribution of point `p` holding `v`.
    #[inline]
    fn cell_key(&self, p: usize, v: Cell) -> u64 {
        let q = pt(p as u16);
        let mut k = 0;
        if let Some(d) = cell::dot(v) {
            k ^= self.topo.key(q, d);
        }
        if let Some(o) = cell::owner(v) {
            k ^= self.topo.key(q, o).rotate_left(21);
        }
        for c in Colour::BOTH {
            if cell::in_base(v, c) {
                k ^= self.topo.key(q, c).rotate_left(42);
            }
        }
        k
    }

    /// Writes `new` on `p` without logging: hash and scores follow.
    #[inline]
    fn raw_set(&mut self, p: usize, new: Cell) {
        let old = self.cells[p];
        self.cells_hash ^= self.cell_key(p, old) ^ self.cell_key(p, new);
        if let Some(c) = cell::captor(old) {
            self.score[c.idx()] -= 1;
        }
        if let Some(c) = cell::captor(new) {
            self.score[c.idx()] += 1;
        }
        self.cells[p] = new;
    }

    /// Writes `new` on `p`, logged for undo; a point that stops being free leaves the free set.
    #[inline]
    pub(crate) fn set_cell(&mut self, p: usize, new: Cell) {
        let old = self.cells[p];
        if old == new {
            return;
        }
        if cell::is_free(old) && !cell::is_free(new) {
            let i = self.free.pos[p];
            let last = self.free.list.pop().unwrap_or(p as u16);
            if last as usize != p {
                self.free.list[i as usize] = last;
                self.free.pos[last as usize] = i;
            }
            self.log.push(Change::Free(p as u16, i));
        }
        self.log.push(Change::Cell(p as u16, old));
        self.raw_set(p, new);
    }

    /// The chain set of the dot on `p`.
    #[inline]
    pub(crate) fn set_of(&self, mut p: usize) -> u16 {
        while self.parent[p] as usize != p {
            p = self.parent[p] as usize;
        }
        p as u16
    }

    /// Joins the dot on `p` with every dot of `who` around it, logged for undo.
    fn join_around(&mut self, p: usize, who: Colour) {
        for i in 0..8 {
            let q = self.geo.ring[p][i];
            if !crate::geometry::on_field(q) || cell::dot(self.cells[q as usize]) != Some(who) {
                continue;
            }
            let (a, b) = (self.set_of(p) as usize, self.set_of(q as usize) as usize);
            if a != b {
                let (child, root) = if self.set_size[a] < self.set_size[b] {
                    (a, b)
                } else {
                    (b, a)
                };
                self.parent[child] = root as u16;
                self.set_size[root] += self.set_size[child];
                self.log.push(Change::Union(child as u16));
            }
        }
    }

    /// Queues `intruder` for capture by `owner` at its next move.
    pub(crate) fn push_pending(&mut self, owner: Colour, intruder: u16) {
        self.pending[owner.idx()].push(intruder);
        self.log.push(Change::PendingPush(owner));
    }

    /// Captures, for `owner`, every queued intruder still live inside one of its bases.
    pub(crate) fn resolve_pending(&mut self, owner: Colour) {
        while let Some(r) = self.pending[owner.idx()].pop() {
            self.log.push(Change::PendingTake(owner, r));
            let v = self.cells[r as usize];
            if cell::is_live(v, owner.opponent()) && cell::in_base(v, owner) {
                self.capture_component(owner, r as usize);
            }
        }
    }

    /// Whether `who` may put a dot on `p` now, and why not.
    pub fn check_point(&self, who: Colour, p: Point) -> Result<(), DotsIllegal> {
        if self.end.is_some() {
            return Err(DotsIllegal::GameOver);
        }
        let v = self.cells[p.idx()];
        if cell::dot(v).is_some() {
            return Err(DotsIllegal::Occupied);
        }
        if cell::owner(v).is_some() {
            return Err(DotsIllegal::InsideEnclosure);
        }
        if let Some(z) = self.binding_zone(who) {
            if !in_rect(self.topo.xy(p), z) {
                return Err(DotsIllegal::OutsideZone {
                    zone: self.zone_text(z),
                });
            }
        }
        Ok(())
    }

    /// The zone `who`'s next dot must lie in: its first move, while the zone still has a free point.
    pub(crate) fn binding_zone(&self, who: Colour) -> Option<(u16, u16, u16, u16)> {
        let z = self.zone?;
        if self.moved[who.idx()] {
            return None;
        }
        let any_free = (z.1..=z.3).any(|y| {
            (z.0..=z.2).any(|x| {
                self.topo
                    .at(x as i32, y as i32)
                    .is_some_and(|p| cell::is_free(self.cells[p.idx()]))
            })
        });
        any_free.then_some(z)
    }

    /// The zone in words: `columns N–AB, rows 13–20`.
    fn zone_text(&self, (x0, y0, x1, y1): (u16, u16, u16, u16)) -> String {
        let h = self.rules.size.height;
        format!(
            "columns {}–{}, rows {}–{}",
            column_label(x0),
            column_label(x1),
            h - y1,
            h - y0
        )
    }

    /// Whether `mv` is legal for `who` now.
    pub fn check_as(&self, who: Colour, mv: DotsMove) -> Result<(), DotsIllegal> {
        match mv {
            DotsMove::Put(p) if p.idx() < self.cells.len() => self.check_point(who, p),
            DotsMove::Put(_) if self.end.is_some() => Err(DotsIllegal::GameOver),
            DotsMove::Put(_) => Err(DotsIllegal::OffField),
            DotsMove::Stop | DotsMove::Resign if self.end.is_some() => Err(DotsIllegal::GameOver),
            DotsMove::Stop | DotsMove::Resign => Ok(()),
        }
    }

    /// Checks and plays `mv` for `who`, even out of turn (for records with extra moves); the turn
    /// passes as after any move of `who`. A refused move changes nothing.
    pub fn play_as(&mut self, who: Colour, mv: DotsMove) -> Result<(), DotsIllegal> {
        self.check_as(who, mv)?;
        self.apply(who, mv);
        Ok(())
    }

    /// Plays `mv` for the player to move without checking it: the fast path for playouts. The move
    /// must be legal (as from `Game::random_move` or a successful check).
    #[inline]
    pub fn play_unchecked(&mut self, mv: DotsMove) {
        self.apply(self.to_move, mv);
    }

    fn apply(&mut self, who: Colour, mv: DotsMove) {
        self.frames.push(Frame {
            mv,
            player: who,
            log_len: self.log.len() as u32,
            to_move: self.to_move,
            moved: self.moved,
            stopped: self.stopped,
            end: self.end,
            bonus: self.bonus,
        });
        self.to_move = who;
        match mv {
            DotsMove::Put(p) => self.put(p.idx()),
            DotsMove::Stop => self.stop(),
            DotsMove::Resign => self.end = Some(End::Resigned(who)),
        }
    }

    fn put(&mut self, p: usize) {
        let me = self.to_move;
        let opp = me.opponent();
        let before = self.cells[p];
        self.set_cell(p, cell::with_dot(before, me) & !cell::base_bit(me));
        self.moved[me.idx()] = true;
        let captured = self.enclose_around(p, me);
        self.join_around(p, me);
        if cell::in_base(before, opp) {
            if captured > 0 {
                self.break_base(p, opp);
            } else if self.rules.capture_timing == CaptureTiming::Immediate {
                self.capture_component(opp, p);
            } else {
                self.push_pending(opp, p as u16);
            }
        }
        self.resolve_pending(me);
        if self.free.list.is_empty() {
            self.finish();
        } else if self.stopped.is_none() && !(self.rules.extra_move && captured > 0) {
            self.to_move = opp;
        }
    }

    fn stop(&mut self) {
        let me = self.to_move;
        let opp = me.opponent();
        self.resolve_pending(me);
        match self.rules.stop {
            StopRule::Grounding => {
                // Queued intruders are taken first, so that no dot counts twice.
                self.resolve_pending(opp);
                self.bonus[opp.idx()] += self.ungrounded(me);
                self.finish();
            }
            StopRule::PlayOn if self.stopped.is_some() => self.finish(),
            StopRule::PlayOn => {
                self.stopped = Some(me);
                self.to_move = opp;
            }
        }
    }

    /// Ends play: every queued intruder is captured, then the score decides.
    fn finish(&mut self) {
        self.resolve_pending(Colour::Black);
        self.resolve_pending(Colour::White);
        self.end = Some(End::Finished);
    }

    /// Takes back the last move; false when there is none.
    pub fn undo_move(&mut self) -> bool {
        let Some(f) = self.frames.pop() else {
            return false;
        };
        while self.log.len() > f.log_len as usize {
            match self.log.pop() {
                Some(Change::Cell(p, old)) => self.raw_set(p as usize, old),
                Some(Change::Free(p, i)) => {
                    let list = &mut self.free.list;
                    if i as usize == list.len() {
                        list.push(p);
                    } else {
                        let moved = list[i as usize];
                        list.push(moved);
                        self.free.pos[moved as usize] = (list.len() - 1) as u16;
                        list[i as usize] = p;
                    }
                    self.free.pos[p as usize] = i;
                }
                Some(Change::PendingPush(c)) => {
                    self.pending[c.idx()].pop();
                }
                Some(Change::PendingTake(c, r)) => self.pending[c.idx()].push(r),
                Some(Change::Union(child)) => {
                    let root = self.parent[child as usize] as usize;
                    self.set_size[root] -= self.set_size[child as usize];
                    self.parent[child as usize] = child;
                }
                None => break,
            }
        }
        self.to_move = f.to_move;
        self.moved = f.moved;
        self.stopped = f.stopped;
        self.end = f.end;
        self.bonus = f.bonus;
        true
    }

    /// Where the game stands.
    pub fn status_now(&self) -> Status {
        match self.end {
            None => Status::Ongoing,
            Some(End::Resigned(loser)) => Status::Over(Outcome::resignation(loser)),
            Some(End::Finished) => Status::Over(Outcome::from_score(&self.score_now())),
        }
    }

    /// Each player's points: enemy dots in its enclosures plus grounding.
    pub fn score_now(&self) -> Score {
        Score {
            black: (self.score[0] + self.bonus[0]) as f64,
            white: (self.score[1] + self.bonus[1]) as f64,
        }
    }

    /// The score counted from scratch over every point.
    pub fn recount_now(&self) -> Score {
        let mut n = self.bonus;
        for &v in &self.cells {
            if let Some(c) = cell::captor(v) {
                n[c.idx()] += 1;
            }
        }
        Score {
            black: n[0] as f64,
            white: n[1] as f64,
        }
    }

    /// The Zobrist hash of everything that matters for play.
    pub fn hash_now(&self) -> u64 {
        let mut h = self.cells_hash;
        if self.to_move == Colour::White {
            h ^= self.topo.side_key();
        }
        let code = |c: Option<Colour>| c.map_or(0u64, |c| c.idx() as u64 + 1);
        let end = match self.end {
            None => 0,
            Some(End::Finished) => 1,
            Some(End::Resigned(c)) => 2 + c.idx() as u64,
        };
        let misc = self.moved[0] as u64
            | (self.moved[1] as u64) << 1
            | code(self.stopped) << 2
            | end << 4
            | (self.bonus[0] as u64) << 8
            | (self.bonus[1] as u64) << 32;
        if misc != 0 {
            let mut s = misc ^ self.topo.side_key();
            h ^= splitmix64(&mut s);
        }
        for c in Colour::BOTH {
            for &r in &self.pending[c.idx()] {
                h ^= self.topo.key(pt(r), c).rotate_left(7);
            }
        }
        h
    }

    /// The ruleset.
    pub fn rules(&self) -> &DotsRules {
        &self.rules
    }

    /// The field's geometry.
    pub fn topology(&self) -> &Topology {
        &self.topo
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Colour {
        self.to_move
    }

    /// The dot on `p` (live or captured).
    pub fn dot(&self, p: Point) -> Option<Colour> {
        cell::dot(self.cells[p.idx()])
    }

    /// The owner of the enclosure holding `p`, if any.
    pub fn enclosure_owner(&self, p: Point) -> Option<Colour> {
        cell::owner(self.cells[p.idx()])
    }

    /// True when the dot on `p` is captured.
    pub fn is_captured(&self, p: Point) -> bool {
        cell::captor(self.cells[p.idx()]).is_some()
    }

    /// True when `p` lies in a free area (base) of `who`.
    pub fn in_base(&self, p: Point, who: Colour) -> bool {
        cell::in_base(self.cells[p.idx()], who)
    }

    /// Enemy dots inside each player's enclosures, Black first (grounding not included).
    pub fn captured(&self) -> [u32; 2] {
        self.score
    }

    /// The player who said STOP first, if any.
    pub fn stopped(&self) -> Option<Colour> {
        self.stopped
    }

    /// Intruders waiting to be captured at the next move of `owner` (on-owner-move timing).
    pub fn pending(&self, owner: Colour) -> impl Iterator<Item = Point> + '_ {
        self.pending[owner.idx()].iter().map(|&r| pt(r))
    }

    /// The moves played since the start position, with their players.
    pub fn history(&self) -> impl Iterator<Item = (Colour, DotsMove)> + '_ {
        self.frames.iter().map(|f| (f.player, f.mv))
    }

    /// The last dot put, if the last move put one.
    pub fn last_point(&self) -> Option<Point> {
        match self.frames.last()?.mv {
            DotsMove::Put(p) => Some(p),
            _ => None,
        }
    }

    /// Points that came into an enclosure of the last move's player during the last move.
    pub fn last_enclosed(&self) -> Vec<Point> {
        let Some(f) = self.frames.last() else {
            return Vec::new();
        };
        let mut out: Vec<Point> = self.log[f.log_len as usize..]
            .iter()
            .filter_map(|c| match *c {
                Change::Cell(p, old)
                    if cell::owner(old) != Some(f.player)
                        && cell::owner(self.cells[p as usize]) == Some(f.player) =>
                {
                    Some(pt(p))
                }
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// How many points are free (empty and not enclosed).
    pub fn free_points(&self) -> usize {
        self.free.list.len()
    }

    /// Reserves history space for `moves` more moves, so that playouts do not grow buffers.
    pub fn reserve(&mut self, moves: usize) {
        self.frames.reserve(moves);
        self.log.reserve(8 * moves);
    }
}

/// True when `(x, y)` lies in the inclusive rectangle.
#[inline]
pub(crate) fn in_rect((x, y): (u16, u16), (x0, y0, x1, y1): (u16, u16, u16, u16)) -> bool {
    (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
}

impl DotsGame {
    /// Checks the incremental bookkeeping against a from-scratch computation: hash, scores, the free
    /// set. For tests; returns what differs.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        let hash = (0..self.cells.len()).fold(0, |h, p| h ^ self.cell_key(p, self.cells[p]));
        if hash != self.cells_hash {
            return Err("incremental hash differs from a recount".into());
        }
        let recount = self.recount_now();
        if recount != self.score_now() {
            return Err(format!(
                "score {:?} but recount {:?}",
                self.score_now(),
                recount
            ));
        }
        let free = self.cells.iter().filter(|&&v| cell::is_free(v)).count();
        if free != self.free.list.len() {
            return Err(format!(
                "{} free points but the free set holds {}",
                free,
                self.free.list.len()
            ));
        }
        for (i, &p) in self.free.list.iter().enumerate() {
            if !cell::is_free(self.cells[p as usize]) || self.free.pos[p as usize] as usize != i {
                return Err(format!("free set entry {i} ({p}) is wrong"));
            }
        }
        Ok(())
    }
}
