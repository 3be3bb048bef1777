//! Short matches: the search with a small budget beats random play in every game.

mod common;
use common::{game, wins_against_random};
use stones_dots::DotsGame;
use stones_go::GoGame;
use stones_gomoku::Gomoku;
use stones_trigo::TrigoGame;

/// Under Tromp-Taylor rules, where two passes end the game and the board counts as it stands: this
/// harness marks no dead stones, so under rules with a marking phase a search that passes back in a
/// won game (its playouts say the random stones in its area are dead) would be counted as losing.
#[test]
fn go_9x9() {
    let g: GoGame = game("tromp-taylor", &[("size", "9")]);
    assert_eq!(wins_against_random(&g, 300, 4), 4);
}

#[test]
fn gomoku_standard() {
    let g: Gomoku = game("standard", &[]);
    assert_eq!(wins_against_random(&g, 300, 4), 4);
}

#[test]
fn dots_12x10() {
    let g: DotsGame = game("official", &[("size", "[12, 10]")]);
    assert!(wins_against_random(&g, 200, 4) >= 4);
}

#[test]
fn trigo_teaching() {
    let g: TrigoGame = game("teaching", &[]);
    assert_eq!(wins_against_random(&g, 300, 4), 4);
}
