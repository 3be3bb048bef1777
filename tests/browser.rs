//! The `stones serve` page in a real browser: Debian's Chromium, headless, driven by playwright-core.
//! crates/server/tests/browser/play.cjs: for every game it starts a game against the computer, clicks
//! a legal point and an illegal one, waits for the computer's reply, undoes; two browsers, the lobby.
//! page.cjs: results in words, review, Swap, the Dots zone, the win-rate graph, the layout at 400
//! and 1280 px, every page on a 400 px phone (no sideways scrolling, the lobby's labels, Hex's own
//! controls and whole labels, nothing to click after the end), what the page remembers. Screenshots go under target/browser/screenshots/. `.ci/test` installs Chromium and playwright-core; without node
//! or Chromium the test says so and passes, without playwright-core it fails and says how to get it.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn found(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Stops the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn every_game_is_played_in_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !found("node") {
        eprintln!("SKIPPED every_game_is_played_in_chromium: node is not installed (.ci/test installs it)");
        return;
    }
    if !Path::new(&chromium).exists() {
        eprintln!("SKIPPED every_game_is_played_in_chromium: no Chromium at {chromium} (apt-get install chromium; .ci/test does)");
        return;
    }
    let modules = common::node_modules();
    assert!(
        modules.join("playwright-core").is_dir(),
        "playwright-core is not in {}: npm install --prefix {} playwright-core (.ci/test does)",
        modules.display(),
        modules.parent().unwrap_or(&modules).display()
    );
    // Every page of the test comes from 127.0.0.1, with more games at once than one address's share.
    let mut child = Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0", "--per-address", "off"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start stones serve");
    let stdout = child.stdout.take().expect("stdout");
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server's first line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    let shots = target.join("browser/screenshots");
    let mut failed = Vec::new();
    for script in ["play.cjs", "page.cjs"] {
        let out = Command::new("node")
            .arg(root.join("crates/server/tests/browser").join(script))
            .arg(&url)
            .arg(&shots)
            .env("NODE_PATH", &modules)
            .env("CHROMIUM", &chromium)
            .env("NO_PROXY", "127.0.0.1,localhost")
            .output()
            .expect("run node");
        let report = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        eprintln!("{script}:\n{report}");
        if !out.status.success() {
            failed.push(format!("{script}:\n{report}"));
        }
    }
    drop(server);
    assert!(
        failed.is_empty(),
        "the browser test failed:\n{}",
        failed.join("\n")
    );
    for shot in [
        "go",
        "dots",
        "gomoku",
        "trigo",
        "layout-400",
        "layout-1280",
        "phone-landing",
        "phone-hex-over",
        "phone-stats",
        "tournament-400",
    ] {
        assert!(
            shots.join(format!("{shot}.png")).is_file(),
            "no screenshot {shot}.png"
        );
    }
}
