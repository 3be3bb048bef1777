//! The `stones` binary end to end: list, replay (text and JSON), play at a terminal, errors.

use std::io::Write;
use std::process::{Output, Stdio};

mod common;
use common::{spawn, stones, text, Scratch};

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
    let script = "help\nD4\nD4\nZZ99\nundo\nundo\nundo\nE5\nmoves\npass\npass\ndone\ndone\nquit!\n";
    let out = stones(&["play", "go", "--set", "size=9"], script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("black to move>"));
    assert!(s.contains("occupied: D4"));
    assert!(s.contains("cannot read move 'ZZ99'"));
    assert!(s.contains("nothing to undo"));
    assert!(
        s.contains("legal moves: the 80 points marked *, and pass"),
        "{s}"
    );
    assert!(s.contains("play has stopped"));
    assert!(
        s.contains("game over: Black wins by 74.5 points (B+74.5)"),
        "{s}"
    );
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
    let tmp = Scratch::new("cli-test");
    let dir = tmp.path();
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
}

#[test]
fn bench_prints_playouts_per_second() {
    let out = stones(&["bench", "go", "--size", "9", "--playouts", "20"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("playouts/s"));
}

#[test]
fn replay_an_sgf_record_reproduces_its_result() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/go/tests/data/gnugo-selfplay/gg9_1.sgf"
    );
    let out = stones(
        &["replay", fixture, "--ruleset", "tromp-taylor", "--json"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["result"], "W+32.5");
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["result"] == "ok"));
    let broken = std::env::temp_dir().join(format!("stones-broken-{}.sgf", std::process::id()));
    std::fs::write(&broken, "(;GM[1]SZ[9];B[ee];W[ee").unwrap();
    let out = stones(&["replay", broken.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("expected ']'"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_file(&broken).ok();
}

#[test]
fn replay_a_dots_record_reproduces_its_counts() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/dots/tests/data/szkrab1295.sgf"
    );
    let out = stones(&["replay", fixture, "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["game"], "dots");
    assert!(v["ruleset"].as_str().unwrap().starts_with("grounding"));
    assert_eq!(
        v["description"],
        "SGF record, RE[B+17]: Black wins by 17 points"
    );
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["result"] == "ok"));
    assert_eq!(v["captures"]["black"], 17);
    assert_eq!(v["captures"]["white"], 0);
    let last = moves.last().unwrap();
    assert_eq!(
        (&last["captures"]["black"], &last["captures"]["white"]),
        (&17.into(), &0.into())
    );
    // Captures rise move by move, never fall, and Black's first capture comes before the end.
    let blacks: Vec<u64> = moves
        .iter()
        .map(|m| m["captures"]["black"].as_u64().unwrap())
        .collect();
    assert!(blacks.windows(2).all(|w| w[0] <= w[1]) && blacks[moves.len() / 2] > 0);

    // The record whose two chains take longer paths says so; a repeated point is refused, and the
    // replay goes on.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/dots/tests/data/szkrab6492.sgf"
    );
    let out = stones(&["replay", fixture], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("2 written capture chain(s) differ"), "{s}");
    let dir = std::env::temp_dir();
    let twice = dir.join(format!("stones-dots-twice-{}.sgf", std::process::id()));
    std::fs::write(&twice, "(;GM[40]SZ[5];B[aa];W[aa];W[bb])").unwrap();
    let out = stones(&["replay", twice.to_str().unwrap(), "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let fates: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["result"].as_str().unwrap())
        .collect();
    assert_eq!(fates, ["ok", "illegal", "ok"]);
    assert_eq!(v["moves"][1]["reason"], "occupied: A5 already has a stone");
    std::fs::remove_file(&twice).ok();

    let broken = dir.join(format!("stones-dots-broken-{}.sgf", std::process::id()));
    for (record, says) in [
        ("(;GM[40]SZ[30];B[aa];W[bb", "at byte 25: expected ']'"),
        (
            "(;GM[40]SZ[30];B[a!])",
            "SGF move 1 (a!): 'a!' is not a point of this 30:30 field",
        ),
        ("(;GM[40]SZ[99];B[aa])", "SZ[99]"),
    ] {
        std::fs::write(&broken, record).unwrap();
        let out = stones(&["replay", broken.to_str().unwrap()], "");
        assert!(!out.status.success(), "{record}");
        assert!(
            text(&out.stderr).contains(says),
            "{record}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_file(&broken).ok();
}

#[test]
fn replay_a_little_golem_connect6_record() {
    // Little Golem writes no GM: the EV names the game; points are a letter (with i) and a row,
    // two glued per move. Its j10 is K10 here.
    let record = "(;FF[4]EV[connect6.ch.26.1.1]PB[Phoenix]PW[Lomaben]\
                  SO[http://www.littlegolem.com];B[j10];W[j9l11];B[k9l8];W[k10i11];B[k10k11])";
    let path = std::env::temp_dir().join(format!("stones-lg-{}.sgf", std::process::id()));
    std::fs::write(&path, record).unwrap();
    let out = stones(&["replay", path.to_str().unwrap(), "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["game"], "connect6");
    let moves = v["moves"].as_array().unwrap();
    let fates: Vec<&str> = moves
        .iter()
        .map(|m| m["result"].as_str().unwrap())
        .collect();
    assert_eq!(fates, ["ok", "ok", "ok", "ok", "illegal"]);
    assert_eq!(moves[0]["move"], "K10");
    assert_eq!(moves[4]["reason"], "occupied: L10 already has a stone");
    std::fs::remove_file(&path).ok();
}

#[test]
fn gtp_session_over_standard_io() {
    let session = "1 protocol_version\n2 boardsize 9\n3 play black E5\n4 play white E5\n5 genmove white\n6 captures black\nquit\n";
    let out = stones(&["gtp", "--ruleset", "chinese"], session);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.starts_with("=1 2\n\n=2 \n\n=3 \n\n?4 illegal move\n\n=5 "),
        "{s}"
    );
    assert!(s.contains("=6 0\n\n"), "{s}");
}

#[test]
fn gomocup_brain_over_standard_io() {
    let out = stones(
        &["gomocup"],
        "START 15\r\nBEGIN\r\nTURN 6,7\r\nABOUT\r\nEND\r\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "OK");
    for reply in &lines[1..3] {
        let (x, y) = reply.split_once(',').expect("a move x,y");
        let (x, y): (u32, u32) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(x < 15 && y < 15 && (x, y) != (6, 7), "{reply}");
    }
    assert!(lines[3].starts_with("name=\"stones\""), "{s}");
}

/// Runs `stones args` with `stdout` as its standard output and `stdin` written to it only after
/// `before_input` has run; returns the exit status and what it wrote on standard error.
fn stones_with_stdout(
    args: &[&str],
    stdout: Stdio,
    before_input: impl FnOnce(&mut std::process::Child),
    stdin: &str,
) -> (std::process::ExitStatus, String) {
    let mut child = spawn(args, stdout);
    before_input(&mut child);
    // The program may have stopped reading before all of its input came: that is no failure here.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("wait for stones");
    (out.status, text(&out.stderr))
}

/// Every kind of command, each with an input that makes it write: `replay`'s transcript is longer
/// than a pipe holds, so it writes after the reader has gone however fast it starts.
fn writing_commands() -> Vec<(Vec<String>, &'static str)> {
    let many_moves = vec!["A1"; 3000].join(" ");
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        (args(&["--help"]), ""),
        (args(&["list"]), ""),
        (args(&["replay", "go", "--moves", &many_moves]), ""),
        (
            args(&["replay", "go", "--moves", &many_moves, "--json"]),
            "",
        ),
        (
            args(&["bench", "go", "--size", "9", "--playouts", "50"]),
            "",
        ),
        (args(&["play", "go"]), "D4\nQ16\nquit\n"),
        (args(&["gtp"]), "1 name\n2 showboard\nquit\n"),
        (args(&["gomocup"]), "START 15\r\nBEGIN\r\nEND\r\n"),
    ]
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    for (args, input) in writing_commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let name = &args[..args.len().min(2)];
        // The read end of standard output is closed before the program gets any input.
        let (status, stderr) =
            stones_with_stdout(&args, Stdio::piped(), |c| drop(c.stdout.take()), input);
        assert!(stderr.is_empty(), "{:?}: {stderr}", name);
        assert!(status.success(), "{:?}: {status}", name);
    }
}

#[test]
fn a_full_standard_output_is_a_clear_error() {
    for (args, input) in writing_commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let name = &args[..args.len().min(2)];
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let (status, stderr) = stones_with_stdout(&args, full.into(), |_| {}, input);
        assert!(!stderr.contains("panicked"), "{:?}: {stderr}", name);
        assert!(
            stderr.starts_with("stones: ") && stderr.contains("No space left on device"),
            "{:?}: {stderr}",
            name
        );
        assert!(!status.success(), "{:?}: {status}", name);
    }
}

#[test]
fn only_regular_files_of_the_right_kind_and_size_are_read() {
    let tmp = Scratch::new("cli-files");
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("dir.toml")).unwrap();
    std::fs::create_dir_all(dir.join("dir.case")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.case")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.sgf")).unwrap();
    let classic = include_str!("../rulesets/go/classic.toml");
    std::fs::write(dir.join("mine.toml"), classic).unwrap();
    let big = format!("{classic}\n{}", "# padding\n".repeat(7000));
    std::fs::write(dir.join("big.toml"), big).unwrap();
    std::fs::write(dir.join("big.case"), "#\n".repeat(600_000)).unwrap();
    std::fs::write(
        dir.join("passwd.case"),
        "game = \"go\"\nruleset = \"/etc/passwd\"\n",
    )
    .unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let replay_with =
        |ruleset: &str| stones(&["replay", "go", "--moves", "D4", "--ruleset", ruleset], "");
    let refused = |out: Output, needle: &str| {
        let err = text(&out.stderr);
        assert!(!out.status.success(), "should fail: {err}");
        assert!(err.contains(needle), "expected '{needle}' in: {err}");
        assert!(!err.contains("root:"), "quotes /etc/passwd: {err}");
        assert!(err.lines().count() == 1, "one line: {err}");
    };
    // Rulesets: a .toml regular file within 64 KiB, nothing else.
    assert!(replay_with(&path("mine.toml")).status.success());
    refused(
        replay_with("/etc/passwd"),
        "not a ruleset file: expected a .toml file",
    );
    refused(replay_with("/dev/zero"), "not a ruleset file");
    refused(replay_with(&path("dir.toml")), "not a regular file");
    refused(replay_with(&path("zero.toml")), "not a regular file");
    refused(
        replay_with(&path("big.toml")),
        "more than the 65536 allowed",
    );
    refused(
        stones(&["replay", &path("passwd.case")], ""),
        "ruleset /etc/passwd: not a ruleset file",
    );
    // Case files: a .case regular file within 1 MiB.
    let replay = |name: &str| stones(&["replay", name], "");
    refused(replay("/etc/passwd"), "not a case file");
    refused(replay("/dev/zero"), "not a case file");
    refused(replay(&path("dir.case")), "not a regular file");
    refused(replay(&path("zero.case")), "not a regular file");
    refused(replay(&path("big.case")), "more than the 1048576 allowed");
    // SGF records: a regular file within 64 MiB.
    refused(replay(&path("zero.sgf")), "not a regular file");
}

