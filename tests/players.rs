//! Players end to end: `stones match` in every game (its JSON and the replay of its moves), broken
//! engines that lose without hanging the referee, real engines (GNU Go over GTP, pbrain-figrid over
//! Gomocup), GTP for every game, and the computer at the `play` prompt.

use std::path::PathBuf;

mod common;
use common::{match_moves, run_match, stones, text, Scratch};

#[test]
fn a_match_in_every_game_is_refereed_reported_and_replays_to_the_same_result() {
    for (game, extra) in [
        ("go", vec!["--set", "size=5"]),
        ("dots", vec!["--set", "size=[8, 6]"]),
        ("gomoku", vec!["--set", "size=9"]),
        ("trigo", vec!["--ruleset", "teaching"]),
    ] {
        let mut args = vec![
            game,
            "--black",
            "mcts:playouts=40,seed=3",
            "--white",
            "random",
            "--games",
            "2",
            "--alternate",
        ];
        args.extend_from_slice(&extra);
        let (v, report) = run_match(&args);
        assert_eq!(v["game"], game);
        assert_eq!(v["players"][0], "mcts:playouts=40,seed=3");
        assert_eq!(v["players"][1], "random");
        let games = v["games"].as_array().unwrap();
        assert_eq!(games.len(), 2);
        // Colours alternate: the first player has Black in the first game, White in the second.
        assert_eq!(games[0]["black"], "mcts:playouts=40,seed=3");
        assert_eq!(games[1]["white"], "mcts:playouts=40,seed=3");
        assert!(
            report.contains("score (95% CI)") && report.contains("Elo"),
            "{report}"
        );
        for g in games {
            let result = g["result"].as_str().unwrap();
            let winner = &g["winner"];
            match result.chars().next() {
                Some('B') => assert_eq!(winner, "black", "{g}"),
                Some('W') => assert_eq!(winner, "white", "{g}"),
                _ => assert!(winner.is_null(), "{g}"),
            }
            assert!(!result.ends_with("+F") && !result.ends_with("+T"), "{g}");
            // In words, as the terminal says it, in the JSON and the report's line for the game.
            let words = g["result_words"].as_str().unwrap();
            let sentence = words.lines().next().unwrap();
            let said = match result.chars().next() {
                Some('B') => "Black wins",
                Some('W') => "White wins",
                _ => "a draw",
            };
            assert!(sentence.starts_with(said), "{g}");
            assert!(report.contains(sentence), "{report}");
            // The result is the one `stones replay GAME --moves …` gives for those moves.
            let moves = match_moves(g);
            let list = moves.join(",");
            let mut replay = vec!["replay", game, "--moves", &list, "--json"];
            replay.extend_from_slice(&extra);
            let out = stones(&replay, "");
            assert!(out.status.success(), "{}", text(&out.stderr));
            let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(r["result"], result, "{game}: {g}");
        }
        let summary = &v["summary"]["players"];
        let wins = |i: usize| {
            summary[i]["wins_as_black"].as_u64().unwrap()
                + summary[i]["wins_as_white"].as_u64().unwrap()
        };
        assert!(wins(0) + wins(1) <= 2);
    }
}

#[test]
fn a_broken_engine_loses_its_game_and_the_report_says_why() {
    let cases: [(&str, &str); 3] = [
        // Exits at once: its output closes.
        ("gtp:false", "crashed"),
        // Echoes every command back: not a GTP answer.
        ("gtp:cat", "garbage"),
        // Never answers.
        ("gtp:sleep 30", "ran past its time"),
    ];
    for (engine, why) in cases {
        let (v, report) = run_match(&[
            "go",
            "--set",
            "size=5",
            "--black",
            "random",
            "--white",
            engine,
            "--move-time",
            "0.2",
            "--games",
            "1",
        ]);
        let game = &v["games"][0];
        let result = game["result"].as_str().unwrap();
        assert!(result == "B+F" || result == "B+T", "{engine}: {game}");
        assert!(
            game["reason"].as_str().unwrap().contains(why),
            "{engine}: {game}"
        );
        assert!(report.contains(result), "{engine}: {report}");
        let said = ["Black wins by forfeit (B+F)", "Black wins on time (B+T)"];
        assert!(
            said.iter().any(|s| report.contains(s)),
            "{engine}: {report}"
        );
        assert_eq!(v["summary"]["players"][1]["failures"], 1);
    }
}

