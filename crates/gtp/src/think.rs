//! The engine's search: genmove's time from `time_settings` / `time_left` (else 1 s a move), and the
//! dead-stone estimate `final_score` and `final_status_list` use.

use crate::clock::Clock;
use std::time::{Duration, Instant};
use stones_ai::{Mcts, SearchOptions};
use stones_core::{Colour, Game, Point, SearchGame};
use stones_go::GoGame;

/// The search behind genmove, with its trees kept between moves.
pub struct Thinker {
    base: SearchOptions,
    mcts: Mcts<GoGame>,
    clock: Clock,
    /// The last estimate: the position's hash and the dead points.
    estimate: Option<(u64, Vec<Point>)>,
}

impl Clone for Thinker {
    /// A copy with the same options and clock and no trees.
    fn clone(&self) -> Self {
        Thinker {
            base: self.base.clone(),
            mcts: Mcts::new(self.base.clone()),
            clock: self.clock,
            estimate: self.estimate.clone(),
        }
    }
}

impl std::fmt::Debug for Thinker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Thinker({})", self.base)
    }
}

impl Thinker {
    /// A search with `options`; without a playout or time limit of its own, its time follows the clock.
    pub fn new(options: SearchOptions) -> Thinker {
        Thinker {
            mcts: Mcts::new(options.clone()),
            base: options,
            clock: Clock::default(),
            estimate: None,
        }
    }

    /// `time_settings main byo_yomi stones`.
    pub fn time_settings(&mut self, main: u32, byo: u32, stones: u32) {
        self.clock.set(main, byo, stones);
    }

    /// `time_left colour seconds stones`.
    pub fn time_left(&mut self, c: Colour, seconds: u32, stones: u32) {
        self.clock.time_left(c, seconds, stones);
    }

    /// Forgets the trees (a new board or komi).
    pub fn clear(&mut self) {
        self.mcts.clear();
        self.estimate = None;
    }

    /// A new game: no trees, and the clock's full time for both colours again.
    pub fn new_game(&mut self) {
        self.clear();
        self.clock.restart();
    }

    /// The time for one move of `c` in `game`.
    fn move_time(&self, game: &GoGame, c: Colour) -> Duration {
        let empty = game.board().empty_count();
        Duration::from_secs_f64(self.clock.move_time(c, empty))
    }

    /// The move for the player to move in `game`, or `None` to resign.
    pub fn genmove(&mut self, game: &GoGame) -> Option<stones_go::GoMove> {
        let mut options = self.base.clone();
        if options.time.is_none() && options.playouts.is_none() {
            options.time = Some(self.move_time(game, game.to_move()));
        }
        self.mcts.options = options;
        let start = Instant::now();
        let thought = self.mcts.think(game, |_| {});
        self.clock
            .spend(game.to_move(), start.elapsed().as_secs_f64());
        // The thinking goes to standard error, for a GUI's console; the protocol stream stays clean.
        let name = |mv: &stones_go::GoMove| crate::vertex::move_name(game.topology(), mv);
        let chosen = match thought.resign {
            true => "resign".into(),
            false => name(&thought.mv.unwrap_or(stones_go::GoMove::Pass)),
        };
        eprintln!("{chosen}: {}", thought.summary(name));
        if thought.resign {
            return None;
        }
        thought.mv.or(Some(stones_go::GoMove::Pass))
    }

    /// The stones the search thinks are dead in `game` (every stone, not one per chain).
    pub fn dead_stones(&mut self, game: &GoGame) -> Vec<Point> {
        let hash = game.hash();
        if let Some((h, dead)) = &self.estimate {
            if *h == hash {
                return dead.clone();
            }
        }
        let options = SearchOptions::ownership_estimate(3000);
        let own = Mcts::new(options).think(&game.play_on(), |_| {}).ownership;
        let dead = game.dead_by_ownership(&own);
        self.estimate = Some((hash, dead.clone()));
        dead
    }
}
