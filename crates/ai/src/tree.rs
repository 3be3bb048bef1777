//! One search tree: an arena of nodes, one placement per level, with UCT-RAVE selection, playouts on
//! the game's fast path, AMAF and solver back-up, and re-rooting for tree reuse.

use crate::options::SearchOptions;
use stones_core::{Colour, Point, Rng, SearchGame, Status, Trail};

/// A node: the step that led here and what the search learnt of it.
#[derive(Clone, Debug)]
pub(crate) struct Node<S> {
    /// The step that led here (`None` at the root).
    pub step: Option<S>,
    /// Who took the step.
    pub player: Colour,
    /// +1: a proven win for `player`; -1: a proven loss; 0: not proven.
    pub proven: i8,
    pub expanded: bool,
    /// The children are every step that may help ([`SearchGame::steps_whole`]): only then do they
    /// prove the node lost when they all lose.
    whole: bool,
    /// The children: `first..first + count` in the arena.
    pub first: u32,
    pub count: u32,
    pub visits: u32,
    /// Wins for `player` (a draw counts half).
    pub wins: f32,
    pub rave_n: f32,
    pub rave_w: f32,
    /// The position's hash once the step completes a turn (0: not known, or inside a turn).
    pub hash: u64,
    /// The selection value without its exploration term: the UCT-RAVE mix of the win rate and the
    /// AMAF rate; +infinity for a proven win, -[`PROVEN`] for a proven loss. Kept up to date whenever
    /// the statistics change, so that selection reads it instead of working it out for every child.
    key: f32,
    /// `1 / sqrt(visits + 1)`: the exploration term is this times the parent's
    /// `explore * sqrt(ln(visits + 1))`.
    spread: f32,
}

/// Minus the key of a proven loss: chosen only when nothing else is left (no exploration bonus
/// lifts it).
const PROVEN: f32 = 1e30;

impl<S> Node<S> {
    fn new(step: Option<S>, player: Colour) -> Node<S> {
        Node {
            step,
            player,
            proven: 0,
            expanded: false,
            whole: false,
            first: 0,
            count: 0,
            visits: 0,
            wins: 0.0,
            rave_n: 0.0,
            rave_w: 0.0,
            hash: 0,
            key: 1.0,
            spread: 1.0,
        }
    }

