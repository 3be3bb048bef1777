//! stones-gtp: a GTP (Go Text Protocol, version 2) engine over the stones Go rules, for GUIs such as
//! Sabaki and GoGui and for playing other engines.
//!
//! [`run`] reads commands from `input` and answers on `output` until `quit` or the end of input.
//! Standard commands: `protocol_version name version known_command list_commands quit boardsize
//! clear_board komi play genmove undo showboard fixed_handicap place_free_handicap set_free_handicap
//! final_score final_status_list loadsgf printsgf time_settings time_left`; GNU Go's extensions
//! `is_legal list_stones captures countlib cputime` answer as GNU Go does.
//!
//! genmove searches (stones-ai) when [`run`] is given search options, else plays uniformly random
//! legal moves that do not fill its own eyes; it never resigns. With the search, `final_score` and
//! `final_status_list` take dead stones from its ownership estimate; without it every stone is alive
//! (chains in seki are listed as `seki`).
//!
//! `tests/regress/*.tst` are GTP regression files in the GNU Go format, run by `tests/regress.rs`
//! and by GoGui's `gogui-regress` alike.

pub mod clock;
pub mod cputime;
pub mod engine;
pub mod genmove;
pub mod protocol;
pub mod think;
pub mod vertex;

pub use engine::{Engine, COMMANDS};

use std::io::{self, BufRead, Write};
use stones_core::input::{Line, LineReader};
use stones_go::GoRules;

/// Runs a GTP session under `rules` until `quit` or the end of `input`; genmove searches with
/// `search` (random moves when `None`). Bytes that are not UTF-8 are read as replacement characters;
/// a line longer than [`stones_core::input::MAX_LINE`] bytes is answered `? line too long …` and
/// skipped. The random moves are seeded from the clock.
pub fn run(
    input: impl BufRead,
    output: impl Write,
    rules: GoRules,
    search: Option<stones_ai::SearchOptions>,
) -> io::Result<()> {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut engine =
        Engine::new(rules, seed).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    if let Some(options) = search {
        engine.search_with(options);
    }
    serve(&mut engine, input, output)
}

/// [`run`] with a given seed for the random moves (for reproducible sessions and tests).
pub fn run_seeded(
    input: impl BufRead,
    output: impl Write,
    rules: GoRules,
    seed: u64,
) -> io::Result<()> {
    let mut engine =
        Engine::new(rules, seed).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    serve(&mut engine, input, output)
}

/// Answers commands from `input` on `output` until `quit` or the end of input.
fn serve(engine: &mut Engine, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut lines = LineReader::lf(input);
    while !engine.quit_requested() {
        let Some(line) = lines.next_line()? else {
            break;
        };
        let response = match line {
            Line::Text(text) => engine.execute(&text),
            Line::TooLong(start) => Some(protocol::too_long_response(&start)),
        };
        if let Some(response) = response {
            output.write_all(response.as_bytes())?;
            output.flush()?;
        }
    }
    Ok(())
}
