//! Random games per second, for `stones bench gomoku`: [`Game::playout`] (random moves from
//! [`Game::random_move`], no move list, played with [`Gomoku::play_unchecked`]) until the game ends, on
//! one reused board.

use crate::game::{End, Gomoku};
use crate::rules::GomokuRules;
use std::fmt;
use std::time::{Duration, Instant};
use stones_core::{Colour, Game, Rng, RulesError};

/// What a run of random games did and how long it took.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    pub games: u64,
    /// Moves played in all games (passes and the final move included).
    pub moves: u64,
    pub black_wins: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub elapsed: Duration,
}

impl BenchReport {
    /// Games per second of wall-clock time.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Moves per second of wall-clock time.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} random games in {:.3} s: {:.0} games/s, {:.0} moves/s ({:.1} moves a game); \
             Black won {}, White won {}, {} drawn",
            self.games,
            self.elapsed.as_secs_f64(),
            self.games_per_second(),
            self.moves_per_second(),
            self.moves as f64 / self.games.max(1) as f64,
            self.black_wins,
            self.white_wins,
            self.draws
        )
    }
}

/// Plays `games` random games under `rules` from `seed` and times them.
pub fn random_games(rules: GomokuRules, games: u64, seed: u64) -> Result<BenchReport, RulesError> {
    let mut game = Gomoku::new(rules)?;
    let mut rng = Rng::new(seed);
    let mut report = BenchReport {
        games,
        moves: 0,
        black_wins: 0,
        white_wins: 0,
        draws: 0,
        elapsed: Duration::ZERO,
    };
    let start = Instant::now();
    for _ in 0..games {
        game.reset();
        report.moves += game.playout(&mut rng, usize::MAX) as u64;
        match game.end() {
            End::Won(Colour::Black, _) => report.black_wins += 1,
            End::Won(..) => report.white_wins += 1,
            _ => report.draws += 1,
        }
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_finish_and_add_up() {
        let r = random_games(GomokuRules::default(), 20, 7).unwrap();
        assert_eq!(r.black_wins + r.white_wins + r.draws, 20);
        assert!(r.moves >= 20 * 9, "{r}");
        assert_eq!(
            r,
            BenchReport {
                elapsed: r.elapsed,
                ..random_games(GomokuRules::default(), 20, 7).unwrap()
            }
        );
    }
}
