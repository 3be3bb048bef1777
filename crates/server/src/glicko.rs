//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and
//! volatility per player, updated after each rated game (one game is one rating period).

/// The system constant τ: how much the volatility may change (Glickman suggests 0.3 to 1.2).
const TAU: f64 = 0.5;
/// Glicko-2's scale: rating = 173.7178 μ + 1500.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 1e-6;

/// A player's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation (RD).
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, RD 350, volatility 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after games against `results`: (the opponent's rating before, the score: 1 a
    /// win, 0.5 a draw, 0 a loss).
    pub fn after(self, results: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if results.is_empty() {
            let phi = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(350.0),
                ..self
            };
        }
        let opp: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|(r, s)| ((r.rating - 1500.0) / SCALE, r.deviation / SCALE, *s))
            .collect();
        let v = 1.0
            / opp
                .iter()
                .map(|&(mj, pj, _)| {
                    let e = expected(mu, mj, pj);
                    g(pj) * g(pj) * e * (1.0 - e)
                })
                .sum::<f64>();
        let delta_sum: f64 = opp
            .iter()
            .map(|&(mj, pj, s)| g(pj) * (s - expected(mu, mj, pj)))
            .sum();
        let delta = v * delta_sum;
        // The new volatility: Illinois algorithm on f(x) = 0.
        let a = (self.volatility * self.volatility).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 1000.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        let mut steps = 0;
        while (big_b - big_a).abs() > EPSILON && steps < 200 {
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
            steps += 1;
        }
        let volatility = (big_a / 2.0).exp();
        let phi_star = (phi * phi + volatility * volatility).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * delta_sum;
        Rating {
            rating: SCALE * mu_new + 1500.0,
            deviation: (SCALE * phi_new).min(350.0),
            volatility,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let r = player.after(&[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ]);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_no_game_widens_the_deviation() {
        let a = Rating::default();
        let b = Rating::default();
        assert!(a.after(&[(b, 1.0)]).rating > 1500.0);
        assert!(a.after(&[(b, 0.0)]).rating < 1500.0);
        assert!((a.after(&[(b, 0.5)]).rating - 1500.0).abs() < 1e-9);
        let settled = Rating {
            deviation: 50.0,
            ..a
        };
        assert!(settled.after(&[]).deviation > 50.0);
    }
}
