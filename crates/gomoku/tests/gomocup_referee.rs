//! A referee for the Gomocup brain protocol: our brain ([`stones_gomoku::gomocup::run_brain`], run in a
//! thread over in-memory pipes that pass on only what it flushes) plays complete games on 15x15 under
//! rule 1 (exactly five), and two under rule 4 (renju), against a real peer, `pbrain-figrid`, run as a
//! child process, alternating colours. Every reply of both brains is checked: a well-formed `x,y`, on
//! the board, legal under the rule (an empty point, not forbidden, the game not over), and in time.
//!
//! The peer is installed with
//! `cargo install figrid-board --version 1.2.0 --features embed-weights` (it lands in ~/.cargo/bin);
//! without it this test fails and says so.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};
use stones_core::{Colour, Game, Status};
use stones_gomoku::gomocup::{rules_for, run_brain};
use stones_gomoku::{Gomoku, Move};

const PEER: &str = "pbrain-figrid";
const INSTALL: &str = "cargo install figrid-board --version 1.2.0 --features embed-weights";
/// `INFO timeout_turn` in milliseconds; figrid then searches about 50 ms a move.
const TIMEOUT_TURN: u64 = 200;
/// Extra time allowed to the peer process for start-up and a busy machine (ours gets none).
const PEER_SLACK: Duration = Duration::from_millis(3000);
/// The games: Gomocup rule, whether our brain has Black, and the opening stones (`x,y`, Black first)
/// the referee places before the brains move. With an opening, each brain learns the position from a
/// `BOARD` command at its first turn; without, Black gets `BEGIN`. Rule 1 (exactly five) is the main
/// check; the renju games (rule 4) also cross-check our forbidden-point judge against figrid's, which
/// never plays a point it judges forbidden.
const GAMES: [Match; 6] = [
    Match::new(1, true, &[]),
    Match::new(1, false, &[]),
    Match::new(1, true, &[(7, 7), (8, 8), (6, 8)]),
    Match::new(1, false, &[(7, 7), (8, 8), (6, 8)]),
    Match::new(4, true, &[]),
    Match::new(4, false, &[(7, 7), (8, 6)]),
];

/// One game of [`GAMES`].
struct Match {
    rule: u32,
    ours_is_black: bool,
    opening: &'static [(u16, u16)],
}

impl Match {
    const fn new(rule: u32, ours_is_black: bool, opening: &'static [(u16, u16)]) -> Match {
        Match {
            rule,
            ours_is_black,
            opening,
        }
    }
}
/// A game still going after this many moves is stopped (and counted as unfinished, which fails).
const MAX_MOVES: usize = 225;

/// Finds the peer on the PATH or in cargo's bin directory.
fn peer_path() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        dirs.push(PathBuf::from(home).join("bin"));
    }
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    dirs.into_iter().map(|d| d.join(PEER)).find(|p| p.is_file())
}

/// One side of the match: where commands go and where its lines come from.
struct Brain {
    name: &'static str,
    input: Box<dyn Write + Send>,
    lines: Receiver<String>,
    /// The time a reply may take.
    limit: Duration,
    child: Option<Child>,
}

impl Brain {
    fn ours() -> Brain {
        let (to_brain, from_referee) = mpsc::channel::<Vec<u8>>();
        let (to_referee, lines) = mpsc::channel();
        thread::spawn(move || {
            let input = BufReader::new(PipeIn {
                rx: from_referee,
                buf: Vec::new(),
                pos: 0,
            });
            let output = FlushedLines {
                tx: to_referee,
                buf: Vec::new(),
            };
            run_brain(input, output).expect("our brain failed on I/O");
        });
        Brain {
            name: "stones",
            input: Box::new(PipeOut(to_brain)),
            lines,
            limit: Duration::from_millis(TIMEOUT_TURN),
            child: None,
        }
    }

    fn peer() -> Brain {
        let path = peer_path().unwrap_or_else(|| {
            panic!(
                "{PEER} is not installed (looked on the PATH and in ~/.cargo/bin). \
                 This test plays our Gomocup brain against it; install it with:\n    {INSTALL}"
            )
        });
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            name: PEER,
            input: Box::new(stdin),
            lines,
            limit: Duration::from_millis(TIMEOUT_TURN) + PEER_SLACK,
            child: Some(child),
        }
    }

    fn send(&mut self, command: &str) {
        write!(self.input, "{command}\r\n")
            .and_then(|()| self.input.flush())
            .unwrap_or_else(|e| panic!("{}: cannot send '{command}': {e}", self.name));
    }

    /// The next reply that is not a MESSAGE or DEBUG line, and how long it took.
    fn reply(&mut self, to: &str) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let left = self.limit.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let word = line.split_whitespace().next().unwrap_or("");
                    if word == "MESSAGE" || word == "DEBUG" {
                        continue;
                    }
                    return (line.trim().to_string(), start.elapsed());
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("{}: no reply to '{to}' within {:?}", self.name, self.limit)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("{}: closed its output after '{to}'", self.name)
                }
            }
        }
    }

    fn expect_ok(&mut self, command: &str) {
        self.send(command);
        let (reply, _) = self.reply(command);
        assert_eq!(reply, "OK", "{}: reply to '{command}'", self.name);
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The referee's side of our brain's input.
struct PipeOut(Sender<Vec<u8>>);

impl Write for PipeOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "brain gone"))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Our brain's input: bytes as the referee sent them.
struct PipeIn {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for PipeIn {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.buf.len() {
            match self.rx.recv() {
                Ok(bytes) => (self.buf, self.pos) = (bytes, 0),
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Our brain's output: lines reach the referee only when the brain flushes them.
struct FlushedLines {
    tx: Sender<String>,
    buf: Vec<u8>,
}

impl Write for FlushedLines {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let line = String::from_utf8_lossy(&line).trim_end().to_string();
            self.tx
                .send(line)
                .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "referee gone"))?;
        }
        Ok(())
    }
}

