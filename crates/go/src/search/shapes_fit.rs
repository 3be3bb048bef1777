//! Fitting [`Gammas`] to played games ([`stones_core::move_predictor`]: Coulom's
//! minorisation-maximisation): each position is a contest that the point played won among every
//! point the mover could take.

use super::shapes::{features, recent_stones, Gammas, GROUPS, OTHER_SHAPES, SIZES};
use crate::game::GoGame;
use stones_core::move_predictor::{self, Contests};
use stones_core::{Game, Point};

/// Shapes seen among fewer candidates than this share one gamma (`shape other`).
const RARE: u32 = 50;

/// The positions to fit: for each, the features of every candidate, the point played first.
#[derive(Default)]
pub struct Samples(Contests<GROUPS>);

impl Samples {
    /// No positions yet.
    pub fn new() -> Samples {
        Samples(Contests::new())
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
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
        let others = board.empty_points().filter(|&p| p != played && ok(p));
        self.0.push(
            features(board, topo, played, me, recent),
            others.map(|p| features(board, topo, p, me, recent)),
        );
        true
    }
}

/// The mean log-probability the gammas give the point played, and how often it is the one they
/// rate highest (ties against it).
pub fn quality(samples: &Samples, gammas: &Gammas) -> (f64, f64) {
    move_predictor::quality(&samples.0, &gammas.0)
}

/// Fits gammas to `samples` in `rounds` rounds (each updates every group once); `report` hears the
/// [`quality`] after each round. Rare shapes share one gamma (written for each of them too, so the
/// result needs no pooling to be used).
pub fn fit(mut samples: Samples, rounds: usize, report: impl FnMut(usize, (f64, f64))) -> Gammas {
    let seen = samples.0.pool(0, SIZES[0], RARE, OTHER_SHAPES);
    let mut gammas = Gammas(move_predictor::fit(&samples.0, SIZES, rounds, report));
    let other = gammas.0[0][OTHER_SHAPES as usize];
    for (v, gamma) in gammas.0[0].iter_mut().enumerate() {
        if seen[v] < RARE && v != OTHER_SHAPES as usize {
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
