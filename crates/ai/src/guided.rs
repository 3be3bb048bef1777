//! The search guided by an evaluator, AlphaZero's way: no playouts; each new leaf gets priors over
//! its steps and a value from the evaluator (a network, say), asked for a batch of leaves at a time;
//! the tree picks steps by PUCT (`Q + c · P · √N / (1 + n)`) and backs the leaves' values up.
//!
//! The leaves of a batch are gathered with virtual loss (a step on the way counts as visited and
//! lost until its leaf's value comes back), so that they differ. Like the playout search it takes
//! one placement per tree level, and the player to move is the game's (a turn of two stones is two
//! levels by the same player). The evaluator never sees a finished game: a won, lost or drawn leaf
//! is valued by its result.

use std::time::{Duration, Instant};
use stones_core::{Colour, SearchGame, Status};

/// A position the evaluator is asked about: the game, the steps already chosen this turn, and the
/// steps it may take next (the priors are given in this order).
pub struct Leaf<G: SearchGame> {
    pub game: G,
    pub pending: Vec<G::Step>,
    pub steps: Vec<G::Step>,
}

/// What the evaluator says of a leaf: a prior per step (any non-negative weights: they are
/// normalised) and the value for the player to move, from 0 (lost) to 1 (won).
pub struct Judgement {
    pub priors: Vec<f32>,
    pub value: f32,
}

/// How the guided search runs.
#[derive(Clone, Debug)]
pub struct GuidedOptions {
    /// Leaves evaluated in all.
    pub evaluations: u64,
    /// No new batch is gathered past this long (`None`: no time limit).
    pub time: Option<Duration>,
    /// Leaves gathered before each call of the evaluator.
    pub batch: usize,
    /// PUCT's exploration constant.
    pub c_puct: f32,
}

impl Default for GuidedOptions {
    fn default() -> Self {
        GuidedOptions {
            evaluations: 800,
            time: None,
            batch: 8,
            c_puct: 1.5,
        }
    }
}

/// What the guided search found at the root.
pub struct Guided<S> {
    /// The most visited step (`None` when nothing can be played).
    pub step: Option<S>,
    /// Each root step with its visits.
    pub visits: Vec<(S, u64)>,
    /// The player to move's mean value over the search, 0–1.
    pub value: f32,
    /// Leaves evaluated.
    pub evaluations: u64,
}

struct Node<S> {
    step: Option<S>,
    /// Who took the step into this node (whose value `wins` counts).
    mover: Colour,
    prior: f32,
    visits: u32,
    wins: f32,
    first: u32,
    count: u32,
    expanded: bool,
    /// The result for `mover` when the game is over here.
    terminal: Option<f32>,
}

impl<S> Node<S> {
    /// A node not yet visited nor expanded.
    fn new(step: Option<S>, mover: Colour, prior: f32) -> Node<S> {
        Node {
            step,
            mover,
            prior,
            visits: 0,
            wins: 0.0,
            first: 0,
            count: 0,
            expanded: false,
            terminal: None,
        }
    }
}

