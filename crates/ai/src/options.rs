//! The search's budget and knobs, read from `key=value,key=value` (the part of `mcts:…` after the colon).

use std::fmt;
use std::time::Duration;

/// How long and how the search thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    /// Playouts per move (all threads together); `None`: no playout limit.
    pub playouts: Option<u64>,
    /// Time per move (the most, with `average`); `None`: no time limit. With neither limit the
    /// search stops at 10,000 playouts.
    pub time: Option<Duration>,
    /// The time a move takes on average over a game: what a move stopped early (`early`) left
    /// goes to the next ones, each at most `time` (twice `average` when `time` is not set).
    pub average: Option<Duration>,
    /// A move with a time limit stops as soon as its choice cannot change: when the most visited
    /// step at the root leads the next by more visits than the playouts its time has left could
    /// give (as Pachi and Fuego stop). Never while ownership is summed (an estimate wants all its
    /// playouts) nor where the opponent may swap.
    pub early: bool,
    /// Search threads, all growing one shared tree.
    pub threads: usize,
    /// A seed makes a one-thread search repeatable; without one every search differs.
    pub seed: Option<u64>,
    /// The most memory the tree may take, in bytes (its arena is capped at half of it, so that copying
    /// a kept subtree on reuse stays within it too).
    pub memory: usize,
    /// UCT's exploration constant (`None`: the game's own, [`SearchGame::exploration`]).
    ///
    /// [`SearchGame::exploration`]: stones_core::SearchGame::exploration
    pub explore: Option<f32>,
    /// RAVE's equivalence parameter: how many AMAF visits weigh as much as one real visit, 0 for
    /// none (`None`: the game's own, [`SearchGame::rave_equivalence`]).
    ///
    /// [`SearchGame::rave_equivalence`]: stones_core::SearchGame::rave_equivalence
    pub rave: Option<f32>,
    /// Whether the game's priors count as real visits (`priors=visits`) or as AMAF ones
    /// (`priors=amaf`); `None`: the game's choice, [`SearchGame::priors_as_visits`].
    ///
    /// [`SearchGame::priors_as_visits`]: stones_core::SearchGame::priors_as_visits
    pub priors_as_visits: Option<bool>,
    /// Visits a node needs before its children are made.
    pub expand_after: u32,
    /// Resign when the win rate stays below this for [`RESIGN_MOVES`] moves in a row (0: never);
    /// `None`: as the place decides — [`PROMPT_RESIGN`] where a person plays (`play`, the page),
    /// never in `match`, `gtp` and `bench`.
    pub resign: Option<f32>,
    /// Keep the tree from one move to the next.
    pub reuse: bool,
    /// Sum who owns each point at the end of every playout (`Thought::ownership`, for dead-stone
    /// estimates); off, the playouts skip that pass over the board.
    pub ownership: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            playouts: None,
            time: None,
            average: None,
            early: true,
            threads: 1,
            seed: None,
            memory: 512 << 20,
            explore: None,
            rave: None,
            priors_as_visits: None,
            expand_after: 2,
            resign: None,
            reuse: true,
            ownership: false,
        }
    }
}

/// A bad `mcts:` option: names the key and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

/// The keys `mcts:` takes, for error messages.
pub const KEYS: &str = "playouts=N, time=SECONDS, average=SECONDS, early=true|false, \
                        threads=N (1-64), seed=N, memory=MB, explore=C, rave=K, \
                        priors=visits|amaf, expand=N, resign=RATE (0-0.5), reuse=true|false";

/// The win rate under which the search resigns where a person plays (`play`, the page) unless
/// `resign=` says otherwise: a position the search gives under 10% for [`RESIGN_MOVES`] moves in a
/// row is lost against any player who does not blunder it back.
pub const PROMPT_RESIGN: f32 = 0.1;

/// Moves in a row the win rate must stay under the threshold before the search resigns.
pub const RESIGN_MOVES: u32 = 3;

impl SearchOptions {
    /// The resign threshold in force: 0 (never) when no one set one.
    pub fn resign_threshold(&self) -> f32 {
        self.resign.unwrap_or(0.0)
    }

    /// Resigns below `rate` unless `resign=` was given.
    pub fn resign_by_default(&mut self, rate: f32) {
        self.resign.get_or_insert(rate);
    }

    /// The options of a dead-stone estimate: `playouts` from one seed (the same answer every time),
    /// ownership summed, and the priors as AMAF visits whatever the game's choice for moves. The
    /// estimate was checked against GNU Go that way (crates/gtp/tests/dead_like_gnugo.rs); with
    /// Go's priors as real visits the ownership of a 3,000-playout search left all 14 dead stones
    /// of a finished game there alive.
    pub fn ownership_estimate(playouts: u64) -> SearchOptions {
        SearchOptions {
            playouts: Some(playouts),
            seed: Some(1),
            ownership: true,
            priors_as_visits: Some(false),
            ..SearchOptions::default()
        }
    }

    /// With neither a playout nor a time limit, a move gets this many playouts.
    pub const DEFAULT_PLAYOUTS: u64 = 10_000;

