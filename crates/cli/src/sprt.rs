//! The sequential probability ratio test a match stops on (`stones match --sprt ELO0,ELO1`), as
//! cutechess-cli computes it: the BayesElo model with the draw rate read from the games so far,
//! the log-likelihood ratio of "the first player is ELO1 stronger" against "ELO0 stronger" over
//! the wins, draws and losses, and Wald's bounds for errors α and β (5% each). One difference:
//! the draw rate is read with half a win and half a loss added, so that a one-sided match (every
//! game won) is decided after a few dozen games; cutechess-cli waits for a win and a loss.

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Go on: the log-likelihood ratio (`None` while every game was drawn).
    Continue(Option<f64>),
    /// H1: the first player is at least ELO1 stronger.
    H1(f64),
    /// H0: the first player is at most ELO0 stronger.
    H0(f64),
}

impl Sprt {
    /// `ELO0,ELO1` (ELO0 < ELO1), with α = β = 0.05.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt {text}: expected ELO0,ELO1 with ELO0 < ELO1, as 0,50");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1): (f64, f64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo1 - elo0 <= 2000.0) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// Wald's lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `wins`, `draws` and `losses` of the first
    /// player; `None` while no game was won or lost.
    pub fn llr(&self, wins: u32, draws: u32, losses: u32) -> Option<f64> {
        if wins + losses == 0 {
            return None;
        }
        // The draw rate's estimate, with half a win and half a loss added (see the module doc).
        let n = f64::from(wins + draws + losses) + 1.0;
        let (w, l) = ((f64::from(wins) + 0.5) / n, (f64::from(losses) + 0.5) / n);
        // The draw Elo and the scale from logistic Elo to BayesElo.
        let draw_elo = 200.0 * (((1.0 - l) / l) * ((1.0 - w) / w)).log10();
        let x = 10f64.powf(-draw_elo / 400.0);
        let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
        let probs = |elo: f64| {
            let bayes = elo / scale;
            let win = 1.0 / (1.0 + 10f64.powf((draw_elo - bayes) / 400.0));
            let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + bayes) / 400.0));
            (win, 1.0 - win - loss, loss)
        };
        let (w0, d0, l0) = probs(self.elo0);
        let (w1, d1, l1) = probs(self.elo1);
        let mut llr = f64::from(wins) * (w1 / w0).ln() + f64::from(losses) * (l1 / l0).ln();
        if draws > 0 {
            llr += f64::from(draws) * (d1 / d0).ln();
        }
        llr.is_finite().then_some(llr)
    }

    /// Whether the test has decided after these results.
    pub fn verdict(&self, wins: u32, draws: u32, losses: u32) -> Verdict {
        let (low, high) = self.bounds();
        match self.llr(wins, draws, losses) {
            Some(llr) if llr >= high => Verdict::H1(llr),
            Some(llr) if llr <= low => Verdict::H0(llr),
            llr => Verdict::Continue(llr),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_walds_for_five_percent_errors() {
        let s = Sprt::parse("0,50").unwrap();
        let (low, high) = s.bounds();
        assert!((low + 2.944).abs() < 1e-3 && (high - 2.944).abs() < 1e-3);
        for bad in ["50,0", "0", "a,b", "0,inf", "5,5"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clear_difference_decides_early_and_an_even_match_accepts_h0() {
        let s = Sprt::parse("0,50").unwrap();
        assert_eq!(s.verdict(0, 4, 0), Verdict::Continue(None));
        assert!(matches!(s.verdict(5, 0, 0), Verdict::Continue(Some(x)) if x > 0.0));
        // Every game won, or 90%: far above +50 Elo, decided within a few dozen games.
        for (w, l) in [(30, 0), (27, 3)] {
            assert!(matches!(s.verdict(w, 0, l), Verdict::H1(_)), "{w}-{l}");
        }
        assert!(matches!(s.verdict(0, 0, 30), Verdict::H0(_)));
        // Even: at or below 0, decided for H0 over a few hundred games.
        assert!(matches!(s.verdict(200, 50, 200), Verdict::H0(_)));
        assert!(matches!(s.verdict(6, 2, 5), Verdict::Continue(Some(_))));
    }

    #[test]
    fn the_ratio_grows_with_wins_and_falls_with_losses() {
        let s = Sprt::parse("-10,10").unwrap();
        let base = s.llr(10, 5, 10).unwrap();
        assert!(
            base.abs() < 1e-9,
            "an even record is as likely under both: {base}"
        );
        assert!(s.llr(12, 5, 10).unwrap() > base);
        assert!(s.llr(10, 5, 12).unwrap() < base);
    }
}
