//! Undo records hold what a move changed, not a copy of the position: memory grows with the moves'
//! changes (measured with a counting allocator, never with a clock), and undo still restores
//! everything exactly — captures and suicide included.

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::{Game, Rng, RuleSet};
use stones_go::{GoGame, GoMove, GoRules};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Tests of one binary run on parallel threads and the allocator counts them all: one at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn game(name: &str, size: u16) -> GoGame {
    let rules = GoRules::load(Some(name), &[format!("size={size}")])
        .unwrap()
        .0;
    GoGame::new(rules).unwrap()
}

#[test]
fn a_pass_costs_a_few_dozen_bytes_not_a_board() {
    let _one = ONE_AT_A_TIME.lock();
    // Passes resume play after the closing two, as SGF replays do; 25x25 is the largest board.
    let mut g = game("classic", 25);
    let before = alloc_meter::live_bytes();
    let n = 20_000;
    for _ in 0..n {
        g.resume_play();
        g.play(GoMove::Pass).unwrap();
    }
    let per_move = (alloc_meter::live_bytes() - before) / n;
    assert!(per_move <= 100, "{per_move} bytes per pass");
    assert_eq!(g.undo_depth(), n);
    // A stone move costs its record and the few points it changed.
    let mut g = game("classic", 19);
    let before = alloc_meter::live_bytes();
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let mv = g.random_move(&mut rng).unwrap();
        g.play(mv).unwrap();
    }
    let per_move = (alloc_meter::live_bytes() - before) / 200;
    assert!(per_move <= 256, "{per_move} bytes per move");
}

/// The stones, captures, player to move and hash after each move, to compare after undoing.
fn fingerprint(g: &GoGame) -> (Vec<Option<stones_core::Colour>>, [u32; 2], u64) {
    let stones = g.topology().points().map(|p| g.stone(p)).collect();
    (stones, g.captures(), g.hash())
}

#[test]
fn undo_all_the_way_back_restores_every_position() {
    let _one = ONE_AT_A_TIME.lock();
    for ruleset in ["classic", "tromp-taylor", "chinese"] {
        let mut g = game(ruleset, 7);
        let start_moves = g.history();
        let mut rng = Rng::new(11);
        let mut seen = vec![(fingerprint(&g), g.clone())];
        for _ in 0..400 {
            let Some(mv) = g.random_move(&mut rng) else {
                break;
            };
            g.play(mv).unwrap();
            seen.push((fingerprint(&g), g.clone()));
        }
        assert!(
            g.captures().iter().sum::<u32>() > 0,
            "{ruleset}: no capture"
        );
        let initial = g.initial_stones();
        while let Some((print, copy)) = seen.pop() {
            assert_eq!(fingerprint(&g), print, "{ruleset}: {} moves", seen.len());
            assert!(g == copy, "{ruleset}: {} moves", seen.len());
            if seen.is_empty() {
                assert!(!g.undo());
            } else {
                assert!(g.undo());
            }
        }
        assert_eq!(g.history(), start_moves);
        assert_eq!(g.initial_stones(), initial);
    }
}
