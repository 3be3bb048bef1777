//! The search as a player: budgets, the threads sharing one tree, tree reuse, the chosen move and
//! what the search thought of it.

use crate::node::Stats;
use crate::options::{SearchOptions, RESIGN_MOVES};
use crate::playout::Worker;
use crate::tree::{node_bytes, Tree};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use stones_core::{Presearch, Rng, SearchGame, Status};

/// What the search found for one move.
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The move to play (`None` when the game is over).
    pub mv: Option<M>,
    /// The search advises resigning (its win rate stayed below the `resign` threshold).
    pub resign: bool,
    /// Playouts this move, all threads together.
    pub playouts: u64,
    /// Tree nodes made during this move.
    pub nodes: u64,
    /// Root visits kept from the previous move's tree (tree reuse).
    pub reused: u64,
    /// The estimated win rate of the player to move, 0–1: its best move's.
    pub win_rate: f32,
    /// The player to move's mean result over every playout of this search (0.5 with none): a
    /// steadier reading of the position than `win_rate`, which the best of noisy moves overrates.
    pub mean: f32,
    /// The line the search expects, the chosen move first.
    pub pv: Vec<M>,
    /// Whether the win rate is a proof (a won or lost position).
    pub proven: bool,
    pub elapsed: Duration,
    /// Per point, Black's ownership from -1 (White's) to 1 (Black's), over this move's playouts (all
    /// 0 unless `SearchOptions::ownership` is on or the game offered a closing move,
    /// `SearchGame::closing_move`).
    pub ownership: Vec<f32>,
}

impl<M> Thought<M> {
    /// [`summary_line`] of this thought, the expected line's moves named by `name`.
    pub fn summary(&self, name: impl Fn(&M) -> String) -> String {
        let pv: Vec<String> = self.pv.iter().map(name).collect();
        summary_line(
            self.playouts,
            self.elapsed,
            self.nodes,
            (self.win_rate, self.proven),
            &pv,
        )
    }
}

/// One line for people: `800 playouts in 0.4 s, 1200 nodes, win rate 62%, expects D4 C3 E5` (a
/// proven `win_rate` reads "a proven win" or "a proven loss").
pub fn summary_line(
    playouts: u64,
    elapsed: Duration,
    nodes: u64,
    (win_rate, proven): (f32, bool),
    pv: &[String],
) -> String {
    let rate = match (proven, win_rate > 0.5) {
        (true, true) => "a proven win".to_string(),
        (true, false) => "a proven loss".to_string(),
        (false, _) => format!("win rate {:.0}%", win_rate * 100.0),
    };
    format!(
        "{playouts} playouts in {:.1} s, {nodes} nodes, {rate}, expects {}",
        elapsed.as_secs_f64(),
        pv.join(" ")
    )
}

/// How a long think stands, for progress lines.
#[derive(Clone, Debug)]
pub struct Progress {
    pub playouts: u64,
    pub elapsed: Duration,
    pub win_rate: f32,
}

/// The search player: one tree that all its threads share, kept from move to move.
pub struct Mcts<G: SearchGame> {
    pub options: SearchOptions,
    tree: Option<Tree<G>>,
    /// One per thread, kept from move to move (their random generators go on).
    workers: Vec<Worker<G>>,
    /// Moves in a row whose win rate was under the resign threshold.
    low_moves: u32,
    /// The time earlier moves of this game left of their `average` (`SearchOptions::average`).
    spare: Duration,
    searches: u64,
    /// The clock the deadline is read from (`Instant::now`; tests put in one of their own).
    clock: fn() -> Instant,
    /// The first steps the next search may take ([`Mcts::think_after`]), overriding the game's own
    /// narrowing.
    first_steps: Option<Vec<G::Step>>,
}

impl<G: SearchGame> Mcts<G> {
    /// A search with these options.
    pub fn new(options: SearchOptions) -> Mcts<G> {
        Mcts {
            options,
            tree: None,
            workers: Vec::new(),
            low_moves: 0,
            spare: Duration::ZERO,
            searches: 0,
            clock: Instant::now,
            first_steps: None,
        }
    }

