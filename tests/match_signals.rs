//! `stones match` (and `stones tournament`) stopped by a signal leaves nothing behind (issue 36
//! point 8): SIGINT, SIGTERM and SIGHUP end every engine — its process group and the daemon it
//! started in a session of its own (`setsid`) — keep the finished games in `--json`, start no new
//! game, and exit with 128 + the signal; SIGKILL, which stones cannot catch, still takes the
//! engines' own processes with it.
//! The engines are small shell scripts (GTP, passing) written into a scratch folder; each starts a
//! `setsid` grandchild and writes its own pid and the grandchild's to files there.
#![cfg(target_os = "linux")]

mod common;

use common::processes_with;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One match of two script engines, in its own scratch folder.
struct Run {
    dir: PathBuf,
    /// In every command line of the run's processes (the scripts' folder, the `sleep`'s argument).
    marker: String,
    stones: Child,
}

impl Run {
    /// Starts `stones match` (or `tournament`: Go 5x5, 1000 games, `--json`) between two
    /// engines; a `stubborn` White ignores SIGTERM, and so does its grandchild, so that the stop's
    /// SIGKILL is needed too.
    fn start(index: usize, stubborn: bool, command: &str) -> Run {
        // `sleep` sums its arguments: the odd one marks this run's sleepers.
        let marker = format!("0.{}{index:03}7", std::process::id());
        let dir = std::env::temp_dir().join(format!("stones-signals-{marker}"));
        std::fs::create_dir_all(&dir).unwrap();
        let spec = |name: &str, stubborn: bool| {
            let path = dir.join(format!("{name}.sh"));
            std::fs::write(&path, script(&dir, &marker, stubborn)).unwrap();
            format!("gtp:sh {}", path.display())
        };
        let (black, white) = (spec("black", false), spec("white", stubborn));
        let json = dir.join("match.json").display().to_string();
        let mut args = vec![command, "go", "--set", "size=5", "--move-time", "5"];
        args.extend_from_slice(&["--json", &json]);
        if command == "match" {
            args.extend_from_slice(&["--black", &black, "--white", &white, "--games", "1000"]);
        } else {
            args.extend_from_slice(&["--player", &black, "--player", &white, "--rounds", "500"]);
        }
        let stones = Command::new(env!("CARGO_BIN_EXE_stones"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run stones");
        Run {
            dir,
            marker,
            stones,
        }
    }

    /// The pids the engines (`engines`) or their grandchildren (`grandchildren`) wrote.
    fn pids(&self, file: &str) -> Vec<u32> {
        std::fs::read_to_string(self.dir.join(file))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }

    /// Waits until two engines have started (the spec check's, or the first game's when those
    /// were ended before they wrote).
    fn wait_for_engines(&self) {
        let start = Instant::now();
        while self.pids("grandchildren").len() < 2 {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the match did not start"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `signal` (`TERM`, …) to stones and waits for it to end: its exit code and standard
    /// error.
    fn stop(&mut self, signal: &str) -> (Option<i32>, String) {
        let sent = Command::new("kill")
            .args([format!("-{signal}"), self.stones.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        while self.stones.try_wait().unwrap().is_none() {
            if start.elapsed() > Duration::from_secs(15) {
                self.stones.kill().unwrap();
                panic!(
                    "stones did not end after SIG{signal} (does it come ignored, as to a \
                     background job of a shell?)"
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let status = self.stones.try_wait().unwrap().unwrap();
        let mut err = String::new();
        use std::io::Read;
        self.stones
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        (status.code(), err)
    }

    /// The run's processes still running (zombies have no command line), after a short wait.
    fn left_behind(&self, pids: &[u32]) -> Vec<String> {
        let start = Instant::now();
        loop {
            let mut left = processes_with(&self.marker);
            left.extend(pids.iter().filter(|&&p| running(p)).map(|p| p.to_string()));
            if left.is_empty() || start.elapsed() > Duration::from_secs(2) {
                return left;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Run {
    /// Whatever a failed run (or SIGKILL) left behind is ended here, so that the next runs do not
    /// find it: stones, then every process with the run's marker.
    fn drop(&mut self) {
        let _ = self.stones.kill();
        let _ = self.stones.wait();
        for found in processes_with(&self.marker) {
            let pid = found.split(':').next().unwrap_or_default();
            Command::new("kill").args(["-KILL", pid]).status().ok();
        }
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// A GTP engine that passes after 50 ms, first writing its pid to `engines` and starting a
/// `setsid` grandchild that writes its own to `grandchildren` and sleeps for five minutes;
/// `stubborn`, it and its grandchild ignore SIGTERM. When its input ends it does not end: it
/// sleeps too (as the same process), so only a signal ends it.
fn script(dir: &Path, marker: &str, stubborn: bool) -> String {
    let dir = dir.display();
    let trap = if stubborn { "trap '' TERM; " } else { "" };
    format!(
        "{trap}echo $$ >> {dir}/engines\n\
         setsid sh -c 'echo $$ >> {dir}/grandchildren; exec sleep 300 {marker}' &\n\
         while read -r cmd rest; do\n\
         \x20 case \"$cmd\" in\n\
         \x20   genmove) sleep 0.05; printf '= pass\\n\\n' ;;\n\
         \x20   quit) printf '=\\n\\n'; exit 0 ;;\n\
         \x20   *) printf '=\\n\\n' ;;\n\
         \x20 esac\n\
         done\n\
         exec sleep 300 {marker}\n"
    )
}

/// Whether process `pid` runs (it exists and is not a zombie).
fn running(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let state = stat[stat.rfind(')').unwrap() + 1..]
        .split_whitespace()
        .next();
    !matches!(state, Some("Z" | "X"))
}

/// Stops a match (or tournament: `command`) with `signal` and checks that nothing is left, that the
/// finished games are in the JSON and no game started after the stop.
fn stops_cleanly(command: &str, index: usize, signal: &str, code: i32, delay: Duration) {
    let mut run = Run::start(index, index % 2 == 1, command);
    run.wait_for_engines();
    std::thread::sleep(delay);
    let (exit, err) = run.stop(signal);
    let pids = [run.pids("engines"), run.pids("grandchildren")].concat();
    let left = run.left_behind(&pids);
    assert!(
        left.is_empty(),
        "SIG{signal}, run {index}: left behind {left:?}"
    );
    assert_eq!(exit, Some(code), "SIG{signal}, run {index}: {err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(&format!("stones: {command} stopped by SIG{signal} after ")),
        "{err}"
    );
    let json = std::fs::read_to_string(run.dir.join("match.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).expect("a whole JSON document");
    let games = v["games"].as_array().unwrap().len();
    assert!(
        last.contains(&format!(" after {games} of 1000 games")),
        "{last}"
    );
    // The spec check's two engines, then two a game: the finished ones and the one cut short.
    let engines = run.pids("engines").len();
    assert!(
        engines <= 2 + 2 * (games + 1),
        "{engines} engines for {games} games"
    );
}

#[test]
fn sigterm_mid_match_leaves_no_engine_15_times_of_15() {
    let start = Instant::now();
    for index in 0..15 {
        // Stopped at different points: the spec check, starting engines, mid-move, scoring (a
        // game takes about a second), between games.
        let delay = Duration::from_millis((index as u64 * 97) % 1200);
        stops_cleanly("match", index, "TERM", 143, delay);
    }
    eprintln!("15 stops in {:.1} s", start.elapsed().as_secs_f64());
}

#[test]
fn sigint_and_sighup_stop_a_match_the_same_way() {
    stops_cleanly("match", 100, "INT", 130, Duration::from_millis(50));
    stops_cleanly("match", 101, "HUP", 129, Duration::from_millis(120));
}

#[test]
fn a_tournament_stops_the_same_way() {
    stops_cleanly("tournament", 150, "TERM", 143, Duration::from_millis(400));
    stops_cleanly("tournament", 151, "INT", 130, Duration::from_millis(900));
}

#[test]
fn sigkill_of_the_match_takes_the_engines_with_it() {
    let mut run = Run::start(200, true, "match");
    run.wait_for_engines();
    std::thread::sleep(Duration::from_millis(50));
    let (exit, _) = run.stop("KILL");
    assert_eq!(exit, None, "killed by the signal");
    // The engines die with stones (PR_SET_PDEATHSIG)…
    let engines = run.pids("engines");
    let start = Instant::now();
    let left = loop {
        let mut left: Vec<String> = processes_with(&run.marker)
            .into_iter()
            .filter(|l| l.contains(".sh"))
            .collect();
        left.extend(
            engines
                .iter()
                .filter(|&&p| running(p))
                .map(|p| p.to_string()),
        );
        if left.is_empty() || start.elapsed() > Duration::from_secs(2) {
            break left;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(left.is_empty(), "engines left behind: {left:?}");
    // …but what they started in a session of their own cannot be reached once stones is gone:
    // the grandchildren live on, adopted by init (the run's `drop` ends them).
}
