//! An external engine on the other end of a pipe (GTP or Gomocup), spoken to with deadlines so that a
//! crashed, silent or babbling engine costs its game and never hangs stones.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest line an engine may send; longer lines count as garbage.
const MAX_LINE: usize = 64 * 1024;

/// Why an engine lost its game.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// It exited, closed its output, or could not be started.
    Crashed(String),
    /// It answered something that is not an answer.
    Garbage(String),
    /// It did not answer in time.
    Timeout(Duration),
    /// Its move was refused by the rules.
    Illegal(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crashed(why) => write!(f, "engine crashed: {why}"),
            Failure::Garbage(what) => write!(f, "engine answered garbage: {}", quote(what)),
            Failure::Timeout(limit) => {
                write!(f, "engine ran past its time ({:.1} s)", limit.as_secs_f64())
            }
            Failure::Illegal(why) => write!(f, "engine played an illegal move: {why}"),
        }
    }
}

/// At most 100 characters of untrusted text, for messages.
pub use stones_core::input::quote;

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
    /// The command, for messages.
    pub name: String,
}

impl Process {
    /// Starts `command` (program and arguments) with piped input and output.
    pub fn spawn(command: &[String]) -> Result<Process, Failure> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| Failure::Crashed("no command given".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crashed(format!("cannot start {program}: {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) => break,
                    Ok(_) if line.len() > MAX_LINE => {
                        let _ = tx.send(Err(format!("a line over {MAX_LINE} bytes")));
                        break;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim_end().to_string();
                        if tx.send(Ok(text)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        break;
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            name: command.join(" "),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crashed(format!("{}: {e}", self.name)))
    }

    /// The next line, waiting until `deadline` (`limit` is the time allowed, for the message).
    pub fn recv(&mut self, deadline: Instant, limit: Duration) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(garbage)) => Err(Failure::Garbage(garbage)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(limit)),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map_or("it closed its output".to_string(), |s| s.to_string());
                Err(Failure::Crashed(format!("{}: {status}", self.name)))
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A GTP engine: commands with `=`/`?` answers ending in a blank line.
pub struct GtpEngine {
    process: Process,
    /// The moves the engine has been told, with their colours, in order.
    told: Vec<(stones_core::Colour, String)>,
    started: bool,
}

impl GtpEngine {
    /// Starts the engine.
    pub fn spawn(command: &[String]) -> Result<GtpEngine, Failure> {
        Ok(GtpEngine {
            process: Process::spawn(command)?,
            told: Vec::new(),
            started: false,
        })
    }

    /// Sends a command and reads its answer: `Ok(text)` for `=`, `Err` for `?` or a failure.
    pub fn command(
        &mut self,
        cmd: &str,
        limit: Duration,
    ) -> Result<Result<String, String>, Failure> {
        self.process.send(cmd)?;
        let deadline = Instant::now() + limit;
        let mut first = loop {
            let line = self.process.recv(deadline, limit)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        if !first.starts_with(['=', '?']) {
            return Err(Failure::Garbage(first));
        }
        let mut rest = String::new();
        loop {
            let line = self.process.recv(deadline, limit)?;
            if line.trim().is_empty() {
                break;
            }
            rest.push('\n');
            rest.push_str(&line);
        }
        first.push_str(&rest);
        let body = |s: &str| {
            s[1..]
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim()
                .to_string()
        };
        match first.chars().next() {
            Some('=') => Ok(Ok(body(&first))),
            Some('?') => Ok(Err(body(&first))),
            _ => Err(Failure::Garbage(first)),
        }
    }

    /// Brings the engine to the game's position: the board size and komi once, then the moves it has
    /// not been told (after an undo, a fresh board and every move).
    pub fn sync(
        &mut self,
        setup: &GtpSetup,
        history: &[(stones_core::Colour, String)],
        limit: Duration,
    ) -> Result<(), Failure> {
        let prefix =
            self.told.len() <= history.len() && history[..self.told.len()] == self.told[..];
        if !self.started || !prefix {
            for cmd in &setup.commands {
                if let Err(why) = self.command(cmd, limit)? {
                    if cmd.starts_with("boardsize") || cmd.starts_with("clear_board") {
                        return Err(Failure::Garbage(format!("{cmd}: ? {why}")));
                    }
                }
            }
            self.told.clear();
            self.started = true;
        }
        for (colour, mv) in &history[self.told.len()..] {
            let word = colour_word(*colour);
            if let Err(why) = self.command(&format!("play {word} {mv}"), limit)? {
                return Err(Failure::Garbage(format!("play {word} {mv}: ? {why}")));
            }
            self.told.push((*colour, mv.clone()));
        }
        Ok(())
    }

    /// Asks for a move of `colour`; the answer as the engine wrote it (`D4`, `pass`, `resign`).
    pub fn genmove(
        &mut self,
        colour: stones_core::Colour,
        limit: Duration,
    ) -> Result<String, Failure> {
        match self.command(&format!("genmove {}", colour_word(colour)), limit)? {
            Ok(mv) if !mv.is_empty() => Ok(mv),
            Ok(_) => Err(Failure::Garbage("an empty genmove answer".into())),
            Err(why) => Err(Failure::Garbage(format!("genmove: ? {why}"))),
        }
    }

    /// Notes that the engine's own move was played (genmove plays it on the engine's board).
    pub fn played(&mut self, colour: stones_core::Colour, mv: String) {
        self.told.push((colour, mv));
    }
}

/// The commands that set a GTP engine up for a game: board size, komi, time.
#[derive(Clone, Debug, Default)]
pub struct GtpSetup {
    pub commands: Vec<String>,
}

/// `black` or `white`.
fn colour_word(c: stones_core::Colour) -> &'static str {
    match c {
        stones_core::Colour::Black => "black",
        stones_core::Colour::White => "white",
    }
}