    /// Works out `key` again after the statistics changed (`rave_k`: RAVE's equivalence parameter,
    /// 0 for none), and `spread` when the visits did (`visited`).
    ///
    /// The mix is `(1 - beta) q + beta r` with `q = wins / visits` (1 when unvisited: try every child
    /// once), `r = rave_w / rave_n` and `beta = rave_n / (rave_n + visits + rave_n visits / k)`;
    /// multiplied out it takes one division: `(wins (k + rave_n) + rave_w k) / (k (rave_n + visits)
    /// + rave_n visits)`.
    #[inline]
    fn refresh(&mut self, rave_k: f32, visited: bool) {
        let n = self.visits as f32;
        if visited {
            self.spread = 1.0 / (n + 1.0).sqrt();
        }
        self.key = match self.proven {
            1 => f32::INFINITY,
            -1 => -PROVEN,
            _ if rave_k > 0.0 && self.rave_n > 0.0 => {
                let (rn, k) = (self.rave_n, rave_k);
                (self.wins * (k + rn) + self.rave_w * k) / (k * (rn + n) + rn * n)
            }
            _ if n > 0.0 => self.wins / n,
            _ => 1.0,
        };
    }

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

/// What one playout ended with, for the back-up.
struct Outcome {
    winner: Option<Colour>,
    /// Whether the board at the end is a real final board (false when a proof cut the playout short).
    board_final: bool,
}

/// One tree over positions of `G`, rooted at a turn boundary.
///
/// Aligned to two cache lines: the search keeps its threads' trees side by side in one `Vec`, and
/// a playout writes to its tree's own fields all the time (the random generator at every draw, the
/// path, the trail's length), so two trees must never share a line (or the pair of lines a core
/// fetches together), else each thread's writes evict the other's reads, a cost that depends on
/// how a game's types happen to lay the struct out.
#[repr(align(128))]
pub(crate) struct Tree<G: SearchGame> {
    pub nodes: Vec<Node<G::Step>>,
    pub root: G,
    pub rng: Rng,
    max_nodes: usize,
    /// An expansion found the arena full: no more are tried (each would list a position's steps
    /// for nothing, once a playout) until the arena is rebuilt.
    full: bool,
    /// Nodes made since this tree was started (tree reuse keeps counting).
    pub created: u64,
    /// Per point: Black ownership summed over playouts (+1 Black, -1 White).
    pub ownership: Vec<f32>,
    /// Playouts summed into `ownership` (those that reached a final board).
    pub owned: u64,
    pub playouts: u64,
    /// The game's RAVE equivalence parameter ([`SearchGame::rave_equivalence`] of the root).
    rave_k: f32,
    /// The game's exploration constant ([`SearchGame::exploration`] of the root), where the options
    /// set none.
    explore: f32,
    // Scratch, reused by every playout.
    path: Vec<u32>,
    pending: Vec<G::Step>,
    steps: Vec<G::Step>,
    /// Per point, who holds it at the end of a playout, as [`Trail::code`].
    owner: Vec<u8>,
    trail: Trail,
    /// The playouts' game, refreshed from `root` with `clone_from` (no allocation per playout).
    scratch: Option<G>,
}

/// Bytes one node takes in the arena.
pub(crate) fn node_bytes<G: SearchGame>() -> usize {
    std::mem::size_of::<Node<G::Step>>()
}

impl<G: SearchGame> Tree<G> {
    /// A fresh tree at `root` (a turn boundary).
    pub fn new(root: &G, rng: Rng, max_nodes: usize) -> Tree<G> {
        let points = root.topology().len();
        let mut nodes = Vec::with_capacity(max_nodes.min(1 << 16));
        nodes.push(Node::new(None, root.to_move().opponent()));
        Tree {
            nodes,
            root: root.search_copy(),
            rng,
            max_nodes: max_nodes.max(2),
            full: false,
            created: 1,
            ownership: vec![0.0; points],
            owned: 0,
            playouts: 0,
            rave_k: root.rave_equivalence(),
            explore: root.exploration(),
            path: Vec::new(),
            pending: Vec::new(),
            steps: Vec::new(),
            owner: vec![0; points],
            trail: Trail::new(points),
            scratch: None,
        }
    }

    /// Moves the root to the node whose position is `game` (found by hash among the turn boundaries
    /// within a few levels), keeping its subtree; false (nothing changed) when there is none.
    pub fn reroot(&mut self, game: &G) -> bool {
        let want = game.hash();
        let mut level = vec![0u32];
        for _ in 0..6 {
            let mut next = Vec::new();
            for &n in &level {
                let node = &self.nodes[n as usize];
                for c in node.first..node.first + node.count {
                    let child = &self.nodes[c as usize];
                    if child.hash == want && child.hash != 0 {
                        self.keep_subtree(c);
                        self.root = game.search_copy();
                        self.ownership.iter_mut().for_each(|v| *v = 0.0);
                        self.owned = 0;
                        self.playouts = 0;
                        return true;
                    }
                    if child.expanded {
                        next.push(c);
                    }
                }
            }
            level = next;
        }
        false
    }

    /// Rebuilds the arena with `keep` as the root and only its descendants.
    fn keep_subtree(&mut self, keep: u32) {
        let mut out: Vec<Node<G::Step>> = Vec::new();
        let mut root = self.nodes[keep as usize].clone();
        root.step = None;
        out.push(root);
        // Breadth first: each kept node's children are copied as one block, keeping them contiguous.
        let mut i = 0;
        while i < out.len() {
            let (first, count) = (out[i].first, out[i].count);
            if out[i].expanded {
                out[i].first = out.len() as u32;
                for c in first..first + count {
                    out.push(self.nodes[c as usize].clone());
                }
            }
            i += 1;
        }
        self.nodes = out;
        self.full = false;
    }

