//! Interactive play for two people at one terminal.

use crate::text_game::{AnyGame, TextGame};
use std::io::{BufRead, Write};
use stones_core::Status;

/// Runs a game at the terminal: reads moves and commands from `input`, writes to `output`.
/// Ends at `quit` or end of input; a finished game prints its result.
pub fn play(
    game: &mut AnyGame,
    input: impl BufRead,
    mut output: impl Write,
    colour: bool,
) -> std::io::Result<()> {
    let mut lines = input.lines();
    writeln!(output, "{}", help(game))?;
    loop {
        write!(output, "\n{}", game.render_board(colour))?;
        let status = game.game_status();
        if let Status::Over(outcome) = &status {
            let score = game.current_score();
            writeln!(
                output,
                "game over: {} (black {}, white {})",
                outcome.result,
                stones_core::fmt_points(score.black),
                stones_core::fmt_points(score.white)
            )?;
            write!(output, "undo or quit> ")?;
        } else if status == Status::Scoring {
            writeln!(
                output,
                "play has stopped: name a stone to mark its chain dead (again to unmark), then `done`"
            )?;
            write!(output, "{} marks> ", game.player_to_move())?;
        } else {
            write!(output, "{} to move> ", game.player_to_move())?;
        }
        output.flush()?;
        let line = match lines.next() {
            Some(line) => line?,
            None => {
                writeln!(output)?;
                return Ok(());
            }
        };
        let cmd = line.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => writeln!(output, "{}", help(game))?,
            "undo" => {
                if !game.undo_move() {
                    writeln!(output, "nothing to undo")?;
                }
            }
            "moves" => writeln!(output, "legal: {}", game.legal_moves_text().join(" "))?,
            _ => {
                if let Err(e) = game.play_text(cmd) {
                    writeln!(output, "{e}")?;
                }
            }
        }
    }
}

fn help(game: &AnyGame) -> String {
    format!(
        "stones {}: type a move ({}), `pass` where the game allows it, `resign`,\n\
         `undo` to take back, `moves` to list legal moves, `help`, `quit`.",
        game.game_name(),
        game.notation_help()
    )
}
