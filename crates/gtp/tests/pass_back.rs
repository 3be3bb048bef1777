//! The search passes back after the opponent's pass when the game is won and settled, under every
//! Go ruleset, instead of filling its own territory (`closing_tests` in stones-go has the open
//! boards and the losses it plays on in).

use stones_ai::SearchOptions;
use stones_core::RuleSet;
use stones_go::GoRules;
use stones_gtp::Engine;

/// An engine under `ruleset` on 9x9 whose genmove searches 1500 playouts from a fixed seed.
fn engine(ruleset: &str) -> Engine {
    let rules = GoRules::load(Some(ruleset), &[]).unwrap().0;
    let mut e = Engine::new(rules, 1).unwrap();
    e.search_with(SearchOptions {
        playouts: Some(1500),
        seed: Some(1),
        ..SearchOptions::default()
    });
    send(&mut e, "boardsize 9");
    send(&mut e, "clear_board");
    e
}

/// The answer to `line`, which must succeed.
fn send(e: &mut Engine, line: &str) -> String {
    let r = e.execute(line).expect("an answer");
    assert!(r.starts_with('='), "{line}: {r}");
    r[1..].trim().to_string()
}

/// Every ruleset in rulesets/go/.
const RULESETS: &[&str] = &["classic", "chinese", "japanese", "egf", "tromp-taylor"];

/// Black walls column B (its territory: column A), White walls C, E, G and J (its territory: D, F
/// and H, one point wide: nothing lives there). White is 45 points of area ahead, 18 of territory
/// (komi aside), and every point is settled.
fn white_has_won(e: &mut Engine) {
    for row in 1..=9 {
        send(e, &format!("play b b{row}"));
        for col in ["c", "e", "g", "j"] {
            send(e, &format!("play w {col}{row}"));
        }
    }
}

#[test]
fn a_won_settled_game_is_passed_back_under_every_ruleset() {
    for ruleset in RULESETS {
        let mut e = engine(ruleset);
        white_has_won(&mut e);
        send(&mut e, "play b pass");
        // Before: White filled its own territory (H4, D2) with "win rate 100%" under every
        // ruleset but Tromp-Taylor's, where the pass is a proven win of the board as it stands.
        assert_eq!(send(&mut e, "genmove w"), "pass", "{ruleset}");
        let score = send(&mut e, "final_score");
        assert!(score.starts_with("W+"), "{ruleset}: {score}");
    }
}
