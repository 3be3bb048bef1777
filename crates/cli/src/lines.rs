//! The prompt's input, read on a thread of its own so that a clock can run out while nobody types.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

/// The longest input line read as a command, in bytes; a longer one is refused as one bad line.
pub const MAX_LINE: usize = 4096;

/// What waiting for a line gave.
#[derive(Debug)]
pub enum Next {
    /// A line (without judging it as a command yet).
    Line(String),
    /// A line that is not a command (not UTF-8, or too long): why, to refuse it as one bad line.
    Bad(String),
    /// The deadline passed first.
    Timeout,
    /// End of input.
    End,
    /// Reading failed.
    Failed(std::io::Error),
}

/// Lines from an input, read ahead on a thread.
pub struct Lines {
    rx: Receiver<Next>,
    /// Lines read ahead by [`Lines::quit_waiting`], for [`Lines::next`].
    ahead: RefCell<VecDeque<Next>>,
}

impl Lines {
    /// Starts reading `input` on a thread (it stops at end of input or when this is dropped and
    /// the next line comes).
    pub fn spawn(mut input: impl BufRead + Send + 'static) -> Lines {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || loop {
            let next = read_line(&mut input);
            let last = matches!(next, Next::End | Next::Failed(_));
            if tx.send(next).is_err() || last {
                return;
            }
        });
        Lines {
            rx,
            ahead: RefCell::new(VecDeque::new()),
        }
    }

    /// Whether `quit!` (`exit!`, `q!`) has been typed, looking without waiting at the lines that
    /// came (kept for [`Lines::next`]): read while the computer players move on by themselves.
    pub fn quit_waiting(&self) -> bool {
        let mut ahead = self.ahead.borrow_mut();
        while let Ok(next) = self.rx.try_recv() {
            ahead.push_back(next);
        }
        ahead.iter().any(|n| {
            matches!(n, Next::Line(l) if matches!(l.trim().to_ascii_lowercase().as_str(), "quit!" | "exit!" | "q!"))
        })
    }

    /// The next line, or [`Next::Timeout`] if `deadline` passes first.
    pub fn next(&self, deadline: Option<Instant>) -> Next {
        if let Some(next) = self.ahead.borrow_mut().pop_front() {
            return next;
        }
        match deadline {
            None => self.rx.recv().unwrap_or(Next::End),
            Some(at) => match self
                .rx
                .recv_timeout(at.saturating_duration_since(Instant::now()))
            {
                Ok(next) => next,
                Err(RecvTimeoutError::Timeout) => Next::Timeout,
                Err(RecvTimeoutError::Disconnected) => Next::End,
            },
        }
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes.
fn read_line(input: &mut impl BufRead) -> Next {
    let mut bytes = Vec::new();
    match std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
        Ok(0) => return Next::End,
        Ok(_) => {}
        Err(e) => return Next::Failed(e),
    }
    if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
        // Drop the rest of the long line.
        let mut rest = Vec::new();
        if let Err(e) = input.read_until(b'\n', &mut rest) {
            return Next::Failed(e);
        }
        return Next::Bad(format!("that line is too long (at most {MAX_LINE} bytes)"));
    }
    match String::from_utf8(bytes) {
        Ok(line) => Next::Line(line),
        Err(_) => Next::Bad("that line is not text (UTF-8)".into()),
    }
}
