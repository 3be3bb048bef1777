//! Prints an empty TriGo board of each side given on the command line (default 8), then a short game.
use stones_core::{Game, RuleSet};
use stones_trigo::{TrigoGame, TrigoRules};

fn main() {
    let sides: Vec<String> = std::env::args().skip(1).collect();
    let sides = if sides.is_empty() {
        vec!["8".to_string()]
    } else {
        sides
    };
    for side in sides {
        let rules = TrigoRules::load(None, &[format!("size={side}")]).unwrap().0;
        let mut g = TrigoGame::new(rules).unwrap();
        println!("{}", g.render(false));
        for mv in ["d4", "c3+e5", "a1+b2"] {
            if let Ok(m) = g.parse_move(mv) {
                let _ = g.play(m);
            }
        }
        println!("{}", g.render(false));
    }
}
