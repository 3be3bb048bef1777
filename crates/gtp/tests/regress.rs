//! The GTP regression files in `tests/regress/*.tst`, replayed against the engine. They are in the
//! GNU Go regression format that GoGui's `gogui-regress` runs, so the same files check `stones gtp`
//! under the real tool (and GNU Go, for the files that use only standard commands and GNU Go's
//! extensions) — see crates/cli/README.md, "Checks beyond the test suite".
//!
//! The format, as gogui-regress reads it: a command line whose first word is a number is a test; the
//! `#? [PATTERN]` line after it holds a regular expression (multi-line, dot matches newline) that must
//! match the whole response text; `!` before the pattern negates it; `*` after the bracket marks a
//! known failure, which is run but not enforced. An error response fails its test. Other lines are
//! commands whose errors fail the file. `loadsgf` paths are relative to the file's folder, as
//! gogui-regress makes that folder the program's working directory.

use regex_automata::meta::Regex;
use std::path::{Path, PathBuf};
use stones_ai::SearchOptions;
use stones_core::RuleSet;
use stones_go::GoRules;
use stones_gtp::Engine;

fn regress_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regress")
}

/// A fresh engine as `stones gtp` starts: the default ruleset, genmove by the search (a fixed number
/// of playouts and a seed here, so the files replay the same on any machine).
fn engine() -> Engine {
    let rules = GoRules::load(None, &[]).unwrap().0;
    let mut e = Engine::new(rules, 1).unwrap();
    e.search_with(SearchOptions {
        playouts: Some(2000),
        seed: Some(1),
        ..SearchOptions::default()
    });
    e
}

/// One `#?` expectation.
struct Expect {
    pattern: String,
    negated: bool,
    known_failure: bool,
}

fn parse_expect(text: &str) -> Result<Expect, String> {
    let text = text.trim();
    let (text, known_failure) = match text.strip_suffix('*') {
        Some(t) => (t, true),
        None => (text, false),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("pattern not in brackets: {text}"))?
        .trim();
    let (pattern, negated) = match inner.strip_prefix('!') {
        Some(p) => (p, true),
        None => (inner, false),
    };
    Ok(Expect {
        pattern: pattern.to_string(),
        negated,
        known_failure,
    })
}

/// Whether `response` (`Ok` text or `Err` message) passes `expect`, as gogui-regress judges.
fn passes(expect: &Expect, response: &Result<String, String>) -> bool {
    let Ok(text) = response else {
        return false;
    };
    let full = format!(r"(?ms)\A(?:{})\z", expect.pattern);
    let re = Regex::new(&full).unwrap_or_else(|e| panic!("bad pattern {:?}: {e}", expect.pattern));
    re.is_match(text.as_str()) != expect.negated
}

/// Sends one line; the response as `Ok(text)` or `Err(message)`, text trimmed as gogui-regress does.
fn send(e: &mut Engine, line: &str) -> Result<String, String> {
    let r = e
        .execute(line)
        .unwrap_or_else(|| panic!("no response to {line:?}"));
    let text = r
        .split_once(' ')
        .map_or("", |(_, rest)| rest)
        .trim()
        .to_string();
    match r.as_bytes()[0] {
        b'=' => Ok(text),
        b'?' => Err(text),
        _ => panic!("bad response {r:?} to {line:?}"),
    }
}

/// Runs one file; returns the failures (empty when all pass) and the count of enforced tests.
fn run_file(path: &Path) -> (Vec<String>, usize) {
    let dir = path.parent().unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut e = engine();
    let mut failures = Vec::new();
    let mut enforced = 0;
    // The last test command and its response, waiting for its `#?` line.
    let mut last: Option<(String, Result<String, String>)> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = format!("{name}:{}", n + 1);
        if let Some(pattern) = line.strip_prefix("#?") {
            let Some((command, response)) = last.take() else {
                failures.push(format!("{at}: a pattern without a test command before it"));
                continue;
            };
            let expect = match parse_expect(pattern) {
                Ok(x) => x,
                Err(why) => {
                    failures.push(format!("{at}: {why}"));
                    continue;
                }
            };
            if expect.known_failure {
                continue;
            }
            enforced += 1;
            if !passes(&expect, &response) {
                failures.push(format!(
                    "{at}: {command} answered {response:?}, expected [{}{}]",
                    if expect.negated { "!" } else { "" },
                    expect.pattern
                ));
            }
            continue;
        }
        if let Some((command, Err(why))) = last.take() {
            failures.push(format!(
                "{at}: test {command} failed ({why}) and has no pattern"
            ));
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.replace('\t', " ");
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let is_test = words[0].bytes().all(|b| b.is_ascii_digit());
        let command_at = usize::from(is_test);
        let path_arg;
        if words.get(command_at) == Some(&"loadsgf") {
            if let Some(file) = words.get(command_at + 1) {
                path_arg = dir.join(file).display().to_string();
                words[command_at + 1] = &path_arg;
            }
        }
        let line = words.join(" ");
        let response = send(&mut e, &line);
        if is_test {
            last = Some((line, response));
        } else if let Err(why) = response {
            failures.push(format!("{at}: {line} failed: {why}"));
        }
    }
    if let Some((command, Err(why))) = last {
        failures.push(format!("{name}: test {command} failed ({why})"));
    }
    (failures, enforced)
}

#[test]
fn every_regression_file_passes() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(regress_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "regression files missing: {files:?}");
    let mut failures = Vec::new();
    for f in &files {
        let (fails, enforced) = run_file(f);
        assert!(enforced > 0, "{} has no enforced test", f.display());
        failures.extend(fails);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_runner_catches_a_wrong_answer() {
    // A file whose expectations are wrong must fail, each way the format can say so.
    let dir = std::env::temp_dir().join(format!("stones-regress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.tst");
    std::fs::write(
        &bad,
        "boardsize 9\n1 name\n#? [gnugo]\n2 name\n#? [!stones]\n3 play black Z9\n#? [.*]\n\
         4 protocol_version\n#? [2]\nplay black Z9\n",
    )
    .unwrap();
    let (failures, enforced) = run_file(&bad);
    assert_eq!(enforced, 4);
    assert_eq!(failures.len(), 4, "{failures:#?}");
    assert!(failures[0].contains("bad.tst:3: 1 name"), "{failures:#?}");
    assert!(
        failures[2].contains("play black Z9 answered Err"),
        "{failures:#?}"
    );
    assert!(
        failures[3].contains("bad.tst:10: play black Z9 failed"),
        "{failures:#?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
