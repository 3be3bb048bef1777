//! Property tests on random games under every builtin ruleset and many board sizes: nothing panics, a
//! refused move changes nothing, undo restores the exact earlier state and hash, and the winner found
//! incrementally (lines through the last stone) always equals a from-scratch scan of the whole board.

use proptest::prelude::*;
use stones_core::contract::check_random_games;
use stones_core::{BoardSize, Colour, Game, Point, Rng, Status};
use stones_gomoku::{Gomoku, GomokuRules, Move, Opening, BUILTIN};

/// Builtin ruleset `which` on a `width` x `height` board (without the opening rule where the board is
/// too small for it).
fn rules(which: usize, width: u16, height: u16) -> GomokuRules {
    let mut rules = GomokuRules::builtin(BUILTIN[which % BUILTIN.len()].name).unwrap();
    rules.size = BoardSize { width, height };
    if width.min(height) < 7 {
        rules.opening = Opening::None;
    }
    rules
}

/// The winner the engine found when the last stone was played.
fn incremental_winner(g: &Gomoku) -> Option<Colour> {
    g.winning_row().map(|row| g.stone(row[0]).unwrap())
}

/// A move a careless player might try: any point (some off the board), pass, resign or timeout.
fn attempt(g: &Gomoku, rng: &mut Rng) -> Move {
    let n = g.topology().len();
    match rng.below(100) {
        0 => Move::Resign,
        1 => Move::Timeout,
        2..=5 => Move::Pass,
        6 => Move::Place(Point((n + rng.below(50)) as u16)),
        _ => Move::Place(Point(rng.below(n) as u16)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        seed: u64,
        which in 0usize..3,
        width in 5u16..=26,
        height in 5u16..=26,
    ) {
        let mut g = Gomoku::new(rules(which, width, height)).unwrap();
        let mut rng = Rng::new(seed);
        let mut earlier: Vec<(Gomoku, u64)> = Vec::new();
        while g.status() == Status::Ongoing {
            let tried = attempt(&g, &mut rng);
            let before = g.clone();
            match g.play(tried) {
                Ok(()) => earlier.push((before, g.hash())),
                Err(e) => {
                    prop_assert_eq!(&g, &before, "refused {:?} ({}) changed the game", tried, e);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            if g.status() != Status::Ongoing {
                break;
            }
            let mv = g.random_move(&mut rng).expect("an ongoing game has a move");
            let before = g.clone();
            g.play(mv).map_err(|e| TestCaseError::fail(format!("random {mv:?}: {e}")))?;
            earlier.push((before, g.hash()));
            prop_assert_eq!(incremental_winner(&g), g.scan_winner());
        }
        prop_assert_eq!(incremental_winner(&g), g.scan_winner());
        // The incremental hash equals the hash of the same position set up from scratch.
        if g.last_move() != Some(Move::Pass) {
            let stones: Vec<_> = g.topology().points().map(|p| g.stone(p)).collect();
            let mut fresh = Gomoku::new(rules(which, width, height)).unwrap();
            fresh.set_position(&stones, g.to_move()).unwrap();
            prop_assert_eq!(fresh.hash(), g.hash());
        }
        prop_assert!(g.random_move(&mut rng).is_none());
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        prop_assert!(moves.is_empty());
        // Undo back to the start, each step restoring the exact earlier state.
        while let Some((state, _)) = earlier.pop() {
            prop_assert!(g.undo());
            prop_assert_eq!(&g, &state);
            prop_assert_eq!(g.hash(), state.hash());
            prop_assert_eq!(incremental_winner(&g), g.scan_winner());
        }
        prop_assert!(!g.undo());
        prop_assert_eq!(g, Gomoku::new(rules(which, width, height)).unwrap());
    }

    #[test]
    fn playouts_end_with_the_winner_a_scan_finds(seed: u64, which in 0usize..3) {
        let mut g = Gomoku::new(rules(which, 15, 15)).unwrap();
        let mut rng = Rng::new(seed);
        let played = g.playout(&mut rng, usize::MAX);
        // At most every point and a pass between any two; a five takes at least five Black and four
        // White stones (two passes in a row end the game sooner, as a draw).
        prop_assert!(played <= 2 * 225 + 1);
        prop_assert!(played >= 9 || incremental_winner(&g).is_none());
        prop_assert!(matches!(g.status(), Status::Over(_)));
        prop_assert_eq!(incremental_winner(&g), g.scan_winner());
        let result = match g.status() { Status::Over(o) => o.result, _ => String::new() };
        match incremental_winner(&g) {
            Some(c) => prop_assert_eq!(result, format!("{}+", c.letter())),
            None => prop_assert!(result.starts_with("Draw (")),
        }
    }

    #[test]
    fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,8}") {
        let g = Gomoku::new(GomokuRules::default()).unwrap();
        if let Ok(mv) = g.parse_move(&text) {
            prop_assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
        }
    }
}

/// The project's generic contract (clone, undo, legal list against `check`, text round trip) under
/// every builtin ruleset, on a square and a rectangular board.
#[test]
fn every_ruleset_keeps_the_game_contract() {
    for which in 0..BUILTIN.len() {
        for (w, h) in [(9, 9), (11, 7), (6, 5)] {
            let start = Gomoku::new(rules(which, w, h)).unwrap();
            check_random_games(&start, 2026 + which as u64, 4, 120).unwrap();
        }
    }
}
