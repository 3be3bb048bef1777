//! A playout on a copy refreshed with `clone_from` allocates nothing: the copy keeps its buffers and
//! the move log's capacity (measured with a counting allocator, on the test's own thread only: the
//! harness's threads, which spawn the next test or print, allocate at times of their own).

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng, RuleSet};
use stones_dots::{DotsGame, DotsRules};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn a_playout_on_a_refreshed_copy_allocates_nothing() {
    // The official 39 x 32 field, the one `stones bench dots` measures.
    let start = DotsGame::new(DotsRules::load(None, &[]).unwrap().0).unwrap();
    assert_eq!(start.topology().len(), 39 * 32);
    let cap = 20 * start.topology().len();
    let mut rng = Rng::new(11);
    let mut g = start.clone();
    // One playout lets every buffer reach its size; the log's capacity is kept from here on.
    g.playout(&mut rng, cap);
    for game in 0..10 {
        let before = alloc_meter::allocated_here();
        g.clone_from(&start);
        let moves = g.playout(&mut rng, cap);
        assert!(moves > 1000, "game {game} filled the field: {moves} moves");
        assert_eq!(
            alloc_meter::allocated_here() - before,
            0,
            "game {game}: the refresh and the playout allocated"
        );
        assert_ne!(g, start, "the playout changed the copy, not the start");
    }
}

#[test]
fn a_clone_keeps_the_move_log_capacity() {
    let start = DotsGame::new(DotsRules::load(None, &[]).unwrap().0).unwrap();
    let cap = 20 * start.topology().len();
    let mut rng = Rng::new(5);
    let mut played = start.clone();
    played.playout(&mut rng, cap);
    played.clone_from(&start);
    // A clone of a game whose buffers have grown needs one allocation per buffer, never a regrowth:
    // a second playout on it allocates nothing.
    let mut copy = played.clone();
    let before = alloc_meter::allocated_here();
    copy.playout(&mut rng, cap);
    assert_eq!(
        alloc_meter::allocated_here() - before,
        0,
        "the clone's playout allocated"
    );
}
