//! The contract every stones game keeps, on random games under every builtin ruleset and each of
//! the game's TEST_SIZES: clones, undo, hashes, legal moves, move text, score — and what the search
//! and the front ends taking one placement at a time ask of it (SearchGame::legal_steps).

#[test]
fn random_games_keep_the_contract() {
    let moves =
        stones_core::contract::check_search_game::<atari_go::AtariGo>(2026, 6, 150).unwrap();
    assert!(moves > 0, "no move was played");
}

#[test]
fn the_builtin_rulesets_load() {
    stones_core::contract::check_rulesets::<atari_go::AtariGoRules>("standard").unwrap();
}
