//! Every case file under tests/cases/gomoku/ replayed here, with its facts pinned by hand: each move's
//! fate (played, or refused with a reason containing the given text) and the final status or result.
//! The shared snapshot runner shows the same cases as transcripts; this pins them before it exists.

use stones_core::contract::{case_names, play_said, read_case};
use stones_core::{Game, Status};
use stones_gomoku::Gomoku;

/// (case name, per move: "ok" or a part of the refusal's text, final result or "ongoing").
const EXPECTED: &[(&str, &[&str], &str)] = &[
    ("overline-gap-six", &["ok", "ok"], "ongoing"),
    ("broken-five-xx_xx-x", &["ok"], "B+"),
    ("five-and-six-through-one-stone", &["ok"], "B+"),
    ("five-along-edge-into-corner", &["ok"], "B+"),
    ("five-diagonal-into-corner", &["ok"], "B+"),
    ("no-wrap-between-rows", &["ok", "ok"], "ongoing"),
    ("two-fives-at-once", &["ok", "the game is over"], "B+"),
    ("nine-in-a-row", &["ok"], "ongoing"),
    ("white-overline-standard", &["ok"], "ongoing"),
    ("white-overline-freestyle", &["ok"], "W+"),
    ("white-overline-renju", &["ok"], "W+"),
    ("black-overline-freestyle", &["ok"], "B+"),
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
    ("renju-five-with-overline-wins", &["ok"], "B+"),
    ("renju-five-with-double-three-wins", &["ok"], "B+"),
    ("renju-white-double-three", &["ok"], "ongoing"),
    ("renju-three-with-forbidden-completion", &["ok"], "ongoing"),
    ("renju-three-whose-completion-is-a-five", &["ok"], "ongoing"),
    (
        "renju-double-three-plain-twin",
        &["double-three is forbidden for Black"],
        "ongoing",
    ),
];

/// What replaying one case gives: each move's fate and the final status.
struct Replay {
    fates: Vec<Result<(), String>>,
    result: String,
}

fn replay(name: &str) -> Replay {
    let case = read_case::<Gomoku>(&stones_core::cases_dir!(), name);
    assert!(case.description.len() > 20, "{name}: needs a description");
    let mut game = case.game;
    let fates = case
        .moves
        .iter()
        .map(|text| {
            let before = game.clone();
            let fate = play_said(&mut game, text);
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
    let names = case_names(&stones_core::cases_dir!());
    let mut pinned: Vec<String> = EXPECTED.iter().map(|e| e.0.to_string()).collect();
    pinned.sort();
    assert_eq!(names, pinned);
    assert!(names.len() >= 30);
}

#[test]
fn case_files_replay_as_expected() {
    let mut failures = Vec::new();
    for &(name, fates, result) in EXPECTED {
        let got = replay(name);
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
