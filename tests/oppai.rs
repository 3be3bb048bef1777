//! The `oppai:` player kind: oppai-rs's JSON-lines protocol, spoken to a fake engine written here
//! (a shell script that logs what it is told) so that a change in what stones sends or reads fails
//! here; and, when `STONES_OPPAI` names an oppai-rs `main` binary, a short game against the real one.

use std::path::{Path, PathBuf};

mod common;
use common::{match_moves, run_match, stones, text, Scratch};

/// A fake oppai-rs, written into `dir`, that logs each request to `log` and answers as oppai-rs does: `Init`, `PutPoint`
/// (remembering the point), and `Analyze` with an off-field decoy of weight 0 before the first free
/// point of a 6 x 5 field (weight 0.5), so that only the heaviest move is legal. `analyze` replaces
/// the Analyze answer when given.
fn fake(dir: &Scratch, name: &str, log: &Path, analyze: Option<&str>) -> String {
    let good = "for y in 0 1 2 3 4; do for x in 0 1 2 3 4 5; do case \"$taken\" in *\" $x,$y \"*) ;; \
                *) echo \"{\\\"command\\\":\\\"Analyze\\\",\\\"moves\\\":[{\\\"coords\\\":{\\\"x\\\":99,\\\"y\\\":99},\\\"weight\\\":0.0},{\\\"coords\\\":{\\\"x\\\":$x,\\\"y\\\":$y},\\\"weight\\\":0.5}]}\"; break 2 ;; \
                esac; done; done";
    let script = format!(
        "taken=' '\n\
         while IFS= read -r line; do\n\
           echo \"$line\" >> '{log}'\n\
           case \"$line\" in\n\
             *'\"Init\"'*) taken=' '; echo '{{\"command\":\"Init\"}}' ;;\n\
             *'\"PutPoint\"'*) xy=$(echo \"$line\" | sed 's/.*\"x\":\\([0-9]*\\),\"y\":\\([0-9]*\\).*/\\1,\\2/'); \
                taken=\"$taken$xy \"; echo '{{\"command\":\"PutPoint\",\"put\":true}}' ;;\n\
             *'\"Analyze\"'*) {analyze} ;;\n\
           esac\n\
         done\n",
        log = log.display(),
        analyze = analyze.unwrap_or(good),
    );
    dir.engine("oppai", name, &script)
}

/// `stones match dots` on a 6 x 5 grounding field, `black` against `random`, `moves` moves; the JSON
/// report's first game and the output.
fn dots_game(black: &str, moves: &str, size: &str) -> (serde_json::Value, String) {
    let (report, out) = run_match(&[
        "dots",
        "--ruleset",
        "grounding",
        "--set",
        size,
        "--black",
        black,
        "--white",
        "random",
        "--games",
        "1",
        "--move-time",
        "1",
        "--max-moves",
        moves,
    ]);
    (report["games"][0].clone(), out)
}

#[test]
fn a_fake_oppai_is_told_the_field_and_the_moves_and_its_heaviest_move_is_played() {
    let tmp = Scratch::new("oppai");
    let log = tmp.join("good.log");
    let (game, _) = dots_game(&fake(&tmp, "good", &log, None), "6", "size=[6, 5]");
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+F") && !result.ends_with("+T"), "{game}");
    let moves = match_moves(&game);
    assert_eq!(moves.len(), 6, "{game}");
    let told = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = told.lines().collect();
    // Init once with the field's size (width 6, height 5), then Analyze for Black's first move.
    assert_eq!(
        lines[0], r#"{"command":"Init","height":5,"width":6}"#,
        "{told}"
    );
    assert_eq!(
        lines[1],
        r#"{"command":"Analyze","constraint":{"type":"Time","value":900},"player":"Black"}"#,
        "{told}"
    );
    assert_eq!(lines.iter().filter(|l| l.contains("Init")).count(), 1);
    // The first free point of the fake is x 0, y 0 (the top-left corner): A5 on a 5-row field.
    assert_eq!(moves[0], "A5", "{game}");
    // Every move of the game but the last is told once, with its colour: its own and random's.
    let puts: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains("PutPoint"))
        .collect();
    assert_eq!(puts.len(), 4, "{told}");
    assert_eq!(
        puts[0],
        r#"{"command":"PutPoint","coords":{"x":0,"y":0},"player":"Black"}"#
    );
    assert!(puts[1].ends_with(r#""player":"Red"}"#), "{told}");
}

#[test]
fn bad_oppai_answers_lose_the_game_with_a_reason() {
    let tmp = Scratch::new("oppai");
    for (name, analyze, why) in [
        ("text", "echo 'thinking...'", "not JSON"),
        ("wrong", "echo '{\"command\":\"Init\"}'", "expected a \"Analyze\""),
        ("empty", "echo '{\"command\":\"Analyze\",\"moves\":[]}'", "no move"),
        (
            "off",
            "echo '{\"command\":\"Analyze\",\"moves\":[{\"coords\":{\"x\":40,\"y\":1},\"weight\":1}]}'",
            "not on the field",
        ),
        ("silent", "sleep 30", "ran past its time"),
    ] {
        let log = tmp.join(&format!("{name}.log"));
        let (game, _) = dots_game(&fake(&tmp, name, &log, Some(analyze)), "6", "size=[6, 5]");
        let result = game["result"].as_str().unwrap();
        assert!(result.starts_with("W+"), "{name}: {game}");
        let reason = game["reason"].as_str().unwrap();
        assert!(reason.contains(why), "{name}: {reason}");
    }
}

#[test]
fn oppai_plays_only_the_rules_it_knows() {
    let out = stones(
        &["match", "dots", "--black", "oppai:cat", "--white", "random"],
        "",
    );
    let err = text(&out.stderr);
    assert!(
        !out.status.success() && err.contains("--ruleset grounding"),
        "{err}"
    );
    let out = stones(
        &["match", "go", "--black", "oppai:cat", "--white", "random"],
        "",
    );
    assert!(
        text(&out.stderr).contains("Dots only"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_real_oppai_plays_a_refereed_game_when_stones_oppai_names_it() {
    let Some(binary) = std::env::var_os("STONES_OPPAI") else {
        eprintln!("STONES_OPPAI is not set: the game against oppai-rs is skipped");
        return;
    };
    let engine = format!(
        "oppai:{} --threads-count 1",
        PathBuf::from(binary).display()
    );
    let (game, _) = dots_game(&engine, "60", "size=[12, 10]");
    let result = game["result"].as_str().unwrap();
    assert!(!result.ends_with("+F") && !result.ends_with("+T"), "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 60, "{game}");
}
