//! Every GTP command costs the same however long the game is: `play` and `is_legal` for the colour
//! not to move, or after the closing passes, ask the position, never a copy of the whole game.
//! Measured as bytes allocated with a counting allocator, never with a clock.

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::RuleSet;
use stones_go::GoRules;
use stones_gtp::Engine;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The most bytes a line of commands allocates on top of what was live before it.
fn cost(e: &mut Engine, lines: &[&str]) -> usize {
    alloc_meter::reset_peak();
    let before = alloc_meter::live_bytes();
    for line in lines {
        let answer = e.execute(line).unwrap();
        assert!(answer.starts_with('='), "{line}: {answer}");
    }
    alloc_meter::peak_bytes() - before
}

#[test]
fn out_of_turn_commands_cost_the_same_after_thousands_of_passes() {
    for ruleset in ["classic", "chinese"] {
        let rules = GoRules::load(Some(ruleset), &[]).unwrap().0;
        let mut e = Engine::new(rules, 1).unwrap();
        // Black twice (out of turn), White after the closing passes, legality for the other colour.
        let probe = ["play b pass", "play b pass", "is_legal b D4", "play w pass"];
        let fresh = cost(&mut e, &probe);
        for i in 0..3000 {
            let line = if i % 3 == 0 {
                "play w pass"
            } else {
                "play b pass"
            };
            e.execute(line).unwrap();
        }
        let late = cost(&mut e, &probe);
        assert!(
            late <= fresh + 4096,
            "{ruleset}: {late} bytes after 3000 passes, {fresh} at the start"
        );
    }
}
