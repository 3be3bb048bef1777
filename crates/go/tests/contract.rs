//! The contract every stones game keeps (stones_core::contract::check_game): random games under
//! every builtin ruleset and each of the game's TEST_SIZES, every check at every step.

#[test]
fn random_games_keep_the_contract() {
    let moves =
        stones_core::contract::check_search_game::<stones_go::GoGame>(2026, 6, 150).unwrap();
    assert!(moves > 0, "no move was played");
}
