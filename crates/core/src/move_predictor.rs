//! Fitting a move predictor to played games: Coulom's generalised Bradley-Terry model ("Computing
//! Elo Ratings of Move Patterns in the Game of Go", 2007). Each candidate move has one feature
//! value in each of `G` groups and a strength, the product of its values' gammas; its probability
//! is its strength over the sum of every candidate's. Each position is a contest that the move
//! played won; minorisation-maximisation sets one group's gammas at a time to the values that best
//! explain the contests with the others held, which never lowers the likelihood. A game's own
//! module says what its groups are (Go's `search::shapes`, Hex's `shapes`).

use std::path::PathBuf;

/// The positions to fit: for each, the features of every candidate, the move played first.
#[derive(Clone, Debug)]
pub struct Contests<const G: usize> {
    candidates: Vec<[u16; G]>,
    /// Where each position's candidates start in `candidates` (and one past the last).
    starts: Vec<usize>,
}

impl<const G: usize> Default for Contests<G> {
    fn default() -> Self {
        Contests::new()
    }
}

impl<const G: usize> Contests<G> {
    /// No positions yet.
    pub fn new() -> Self {
        Contests {
            candidates: Vec::new(),
            starts: vec![0],
        }
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds a position: the features of the move played, then of every other candidate.
    pub fn push(&mut self, played: [u16; G], others: impl IntoIterator<Item = [u16; G]>) {
        self.candidates.push(played);
        self.candidates.extend(others);
        self.starts.push(self.candidates.len());
    }

    /// The positions' candidates, the one played first.
    pub fn positions(&self) -> impl Iterator<Item = &[[u16; G]]> {
        self.starts.windows(2).map(|w| &self.candidates[w[0]..w[1]])
    }

    /// Makes every value of `group` seen among fewer than `rare` candidates `other` (values below
    /// `size`), so that they share one gamma; returns how often each value was seen before.
    pub fn pool(&mut self, group: usize, size: usize, rare: u32, other: u16) -> Vec<u32> {
        let mut seen = vec![0u32; size];
        for f in &self.candidates {
            seen[f[group] as usize] += 1;
        }
        for f in &mut self.candidates {
            if seen[f[group] as usize] < rare {
                f[group] = other;
            }
        }
        seen
    }
}

/// The strength of a candidate with features `f`: the product of its values' gammas.
#[inline]
pub fn strength<const G: usize>(gammas: &[Vec<f32>; G], f: &[u16; G]) -> f32 {
    (0..G).map(|g| gammas[g][f[g] as usize]).product()
}

/// The mean log-probability `gammas` give the move played, and how often it is the one they rate
/// highest (ties against it).
pub fn quality<const G: usize>(contests: &Contests<G>, gammas: &[Vec<f32>; G]) -> (f64, f64) {
    let (mut log, mut top) = (0.0, 0usize);
    for cands in contests.positions() {
        let chosen = strength(gammas, &cands[0]);
        let total: f64 = cands.iter().map(|f| strength(gammas, f) as f64).sum();
        log += (chosen as f64 / total).ln();
        top += usize::from(cands[1..].iter().all(|f| strength(gammas, f) < chosen));
    }
    let n = contests.len().max(1) as f64;
    (log / n, top as f64 / n)
}

/// Fits gammas (group `g` has `sizes[g]` values) to `contests` in `rounds` rounds, each updating
/// every group once; `report` hears the [`quality`] after each round. A value never seen keeps
/// gamma 1; each value's gamma is fitted as if it had also won once and lost once against a
/// gamma of 1, so that one seldom seen stays near 1.
///
/// # Examples
///
/// ```
/// use stones_core::move_predictor::{fit, Contests};
///
/// // One group of three values; the move played always has value 2.
/// let mut contests = Contests::<1>::new();
/// for _ in 0..20 {
///     contests.push([2], [[0], [1], [1]]);
/// }
/// let gammas = fit(&contests, [3], 10, |_, _| {});
/// assert!(gammas[0][2] > 5.0 * gammas[0][1]);
/// ```
pub fn fit<const G: usize>(
    contests: &Contests<G>,
    sizes: [usize; G],
    rounds: usize,
    mut report: impl FnMut(usize, (f64, f64)),
) -> [Vec<f32>; G] {
    let mut gammas = sizes.map(|n| vec![1.0f32; n]);
    let mut wins = sizes.map(|n| vec![0.0f32; n]);
    for cands in contests.positions() {
        for (g, &v) in cands[0].iter().enumerate() {
            wins[g][v as usize] += 1.0;
        }
    }
    let mut denominator: Vec<f64> = Vec::new();
    for round in 0..rounds {
        for g in 0..G {
            denominator.clear();
            denominator.resize(sizes[g], 0.0);
            for cands in contests.positions() {
                let total: f64 = cands.iter().map(|f| strength(&gammas, f) as f64).sum();
                for f in cands {
                    let v = f[g] as usize;
                    denominator[v] += (strength(&gammas, f) / gammas[g][v]) as f64 / total;
                }
            }
            for (v, gamma) in gammas[g].iter_mut().enumerate() {
                let won = wins[g][v] as f64 + 1.0;
                let played = denominator[v] + 2.0 / (*gamma as f64 + 1.0);
                if denominator[v] > 0.0 {
                    *gamma = (won / played) as f32;
                }
            }
        }
        report(round + 1, quality(contests, &gammas));
    }
    gammas
}

/// A tree's priors from a move predictor: `out` holds each step's strength (the pair's first
/// value) on entry, and on return each step's `(value, weight)`: its own `prior` (`(value,
/// weight)`: `weight` visits worth `value`), `even` visits worth a half, and `shape · √p` wins over
/// as many visits, `p` its strength over the sum of every step's (Pachi's way of weighing its
/// predictor).
pub fn mix_priors<S: Copy>(
    out: &mut [(f32, f32)],
    steps: &[S],
    even: f32,
    shape: f32,
    prior: impl Fn(S) -> (f32, f32),
) {
    let total: f32 = out.iter().map(|o| o.0).sum();
    for (o, &s) in out.iter_mut().zip(steps) {
        let shape_wins = shape * (o.0 / total.max(f32::MIN_POSITIVE)).sqrt();
        let (value, weight) = prior(s);
        let wins = value * weight + 0.5 * even + shape_wins;
        let visits = weight + even + shape_wins;
        *o = (wins / visits, visits);
    }
}

/// Reads the gammas text the fitting tools write: `group value gamma` a line, `#` comments and
/// blank lines skipped. Each line goes to `set` with its gamma (finite and positive); `set` names
/// what it refuses (an unknown group or value), and the `Err` names the line.
pub fn read_gammas(
    text: &str,
    mut set: impl FnMut(&str, &str, f32) -> Result<(), &'static str>,
) -> Result<(), String> {
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("shapes line {}: {what}: {line:?}", i + 1);
        let [group, value, gamma] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(bad("want `group value gamma`"));
        };
        let gamma: f32 = gamma.parse().map_err(|_| bad("gamma is not a number"))?;
        if !(gamma.is_finite() && gamma > 0.0) {
            return Err(bad("gamma must be positive"));
        }
        set(group, value, gamma).map_err(bad)?;
    }
    Ok(())
}

