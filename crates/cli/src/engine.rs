//! An external engine on the other end of a pipe (GTP or Gomocup), spoken to with deadlines so that a
//! crashed, silent or babbling engine costs its game and never hangs stones: every read has a
//! deadline that no stream of lines can put off, lines and answers are bounded in length (and the
//! lines waiting to be read in number), control characters arrive escaped, and the engine runs in a
//! process group of its own that ends with it.

use crate::process_group::Group;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use stones_core::input::{escape_controls, Line, LineReader, MAX_LINE};

pub use stones_core::input::quote;

/// The most bytes of one answer kept (a GTP answer's lines together); an engine that writes more
/// without ending its answer runs out of time, one that ends such an answer in time answers garbage.
pub const MAX_ANSWER: usize = 1 << 20;

/// The most lines read ahead of the referee; the reader then waits, and so does the engine's writing.
const QUEUE: usize = 64;

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

/// When an answer is due, and the time that was allowed for it (for the message).
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    pub at: Instant,
    pub limit: Duration,
}

impl Deadline {
    /// `limit` from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + limit,
            limit,
        }
    }
}

/// A running engine process.
pub struct Process {
    child: Child,
    /// After `child`: the group is forgotten (dropped) once its leader was waited for.
    group: Group,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
    /// The command, for messages.
    pub name: String,
}

impl Process {
    /// Starts `command` (program and arguments) in a process group of its own, with piped input and
    /// output.
    pub fn spawn(command: &[String]) -> Result<Process, Failure> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| Failure::Crashed("no command given".into()))?;
        let (mut child, group) = crate::process_group::spawn(
            Command::new(program)
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|e| Failure::Crashed(format!("cannot start {}: {e}", escape_controls(program))))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut reader = LineReader::any_end(BufReader::new(stdout));
            loop {
                let sent = match reader.next_line() {
                    Ok(None) => break,
                    Ok(Some(Line::Text(text))) => {
                        tx.send(Ok(escape_controls(text.trim_end()).into_owned()))
                    }
                    Ok(Some(Line::TooLong(_))) => {
                        let _ = tx.send(Err(format!("a line over {MAX_LINE} bytes")));
                        break;
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            group,
            stdin,
            lines,
            name: escape_controls(&command.join(" ")).into_owned(),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crashed(format!("{}: {e}", self.name)))
    }

    /// The next line (control characters escaped), if it comes before `deadline`: lines that keep
    /// coming do not put the deadline off.
    pub fn recv(&mut self, deadline: &Deadline) -> Result<String, Failure> {
        let wait = deadline.at.checked_duration_since(Instant::now());
        let got = match wait {
            Some(wait) if !wait.is_zero() => self.lines.recv_timeout(wait),
            _ => Err(RecvTimeoutError::Timeout),
        };
        match got {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(garbage)) => Err(Failure::Garbage(garbage)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(deadline.limit)),
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
        self.group.end(&mut self.child);
        let _ = self.child.wait();
    }
}

/// A GTP engine: commands with `=`/`?` answers ending in a blank line.
pub struct GtpEngine {
    process: Process,
    /// The moves the engine has been told, with their colours, in order.
    told: Vec<(stones_core::Colour, String)>,
    started: bool,
    /// Whether the engine is one of Benzene's (it knows `param_game`): asked once, in a Hex game.
    benzene: Option<bool>,
}

impl GtpEngine {
    /// Starts the engine.
    pub fn spawn(command: &[String]) -> Result<GtpEngine, Failure> {
        Ok(GtpEngine {
            process: Process::spawn(command)?,
            told: Vec::new(),
            started: false,
            benzene: None,
        })
    }

