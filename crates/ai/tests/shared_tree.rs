//! Several threads searching one tree: no playout's visit is lost, proofs stay sound, the memory
//! cap holds, the tree is kept between moves, and the puzzles are still solved.

mod common;
use common::{game, with_stones};
use stones_ai::{Mcts, SearchOptions};
use stones_core::{Colour, Game, SearchGame};
use stones_go::GoGame;
use stones_gomoku::Gomoku;

/// A search with the options `spec` on two threads, and what it thought of `g`.
fn think<G: SearchGame>(g: &G, spec: &str) -> (Mcts<G>, stones_ai::Thought<G::Move>) {
    let mut mcts = Mcts::new(SearchOptions::parse(&format!("threads=2,{spec}")).unwrap());
    let t = mcts.think(g, |_| {});
    (mcts, t)
}

#[test]
fn every_playout_of_two_threads_is_counted_once_at_the_root() {
    let go: GoGame = game("chinese", &[("size", "9")]);
    let (mcts, t) = think(&go, "playouts=6000");
    assert!(t.playouts >= 6000, "{}", t.playouts);
    // Each playout passes through one child of the root, its virtual loss becoming its visit.
    let visits: u64 = mcts.visits_after(&[]).iter().map(|&(_, n)| n).sum();
    assert_eq!(visits, t.playouts);
    assert!(t.mv.is_some());
}

#[test]
fn two_threads_complete_a_four_and_prove_the_win() {
    let g: Gomoku = game("freestyle", &[]);
    let g = with_stones(g, "H8 J8 K8 L8", "H9 J9 K9 B2", Colour::Black);
    let (_, t) = think(&g, "playouts=2000");
    let mv = g.move_text(t.mv.unwrap());
    assert!(mv == "G8" || mv == "M8", "{mv}");
    assert!(t.proven && t.win_rate == 1.0, "{t:?}");
}

#[test]
fn two_threads_block_the_only_five_without_a_false_proof() {
    let g: Gomoku = game("standard", &[]);
    let g = with_stones(g, "F10 B2 C3 D4", "G10 H10 J10 K10", Colour::Black);
    let (_, t) = think(&g, "playouts=3000");
    assert_eq!(g.move_text(t.mv.unwrap()), "L10");
    assert!(!(t.proven && t.win_rate == 1.0), "{t:?}");
}

#[test]
fn two_threads_share_the_memory_cap() {
    let go: GoGame = game("chinese", &[("size", "9")]);
    let (mcts, t) = think(&go, "playouts=20000,memory=1");
    assert!(t.playouts >= 20000);
    assert!(
        t.nodes as usize * mcts.node_bytes() <= 1 << 20,
        "{} nodes",
        t.nodes
    );
}

#[test]
fn two_threads_keep_the_tree_from_one_move_to_the_next() {
    let mut g: Gomoku = game("freestyle", &[("size", "9")]);
    let (mut mcts, first) = think(&g, "playouts=3000");
    for &mv in &first.pv[..2] {
        g.play(mv).unwrap();
    }
    let second = mcts.think(&g, |_| {});
    assert!(second.reused > 0, "nothing kept");
    let visits: u64 = mcts.visits_after(&[]).iter().map(|&(_, n)| n).sum();
    assert!(visits >= second.playouts, "{visits}");
}
