//! The registered games, and (ignored by default) the Game contract at scale for every one of them.
//!
//! At scale (release, a few minutes): `cargo test --release --test contract -- --ignored million`
//! plays at least 1,000,000 moves of every game, every check at every step.

use std::time::Instant;
use stones_cli::GameKind;

#[test]
fn the_six_games_are_registered_in_order() {
    // Each game crate runs the contract itself (its tests/contract.rs, one call of
    // stones_core::contract::check_game); this is the list every front end reaches them through.
    let names: Vec<&str> = GameKind::all().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["go", "dots", "gomoku", "trigo", "connect6", "hex"]);
    let go = GameKind::parse("go").unwrap();
    assert!(go.check_contract(7, 1, 20).unwrap() > 0);
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
