//! Real records from tests/data (see tests/data/README.md): professional and AI games replay
//! without an illegal move, and GNU Go self-play games count to their recorded result.

use std::path::{Path, PathBuf};
use stones_core::{Game, RuleSet, Status};
use stones_go::sgf::{self, GoRecord};
use stones_go::GoRules;

fn fixtures(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(sub);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the fixtures in {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    files
}

fn text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn real_games_replay_under_classic_rules() {
    let classic = GoRules::load(Some("classic"), &[]).unwrap().0;
    let files = fixtures("real-games");
    let mut failures = Vec::new();
    let mut moves = 0;
    for path in &files {
        match sgf::read(text(path), &classic) {
            Ok(game) => moves += game.history().len(),
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} records failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(files.len(), 236);
    assert!(moves > 236 * 100, "only {moves} moves replayed");
}

#[test]
fn gnugo_selfplay_area_count_equals_the_result() {
    let tt = GoRules::load(Some("tromp-taylor"), &[]).unwrap().0;
    let chinese = GoRules::load(Some("chinese"), &[]).unwrap().0;
    let files = fixtures("gnugo-selfplay");
    let mut failures = Vec::new();
    for path in &files {
        let name = path.display();
        let record = match GoRecord::parse(text(path)) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let Some(expected) = record.result.clone() else {
            failures.push(format!("{name}: no RE[] in the record"));
            continue;
        };
        let game = match record.replay(&tt, None) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let got = match game.status() {
            Status::Over(outcome) => outcome.result,
            other => format!("a game still {other}"),
        };
        if got != expected {
            failures.push(format!("{name}: counted {got}, recorded RE[{expected}]"));
        }
        // GNU Go played under positional superko without suicide: the `chinese` ruleset replays it too,
        // and its area count with every stone alive gives the same result.
        match record.replay(&chinese, None) {
            Ok(g) if g.score().result() == expected => {}
            Ok(g) => failures.push(format!(
                "{name}: chinese count {}, recorded RE[{expected}]",
                g.score().result()
            )),
            Err(e) => failures.push(format!("{name} (chinese): {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} records failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(files.len(), 25);
}