#[test]
fn a_bad_player_spec_lists_what_is_allowed() {
    let out = stones(
        &["match", "go", "--black", "robot", "--white", "random"],
        "",
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown player 'robot'") && err.contains("gtp:COMMAND"),
        "{err}"
    );
    let out = stones(&["play", "go", "--black", "mcts:speed=3"], "");
    assert!(text(&out.stderr).contains("unknown mcts option 'speed'"));
    let out = stones(&["play", "go", "--white", "gomocup:cat"], "");
    assert!(text(&out.stderr).contains("Gomoku only"));
    // A Gomocup brain cannot know an opening rule: the standard ruleset's must be switched off.
    let out = stones(&["play", "gomoku", "--white", "gomocup:cat"], "");
    assert!(
        text(&out.stderr).contains("--set opening=none"),
        "{}",
        text(&out.stderr)
    );
}

fn gnugo() -> Option<&'static str> {
    ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

#[test]
fn gnu_go_plays_a_refereed_game_over_gtp() {
    let Some(gnugo) = gnugo() else {
        panic!("GNU Go is missing: apt-get install gnugo (.ci/test installs it)");
    };
    // GNU Go plays the ruleset's rules (area scoring, positional superko), so that none of its
    // moves is refused as a superko repetition it was never told about.
    let engine = format!("gtp:{gnugo} --mode gtp --level 0 --chinese-rules --positional-superko");
    let (v, _) = run_match(&[
        "go",
        "--ruleset",
        "chinese",
        "--set",
        "size=9",
        "--black",
        "mcts:playouts=300",
        "--white",
        &engine,
        "--games",
        "1",
    ]);
    let game = &v["games"][0];
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+F") && !result.ends_with("+T"), "{game}");
    assert!(game["moves"].as_array().unwrap().len() > 20, "{game}");
}

fn figrid() -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let path = home.join("bin/pbrain-figrid");
    path.exists().then_some(path)
}

#[test]
fn pbrain_figrid_plays_a_refereed_game_over_gomocup() {
    let Some(figrid) = figrid() else {
        panic!("pbrain-figrid is missing (.ci/test installs it)");
    };
    let engine = format!("gomocup:{}", figrid.display());
    let (v, _) = run_match(&[
        "gomoku",
        "--ruleset",
        "freestyle",
        "--black",
        &engine,
        "--white",
        "mcts:playouts=200",
        // The search stops at 200 playouts; the limit is roomy so that a loaded machine running a
        // debug build does not lose on time (the test is about the protocol, not the clock).
        "--move-time",
        "1",
        "--games",
        "1",
    ]);
    let game = &v["games"][0];
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+F") && !result.ends_with("+T"), "{game}");
}

#[test]
fn gtp_speaks_every_game_in_its_own_notation() {
    let session = "1 list_commands\n2 play black h8\n3 genmove white\n4 stones-status\n5 play black a1+a2+a3\n6 quit\n";
    let out = stones(
        &[
            "gtp",
            "--game",
            "trigo",
            "--player",
            "mcts:playouts=30,seed=1",
        ],
        session,
    );
    let s = text(&out.stdout);
    assert!(s.contains("stones-status"), "{s}");
    assert!(s.contains("=2 \n\n"), "{s}");
    // White's reply is a pair in TriGo's notation.
    let reply = s.split("=3 ").nth(1).unwrap().lines().next().unwrap();
    assert!(reply.contains('+'), "{s}");
    assert!(s.contains("=4 ongoing black"), "{s}");
    assert!(s.contains("?5 illegal move"), "{s}");
    // The thinking goes to standard error, the move first, as GUIs' GTP consoles show it.
    let err = text(&out.stderr);
    assert!(err.starts_with(&format!("{reply}: 30 playouts")), "{err}");
    assert!(err.contains("win rate") && err.contains("expects"), "{err}");

    let session = "boardsize 7\nplay black D4\nplay white stop\nstones-status\nquit\n";
    let s = text(
        &stones(
            &["gtp", "--game", "dots", "--ruleset", "grounding"],
            session,
        )
        .stdout,
    );
    assert!(s.contains("= over"), "{s}");

    let session = "boardsize 9\ngenmove black\nstones-status\nplay white pass\nplay black pass\nstones-status\nquit\n";
    let out = stones(&["gtp", "--player", "mcts:playouts=50"], session);
    let s = text(&out.stdout);
    assert!(s.contains("= ongoing white"), "{s}");
    let err = text(&out.stderr);
    // Black's move is the second answer (after boardsize's).
    let first = s.split("= ").nth(2).unwrap().lines().next().unwrap();
    assert!(
        err.starts_with(&format!("{first}: 50 playouts in")),
        "{s}\n{err}"
    );
    assert!(err.contains("win rate") && err.contains("expects"), "{err}");
    assert!(s.contains("= over B+"), "{s}");
}

