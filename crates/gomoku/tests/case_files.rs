//! Every case file under tests/cases/gomoku/ replayed here, with its facts pinned by hand: each move's
//! fate (played, or refused with a reason containing the given text) and the final status or result.
//! The shared snapshot runner shows the same cases as transcripts; this pins them before it exists.

use std::path::{Path, PathBuf};
use stones_core::board_text::parse_board;
use stones_core::rules::load_with;
use stones_core::{Colour, Game, Status};
use stones_gomoku::{Gomoku, GomokuRules};

/// (case name, per move: "ok" or a part of the refusal's text, final result or "ongoing").
const EXPECTED: &[(&str, &[&str], &str)] = &[
    ("overline-gap-six", &["ok", "ok"], "ongoing"),
    ("broken-five-xx_xx-x", &["ok"], "B+5"),
    ("five-and-six-through-one-stone", &["ok"], "B+5"),
    ("five-along-edge-into-corner", &["ok"], "B+5"),
    ("five-diagonal-into-corner", &["ok"], "B+5"),
    ("no-wrap-between-rows", &["ok", "ok"], "ongoing"),
    ("two-fives-at-once", &["ok", "the game is over"], "B+5"),
    ("nine-in-a-row", &["ok"], "ongoing"),
    ("white-overline-standard", &["ok"], "ongoing"),
    ("white-overline-freestyle", &["ok"], "W+5"),
    ("white-overline-renju", &["ok"], "W+5"),
    ("black-overline-freestyle", &["ok"], "B+5"),
    ("full-board-draw", &["ok"], "Draw (board full)"),
    (
        "opening-move1-centre",
        &[
            "move 1 must be on the centre point H8",
            "move 1 must be on the centre point H8",
            "ok",
        ],
        "ongoing",
    ),
    (
        "opening-move2-inside",
        &[
            "ok",
            "move 2 must be inside the central 5x5",
            "move 2 must be inside the central 5x5",
            "move 2 must be inside the central 5x5",
            "ok",
        ],
        "ongoing",
    ),
    (
        "opening-move3-outside",
        &[
            "ok",
            "ok",
            "move 3 must be outside the central 5x5",
            "move 3 must be outside the central 5x5",
            "ok",
            "ok",
        ],
        "ongoing",
    ),
    (
        "opening-passes",
        &[
            "no pass during the first three moves (this is move 1)",
            "ok",
            "no pass during the first three moves (this is move 2)",
            "ok",
            "no pass during the first three moves (this is move 3)",
            "ok",
            "ok",
            "ok",
        ],
        "Draw (two passes in a row)",
    ),
    (
        "passes-not-in-a-row",
        &["ok", "ok", "ok", "ok", "ok", "ok", "ok"],
        "ongoing",
    ),
    (
        "opening-after-setup-one-stone",
        &[
            "move 2 must be inside the central 5x5",
            "ok",
            "move 3 must be outside the central 5x5",
            "no pass during the first three moves (this is move 3)",
            "ok",
        ],
        "ongoing",
    ),
    (
        "opening-after-setup-three-stones",
        &["ok", "ok", "ok"],
        "ongoing",
    ),
    (
        "opening-size-19",
        &[
            "move 1 must be on the centre point K10",
            "ok",
            "move 2 must be inside the central 5x5",
            "ok",
            "move 3 must be outside the central 5x5",
            "ok",
        ],
        "ongoing",
    ),
    (
        "opening-even-size-20",
        &[
            "move 1 must be on a centre point (K11, L11, K10, L10)",
            "ok",
            "move 2 must be inside the central 6x6",
            "ok",
            "move 3 must be outside the central 6x6",
            "ok",
        ],
        "ongoing",
    ),
    (
        "freestyle-no-opening-rule",
        &["ok", "ok", "ok", "ok"],
        "Draw (two passes in a row)",
    ),
    ("resign", &["ok", "ok", "the game is over"], "B+R"),
    ("timeout", &["ok", "ok", "ok", "the game is over"], "W+T"),
    (
        "occupied-and-bad-points",
        &[
            "ok",
            "occupied: H8 already has a stone",
            "cannot read move 'I5'",
            "cannot read move 'Q1'",
            "ok",
        ],
        "ongoing",
    ),
    (
        "renju-opening",
        &[
            "move 1 must be on the centre point H8",
            "ok",
            "move 2 must be inside the central 3x3",
            "ok",
            "move 3 must be inside the central 5x5",
            "no pass during the first three moves (this is move 3)",
            "ok",
            "ok",
        ],
        "ongoing",
    ),
    (
        "renju-double-three",
        &["double-three is forbidden for Black", "ok"],
        "ongoing",
    ),
    ("renju-false-three-overline", &["ok"], "ongoing"),
    ("renju-false-three-edge", &["ok"], "ongoing"),
    ("renju-false-three-blocked", &["ok"], "ongoing"),
    (
        "renju-double-four-one-line",
        &["double-four is forbidden for Black", "ok"],
        "ongoing",
    ),
    (
        "renju-double-four-two-lines",
        &["double-four is forbidden for Black"],
        "ongoing",
    ),
    ("renju-four-three", &["ok"], "ongoing"),
    (
        "renju-black-overline",
        &["overline is forbidden for Black"],
        "ongoing",
    ),
    ("renju-five-with-overline-wins", &["ok"], "B+5"),
    ("renju-five-with-double-three-wins", &["ok"], "B+5"),
    ("renju-white-double-three", &["ok"], "ongoing"),
    ("renju-three-with-forbidden-completion", &["ok"], "ongoing"),
    ("renju-three-whose-completion-is-a-five", &["ok"], "ongoing"),
    (
        "renju-double-three-plain-twin",
        &["double-three is forbidden for Black"],
        "ongoing",
    ),
];

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/gomoku")
}