    /// Searches only `steps` at the root (the game's [`SearchGame::presearch`] said the others lose):
    /// the other children are marked proven losses when the root already has every one of `steps`,
    /// else the tree starts again with exactly `steps` under its root.
    pub fn restrict_root(&mut self, game: &G, steps: &[G::Step]) {
        let root = &self.nodes[0];
        let children = root.first as usize..(root.first + root.count) as usize;
        let has = |s: &G::Step| {
            self.nodes[children.clone()]
                .iter()
                .any(|c| c.step == Some(*s))
        };
        if root.expanded && steps.iter().all(has) {
            self.nodes[0].whole = true;
            for c in children {
                let n = &mut self.nodes[c];
                if n.proven != 1 && !n.step.is_some_and(|s| steps.contains(&s)) {
                    n.proven = -1;
                    n.refresh(self.rave_k, false);
                }
            }
            return;
        }
        let player = self.nodes[0].player;
        self.full = false;
        self.nodes.truncate(1);
        self.nodes[0] = Node::new(None, player);
        self.pending.clear();
        self.steps.clear();
        self.steps.extend_from_slice(steps);
        self.add_children(0, game, true);
    }

    /// Visits the root has (after a reroot, those it kept from the last search).
    pub fn root_visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// Whether the root is decided (its player to move has a proven win or loss).
    pub fn solved(&self) -> bool {
        self.nodes[0].proven != 0
    }

