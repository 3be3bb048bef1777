//! One generic test for every registered game: random games keep the Game contract.
//!
//! At scale (release, a few minutes): `cargo test --release --test contract -- --ignored million`
//! plays at least 1,000,000 moves of every game, every check at every step.

use std::time::Instant;
use stones_cli::GameKind;

#[test]
fn every_game_keeps_the_contract_on_random_games() {
    let games = GameKind::all();
    let names: Vec<&str> = games.iter().map(|k| k.name()).collect();
    assert_eq!(names, ["go", "dots", "gomoku", "trigo", "connect6", "hex"]);
    for kind in games {
        let moves = kind
            .check_contract(2026, 6, 150)
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        assert!(moves > 0, "{}: no move played", kind.name());
    }
}

#[test]
#[ignore = "a million moves per game: run in release, `-- --ignored million`"]
fn million_moves_per_game_keep_the_contract() {
    const MOVES: usize = 1_000_000;
    for kind in GameKind::all() {
        let start = Instant::now();
        let moves = kind
            .check_contract_for(7, MOVES, 20, 400)
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "{}: {moves} moves in {secs:.1} s ({:.0} moves/s), every check at every step",
            kind.name(),
            moves as f64 / secs
        );
        assert!(moves >= MOVES);
    }
}
