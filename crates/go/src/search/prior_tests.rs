//! The tree's priors: the tactical ones and the move predictor's share on top.

use super::test_boards::{after_white, point};
use super::{EVEN_PRIOR, SHAPE_PRIOR};
use crate::game::GoMove;
use stones_core::SearchGame;

const EMPTY: &str = ".........";

/// Every step of the game's tree with its prior `(value, weight)`.
fn priors(g: &crate::GoGame) -> Vec<(GoMove, (f32, f32))> {
    let mut steps = Vec::new();
    g.steps(&[], &mut steps);
    let mut out = Vec::new();
    g.priors(&[], &steps, &mut out);
    assert_eq!(out.len(), steps.len());
    steps.into_iter().zip(out).collect()
}

/// Black's C7 and White's E5, Black to move.
fn black_c7_white_e5() -> crate::GoGame {
    let rows = [
        EMPTY,
        EMPTY,
        "..X......",
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
    ];
    after_white(rows, "E5")
}

fn prior_of(all: &[(GoMove, (f32, f32))], mv: GoMove) -> (f32, f32) {
    all.iter().find(|(s, _)| *s == mv).unwrap().1
}

#[test]
fn every_step_starts_even_or_better_weighted_and_a_pass_bad() {
    let g = black_c7_white_e5();
    let all = priors(&g);
    for &(s, (value, weight)) in &all {
        if s == GoMove::Pass {
            assert!(value < 0.2, "a pass before the opponent's: {value}");
            continue;
        }
        assert!((0.5..1.0).contains(&value), "{s:?}: {value}");
        assert!(
            weight > EVEN_PRIOR && weight < EVEN_PRIOR + SHAPE_PRIOR,
            "{s:?}: {weight}"
        );
    }
}

#[test]
fn a_contact_reply_is_rated_over_a_far_first_line_point() {
    let g = black_c7_white_e5();
    let all = priors(&g);
    let beside = prior_of(&all, GoMove::Play(point(&g, "E6"))).0;
    let corner = prior_of(&all, GoMove::Play(point(&g, "A1"))).0;
    assert!(
        beside > corner + 0.1,
        "beside {beside}, the far corner {corner}"
    );
}

#[test]
fn taking_a_stone_in_atari_is_the_best_rated_step() {
    // White's last stone, D5, is in atari: Black takes it on E5.
    let rows = [
        EMPTY,
        EMPTY,
        EMPTY,
        "...X.....",
        "..X......",
        "...X.....",
        EMPTY,
        EMPTY,
        EMPTY,
    ];
    let g = after_white(rows, "D5");
    let all = priors(&g);
    let take = GoMove::Play(point(&g, "E5"));
    let best = all.iter().max_by(|a, b| a.1 .0.total_cmp(&b.1 .0)).unwrap();
    assert_eq!(best.0, take, "{:?}", best);
    assert!(prior_of(&all, take).0 > 0.9);
}
