//! A node of the shared search tree: the step that led to it and what the search learnt of it, in
//! atomics that every search thread reads and writes without a lock.
//!
//! Visits and wins share one 64-bit word and change by atomic additions (no playout is lost); the
//! AMAF count and wins share another, changed by a load and a store, so that two threads adding to
//! the same sibling at the same instant may lose one of the two additions — a rare, harmless miss
//! that saves a locked instruction on each of the dozens of siblings a back-up touches, and since
//! the pair is one word, a thread that stores late (it was descheduled in between) puts back an
//! older but consistent pair, never one count without its wins. The cached selection key is stored
//! the same way. A proof is set once, by compare-and-swap, and never changes during a search.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU32, AtomicU64, AtomicU8, Ordering};

/// One visit in [`Node`]'s `record` (its low half).
const VISIT: u64 = 1;
/// One half point of wins in `record` (its high half).
const HALF: u64 = 1 << 32;
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
    /// Visits (low 32 bits; a search thread's playout under way through here included: virtual
    /// loss) and wins for `player` in half points (high 32 bits; a draw counts one, a win two):
    /// exact, and read and added together.
    record: AtomicU64,
    /// AMAF visits (low 32 bits) and wins (high 32 bits), `f32` bits (a game's prior may start
    /// them, at a fraction).
    rave: AtomicU64,
    /// Prior visits (low 32 bits) and wins (high), `f32` bits as in `rave`, counted with the real
    /// ones in the selection value only (never in the visits and wins read out, nor in the move
    /// chosen); 0 when the prior starts the AMAF statistics instead. Fixed once made.
    prior: u64,
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
    /// The selection value without exploration (the win rate mixed with the AMAF rate, which the
    /// game's prior starts): what breaks ties between unvisited children.
    pub value: f32,
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

#[inline]
fn get_f32(cell: &AtomicU32) -> f32 {
    f32::from_bits(cell.load(RELAXED))
}

/// Two `f32` in one word: `n` low, `w` high.
#[inline]
fn pair(n: f32, w: f32) -> u64 {
    u64::from(n.to_bits()) | u64::from(w.to_bits()) << 32
}

/// The two `f32` of [`pair`].
#[inline]
fn unpair(word: u64) -> (f32, f32) {
    (
        f32::from_bits(word as u32),
        f32::from_bits((word >> 32) as u32),
    )
}

