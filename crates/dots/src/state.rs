//! The Dots position: its state, construction, logged point writes, chain sets and exact undo.
//!
//! Every change to a point goes through [`DotsGame::set_cell`], which keeps the scores, the Zobrist hash
//! and the set of free points up to date and logs the old value; undo replays the log backwards.

use crate::cell::{self, Cell, EMPTY};
use crate::geometry::{pt, Geometry};
use crate::moves::DotsMove;
use crate::rules::{DotsRules, Start};
use crate::scratch::Scratch;
use std::sync::Arc;
use stones_core::{Adjacency, Colour, Point, RulesError, SetupError, Topology};

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
pub(crate) enum Change {
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
    pub(crate) log_len: u32,
    pub(crate) to_move: Colour,
    pub(crate) moved: [bool; 2],
    pub(crate) stopped: Option<Colour>,
    pub(crate) end: Option<End>,
    pub(crate) bonus: [u32; 2],
}

/// The points where a move is allowed (empty and not enclosed), with O(1) removal and exact undo.
#[derive(Debug, PartialEq)]
pub(crate) struct FreeSet {
    pub list: Vec<u16>,
    pos: Vec<u16>,
}

impl Clone for FreeSet {
    fn clone(&self) -> Self {
        FreeSet {
            list: self.list.clone(),
            pos: self.pos.clone(),
        }
    }

    /// Into the buffers already there: no allocation once they are large enough.
    fn clone_from(&mut self, src: &Self) {
        self.list.clone_from(&src.list);
        self.pos.clone_from(&src.pos);
    }
}

/// A game of Dots: the position, its history and everything undo needs.
///
/// Checked moves record what undo needs; moves on the fast path ([`DotsGame::play_unchecked`], the
/// playouts and the search) record nothing and drop the history there was.
///
/// Cloning keeps the capacity of the buffers that grow in play (the move log, the frames, the
/// capture queues), and `clone_from` reuses the buffers already there: a
/// playout run on a copy refreshed by `clone_from` allocates nothing (see `tests/playout_alloc.rs`).
#[derive(Debug, PartialEq)]
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
    pub(crate) cells_hash: u64,
    pub(crate) to_move: Colour,
    /// Whether each player has put a dot yet (the first-move zone binds until then).
    pub(crate) moved: [bool; 2],
    /// The player who said STOP first (the other one now moves alone).
    pub(crate) stopped: Option<Colour>,
    pub(crate) end: Option<End>,
    pub(crate) free: FreeSet,
    /// Per base owner, intruders waiting to be captured at that owner's next move.
    pub(crate) pending: [Vec<u16>; 2],
    pub(crate) log: Vec<Change>,
    pub(crate) frames: Vec<Frame>,
    /// Whether the move being played records what undo needs (`log`, `frames`): true for checked
    /// moves, false on the fast path.
    pub(crate) recording: bool,
    /// The start position (after `new` or `set_position`).
    pub(crate) start: Arc<Vec<Cell>>,
    /// Chain sets: every dot joined with the dots of its colour around it when it was put (captured
    /// or not), union by size, no path compression (so undo is exact). Connectivity here includes
    /// every real link between live dots, so two dots in different sets are never linked.
    pub(crate) parent: Vec<u16>,
    set_size: Vec<u16>,
    pub(crate) scratch: Scratch,
}

/// A copy of `v` with at least its capacity, so that a clone can grow as far as the original did
/// without reallocating.
fn with_capacity_of<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.capacity());
    out.extend_from_slice(v);
    out
}

impl Clone for DotsGame {
    fn clone(&self) -> Self {
        DotsGame {
            rules: self.rules.clone(),
            topo: self.topo.clone(),
            geo: self.geo.clone(),
            zone: self.zone,
            cells: self.cells.clone(),
            score: self.score,
            bonus: self.bonus,
            cells_hash: self.cells_hash,
            to_move: self.to_move,
            moved: self.moved,
            stopped: self.stopped,
            end: self.end,
            free: self.free.clone(),
            pending: [
                with_capacity_of(&self.pending[0]),
                with_capacity_of(&self.pending[1]),
            ],
            log: with_capacity_of(&self.log),
            frames: with_capacity_of(&self.frames),
            recording: self.recording,
            start: self.start.clone(),
            parent: self.parent.clone(),
            set_size: self.set_size.clone(),
            scratch: self.scratch.clone(),
        }
    }

