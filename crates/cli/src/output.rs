//! Writing a command's output, and how a failure ends the program.
//!
//! Every command writes through [`print_out`] (or takes standard output as an `io::Write` and returns
//! `io::Result`), never `print!`, which panics when standard output is closed or full. A reader that
//! stops early (`stones replay … | head`) ends the program quietly with status 0; any other write
//! failure (`stones list > /dev/full`) is an error message and a non-zero exit.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug)]
pub enum CommandError {
    /// A message for the user: a bad argument, file, ruleset, …
    Message(String),
    /// Writing the output with [`print_out`] failed.
    Output(io::Error),
    /// Reading the input or writing the output of an interactive session failed.
    Io(io::Error),
}

impl CommandError {
    /// Whether the reader of standard output has gone away (`… | head`).
    fn is_broken_pipe(&self) -> bool {
        matches!(self, CommandError::Output(e) | CommandError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> Self {
        CommandError::Message(message)
    }
}

impl From<io::Error> for CommandError {
    fn from(e: io::Error) -> Self {
        CommandError::Io(e)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Message(m) => f.write_str(m),
            CommandError::Output(e) => write!(f, "cannot write the output: {e}"),
            CommandError::Io(e) => write!(f, "input/output error: {e}"),
        }
    }
}

/// Writes `text` to standard output and flushes it, so that a failure shows here and not, silently,
/// at exit.
pub fn print_out(text: &str) -> Result<(), CommandError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CommandError::Output)
}

/// Prints what the command-line parser has to say instead of running a command (`--help` and
/// `--version` on standard output, a usage error on standard error) and gives its exit status (0 for
/// help, 2 for a usage error); as for [`exit_status`], a failed write is an error unless the reader
/// has gone.
pub fn parse_error_status(e: &clap::Error) -> ExitCode {
    match e.print() {
        Err(write) if write.kind() != io::ErrorKind::BrokenPipe => {
            exit_status(Err(CommandError::Output(write)))
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(1)),
    }
}

/// The exit status for a command's result, after printing its error (if any) on standard error. A
/// closed standard output (`BrokenPipe`: the reader has gone) is a quiet success.
pub fn exit_status(result: Result<(), CommandError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // Standard error may be closed too: nothing is left to tell, so ignore that.
            let _ = writeln!(io::stderr(), "stones: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes `value` as pretty JSON to `path` beside it first, then renamed over it: a reader (or a
/// stop midway) never finds half a file.
pub fn write_json_file(
    path: &std::path::Path,
    value: &impl serde::Serialize,
) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    std::fs::write(&partial, text + "\n").map_err(cannot)?;
    std::fs::rename(&partial, path).map_err(cannot)
}
