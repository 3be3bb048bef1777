//! A game's clock on the server: main time and an increment per move (the terminal's
//! [`crate::clock::Clock`]), run for the side to move, and the flag that falls when its time is out —
//! checked by the server itself every [`SWEEP`], whether or not anyone is connected.

use super::games::ApiError;
use crate::clock::{Clock, TimeControl};
use serde_json::{json, Value};
use std::time::Duration;
use stones_core::Colour;

/// How often the server looks for fallen flags.
pub const SWEEP: Duration = Duration::from_millis(200);
/// The longest main time or increment a game may have.
pub const MAX_TIME: Duration = Duration::from_secs(24 * 3600);

/// The clock of one game.
#[derive(Debug, Clone)]
pub struct GameClock {
    clock: Clock,
    /// As the creator wrote it (`10m+5s`).
    text: String,
    /// The colour whose flag fell.
    pub flagged: Option<Colour>,
}

fn side(c: Colour) -> &'static str {
    ["black", "white"][c.idx()]
}

impl GameClock {
    /// Reads `"clock": "10m+5s"` (main time, and an optional increment).
    pub fn parse(text: &str) -> Result<GameClock, ApiError> {
        let control = TimeControl::parse(text).map_err(|e| {
            ApiError::bad(format!("\"clock\": {}", e.trim_start_matches("--time ")))
        })?;
        if control.main > MAX_TIME || control.increment > MAX_TIME {
            return Err(ApiError::bad("\"clock\": at most 24 hours"));
        }
        Ok(GameClock {
            clock: Clock::new(control),
            text: text.trim().to_string(),
            flagged: None,
        })
    }

    /// Sets the time left as stored (`"black_ms,white_ms"`), nobody's running.
    pub fn resume(&mut self, stored: &str) {
        let ms: Vec<u64> = stored
            .split(',')
            .filter_map(|p| p.trim().parse().ok())
            .collect();
        if let [b, w] = ms[..] {
            let control = TimeControl::parse(&self.text).unwrap_or(TimeControl {
                main: Duration::ZERO,
                increment: Duration::ZERO,
            });
            self.clock = Clock::resume(
                control,
                [Duration::from_millis(b), Duration::from_millis(w)],
            );
        }
    }

    /// The time left, as stored: `"black_ms,white_ms"`.
    pub fn stored(&self) -> String {
        let ms = |c| self.clock.left(c).as_millis();
        format!("{},{}", ms(Colour::Black), ms(Colour::White))
    }

    /// Runs `to_move`'s time (none: stops it); a fallen flag stops the clock for good.
    pub fn run(&mut self, to_move: Option<Colour>) {
        match (self.flagged, to_move) {
            (None, Some(c)) => self.clock.start(c),
            _ => self.clock.pause(),
        }
    }

    /// `c` has moved: its increment is added, or its flag falls if its time was out.
    pub fn moved(&mut self, c: Colour) {
        if self.flagged.is_none() && !self.clock.moved(c) {
            self.flagged = Some(c);
        }
    }

    /// A side's time runs (no flag has fallen).
    pub fn ticking(&self) -> bool {
        self.flagged.is_none() && self.clock.running().is_some()
    }

    /// Drops the flag of the side whose time runs if it is out; true when it falls now.
    pub fn check(&mut self) -> bool {
        match self.clock.running() {
            Some(c) if self.flagged.is_none() && self.clock.left(c).is_zero() => {
                self.flagged = Some(c);
                self.clock.pause();
                true
            }
            _ => false,
        }
    }

    /// `B+T` when White's flag fell, `W+T` when Black's.
    pub fn result(&self) -> Option<String> {
        self.flagged
            .map(|c| format!("{}+T", if c == Colour::White { "B" } else { "W" }))
    }

    /// The loser on time in a stored result (`B+T`: White).
    pub fn loser_in(result: &str) -> Option<Colour> {
        match result {
            "B+T" => Some(Colour::White),
            "W+T" => Some(Colour::Black),
            _ => None,
        }
    }

    /// `{"control": "10m+5s", "black": ms, "white": ms, "running": "black"}` for the state.
    pub fn json(&self) -> Value {
        json!({
            "control": self.text,
            "black": self.clock.left(Colour::Black).as_millis() as u64,
            "white": self.clock.left(Colour::White).as_millis() as u64,
            "running": self.clock.running().map(side),
            "flagged": self.flagged.map(side),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_increment_is_added_and_a_flag_falls_once_time_is_out() {
        let mut c = GameClock::parse("1m+5s").unwrap();
        c.run(Some(Colour::Black));
        c.moved(Colour::Black);
        assert!(c.json()["black"].as_u64().unwrap() > 60_000);
        assert_eq!(c.flagged, None);
        c.resume("0,1000");
        c.run(Some(Colour::Black));
        assert!(c.check());
        assert_eq!(c.flagged, Some(Colour::Black));
        assert_eq!(c.result().as_deref(), Some("W+T"));
        assert_eq!(GameClock::loser_in("W+T"), Some(Colour::Black));
        assert!(!c.check(), "a flag falls once");
        assert_eq!(GameClock::parse("x").unwrap_err().0, 400);
        assert_eq!(GameClock::parse("48h").unwrap_err().0, 400);
        let mut d = GameClock::parse("10m").unwrap();
        d.resume("1234,5678");
        assert_eq!(d.stored(), "1234,5678");
    }
}
