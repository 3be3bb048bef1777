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

/// What 6,000 more playouts cost once the arena is full: the same searches but for those playouts,
/// after a first search has made what a thread makes once (Go's ladder reader keeps its scratch
/// boards per thread).
fn extra_bytes<G: stones_core::SearchGame>(start: &G) -> usize {
    search_bytes(start, 500);
    search_bytes(start, 14_000).saturating_sub(search_bytes(start, 8_000))
}

#[test]
fn go_playouts_allocate_nothing_per_playout() {
    let go: GoGame = game("chinese", &[("size", "9")]);
    let extra = extra_bytes(&go);
    // A Go position is kilobytes: one copy a playout would be tens of megabytes here.
    assert!(
        extra < 64 << 10,
        "6000 more playouts allocated {extra} bytes"
    );
}

#[test]
fn hex_playouts_allocate_nothing_per_playout() {
    let hex: stones_hex::HexGame = game("standard", &[]);
    let extra = extra_bytes(&hex);
    // A copy of an 11x11 position is a few hundred bytes: one a playout would be megabytes here.
    assert!(
        extra < 64 << 10,
        "6000 more playouts allocated {extra} bytes"
    );
}