/// Searches `game` (with `pending` steps of the turn already chosen), asking `evaluate` about
/// batches of leaves. An error of the evaluator ends the search with it.
pub fn search<G: SearchGame, E>(
    game: &G,
    pending: &[G::Step],
    options: &GuidedOptions,
    mut evaluate: E,
) -> Result<Guided<G::Step>, String>
where
    E: FnMut(&[Leaf<G>]) -> Result<Vec<Judgement>, String>,
{
    let none = Guided {
        step: None,
        visits: Vec::new(),
        value: 0.5,
        evaluations: 0,
    };
    if game.status() != Status::Ongoing {
        return Ok(none);
    }
    let to_move = game.to_move();
    let mut nodes = vec![Node::new(None, to_move.opponent(), 1.0)];
    let mut done = 0u64;
    let batch = options.batch.max(1);
    let deadline = options.time.map(|t| Instant::now() + t);
    while done < options.evaluations.max(1) && deadline.is_none_or(|d| Instant::now() < d) {
        let mut leaves: Vec<Leaf<G>> = Vec::with_capacity(batch);
        let mut paths: Vec<Vec<usize>> = Vec::with_capacity(batch);
        while leaves.len() < batch && done + (leaves.len() as u64) < options.evaluations.max(1) {
            let (path, leaf) = descend(&mut nodes, game, pending, options.c_puct);
            let last = *path.last().expect("the root");
            if let Some(value) = nodes[last].terminal {
                let mover = nodes[last].mover;
                back_up(&mut nodes, &path, mover, value);
                done += 1;
                continue;
            }
            let leaf = leaf.expect("a leaf not over");
            // A leaf already waiting for its value: evaluate what there is first.
            if paths.iter().any(|p| p.last() == Some(&last)) {
                undo_virtual(&mut nodes, &path);
                break;
            }
            if leaf.steps.is_empty() {
                // Nothing to play but not over (cannot happen in a sound game): a draw.
                nodes[last].terminal = Some(0.5);
                let mover = nodes[last].mover;
                back_up(&mut nodes, &path, mover, 0.5);
                done += 1;
                continue;
            }
            leaves.push(leaf);
            paths.push(path);
        }
        if leaves.is_empty() {
            continue;
        }
        let judged = evaluate(&leaves)?;
        if judged.len() != leaves.len() {
            return Err(format!(
                "the evaluator judged {} leaves of {}",
                judged.len(),
                leaves.len()
            ));
        }
        for ((leaf, path), j) in leaves.into_iter().zip(&paths).zip(judged) {
            let last = *path.last().expect("the root");
            expand(&mut nodes, last, &leaf, &j.priors)?;
            let value = j.value.clamp(0.0, 1.0);
            let to_move_here = leaf.game.to_move();
            back_up(&mut nodes, path, to_move_here, value);
            done += 1;
        }
    }
    let root = &nodes[0];
    let children = &nodes[root.first as usize..(root.first + root.count) as usize];
    let visits: Vec<(G::Step, u64)> = children
        .iter()
        .filter_map(|c| Some((c.step?, u64::from(c.visits))))
        .collect();
    let step = children
        .iter()
        .max_by(|a, b| {
            (a.visits, a.prior)
                .partial_cmp(&(b.visits, b.prior))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .and_then(|c| c.step);
    let (w, n) = children
        .iter()
        .fold((0.0, 0u32), |(w, n), c| (w + c.wins, n + c.visits));
    Ok(Guided {
        step,
        visits,
        value: if n == 0 { 0.5 } else { w / n as f32 },
        evaluations: done,
    })
}

/// Walks down by PUCT from the root to a node not yet expanded, adding a virtual loss on the way:
/// the path, and the leaf to evaluate (`None` when the game is over there).
fn descend<G: SearchGame>(
    nodes: &mut [Node<G::Step>],
    root: &G,
    pending: &[G::Step],
    c_puct: f32,
) -> (Vec<usize>, Option<Leaf<G>>) {
    let mut game = root.search_copy();
    let mut turn: Vec<G::Step> = pending.to_vec();
    let mut path = vec![0];
    let mut at = 0;
    nodes[0].visits += 1;
    loop {
        if nodes[at].terminal.is_some() {
            return (path, None);
        }
        if !nodes[at].expanded {
            let over = match game.status() {
                Status::Ongoing => None,
                Status::Over(o) => Some(o.winner),
                Status::Scoring => Some(game.score().winner()),
            };
            if let Some(winner) = over {
                let mover = nodes[at].mover;
                let value = match winner {
                    Some(c) if c == mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                nodes[at].terminal = Some(value);
                return (path, None);
            }
            let mut steps = Vec::new();
            game.legal_steps(&turn, &mut steps);
            let leaf = Leaf {
                game,
                pending: turn,
                steps,
            };
            return (path, Some(leaf));
        }
        let parent_visits = nodes[at].visits as f32;
        let (first, count) = (nodes[at].first as usize, nodes[at].count as usize);
        let sqrt_n = parent_visits.sqrt();
        let best = (first..first + count)
            .max_by(|&a, &b| {
                let score = |i: usize| {
                    let c = &nodes[i];
                    let q = if c.visits == 0 {
                        0.5
                    } else {
                        c.wins / c.visits as f32
                    };
                    q + c_puct * c.prior * sqrt_n / (1.0 + c.visits as f32)
                };
                score(a)
                    .partial_cmp(&score(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .expect("an expanded node has children");
        // Virtual loss: visited, not (yet) won.
        nodes[best].visits += 1;
        path.push(best);
        let step = nodes[best].step.expect("a child took a step");
        turn.push(step);
        if let Some(mv) = game.complete(&turn) {
            game.play_fast(mv);
            turn.clear();
        }
        at = best;
    }
}

/// Gives node `at` its children, one per step of `leaf`, with the priors normalised.
fn expand<G: SearchGame>(
    nodes: &mut Vec<Node<G::Step>>,
    at: usize,
    leaf: &Leaf<G>,
    priors: &[f32],
) -> Result<(), String> {
    if nodes[at].expanded {
        return Ok(());
    }
    if priors.len() != leaf.steps.len() {
        return Err(format!(
            "the evaluator gave {} priors for {} steps",
            priors.len(),
            leaf.steps.len()
        ));
    }
    let clean: Vec<f32> = priors
        .iter()
        .map(|&p| if p.is_finite() && p > 0.0 { p } else { 0.0 })
        .collect();
    let sum: f32 = clean.iter().sum();
    let uniform = 1.0 / leaf.steps.len() as f32;
    let mover = leaf.game.to_move();
    nodes[at].first = nodes.len() as u32;
    nodes[at].count = leaf.steps.len() as u32;
    nodes[at].expanded = true;
    for (&step, &p) in leaf.steps.iter().zip(&clean) {
        let prior = if sum > 0.0 { p / sum } else { uniform };
        nodes.push(Node::new(Some(step), mover, prior));
    }
    Ok(())
}

/// Adds `value` (for `holder`) to every node of `path`, each for its mover. The visits were counted
/// on the way down (the virtual loss), so only the wins change.
fn back_up<S>(nodes: &mut [Node<S>], path: &[usize], holder: Colour, value: f32) {
    for &i in path {
        let n = &mut nodes[i];
        n.wins += if n.mover == holder {
            value
        } else {
            1.0 - value
        };
    }
}

/// Takes back the virtual loss of a path that is not evaluated after all.
fn undo_virtual<S>(nodes: &mut [Node<S>], path: &[usize]) {
    for &i in path {
        nodes[i].visits -= 1;
    }
}
