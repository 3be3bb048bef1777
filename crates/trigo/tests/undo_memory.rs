//! TriGo's undo records hold what a move changed (shared with Go), not a copy of the position:
//! measured with a counting allocator, never with a clock.

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng};
use stones_trigo::{TrigoGame, TrigoMove, TrigoRules};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn moves_cost_what_they_change_and_undo_restores_them() {
    let mut g = TrigoGame::new(TrigoRules::default()).unwrap();
    let start = g.clone();
    let mut rng = Rng::new(5);
    let before = alloc_meter::live_bytes();
    let mut moves = 0;
    while moves < 60 {
        match g.random_move(&mut rng) {
            Some(mv @ (TrigoMove::One(_) | TrigoMove::Two(..))) => g.play(mv).unwrap(),
            _ => break,
        }
        moves += 1;
    }
    // Everything a move keeps: its undo record and its history entry.
    let per_move = (alloc_meter::live_bytes() - before) / moves;
    assert!(per_move <= 256, "{per_move} bytes per move");
    while g.undo() {}
    assert!(g == start);
}
