//! The terminal's clock: main time per player and an increment per move (`--time 10m+5s`).

use std::time::{Duration, Instant};
use stones_core::Colour;

/// The longest time any clock holds (main time, increment, time left, a move's time): longer times
/// are cut to it, so that no deadline overflows.
pub const DAY: Duration = Duration::from_secs(24 * 3600);

/// Seconds given on the command line for `flag` (`--move-time`): a number of seconds at least 0,
/// cut to a [`DAY`].
pub fn seconds_arg(flag: &str, secs: f64) -> Result<Duration, String> {
    seconds(secs).ok_or_else(|| format!("{flag} {secs}: expected a positive number of seconds"))
}

/// Main time per player and the time added after each of a player's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub main: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `10m`, `90s`, `1h30m`, `2.5s`, and `MAIN+INCREMENT` such as `10m+5s`; a bare number is
    /// seconds. Each time is at most a [`DAY`] (a longer one is refused, not cut: the person asked
    /// for it).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = |why: &str| {
            format!("--time {text}: {why}; expected main time and an optional increment, such as 10m, 90s or 10m+5s")
        };
        let (main, increment) = match text.split_once('+') {
            Some((m, i)) => (m, Some(i)),
            None => (text, None),
        };
        let main = duration(main).map_err(|e| bad(&e))?;
        let increment = increment
            .map(duration)
            .transpose()
            .map_err(|e| bad(&e))?
            .unwrap_or_default();
        if main.is_zero() {
            return Err(bad("the main time must be more than 0"));
        }
        if main > DAY || increment > DAY {
            return Err(bad("each time is at most 24h"));
        }
        Ok(TimeControl { main, increment })
    }
}

/// A duration such as `10m`, `1h30m`, `2.5s` or `45` (seconds).
fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("a time is missing".into());
    }
    if let Ok(secs) = t.parse::<f64>() {
        return exact_seconds(secs).ok_or_else(|| format!("'{t}' is not a time"));
    }
    let mut total = 0.0;
    let mut number = String::new();
    for c in t.chars() {
        match c {
            '0'..='9' | '.' => number.push(c),
            'h' | 'm' | 's' => {
                let n: f64 = number.parse().map_err(|_| format!("'{t}' is not a time"))?;
                total += n * match c {
                    'h' => 3600.0,
                    'm' => 60.0,
                    _ => 1.0,
                };
                number.clear();
            }
            _ => return Err(format!("'{t}' is not a time (units: h, m, s)")),
        }
    }
    if !number.is_empty() {
        return Err(format!(
            "'{t}': a number without a unit (h, m, s) at the end"
        ));
    }
    exact_seconds(total).ok_or_else(|| format!("'{t}' is not a time"))
}

/// `secs` as a duration (a huge one as a [`DAY`]); `None` when negative or not a number.
fn seconds(secs: f64) -> Option<Duration> {
    (secs >= 0.0).then(|| exact_seconds(secs).map_or(DAY, |d| d.min(DAY)))
}

/// `secs` as a duration, uncut; `None` when negative, not a number or past what a duration holds.
fn exact_seconds(secs: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(secs).ok()
}

/// Both players' time left, and whose time is running.
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    left: [Duration; 2],
    running: Option<(Colour, Instant)>,
}