impl<S: Copy> Node<S> {
    /// A new leaf with a prior of `weight` visits worth `value` to `player`: real visits when
    /// `as_visits` ([`stones_core::SearchGame::priors_as_visits`]), else AMAF ones.
    pub fn new(
        step: Option<S>,
        player: Colour,
        (value, weight): (f32, f32),
        as_visits: bool,
    ) -> Node<S> {
        let prior = pair(weight, weight * value);
        let (prior, rave) = if as_visits { (prior, 0) } else { (0, prior) };
        Node {
            step,
            player,
            proven: AtomicI8::new(0),
            state: AtomicU8::new(LEAF),
            whole: AtomicBool::new(false),
            first: AtomicU32::new(0),
            count: AtomicU32::new(0),
            record: AtomicU64::new(0),
            rave: AtomicU64::new(rave),
            prior,
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
            record: AtomicU64::new(self.record.load(RELAXED)),
            rave: AtomicU64::new(self.rave.load(RELAXED)),
            prior: self.prior,
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

    /// Makes the node a leaf again: a claim whose children could not be made (the arena is full),
    /// or a copy whose children did not fit.
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

    /// Visits and wins for `player` (a draw counts half), read together.
    #[inline]
    fn record(&self) -> (u32, f32) {
        let r = self.record.load(RELAXED);
        (r as u32, (r >> 32) as u32 as f32 * 0.5)
    }

    pub fn visits(&self) -> u32 {
        self.record().0
    }

    /// Wins for `player` (a draw counts half).
    pub fn wins(&self) -> f32 {
        self.record().1
    }

    /// Adds a visit on a playout's way down (virtual loss), its result to come.
    #[inline]
    pub fn add_visit(&self) {
        self.record.fetch_add(VISIT, RELAXED);
    }

    /// Adds a playout's result in half points (2 a win, 1 a draw), with its visit unless the visit
    /// was added on the way down (`visited`).
    #[inline]
    pub fn add_result(&self, halves: u32, visited: bool) {
        let add = u64::from(halves) * HALF + u64::from(!visited) * VISIT;
        if add > 0 {
            self.record.fetch_add(add, RELAXED);
        }
    }

    /// Adds an AMAF visit with `won` (0, 0.5 or 1).
    #[inline]
    pub fn add_rave(&self, won: f32) {
        let (n, w) = unpair(self.rave.load(RELAXED));
        self.rave.store(pair(n + 1.0, w + won), RELAXED);
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
    /// The mix is `(1 - beta) q + beta r` with `q = wins / visits` (the prior's visits and wins
    /// counted in; 1 when there are none: try every child once), `r = rave_w / rave_n` and `beta =
    /// rave_n / (rave_n + visits + rave_n visits / k)`; multiplied out it takes one division:
    /// `(wins (k + rave_n) + rave_w k) / (k (rave_n + visits) + rave_n visits)`.
    #[inline]
    pub fn refresh(&self, rave_k: f32, visited: bool) {
        let (visits, wins) = self.record();
        if visited {
            self.spread
                .store((1.0 / (visits as f32 + 1.0).sqrt()).to_bits(), RELAXED);
        }
        let (prior_n, prior_w) = unpair(self.prior);
        let (n, wins) = (visits as f32 + prior_n, wins + prior_w);
        let (rave_n, rave_w) = unpair(self.rave.load(RELAXED));
        let key = match self.proven() {
            1 => f32::INFINITY,
            -1 => -PROVEN,
            _ if rave_k > 0.0 && rave_n > 0.0 => {
                let (rn, k) = (rave_n, rave_k);
                (wins * (k + rn) + rave_w * k) / (k * (rn + n) + rn * n)
            }
            _ if n > 0.0 => wins / n,
            _ => 1.0,
        };
        self.key.store(key.to_bits(), RELAXED);
    }

    /// The statistics now.
    pub fn stats(&self) -> Stats<S> {
        let (visits, wins) = self.record();
        Stats {
            step: self.step,
            visits,
            wins,
            proven: self.proven(),
            value: get_f32(&self.key),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Node;
    use stones_core::Colour;

    #[test]
    fn a_prior_counts_as_real_visits_or_as_amaf_ones_never_in_what_is_read_out() {
        // 10 prior visits worth 0.8: 8 wins.
        let real = Node::new(Some(0u8), Colour::Black, (0.8, 10.0), true);
        let amaf = Node::new(Some(0u8), Colour::Black, (0.8, 10.0), false);
        for n in [&real, &amaf] {
            n.refresh(600.0, true);
            assert_eq!(n.key_spread().0, 0.8, "unvisited: the prior's value");
        }
        // Two real losses: as real visits the prior still weighs 10 to 2, whatever RAVE says.
        for n in [&real, &amaf] {
            n.add_result(0, false);
            n.add_result(0, false);
            n.refresh(600.0, true);
            assert_eq!(
                (n.visits(), n.wins()),
                (2, 0.0),
                "the prior is not read out"
            );
        }
        assert_eq!(real.key_spread().0, 8.0 / 12.0);
        // As AMAF visits the prior is RAVE's: beta = 10 / (10 + 2 + 10 * 2 / 600).
        let beta = 10.0 / (12.0 + 20.0 / 600.0);
        assert!((amaf.key_spread().0 - beta * 0.8).abs() < 1e-6);
        // With RAVE off the AMAF statistics (and a prior kept there) are ignored; one among the
        // real visits stays.
        real.refresh(0.0, false);
        amaf.refresh(0.0, false);
        assert_eq!(
            (real.key_spread().0, amaf.key_spread().0),
            (8.0 / 12.0, 0.0)
        );
    }
}
