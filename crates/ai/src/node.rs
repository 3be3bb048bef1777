//! A node of the shared search tree: the step that led to it and what the search learnt of it, in
//! atomics that every search thread reads and writes without a lock.
//!
//! Visits and wins change by atomic additions (no playout is lost); the AMAF counts and the cached
//! selection key by a load and a store, so that two threads adding to the same sibling at the same
//! instant may lose one of the two additions — a rare, harmless miss that saves a locked
//! instruction on each of the dozens of siblings a back-up touches. A proof is set once, by
//! compare-and-swap, and never changes during a search.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU32, AtomicU64, AtomicU8, Ordering};
use stones_core::Colour;

const RELAXED: Ordering = Ordering::Relaxed;

/// No children yet.
const LEAF: u8 = 0;
/// One thread is making the children.
const EXPANDING: u8 = 1;
/// The children are made and readable.
const EXPANDED: u8 = 2;

/// Minus the key of a proven loss: chosen only when nothing else is left (no exploration bonus
/// lifts it).
const PROVEN: f32 = 1e30;

/// A node: the step that led here and the search's statistics of it.
#[derive(Debug)]
pub(crate) struct Node<S> {
    /// The step that led here (`None` at the root).
    pub step: Option<S>,
    /// Who took the step.
    pub player: Colour,
    /// +1: a proven win for `player`; -1: a proven loss; 0: not proven.
    proven: AtomicI8,
    /// [`LEAF`], [`EXPANDING`] or [`EXPANDED`]; `first`, `count` and `whole` are read only after an
    /// acquiring load has seen [`EXPANDED`].
    state: AtomicU8,
    /// The children are every step that may help ([`stones_core::SearchGame::steps_whole`]): only
    /// then do they prove the node lost when they all lose.
    whole: AtomicBool,
    /// The children: `first..first + count` in the arena.
    first: AtomicU32,
    count: AtomicU32,
    /// Visits, a search thread's playout under way through here included (virtual loss).
    visits: AtomicU32,
    /// Wins for `player` in half points (a draw counts one, a win two): exact, and one addition.
    halves: AtomicU32,
    /// AMAF visits and wins, `f32` bits (a game's prior starts them at a fraction).
    rave_n: AtomicU32,
    rave_w: AtomicU32,
    /// The position's hash once the step completes a turn (0: not known, or inside a turn).
    hash: AtomicU64,
    /// The selection value without its exploration term, `f32` bits: the UCT-RAVE mix of the win
    /// rate and the AMAF rate; +infinity for a proven win, -[`PROVEN`] for a proven loss. Kept up to
    /// date whenever the statistics change, so that selection reads it instead of working it out for
    /// every child.
    key: AtomicU32,
    /// `1 / sqrt(visits + 1)`, `f32` bits: the exploration term is this times the parent's
    /// `explore * sqrt(ln(visits + 1))`.
    spread: AtomicU32,
}

/// A node's statistics read at one moment, for choosing the move and reporting.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stats<S> {
    pub step: Option<S>,
    pub visits: u32,
    /// Wins for the node's player (a draw counts half).
    pub wins: f32,
    pub proven: i8,
}

impl<S> Stats<S> {
    /// The mover's win rate, 0.5 when unvisited.
    pub fn rate(&self) -> f32 {
        match self.proven {
            1 => 1.0,
            -1 => 0.0,
            _ if self.visits == 0 => 0.5,
            _ => self.wins / self.visits as f32,
        }
    }
}

/// Adds `x` to the `f32` in `cell` by a load and a store (see the module's note on lost additions).
#[inline]
fn add_f32(cell: &AtomicU32, x: f32) {
    cell.store((f32::from_bits(cell.load(RELAXED)) + x).to_bits(), RELAXED);
}

#[inline]
fn get_f32(cell: &AtomicU32) -> f32 {
    f32::from_bits(cell.load(RELAXED))
}

impl<S: Copy> Node<S> {
    /// A new leaf, with a prior of `rave_w` wins in `rave_n` AMAF visits.
    pub fn new(step: Option<S>, player: Colour, rave_n: f32, rave_w: f32) -> Node<S> {
        Node {
            step,
            player,
            proven: AtomicI8::new(0),
            state: AtomicU8::new(LEAF),
            whole: AtomicBool::new(false),
            first: AtomicU32::new(0),
            count: AtomicU32::new(0),
            visits: AtomicU32::new(0),
            halves: AtomicU32::new(0),
            rave_n: AtomicU32::new(rave_n.to_bits()),
            rave_w: AtomicU32::new(rave_w.to_bits()),
            hash: AtomicU64::new(0),
            key: AtomicU32::new(1f32.to_bits()),
            spread: AtomicU32::new(1f32.to_bits()),
        }
    }

    /// A copy of this node with `step` (tree reuse copies the kept nodes into a new arena); a node
    /// some thread was still expanding is copied as a leaf.
    pub fn copy(&self, step: Option<S>) -> Node<S> {
        let state = match self.state.load(Ordering::Acquire) {
            EXPANDED => EXPANDED,
            _ => LEAF,
        };
        let word = |a: &AtomicU32| AtomicU32::new(a.load(RELAXED));
        Node {
            step,
            player: self.player,
            proven: AtomicI8::new(self.proven()),
            state: AtomicU8::new(state),
            whole: AtomicBool::new(self.whole.load(RELAXED)),
            first: word(&self.first),
            count: word(&self.count),
            visits: word(&self.visits),
            halves: word(&self.halves),
            rave_n: word(&self.rave_n),
            rave_w: word(&self.rave_w),
            hash: AtomicU64::new(self.hash()),
            key: word(&self.key),
            spread: word(&self.spread),
        }
    }