/// What replaying one case gives: each move's fate and the final status.
struct Replay {
    fates: Vec<Result<(), String>>,
    result: String,
}

fn replay(path: &Path) -> Replay {
    let text = std::fs::read_to_string(path).unwrap();
    let case: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(case["game"].as_str(), Some("gomoku"), "{}", path.display());
    assert!(
        case["description"].as_str().is_some_and(|d| d.len() > 20),
        "{}: needs a description",
        path.display()
    );
    let set: Vec<(String, toml::Value)> = case
        .get("set")
        .and_then(|s| s.as_table())
        .map(|t| t.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    let (rules, _) = load_with::<GomokuRules>(case["ruleset"].as_str(), &set).unwrap();
    let mut game = Gomoku::new(rules).unwrap();
    if let Some(setup) = case.get("setup").and_then(|s| s.as_table()) {
        let stones = parse_board(game.topology(), setup["board"].as_str().unwrap()).unwrap();
        let to_move: Colour = setup["to_move"].as_str().unwrap().parse().unwrap();
        game.set_position(&stones, to_move).unwrap();
    }
    let moves = case["moves"].as_array().unwrap();
    let fates = moves
        .iter()
        .map(|m| {
            let text = m.as_str().unwrap();
            let before = game.clone();
            let fate = match game.parse_move(text) {
                Ok(mv) => game.play(mv).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            if fate.is_err() {
                assert_eq!(game, before, "a refused move changed the game");
            }
            fate
        })
        .collect();
    let result = match game.status() {
        Status::Over(o) => o.result,
        other => other.to_string(),
    };
    Replay { fates, result }
}

#[test]
fn every_case_file_has_its_facts_pinned() {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut pinned: Vec<String> = EXPECTED.iter().map(|e| e.0.to_string()).collect();
    pinned.sort();
    assert_eq!(names, pinned);
    assert!(names.len() >= 30);
}

#[test]
fn case_files_replay_as_expected() {
    let mut failures = Vec::new();
    for &(name, fates, result) in EXPECTED {
        let got = replay(&cases_dir().join(format!("{name}.case")));
        assert_eq!(got.fates.len(), fates.len(), "{name}: number of moves");
        for (i, (fate, want)) in got.fates.iter().zip(fates.iter()).enumerate() {
            let ok = match (fate, *want) {
                (Ok(()), "ok") => true,
                (Err(reason), want) => want != "ok" && reason.contains(want),
                _ => false,
            };
            if !ok {
                failures.push(format!("{name} move {}: got {fate:?}, want {want}", i + 1));
            }
        }
        if got.result != result {
            failures.push(format!("{name}: result {}, want {result}", got.result));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