    /// Sends a command and reads its answer before `deadline`: `Ok(text)` for `=`, `Err` for `?` or a
    /// failure. At most [`MAX_ANSWER`] bytes of it are kept; the rest is read and dropped.
    pub fn command(
        &mut self,
        cmd: &str,
        deadline: &Deadline,
    ) -> Result<Result<String, String>, Failure> {
        self.process.send(cmd)?;
        let mut first = loop {
            let line = self.process.recv(deadline)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        if !first.starts_with(['=', '?']) {
            return Err(Failure::Garbage(first));
        }
        let mut too_long = false;
        loop {
            let line = self.process.recv(deadline)?;
            if line.trim().is_empty() {
                break;
            }
            if first.len() + 1 + line.len() > MAX_ANSWER {
                too_long = true;
                continue;
            }
            first.push('\n');
            first.push_str(&line);
        }
        if too_long {
            return Err(Failure::Garbage(format!(
                "an answer over {MAX_ANSWER} bytes: {}",
                quote(&first)
            )));
        }
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
    /// not been told (after an undo, a fresh board and every move), all before `deadline`.
    pub fn sync(
        &mut self,
        setup: &GtpSetup,
        history: &[(stones_core::Colour, String)],
        deadline: &Deadline,
    ) -> Result<(), Failure> {
        let prefix =
            self.told.len() <= history.len() && history[..self.told.len()] == self.told[..];
        if !self.started || !prefix {
            for cmd in &setup.commands {
                if let Err(why) = self.command(cmd, deadline)? {
                    if cmd.starts_with("boardsize") || cmd.starts_with("clear_board") {
                        return Err(Failure::Garbage(format!("{cmd}: ? {why}")));
                    }
                }
            }
            if let Some(swap) = setup.hex_swap {
                self.tell_benzene_the_swap_rule(swap, deadline)?;
            }
            self.told.clear();
            self.started = true;
        }
        for (colour, mv) in &history[self.told.len()..] {
            let (c, engine_mv) = self.in_engine_frame(*colour, mv);
            let word = colour_word(c);
            if let Err(why) = self.command(&format!("play {word} {engine_mv}"), deadline)? {
                return Err(Failure::Garbage(format!(
                    "play {word} {engine_mv}: ? {why}"
                )));
            }
            self.told.push((*colour, mv.clone()));
        }
        Ok(())
    }

    /// Finds out (once) whether the engine is one of Benzene's — MoHex, Wolve: they list
    /// `param_game` — and if so tells it whether the swap is allowed (Benzene's default is no).
    fn tell_benzene_the_swap_rule(
        &mut self,
        swap: bool,
        deadline: &Deadline,
    ) -> Result<(), Failure> {
        if self.benzene.is_none() {
            let listed = self.command("list_commands", deadline)?.unwrap_or_default();
            self.benzene = Some(listed.lines().any(|l| l.trim() == "param_game"));
        }
        if self.benzene == Some(true) {
            let cmd = format!("param_game allow_swap {}", u8::from(swap));
            if let Err(why) = self.command(&cmd, deadline)? {
                return Err(Failure::Garbage(format!("{cmd}: ? {why}")));
            }
        }
        Ok(())
    }

    /// How a move of ours is said to the engine (and, the same way back, an engine's move to us).
    /// Benzene's swap keeps Black's stone where it is and exchanges the players' colours, where
    /// ours turns the stone White on its mirror cell and keeps the colours: the same position
    /// seen across the a1 diagonal with the colours exchanged. So once a swap is played, a Benzene
    /// engine hears and plays every move with the other colour and the cell mirrored.
    fn in_engine_frame(
        &self,
        colour: stones_core::Colour,
        mv: &str,
    ) -> (stones_core::Colour, String) {
        match self.in_swapped_frame() {
            true => (colour.opponent(), mirror_cell(mv)),
            false => (colour, mv.to_string()),
        }
    }

    /// Whether the engine is one of Benzene's and has been told a swap (see `in_engine_frame`).
    fn in_swapped_frame(&self) -> bool {
        self.benzene == Some(true)
            && self
                .told
                .iter()
                .any(|(_, m)| m.eq_ignore_ascii_case("swap-pieces"))
    }

    /// Asks for a move of `colour` before `deadline`; the answer as the engine wrote it (`D4`, `pass`,
    /// `resign`).
    pub fn genmove(
        &mut self,
        colour: stones_core::Colour,
        deadline: &Deadline,
    ) -> Result<String, Failure> {
        let swapped = self.in_swapped_frame();
        let asked = if swapped { colour.opponent() } else { colour };
        match self.command(&format!("genmove {}", colour_word(asked)), deadline)? {
            Ok(mv) if !mv.is_empty() && swapped => Ok(mirror_cell(&mv)),
            Ok(mv) if !mv.is_empty() => Ok(mv),
            Ok(_) => Err(Failure::Garbage("an empty genmove answer".into())),
            Err(why) => Err(Failure::Garbage(format!("genmove: ? {why}"))),
        }
    }

    /// One `genmove` on the board as set up, its answer dropped, then `clear_board`: whatever the
    /// engine loads on its first search is loaded now, before `deadline`, not on the first move's
    /// clock. Only at the start, before any move was told.
    pub fn warm_up(
        &mut self,
        colour: stones_core::Colour,
        deadline: &Deadline,
    ) -> Result<(), Failure> {
        if !self.told.is_empty() {
            return Ok(());
        }
        self.genmove(colour, deadline)?;
        if let Err(why) = self.command("clear_board", deadline)? {
            return Err(Failure::Garbage(format!("clear_board: ? {why}")));
        }
        Ok(())
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
    /// In a Hex game, whether the swap rule is on: told to Benzene's engines, whose swap is
    /// another frame of ours (`GtpEngine::in_engine_frame`).
    pub hex_swap: Option<bool>,
}

/// A Hex cell mirrored across the a1 diagonal (`c2` is `b3`); any other word as it is.
fn mirror_cell(mv: &str) -> String {
    let mut chars = mv.chars();
    let column = chars.next().filter(char::is_ascii_alphabetic);
    let row = chars
        .as_str()
        .parse::<u8>()
        .ok()
        .filter(|r| (1..=26).contains(r));
    match (column, row) {
        (Some(c), Some(r)) => {
            let x = c.to_ascii_lowercase() as u8 - b'a';
            format!("{}{}", (b'a' + r - 1) as char, x + 1)
        }
        _ => mv.to_string(),
    }
}

/// `black` or `white`.
fn colour_word(c: stones_core::Colour) -> &'static str {
    match c {
        stones_core::Colour::Black => "black",
        stones_core::Colour::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::mirror_cell;

    #[test]
    fn a_hex_cell_is_mirrored_across_the_a1_diagonal_and_other_words_are_kept() {
        for (cell, mirrored) in [("b1", "a2"), ("a11", "k1"), ("K1", "a11"), ("j10", "j10")] {
            assert_eq!(mirror_cell(cell), mirrored);
        }
        for word in ["swap-pieces", "resign", "pass", "a0", "a27", "11"] {
            assert_eq!(mirror_cell(word), word);
        }
    }
}