/// Adds each of `files` through `add`, telling on stderr (as `tool`) each one it skips and why;
/// the number added.
pub fn add_all(
    tool: &str,
    files: &[PathBuf],
    mut add: impl FnMut(&std::path::Path) -> Result<(), String>,
) -> usize {
    let mut added = 0;
    for path in files {
        match add(path) {
            Ok(()) => added += 1,
            Err(e) => eprintln!("{tool}: {}: skipped: {e}", path.display()),
        }
    }
    added
}

/// The files of `folders` named `*.extension`, each folder's in name order: the records a fitting
/// tool reads. `Err` names a folder it cannot read.
pub fn files_in(folders: &[String], extension: &str) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for folder in folders {
        let entries =
            std::fs::read_dir(folder).map_err(|e| format!("cannot read {folder}: {e}"))?;
        let mut found: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        found.retain(|p| p.extension().is_some_and(|x| x == extension));
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Tells a fit's round and its [`quality`] on stderr, as the fitting tools do.
pub fn tell_round(round: usize, quality: (f64, f64)) {
    eprintln!(
        "round {round}: mean log-likelihood {:.4}, top choice {:.1}%",
        quality.0,
        100.0 * quality.1
    );
}

/// The comment lines a fitting tool writes above its gammas: what they are (`what`), the command
/// and its games (`made_by`), and how well they predict those games.
pub fn header(what: &str, made_by: &str, quality: (f64, f64)) -> String {
    format!(
        "# {what}, written by\n# {made_by}:\n\
         # mean log-likelihood of the move played {:.4}, the move played rated highest {:.1}%.\n",
        quality.0,
        100.0 * quality.1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_likelihood_never_falls_and_two_groups_are_told_apart() {
        // Group 0 decides (value 1 is always played); group 1 is noise spread evenly.
        let mut contests = Contests::<2>::new();
        for i in 0..60u16 {
            contests.push([1, i % 3], (0..5).map(|k| [0, (i + k) % 3]));
        }
        let mut seen = Vec::new();
        let gammas = fit(&contests, [2, 3], 8, |_, q| seen.push(q.0));
        assert!(seen.windows(2).all(|w| w[1] >= w[0] - 1e-9), "{seen:?}");
        assert!(gammas[0][1] > 10.0 * gammas[0][0], "{gammas:?}");
        let spread = gammas[1]
            .iter()
            .fold(0.0f32, |m, &g| m.max((g - 1.0).abs()));
        assert!(spread < 0.5, "noise stays near 1: {gammas:?}");
        // Played rated highest in every position once fitted.
        assert_eq!(quality(&contests, &gammas).1, 1.0);
    }

    #[test]
    fn priors_mix_the_own_the_even_and_the_predicted() {
        // Strengths 3 and 1: p = 3/4 and 1/4; the second step has an own prior of 4 wins in 4.
        let mut out = [(3.0, 0.0), (1.0, 0.0)];
        mix_priors(&mut out, &[0, 1], 10.0, 100.0, |s| {
            if s == 1 {
                (1.0, 4.0)
            } else {
                (0.5, 0.0)
            }
        });
        let (a, b) = (100.0 * 0.75f32.sqrt(), 100.0 * 0.25f32.sqrt());
        assert_eq!(out[0], ((5.0 + a) / (10.0 + a), 10.0 + a));
        assert_eq!(out[1], ((4.0 + 5.0 + b) / (14.0 + b), 14.0 + b));
    }

    #[test]
    fn rare_values_are_pooled() {
        let mut contests = Contests::<1>::new();
        contests.push([3], [[4], [4], [4]]);
        let seen = contests.pool(0, 6, 2, 5);
        assert_eq!(seen, [0, 0, 0, 1, 3, 0]);
        assert_eq!(contests.positions().next().unwrap(), [[5], [4], [4], [4]]);
    }
}
