//! The playout policy's urgent replies: which capture or rescue it picks after a move.

use crate::game::{GoGame, GoMove};
use crate::rules::GoRules;
use stones_core::{BoardSize, Colour, Game, Point};

/// A 9×9 game with the stones of `rows` (top row first; `X` Black, `O` White), then `last` played by
/// White, Black to move.
fn after_white(rows: [&str; 9], last: &str) -> GoGame {
    let rules = GoRules {
        size: BoardSize::square(9),
        ..GoRules::default()
    };
    let mut g = GoGame::new(rules).unwrap();
    let stones: Vec<Option<Colour>> = rows
        .iter()
        .flat_map(|row| row.bytes())
        .map(|b| match b {
            b'X' => Some(Colour::Black),
            b'O' => Some(Colour::White),
            _ => None,
        })
        .collect();
    g.set_position(&stones, Colour::White).unwrap();
    let mv = g.parse_move(last).unwrap();
    g.play(mv).unwrap();
    g
}

fn point(g: &GoGame, name: &str) -> Point {
    g.topology().parse_point(name).unwrap()
}

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