/// Sends `brain` the position as a `BOARD` command (its stones 1, the opponent's 2, in the order
/// played); returns "BOARD".
fn send_board(brain: &mut Brain, board: &Gomoku) -> String {
    let own = board.to_move();
    brain.send("BOARD");
    for &mv in board.history() {
        let Move::Place(p) = mv else { continue };
        let (x, y) = board.topology().xy(p);
        let field = if board.stone(p) == Some(own) { 1 } else { 2 };
        brain.send(&format!("{x},{y},{field}"));
    }
    brain.send("DONE");
    "BOARD".to_string()
}

/// Checks a move reply and plays it on the referee's board.
fn judge(board: &mut Gomoku, brain: &Brain, reply: &str, took: Duration, n: usize) -> (u16, u16) {
    let who = format!("{} at move {n}", brain.name);
    assert!(
        took <= brain.limit,
        "{who}: answered in {took:?}, over {:?}",
        brain.limit
    );
    let (x, y) = reply
        .split_once(',')
        .and_then(|(x, y)| Some((x.parse::<u16>().ok()?, y.parse::<u16>().ok()?)))
        .unwrap_or_else(|| panic!("{who}: '{reply}' is not a move x,y"));
    let p = board
        .topology()
        .at(x as i32, y as i32)
        .unwrap_or_else(|| panic!("{who}: {x},{y} is off the board"));
    if let Err(e) = board.play(Move::Place(p)) {
        panic!("{who}: {x},{y} is illegal: {e}\n{}", board.render(false));
    }
    (x, y)
}

#[test]
fn our_brain_plays_complete_games_against_pbrain_figrid() {
    let mut ours = Brain::ours();
    let mut peer = Brain::peer();
    ours.send("ABOUT");
    let (about, _) = ours.reply("ABOUT");
    assert!(about.starts_with("name=\"stones\""), "{about}");
    let mut results = Vec::new();
    for (game, spec) in GAMES.iter().enumerate() {
        let (rule, ours_is_black, opening) = (spec.rule, spec.ours_is_black, spec.opening);
        for (i, brain) in [&mut ours, &mut peer].into_iter().enumerate() {
            // Our brain gets RESTART for later games, to exercise it too (figrid knows only START).
            if i == 0 && game > 0 {
                brain.expect_ok("RESTART");
            } else {
                brain.expect_ok("START 15");
            }
            brain.send(&format!("INFO timeout_turn {TIMEOUT_TURN}"));
            brain.send("INFO game_type 1");
            brain.send(&format!("INFO rule {rule}"));
        }
        let mut board = Gomoku::new(rules_for(rule, 15, 15).unwrap()).unwrap();
        for &(x, y) in opening {
            let p = board.topology().at(x as i32, y as i32).unwrap();
            board.play(Move::Place(p)).unwrap();
        }
        let (mut to_move, mut other) = if (board.to_move() == Colour::Black) == ours_is_black {
            (&mut ours, &mut peer)
        } else {
            (&mut peer, &mut ours)
        };
        // Each brain's first turn: BEGIN on an empty board, else BOARD; TURN after that.
        let mut first_turns: u8 = if opening.is_empty() { 1 } else { 2 };
        let mut last = None;
        let mut n = opening.len();
        while board.status() == Status::Ongoing && n < MAX_MOVES {
            let command = match last {
                Some((x, y)) if first_turns == 0 => format!("TURN {x},{y}"),
                None if opening.is_empty() => "BEGIN".to_string(),
                _ => send_board(to_move, &board),
            };
            first_turns = first_turns.saturating_sub(1);
            if command != "BOARD" {
                to_move.send(&command);
            }
            let (reply, took) = to_move.reply(&command);
            n += 1;
            last = Some(judge(&mut board, to_move, &reply, took, n));
            std::mem::swap(&mut to_move, &mut other);
        }
        let Status::Over(outcome) = board.status() else {
            panic!(
                "game {game} unfinished after {n} moves:\n{}",
                board.render(false)
            );
        };
        let winner = match (outcome.winner, ours_is_black) {
            (None, _) => "nobody",
            (Some(c), black) if (c == Colour::Black) == black => "stones",
            _ => PEER,
        };
        eprintln!(
            "game {} (rule {rule}): stones {} — {} after {n} moves, won by {winner}",
            game + 1,
            if ours_is_black { "Black" } else { "White" },
            outcome.result
        );
        eprintln!("{}", board.render(false));
        results.push(winner);
    }
    ours.send("END");
    peer.send("END");
    if let Some(child) = &mut peer.child {
        let deadline = Instant::now() + Duration::from_secs(5);
        while child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
        }
    }
    assert_eq!(results.len(), GAMES.len());
}