    /// Bytes one tree node takes (the memory cap counts these).
    pub fn node_bytes(&self) -> usize {
        node_bytes::<G>()
    }

    /// Forgets the tree (a new game, new rules).
    pub fn clear(&mut self) {
        self.tree = None;
        self.workers.clear();
        self.low_moves = 0;
        self.spare = Duration::ZERO;
    }

    /// The time this move may take: `time`, or with `average` that plus what earlier moves left of
    /// theirs, at most `time` (twice `average` without it).
    fn move_time(&self) -> Option<Duration> {
        match self.options.average {
            Some(average) => {
                let most = self.options.time.unwrap_or(average * 2);
                Some((average + self.spare).min(most))
            }
            None => self.options.time,
        }
    }

    /// Searches `game` and returns the move to play with what the search thought, calling `progress`
    /// about once a second on long thinks.
    ///
    /// With a time limit, every thread reads the clock before each playout and stops when the longest
    /// stretch between its readings so far would end past the deadline (`Pace`): a move overruns
    /// only when the last stretch is longer than every one before it (the join waits for each
    /// thread's last playout). A timed move also stops once its choice cannot change
    /// (`SearchOptions::early`); with `SearchOptions::average` the time it did not use goes to the
    /// next moves.
    pub fn think(&mut self, game: &G, progress: impl FnMut(&Progress)) -> Thought<G::Move> {
        let thought = self.think_for(game, self.move_time(), progress);
        if let Some(average) = self.options.average {
            self.spare = (self.spare + average).saturating_sub(thought.elapsed);
        }
        thought
    }

