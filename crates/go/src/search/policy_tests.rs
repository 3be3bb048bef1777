//! The playout policy: which capture or rescue it picks after a move, and what it will not play.

use super::test_boards::{after_white, point};
use crate::game::{GoGame, GoMove};
use stones_core::{Colour, Game, Point, Rng};

fn urgent(g: &GoGame) -> Option<Point> {
    match g.last_move() {
        Some(GoMove::Play(last)) => g.urgent_point(last),
        _ => None,
    }
}

#[test]
fn the_larger_of_a_capture_and_a_rescue_comes_first() {
    // White's D5 ataris Black's D4 (which could run to C4), while White's E6 F6 G6, diagonal to D5,
    // has one liberty left, E5: taking three stones beats saving one.
    let g = after_white(
        [
            ".........",
            ".........",
            "....XXX..",
            "...XOOOX.",
            ".....XX..",
            "...XO....",
            "...O.....",
            ".........",
            ".........",
        ],
        "D5",
    );
    assert_eq!(g.board().chain_size(point(&g, "E6")), 3);
    assert_eq!(
        g.board().atari_point(point(&g, "E6")),
        Some(point(&g, "E5"))
    );
    assert_eq!(
        g.board().atari_point(point(&g, "D4")),
        Some(point(&g, "C4"))
    );
    assert_eq!(urgent(&g), Some(point(&g, "E5")));
}

#[test]
fn a_rescue_that_a_ladder_catches_is_not_urgent() {
    // White's D5 ataris Black's D6 (liberty E6); extending leaves two liberties, E7 and F6, and the
    // ladder runs up to the right with nothing in its way.
    let ladder = [
        ".........",
        ".........",
        "...O.....",
        "..OX.....",
        "....O....",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let g = after_white(ladder, "D5");
    assert_eq!(
        g.board().atari_point(point(&g, "D6")),
        Some(point(&g, "E6"))
    );
    assert_eq!(urgent(&g), None);
    // A Black stone on the ladder's path (G8) breaks it: now the extension is the reply.
    let mut broken = ladder;
    broken[1] = "......X..";
    let g = after_white(broken, "D5");
    assert_eq!(urgent(&g), Some(point(&g, "E6")));
}

#[test]
fn a_playout_passes_rather_than_fill_a_shared_liberty_of_a_seki() {
    // Each side's one chain has the same two liberties, E9 and E8: a stone on either leaves the
    // mover's whole chain in atari, to be taken. The count leaves both alive; the playout passes.
    let g = after_white(
        [
            "XXXX.OOOO",
            "XXXX.OOOO",
            "XXXXXOOOO",
            "XXXXXOOOO",
            "XXXXXOOOO",
            "XXXXXOOOO",
            "XXXXXOOOO",
            "XXXXXOOOO",
            "XXXXXOOO.",
        ],
        "J1",
    );
    for name in ["E9", "E8"] {
        let p = point(&g, name);
        assert!(crate::search::big_self_atari(
            g.board(),
            g.topology(),
            p,
            Colour::Black
        ));
    }
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        assert_eq!(g.policy_move(&mut rng), GoMove::Pass, "seed {seed}");
    }
}
