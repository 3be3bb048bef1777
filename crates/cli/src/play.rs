//! Interactive play at the terminal: people and computer players (the search, random, an external
//! engine) in any mix.

use crate::help::game_help;
use crate::player::Player;
use crate::text_game::{AnyGame, TextGame};
use std::io::{BufRead, Write};
use stones_core::{Colour, Status};

/// Runs a game at the terminal: reads moves and commands from `input`, writes to `output`; the
/// computer players (`players`, Black first) move by themselves and say what they thought.
/// Ends at `quit` or end of input; a finished game prints its result.
pub fn play(
    game: &mut AnyGame,
    mut players: [Player; 2],
    input: impl BufRead,
    mut output: impl Write,
    colour: bool,
) -> std::io::Result<()> {
    let mut lines = input.lines();
    let mut history: Vec<(Colour, String)> = Vec::new();
    let mut suggested = false;
    writeln!(output, "{}", game_help(game))?;
    loop {
        write!(output, "\n{}", game.render_board(colour))?;
        let status = game.game_status();
        let mover = game.player_to_move();
        if status == Status::Ongoing {
            suggested = false;
        }
        if status == Status::Ongoing && !players[mover.idx()].is_human() {
            computer_move(game, &mut players[mover.idx()], &mut history, &mut output)?;
            continue;
        }
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
            if !suggested {
                suggested = true;
                let dead = game.dead_estimate(2000);
                if dead.is_empty() {
                    writeln!(output, "the search thinks no chain is dead")?;
                } else {
                    writeln!(
                        output,
                        "the search suggests these chains are dead: {}",
                        dead.join(" ")
                    )?;
                }
            }
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
            "help" | "?" => writeln!(output, "{}", game_help(game))?,
            "undo" => undo(game, &players, &mut history, &mut output)?,
            "moves" => writeln!(output, "legal: {}", game.legal_moves_text().join(" "))?,
            _ => match game.play_text(cmd) {
                Ok(mv) => history.push((mover, mv)),
                Err(e) => writeln!(output, "{e}")?,
            },
        }
    }
}

/// Lets the computer player `player` move, and says what it played and thought; a player that fails
/// loses by resigning.
fn computer_move(
    game: &mut AnyGame,
    player: &mut Player,
    history: &mut Vec<(Colour, String)>,
    output: &mut impl Write,
) -> std::io::Result<()> {
    let mover = game.player_to_move();
    let mut progress = |p: &stones_ai::Progress| {
        let _ = writeln!(
            output,
            "  … {} playouts in {:.0} s, win rate {:.0}%",
            p.playouts,
            p.elapsed.as_secs_f64(),
            p.win_rate * 100.0
        );
    };
    let choice = player.choose(game, history, None, &mut progress);
    let played = match choice {
        Ok(choice) => match game.play_text(&choice.mv) {
            Ok(mv) => {
                let thought = choice
                    .thought
                    .map(|t| format!(" ({})", t.summary()))
                    .unwrap_or_default();
                writeln!(output, "{mover} plays {mv}{thought}")?;
                mv
            }
            Err(e) => {
                writeln!(
                    output,
                    "{mover}'s player chose a refused move ({e}); it resigns"
                )?;
                game.play_text("resign").unwrap_or_default()
            }
        },
        Err(failure) => {
            writeln!(output, "{mover}'s player failed ({failure}); it resigns")?;
            game.play_text("resign").unwrap_or_default()
        }
    };
    history.push((mover, played));
    Ok(())
}

/// Takes back moves to the person's own last move: the computer's replies and that move.
fn undo(
    game: &mut AnyGame,
    players: &[Player; 2],
    history: &mut Vec<(Colour, String)>,
    output: &mut impl Write,
) -> std::io::Result<()> {
    if !game.undo_move() {
        return writeln!(output, "nothing to undo");
    }
    history.pop();
    // Back over the computer's moves until a person is to move (never past the start).
    while !players[game.player_to_move().idx()].is_human() && game.undo_move() {
        history.pop();
    }
    Ok(())
}