    /// [`Mcts::think`] with `time` for this move.
    fn think_for(
        &mut self,
        game: &G,
        time: Option<Duration>,
        mut progress: impl FnMut(&Progress),
    ) -> Thought<G::Move> {
        let first_steps = self.first_steps.take();
        let now = self.clock;
        let start = now();
        if !matches!(game.status(), Status::Ongoing) {
            return self.nothing(start);
        }
        // The solver may take most of the move: a game's solver thinks long only when it must
        // (Gomoku: checking every defence against a forced win), and a move it refutes loses.
        let solver_deadline = time.map(|t| start + t.mul_f64(0.8));
        let only = match first_steps {
            Some(steps) => Some(steps),
            None => match game.presearch(solver_deadline, self.options.threads.max(1)) {
                Presearch::Win(mv) => return self.forced(mv, true, start),
                Presearch::Only(steps) => match game.complete(&steps) {
                    Some(mv) if steps.len() == 1 => return self.forced(mv, false, start),
                    _ => Some(steps),
                },
                Presearch::Search => None,
            },
        };
        // A swap is judged by the value of the position without it: the tree searches the rest
        // (not when the first step is given: a swap is a whole turn).
        let swap = game.swap_step().filter(|_| only.is_none());
        let only = match (swap, only) {
            (None, only) => only,
            (Some(swap), only) => {
                let mut steps = only.unwrap_or_else(|| {
                    let mut all = Vec::new();
                    game.steps(&[], &mut all);
                    all
                });
                steps.retain(|&s| s != swap);
                Some(steps)
            }
        };
        // After the opponent's closing move, who owns what decides whether to close too.
        let closing = game.closing_move();
        let asked_ownership = self.options.ownership;
        self.options.ownership |= closing.is_some();
        self.prepare(game);
        let tree = self.tree.as_mut().expect("prepared");
        if let Some(steps) = only.filter(|s| !s.is_empty()) {
            tree.restrict_root(game, &steps);
        }
        tree.expand_root(game);
        let reused = u64::from(tree.root_visits());
        let budget = match (self.options.playouts, time) {
            (None, None) => Some(SearchOptions::DEFAULT_PLAYOUTS),
            (p, _) => p,
        };
        let deadline = time.map(|t| start + t);
        let early = self.options.early && !self.options.ownership && !tree.swap_next;
        let before = tree.created();
        let tree = &*tree;
        let total = AtomicU64::new(0);
        let decided = AtomicBool::new(false);
        let opts = &self.options;
        let run = |worker: &mut Worker<G>, report: &mut dyn FnMut(u64)| {
            let mut last_report = Instant::now();
            let mut pace = deadline.map(|d| Pace::new(start, d));
            loop {
                let done = total.load(Ordering::Relaxed);
                // Each thread keeps its own pace: one that the system left waiting stops early
                // without stopping the others (the budget and a proof are the tree's, seen by all).
                if budget.is_some_and(|b| done >= b)
                    || pace.as_mut().is_some_and(|p| p.stop_at(now()))
                    || tree.solved()
                    || decided.load(Ordering::Relaxed)
                {
                    break;
                }
                worker.simulate(tree, opts);
                let done = total.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(deadline) = deadline.filter(|_| early && done.is_multiple_of(128)) {
                    let t = now();
                    let (elapsed, left) = (t - start, deadline.saturating_duration_since(t));
                    if cannot_change(tree.root_lead(), done, elapsed, left) {
                        decided.store(true, Ordering::Relaxed);
                    }
                }
                if last_report.elapsed() >= Duration::from_secs(1) {
                    last_report = Instant::now();
                    report(total.load(Ordering::Relaxed));
                }
            }
        };
        let (first, rest) = self.workers.split_at_mut(1);
        std::thread::scope(|s| {
            for worker in rest.iter_mut() {
                s.spawn(|| run(worker, &mut |_| {}));
            }
            run(&mut first[0], &mut |playouts| {
                progress(&Progress {
                    playouts,
                    elapsed: start.elapsed(),
                    win_rate: best_child(&tree.children(0)).map_or(0.5, |c| c.rate()),
                })
            });
        });
        self.options.ownership = asked_ownership;
        let mut thought = self.conclude(game, start);
        if let Some(mv) = closing.filter(|_| game.closing_wins(&thought.ownership)) {
            if thought.mv != Some(mv) {
                thought.mv = Some(mv);
                thought.pv = vec![mv];
            }
            thought.resign = false;
        }
        // The opener's side is worth what the search's playouts through the root gave it (the
        // root's mean, which the tree's best reply overrates less than its best child's rate).
        if let Some(mv) = swap.and_then(|s| game.complete(&[s])) {
            let opener = match thought.proven {
                true => 1.0 - thought.win_rate,
                false => self.root_rate(),
            };
            if opener > 0.5 {
                thought.mv = Some(mv);
                thought.pv = vec![mv];
                thought.win_rate = opener;
            }
        }
        thought.reused = reused;
        thought.nodes = self.tree.as_ref().map_or(0, |t| t.created() - before);
        thought
    }

    /// After [`Mcts::think`]: the visits of each step that follows `path` (steps from the root; empty
    /// for the root's own), in the order the tree lists them. The counts a learner trains its policy
    /// on (AlphaZero's visit distribution).
    pub fn visits_after(&self, path: &[G::Step]) -> Vec<(G::Step, u64)> {
        let Some(tree) = &self.tree else {
            return Vec::new();
        };
        let node = path
            .iter()
            .try_fold(0, |node, &step| tree.child_with(node, step));
        node.map_or_else(Vec::new, |n| tree.children(n))
            .iter()
            .filter_map(|c| Some((c.step?, u64::from(c.visits))))
            .collect()
    }

    /// [`Mcts::think`] in the middle of a turn whose first step is already chosen (`pending`, one
    /// step so far in a turn of two): every playout goes through that step, and the thought's move
    /// starts with it; [`Mcts::visits_after`]`(pending)` then gives the next step's visits. The
    /// game's own narrowing (its solver, the swap) is not asked. Steps after the first are not
    /// restricted (no game has a turn of three).
    pub fn think_after(
        &mut self,
        game: &G,
        pending: &[G::Step],
        progress: impl FnMut(&Progress),
    ) -> Thought<G::Move> {
        self.first_steps = pending.first().map(|&s| vec![s]);
        self.think(game, progress)
    }