    /// Reads `playouts=5000,time=1.5,threads=2,seed=7` (empty: the defaults).
    pub fn parse(text: &str) -> Result<SearchOptions, OptionError> {
        let mut o = SearchOptions::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                OptionError(format!(
                    "mcts option '{item}' is not key=value; keys: {KEYS}"
                ))
            })?;
            o.set(key.trim(), value.trim())?;
        }
        Ok(o)
    }

    /// Sets one option by name.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad =
            |allowed: &str| OptionError(format!("mcts option {key}={value}: expected {allowed}"));
        let int = |lo: u64, hi: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| bad(&format!("a whole number from {lo} to {hi}")))
        };
        let yes_no = || match value {
            "true" | "yes" | "1" => Ok(true),
            "false" | "no" | "0" => Ok(false),
            _ => Err(bad("true or false")),
        };
        let real = |lo: f64, hi: f64| {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (lo..=hi).contains(v))
                .ok_or_else(|| bad(&format!("a number from {lo} to {hi}")))
        };
        match key {
            "playouts" => self.playouts = Some(int(1, 1 << 40)?),
            "time" => self.time = Some(Duration::from_secs_f64(real(0.001, 86_400.0)?)),
            "average" => self.average = Some(Duration::from_secs_f64(real(0.001, 86_400.0)?)),
            "early" => self.early = yes_no()?,
            "threads" => self.threads = int(1, 64)? as usize,
            "seed" => self.seed = Some(int(0, u64::MAX)?),
            "memory" => self.memory = (int(1, 1 << 20)? as usize) << 20,
            "explore" => self.explore = Some(real(0.0, 10.0)? as f32),
            "rave" => self.rave = Some(real(0.0, 1e9)? as f32),
            "priors" => {
                self.priors_as_visits = Some(match value {
                    "visits" => true,
                    "amaf" => false,
                    _ => return Err(bad("visits or amaf")),
                })
            }
            "expand" => self.expand_after = int(1, 1000)? as u32,
            "resign" => self.resign = Some(real(0.0, 0.5)? as f32),
            "reuse" => self.reuse = yes_no()?,
            _ => {
                return Err(OptionError(format!(
                    "unknown mcts option '{key}'; keys: {KEYS}"
                )))
            }
        }
        Ok(())
    }
}

impl fmt::Display for SearchOptions {
    /// The options as `mcts:` would read them back (only what differs from the defaults).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = SearchOptions::default();
        let mut parts = Vec::new();
        if let Some(n) = self.playouts {
            parts.push(format!("playouts={n}"));
        }
        if let Some(t) = self.time {
            parts.push(format!("time={}", t.as_secs_f64()));
        }
        if let Some(t) = self.average {
            parts.push(format!("average={}", t.as_secs_f64()));
        }
        if self.early != d.early {
            parts.push(format!("early={}", self.early));
        }
        if self.threads != d.threads {
            parts.push(format!("threads={}", self.threads));
        }
        if let Some(s) = self.seed {
            parts.push(format!("seed={s}"));
        }
        if self.memory != d.memory {
            parts.push(format!("memory={}", self.memory >> 20));
        }
        if let Some(c) = self.explore {
            parts.push(format!("explore={c}"));
        }
        if let Some(k) = self.rave {
            parts.push(format!("rave={k}"));
        }
        if let Some(v) = self.priors_as_visits {
            parts.push(format!("priors={}", if v { "visits" } else { "amaf" }));
        }
        if self.expand_after != d.expand_after {
            parts.push(format!("expand={}", self.expand_after));
        }
        if let Some(r) = self.resign {
            parts.push(format!("resign={r}"));
        }
        if self.reuse != d.reuse {
            parts.push(format!("reuse={}", self.reuse));
        }
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key_and_writes_them_back() {
        let o = SearchOptions::parse(
            "playouts=5000, time=1.5,threads=2,seed=7,resign=0.1,explore=0.3,rave=2000,priors=amaf,\
             average=0.75,early=no",
        )
        .unwrap();
        assert_eq!(o.average, Some(Duration::from_millis(750)));
        assert!(!o.early);
        assert_eq!(o.playouts, Some(5000));
        assert_eq!(o.time, Some(Duration::from_millis(1500)));
        assert_eq!((o.threads, o.seed, o.resign), (2, Some(7), Some(0.1)));
        assert_eq!((o.explore, o.rave), (Some(0.3), Some(2000.0)));
        assert_eq!(o.priors_as_visits, Some(false));
        assert_eq!(SearchOptions::parse(&o.to_string()).unwrap(), o);
    }

    #[test]
    fn resigning_is_the_places_choice_unless_set() {
        let mut o = SearchOptions::default();
        assert_eq!(o.resign, None);
        assert_eq!(o.resign_threshold(), 0.0, "never, unless a place asks");
        o.resign_by_default(PROMPT_RESIGN);
        assert_eq!(o.resign_threshold(), PROMPT_RESIGN);
        // Set by hand, `resign=0` stays: never, even at the prompt.
        let mut never = SearchOptions::parse("resign=0").unwrap();
        never.resign_by_default(PROMPT_RESIGN);
        assert_eq!(never.resign_threshold(), 0.0);
        assert_eq!(never.to_string(), "resign=0");
    }

    #[test]
    fn bad_options_name_the_key_and_what_is_allowed() {
        let e = SearchOptions::parse("threads=0").unwrap_err().0;
        assert!(e.contains("threads=0") && e.contains("from 1 to 64"), "{e}");
        let e = SearchOptions::parse("speed=3").unwrap_err().0;
        assert!(
            e.contains("unknown mcts option 'speed'") && e.contains("playouts=N"),
            "{e}"
        );
        let e = SearchOptions::parse("time").unwrap_err().0;
        assert!(e.contains("not key=value"), "{e}");
        assert!(SearchOptions::parse("time=nan").is_err());
        let e = SearchOptions::parse("priors=real").unwrap_err().0;
        assert!(
            e.contains("priors=real") && e.contains("visits or amaf"),
            "{e}"
        );
    }
}
