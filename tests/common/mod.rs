//! What the end-to-end tests share: running the `stones` binary with some input, scratch folders,
//! and where the npm packages they drive live.
#![allow(dead_code)] // each test file uses its own part of it

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder of its own under the system's temporary folder, removed with all it holds when
/// dropped (a failed test's too): the scripts, logs and reports a test writes outlive no run.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty folder, `stones-TAG-PID-N`: its own per call, as the tests run at once.
    pub fn new(tag: &str) -> Scratch {
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let n = CALLS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("stones-{tag}-{}-{n}", std::process::id()));
        // A run killed before its drops may have left one of this name (the pid reused).
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("make a scratch folder");
        Scratch(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path of `name` in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes a shell-script engine `name.sh` into the folder and returns its player spec, `KIND:sh
    /// PATH` (`gtp`, `gomocup`, `oppai`).
    pub fn engine(&self, kind: &str, name: &str, script: &str) -> String {
        let path = self.join(&format!("{name}.sh"));
        std::fs::write(&path, script).expect("write an engine script");
        format!("{kind}:sh {}", path.display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs `stones match ARGS --json FILE`, which must succeed; the JSON report and the printed one.
pub fn run_match(args: &[&str]) -> (serde_json::Value, String) {
    let report = Scratch::new("match");
    let json = report.join("report.json");
    let path = json.display().to_string();
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", &path]);
    let out = stones(&all, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (value, text(&out.stdout))
}

/// The `moves` of one game in `stones match --json`, as text.
pub fn match_moves(game: &serde_json::Value) -> Vec<&str> {
    game["moves"]
        .as_array()
        .expect("a game's moves")
        .iter()
        .map(|m| m.as_str().expect("a move as text"))
        .collect()
}

/// Starts `stones args` (no colours, no terminal width) with piped standard input and error and `stdout` as its output.
pub fn spawn(args: &[&str], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_stones"))
        .args(args)
        .env("NO_COLOR", "1")
        // The terminal's width changes how wide the board and the help are drawn.
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run stones")
}

/// Runs `stones args` with `stdin` as its input (no colours); its output and exit status.
pub fn stones(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args, Stdio::piped());
    // The program may stop reading before all of its input came (it quit): no failure here.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("wait for stones")
}

/// Bytes as text, bad UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where the npm packages the tests drive live (playwright-core, @sabaki/sgf): `STONES_NODE_MODULES`,
/// else `browser/node_modules` in the target folder, where .ci/test installs them.
pub fn node_modules() -> std::path::PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    std::env::var_os("STONES_NODE_MODULES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| target.join("browser/node_modules"))
}

/// The processes whose command line holds `marker`.
pub fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(marker) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}
