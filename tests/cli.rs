//! The `stones` binary end to end: list, replay (text and JSON), play at a terminal, errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stones(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stones"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run stones");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for stones")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn list_names_every_game_and_ruleset() {
    let out = stones(&["list"], "");
    assert!(out.status.success());
    let s = text(&out.stdout);
    for name in [
        "go ",
        "classic",
        "japanese",
        "chinese",
        "tromp-taylor",
        "egf",
    ] {
        assert!(s.contains(name), "`stones list` lacks {name}:\n{s}");
    }
}

#[test]
fn replay_moves_as_json() {
    let out = stones(
        &[
            "replay",
            "go",
            "--moves",
            "C3 D3 C3 Z1 pass",
            "--set",
            "size=5",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["game"], "go");
    assert_eq!(v["ruleset"], "classic");
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[0]["result"], "ok");
    assert_eq!(moves[2]["result"], "illegal");
    assert!(moves[2]["reason"].as_str().unwrap().starts_with("occupied"));
    assert!(moves[3]["reason"].as_str().unwrap().contains("Z1"));
    assert_eq!(moves[4]["player"], "black");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["board"][2], ". . x o .");
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["result"], serde_json::Value::Null);
    assert_eq!(v["captures"]["black"], 0);
    assert!(v["score"]["white"].as_f64().is_some());
}

#[test]
fn play_at_the_terminal_survives_bad_input_and_undo() {
    let script = "help\nD4\nD4\nZZ99\nundo\nundo\nundo\nE5\nmoves\npass\npass\ndone\nquit\n";
    let out = stones(&["play", "go", "--set", "size=9"], script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("black to move>"));
    assert!(s.contains("occupied: D4"));
    assert!(s.contains("cannot read move 'ZZ99'"));
    assert!(s.contains("nothing to undo"));
    assert!(s.contains("legal: "));
    assert!(s.contains("play has stopped"));
    assert!(s.contains("game over: B+"), "{s}");
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    let out = stones(&["play", "go"], "D4\n");
    assert!(out.status.success());
}

#[test]
fn bad_input_is_a_clear_error_with_failure_status() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "chess"],
            "unknown game 'chess': expected one of go",
        ),
        (
            &["play", "go", "--set", "kommi=6.5"],
            "unknown field `kommi`, expected one of",
        ),
        (
            &["play", "go", "--set", "ko=super"],
            "expected one of `simple`, `positional`, `situational`",
        ),
        (
            &["play", "go", "--set", "size=26"],
            "each side must be from 2 to 25",
        ),
        (
            &["play", "go", "--set", "handicap=12"],
            "key `handicap` is 12",
        ),
        (
            &["play", "go", "--set", "passes_to_end=4"],
            "`passes_to_end` is 4",
        ),
        (
            &["play", "go", "--ruleset", "nope"],
            "expected one of classic, japanese",
        ),
        (
            &["play", "go", "--ruleset", "missing/file.toml"],
            "cannot read the file",
        ),
        (&["replay", "no-such-file.case"], "cannot read case file"),
        (&["replay", "go"], "needs --moves"),
        (
            &["bench", "go", "--size", "1"],
            "each side must be from 2 to 25",
        ),
    ];
    for (args, needle) in cases {
        let out = stones(args, "");
        assert!(!out.status.success(), "{args:?} should fail");
        let err = text(&out.stderr);
        assert!(
            err.contains(needle),
            "{args:?}: expected '{needle}' in: {err}"
        );
    }
}

#[test]
fn broken_case_files_are_errors_not_panics() {
    let dir = std::env::temp_dir().join(format!("stones-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        ("not-toml.case", "game = \"go\"\nmoves = [", "not valid"),
        (
            "unknown-key.case",
            "game = \"go\"\nmovez = []",
            "unknown field `movez`",
        ),
        (
            "bad-row.case",
            "game = \"go\"\n[set]\nsize = 3\n[setup]\nboard = \"x x\\n. . .\\n. . .\"",
            "setup row 1 has 2 points",
        ),
        (
            "bad-symbol.case",
            "game = \"go\"\n[set]\nsize = 2\n[setup]\nboard = \"x ?\\n. .\"",
            "unknown symbol '?'",
        ),
        (
            "no-liberty.case",
            "game = \"go\"\n[set]\nsize = 2\n[setup]\nboard = \"x o\\no .\"",
            "no liberty",
        ),
        ("bad-game.case", "game = \"chess\"", "unknown game 'chess'"),
    ];
    for (name, body, needle) in files {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let out = stones(&["replay", path.to_str().unwrap()], "");
        assert!(!out.status.success(), "{name} should fail");
        let err = text(&out.stderr);
        assert!(
            err.contains(needle),
            "{name}: expected '{needle}' in: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_prints_playouts_per_second() {
    let out = stones(&["bench", "go", "--size", "9", "--playouts", "20"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("playouts/s"));
}
