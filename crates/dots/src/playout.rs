//! Random playouts on the fast path, and the `stones bench dots` measurement.

use crate::state::DotsGame;
use std::time::{Duration, Instant};
use stones_core::{Game, Rng};

/// What one random playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played.
    pub moves: u32,
    /// Enemy dots inside each player's enclosures at the end, Black first.
    pub captured: [u32; 2],
}

/// Plays uniformly random points (never STOP) until the field is full, on the unchecked fast path.
pub fn random_playout(game: &mut DotsGame, rng: &mut Rng) -> PlayoutResult {
    let mut moves = 0;
    while let Some(mv) = game.random_move(rng) {
        game.play_unchecked(mv);
        moves += 1;
    }
    PlayoutResult {
        moves,
        captured: game.captured(),
    }
}

/// The outcome of [`bench_random_games`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchResult {
    /// Games played.
    pub games: u32,
    /// Moves played over all games.
    pub moves: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl BenchResult {
    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays `games` random full-field games from `start` (cloned for each) with `seed`, and times them.
pub fn bench_random_games(start: &DotsGame, games: u32, seed: u64) -> BenchResult {
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    let t = Instant::now();
    for _ in 0..games {
        let mut g = start.clone();
        moves += random_playout(&mut g, &mut rng).moves as u64;
        debug_assert!(g.status() != stones_core::Status::Ongoing);
    }
    BenchResult {
        games,
        moves,
        elapsed: t.elapsed(),
    }
}