    /// The mean result of every playout through the root, for the player who moved into it.
    fn root_rate(&self) -> f32 {
        let Some(root) = self.tree.as_ref().map(|t| t.node(0)) else {
            return 0.5;
        };
        match root.visits() {
            0 => 0.5,
            visits => root.wins() / visits as f32,
        }
    }

    /// Sets up the tree at `game` (reused when the position is in the old tree) and one worker per
    /// thread.
    fn prepare(&mut self, game: &G) {
        let threads = self.options.threads.max(1);
        // Half the memory: re-rooting copies the kept subtree before the old arena goes.
        let max_nodes = (self.options.memory / node_bytes::<G>() / 2).max(64);
        if self.workers.len() != threads || !self.options.reuse {
            self.tree = None;
            self.workers.clear();
        }
        let base_seed = self.options.seed.unwrap_or_else(fresh_seed);
        let points = game.topology().len();
        if let Some(tree) = &mut self.tree {
            if !tree.reroot(game) {
                *tree = Tree::new(game, max_nodes);
                for (i, worker) in self.workers.iter_mut().enumerate() {
                    *worker = Worker::new(points, Rng::new(base_seed ^ (i as u64) << 32));
                }
            }
        }
        let tree = self.tree.get_or_insert_with(|| Tree::new(game, max_nodes));
        debug_assert!(tree.root.hash() == game.hash());
        tree.swap_next = swap_follows(game);
        tree.rave_k = self.options.rave.unwrap_or_else(|| game.rave_equivalence());
        tree.priors_as_visits = self
            .options
            .priors_as_visits
            .unwrap_or_else(|| game.priors_as_visits());
        while self.workers.len() < threads {
            let i = self.workers.len() as u64;
            let seed = base_seed.wrapping_add(self.searches << 8) ^ i << 32;
            self.workers.push(Worker::new(points, Rng::new(seed)));
        }
        for worker in &mut self.workers {
            worker.reset(threads);
        }
        self.searches += 1;
    }

    /// The move the game's solver chose without a search (`won`: it proved a win).
    fn forced(&self, mv: G::Move, won: bool, start: Instant) -> Thought<G::Move> {
        Thought {
            mv: Some(mv),
            win_rate: if won { 1.0 } else { 0.5 },
            pv: vec![mv],
            proven: won,
            ..self.nothing(start)
        }
    }

    fn nothing(&self, start: Instant) -> Thought<G::Move> {
        Thought {
            mv: None,
            resign: false,
            playouts: 0,
            nodes: 0,
            reused: 0,
            win_rate: 0.5,
            mean: 0.5,
            pv: Vec::new(),
            proven: false,
            elapsed: start.elapsed(),
            ownership: Vec::new(),
        }
    }

