//! Small puzzles the search must solve: a Gomoku four to complete and one to block, a Go chain in
//! atari to capture, a Dots enclosure to close.

mod common;
use common::{best, game, with_stones};
use stones_core::Colour;
use stones_dots::DotsGame;
use stones_go::GoGame;
use stones_gomoku::Gomoku;

#[test]
fn gomoku_completes_its_four_and_proves_the_win() {
    let g: Gomoku = game("freestyle", &[]);
    let g = with_stones(g, "H8 J8 K8 L8", "H9 J9 K9 B2", Colour::Black);
    let (mv, proven) = best(&g, 200);
    assert!(mv == "G8" || mv == "M8", "{mv}");
    assert!(proven);
}

#[test]
fn gomoku_blocks_the_only_five() {
    // White's four G10–K10 is closed at F10; L10 is White's only five, and Black has no four.
    let g: Gomoku = game("standard", &[]);
    let g = with_stones(g, "F10 B2 C3 D4", "G10 H10 J10 K10", Colour::Black);
    assert_eq!(best(&g, 300).0, "L10");
}

#[test]
fn go_captures_the_chain_in_atari() {
    // White's three stones D5 E5 F5 have one liberty left, G5; Black takes them.
    let g: GoGame = game("chinese", &[("size", "9")]);
    let g = with_stones(g, "C5 D4 E4 F4 D6 E6 F6", "D5 E5 F5", Colour::Black);
    assert_eq!(best(&g, 3000).0, "G5");
}

#[test]
fn go_escapes_when_the_opponent_is_in_atari_the_other_way() {
    // The same shape with White to move: White extends at G5 to save the three stones.
    let g: GoGame = game("chinese", &[("size", "9")]);
    let g = with_stones(g, "C5 D4 E4 F4 D6 E6 F6", "D5 E5 F5", Colour::White);
    assert_eq!(best(&g, 3000).0, "G5");
}

#[test]
fn dots_closes_the_enclosure() {
    // Black's E5, F6, G5 surround White's F5 on three sides: F4 closes the ring and takes it.
    let g: DotsGame = game("grounding", &[("size", "[12, 10]")]);
    let g = with_stones(g, "E5 F6 G5 B2", "F5 J8 K2", Colour::Black);
    assert_eq!(best(&g, 3000).0, "F4");
}
