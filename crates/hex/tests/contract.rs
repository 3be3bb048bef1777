//! The core game contract on random Hex games, and the fast paths allocating nothing.

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::contract::check_random_games;
use stones_core::{Game, Point, Rng, RuleSet, SearchGame, Trail};
use stones_hex::{HexGame, HexRules, Move};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn random_games_keep_the_contract_and_the_fast_paths_do_not_allocate() {
    for (ruleset, size) in [
        ("standard", "size=2"),
        ("standard", "size=5"),
        ("standard", "size=11"),
        ("noswap", "size=[4, 7]"),
        ("noswap", "size=[9, 2]"),
    ] {
        let (rules, _) = HexRules::load(Some(ruleset), &[size.to_string()]).unwrap();
        let start = HexGame::new(rules).unwrap();
        let moves = check_random_games(&start, 7, 20, 200).unwrap();
        assert!(moves > 20, "{ruleset} {size}: {moves} moves");
    }
    let start = HexGame::new(HexRules::default()).unwrap();
    let mut rng = Rng::new(1);
    let mut trail = Trail::new(121);
    for _ in 0..50 {
        // A fresh game's history has room for every move, so playing moves allocates nothing.
        let mut fresh = HexGame::new(HexRules::default()).unwrap();
        let mut order: Vec<Point> = fresh.topology().points().collect();
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k + 1));
        }
        let mut filled = start.clone();
        let before = alloc_meter::allocated_here();
        for &p in &order {
            if fresh.rollout_winner().is_none() {
                fresh.play_unchecked(Move::Place(p));
            }
        }
        let played = alloc_meter::allocated_here() - before;
        assert_eq!(played, 0, "playing moves allocated");
        let m = filled.rollout(&mut rng, 1000, &mut trail);
        let won = fresh.rollout_winner().is_some() && filled.rollout_winner().is_some();
        let score = fresh.score().black + filled.score().white;
        assert_eq!(
            alloc_meter::allocated_here() - before,
            0,
            "a rollout or its result allocated"
        );
        assert!(m == 121 && won && score <= 2.0);
    }
}

/// The harness every game crate calls (stones_core::contract::check_game): every builtin ruleset
/// and each of the game's TEST_SIZES.
#[test]
fn every_builtin_ruleset_and_test_size_keeps_the_contract() {
    let moves = stones_core::contract::check_search_game::<HexGame>(2026, 6, 150).unwrap();
    assert!(moves > 0, "no move was played");
}
