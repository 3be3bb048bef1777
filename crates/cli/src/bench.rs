//! `stones bench`: random playouts per second on the game's fast path.

use crate::text_game::AnyGame;
use std::time::Instant;
use stones_core::Rng;

/// What a benchmark measured.
#[derive(Clone, Debug)]
pub struct BenchResult {
    pub playouts: usize,
    pub moves: usize,
    pub seconds: f64,
}

impl BenchResult {
    /// Playouts per second.
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }
}

/// Plays `playouts` random games from `start`, each on a fresh copy (refreshed with `clone_from`,
/// which lets a game reuse its buffers, as a search's playouts do).
pub fn bench(start: &AnyGame, playouts: usize, seed: u64) -> BenchResult {
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    let clock = Instant::now();
    let mut game = start.clone();
    for _ in 0..playouts {
        game.clone_from(start);
        moves += game.random_playout(&mut rng);
    }
    BenchResult {
        playouts,
        moves,
        seconds: clock.elapsed().as_secs_f64(),
    }
}

/// The search's playouts per second from `start` on 1 and 2 threads (2 seconds each), beside the
/// rate of its own playout policy alone (no tree, one thread), as lines to print after the bare
/// playout rate: the tree's cost is the gap between the policy's rate and the 1-thread search.
pub fn bench_search(start: &AnyGame, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let clock = Instant::now();
    let mut playouts = 0usize;
    while clock.elapsed().as_secs_f64() < 2.0 {
        start.search_rollouts(&mut rng, 16);
        playouts += 16;
    }
    let policy = playouts as f64 / clock.elapsed().as_secs_f64();
    let mut lines = vec![format!(
        "search's playout policy alone, 1 thread: {playouts} playouts in {:.2} s = {policy:.0} playouts/s",
        clock.elapsed().as_secs_f64()
    )];
    lines.extend([1, 2].iter().map(|&threads| {
        let options = stones_ai::SearchOptions {
            time: Some(std::time::Duration::from_secs(2)),
            threads,
            seed: Some(seed),
            reuse: false,
            ..Default::default()
        };
        let t = start.think(
            &options,
            &mut crate::text_game::Brain::default(),
            &mut |_| {},
        );
        let rate = t.playouts as f64 / t.elapsed.as_secs_f64().max(1e-9);
        format!(
            "search, {threads} thread{}: {} playouts in {:.2} s = {rate:.0} playouts/s, {:.0}% of the policy alone ({} nodes)",
            if threads == 1 { "" } else { "s" },
            t.playouts,
            t.elapsed.as_secs_f64(),
            100.0 * rate / policy.max(1e-9),
            t.nodes
        )
    }));
    lines
}