#[test]
fn the_computer_moves_at_the_prompt_and_says_what_it_thought() {
    let out = stones(
        &[
            "play",
            "gomoku",
            "--black",
            "mcts:playouts=30",
            "--set",
            "size=9",
        ],
        "E6\nundo\nquit\n",
    );
    let s = text(&out.stdout);
    assert!(s.contains("black plays E5 (30 playouts"), "{s}");
    assert!(s.contains("win rate") && s.contains("expects"), "{s}");
}

#[test]
fn a_won_go_game_ends_after_the_persons_pass() {
    // White has walled off three one-point-wide strips to Black's one: won, every point settled.
    let row = ". x o . o . o . o\n";
    let case = format!(
        "game = \"go\"\nruleset = \"japanese\"\n[set]\nsize = 9\n[setup]\nboard = \"\"\"\n{}\"\"\"\n\
         to_move = \"black\"\nmoves = []\n",
        row.repeat(9)
    );
    let tmp = Scratch::new("players");
    let path = tmp.join("won.case");
    std::fs::write(&path, case).unwrap();
    let out = stones(
        &[
            "play",
            &path.display().to_string(),
            "--white",
            "mcts:playouts=1500,seed=1",
        ],
        "pass\nquit!\n",
    );
    let s = text(&out.stdout);
    // Before: White filled its own territory, a point lost at each move under territory scoring.
    assert!(s.contains("white plays pass"), "{s}");
    assert!(s.contains("play has stopped"), "{s}");
}

#[test]
fn hex_swaps_a_strong_opening_and_answers_a_weak_one() {
    // The search swaps when its playouts through the position favour the opener: the centre
    // (before: White answered f6 with a stone, its best child's rate overrating the reply), not
    // the acute corner a1.
    for (opening, swaps) in [("f6", true), ("a1", false)] {
        let session = format!("boardsize 11\nplay b {opening}\n1 genmove w\nquit\n");
        let reply = hex_genmove("mcts:playouts=3000,seed=1", &session);
        assert_eq!(reply == "swap-pieces", swaps, "{opening}: {reply}");
    }
}

/// The answer to the command numbered 1 (a `genmove`) of `session`, given to `stones gtp` playing
/// Hex as `player`.
fn hex_genmove(player: &str, session: &str) -> String {
    let out = stones(&["gtp", "--game", "hex", "--player", player], session);
    let s = text(&out.stdout);
    let reply = s
        .split("=1 ")
        .nth(1)
        .unwrap_or_else(|| panic!("no answer: {s}"));
    reply.lines().next().unwrap().to_string()
}

#[test]
fn hex_opens_where_a_swap_profits_little_under_the_swap_rule() {
    // A first move is worth to its player the less of its value and the swapped one: under the
    // swap rule the search opens on the outer rings, about even, not in the middle of the board,
    // which the opponent would swap. Before, these seeds opened g6, h4 and i4 (rings 1 to 3), and
    // against MoHex g4, e8, e7…, each swapped.
    for seed in 1..=3 {
        let player = format!("mcts:playouts=10000,seed={seed}");
        let cell = hex_genmove(&player, "boardsize 11\n1 genmove b\nquit\n");
        // The ring around the centre f6: the larger of the column and row distances.
        let (col, row) = (
            i32::from(cell.as_bytes()[0] - b'a'),
            cell[1..].parse::<i32>().unwrap(),
        );
        let ring = (col - 5).abs().max((row - 6).abs());
        assert!(ring >= 4, "seed {seed}: {cell} (ring {ring}) is swapped");
    }
}