    /// Chooses at the root, step by step to a whole move, then follows the most visited line for the
    /// expected continuation.
    fn conclude(&mut self, game: &G, start: Instant) -> Thought<G::Move> {
        let playouts: u64 = self.workers.iter().map(|w| w.playouts).sum();
        // Averaged over the playouts that reached a final board (a proof cuts the others short).
        let owned: u64 = self.workers.iter().map(|w| w.owned).sum();
        let mut ownership = vec![0.0f32; game.topology().len()];
        for w in &self.workers {
            for (o, v) in ownership.iter_mut().zip(&w.ownership) {
                *o += v / owned.max(1) as f32;
            }
        }
        let tree = self.tree.as_ref().expect("searched");
        let mut position = game.search_copy();
        let mut cursor = Some(0);
        let mut pending = Vec::new();
        let mut pv = Vec::new();
        let mut first: Option<(f32, bool)> = None;
        let mut rng = Rng::new(fresh_seed());
        let mut steps = Vec::new();
        while pv.len() < 12 {
            let mut children = cursor.map_or_else(Vec::new, |n| tree.children(n));
            // A first move the opponent may swap: a proven win is theirs (see `swap_capped`).
            if pv.is_empty() && tree.swap_next && children.iter().any(|c| c.proven != 1) {
                children.retain(|c| c.proven != 1);
            }
            let pick = best_child(&children).map(|c| (c.step, c.rate(), c.proven != 0, c.visits));
            let step = match pick {
                Some((Some(step), rate, proven, visits)) if visits > 0 || pv.is_empty() => {
                    if first.is_none() {
                        first = Some((rate, proven));
                    }
                    step
                }
                // The first move must be whole even where the tree stops: finish it at random.
                _ if pv.is_empty() => {
                    position.steps(&pending, &mut steps);
                    match steps.as_slice() {
                        [] => break,
                        s => s[rng.below(s.len())],
                    }
                }
                _ => break,
            };
            cursor = cursor.and_then(|n| tree.child_with(n, step));
            pending.push(step);
            if let Some(mv) = position.complete(&pending) {
                pv.push(mv);
                pending.clear();
                position.play_fast(mv);
                if !matches!(position.status(), Status::Ongoing) {
                    break;
                }
            }
        }
        let (win_rate, proven) = first.unwrap_or((0.5, false));
        let threshold = self.options.resign_threshold();
        let resign = threshold > 0.0 && {
            self.low_moves = if win_rate < threshold {
                self.low_moves + 1
            } else {
                0
            };
            self.low_moves >= RESIGN_MOVES
        };
        Thought {
            mv: pv.first().copied(),
            resign,
            playouts,
            nodes: 0,
            reused: 0,
            win_rate,
            mean: 1.0 - self.root_rate(),
            pv,
            proven,
            elapsed: start.elapsed(),
            ownership,
        }
    }
}

/// When a thread stops for the deadline: at the first clock reading from which the longest stretch
/// between two of its readings in this move (a playout, and any time the system did not run the
/// thread) would end past the deadline. On an idle machine a stretch is one playout (well under a
/// millisecond to a few); on a busy one a thread waits tens of milliseconds for its turn, and the
/// search then stops that much earlier rather than overrun by it.
struct Pace {
    deadline: Instant,
    last: Instant,
    longest: Duration,
}

impl Pace {
    /// Readings from `start` on, for `deadline`.
    fn new(start: Instant, deadline: Instant) -> Pace {
        Pace {
            deadline,
            last: start,
            longest: Duration::ZERO,
        }
    }

    /// Takes the reading `now`: whether to stop.
    fn stop_at(&mut self, now: Instant) -> bool {
        self.longest = self.longest.max(now.saturating_duration_since(self.last));
        self.last = now;
        now + self.longest >= self.deadline
    }
}

/// Playouts a move makes before it may stop early (Pachi: 5,000 at 9x9's some 40,000 a second).
const EARLY_AFTER: u64 = 1000;

/// Whether the choice of a move can no longer change: the root's most visited step leads the next
/// (`lead`, their visits) by more than the playouts of the time `left` at the pace of the `done`
/// in `elapsed`, after [`EARLY_AFTER`] playouts.
fn cannot_change(
    (first, second): (u32, u32),
    done: u64,
    elapsed: Duration,
    left: Duration,
) -> bool {
    let pace = done as f64 / elapsed.as_secs_f64().max(1e-6);
    done >= EARLY_AFTER && f64::from(first - second) > pace * left.as_secs_f64()
}

/// Whether every move from `game` lets the opponent swap next (Hex's first move under the swap
/// rule), as one of them shows.
fn swap_follows<G: SearchGame>(game: &G) -> bool {
    let mut steps = Vec::new();
    game.steps(&[], &mut steps);
    let Some(mv) = steps.first().and_then(|&s| game.complete(&[s])) else {
        return false;
    };
    let mut next = game.search_copy();
    next.play_fast(mv);
    next.swap_step().is_some()
}

