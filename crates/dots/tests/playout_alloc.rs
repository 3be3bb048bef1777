//! A playout on a copy refreshed with `clone_from` allocates nothing: the copy keeps its buffers and
//! the move log's capacity (measured with a counting allocator: any allocation raises the peak).

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng, RuleSet};
use stones_dots::{DotsGame, DotsRules};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Tests of one binary run on parallel threads and the allocator counts them all: one at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn a_playout_on_a_refreshed_copy_allocates_nothing() {
    let _one = ONE_AT_A_TIME.lock();
    // The official 39 x 32 field, the one `stones bench dots` measures.
    let start = DotsGame::new(DotsRules::load(None, &[]).unwrap().0).unwrap();
    assert_eq!(start.topology().len(), 39 * 32);
    let cap = 20 * start.topology().len();
    let mut rng = Rng::new(11);
    let mut g = start.clone();
    // One playout lets every buffer reach its size; the log's capacity is kept from here on.
    g.playout(&mut rng, cap);
    for game in 0..10 {
        alloc_meter::reset_peak();
        let live = alloc_meter::live_bytes();
        g.clone_from(&start);
        let moves = g.playout(&mut rng, cap);
        assert!(moves > 1000, "game {game} filled the field: {moves} moves");
        assert_eq!(
            alloc_meter::peak_bytes(),
            live,
            "game {game}: the refresh and the playout allocated"
        );
        assert_ne!(g, start, "the playout changed the copy, not the start");
    }
}

#[test]
fn a_clone_keeps_the_move_log_capacity() {
    let _one = ONE_AT_A_TIME.lock();
    let start = DotsGame::new(DotsRules::load(None, &[]).unwrap().0).unwrap();
    let cap = 20 * start.topology().len();
    let mut rng = Rng::new(5);
    let mut played = start.clone();
    played.playout(&mut rng, cap);
    played.clone_from(&start);
    // A clone of a game whose buffers have grown needs one allocation per buffer, never a regrowth:
    // a second playout on it allocates nothing.
    let mut copy = played.clone();
    alloc_meter::reset_peak();
    let live = alloc_meter::live_bytes();
    copy.playout(&mut rng, cap);
    assert_eq!(
        alloc_meter::peak_bytes(),
        live,
        "the clone's playout allocated"
    );
}