/// A GTP engine in shell, written into `dir`, that logs each command to `log` and answers its
/// genmoves in turn from `moves`; `list_commands` lists `listed`.
fn scripted_gtp(
    dir: &Scratch,
    name: &str,
    listed: &str,
    moves: &[&str],
    log: &std::path::Path,
) -> String {
    let answers: String = moves
        .iter()
        .enumerate()
        .map(|(k, mv)| format!("{}) printf '= {mv}\\n\\n' ;; ", k + 1))
        .collect();
    let script = format!(
        "n=0\nwhile read -r line; do\n  echo \"$line\" >> '{log}'\n  case \"$line\" in\n    \
         list_commands*) printf '= {listed}\\n\\n' ;;\n    \
         genmove*) n=$((n+1)); case $n in {answers}*) printf '= resign\\n\\n' ;; esac ;;\n    \
         quit*) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n",
        log = log.display()
    );
    dir.engine("gtp", name, &script)
}

#[test]
fn a_benzene_engine_is_told_the_swap_rule_and_after_a_swap_plays_in_its_own_frame() {
    // Benzene's engines (MoHex, Wolve: they list `param_game`) allow no swap unless told, and their
    // swap-pieces keeps Black's stone and exchanges the colours, where ours mirrors the stone
    // and keeps them: after the swap they hear and play every move with the other colour, mirrored.
    let tmp = Scratch::new("players");
    let log = tmp.join("benzene.log");
    let benzene = scripted_gtp(
        &tmp,
        "benzene",
        "name\\nparam_game\\nplay",
        &["b1", "a2"],
        &log,
    );
    let plain = scripted_gtp(
        &tmp,
        "plain",
        "name",
        &["swap-pieces", "a3"],
        &tmp.join("plain.log"),
    );
    let (v, _) = run_match(&[
        "hex", "--set", "size=3", "--black", &benzene, "--white", &plain, "--games", "1",
    ]);
    let game = &v["games"][0];
    let moves = match_moves(game);
    // Its a2 after the swap is our b1 (the swapped stone went from b1 to a2).
    assert_eq!(moves[..4], ["b1", "swap-pieces", "b1", "a3"], "{game}");
    assert_eq!(game["result"], "W+R", "{game}");
    let told = std::fs::read_to_string(&log).unwrap();
    let said: Vec<&str> = told
        .lines()
        .filter(|l| {
            l.starts_with("param_game") || l.starts_with("play") || l.starts_with("genmove")
        })
        .collect();
    assert_eq!(
        said,
        [
            "param_game allow_swap 1",
            "genmove black",
            "play white swap-pieces",
            "genmove white",
            "play black c1",
            "genmove white",
        ],
        "{told}"
    );
}

#[test]
fn after_a_stop_on_the_official_field_the_lone_computer_ends_the_game_without_searching() {
    // Black's STOP leaves White alone: it encloses Black's T16 dot by dot and stops, no playouts spent.
    // Before: a full search for each of some 200 lone moves.
    let out = stones(
        &["play", "dots", "--white", "mcts:playouts=200,seed=1"],
        "T16\nstop\n",
    );
    let s = text(&out.stdout);
    let lone = s.split("Black says STOP").nth(1).expect("the STOP");
    let moves: Vec<&str> = lone
        .lines()
        .filter(|l| l.starts_with("white plays"))
        .collect();
    assert!(!moves.is_empty() && moves.len() <= 5, "{s}");
    assert!(moves.iter().all(|l| l.contains("(0 playouts")), "{s}");
    assert!(s.contains("game over: White wins"), "{s}");
}

#[test]
fn quit_now_is_read_between_computer_moves() {
    // Two computers on the official field would play some 1,200 moves; `quit!` ends it between two.
    let out = stones(
        &[
            "play",
            "dots",
            "--black",
            "mcts:playouts=20,seed=1",
            "--white",
            "mcts:playouts=20,seed=2",
        ],
        "quit!\n",
    );
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(!s.contains("game over"), "{s}");
    assert!(s.matches(" plays ").count() < 20, "{s}");
}
