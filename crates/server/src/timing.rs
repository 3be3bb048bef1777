//! A game's clock on the server: main time and an increment per move (the terminal's
//! [`stones_cli::clock::Clock`]), run for the side to move, and the flag that falls when its time is out —
//! checked by the server itself every [`SWEEP`], whether or not anyone is connected. In Dots, after
//! a STOP the other player moves alone for the ruleset's `stop_time` (their own time stands still);
//! when it is up the game ends by itself. That deadline is a moment (milliseconds since 1970), so it
//! is stored and holds on every server and after a restart.

use super::games::ApiError;
use serde_json::{json, Value};
use std::time::Duration;
use stones_cli::clock::{Clock, TimeControl};
use stones_core::Colour;

/// How often the server looks for fallen flags.
pub const SWEEP: Duration = Duration::from_millis(200);

/// The clock of one game.
#[derive(Debug, Clone)]
pub struct GameClock {
    clock: Clock,
    /// As the creator wrote it (`10m+5s`).
    text: String,
    /// The colour whose flag fell.
    pub flagged: Option<Colour>,
    /// After a Dots STOP: when the time to move alone is up (milliseconds since 1970).
    alone_until: Option<i64>,
}

/// Milliseconds since 1970.
fn now_ms() -> i64 {
    super::store::now_ms()
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
        Ok(GameClock {
            clock: Clock::new(control),
            text: text.trim().to_string(),
            flagged: None,
            alone_until: None,
        })
    }

    /// Sets the time left as stored (`"black_ms,white_ms"`, then the end of the time alone after a
    /// STOP if any), nobody's running.
    pub fn resume(&mut self, stored: &str) {
        let ms: Vec<u64> = stored
            .split(',')
            .filter_map(|p| p.trim().parse().ok())
            .collect();
        self.alone_until = ms.get(2).map(|&t| t as i64);
        if let [b, w, ..] = ms[..] {
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

    /// The time left, as stored: `"black_ms,white_ms"`, and `,end_ms` while moving alone.
    pub fn stored(&self) -> String {
        let ms = |c| self.clock.left(c).as_millis();
        match self.alone_until {
            Some(end) => format!("{},{},{end}", ms(Colour::Black), ms(Colour::White)),
            None => format!("{},{}", ms(Colour::Black), ms(Colour::White)),
        }
    }

    /// Whether a player moves alone after a STOP: `seconds` is the game's time for it then
    /// (`None`: nobody moves alone). The time alone starts at the first call that says so.
    pub fn alone(&mut self, seconds: Option<u64>) {
        self.alone_until = match (seconds, self.alone_until) {
            (None, _) => None,
            (Some(_), Some(end)) => Some(end),
            (Some(s), None) => Some(now_ms() + 1000 * s as i64),
        };
    }

    /// The time to move alone after a STOP is up: the game is to end.
    pub fn alone_over(&self) -> bool {
        self.flagged.is_none() && self.alone_until.is_some_and(|end| now_ms() >= end)
    }

    /// Whether someone moves alone after a STOP.
    pub fn moving_alone(&self) -> bool {
        self.alone_until.is_some()
    }

    /// Runs `to_move`'s time (none: stops it); a fallen flag stops the clock for good, and moving
    /// alone after a STOP stops it too.
    pub fn run(&mut self, to_move: Option<Colour>) {
        match (self.flagged, self.alone_until, to_move) {
            (None, None, Some(c)) => self.clock.start(c),
            _ => self.clock.pause(),
        }
    }

    /// `c` has moved: its increment is added, or its flag falls if its time was out (not while
    /// moving alone after a STOP).
    pub fn moved(&mut self, c: Colour) {
        if self.flagged.is_none() && self.alone_until.is_none() && !self.clock.moved(c) {
            self.flagged = Some(c);
        }
    }

    /// A side's time runs, or the time alone after a STOP (no flag has fallen).
    pub fn ticking(&self) -> bool {
        self.flagged.is_none() && (self.clock.running().is_some() || self.alone_until.is_some())
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
            "alone_ms": self.alone_until.map(|end| (end - now_ms()).max(0)),
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

    #[test]
    fn after_a_stop_the_time_alone_runs_out_and_no_flag_falls() {
        let mut c = GameClock::parse("1m").unwrap();
        c.resume("0,0");
        c.alone(Some(0));
        c.run(Some(Colour::Black));
        assert!(c.ticking() && c.alone_over());
        assert!(!c.check(), "no flag falls while moving alone");
        c.moved(Colour::Black);
        assert_eq!(c.flagged, None);
        // Stored with its end, which a resumed clock keeps.
        let stored = c.stored();
        assert_eq!(stored.split(',').count(), 3, "{stored}");
        let mut d = GameClock::parse("1m").unwrap();
        d.resume(&stored);
        d.alone(Some(3600));
        assert!(d.alone_over(), "the stored end holds");
        d.alone(None);
        assert!(!d.moving_alone() && !d.alone_over());
        let mut e = GameClock::parse("1m").unwrap();
        e.alone(Some(3600));
        assert!(e.moving_alone() && !e.alone_over());
    }
}
