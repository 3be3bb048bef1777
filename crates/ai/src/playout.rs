//! One search thread's playouts through the shared tree: UCT-RAVE selection with virtual loss, a new
//! leaf, the game's rollout on its fast path, and the back-up of the result, the AMAF statistics and
//! the proofs.

use crate::options::SearchOptions;
use crate::tree::{swap_capped, Tree};
use stones_core::search::DEFAULT_EXPLORATION;
use stones_core::{Colour, Point, Rng, SearchGame, Status, Trail};

/// What one playout ended with, for the back-up.
struct Outcome {
    winner: Option<Colour>,
    /// Whether the board at the end is a real final board (false when a proof cut the playout short).
    board_final: bool,
}

/// A search thread's own state: its random generator, what its playouts owned, and scratch that
/// every playout reuses (nothing is allocated per playout).
///
/// Aligned to two cache lines: the search keeps its threads' workers side by side in one `Vec`, and
/// a playout writes to its worker all the time (the random generator at every draw, the path, the
/// trail's length), so two workers must never share a line (or the pair of lines a core fetches
/// together), else each thread's writes evict the other's reads.
#[repr(align(128))]
pub(crate) struct Worker<G: SearchGame> {
    pub rng: Rng,
    /// Per point: Black ownership summed over this search's playouts (+1 Black, -1 White).
    pub ownership: Vec<f32>,
    /// Playouts summed into `ownership` (those that reached a final board).
    pub owned: u64,
    /// Playouts this search.
    pub playouts: u64,
    /// Visits each playout adds to the nodes on its way down, before its result is known, so that
    /// the other threads look elsewhere (0 with one thread: a visit is then added on the way back).
    virtual_loss: u32,
    path: Vec<u32>,
    pending: Vec<G::Step>,
    steps: Vec<G::Step>,
    /// The priors of the steps of a node being made.
    priors: Vec<(f32, f32)>,
    /// Per point, who holds it at the end of a playout, as [`Trail::code`].
    owner: Vec<u8>,
    trail: Trail,
    /// The playouts' game, refreshed from the root with `clone_from` (no allocation per playout).
    scratch: Option<G>,
}

impl<G: SearchGame> Worker<G> {
    /// A worker for positions of `points` points.
    pub fn new(points: usize, rng: Rng) -> Worker<G> {
        Worker {
            rng,
            ownership: vec![0.0; points],
            owned: 0,
            playouts: 0,
            virtual_loss: 0,
            path: Vec::new(),
            pending: Vec::new(),
            steps: Vec::new(),
            priors: Vec::new(),
            owner: vec![0; points],
            trail: Trail::new(points),
            scratch: None,
        }
    }

    /// Gets ready for a new search by `threads` threads: no playouts, nothing owned.
    pub fn reset(&mut self, threads: usize) {
        self.ownership.iter_mut().for_each(|v| *v = 0.0);
        self.owned = 0;
        self.playouts = 0;
        self.virtual_loss = u32::from(threads > 1);
    }

    /// One playout: down the tree, a new leaf, the game's rollout, and the back-up.
    pub fn simulate(&mut self, tree: &Tree<G>, opts: &SearchOptions) {
        let mut game = match self.scratch.take() {
            Some(mut g) => {
                g.clone_from(&tree.root);
                g
            }
            None => tree.root.search_copy(),
        };
        let vl = self.virtual_loss;
        self.path.clear();
        self.path.push(0);
        self.pending.clear();
        self.trail.clear();
        if vl > 0 {
            tree.node(0).add_visit();
        }
        let explore = opts.explore.unwrap_or(tree.explore);
        let mut node = 0usize;
        let mut decided: Option<Outcome> = None;
        loop {
            let range = match tree.node(node).children() {
                Some(range) => range,
                None => {
                    let eager = node == 0;
                    if !eager && tree.node(node).visits() < opts.expand_after + vl {
                        break;
                    }
                    match self.expand(tree, node, &game) {
                        Some(range) => range,
                        None => break,
                    }
                }
            };
            if range.is_empty() {
                break;
            }
            let child = self.select(tree, node, range, explore);
            self.path.push(child as u32);
            let n = tree.node(child);
            if vl > 0 {
                n.add_visit();
                n.refresh(tree.rave_k, true);
            }
            if n.proven() != 0 {
                let winner = if n.proven() > 0 {
                    n.player
                } else {
                    n.player.opponent()
                };
                decided = Some(Outcome {
                    winner: Some(winner),
                    board_final: false,
                });
                break;
            }
            let step = n.step.expect("a child has a step");
            if let Some(p) = G::step_point(step) {
                self.trail.record(p, n.player);
            }
            self.pending.push(step);
            if let Some(mv) = game.complete(&self.pending) {
                game.play_fast(mv);
                self.pending.clear();
                n.set_hash(game.hash());
                match game.status() {
                    Status::Ongoing => {}
                    Status::Over(outcome) => {
                        match outcome.winner {
                            Some(w) if w == n.player => n.prove(1),
                            Some(_) => n.prove(-1),
                            None => {}
                        }
                        n.refresh(tree.rave_k, false);
                        decided = Some(Outcome {
                            winner: outcome.winner,
                            board_final: true,
                        });
                        break;
                    }
                    // Play has stopped before the dead-stone step: who owns what is found as the
                    // referee finds it, by playing on (dead stones get captured), not by counting
                    // every stone alive — else the search passes with dead stones on the board.
                    Status::Scoring => {
                        game = game.play_on();
                        break;
                    }
                }
            }
            node = child;
        }
        let result = match decided {
            Some(r) => r,
            None => self.rollout(&mut game),
        };
        // The final board is read for ownership when asked, and for AMAF when the rollout kept no trail.
        if result.board_final && (opts.ownership || !self.trail.recorded) {
            self.read_owners(&game, opts.ownership);
            self.owned += u64::from(opts.ownership);
        }
        self.back_up(tree, &result);
        self.playouts += 1;
        self.scratch = Some(game);
    }

