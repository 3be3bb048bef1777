//! `stones tournament` and `stones match --sprt` end to end: three players, a crosstable and Elo,
//! the JSON and a rerun that resumes instead of playing again; a match that stops when its SPRT
//! decides.

mod common;

use common::{stones, text};
use serde_json::Value;

fn json_of(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn three_players_meet_with_both_colours_and_a_rerun_resumes() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tournament");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("t.json");
    let args = [
        "tournament",
        "go",
        "--set",
        "size=5",
        "--player",
        "mcts:playouts=200",
        "--player",
        "mcts:playouts=20",
        "--player",
        "random",
        "--parallel",
        "2",
        "--json",
        json.to_str().unwrap(),
    ];
    let out = stones(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let rows: Vec<&str> = printed.lines().collect();
    assert!(
        rows[0].starts_with("rank player") && rows[0].contains("elo"),
        "{printed}"
    );
    assert_eq!(rows.len(), 5, "a head, three players, a foot: {printed}");
    // Every pair twice, each side Black once: 6 games, 4 per player.
    let saved = json_of(&json);
    let games = saved["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    for (b, w) in [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)] {
        assert!(
            games.iter().any(|g| g["black"] == b && g["white"] == w),
            "{b} v {w} missing"
        );
    }
    let standings = saved["standings"].as_array().unwrap();
    assert!(standings.iter().all(|s| s["games"] == 4));
    let points: f64 = standings.iter().map(|s| s["score"].as_f64().unwrap()).sum();
    assert_eq!(points, 6.0, "one point a game");
    // The table's cells: a player's points against each other, its own cell a dot.
    assert!(rows[1..4]
        .iter()
        .all(|r| r.contains('·') && r.contains("/2")));

    // A rerun with the same file plays nothing again.
    let again = stones(&args, "");
    assert!(again.status.success());
    assert!(text(&again.stderr).contains("resuming: 6 of 6 games already played"));
    assert_eq!(text(&again.stdout), printed);

    // Cut short after three games: the rerun plays the three others.
    let mut cut = saved.clone();
    cut["games"] = Value::Array(games[..3].to_vec());
    std::fs::write(&json, cut.to_string()).unwrap();
    let resumed = stones(&args, "");
    assert!(resumed.status.success());
    assert!(text(&resumed.stderr).contains("resuming: 3 of 6"));
    assert_eq!(text(&resumed.stderr).matches("(Black) v").count(), 3);
    assert_eq!(json_of(&json)["games"].as_array().unwrap().len(), 6);

    // Another tournament's file is refused, not overwritten.
    let mut other = args.to_vec();
    other[9] = "mcts:playouts=30";
    let refused = stones(&other, "");
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("holds another tournament"));
    assert_eq!(json_of(&json)["games"].as_array().unwrap().len(), 6);
}

#[test]
fn one_player_is_not_a_tournament() {
    let out = stones(&["tournament", "go", "--player", "random"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("at least two --player"));
}

/// `stones match --sprt`: a clear difference stops the match long before its most games.
#[test]
fn a_match_with_sprt_stops_as_soon_as_the_test_decides() {
    let out = stones(
        &[
            "match",
            "go",
            "--set",
            "size=5",
            "--black",
            "mcts:playouts=300",
            "--white",
            "random",
            "--alternate",
            "--sprt",
            "0,50",
            "--games",
            "400",
            "--parallel",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let games: usize = printed
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("the report starts with the number of games");
    assert!(
        games < 80,
        "the test should decide within a few dozen games: {printed}"
    );
    assert!(
        printed.contains("SPRT elo0 0, elo1 +50") && printed.contains("H1 accepted"),
        "{printed}"
    );
    let bad = stones(
        &[
            "match", "go", "--black", "random", "--white", "random", "--sprt", "50,0",
        ],
        "",
    );
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("expected ELO0,ELO1 with ELO0 < ELO1"));
}