    /// Field by field into the buffers already there (the scratch buffers are kept as they are):
    /// no allocation once they are large enough. The destructuring names every field, so a new one
    /// cannot be forgotten.
    fn clone_from(&mut self, src: &Self) {
        let DotsGame {
            rules,
            topo,
            geo,
            zone,
            cells,
            score,
            bonus,
            cells_hash,
            to_move,
            moved,
            stopped,
            end,
            free,
            pending,
            log,
            frames,
            recording,
            start,
            parent,
            set_size,
            scratch,
        } = self;
        rules.clone_from(&src.rules);
        topo.clone_from(&src.topo);
        geo.clone_from(&src.geo);
        *zone = src.zone;
        cells.clone_from(&src.cells);
        *score = src.score;
        *bonus = src.bonus;
        *cells_hash = src.cells_hash;
        *to_move = src.to_move;
        *moved = src.moved;
        *stopped = src.stopped;
        *end = src.end;
        free.clone_from(&src.free);
        for (mine, theirs) in pending.iter_mut().zip(&src.pending) {
            mine.clone_from(theirs);
        }
        log.clone_from(&src.log);
        frames.clone_from(&src.frames);
        *recording = src.recording;
        start.clone_from(&src.start);
        parent.clone_from(&src.parent);
        set_size.clone_from(&src.set_size);
        scratch.clone_from(&src.scratch);
    }
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
            recording: true,
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
        // Dots join one at a time, as if put in point order: `join_around` relies on every dot
        // already present being joined with the dots of its colour around it.
        let full = std::mem::replace(&mut self.cells, vec![EMPTY; n]);
        for (p, &v) in full.iter().enumerate() {
            self.cells[p] = v;
            if let Some(c) = cell::dot(v) {
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

    /// The Zobrist contribution of point `p` holding `v`: the dot's key, the owner's key turned by 21
    /// bits, each base mark's key turned by 42.
    #[inline]
    fn cell_key(&self, p: usize, v: Cell) -> u64 {
        let q = pt(p as u16);
        let keys = [
            0,
            self.topo.key(q, Colour::Black),
            self.topo.key(q, Colour::White),
            0,
        ];
        let bases = (v >> 4) as usize & 3;
        keys[v as usize & 3]
            ^ keys[(v >> 2) as usize & 3].rotate_left(21)
            ^ (keys[bases & 1] ^ keys[bases & 2]).rotate_left(42)
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
            self.record(Change::Free(p as u16, i));
        }
        self.record(Change::Cell(p as u16, old));
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

    /// The eight ring slots of `p` as two bitmasks, read in one pass: bit `i` set when slot `i` is on
    /// the field and holds a dot of `who` (first mask), a live one (second). Every slot is read,
    /// without a branch on the result.
    #[inline]
    pub(crate) fn ring_masks(&self, p: usize, who: Colour) -> (u8, u8) {
        let ring = &self.geo.ring[p];
        (0..8).fold((0, 0), |(dots, live), i| {
            // Off the field: a cell value with no dot of either player.
            let v = self
                .cells
                .get(ring[i] as usize)
                .copied()
                .unwrap_or(cell::NO_DOT);
            (
                dots | (cell::has_dot(v, who) as u8) << i,
                live | (cell::is_live(v, who) as u8) << i,
            )
        })
    }

    /// Joins the dot on `p` with every dot of `who` around it, logged for undo when the move
    /// records.
    pub(crate) fn join_around(&mut self, p: usize, who: Colour) {
        self.join_ring(p, self.ring_masks(p, who).0);
    }

    /// [`DotsGame::join_around`], given the ring slots of `p` that hold a dot of its player (`mine`,
    /// as [`DotsGame::ring_masks`] gives them).
    pub(crate) fn join_ring(&mut self, p: usize, mine: u8) {
        // Neighbouring ring slots touch, so a dot right after another of `who` on the ring is in its
        // set already (joined with `p` a step before): only the first dot of each run is looked up.
        let mut firsts = mine & !(mine << 1);
        let mut a = self.set_of(p) as usize;
        while firsts != 0 {
            let i = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let b = self.set_of(self.geo.ring[p][i] as usize) as usize;
            if a != b {
                let (child, root) = if self.set_size[a] < self.set_size[b] {
                    (a, b)
                } else {
                    (b, a)
                };
                self.parent[child] = root as u16;
                self.set_size[root] += self.set_size[child];
                self.record(Change::Union(child as u16));
                a = root;
            }
        }
    }

    /// Takes back the last move; false when there is none (nothing before a move played on the fast
    /// path, [`DotsGame::play_unchecked`], can be taken back).
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

    /// The moves played since the start position, with their players (since the last move played on
    /// the fast path, which keeps no history, if there was one).
    pub fn history(&self) -> impl Iterator<Item = (Colour, DotsMove)> + '_ {
        self.frames.iter().map(|f| (f.player, f.mv))
    }

    /// The last dot put, if the last move put one and was checked (moves on the fast path record
    /// none).
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

    /// Forgets the moves played so far (undo stops here) and records nothing until the next checked
    /// move: the fast path's state.
    pub(crate) fn drop_history(&mut self) {
        self.recording = false;
        self.frames.clear();
        self.log.clear();
    }

    /// Logs `change` for undo, when the move being played records ([`DotsGame::recording`]).
    #[inline]
    pub(crate) fn record(&mut self, change: Change) {
        if self.recording {
            self.log.push(change);
        }
    }
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