impl Clock {
    /// Both players start with the main time; nobody's time runs yet.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.main; 2],
            running: None,
        }
    }

    /// A clock with `left` time for black and white, nobody's running (a stored game's, resumed).
    pub fn resume(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock {
            control,
            left,
            running: None,
        }
    }

    /// The colour whose time runs.
    pub fn running(&self) -> Option<Colour> {
        self.running.map(|(c, _)| c)
    }

    /// Runs `c`'s time (stopping the other's, without an increment); no change when it already runs.
    pub fn start(&mut self, c: Colour) {
        if self.running.is_some_and(|(r, _)| r == c) {
            return;
        }
        self.pause();
        self.running = Some((c, Instant::now()));
    }

    /// Stops the running time, charging it.
    pub fn pause(&mut self) {
        if let Some((c, since)) = self.running.take() {
            self.left[c.idx()] = self.left[c.idx()].saturating_sub(since.elapsed());
        }
    }

    /// `c` has moved: its time stops, and the increment is added unless its time had run out.
    /// Returns false when the time had run out.
    pub fn moved(&mut self, c: Colour) -> bool {
        self.start(c);
        self.pause();
        let in_time = !self.left[c.idx()].is_zero();
        if in_time {
            self.left[c.idx()] = (self.left[c.idx()] + self.control.increment).min(DAY);
        }
        in_time
    }

    /// The time added after each move.
    pub fn increment(&self) -> Duration {
        self.control.increment
    }

    /// The time `c` has left now.
    pub fn left(&self, c: Colour) -> Duration {
        match self.running {
            Some((r, since)) if r == c => self.left[c.idx()].saturating_sub(since.elapsed()),
            _ => self.left[c.idx()],
        }
    }

    /// Both players' time left, for the prompt: `black 9:58, white 10:00`.
    pub fn summary(&self) -> String {
        self.summary_aligned([0, 0])
    }

    /// [`Clock::summary`] with each time right-aligned in at least `widths` characters (Black's
    /// first), so that a prompt redrawn as the time runs down keeps its width: ` 9:59` after `10:00`.
    pub fn summary_aligned(&self, widths: [usize; 2]) -> String {
        let [b, w] = [Colour::Black, Colour::White].map(|c| fmt_time(self.left(c)));
        let [bw, ww] = widths;
        format!("black {b:>bw$}, white {w:>ww$}")
    }
}

/// `1:02:03`, `9:58`, or with tenths under ten seconds: `0:07.4`; rounded up, as clocks show
/// time left (a fresh ten minutes reads `10:00`, not `9:59`).
pub fn fmt_time(d: Duration) -> String {
    let tenths = d.as_millis().div_ceil(100) as u64;
    if tenths < 100 {
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let secs = d.as_millis().div_ceil(1000) as u64;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_bad_ones_say_why() {
        let t = |s| TimeControl::parse(s);
        assert_eq!(t("10m").unwrap().main, Duration::from_secs(600));
        let c = t("10m+5s").unwrap();
        assert_eq!((c.main.as_secs(), c.increment.as_secs()), (600, 5));
        assert_eq!(t("1h30m").unwrap().main.as_secs(), 5400);
        assert_eq!(t("90").unwrap().main.as_secs(), 90);
        assert_eq!(t("0.5s").unwrap().main.as_millis(), 500);
        for bad in ["", "10x", "0s", "10m+", "m", "5m3", "-3s", "nan"] {
            let e = t(bad).unwrap_err();
            assert!(e.contains("expected main time"), "{bad}: {e}");
        }
    }

    #[test]
    fn clocks_hold_at_most_a_day() {
        for long in ["100000h+1s", "10m+1e300", "24h1s", "1e400"] {
            let e = TimeControl::parse(long).unwrap_err();
            assert!(
                e.contains("at most 24h") || e.contains("not a time"),
                "{long}: {e}"
            );
        }
        let c = TimeControl::parse("24h+24h").unwrap();
        assert_eq!((c.main, c.increment), (DAY, DAY));
        let mut clock = Clock::new(c);
        assert!(clock.moved(Colour::Black));
        assert_eq!(clock.left(Colour::Black), DAY);
        assert_eq!(seconds_arg("--move-time", 1e30).unwrap(), DAY);
        assert_eq!(seconds_arg("--move-time", 0.5).unwrap().as_millis(), 500);
        for bad in [-1.0, f64::NAN] {
            let e = seconds_arg("--move-time", bad).unwrap_err();
            assert!(e.contains("--move-time"), "{e}");
        }
    }

    #[test]
    fn a_move_charges_the_mover_and_adds_the_increment() {
        let mut clock = Clock::new(TimeControl::parse("10s+2s").unwrap());
        clock.start(Colour::Black);
        assert!(clock.moved(Colour::Black));
        assert!(clock.left(Colour::Black) > Duration::from_millis(11_900));
        assert_eq!(clock.left(Colour::White), Duration::from_secs(10));
        assert_eq!(fmt_time(Duration::from_millis(7_400)), "0:07.4");
        assert_eq!(fmt_time(Duration::from_secs(598)), "9:58");
        assert_eq!(fmt_time(Duration::from_secs(3723)), "1:02:03");
    }
}
