//! Rollouts and random playouts allocate nothing once the search's copy is made: measured with a
//! counting allocator, never with a clock.

use stones_connect6::{Connect6, Connect6Rules};
use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng, SearchGame, Trail};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn rollouts_and_playouts_allocate_nothing() {
    let mut start = Connect6::new(Connect6Rules::default()).unwrap();
    let mut rng = Rng::new(11);
    for _ in 0..5 {
        let mv = start.random_move(&mut rng).unwrap();
        start.play(mv).unwrap();
    }
    let mut trail = Trail::new(start.topology().len());
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let mut copy = start.search_copy();
        let mut played = start.search_copy();
        // Counted on this thread only: the test harness's threads allocate when they like.
        let before = alloc_meter::allocated_here();
        let moves = copy.rollout(&mut rng, 1000, &mut trail);
        let random = played.playout(&mut rng, 1000);
        assert!(moves > 0 && random > 0);
        // The end of a game builds its result text: a few such strings are allowed, nothing more.
        let allocated = alloc_meter::allocated_here() - before;
        assert!(allocated <= 128, "seed {seed}: {allocated} bytes");
    }
}
