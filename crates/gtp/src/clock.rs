//! genmove's clock: the time settings the controller gave (`time_settings`), the time left per
//! colour as `time_left` last said, less what the engine's own genmoves have spent since. A controller
//! need not send `time_left` (gogui-twogtp sends only `time_settings`): the engine then keeps the
//! account itself, so its moves together stay within the main time.
//!
//! Byo-yomi is Canadian, as GTP's: after the main time, `byo` seconds for every `stones` moves.

use stones_core::Colour;

/// The controller's clock and the engine's account of it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    /// `time_settings`: main time, byo-yomi time, byo-yomi stones (seconds).
    settings: Option<(u32, u32, u32)>,
    /// Per colour: seconds left in the current period, and stones left in it (0: main time).
    left: [Option<(f64, u32)>; 2],
}

/// The least time a move is given, however little is left.
const MIN_MOVE: f64 = 0.01;

impl Clock {
    /// `time_settings main byo_yomi stones`: both colours start with the main time (in byo-yomi at
    /// once when there is none). `byo_yomi > 0` with `stones == 0` means no limit, as GTP says.
    pub fn set(&mut self, main: u32, byo: u32, stones: u32) {
        self.settings = Some((main, byo, stones));
        self.restart();
    }

    /// A new game: both colours get the full time of the settings again.
    pub fn restart(&mut self) {
        let start = match self.settings {
            Some((main, _, _)) if main > 0 => Some((main as f64, 0)),
            Some((_, byo, stones)) if byo > 0 && stones > 0 => Some((byo as f64, stones)),
            _ => None,
        };
        self.left = [start; 2];
    }

    /// `time_left colour seconds stones` (0 stones: in main time).
    pub fn time_left(&mut self, c: Colour, seconds: u32, stones: u32) {
        self.left[c.idx()] = Some((seconds as f64, stones));
    }

    /// The seconds for one move of `c` on a board with `empty` empty points (about a third of them,
    /// at least 15, are taken to be its moves to come); 1 s without time settings or with no limit.
    pub fn move_time(&self, c: Colour, empty: usize) -> f64 {
        let moves_left = (empty as f64 / 3.0).max(15.0);
        let byo_share = match self.settings {
            Some((_, byo, stones)) if byo > 0 && stones > 0 => byo as f64 / stones as f64 * 0.8,
            _ => 0.0,
        };
        let seconds = match self.left[c.idx()] {
            Some((t, stones)) if stones > 0 => t / stones as f64 * 0.8,
            Some((t, _)) => t.max(0.0) / moves_left + byo_share,
            None => 1.0,
        };
        seconds.clamp(MIN_MOVE, 3600.0)
    }

    /// Takes `seconds`, spent by a genmove of `c`, off its time: from the main time, then from the
    /// byo-yomi period, this move counted among its stones (a new period when they are all played).
    pub fn spend(&mut self, c: Colour, seconds: f64) {
        let (Some((_, byo, stones)), Some((t, s))) = (self.settings, &mut self.left[c.idx()])
        else {
            return;
        };
        *t -= seconds;
        if *s == 0 {
            if *t >= 0.0 || byo == 0 || stones == 0 {
                *t = t.max(0.0);
                return;
            }
            // The main time ran out during this move: the rest came out of the first period.
            *t += byo as f64;
            *s = stones;
        }
        *s -= 1;
        if *s == 0 {
            *t = byo as f64;
            *s = stones;
        }
        *t = t.max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black, White};

    #[test]
    fn without_settings_a_move_takes_a_second() {
        let mut clock = Clock::default();
        assert_eq!(clock.move_time(Black, 90), 1.0);
        clock.spend(Black, 5.0);
        assert_eq!(clock, Clock::default());
        // time_settings 0 1 0 is GTP's "no time limit" (GoGui sends it).
        clock.set(0, 1, 0);
        assert_eq!(clock.move_time(White, 90), 1.0);
    }

    #[test]
    fn main_time_alone_is_never_overspent() {
        // time_settings 120 0 0 and no time_left, as gogui-twogtp -time 2m plays: before the engine
        // kept its own account, every move got 120/27 s and a 45-move game took 200 s.
        let mut clock = Clock::default();
        clock.set(120, 0, 0);
        let mut total = 0.0;
        for _ in 0..200 {
            let t = clock.move_time(Black, 81);
            total += t;
            clock.spend(Black, t);
        }
        assert!(total <= 120.0 + 200.0 * MIN_MOVE, "{total}");
        assert!(total > 110.0, "{total}: most of the time is used");
        assert_eq!(
            clock.move_time(White, 81),
            120.0 / 27.0,
            "White's clock is its own"
        );
    }

    #[test]
    fn byo_yomi_after_the_main_time() {
        let mut clock = Clock::default();
        clock.set(10, 30, 5);
        assert_eq!(clock.move_time(Black, 30), 10.0 / 15.0 + 30.0 / 5.0 * 0.8);
        // 12 s spent: the main time is gone and 2 s came from the first period, whose first stone
        // this move was.
        clock.spend(Black, 12.0);
        assert_eq!(clock.left[Black.idx()], Some((28.0, 4)));
        assert!((clock.move_time(Black, 30) - 28.0 / 4.0 * 0.8).abs() < 1e-9);
        for _ in 0..3 {
            clock.spend(Black, 1.0);
        }
        assert_eq!(clock.left[Black.idx()], Some((25.0, 1)));
        clock.spend(Black, 1.0);
        assert_eq!(
            clock.left[Black.idx()],
            Some((30.0, 5)),
            "a new period after 5 stones"
        );
        // Only byo-yomi from the start.
        clock.set(0, 30, 5);
        assert_eq!(clock.left[White.idx()], Some((30.0, 5)));
        // A new game gives the full time again.
        clock.spend(White, 29.0);
        clock.restart();
        assert_eq!(clock.left[White.idx()], Some((30.0, 5)));
    }

    #[test]
    fn time_left_overrides_the_account() {
        let mut clock = Clock::default();
        clock.set(300, 30, 5);
        clock.spend(White, 100.0);
        assert_eq!(clock.left[White.idx()], Some((200.0, 0)));
        clock.time_left(White, 50, 0);
        assert_eq!(clock.move_time(White, 75), 50.0 / 25.0 + 30.0 / 5.0 * 0.8);
        clock.time_left(White, 20, 2);
        assert_eq!(clock.move_time(White, 75), 20.0 / 2.0 * 0.8);
        // Out of time with no byo-yomi: the least time, not a negative one.
        clock.set(1, 0, 0);
        clock.spend(Black, 5.0);
        assert_eq!(clock.move_time(Black, 75), MIN_MOVE);
    }
}