/// The move to choose among siblings: a proven win; else the most visits among those not proven
/// lost (more wins, then the higher selection value break ties: with no playout at all, as when
/// expanding the root took the whole time, the prior's choice, not the last step — a pass); a
/// proven loss only when nothing else is left.
fn best_child<S>(children: &[Stats<S>]) -> Option<&Stats<S>> {
    if let Some(win) = children.iter().find(|c| c.proven == 1) {
        return Some(win);
    }
    let key = |c: &Stats<S>| (c.proven != -1, c.visits, (c.wins * 16.0) as u64);
    children
        .iter()
        .max_by(|a, b| key(a).cmp(&key(b)).then(a.value.total_cmp(&b.value)))
}

/// A seed that differs from call to call.
fn fresh_seed() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed) ^ std::process::id() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;
    use std::sync::OnceLock;
    use stones_core::Game;

    /// Readings of [`fake_now`] so far.
    static READS: AtomicU32 = AtomicU32::new(0);

    /// The reading of a test clock that moves `step` at each reading, whatever the real time does:
    /// `reads` counts them, from `base` on.
    fn tick(base: &OnceLock<Instant>, reads: &AtomicU32, step: Duration) -> Instant {
        let k = reads.fetch_add(1, Ordering::SeqCst);
        *base.get_or_init(Instant::now) + step * k
    }

    /// A clock that moves 10 ms at each reading, its readings counted in `READS`.
    fn fake_now() -> Instant {
        static BASE: OnceLock<Instant> = OnceLock::new();
        tick(&BASE, &READS, Duration::from_millis(10))
    }

    /// An empty Go board of `size` under Chinese rules.
    fn chinese_go(size: u32) -> stones_go::GoGame {
        let size = stones_core::rules::parse_override(&format!("size={size}")).unwrap();
        let (rules, _) = stones_core::rules::load_with::<<stones_go::GoGame as Game>::Rules>(
            Some("chinese"),
            &[size],
        )
        .unwrap();
        stones_go::GoGame::new(rules).unwrap()
    }

    #[test]
    fn the_clock_is_read_before_every_playout_and_the_search_stops_at_the_deadline() {
        let game = chinese_go(9);
        let options = SearchOptions::parse("time=0.1,seed=1").unwrap();
        let mut mcts = Mcts::new(options);
        mcts.clock = fake_now;
        READS.store(0, Ordering::SeqCst);
        let thought = mcts.think(&game, |_| {});
        // Reading 0 starts the move; readings 1..=8 (10 to 80 ms) each let one playout run; at
        // reading 9 (90 ms) the next 10 ms stretch would reach the deadline: the search stops there,
        // and reads no more.
        assert_eq!(thought.playouts, 8);
        assert_eq!(READS.load(Ordering::SeqCst), 10);
        assert!(thought.mv.is_some());
    }

    /// A clock that moves a second at each reading: no playout fits in any deadline.
    fn stopped_now() -> Instant {
        static BASE: OnceLock<Instant> = OnceLock::new();
        static READ: AtomicU32 = AtomicU32::new(0);
        tick(&BASE, &READ, Duration::from_secs(1))
    }

    #[test]
    fn a_search_without_a_playout_plays_the_priors_choice_not_a_pass() {
        let game = chinese_go(19);
        let mut mcts = Mcts::new(SearchOptions::parse("time=0.5,seed=1").unwrap());
        mcts.clock = stopped_now;
        let thought = mcts.think(&game, |_| {});
        assert_eq!(thought.playouts, 0);
        // Every child unvisited: the predictor's favourite, a point on the third or fourth line.
        let Some(stones_go::GoMove::Play(p)) = thought.mv else {
            panic!("{:?} with no playout", thought.mv);
        };
        let (x, y) = game.topology().xy(p);
        let line = x.min(y).min(18 - x).min(18 - y);
        assert!((2..=3).contains(&line), "{p:?}: line {}", line + 1);
    }

    /// A clock of its own that moves 10 ms at each reading (no other test reads it).
    fn own_slow_now() -> Instant {
        static BASE: OnceLock<Instant> = OnceLock::new();
        static READ: AtomicU32 = AtomicU32::new(0);
        tick(&BASE, &READ, Duration::from_millis(10))
    }

    /// Black to move on 9x9 takes four White stones in atari on F5 and wins by 2 points (Chinese
    /// rules, komi 7); anywhere else, White connects them to its wall there and wins.
    fn capture_to_play() -> stones_go::GoGame {
        let rows = "
            .........
            .........
            ..XXXX...
            .XOOOOX..
            XXXXX.XXX
            OOOOOOOOO
            .........
            .........
            .........";
        let mut game = chinese_go(9);
        stones_core::contract::set_up(&mut game, rows, stones_core::Colour::Black);
        game
    }

    #[test]
    fn a_move_whose_choice_cannot_change_stops_early_with_the_same_choice() {
        let game = capture_to_play();
        let f5 = game.topology().parse_point("F5").unwrap();
        let think = |early: bool| {
            let options = SearchOptions::parse(&format!("time=30,seed=1,early={early}")).unwrap();
            let mut mcts = Mcts::new(options);
            mcts.clock = own_slow_now;
            mcts.think(&game, |_| {})
        };
        // 10 ms a clock reading: 30 s of readings let some 3,000 playouts run.
        let whole = think(false);
        let early = think(true);
        assert_eq!(whole.mv, Some(stones_go::GoMove::Play(f5)));
        assert_eq!(early.mv, whole.mv);
        assert!(whole.playouts > 2900, "{} playouts", whole.playouts);
        assert!(early.playouts < 2000, "{} playouts", early.playouts);
    }

    #[test]
    fn the_lead_must_beat_the_playouts_the_time_left_would_give() {
        let s = Duration::from_secs_f64;
        // 2,000 playouts in 1 s, 0.25 s left: 500 more to come.
        assert!(cannot_change((1300, 799), 2000, s(1.0), s(0.25)));
        assert!(!cannot_change((1300, 800), 2000, s(1.0), s(0.25)));
        // Not before EARLY_AFTER playouts, whatever the lead.
        assert!(!cannot_change((900, 0), 900, s(1.0), s(0.0)));
        assert!(cannot_change((1000, 0), 1000, s(1.0), s(0.0)));
    }

    #[test]
    fn an_average_carries_what_a_move_left_to_the_next_up_to_its_most() {
        let game = chinese_go(9);
        let mut mcts = Mcts::new(SearchOptions::parse("average=0.5,time=0.8,seed=1").unwrap());
        assert_eq!(mcts.move_time(), Some(Duration::from_millis(500)));
        // A clock a second on at each reading: the move stops at once, its 0.5 s nearly all left.
        mcts.clock = stopped_now;
        mcts.think(&game, |_| {});
        assert!(mcts.spare > Duration::from_millis(400), "{:?}", mcts.spare);
        assert_eq!(mcts.move_time(), Some(Duration::from_millis(800)));
        mcts.options.time = None;
        mcts.spare = Duration::from_secs(5);
        assert_eq!(
            mcts.move_time(),
            Some(Duration::from_secs(1)),
            "twice the average"
        );
        mcts.clear();
        assert_eq!(
            mcts.move_time(),
            Some(Duration::from_millis(500)),
            "a new game"
        );
    }

    #[test]
    fn a_long_stretch_makes_the_search_stop_that_much_before_its_deadline() {
        let t0 = Instant::now();
        let ms = |m: u64| t0 + Duration::from_millis(m);
        let mut pace = Pace::new(t0, ms(100));
        assert!(!pace.stop_at(ms(2)) && !pace.stop_at(ms(4)));
        // The thread did not run for 40 ms: from 61 ms on, another such wait would overrun.
        assert!(!pace.stop_at(ms(44)) && !pace.stop_at(ms(46)));
        assert!(pace.stop_at(ms(61)));
        // Without waits, 1 ms playouts run up to the deadline.
        let mut idle = Pace::new(t0, ms(100));
        assert!((1..=98).all(|m| !idle.stop_at(ms(m))));
        assert!(idle.stop_at(ms(99)));
    }
}