#[test]
fn replay_and_loadsgf_read_the_same_records_the_same_way() {
    // Latin-1 and GB2312 comments, text before and after the tree, a repeated AB, PL[2], set-up after
    // the first move.
    let records: [&[u8]; 2] = [
        b"Saved by a client\r\n(;GM[1]SZ[9]C[K\xf6nig]AB[cc]AB[gg]PL[2];W[ee];AW[aa];B[dd]) -- end",
        b"(;GM[1]SZ[9]CA[GB2312]PB[\xb8\xdf]AB[cc][gg];W[ee];B[dd]C[\xd6\xd0])",
    ];
    for (i, record) in records.iter().enumerate() {
        let path = std::env::temp_dir().join(format!("stones-ca-{}-{i}.sgf", std::process::id()));
        std::fs::write(&path, record).unwrap();
        let file = path.to_str().unwrap();
        let out = stones(&["replay", file, "--json"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2);
        assert!(moves.iter().all(|m| m["result"] == "ok"), "{v}");
        let session = format!("loadsgf {file}\nlist_stones black\nlist_stones white\nquit\n");
        let out = stones(&["gtp"], &session);
        let s = text(&out.stdout);
        assert!(s.starts_with("= \n\n= C7 D6 G3\n\n= "), "{s}");
        let white = if i == 0 { "= A9 E5\n\n" } else { "= E5\n\n" };
        assert!(s.contains(white), "{s}");
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn a_finished_case_ends_over_with_its_marks_apart_from_its_moves() {
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/go/tests/cases/dead-stones-mark-unmark.case"
    );
    let out = stones(&["replay", case, "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3, "{v}");
    let dead: Vec<&str> = v["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(dead, ["dead B4", "dead D3", "dead D3", "dead E2"]);
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "B+3.5");

    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/go/tests/cases/finished-record-no-dead-key.case"
    );
    let out = stones(&["replay", case, "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["dead"].as_array().unwrap().len(), 0);
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "B+18.5");
    let out = stones(&["replay", case], "");
    let s = text(&out.stdout);
    assert!(
        s.contains("status: over") && s.contains("result: B+18.5"),
        "{s}"
    );
}

#[test]
fn help_at_the_prompt_speaks_each_games_own_words() {
    let help = |game: &str| {
        let out = stones(&["play", game, "--set", "size=9"], "help\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let dots = help("dots");
    assert!(
        dots.contains("`stop`") && dots.contains("There is no pass"),
        "{dots}"
    );
    assert!(!dots.contains("`pass`"), "{dots}");
    assert!(dots.contains("first-move zone"), "{dots}");
    let trigo = help("trigo");
    assert!(
        trigo.contains("a1+b2") && trigo.contains("one stone"),
        "{trigo}"
    );
    assert!(trigo.contains("`done`"), "{trigo}");
    let go = help("go");
    assert!(go.contains("`done`") && go.contains("J9"), "{go}");
    let gomoku = help("gomoku");
    assert!(
        gomoku.contains("now: move 1 must be on the centre point E5"),
        "{gomoku}"
    );
    assert!(!gomoku.contains("timeout"), "{gomoku}");

    for args in [&["play"][..], &["play", "--help"][..]] {
        let out = stones(args, "");
        let all = text(&out.stdout) + &text(&out.stderr);
        for game in ["go ", "dots ", "gomoku ", "trigo "] {
            assert!(all.contains(game), "{args:?} lacks {game}: {all}");
        }
    }
}

#[test]
fn refusals_read_the_same_in_every_game_and_name_what_is_allowed_now() {
    let out = stones(&["play", "dots"], "T17\nT17\n");
    let s = text(&out.stdout);
    assert!(s.contains("occupied: T17 already has a stone"), "{s}");
    let out = stones(&["play", "gomoku"], "H8\nA1\n");
    let s = text(&out.stdout);
    assert!(
        s.contains("move 2 must be inside the central 5x5 (F6–K10)"),
        "{s}"
    );
    let out = stones(&["play", "go", "--set", "size=9"], "K10\npass\npass\nK10\n");
    let s = text(&out.stdout);
    assert!(
        s.contains("cannot read move 'K10': expected a point from A1 to J9 (columns A–J, no I; rows 1–9 from the bottom), pass or resign\n"),
        "{s}"
    );
    assert!(
        s.contains("cannot read move 'K10': expected a stone to mark dead or bring back (a point from A1 to J9"),
        "{s}"
    );
}

#[test]
fn the_terminal_says_what_each_move_did() {
    let go = |script: &str| {
        let out = stones(&["play", "go", "--set", "size=5"], script);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let s = go("B3\nC3\nC4\nD4\nC2\nD2\nA1\nE3\nD3\npass\n");
    assert!(
        s.contains("Black captures 1; ko: White may not take back at once at C3"),
        "{s}"
    );
    assert!(s.contains("White passes (one more pass ends play)"), "{s}");

    let out = stones(&["play", "dots"], "N13\nstop\n");
    let s = text(&out.stdout);
    assert!(
        s.contains("White says STOP: Black now moves alone until it stops too"),
        "{s}"
    );

    let six = "C3\nA10\nD3\nA12\nE3\nA14\nG3\nB10\nH3\nB12\nF3\n";
    let out = stones(&["play", "gomoku", "--set", "opening=none"], six);
    let s = text(&out.stdout);
    assert!(
        s.contains("6 in a row is an overline: it does not win for Black"),
        "{s}"
    );
    let five = "C3\nA10\nD3\nA12\nE3\nA14\nF3\nB10\nG3\n";
    let out = stones(&["play", "gomoku", "--set", "opening=none"], five);
    assert!(text(&out.stdout).contains("game over: Black wins with five in a row"));
}

#[test]
fn marking_ends_when_both_agree_and_the_result_shows_its_breakdown() {
    // Black C3; two passes; Black is done, White marks C3 dead (so Black must agree again).
    let script = "C3\npass\npass\ndone\nC3\ndone\naccept\n";
    let out = stones(&["play", "go", "--set", "size=5"], script);
    let s = text(&out.stdout);
    assert!(s.contains("score as it stands: black 24, white 5.5"), "{s}");
    assert!(
        s.contains("White marks, then `done` (the count now: B+18.5)> "),
        "{s}"
    );
    assert!(
        s.contains("White is done marking; Black: mark more stones, or say `accept`"),
        "{s}"
    );
    assert!(s.contains("score as it stands: black 0, white 6.5"), "{s}");
    assert!(
        s.contains("game over: White wins by 6.5 points (W+6.5)"),
        "{s}"
    );
    assert!(
        s.contains("white: territory 0 + captures 0 + dead stones 1 + komi 5.5 = 6.5"),
        "{s}"
    );
    assert_eq!(s.matches("game over").count(), 1, "{s}");

    let out = stones(&["play", "go", "--set", "size=5"], "C3\nresign\n");
    let s = text(&out.stdout);
    assert!(s.contains("game over: Black wins by resignation"), "{s}");
    assert!(!s.contains("W+R (black"), "{s}");
}

#[test]
fn nothing_is_lost_at_the_prompt() {
    let mut child = spawn(&["play", "go", "--set", "size=5"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"C3\n\xe9t\xe9\n\x00\x01garbage\n")
        .unwrap();
    stdin.write_all(&[b'x'; 5000]).unwrap();
    stdin.write_all(b"\nD4\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("that line is too long (at most 4096 bytes); nothing was played"),
        "{s}"
    );
    assert!(
        s.contains("that line is not text (UTF-8); nothing was played"),
        "{s}"
    );
    assert!(s.contains("cannot read move"), "{s}");
    assert!(
        s.contains("black to move>"),
        "the game went on after D4: {s}"
    );

    let out = stones(
        &["play", "go", "--set", "size=5"],
        "C3\nquit\nD4\nquit\nquit\n",
    );
    let s = text(&out.stdout);
    assert!(s.contains("2 change(s) to this game are not saved"), "{s}");
    assert_eq!(
        s.matches("not saved").count(),
        2,
        "a new move asks again: {s}"
    );
    let out = stones(&["play", "go", "--set", "size=5"], "C3\nquit!\nD4\n");
    assert!(!text(&out.stdout).contains("not saved"));
    let out = stones(&["play", "go", "--set", "size=5"], "quit\nD4\n");
    assert!(
        !text(&out.stdout).contains("white to move"),
        "nothing to lose: quit at once"
    );

    let out = stones(&["play", "gomoku"], "timeout\n");
    let s = text(&out.stdout);
    assert!(s.contains("`timeout` is not a move"), "{s}");
    assert!(!s.contains("game over"), "{s}");
}

#[test]
fn moves_prints_a_count_and_an_overlay_not_thousands_of_items() {
    let out = stones(&["play", "trigo"], "h8\nmoves\n");
    let s = text(&out.stdout);
    let line = s
        .lines()
        .find(|l| l.contains("pairs:"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        line.ends_with("14028 pairs: any two of these points, and pass"),
        "{line}"
    );
    assert!(s.lines().all(|l| l.chars().count() <= 100), "{s}");
    let out = stones(&["play", "go", "--set", "size=5"], "C3\nmoves\n");
    let s = text(&out.stdout);
    assert!(
        s.contains("25 legal moves: the 24 points marked *, and pass"),
        "{s}"
    );
    assert!(s.contains("   3 * * X * * 3"), "{s}");
}

#[test]
fn a_saved_game_replays_to_the_same_position_and_resumes() {
    let tmp = Scratch::new("save-test");
    let dir = tmp.path();
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let json = |args: &[&str]| -> serde_json::Value {
        let out = stones(args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("JSON")
    };

    // Go: a capture, then both forms.
    let script = format!(
        "B3\nC3\nC4\nD4\nC2\nD2\nA1\nE3\nD3\nsave {}\nsave {}\nquit\n",
        at("go.case"),
        at("go.sgf")
    );
    let out = stones(
        &["play", "go", "--set", "size=5", "--set", "komi=0.5"],
        &script,
    );
    let s = text(&out.stdout);
    assert!(s.contains("saved 9 move(s) to"), "{s}");
    assert!(!s.contains("not saved"), "saved games quit at once: {s}");
    for file in ["go.case", "go.sgf"] {
        let v = json(&["replay", &at(file), "--json"]);
        assert_eq!(v["board"][2], ". x . x o", "{file}: {v}");
        assert_eq!(v["captures"]["black"], 1, "{file}");
        assert_eq!(v["to_move"], "white", "{file}");
        assert_eq!(v["score"]["white"], 0.5, "{file}");
    }
    let out = stones(&["play", &at("go.case")], "C3\nmoves\n");
    let s = text(&out.stdout);
    assert!(s.contains("illegal move C3: ko"), "resumed at the ko: {s}");
    let out = stones(&["play", "--load", &at("go.sgf")], "quit\n");
    assert!(text(&out.stdout).contains("white to move>"));

    // Gomoku: GM[4] with its rule.
    let script = format!("H8\nJ9\nA1\nsave {}\nquit\n", at("k.sgf"));
    stones(&["play", "gomoku", "--set", "opening=none"], &script);
    let sgf = std::fs::read_to_string(at("k.sgf")).unwrap();
    assert!(
        sgf.contains("GM[4]") && sgf.contains("RU[standard opening=none]"),
        "{sgf}"
    );
    let v = json(&["replay", &at("k.sgf"), "--json"]);
    assert_eq!(v["board"][14], "x . . . . . . . . . . . . . .");
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["result"] == "ok"));

    // Dots: the rules travel in RU, so the replay counts as the game did.
    let script = format!("N13\nO13\nsave {}\nquit\n", at("d.sgf"));
    stones(&["play", "dots"], &script);
    let v = json(&["replay", &at("d.sgf"), "--json"]);
    assert_eq!(v["ruleset"], "official (record: field 39:32)");

    // A path that cannot be written is an error at the prompt; the game goes on.
    let out = stones(
        &["play", "go", "--set", "size=5"],
        "C3\nsave /no/such/dir/g.case\nD4\n",
    );
    let s = text(&out.stdout);
    assert!(s.contains("cannot write /no/such/dir/g.case"), "{s}");
    assert!(s.contains("black to move>"), "{s}");

    // A game saved in the marking step resumes there.
    let script = format!("C3\npass\npass\nsave {}\nquit!\n", at("mark.case"));
    stones(&["play", "go", "--set", "size=5"], &script);
    let out = stones(&["play", &at("mark.case")], "");
    assert!(text(&out.stdout).contains("White marks, then `done` (the count now: "));

    // TriGo has no SGF form; its case file resumes.
    let script = format!(
        "h8\na1+b2\nsave {}\nsave {}\nquit\n",
        at("t.sgf"),
        at("t.case")
    );
    let out = stones(&["play", "trigo"], &script);
    assert!(text(&out.stdout).contains("trigo has no SGF form here; save it as a .case file"));
    let out = stones(&["play", &at("t.case")], "quit\n");
    assert!(text(&out.stdout).contains("black to move>"));
}

#[test]
fn a_finished_game_saved_at_the_terminal_replays_to_its_end_and_result() {
    // Dots ended by both STOPs, Go counted after the search marked a dead stone (White's B3, alone
    // in Black's area) and both players confirmed, Go resigned: each saved as SGF and as a case
    // file keeps every move, the marking among them, and each file replays to the end with the
    // result.
    let tmp = Scratch::new("finished");
    let dir = tmp.path();
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // The game and its options, the moves typed, the result, the last moves replayed.
    let games: [(&str, &str, &str, &[&str]); 3] = [
        (
            "dots --set size=5 --set first_move_zone=false",
            "B3\nC3\nC4\nA1\nD3\nA5\nC2\nstop\nstop\n",
            "B+1",
            &["C2", "stop", "stop"],
        ),
        (
            "go --set size=5",
            "C1\nD1\nC2\nD2\nC3\nD3\nC4\nD4\nC5\nD5\npass\nB3\npass\npass\n\
             done\ndone\n",
            "B+0.5",
            &["pass", "dead B3", "done"],
        ),
        (
            "go --set size=5",
            "C3\nD3\nresign\n",
            "W+R",
            &["C3", "D3", "resign"],
        ),
    ];
    for (i, (game, moves, result, end)) in games.into_iter().enumerate() {
        let (sgf, case) = (at(&format!("{i}.sgf")), at(&format!("{i}.case")));
        let script = format!("{moves}save {sgf}\nsave {case}\nquit\n");
        let args: Vec<&str> = ["play"].into_iter().chain(game.split(' ')).collect();
        let out = stones(&args, &script);
        assert!(
            text(&out.stdout).contains("game over"),
            "{}",
            text(&out.stdout)
        );
        let record = std::fs::read_to_string(&sgf).unwrap();
        assert!(record.contains(&format!("RE[{result}]")), "{record}");
        for file in [&sgf, &case] {
            let out = stones(&["replay", file, "--json"], "");
            assert!(out.status.success(), "{}", text(&out.stderr));
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
            assert_eq!(v["status"], "over", "{file}: {v}");
            assert_eq!(v["result"], result, "{file}");
            let played: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    assert_eq!(m["result"], "ok", "{file}: {m}");
                    m["move"].as_str().unwrap()
                })
                .collect();
            assert!(played.ends_with(end), "{file}: {played:?}");
        }
    }
    // The Go record as other programs read it: Sabaki's parser finds the territory with the dead
    // stone (B3 is `bc`) in the last node, and GNU Go, loading it, finds B3 dead.
    let go = at("1.sgf");
    if let Some(last) = last_node_by_sabaki(&go) {
        let tb: Vec<&str> = last["TB"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(
            tb,
            ["aa", "ba", "ab", "bb", "ac", "bc", "ad", "bd", "ae", "be"],
            "{last}"
        );
        assert_eq!(last["TW"].as_array().unwrap().len(), 5, "{last}");
        assert_eq!(
            last["W"][0], "",
            "the last node is White's closing pass: {last}"
        );
    }
    if let Some(said) = gnu_go(&format!("loadsgf {go}\nfinal_status_list dead\n")) {
        assert_eq!(said, ["= black", "= B3"], "{said:?}");
    }
}

/// The properties of the last node of `file`'s main line as Sabaki's SGF parser reads them
/// (`{"TB": ["aa", …], …}`); `None`, said, when node or the parser is missing (a failure in CI).
fn last_node_by_sabaki(file: &str) -> Option<serde_json::Value> {
    let modules = common::node_modules();
    if !modules.join("@sabaki/sgf").is_dir() {
        let why = format!(
            "no @sabaki/sgf in {} (.ci/test installs it)",
            modules.display()
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("Sabaki's parser not checked: {why}");
        return None;
    }
    let script = r#"
        const sgf = require("@sabaki/sgf");
        let [node] = sgf.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        while (node.children.length) node = node.children[0];
        console.log(JSON.stringify(node.data));
    "#;
    let out = std::process::Command::new("node")
        .args(["-e", script, file])
        .env("NODE_PATH", &modules)
        .output()
        .expect("run node");
    assert!(out.status.success(), "{}", text(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).expect("JSON"))
}

/// GNU Go's answers (`= …` or `? …`, one per command, blank lines dropped) to the GTP `commands`;
/// `None`, said, when GNU Go is not installed (a failure in CI).
fn gnu_go(commands: &str) -> Option<Vec<String>> {
    let Some(gnugo) = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        assert!(std::env::var_os("CI").is_none(), "GNU Go is not installed");
        eprintln!("GNU Go is not installed: the check is skipped");
        return None;
    };
    let mut child = std::process::Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run GNU Go");
    let session = format!("{commands}quit\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(session.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let answers: Vec<String> = text(&out.stdout)
        .split("\n\n")
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect();
    // The last answer is quit's.
    Some(answers[..answers.len().saturating_sub(1)].to_vec())
}

/// Runs `stones` writing each piece of input after waiting its milliseconds, then closing input.
fn stones_slowly(args: &[&str], pieces: &[(u64, &str)]) -> Output {
    let mut child = spawn(args, Stdio::piped());
    let mut stdin = child.stdin.take().expect("stdin");
    for &(wait, text) in pieces {
        std::thread::sleep(std::time::Duration::from_millis(wait));
        stdin.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(stdin);
    child.wait_with_output().expect("wait for stones")
}

#[test]
fn a_clock_shows_the_time_left_and_a_player_out_of_time_loses() {
    let out = stones(
        &["play", "go", "--set", "size=5", "--time", "10m+5s"],
        "C3\n",
    );
    let s = text(&out.stdout);
    assert!(
        s.contains("black to move (black 10:00, white 10:00)>"),
        "{s}"
    );
    assert!(
        s.contains("white to move (black 10:0"),
        "Black gained the increment: {s}"
    );

    // White's time runs out while nobody types: the game ends by itself.
    let args = ["play", "go", "--set", "size=5", "--time", "0.4s"];
    let out = stones_slowly(&args, &[(0, "C3\n"), (900, "D4\nundo\n")]);
    let s = text(&out.stdout);
    assert!(s.contains("White is out of time"), "{s}");
    assert!(s.contains("game over: Black wins on time (B+T)"), "{s}");
    assert!(
        s.contains("the game is over: a player ran out of time"),
        "{s}"
    );

    // Dots: after a STOP the other player has `stop_time` seconds alone, then the game ends.
    let args = ["play", "dots", "--time", "10m", "--set", "stop_time=1"];
    let out = stones_slowly(&args, &[(0, "N13\nstop\n"), (1600, "")]);
    let s = text(&out.stdout);
    assert!(s.contains("black to move alone (0:0"), "{s}");
    assert!(
        s.contains("the time after White's STOP is up: Black stops too and the game ends"),
        "{s}"
    );
    assert!(s.contains("game over: a draw"), "{s}");

    let out = stones(&["play", "go", "--time", "10x"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--time 10x"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn at_a_terminal_the_prompts_clock_ticks_while_the_person_thinks() {
    // A pseudo-terminal from util-linux's `script`: the prompt is redrawn in place each second.
    // (`timeout` ends a stones that never redraws, so that the test fails instead of hanging.)
    let command = format!(
        "timeout --foreground 60 {} play go --set size=9 --time 10m",
        env!("CARGO_BIN_EXE_stones")
    );
    let mut child = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("util-linux's `script` runs stones in a pseudo-terminal");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Reads until Black's time has run down, redrawn over the prompt (aligned: ` 9:5x` under
    // `10:00`), then quits.
    let redrawn = "\x1b7\rblack to move (black  9:5";
    let mut seen = Vec::new();
    let mut buf = [0; 4096];
    while !String::from_utf8_lossy(&seen).contains(redrawn) {
        let n = std::io::Read::read(&mut stdout, &mut buf).expect("read the terminal");
        assert!(
            n > 0,
            "no redrawn clock:\n{}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&buf[..n]);
    }
    stdin.write_all(b"quit!\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let s = String::from_utf8_lossy(&seen);
    assert!(
        s.contains("black to move (black 10:00, white 10:00)> "),
        "{s}"
    );

    // Not at a terminal (a pipe, a file), nothing is redrawn.
    let out = stones_slowly(
        &["play", "go", "--set", "size=9", "--time", "10m"],
        &[(1500, "C3\n")],
    );
    assert!(!text(&out.stdout).contains('\x1b'), "{}", text(&out.stdout));
}

#[test]
fn computer_players_play_to_the_end_and_accept_the_marking() {
    let args = [
        "play", "go", "--set", "size=5", "--black", "random", "--white", "random",
    ];
    let out = stones(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Black accepts the marking"), "{s}");
    assert!(s.contains("White accepts the marking"), "{s}");
    assert_eq!(s.matches("game over: ").count(), 1, "{s}");
}

#[test]
fn a_row_win_is_written_and_read_as_sgf_writes_a_win_with_no_score() {
    // SGF readers take `B+5` for a margin of 5 points: a five (or six) in a row is `RE[B+]`.
    let tmp = Scratch::new("re-test");
    let dir = tmp.path();
    let games = [
        (
            &["gomoku", "--set", "opening=none"][..],
            "H8\nA1\nH9\nA2\nH10\nA3\nH11\nA4\nH12\n",
            "five",
        ),
        (
            &["connect6"],
            "K10\nA1+C1\nK11+K12\nE1+G1\nK13+K14\nJ1+L1\nK15+A10\n",
            "six",
        ),
    ];
    for (args, moves, row) in games {
        let game = args[0];
        let file = dir.join(format!("{game}.sgf"));
        let file = file.to_str().unwrap();
        let script = format!("{moves}save {file}\nquit\n");
        let out = stones(&[&["play"], args].concat(), &script);
        let s = text(&out.stdout);
        assert!(
            s.contains(&format!("Black wins with {row} in a row")),
            "{s}"
        );
        let sgf = std::fs::read_to_string(file).unwrap();
        assert!(sgf.contains("RE[B+]"), "{game}: {sgf}");
        let out = stones(&["replay", file, "--json"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["description"], "SGF record, RE[B+]: Black wins", "{game}");
        assert_eq!(v["result"], "B+", "{game}");
        assert_eq!(v["status"], "over", "{game}");
        if let Some((re, moves)) = read_by_sabaki(file) {
            assert_eq!(re, "B+", "{game}: Sabaki's parser reads RE as {re}");
            assert_eq!(moves, v["moves"].as_array().unwrap().len(), "{game}");
        }
    }
}

/// The `RE` and the number of moves Sabaki's SGF parser (`@sabaki/sgf` from npm, in
/// [`common::node_modules`]) reads in `file`;
/// `None`, said, when node or the parser is missing (a failure in CI).
fn read_by_sabaki(file: &str) -> Option<(String, usize)> {
    let modules = common::node_modules();
    if !modules.join("@sabaki/sgf").is_dir() {
        let why = format!(
            "no @sabaki/sgf in {} (.ci/test installs it)",
            modules.display()
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("Sabaki's parser not checked: {why}");
        return None;
    }
    // The root node's RE, and the nodes below it with a B or W move (a Connect6 turn's two stones
    // are one node).
    let script = r#"
        const sgf = require("@sabaki/sgf");
        const [root] = sgf.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        let moves = 0;
        for (let n = root.children[0]; n; n = n.children[0]) if (n.data.B || n.data.W) moves++;
        console.log(JSON.stringify([root.data.RE[0], moves]));
    "#;
    let out = std::process::Command::new("node")
        .args(["-e", script, file])
        .env("NODE_PATH", &modules)
        .output()
        .expect("run node");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (re, moves): (String, usize) = serde_json::from_slice(&out.stdout).expect("JSON");
    Some((re, moves))
}

#[test]
fn gnu_go_loads_our_go_records_of_every_kind_of_result() {
    let Some(gnugo) = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        eprintln!("GNU Go is not installed: the check is skipped");
        return;
    };
    let tmp = Scratch::new("gnugo-re");
    let dir = tmp.path();
    let ends = [
        ("resign", "C3\nresign\n", "RE[B+R]", &["komi=5.5"][..]),
        (
            "points",
            "C3\npass\npass\ndone\ndone\n",
            "RE[B+18.5]",
            &["komi=5.5"],
        ),
        ("draw", "pass\npass\ndone\ndone\n", "RE[Draw]", &["komi=0"]),
    ];
    let mut session = String::new();
    for (name, moves, re, set) in ends {
        let file = dir.join(format!("{name}.sgf"));
        let file = file.to_str().unwrap().to_string();
        let mut args = vec!["play", "go", "--set", "size=5"];
        for s in set {
            args.extend(["--set", s]);
        }
        stones(&args, &format!("{moves}save {file}\nquit\n"));
        let sgf = std::fs::read_to_string(&file).unwrap();
        assert!(sgf.contains(re), "{name}: {sgf}");
        session.push_str(&format!("loadsgf {file}\nshowboard\n"));
    }
    session.push_str("quit\n");
    let mut child = std::process::Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run GNU Go");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(session.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let s = text(&out.stdout);
    assert!(!s.contains('?'), "GNU Go refused a record: {s}");
    let loaded: Vec<&str> = s
        .split("\n\n")
        .filter(|r| r.starts_with("= black") || r.starts_with("= white"))
        .collect();
    assert_eq!(loaded, ["= white", "= white", "= black"], "{s}");
}

#[test]
fn results_are_said_in_words_for_each_games_typical_ends() {
    // The JSON's `result_words` (the web page's too) is the terminal's wording: its first line the
    // sentence, then a line per player when the result is a count of points.
    let case = |game_and_name: &str| {
        let (game, name) = game_and_name.split_once('/').unwrap();
        format!(
            "{}/crates/{game}/tests/cases/{name}.case",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let ends: [(Vec<String>, &str, &[&str]); 9] = [
        (
            args("gomoku --set opening=none --moves H8,A1,H9,A2,H10,A3,H11,A4,H12"),
            "Black wins with five in a row",
            &[],
        ),
        (
            args("connect6 --moves K10,A1+C1,K11+K12,E1+G1,K13+K14,J1+L1,K15+A10"),
            "Black wins with six in a row",
            &[],
        ),
        (
            args("hex --set size=3 --moves a1,c1,a2,c2,a3"),
            "Black wins by joining top and bottom (B+)",
            &[],
        ),
        (
            args("go --set size=5 --moves C3,resign"),
            "Black wins by resignation",
            &[],
        ),
        (
            args("gomoku --set opening=none --moves H8,timeout"),
            "Black wins on time (B+T)",
            &[],
        ),
        (
            args("go --set size=5 --moves C3,pass,pass,done"),
            "Black wins by 18.5 points (B+18.5)",
            &[
                "black: territory 24 + captures 0 + dead stones 0 = 24",
                "white: territory 0 + captures 0 + dead stones 0 + komi 5.5 = 5.5",
            ],
        ),
        (
            vec![case("dots/stop-play-on")],
            "White wins by 1 point (W+1)",
            &["black: dots captured 0 = 0", "white: dots captured 1 = 1"],
        ),
        (
            args("go --set size=5 --set komi=0 --moves pass,pass,done"),
            "a draw",
            &[
                "black: territory 0 + captures 0 + dead stones 0 = 0",
                "white: territory 0 + captures 0 + dead stones 0 = 0",
            ],
        ),
        (
            vec![case("gomoku/full-board-draw")],
            "a draw (board full)",
            &[],
        ),
    ];
    for (what, first, breakdown) in ends {
        let mut all = vec!["replay".to_string()];
        all.extend(what.iter().cloned());
        all.push("--json".into());
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let out = stones(&all, "");
        assert!(out.status.success(), "{what:?}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let words = v["result_words"].as_str().unwrap_or_else(|| panic!("{v}"));
        let lines: Vec<&str> = words.lines().map(str::trim).collect();
        assert_eq!(lines[0], first, "{what:?}");
        assert_eq!(&lines[1..], breakdown, "{what:?}");
    }
    let out = stones(&["replay", "go", "--moves", "C3", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["result_words"].is_null(), "no words while play goes on");
}

/// The words of a command line.
fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn play_help_and_a_bad_player_list_the_same_forms_and_options() {
    let help = text(&stones(&["play", "--help"], "").stdout);
    let out = stones(&["play", "go", "--black", "robot"], "");
    assert!(!out.status.success());
    let error = text(&out.stderr);
    // The `key=` words after "mcts options:", and the forms before it, in each text.
    let said = |t: &str| -> (String, Vec<String>) {
        let (forms, options) = t
            .split_once("mcts options:")
            .unwrap_or_else(|| panic!("{t}"));
        let forms = forms.rsplit_once("human,").map(|(_, f)| f.trim()).unwrap();
        let keys = options
            .split([',', ' '])
            .take_while(|w| !w.contains('['))
            .filter_map(|w| Some(w.split_once('=')?.0.to_string()))
            .collect();
        (forms.to_string(), keys)
    };
    let help_line = help.lines().find(|l| l.contains("--black")).unwrap();
    let (help_forms, help_keys) = said(help_line);
    let (error_forms, error_keys) = said(error.trim_end());
    assert_eq!(help_forms, error_forms);
    assert_eq!(help_keys, error_keys);
    for key in [
        "playouts", "time", "threads", "seed", "memory", "explore", "expand", "resign",
    ] {
        assert!(help_keys.iter().any(|k| k == key), "{key}: {help_line}");
    }
}

#[test]
fn replay_help_names_every_game_whose_records_save_as_sgf() {
    let help = text(&stones(&["replay", "--help"], "").stdout).to_lowercase();
    let tmp = Scratch::new("sgf-help");
    let dir = tmp.path();
    for game in ["go", "dots", "gomoku", "trigo", "connect6", "hex"] {
        let file = dir.join(format!("{game}.sgf"));
        let out = stones(&["play", game], &format!("save {}\nquit\n", file.display()));
        let saved = file.exists();
        assert_eq!(
            help.contains(&format!(".sgf: {game}")) || help.contains(&format!(", {game}")),
            saved,
            "{game}: saved {saved}, replay --help: {help}\n{}",
            text(&out.stdout)
        );
        // The prompt's help offers `.sgf` only where saving one works.
        let prompt = text(&stones(&["play", game], "help\nquit\n").stdout);
        assert_eq!(prompt.contains(".sgf or .case"), saved, "{game}: {prompt}");
    }
}

#[test]
fn hex_offers_the_swap_only_under_a_ruleset_with_it() {
    for (ruleset, swap) in [("standard", true), ("noswap", false)] {
        let out = stones(&["play", "hex", "--ruleset", ruleset], "pass\nzz\nquit\n");
        let s = text(&out.stdout);
        let refusals: Vec<&str> = s
            .lines()
            .filter(|l| l.contains("cannot read move"))
            .collect();
        assert_eq!(refusals.len(), 2, "{s}");
        for line in refusals {
            assert_eq!(line.contains("swap"), swap, "{ruleset}: {line}");
            assert!(line.ends_with("resign"), "{ruleset}: {line}");
        }
    }
}

#[test]
fn go_boards_show_the_same_star_points_in_text_and_svg() {
    let tmp = Scratch::new("stars");
    let dir = tmp.path();
    for (size, usual) in [(9, 5), (13, 5), (19, 9)] {
        let svg = dir.join(format!("{size}.svg"));
        let set = format!("size={size}");
        let args = ["replay", "go", "--set", &set, "--moves", "pass"];
        let out = stones(&[&args[..], &["--svg", svg.to_str().unwrap()]].concat(), "");
        let s = text(&out.stdout);
        let board = s.split("final:").nth(1).unwrap();
        let in_text = board
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.matches('+').count())
            .sum::<usize>();
        let in_svg = std::fs::read_to_string(&svg)
            .unwrap()
            .matches("class=\"star\"")
            .count();
        assert_eq!(in_text, in_svg, "{size}x{size}:\n{board}");
        assert_eq!(in_text, usual, "{size}x{size}:\n{board}");
    }
}

#[test]
fn undo_says_which_moves_it_took_back() {
    let out = stones(
        &["play", "go", "--set", "size=5"],
        "C3\nD4\nundo\nundo\nundo\nquit!\n",
    );
    let s = text(&out.stdout);
    assert!(s.contains("took back White's D4\n"), "{s}");
    assert!(s.contains("took back Black's C3\n"), "{s}");
    assert!(s.contains("nothing to undo"), "{s}");
    // Against the computer, its reply goes too, and both are named, the last first.
    let args = ["play", "go", "--set", "size=5", "--white", "random"];
    let s = text(&stones(&args, "C3\nundo\nquit!\n").stdout);
    let reply = s
        .lines()
        .find_map(|l| l.strip_prefix("white plays "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        s.contains(&format!("took back White's {reply} and Black's C3")),
        "{s}"
    );
}

#[test]
fn after_a_flag_falls_the_prompt_offers_what_applies() {
    let args = ["play", "go", "--set", "size=5", "--time", "0.3s"];
    let out = stones_slowly(&args, &[(0, "C3\n"), (800, "moves\nundo\nquit!\n")]);
    let s = text(&out.stdout);
    assert!(s.contains("White is out of time"), "{s}");
    assert!(s.contains("save PATH or quit> "), "{s}");
    assert!(!s.contains("> save or quit"), "{s}");
    // Neither `moves` nor `undo` applies any more: both say why.
    let over = "the game is over: a player ran out of time (`save PATH` or `quit`)";
    assert_eq!(s.matches(over).count(), 2, "{s}");
    assert!(!s.contains("legal moves: "), "{s}");
}

#[test]
fn a_refused_line_is_quoted_to_100_characters() {
    let long = "Q".repeat(4000);
    let pair = format!("C{}", "3".repeat(4000));
    for game in ["go", "dots", "gomoku", "trigo", "connect6", "hex"] {
        let out = stones(&["play", game], &format!("{long}\n{pair}\nquit!\n"));
        let s = text(&out.stdout);
        assert_eq!(s.matches("cannot read move").count(), 2, "{game}: {s}");
        assert!(
            !s.contains(&"Q".repeat(101)),
            "{game}: the line echoed whole"
        );
        assert!(
            !s.contains(&"3".repeat(101)),
            "{game}: the line echoed whole"
        );
        assert!(
            s.contains(&format!("'{}…' (4000 bytes)", "Q".repeat(100))),
            "{game}"
        );
    }
}

#[test]
fn a_game_resumed_against_the_computer_keeps_the_computer() {
    let tmp = Scratch::new("resume");
    let dir = tmp.path();
    let file = dir.join("g.case");
    let file = file.to_str().unwrap();
    let args = ["play", "go", "--set", "size=5", "--white", "random"];
    stones(&args, &format!("C3\nsave {file}\nquit\n"));
    let case = std::fs::read_to_string(file).unwrap();
    assert!(
        case.contains("[players]") && case.contains("white = \"random\""),
        "{case}"
    );
    // The file's players play on: Black (a person) moves, White (random) answers by itself. (The
    // random White took one point after C3: of D4 and B2 at least one is free for Black.)
    let s = text(&stones(&["play", file], "D4\nB2\nquit!\n").stdout);
    assert!(s.contains("white plays "), "{s}");
    // --white wins over the file: a person plays White, so nobody answers.
    let s = text(&stones(&["play", file, "--white", "human"], "D4\nB2\nquit!\n").stdout);
    assert!(!s.contains("white plays "), "{s}");
    assert!(s.contains("white to move>"), "{s}");
    // A game saved between two people and resumed with --white mcts: the search answers.
    let two = dir.join("two.case");
    let two = two.to_str().unwrap();
    stones(
        &["play", "go", "--set", "size=5"],
        &format!("C3\nsave {two}\nquit\n"),
    );
    assert!(!std::fs::read_to_string(two).unwrap().contains("[players]"));
    let args = ["play", two, "--white", "mcts:playouts=20,seed=1"];
    let s = text(&stones(&args, "quit!\n").stdout);
    assert!(s.contains("white plays "), "{s}");
    // A file does not start an external engine: a person plays that side, and the note says so.
    let edited = case.replace("\"random\"", "\"gtp:/no/such/engine\"");
    std::fs::write(file, edited).unwrap();
    let out = stones(&["play", file], "quit!\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("is not started from a file"));
    let s = text(&out.stdout);
    assert!(
        s.contains("black to move>") && !s.contains("white plays"),
        "{s}"
    );
}

#[test]
fn the_39_by_32_dots_field_fits_80_columns() {
    let widest = |s: &str| s.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let script = "N13\nO13\nhelp\nmoves\nquit!\n";
    let usual = text(&stones(&["play", "dots"], script).stdout);
    assert!(widest(&usual) > 80, "the usual picture is wider");
    let compact = text(&stones(&["play", "dots", "--compact"], script).stdout);
    assert_eq!(widest(&compact), 80, "{compact}");
    assert!(compact.contains("last dot: O13"), "{compact}");
    assert!(compact.contains("legal moves"), "{compact}");
    // A terminal 80 columns wide (COLUMNS) gets the compact picture without asking.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stones"))
        .args(["play", "dots"])
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(text(&out.stdout), compact);
    // Go's 19x19 fits as it is: the same board either way (only the help is wrapped narrower).
    let go = |extra: &[&str]| {
        let args = [&["play", "go", "--set", "size=19"][..], extra].concat();
        let s = text(&stones(&args, "D4\nquit!\n").stdout);
        s.split_once("\n\n").unwrap().1.to_string()
    };
    assert_eq!(go(&[]), go(&["--compact"]));
}

#[test]
fn the_readmes_first_command_starts_a_small_game_against_the_search() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let set_up = readme.split("## Set up").nth(1).unwrap();
    let block = set_up.split("```sh\n").nth(1).unwrap();
    let command = block.lines().next().unwrap();
    let args: Vec<&str> = command
        .strip_prefix("cargo run --release -- ")
        .unwrap_or_else(|| panic!("{command}"))
        .split_whitespace()
        .collect();
    assert_eq!(args[0], "play", "{command}");
    assert!(args.iter().any(|a| a.starts_with("mcts")), "{command}");
    // Black (the newcomer) moves first, so the search has not begun to think when input ends.
    let out = stones(&args, "quit!\n");
    assert!(out.status.success(), "{command}: {}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("stones go (9x9)"), "{s}");
    assert!(s.contains("black to move>"), "{s}");
    // The README says how two people play: the same command without the computer.
    assert!(set_up.contains("Two people"), "{set_up}");
}

#[test]
fn replay_plots_the_win_rate_after_every_move() {
    let tmp = Scratch::new("plot");
    let dir = tmp.path();
    let out = dir.join("wr.svg");
    let run = stones(
        &[
            "replay",
            "gomoku",
            "--set",
            "opening=none",
            "--moves",
            "H8,A1,H9,A2,H10,A3,H11,A4,H12",
            "--plot",
            out.to_str().unwrap(),
            "--plot-playouts",
            "50",
        ],
        "",
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Black's chance after each move"));
    assert_eq!(
        svg.matches("class=\"point\"").count(),
        10,
        "the start and nine moves"
    );
    assert!(
        svg.contains("<title>9: 100%</title>"),
        "Black's five is a sure win"
    );
    let bad = stones(
        &[
            "replay",
            "gomoku",
            "--moves",
            "H8",
            "--plot",
            "/nonexistent/x.svg",
        ],
        "",
    );
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("cannot write /nonexistent/x.svg"),
        "{}",
        text(&bad.stderr)
    );
}