    /// The children's range in the arena once they are made (`None` for a leaf, and while another
    /// thread is making them).
    #[inline]
    pub fn children(&self) -> Option<std::ops::Range<usize>> {
        if self.state.load(Ordering::Acquire) != EXPANDED {
            return None;
        }
        let first = self.first.load(RELAXED) as usize;
        Some(first..first + self.count.load(RELAXED) as usize)
    }

    /// Whether the children are made.
    pub fn expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    /// Claims the making of the children: `Some(true)` when this thread is to make them,
    /// `Some(false)` when they are already made, `None` while another thread makes them.
    pub fn claim(&self) -> Option<bool> {
        match self
            .state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, Ordering::Acquire)
        {
            Ok(_) => Some(true),
            Err(EXPANDED) => Some(false),
            Err(_) => None,
        }
    }

    /// Gives back a claim whose children could not be made (the arena is full).
    pub fn unclaim(&self) {
        self.state.store(LEAF, Ordering::Release);
    }

    /// Publishes the children `first..first + count` made under a claim (`whole`: they are every
    /// step that may help).
    pub fn publish(&self, first: usize, count: usize, whole: bool) {
        self.first.store(first as u32, RELAXED);
        self.count.store(count as u32, RELAXED);
        self.whole.store(whole, RELAXED);
        self.state.store(EXPANDED, Ordering::Release);
    }

    /// Whether the children are every step that may help (read after [`Node::children`]).
    pub fn whole(&self) -> bool {
        self.whole.load(RELAXED)
    }

    /// Marks the children whole (a root narrowed to the only steps that do not lose).
    pub fn set_whole(&self) {
        self.whole.store(true, RELAXED);
    }

    /// +1 a proven win for `player`, -1 a proven loss, 0 not proven.
    #[inline]
    pub fn proven(&self) -> i8 {
        self.proven.load(RELAXED)
    }

    /// Sets the proof when there is none yet (proofs never change once made, so every thread that
    /// finds one finds the same).
    pub fn prove(&self, verdict: i8) {
        let _ = self.proven.compare_exchange(0, verdict, RELAXED, RELAXED);
    }

    /// Marks the node lost whatever it was (a root narrowed before the search starts).
    pub fn force_loss(&self) {
        self.proven.store(-1, RELAXED);
    }

    pub fn visits(&self) -> u32 {
        self.visits.load(RELAXED)
    }

    /// Adds a visit: a playout on its way down (virtual loss), or coming back.
    #[inline]
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, RELAXED);
    }

    /// Adds a playout's result in half points (2 a win, 1 a draw).
    #[inline]
    pub fn add_halves(&self, halves: u32) {
        if halves > 0 {
            self.halves.fetch_add(halves, RELAXED);
        }
    }

    /// Wins for `player` (a draw counts half).
    pub fn wins(&self) -> f32 {
        self.halves.load(RELAXED) as f32 * 0.5
    }

    /// Adds an AMAF visit with `won` (0, 0.5 or 1).
    #[inline]
    pub fn add_rave(&self, won: f32) {
        add_f32(&self.rave_n, 1.0);
        add_f32(&self.rave_w, won);
    }

    pub fn hash(&self) -> u64 {
        self.hash.load(RELAXED)
    }

    pub fn set_hash(&self, hash: u64) {
        self.hash.store(hash, RELAXED);
    }

    /// The selection value without the exploration term, and the exploration weight.
    #[inline]
    pub fn key_spread(&self) -> (f32, f32) {
        (get_f32(&self.key), get_f32(&self.spread))
    }

    /// Works out `key` again after the statistics changed (`rave_k`: RAVE's equivalence parameter,
    /// 0 for none), and `spread` when the visits did (`visited`).
    ///
    /// The mix is `(1 - beta) q + beta r` with `q = wins / visits` (1 when unvisited: try every child
    /// once), `r = rave_w / rave_n` and `beta = rave_n / (rave_n + visits + rave_n visits / k)`;
    /// multiplied out it takes one division: `(wins (k + rave_n) + rave_w k) / (k (rave_n + visits)
    /// + rave_n visits)`.
    #[inline]
    pub fn refresh(&self, rave_k: f32, visited: bool) {
        let n = self.visits() as f32;
        if visited {
            self.spread
                .store((1.0 / (n + 1.0).sqrt()).to_bits(), RELAXED);
        }
        let rave_n = get_f32(&self.rave_n);
        let key = match self.proven() {
            1 => f32::INFINITY,
            -1 => -PROVEN,
            _ if rave_k > 0.0 && rave_n > 0.0 => {
                let (rn, k) = (rave_n, rave_k);
                (self.wins() * (k + rn) + get_f32(&self.rave_w) * k) / (k * (rn + n) + rn * n)
            }
            _ if n > 0.0 => self.wins() / n,
            _ => 1.0,
        };
        self.key.store(key.to_bits(), RELAXED);
    }

    /// The statistics now.
    pub fn stats(&self) -> Stats<S> {
        Stats {
            step: self.step,
            visits: self.visits(),
            wins: self.wins(),
            proven: self.proven(),
        }
    }
}
