//! Every Go record of the Go crate's tests/data (see its README.md), replayed by our reader, ends in the
//! position GNU Go 3.8 reaches with its own `loadsgf` of the same file: the same stone on every point
//! and the same capture counts. One GNU Go session reads all the files (`.ci/test` installs GNU Go;
//! without it this test fails and says how to install it).

mod common;

use common::GnuGo;
use std::path::{Path, PathBuf};
use stones_core::{Colour, Game, RuleSet};
use stones_go::sgf::GoRecord;
use stones_go::{GoGame, GoRules};

/// Records where GNU Go's `loadsgf` is known to reach another position than the SGF specification and
/// the rules give, each with the reason (file name, why). None so far.
const KNOWN_GNUGO_DIVERGENCES: &[(&str, &str)] = &[];

fn records() -> Vec<PathBuf> {
    // The Go crate's records: a test-only path within this workspace, in no package's code.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../go/tests/data");
    let mut files = Vec::new();
    for sub in ["real-games", "gnugo-selfplay"] {
        let dir = root.join(sub);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read the records in {}: {e}", dir.display()));
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "sgf")),
        );
    }
    files.sort();
    files
}

/// The final position as both sides report it: the points of each colour (sorted names such as `D4`)
/// and the stones each colour has captured.
#[derive(Debug, PartialEq)]
struct Position {
    black: Vec<String>,
    white: Vec<String>,
    captures: [u32; 2],
}

fn ours(game: &GoGame) -> Position {
    let topo = game.topology();
    let of = |c: Colour| {
        let mut v: Vec<String> = topo
            .points()
            .filter(|&p| game.stone(p) == Some(c))
            .map(|p| topo.name(p))
            .collect();
        v.sort();
        v
    };
    Position {
        black: of(Colour::Black),
        white: of(Colour::White),
        captures: game.captures(),
    }
}

fn theirs(gnugo: &mut GnuGo) -> Position {
    let mut of = |c: &str| {
        let mut v: Vec<String> = gnugo
            .ask(&format!("list_stones {c}"))
            .split_whitespace()
            .map(str::to_uppercase)
            .collect();
        v.sort();
        v
    };
    let (black, white) = (of("black"), of("white"));
    let mut count = |c: &str| {
        let text = gnugo.ask(&format!("captures {c}"));
        text.parse::<u32>()
            .unwrap_or_else(|_| panic!("GNU Go's `captures {c}` said {text:?}"))
    };
    Position {
        black,
        white,
        captures: [count("black"), count("white")],
    }
}

/// What differs between our position and GNU Go's, in a few lines.
fn difference(a: &Position, b: &Position) -> String {
    let mut out = Vec::new();
    for (name, x, y) in [("black", &a.black, &b.black), ("white", &a.white, &b.white)] {
        let only_ours: Vec<&String> = x.iter().filter(|p| !y.contains(p)).collect();
        let only_theirs: Vec<&String> = y.iter().filter(|p| !x.contains(p)).collect();
        if !only_ours.is_empty() || !only_theirs.is_empty() {
            out.push(format!(
                "{name} stones only in ours {only_ours:?}, only in GNU Go's {only_theirs:?}"
            ));
        }
    }
    if a.captures != b.captures {
        out.push(format!(
            "captures (black, white): ours {:?}, GNU Go's {:?}",
            a.captures, b.captures
        ));
    }
    out.join("; ")
}

#[test]
fn every_go_record_ends_where_gnugo_loadsgf_ends() {
    // Simple ko, suicide forbidden: every record replays under it (crates/go/tests/fixtures.rs).
    let classic = GoRules::load(Some("classic"), &[]).unwrap().0;
    let files = records();
    assert_eq!(
        files.len(),
        236 + 25,
        "the records of the Go crate's tests/data"
    );
    let mut gnugo = GnuGo::start(&[]);
    let mut failures = Vec::new();
    let mut known = Vec::new();
    let (mut stones, mut captured) = (0usize, 0usize);
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let game = match GoRecord::parse(&bytes).and_then(|r| r.replay(&classic, None)) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{file}: our reader refused it: {e}"));
                continue;
            }
        };
        let path_text = path.to_str().expect("a UTF-8 path");
        assert!(
            !path_text.contains(char::is_whitespace),
            "GTP cannot name {path_text:?}"
        );
        if let Err(e) = gnugo.send(&format!("loadsgf {path_text}")) {
            failures.push(format!("{file}: GNU Go's loadsgf refused it: {e}"));
            continue;
        }
        let (a, b) = (ours(&game), theirs(&mut gnugo));
        stones += b.black.len() + b.white.len();
        captured += (b.captures[0] + b.captures[1]) as usize;
        let divergence = KNOWN_GNUGO_DIVERGENCES.iter().find(|(f, _)| *f == file);
        match (a == b, divergence) {
            (true, None) => {}
            (true, Some(_)) => failures.push(format!(
                "{file}: listed as a known GNU Go divergence, but the positions now agree"
            )),
            (false, Some((_, why))) => known.push(format!("{file}: {why}")),
            (false, None) => failures.push(format!("{file}: {}", difference(&a, &b))),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} records end elsewhere than GNU Go's loadsgf:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert_eq!(known.len(), KNOWN_GNUGO_DIVERGENCES.len(), "{known:?}");
    // The comparison saw real positions: GNU Go reported stones and captures.
    assert!(stones > files.len() * 50, "only {stones} stones in all");
    assert!(
        captured > files.len() * 5,
        "only {captured} captures in all"
    );
    eprintln!(
        "{} records: {stones} stones and {captured} captures agree",
        files.len()
    );
}
