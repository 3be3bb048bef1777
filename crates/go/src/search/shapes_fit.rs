//! Fitting [`Gammas`] to played games by Coulom's minorisation-maximisation ("Computing Elo Ratings
//! of Move Patterns in the Game of Go", 2007): each position is a contest that the point played won
//! among every point the mover could take; one group's gammas at a time are set to the values that
//! best explain the contests with the others held, which never lowers the likelihood.

use super::shapes::{features, recent_stones, Features, Gammas, GROUPS, OTHER_SHAPES, SIZES};
use crate::game::GoGame;
use stones_core::{Game, Point};

/// Shapes seen among fewer candidates than this share one gamma (`shape other`).
const RARE: u32 = 50;

/// The positions to fit: for each, the features of every candidate, the point played first.
pub struct Samples {
    candidates: Vec<Features>,
    /// Where each position's candidates start in `candidates` (and one past the last).
    starts: Vec<usize>,
}

impl Default for Samples {
    fn default() -> Samples {
        Samples::new()
    }
}

impl Samples {
    /// No positions yet.
    pub fn new() -> Samples {
        Samples {
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

    /// Adds `game`'s position with `played` the stone its mover chose: the candidates are the
    /// points the search's tree lists (legal, not an own eye). False, nothing added, when `played`
    /// is not one of them.
    pub fn add(&mut self, game: &GoGame, played: Point) -> bool {
        let board = game.board();
        let topo = game.topology();
        let me = game.to_move();
        let recent = recent_stones(game);
        let ok = |p: Point| !game.is_own_eye(p) && game.stone_ok(p);
        if board.get(played).is_some() || !ok(played) {
            return false;
        }
        self.candidates
            .push(features(board, topo, played, me, recent));
        let others = board.empty_points().filter(|&p| p != played && ok(p));
        self.candidates
            .extend(others.map(|p| features(board, topo, p, me, recent)));
        self.starts.push(self.candidates.len());
        true
    }

    /// The positions' candidates, the one played first.
    fn positions(&self) -> impl Iterator<Item = &[Features]> {
        self.starts.windows(2).map(|w| &self.candidates[w[0]..w[1]])
    }

    /// Every shape seen among fewer than [`RARE`] candidates becomes [`OTHER_SHAPES`].
    fn pool_rare_shapes(&mut self) {
        let mut seen = vec![0u32; SIZES[0]];
        for f in &self.candidates {
            seen[f[0] as usize] += 1;
        }
        for f in &mut self.candidates {
            if seen[f[0] as usize] < RARE {
                f[0] = OTHER_SHAPES;
            }
        }
    }
}

/// The mean log-probability the gammas give the point played, and how often it is the one they
/// rate highest (ties against it).
pub fn quality(samples: &Samples, gammas: &Gammas) -> (f64, f64) {
    let (mut log, mut top) = (0.0, 0usize);
    for cands in samples.positions() {
        let chosen = gammas.strength(&cands[0]);
        let total: f64 = cands.iter().map(|f| gammas.strength(f) as f64).sum();
        log += (chosen as f64 / total).ln();
        top += usize::from(cands[1..].iter().all(|f| gammas.strength(f) < chosen));
    }
    let n = samples.len().max(1) as f64;
    (log / n, top as f64 / n)
}

/// Fits gammas to `samples` in `rounds` rounds (each updates every group once); `report` hears the
/// [`quality`] after each round. Rare shapes share one gamma (written for each of them too, so the
/// result needs no pooling to be used).
pub fn fit(
    mut samples: Samples,
    rounds: usize,
    mut report: impl FnMut(usize, (f64, f64)),
) -> Gammas {
    samples.pool_rare_shapes();
    let mut gammas = Gammas::even();
    let mut wins = Gammas(SIZES.map(|n| vec![0.0; n]));
    for cands in samples.positions() {
        for (g, &v) in cands[0].iter().enumerate() {
            wins.0[g][v as usize] += 1.0;
        }
    }
    let mut denominator: Vec<f64> = Vec::new();
    for round in 0..rounds {
        for g in 0..GROUPS {
            denominator.clear();
            denominator.resize(SIZES[g], 0.0);
            for cands in samples.positions() {
                let total: f64 = cands.iter().map(|f| gammas.strength(f) as f64).sum();
                for f in cands {
                    let v = f[g] as usize;
                    denominator[v] += (gammas.strength(f) / gammas.0[g][v]) as f64 / total;
                }
            }
            for (v, gamma) in gammas.0[g].iter_mut().enumerate() {
                // One win and one loss against a gamma of 1 keep a value seldom seen near 1.
                let won = wins.0[g][v] as f64 + 1.0;
                let played = denominator[v] + 2.0 / (*gamma as f64 + 1.0);
                if denominator[v] > 0.0 {
                    *gamma = (won / played) as f32;
                }
            }
        }
        report(round + 1, quality(&samples, &gammas));
    }
    let other = gammas.0[0][OTHER_SHAPES as usize];
    for (v, gamma) in gammas.0[0].iter_mut().enumerate() {
        if wins.0[0][v] == 0.0 && *gamma == 1.0 {
            *gamma = other;
        }
    }
    gammas
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GoMove;
    use crate::rules::GoRules;
    use stones_core::RuleSet;

    /// A 9x9 game after `moves` (points as `(x, y)`).
    fn game(moves: &[(i32, i32)]) -> GoGame {
        let rules = GoRules::load(Some("classic"), &["size=9".into()])
            .unwrap()
            .0;
        let mut g = GoGame::new(rules).unwrap();
        for &(x, y) in moves {
            let p = g.topology().at(x, y).unwrap();
            g.play(GoMove::Play(p)).unwrap();
        }
        g
    }

    #[test]
    fn a_player_who_always_answers_beside_the_last_stone_is_learnt() {
        let mut samples = Samples::new();
        // Openings far apart, each answered right beside the last stone.
        for i in 0..40 {
            let (x, y) = (1 + i % 7, 1 + (i * 3) % 7);
            let g = game(&[(x, y)]);
            let reply = g
                .topology()
                .at(x, y + 1)
                .or(g.topology().at(x, y - 1))
                .unwrap();
            assert!(samples.add(&g, reply));
        }
        assert_eq!(samples.len(), 40);
        let mut first = None;
        let mut last = (0.0, 0.0);
        let gammas = fit(samples, 8, |round, q| {
            if round == 1 {
                first = Some(q);
            }
            last = q;
        });
        let first = first.unwrap();
        assert!(
            last.0 >= first.0,
            "the likelihood never falls: {first:?} then {last:?}"
        );
        // 79 candidates: ln(1/79) = -4.37 knowing nothing; the four points beside the stone
        // shared equally, ln(1/4) = -1.39.
        assert!(last.0 > -2.0, "the replies are learnt: {last:?}");
        let beside = gammas.0[3][2];
        assert!(
            beside > gammas.0[3][9],
            "beside {beside}, far {}",
            gammas.0[3][9]
        );
    }

    #[test]
    fn a_default_set_of_samples_is_empty() {
        assert!(Samples::default().is_empty());
    }

    #[test]
    fn a_move_the_tree_would_not_list_is_no_sample() {
        let g = game(&[(4, 4)]);
        let mut samples = Samples::new();
        assert!(
            !samples.add(&g, g.topology().at(4, 4).unwrap()),
            "an occupied point"
        );
        assert!(samples.is_empty());
    }
}
