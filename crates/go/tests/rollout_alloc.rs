//! The search's Go rollouts (playout policy with its tactical reading: captures, rescues read for
//! ladders, nakade) allocate nothing once warm: ladders are read on per-thread scratch boards made
//! on the first read (counted by this thread's allocations, which other test threads cannot disturb).

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng, RuleSet, SearchGame, Trail};
use stones_go::{GoGame, GoRules};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn warm_policy_rollouts_allocate_nothing() {
    // Classic rules: simple ko, so the game keeps no position history that could grow.
    let rules = GoRules::load(Some("classic"), &["size=9".to_string()])
        .unwrap()
        .0;
    let start = GoGame::new(rules).unwrap();
    let mut trail = Trail::new(start.topology().len());
    let mut rng = Rng::new(3);
    let mut g = start.search_copy();
    // Warm: enough playouts that the policy has read ladders (and made its scratch boards).
    for _ in 0..20 {
        g.clone_from(&start);
        trail.clear();
        g.rollout(&mut rng, 1000, &mut trail);
    }
    let before = alloc_meter::allocated_here();
    let mut moves = 0;
    for _ in 0..50 {
        g.clone_from(&start);
        trail.clear();
        moves += g.rollout(&mut rng, 1000, &mut trail);
    }
    assert!(moves > 50 * 60, "the rollouts played games: {moves} moves");
    assert_eq!(
        alloc_meter::allocated_here(),
        before,
        "warm rollouts allocated"
    );
}
