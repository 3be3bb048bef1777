//! A search's playouts allocate nothing once its tree is full: each playout refreshes one scratch
//! copy of the root instead of making a new one. Measured with a counting allocator, never a clock.

mod common;
use common::game;
use stones_ai::{Mcts, SearchOptions};
use stones_core::alloc_meter::{self, CountingAlloc};
use stones_go::GoGame;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Bytes this thread allocates in one seeded one-thread search of `playouts` playouts under a 1 MB
/// cap (the arena fills within the first few thousand playouts).
fn search_bytes<G: stones_core::SearchGame>(start: &G, playouts: u64) -> usize {
    let opts = SearchOptions::parse(&format!("playouts={playouts},seed=3,memory=1")).unwrap();
    let mut mcts = Mcts::new(opts);
    let before = alloc_meter::allocated_here();
    mcts.think(start, |_| {});
    alloc_meter::allocated_here() - before
}

/// Checks that 6,000 more playouts cost almost nothing (under 64 KiB) once the arena is full: the
/// same searches but for those playouts, after a first search has made what a thread makes once
/// (Go's ladder reader keeps its scratch boards per thread).
fn check_no_allocation_per_playout<G: stones_core::SearchGame>(start: &G) {
    search_bytes(start, 500);
    let extra = search_bytes(start, 14_000).saturating_sub(search_bytes(start, 8_000));
    assert!(
        extra < 64 << 10,
        "6000 more playouts allocated {extra} bytes"
    );
}

#[test]
fn go_playouts_allocate_nothing_per_playout() {
    // A Go position is kilobytes: one copy a playout would be tens of megabytes here.
    let go: GoGame = game("chinese", &[("size", "9")]);
    check_no_allocation_per_playout(&go);
}

#[test]
fn hex_playouts_allocate_nothing_per_playout() {
    // A copy of an 11x11 position is a few hundred bytes: one a playout would be megabytes here.
    let hex: stones_hex::HexGame = game("standard", &[]);
    check_no_allocation_per_playout(&hex);
}

#[test]
fn gomoku_playouts_allocate_nothing_per_playout() {
    // A 15x15 position is a few hundred bytes and its move list grows as it plays: one copy a
    // playout would be megabytes here.
    let gomoku: stones_gomoku::Gomoku = game("standard", &[]);
    check_no_allocation_per_playout(&gomoku);
}

/// Bytes this thread allocates refreshing a copy of `start` in place 1,000 times, each time after
/// the copy played a game out on the search's path (so its move list has grown past the start's),
/// once a few games have given the copy's buffers the room a game takes.
fn refresh_bytes<G: stones_core::SearchGame + PartialEq>(start: &G) -> usize {
    let mut rng = stones_core::Rng::new(5);
    let mut trail = stones_core::Trail::new(start.topology().len());
    let mut copy = start.search_copy();
    for _ in 0..50 {
        trail.clear();
        copy.rollout(&mut rng, 400, &mut trail);
        copy.clone_from(start);
    }
    let before = alloc_meter::allocated_here();
    for _ in 0..1000 {
        trail.clear();
        copy.rollout(&mut rng, 400, &mut trail);
        copy.clone_from(start);
    }
    assert!(copy == *start, "the refreshed copy is the start again");
    alloc_meter::allocated_here() - before
}

#[test]
fn connect6_and_gomoku_copies_refresh_without_allocating() {
    let connect6: stones_connect6::Connect6 = game("standard", &[]);
    let gomoku: stones_gomoku::Gomoku = game("standard", &[]);
    // A derived Clone's clone_from makes a new copy each time: hundreds of kilobytes here.
    assert_eq!(refresh_bytes(&connect6), 0, "connect6");
    assert_eq!(refresh_bytes(&gomoku), 0, "gomoku");
}