    /// One playout: down the tree, a new leaf, the game's rollout, and the back-up.
    pub fn simulate(&mut self, opts: &SearchOptions) {
        let mut game = match self.scratch.take() {
            Some(mut g) => {
                g.clone_from(&self.root);
                g
            }
            None => self.root.search_copy(),
        };
        self.path.clear();
        self.path.push(0);
        self.pending.clear();
        self.trail.clear();
        let mut node = 0usize;
        let mut decided: Option<Outcome> = None;
        loop {
            if !self.nodes[node].expanded {
                let eager = node == 0;
                if !eager && self.nodes[node].visits < opts.expand_after {
                    break;
                }
                if !self.expand(node, &game) {
                    break;
                }
            }
            if self.nodes[node].count == 0 {
                break;
            }
            let child = self.select(node, opts.explore.unwrap_or(self.explore));
            self.path.push(child as u32);
            let n = &self.nodes[child];
            if n.proven != 0 {
                let winner = if n.proven > 0 {
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
                self.nodes[child].hash = game.hash();
                match game.status() {
                    Status::Ongoing => {}
                    Status::Over(outcome) => {
                        let n = &mut self.nodes[child];
                        n.proven = match outcome.winner {
                            Some(w) if w == n.player => 1,
                            Some(_) => -1,
                            None => 0,
                        };
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
        self.back_up(&result);
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

    /// Makes the children of `node` (position `game`, with `self.pending` chosen this turn); false when
    /// the arena is full.
    fn expand(&mut self, node: usize, game: &G) -> bool {
        if self.full {
            return false;
        }
        let whole = game.steps_whole(&self.pending, &mut self.steps);
        self.add_children(node, game, whole)
    }

    /// Makes `self.steps` the children of `node` (position `game`; `whole`: they are every step that
    /// may help); false when the arena is full.
    fn add_children(&mut self, node: usize, game: &G, whole: bool) -> bool {
        let needed = self.nodes.len() + self.steps.len();
        if needed > self.max_nodes {
            self.full = true;
            return false;
        }
        if needed > self.nodes.capacity() {
            // Grow by doubling, but never past the cap (reserve_exact: no hidden slack).
            let target = (2 * self.nodes.capacity()).clamp(needed, self.max_nodes);
            self.nodes.reserve_exact(target - self.nodes.len());
        }
        let player = game.to_move();
        let first = self.nodes.len() as u32;
        for &s in &self.steps {
            let mut child = Node::new(Some(s), player);
            let (value, weight) = game.prior(&self.pending, s);
            child.rave_n = weight;
            child.rave_w = weight * value;
            child.refresh(self.rave_k, false);
            self.nodes.push(child);
        }
        let n = &mut self.nodes[node];
        n.first = first;
        n.count = self.steps.len() as u32;
        n.expanded = true;
        n.whole = whole;
        self.created += self.steps.len() as u64;
        true
    }

    /// The child to follow: the best UCT-RAVE value (a proven win at once, proven losses last).
    fn select(&mut self, node: usize, explore: f32) -> usize {
        let n = &self.nodes[node];
        let scale = explore * ((n.visits + 1) as f32).ln().sqrt();
        let (first, count) = (n.first as usize, n.count as usize);
        // A random offset breaks ties among equal values without favouring low indices (two ranges,
        // not a remainder per child: this loop is the tree's hottest).
        let offset = first + self.rng.below(count);
        let mut best = offset;
        let mut best_value = f32::NEG_INFINITY;
        for range in [offset..first + count, first..offset] {
            for (i, c) in self.nodes[range.clone()].iter().enumerate() {
                let value = c.key + scale * c.spread;
                if value > best_value {
                    best_value = value;
                    best = range.start + i;
                }
            }
        }
        best
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

    /// Adds the playout's result along the path, AMAF statistics to the siblings whose point the
    /// same player played first (from the trail, else the final board), and proofs upwards.
    fn back_up(&mut self, result: &Outcome) {
        let reward = |player: Colour| match result.winner {
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let rave_k = self.rave_k;
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.wins += reward(node.player);
            let (first, count) = (node.first as usize, node.count as usize);
            if !result.board_final || count == 0 {
                continue;
            }
            // Siblings share their player, hence the reward and whom the trail must name.
            let children = &mut self.nodes[first..first + count];
            let player = children[0].player;
            let won = reward(player);
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
                    child.rave_n += 1.0;
                    child.rave_w += won;
                    child.refresh(rave_k, false);
                }
            }
        }
        for &n in &self.path {
            self.nodes[n as usize].refresh(rave_k, true);
        }
        for k in (0..self.path.len()).rev() {
            if !self.prove(self.path[k] as usize) {
                break;
            }
            self.nodes[self.path[k] as usize].refresh(rave_k, false);
        }
    }

    /// Settles `node` from its children when they decide it; true when it is (now) proven.
    fn prove(&mut self, node: usize) -> bool {
        let n = &self.nodes[node];
        if n.proven != 0 {
            return true;
        }
        if !n.expanded || n.count == 0 {
            return false;
        }
        let children = &self.nodes[n.first as usize..(n.first + n.count) as usize];
        let mover = children[0].player;
        let verdict = if children.iter().any(|c| c.proven == 1) {
            1
        } else if n.whole && children.iter().all(|c| c.proven == -1) {
            -1
        } else {
            return false;
        };
        let n = &mut self.nodes[node];
        n.proven = if n.player == mover { verdict } else { -verdict };
        true
    }

    /// The children of `node` with their statistics.
    pub fn children(&self, node: usize) -> &[Node<G::Step>] {
        let n = &self.nodes[node];
        if !n.expanded {
            return &[];
        }
        &self.nodes[n.first as usize..(n.first + n.count) as usize]
    }

    /// The child of `node` that took `step`, if expanded.
    pub fn child_with(&self, node: usize, step: G::Step) -> Option<usize> {
        let n = &self.nodes[node];
        if !n.expanded {
            return None;
        }
        (n.first as usize..(n.first + n.count) as usize).find(|&i| self.nodes[i].step == Some(step))
    }
}
