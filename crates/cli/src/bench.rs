//! `stones bench`: random playouts per second on the game's fast path.

use crate::text_game::{AnyGame, TextGame};
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

/// Plays `playouts` random games from `start`, each on a fresh copy.
pub fn bench(start: &AnyGame, playouts: usize, seed: u64) -> BenchResult {
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    let clock = Instant::now();
    for _ in 0..playouts {
        let mut game = start.clone();
        moves += game.random_playout(&mut rng);
    }
    BenchResult {
        playouts,
        moves,
        seconds: clock.elapsed().as_secs_f64(),
    }
}
