//! The search tree every search thread shares: an arena of nodes, one placement per level, grown
//! without locks (a node's children are made by the one thread that claims it), and re-rooted for
//! tree reuse between searches.

use crate::arena::Arena;
use crate::node::{Node, Stats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use stones_core::SearchGame;

/// One tree over positions of `G`, rooted at a turn boundary; shared by reference while threads
/// search it, changed through `&mut` only between searches.
pub(crate) struct Tree<G: SearchGame> {
    nodes: Arena<Node<G::Step>>,
    /// The position at the root.
    pub root: G,
    /// An expansion found the arena full: no more are tried (each would list a position's steps
    /// for nothing, once a playout) until the arena is rebuilt.
    full: AtomicBool,
    /// Nodes made since this tree was started (tree reuse keeps counting).
    created: AtomicU64,
    /// The RAVE equivalence parameter: the options' `rave=`, else the game's
    /// ([`SearchGame::rave_equivalence`] of the root); set by each search.
    pub rave_k: f32,
    /// The game's exploration constant ([`SearchGame::exploration`] of the root), where the options
    /// set none.
    pub explore: f32,
    /// The priors count as real visits, not as AMAF ones: the options' `priors=`, else the game's
    /// ([`SearchGame::priors_as_visits`] of the root); set by each search.
    pub priors_as_visits: bool,
    /// Every move at the root lets the opponent swap (Hex's first move under the swap rule): a
    /// root child is worth the less of its value and the swapped one ([`swap_capped`]). Set by
    /// each search for its root.
    pub swap_next: bool,
}

/// What a first move is worth to its player when the opponent may swap it next: the less of its
/// value `key` and the swapped one (`1 - key`), since the opponent takes whichever is better for
/// them. A child not yet visited (`spread` 1) keeps its key, so that each is tried once; a proven
/// win is worth nothing (the opponent swaps it), a proven loss stays one.
#[inline]
pub(crate) fn swap_capped(key: f32, spread: f32) -> f32 {
    match key {
        f32::INFINITY => 0.0,
        k if spread >= 1.0 || k < 0.0 => k,
        k => k.min(1.0 - k),
    }
}

/// Bytes one node takes in the arena.
pub(crate) fn node_bytes<G: SearchGame>() -> usize {
    std::mem::size_of::<Node<G::Step>>()
}

impl<G: SearchGame> Tree<G> {
    /// A fresh tree at `root` (a turn boundary), of at most `max_nodes` nodes.
    pub fn new(root: &G, max_nodes: usize) -> Tree<G> {
        let nodes = Arena::new(max_nodes.max(2));
        let player = root.to_move().opponent();
        nodes.add_block(1, |_| Node::new(None, player, (0.0, 0.0), false));
        Tree {
            nodes,
            root: root.search_copy(),
            full: AtomicBool::new(false),
            created: AtomicU64::new(1),
            rave_k: root.rave_equivalence(),
            explore: root.exploration(),
            priors_as_visits: root.priors_as_visits(),
            swap_next: false,
        }
    }

    /// The node at `i`: the root (0) or a child of a node made earlier.
    #[inline]
    pub fn node(&self, i: usize) -> &Node<G::Step> {
        // SAFETY: every index the tree hands out is 0 (written in `new` or `keep_subtree`) or in a
        // children range read through `Node::children`, whose acquiring load saw it published.
        unsafe { self.nodes.get(i) }
    }

    /// The nodes in `range`: the children of one node, read through [`Node::children`].
    #[inline]
    pub fn block(&self, range: std::ops::Range<usize>) -> &[Node<G::Step>] {
        // SAFETY: as in `node`: a children range is one published block.
        unsafe { self.nodes.block(range.start, range.len()) }
    }

    /// The visits of the root's two most visited children not proven lost, the most first (0 for
    /// one missing): how far the move the search would choose now leads.
    pub fn root_lead(&self) -> (u32, u32) {
        let children = self.node(0).children().unwrap_or_default();
        let mut lead = (0, 0);
        for child in self.block(children).iter().filter(|c| c.proven() != -1) {
            match child.visits() {
                v if v > lead.0 => lead = (v, lead.0),
                v => lead.1 = lead.1.max(v),
            }
        }
        lead
    }

    /// Nodes made since this tree was started.
    pub fn created(&self) -> u64 {
        self.created.load(Ordering::Relaxed)
    }

    /// Moves the root to the node whose position is `game` (found by hash among the turn boundaries
    /// within a few levels), keeping its subtree; false (nothing changed) when there is none.
    pub fn reroot(&mut self, game: &G) -> bool {
        let want = game.hash();
        let mut level = vec![0usize];
        for _ in 0..6 {
            let mut next = Vec::new();
            for &n in &level {
                for c in self.node(n).children().unwrap_or_default() {
                    let child = self.node(c);
                    if child.hash() == want && want != 0 {
                        self.keep_subtree(c);
                        self.root = game.search_copy();
                        return true;
                    }
                    if child.expanded() {
                        next.push(c);
                    }
                }
            }
            level = next;
        }
        false
    }

    /// Rebuilds the arena with `keep` as the root and only its descendants.
    fn keep_subtree(&mut self, keep: usize) {
        let out = Arena::new(self.nodes.capacity());
        out.add_block(1, |_| self.node(keep).copy(None));
        // Breadth first: each kept node's children are copied as one block, keeping them contiguous;
        // the queue pairs each kept node's old index with its new one.
        let mut queue = vec![(keep, 0usize)];
        let mut k = 0;
        while k < queue.len() {
            let (old, new) = queue[k];
            k += 1;
            let Some(range) = self.node(old).children() else {
                continue;
            };
            let made = out.add_block(range.len(), |i| {
                let c = self.node(range.start + i);
                c.copy(c.step)
            });
            // SAFETY: `out` is this thread's alone, and `new` was written before it was queued.
            let parent = unsafe { out.get(new) };
            // A subtree laid out anew may leave more of its chunks' ends unused than the old tree
            // did: a block that no longer fits leaves its parent a leaf.
            let Some(first) = made else {
                parent.unclaim();
                continue;
            };
            parent.publish(first, range.len(), self.node(old).whole());
            for i in 0..range.len() {
                queue.push((range.start + i, first + i));
            }
        }
        self.nodes = out;
        self.full = AtomicBool::new(false);
    }

    /// Searches only `steps` at the root (the game's [`SearchGame::presearch`] said the others lose):
    /// the other children are marked proven losses when the root already has every one of `steps`,
    /// else the tree starts again with exactly `steps` under its root.
    pub fn restrict_root(&mut self, game: &G, steps: &[G::Step]) {
        let root = self.node(0);
        if let Some(children) = root.children() {
            let kids = self.block(children);
            if steps
                .iter()
                .all(|s| kids.iter().any(|c| c.step == Some(*s)))
            {
                root.set_whole();
                for n in kids {
                    if n.proven() != 1 && !n.step.is_some_and(|s| steps.contains(&s)) {
                        n.force_loss();
                        n.refresh(self.rave_k, false);
                    }
                }
                return;
            }
        }
        let player = root.player;
        *self.full.get_mut() = false;
        self.nodes = Arena::new(self.nodes.capacity());
        self.nodes
            .add_block(1, |_| Node::new(None, player, (0.0, 0.0), false));
        self.node(0).claim();
        self.add_children(0, game, (&[], steps), true, &mut Vec::new());
    }

    /// Makes the root's children now, unless it has them: called before the search threads start,
    /// so that no playout runs from a childless root while one thread makes them (slow when a
    /// game's priors build their tables on first use) and every playout goes through a child.
    pub fn expand_root(&self, game: &G) {
        if self.node(0).claim() == Some(true) {
            let mut steps = Vec::new();
            let whole = game.steps_whole(&[], &mut steps);
            self.add_children(0, game, (&[], &steps), whole, &mut Vec::new());
        }
    }

    /// Visits the root has (after a reroot, those it kept from the last search).
    pub fn root_visits(&self) -> u32 {
        self.node(0).visits()
    }

    /// Whether the root is decided (its player to move has a proven win or loss).
    pub fn solved(&self) -> bool {
        self.node(0).proven() != 0
    }

    /// Whether an expansion found the arena full.
    pub fn full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// Makes `steps` the children of `node` (position `game`, with `pending` chosen this turn;
    /// `whole`: they are every step that may help), which this thread has claimed
    /// ([`Node::claim`]); false, the claim given back, when the arena is full. `priors` is scratch
    /// for the game's priors.
    pub fn add_children(
        &self,
        node: usize,
        game: &G,
        (pending, steps): (&[G::Step], &[G::Step]),
        whole: bool,
        priors: &mut Vec<(f32, f32)>,
    ) -> bool {
        let player = game.to_move();
        game.priors(pending, steps, priors);
        let made = self.nodes.add_block(steps.len(), |i| {
            let child = Node::new(Some(steps[i]), player, priors[i], self.priors_as_visits);
            child.refresh(self.rave_k, false);
            child
        });
        let n = self.node(node);
        let Some(first) = made else {
            self.full.store(true, Ordering::Relaxed);
            n.unclaim();
            return false;
        };
        n.publish(first, steps.len(), whole);
        self.created
            .fetch_add(steps.len() as u64, Ordering::Relaxed);
        true
    }

    /// Settles `node` from its children when they decide it; true when it is (now) proven.
    pub fn prove(&self, node: usize) -> bool {
        let n = self.node(node);
        if n.proven() != 0 {
            return true;
        }
        let Some(range) = n.children().filter(|r| !r.is_empty()) else {
            return false;
        };
        let children = self.block(range);
        let mover = children[0].player;
        let verdict = if children.iter().any(|c| c.proven() == 1) {
            1
        } else if n.whole() && children.iter().all(|c| c.proven() == -1) {
            -1
        } else {
            return false;
        };
        n.prove(if n.player == mover { verdict } else { -verdict });
        true
    }

    /// The statistics of the children of `node` (none for a leaf).
    pub fn children(&self, node: usize) -> Vec<Stats<G::Step>> {
        let range = self.node(node).children().unwrap_or_default();
        self.block(range).iter().map(Node::stats).collect()
    }

    /// The child of `node` that took `step`, if expanded.
    pub fn child_with(&self, node: usize, step: G::Step) -> Option<usize> {
        let range = self.node(node).children()?;
        let start = range.start;
        self.block(range)
            .iter()
            .position(|c| c.step == Some(step))
            .map(|i| start + i)
    }
}

#[cfg(test)]
mod tests {
    use super::swap_capped;

    #[test]
    fn a_first_move_under_the_swap_is_worth_the_less_of_its_value_and_the_swapped_one() {
        // Visited (spread under 1): capped at even, from either side.
        assert_eq!(swap_capped(0.7, 0.1), 1.0 - 0.7);
        assert_eq!(swap_capped(0.3, 0.1), 0.3);
        assert_eq!(swap_capped(0.5, 0.1), 0.5);
        // Unvisited: its key (1, try it once) kept; a proven win is the opponent's after the
        // swap, a proven loss stays one.
        assert_eq!(swap_capped(1.0, 1.0), 1.0);
        assert_eq!(swap_capped(f32::INFINITY, 0.5), 0.0);
        assert_eq!(swap_capped(-2.0, 0.5), -2.0);
    }
}
