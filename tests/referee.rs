//! The referee against engines that misbehave on purpose (small shell-script engines written here):
//! a flood of lines without an answer, processes left behind, escape sequences, a slow start, huge
//! clocks — and the report's per-game lines and table.

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::Duration;

mod common;
use common::{processes_with, spawn, stones, text, Scratch};

/// The peak resident memory of a running process in kB (`VmHWM`), if it still runs.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `stones match ARGS --json FILE`, watching its memory; the JSON, the output and the most
/// memory (kB) seen.
fn referee(args: &[&str]) -> (serde_json::Value, Output, u64) {
    let report = Scratch::new("referee");
    let json = report.join("report.json");
    let path = json.display().to_string();
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", &path]);
    let mut child = spawn(&all, Stdio::piped());
    drop(child.stdin.take());
    let mut peak = 0;
    // The output is small (a report), so the pipes do not fill while we watch.
    while child.try_wait().unwrap().is_none() {
        if let Some(kb) = peak_kb(child.id()) {
            peak = peak.max(kb);
            if kb > 1_000_000 {
                child.kill().unwrap();
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (value, out, peak)
}

/// A Go 5x5 game (one unless `more` says) between `random` (Black) and `white` at `move_time` seconds, with more arguments.
fn go_against(white: &str, move_time: &str, more: &[&str]) -> (serde_json::Value, Output, u64) {
    go_between("random", white, move_time, more)
}

/// [`go_against`] with `black` for Black.
fn go_between(
    black: &str,
    white: &str,
    move_time: &str,
    more: &[&str],
) -> (serde_json::Value, Output, u64) {
    let mut args = vec![
        "go",
        "--set",
        "size=5",
        "--black",
        black,
        "--white",
        white,
        "--move-time",
        move_time,
    ];
    if !more.contains(&"--games") {
        args.extend_from_slice(&["--games", "1"]);
    }
    args.extend_from_slice(more);
    referee(&args)
}

/// A GTP engine that answers `=` to everything, and `genmove` as `ANSWER` says (shell code).
fn gtp_script(before: &str, genmove: &str) -> String {
    format!(
        "{before}\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    genmove) {genmove} ;;\n    quit) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n"
    )
}

#[test]
fn a_flooding_engine_loses_on_time_and_the_referee_stays_small() {
    let tmp = Scratch::new("referee");
    // Starts an answer and never ends it; then a Gomocup brain that talks without answering.
    let gtp = tmp.engine(
        "gtp",
        "flood",
        &gtp_script(
            "",
            "printf '= D4\\n'; while :; do echo 'flood flood flood flood'; done",
        ),
    );
    let (v, out, peak) = go_against(&gtp, "1", &[]);
    let game = &v["games"][0];
    assert_eq!(game["result"], "B+T", "{game}");
    assert!(
        game["reason"]
            .as_str()
            .unwrap()
            .contains("ran past its time"),
        "{game}"
    );
    assert!(peak < 100_000, "the referee took {peak} kB");
    assert!(text(&out.stdout).contains("B+T"));

    let brain = tmp.engine(
        "gomocup",
        "spam",
        "while read -r cmd; do case \"$cmd\" in START*) echo OK ;; DONE*) while :; do echo 'MESSAGE spam spam spam'; done ;; esac; done\n",
    );
    let (v, _, peak) = referee(&[
        "gomoku",
        "--ruleset",
        "freestyle",
        "--black",
        &brain,
        "--white",
        "random",
        "--move-time",
        "1",
        "--games",
        "1",
    ]);
    assert_eq!(v["games"][0]["result"], "W+T", "{v}");
    assert!(peak < 100_000, "the referee took {peak} kB");
}

#[test]
fn no_process_of_an_engine_outlives_its_game() {
    // `sleep` sums its arguments: the odd second one marks this test's sleepers.
    let marker = format!("0.{}7", std::process::id());
    let sleepers = format!("sleep 1000 {marker} &\n(sleep 1000 {marker} &)\n");
    let tmp = Scratch::new("referee");
    let gtp = tmp.engine(
        "gtp",
        "sleepers",
        &gtp_script(&sleepers, "printf '= pass\\n\\n'"),
    );
    let (v, _, _) = go_against(&gtp, "2", &["--max-moves", "6", "--games", "2"]);
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    // A started engine has started its sleepers (the engine answered, so it ran past them).
    std::thread::sleep(Duration::from_millis(200));
    let left = processes_with(&marker);
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn escape_sequences_from_an_engine_reach_neither_terminal_nor_files() {
    let tmp = Scratch::new("referee");
    let dir = tmp.join("escapes");
    let gtp = tmp.engine(
        "gtp",
        "escapes",
        &gtp_script("", "printf '= \\033[2J\\033]0;pwned\\007Z9\\n\\n'"),
    );
    let save = dir.display().to_string();
    let (v, out, _) = go_against(&gtp, "2", &["--save", &save]);
    let game = &v["games"][0];
    assert_eq!(game["result"], "B+F", "{game}");
    let reason = game["reason"].as_str().unwrap();
    assert!(reason.contains("\\u{1b}[2J"), "{reason}");
    let mut seen = vec![
        ("stdout".to_string(), out.stdout.clone()),
        ("stderr".to_string(), out.stderr.clone()),
    ];
    for file in std::fs::read_dir(&dir).unwrap().flatten() {
        seen.push((
            file.path().display().to_string(),
            std::fs::read(file.path()).unwrap(),
        ));
    }
    assert!(seen.len() >= 3, "{seen:?}");
    for (name, bytes) in &seen {
        let s = String::from_utf8_lossy(bytes);
        assert!(
            !s.contains(['\u{1b}', '\u{7}', '\u{9b}']),
            "{name} has control bytes: {s:?}"
        );
    }
    assert!(text(&out.stdout).contains("\\u{1b}]0;pwned"));
}

#[test]
fn an_engine_has_its_start_up_before_the_first_move_s_clock() {
    // Takes 1.5 s to load, then answers at once: more than a 0.5 s move's limit.
    let tmp = Scratch::new("referee");
    let slow = tmp.engine(
        "gtp",
        "slow",
        &gtp_script("sleep 1.5", "printf '= pass\\n\\n'"),
    );
    let (v, _, _) = go_against(&slow, "0.5", &["--max-moves", "4"]);
    let game = &v["games"][0];
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+T") && !result.ends_with("+F"), "{game}");
    // With less start-up time than it needs, it loses on time before its first move.
    let (v, _, _) = go_against(&slow, "0.5", &["--startup-time", "0.3"]);
    let game = &v["games"][0];
    assert_eq!(game["result"], "B+T", "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 0, "{game}");
}

#[test]
fn huge_clocks_are_cut_to_a_day() {
    let (v, _, _) = go_against("random", "1e300", &["--startup-time", "1e300"]);
    let result = v["games"][0]["result"].as_str().unwrap();
    assert!(!result.ends_with("+T") && !result.ends_with("+F"), "{v}");
    for bad in ["--move-time=-1", "--move-time=nan"] {
        let out = stones(
            &["match", "go", "--black", "random", "--white", "random", bad],
            "",
        );
        assert!(!out.status.success());
        let err = text(&out.stderr);
        assert!(
            err.contains("expected a positive number of seconds"),
            "{err}"
        );
    }
}

#[test]
fn each_game_gets_its_line_as_it_ends_and_long_names_fit_the_table() {
    let long = "mcts:playouts=5,seed=12345,threads=1,memory=64,resign=0.01";
    let (v, out, _) = referee(&[
        "go",
        "--set",
        "size=5",
        "--black",
        long,
        "--white",
        "random",
        "--games",
        "2",
        "--alternate",
    ]);
    let err = text(&out.stderr);
    for (g, game) in v["games"].as_array().unwrap().iter().enumerate() {
        // `game 1: NAME (Black) v random (White): Black wins … (B+12.5)`: the result in words
        // with its code.
        let head = format!(
            "game {}: {} (Black) v {} (White): ",
            g + 1,
            game["black"].as_str().unwrap(),
            game["white"].as_str().unwrap(),
        );
        let words = game["result_words"]
            .as_str()
            .unwrap()
            .lines()
            .next()
            .unwrap();
        let line = err.lines().find(|l| l.contains(&head)).expect(&head);
        assert!(line.contains(words), "{line}\n{err}");
        let code = format!("({})", game["result"].as_str().unwrap());
        assert!(line.contains(&code), "{line}\n{err}");
    }
    // The slowest move is reported beside the average.
    for p in v["summary"]["players"].as_array().unwrap() {
        let (mean, longest) = (p["seconds_per_move"].as_f64(), p["longest_move"].as_f64());
        assert!(
            longest.unwrap() >= mean.unwrap() && longest.unwrap() > 0.0,
            "{p}"
        );
    }
    let report = text(&out.stdout);
    assert!(report.contains(" longest "), "{report}");
    let rows: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("player") || l.starts_with("mcts") || l.starts_with("random"))
        .collect();
    assert_eq!(rows.len(), 3, "{report}");
    // The columns are fixed-width and the last one right-aligned: rows as long as the header have
    // every column under its heading (a name wider than its column would push its row out).
    let width = rows[0].chars().count();
    assert!(rows.iter().all(|r| r.chars().count() == width), "{report}");
    assert!(!report.contains("-0 "), "{report}");
}

#[test]
fn a_match_cut_short_keeps_its_finished_games_in_its_json() {
    // Half a second a move: a game of three moves each takes the engine 1.5 s.
    let tmp = Scratch::new("referee");
    let gtp = tmp.engine(
        "gtp",
        "slow-mover",
        &gtp_script("", "sleep 0.5; printf '= pass\\n\\n'"),
    );
    let json = tmp.join("cut-short.json");
    let path = json.display().to_string();
    let args = [
        "match",
        "go",
        "--set",
        "size=5",
        "--black",
        "random",
        "--white",
        &gtp,
        "--games",
        "3",
        "--max-moves",
        "6",
        "--move-time",
        "10",
        "--json",
        &path,
    ];
    let mut child = spawn(&args, Stdio::null());
    let start = std::time::Instant::now();
    while !json.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no JSON after the first game"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Interrupted in the second game, as a person stops a long match.
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    child.wait().unwrap();
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap())
        .expect("a whole JSON document");
    assert_eq!(v["games"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["summary"]["games"], 1, "{v}");
    let mut partial = json.clone().into_os_string();
    partial.push(".partial");
    assert!(!Path::new(&partial).exists());
}

#[test]
fn a_lazy_engine_warmed_up_before_the_game_is_not_charged_its_loading() {
    // Its first genmove takes 1.5 s (it "loads"), later ones are instant: over a 0.5 s move's
    // limit unless the load happens in the warm-up.
    let tmp = Scratch::new("referee");
    let marker = tmp.join("lazy-loaded");
    let lazy = tmp.engine(
        "gtp",
        "lazy",
        &gtp_script(
            "",
            &format!(
                "[ -e {m} ] || {{ sleep 1.5; touch {m}; }}; printf '= pass\\n\\n'",
                m = marker.display()
            ),
        ),
    );
    let (v, _, _) = go_against(&lazy, "0.5", &["--max-moves", "4"]);
    assert_eq!(
        v["games"][0]["result"], "B+T",
        "without a warm-up: {}",
        v["games"][0]
    );
    std::fs::remove_file(&marker).ok();
    // Black never passes (a random player may, and two passes would end the game early): each
    // genmove, warm-up's included, takes the next point of the first line.
    let placer = tmp.engine(
        "gtp",
        "placer",
        &gtp_script(
            "n=0",
            "n=$((n+1)); printf '= %s1\\n\\n' $(echo A B C D E | cut -d' ' -f$n)",
        ),
    );
    let (v, _, _) = go_between(&placer, &lazy, "0.5", &["--max-moves", "4", "--warmup"]);
    let game = &v["games"][0];
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+T") && !result.ends_with("+F"), "{game}");
    // The warm-up's move is not part of the game: it starts from the empty board.
    assert_eq!(game["moves"].as_array().unwrap().len(), 4, "{game}");
    assert_eq!(game["moves"][0], "B1", "the warm-up took A1: {game}");
}

#[test]
fn games_start_from_the_openings_each_played_with_both_colours() {
    let tmp = Scratch::new("referee");
    let file = tmp.join("openings.txt");
    std::fs::write(&file, "# two openings\nC3 C2\n\nB2, D4\n").unwrap();
    let path = file.display().to_string();
    let args = [
        "--black",
        "mcts:playouts=30,seed=1",
        "--white",
        "mcts:playouts=30,seed=1",
        "--alternate",
        "--games",
        "4",
        "--openings",
        &path,
    ];
    let mut all = vec!["go", "--set", "size=5"];
    all.extend_from_slice(&args);
    let (v, _, _) = referee(&all);
    let starts: Vec<Vec<&str>> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| common::match_moves(g)[..2].to_vec())
        .collect();
    assert_eq!(
        starts,
        [["C3", "C2"], ["C3", "C2"], ["B2", "D4"], ["B2", "D4"]]
    );
    // A refused opening is named before any game starts.
    std::fs::write(&file, "C3 C3\n").unwrap();
    let out = stones(
        &[
            "match",
            "go",
            "--set",
            "size=5",
            "--black",
            "random",
            "--white",
            "random",
            "--openings",
            &path,
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("opening on line 1: C3"),
        "{}",
        text(&out.stderr)
    );
    // Random openings: the two games of a pair share theirs, stones only.
    let (v, _, _) = go_against("random", "1", &["--games", "4", "--random-openings", "3"]);
    let games = v["games"].as_array().unwrap();
    let first = |g: &serde_json::Value| common::match_moves(g)[..3].join(" ");
    assert_eq!(first(&games[0]), first(&games[1]));
    assert_eq!(first(&games[2]), first(&games[3]));
    assert!(games.iter().all(|g| !first(g).contains("pass")));
}