    /// Finishes the turn under way with random steps, then plays the game out on its fast path.
    fn rollout(&mut self, game: &mut G) -> Outcome {
        while !self.pending.is_empty() {
            game.steps(&self.pending, &mut self.steps);
            if self.steps.is_empty() {
                break;
            }
            let s = self.steps[self.rng.below(self.steps.len())];
            if let Some(p) = G::step_point(s) {
                self.trail.record(p, game.to_move());
            }
            self.pending.push(s);
            if let Some(mv) = game.complete(&self.pending) {
                game.play_fast(mv);
                self.pending.clear();
            }
        }
        if matches!(game.status(), Status::Ongoing) {
            let cap = stones_core::move_cap(game.topology().len());
            game.rollout(&mut self.rng, cap, &mut self.trail);
        }
        Outcome {
            winner: game.rollout_winner(),
            board_final: true,
        }
    }

    /// Makes the children of `node` (position `game`, with `self.pending` chosen this turn) and
    /// returns their range; `None` when the arena is full or another thread is making them (the
    /// playout then goes on from `node` as from a leaf).
    fn expand(&mut self, tree: &Tree<G>, node: usize, game: &G) -> Option<std::ops::Range<usize>> {
        if tree.full() {
            return None;
        }
        let n = tree.node(node);
        if !n.claim()? {
            return n.children();
        }
        let whole = game.steps_whole(&self.pending, &mut self.steps);
        let steps = (&self.pending[..], &self.steps[..]);
        if !tree.add_children(node, game, steps, whole, &mut self.priors) {
            return None;
        }
        n.children()
    }

    /// The child of `node` to follow among `range`: the best UCT-RAVE value (a proven win at once,
    /// proven losses last).
    fn select(
        &mut self,
        tree: &Tree<G>,
        node: usize,
        range: std::ops::Range<usize>,
        explore: f32,
    ) -> usize {
        let capped = node == 0 && tree.swap_next;
        // A swap-capped first move is rated by the less of two estimates, its value and the
        // swapped one: the root then explores at least as much as the general default, or a game
        // that explores little (Hex) settles on an opening before it knows whether it is swapped.
        let explore = if capped {
            explore.max(DEFAULT_EXPLORATION)
        } else {
            explore
        };
        let scale = explore * ((tree.node(node).visits() + 1) as f32).ln().sqrt();
        let (first, count) = (range.start, range.len());
        let children = tree.block(range);
        // A random offset breaks ties among equal values without favouring low indices (two ranges,
        // not a remainder per child: this loop is the tree's hottest).
        let offset = self.rng.below(count);
        let mut best = offset;
        let mut best_value = f32::NEG_INFINITY;
        for part in [offset..count, 0..offset] {
            for (i, c) in children[part.clone()].iter().enumerate() {
                let (mut key, spread) = c.key_spread();
                if capped {
                    key = swap_capped(key, spread);
                }
                let value = key + scale * spread;
                if value > best_value {
                    best_value = value;
                    best = part.start + i;
                }
            }
        }
        first + best
    }

    /// Who holds each point at the end of a playout: the stone on it, or the one colour around an
    /// empty point. With `sum_ownership`, also adds to the ownership sums.
    fn read_owners(&mut self, game: &G, sum_ownership: bool) {
        let topo = game.topology();
        for p in topo.points() {
            let o = game.stone(p).or_else(|| {
                let mut around = topo.neighbours(p).iter().map(|&q| game.stone(Point(q)));
                let first = around.next().flatten()?;
                around.all(|s| s == Some(first)).then_some(first)
            });
            self.owner[p.idx()] = Trail::code(o);
            if sum_ownership {
                self.ownership[p.idx()] += match o {
                    Some(Colour::Black) => 1.0,
                    Some(Colour::White) => -1.0,
                    None => 0.0,
                };
            }
        }
    }

    /// Adds the playout's result along the path (its visits too, without virtual loss), AMAF
    /// statistics to the siblings whose point the same player played first (from the trail, else
    /// the final board), and proofs upwards.
    fn back_up(&mut self, tree: &Tree<G>, result: &Outcome) {
        let halves = |player: Colour| match result.winner {
            Some(w) if w == player => 2,
            Some(_) => 0,
            None => 1,
        };
        let rave_k = tree.rave_k;
        for &n in &self.path {
            let node = tree.node(n as usize);
            node.add_result(halves(node.player), self.virtual_loss > 0);
            let range = match node.children() {
                Some(r) if result.board_final && !r.is_empty() => r,
                _ => continue,
            };
            // Siblings share their player, hence the reward and whom the trail must name.
            let children = tree.block(range);
            let player = children[0].player;
            let won = halves(player) as f32 * 0.5;
            // Who played each point first, one byte per point ([`Trail::code`]): a load and a
            // compare per child.
            let firsts = match self.trail.recorded {
                true => self.trail.codes(),
                false => &self.owner[..],
            };
            let target = Trail::code(Some(player));
            for child in children {
                let Some(p) = child.step.and_then(G::step_point) else {
                    continue;
                };
                if firsts[p.idx()] == target {
                    child.add_rave(won);
                    child.refresh(rave_k, false);
                }
            }
        }
        for &n in &self.path {
            tree.node(n as usize).refresh(rave_k, true);
        }
        for k in (0..self.path.len()).rev() {
            if !tree.prove(self.path[k] as usize) {
                break;
            }
            tree.node(self.path[k] as usize).refresh(rave_k, false);
        }
    }
}
