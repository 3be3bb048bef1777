//! SGF set-up properties are read in time linear in their values (issue 36, point 4): `stones
//! replay` of a record whose root has 80,000 `AB` values took 24.9 s, each value compared with every
//! one before it. The records here are built as such a finding would be: the largest board, a point
//! list cycled until it has 80,000 values (a program writing each stone again), and the same as
//! compressed rectangles; each replays in well under a second, to the same transcript as the record
//! that names each point once.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// Values in the large records.
const VALUES: usize = 80_000;
/// What a debug build must stay under (the fix takes a fraction of a second; before it, 43 s).
const LIMIT: Duration = Duration::from_secs(5);

/// The SGF letter of coordinate `i` (0–51).
fn letter(i: usize) -> char {
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[i] as char
}

/// `stones replay` of `text` (written under the tests' temporary folder as `name`): its transcript,
/// and how long it took.
fn replay(name: &str, text: &str) -> (String, Duration) {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_stones"))
        .arg("replay")
        .arg(&path)
        .output()
        .expect("run stones replay");
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "stones replay {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (String::from_utf8(out.stdout).unwrap(), took)
}

/// The record of `root` (before its `AB`), the `AB` values, then `moves`.
fn record(root: &str, values: &[String], moves: &str) -> String {
    let mut text = format!("(;{root}AB");
    for v in values {
        text.push('[');
        text.push_str(v);
        text.push(']');
    }
    text.push_str(moves);
    text.push(')');
    text
}

/// Every point of the even columns of a `width`×`height` board (each stone keeps liberties).
fn columns(width: usize, height: usize) -> Vec<String> {
    (0..width)
        .step_by(2)
        .flat_map(|x| (0..height).map(move |y| format!("{}{}", letter(x), letter(y))))
        .collect()
}

/// `points` again and again, to [`VALUES`] values.
fn cycled(points: &[String]) -> Vec<String> {
    points.iter().cycle().take(VALUES).cloned().collect()
}

#[test]
fn a_go_record_with_80000_setup_values_replays_at_once() {
    let root = "GM[1]FF[4]SZ[25]";
    let points = columns(25, 25);
    let (once, _) = replay("setup-once.sgf", &record(root, &points, ";W[bb];B[dd]"));
    assert!(once.contains("2. black D22        ok"), "{once}");
    // The points cycled to 80,000 values, in the root.
    let (many, took) = replay(
        "setup-80000.sgf",
        &record(root, &cycled(&points), ";W[bb];B[dd]"),
    );
    assert!(took < LIMIT, "80,000 AB values took {took:?}");
    assert_eq!(many, once);
    // 80,000 rectangles (a column each, 25 points: two million points in all).
    let columns: Vec<String> = (0..25)
        .step_by(2)
        .map(|x| format!("{c}a:{c}y", c = letter(x)))
        .collect();
    let (rectangles, took) = replay(
        "setup-rectangles.sgf",
        &record(root, &cycled(&columns), ";W[bb];B[dd]"),
    );
    assert!(took < LIMIT, "80,000 AB rectangles took {took:?}");
    assert_eq!(rectangles, once);
    // After the first move: set-up that changes the board where it stands.
    let root = "GM[1]FF[4]SZ[25];B[bb]";
    let (once, _) = replay("later-once.sgf", &record(root, &points, ";W[xb]"));
    let (many, took) = replay("later-80000.sgf", &record(root, &cycled(&points), ";W[xb]"));
    assert!(took < LIMIT, "80,000 later AB values took {took:?}");
    assert_eq!(many, once);
}

#[test]
fn a_dots_record_with_80000_start_dots_replays_at_once() {
    let root = "GM[40]FF[4]SZ[39:32]";
    let points = columns(39, 32);
    let (once, _) = replay("dots-once.sgf", &record(root, &points, ";W[bb];B[dd]"));
    let (many, took) = replay(
        "dots-80000.sgf",
        &record(root, &cycled(&points), ";W[bb];B[dd]"),
    );
    assert!(took < LIMIT, "80,000 AB values took {took:?}");
    assert_eq!(many, once);
}
