//! Small puzzles the search must solve: a Gomoku four to complete and one to block, a Go chain in
//! atari to capture, a Dots enclosure to close; and what the search promises: repeatable with a
//! seed, a tree kept between moves, a memory cap, TriGo's pair as two placements.

mod common;
use common::{best, best_with_seed, game, with_stones};
use stones_ai::{Mcts, SearchOptions};
use stones_core::Colour;
use stones_core::Game;
use stones_dots::DotsGame;
use stones_go::GoGame;
use stones_gomoku::Gomoku;
use stones_trigo::TrigoGame;

#[test]
fn gomoku_completes_its_four_and_proves_the_win() {
    let g: Gomoku = game("freestyle", &[]);
    let g = with_stones(g, "H8 J8 K8 L8", "H9 J9 K9 B2", Colour::Black);
    let (mv, proven) = best(&g, 200);
    assert!(mv == "G8" || mv == "M8", "{mv}");
    assert!(proven);
}

#[test]
fn gomoku_blocks_the_only_five() {
    // White's four G10–K10 is closed at F10; L10 is White's only five, and Black has no four.
    let g: Gomoku = game("standard", &[]);
    let g = with_stones(g, "F10 B2 C3 D4", "G10 H10 J10 K10", Colour::Black);
    assert_eq!(best(&g, 300).0, "L10");
}

#[test]
fn go_captures_the_chain_in_atari() {
    // A capturing race of two chains in atari on 7x7: White's C4 D4 E4 has one liberty, F4, and so
    // has Black's C3 D3 E3, F3, where White's F2 and G3 leave no escape. Black to move must take at
    // F4 (GNU Go 3.8 at level 10 plays it too); any other move lets White take three stones first.
    // On a small board the three stones decide the game; on 9x9 with komi 7 the same race is worth
    // so little to random playouts that a 3,000-playout search may play elsewhere.
    let g: GoGame = game("chinese", &[("size", "7"), ("komi", "0.5")]);
    let black = "B4 C5 D5 E5 C3 D3 E3";
    let g = with_stones(g, black, "C4 D4 E4 B3 C2 D2 E2 F2 G3", Colour::Black);
    for seed in 1..=6 {
        assert_eq!(best_with_seed(&g, 3000, seed).0, "F4", "seed {seed}");
    }
}

#[test]
fn go_escapes_when_the_opponent_is_in_atari_the_other_way() {
    // The same shape with White to move: White extends at G5 to save the three stones. On the open
    // 9x9 board three stones are worth little to random playouts: at 3,000 playouts one seed in
    // twelve played H5, at 6,000 all twelve play G5; three of them are checked.
    let g: GoGame = game("chinese", &[("size", "9")]);
    let g = with_stones(g, "C5 D4 E4 F4 D6 E6 F6", "D5 E5 F5", Colour::White);
    for seed in 1..=3 {
        assert_eq!(best_with_seed(&g, 6000, seed).0, "G5", "seed {seed}");
    }
}

#[test]
fn dots_closes_the_enclosure() {
    // Black's E5, F6, G5 surround White's F5 on three sides: F4 closes the ring and takes it.
    let g: DotsGame = game("grounding", &[("size", "[12, 10]")]);
    let g = with_stones(g, "E5 F6 G5 B2", "F5 J8 K2", Colour::Black);
    assert_eq!(best(&g, 3000).0, "F4");
}

#[test]
fn a_seeded_one_thread_search_repeats_itself_and_an_unseeded_one_differs() {
    let g: GoGame = game("chinese", &[("size", "9")]);
    let think = |spec: &str| {
        let t = Mcts::new(SearchOptions::parse(spec).unwrap()).think(&g, |_| {});
        (t.pv.clone(), t.playouts, t.nodes)
    };
    assert_eq!(think("playouts=500,seed=9"), think("playouts=500,seed=9"));
    let runs: Vec<_> = (0..4).map(|_| think("playouts=500").0).collect();
    assert!(runs.iter().any(|pv| *pv != runs[0]), "{runs:?}");
}

#[test]
fn the_tree_is_kept_from_one_move_to_the_next() {
    let mut g: Gomoku = game("freestyle", &[("size", "9")]);
    let mut mcts = Mcts::new(SearchOptions::parse("playouts=2000,seed=1").unwrap());
    let first = mcts.think(&g, |_| {});
    assert_eq!(first.reused, 0);
    // Play the move and the reply the search expects: the next search starts from that subtree.
    for &mv in &first.pv[..2] {
        g.play(mv).unwrap();
    }
    let second = mcts.think(&g, |_| {});
    assert!(second.reused > 0, "nothing kept");
    let fresh = Mcts::new(SearchOptions::parse("playouts=2000,seed=1").unwrap()).think(&g, |_| {});
    assert_eq!(fresh.reused, 0);
}

#[test]
fn the_tree_never_grows_past_its_memory_cap() {
    let g: GoGame = game("chinese", &[("size", "9")]);
    // 1 MB: a few thousand nodes; the search goes on with playouts from the leaves it has.
    let mut mcts = Mcts::new(SearchOptions::parse("playouts=20000,memory=1,seed=2").unwrap());
    let t = mcts.think(&g, |_| {});
    assert_eq!(t.playouts, 20000);
    assert!(
        t.nodes as usize * mcts.node_bytes() <= 1 << 20,
        "{} nodes",
        t.nodes
    );
}

#[test]
fn trigo_searches_a_pair_as_two_placements() {
    let g: TrigoGame = game("standard", &[]);
    let mut g = g;
    g.play(g.parse_move("h8").unwrap()).unwrap();
    let mut mcts = Mcts::new(SearchOptions::parse("playouts=3000,seed=4").unwrap());
    let t = mcts.think(&g, |_| {});
    let mv = g.move_text(t.mv.unwrap());
    assert!(mv.contains('+'), "{mv}");
    // 168 empty points make ~14,000 pairs; the first playout opens the first stone's level (168 +
    // pass), and a second stone's level (167) opens only once its first stone has been tried: never
    // the pairs.
    let one = Mcts::new(SearchOptions::parse("playouts=1,seed=4").unwrap()).think(&g, |_| {});
    assert!(one.nodes <= 169 + 167, "{} nodes", one.nodes);
}
