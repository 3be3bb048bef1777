//! One generic test for every registered game: random games keep the Game contract.

use stones_cli::GameKind;

#[test]
fn every_game_keeps_the_contract_on_random_games() {
    let games = GameKind::all();
    assert!(games.contains(&GameKind::Go));
    for kind in games {
        kind.check_contract(2026, 6, 150)
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
    }
}
