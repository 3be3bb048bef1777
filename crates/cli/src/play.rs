//! Interactive play at the terminal: people and computer players (the search, random, an external
//! engine) in any mix.

use crate::help::game_help;
use crate::legal_view::legal_summary;
use crate::marking::{Agreement, Marking};
use crate::narrate::{move_effects, name, result_text, score_now};
use crate::player::Player;
use crate::save::{save, SaveInfo};
use crate::text_game::{AnyGame, TextGame};
use std::io::{BufRead, Write};
use stones_core::{Colour, Status};

/// The longest input line read as a command, in bytes; a longer one is refused as one bad line.
const MAX_LINE: usize = 4096;

/// How a game at the terminal begins, and what saving it needs.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The moves already played (a loaded game), with their players.
    pub history: Vec<(Colour, String)>,
    /// The ruleset, overrides and start, for `save`.
    pub save: SaveInfo,
}

/// Runs a game at the terminal: reads moves and commands from `input`, writes to `output`; the
/// computer players (`players`, Black first) move by themselves and say what they thought.
/// Ends at `quit` (which asks first when moves would be lost), `quit!` or end of input.
pub fn play(
    game: &mut AnyGame,
    players: [Player; 2],
    options: PlayOptions,
    mut input: impl BufRead,
    mut output: impl Write,
    colour: bool,
) -> std::io::Result<()> {
    let mut s = Session {
        game,
        players,
        history: options.history,
        info: options.save,
        unsaved: 0,
        marking: Marking::default(),
        suggested: false,
        quit_asked: false,
    };
    writeln!(output, "{}", game_help(s.game))?;
    loop {
        write!(output, "\n{}", s.game.render_board(colour))?;
        let status = s.game.game_status();
        let mover = s.game.player_to_move();
        if status != Status::Scoring {
            s.suggested = false;
            s.marking.reset();
        }
        match &status {
            Status::Ongoing if !s.players[mover.idx()].is_human() => {
                s.computer_move(&mut output)?;
                continue;
            }
            Status::Ongoing => write!(output, "{mover} to move> ")?,
            Status::Scoring => {
                let marker = s.marking.marker(mover);
                if !s.players[marker.idx()].is_human() {
                    writeln!(output, "{} accepts the marking", name(marker))?;
                    s.agree(marker, &mut output)?;
                    continue;
                }
                s.scoring_prompt(marker, &mut output)?;
            }
            Status::Over(_) => {
                let result = result_text(s.game).unwrap_or_default();
                writeln!(output, "game over: {result}")?;
                write!(output, "undo or quit> ")?;
            }
        }
        output.flush()?;
        let line = match read_line(&mut input)? {
            None => {
                writeln!(output)?;
                return Ok(());
            }
            Some(Err(why)) => {
                writeln!(output, "{why}; nothing was played")?;
                continue;
            }
            Some(Ok(line)) => line,
        };
        let cmd = line.trim();
        let lower = cmd.to_ascii_lowercase();
        let quitting = matches!(lower.as_str(), "quit" | "exit" | "q");
        if !quitting {
            s.quit_asked = false;
        }
        match lower.as_str() {
            "" => {}
            "quit!" | "exit!" | "q!" => return Ok(()),
            _ if quitting => {
                let unsaved = s.unsaved;
                if unsaved == 0 || s.quit_asked {
                    return Ok(());
                }
                s.quit_asked = true;
                writeln!(
                    output,
                    "{unsaved} change(s) to this game are not saved: `save PATH` keeps them; `quit` again (or `quit!`) quits anyway"
                )?;
            }
            "help" | "?" => writeln!(output, "{}", game_help(s.game))?,
            "save" => writeln!(output, "save PATH: a .sgf record or a .case file")?,
            _ if lower.starts_with("save ") => {
                let path = cmd[5..].trim();
                match save(s.game, &s.history, &s.info, std::path::Path::new(path)) {
                    Ok(said) => {
                        s.unsaved = 0;
                        writeln!(output, "{said}")?;
                    }
                    Err(e) => writeln!(output, "{e}")?,
                }
            }
            "undo" => s.undo(&mut output)?,
            "moves" => writeln!(output, "{}", legal_summary(s.game))?,
            "timeout" => writeln!(
                output,
                "`timeout` is not a move: the clock ends a game when a player's time runs out"
            )?,
            "done" | "accept" if status == Status::Scoring => {
                let marker = s.marking.marker(mover);
                s.agree(marker, &mut output)?;
            }
            "accept" => writeln!(output, "`accept` agrees to the dead stones after play")?,
            _ => s.human_move(cmd, status == Status::Scoring, &mut output)?,
        }
    }
}

/// Reads one line: `None` at end of input, `Some(Err(why))` for a line that is not a command (not
/// UTF-8, or too long), which the caller refuses as one bad line.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, String>>> {
    let mut bytes = Vec::new();
    let n = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
        // Drop the rest of the long line.
        let mut rest = Vec::new();
        input.read_until(b'\n', &mut rest)?;
        return Ok(Some(Err(format!(
            "that line is too long (at most {MAX_LINE} bytes)"
        ))));
    }
    Ok(Some(
        String::from_utf8(bytes).map_err(|_| "that line is not text (UTF-8)".to_string()),
    ))
}

/// One game at the terminal and what the prompt remembers about it.
struct Session<'a> {
    game: &'a mut AnyGame,
    players: [Player; 2],
    /// Every move played, with its player (the computer players read it).
    history: Vec<(Colour, String)>,
    /// The ruleset, overrides and start, for `save`.
    info: SaveInfo,
    /// Moves played and taken back since the game was last saved (or began).
    unsaved: usize,
    marking: Marking,
    /// Whether the search's dead-stone estimate was shown in this marking step.
    suggested: bool,
    /// Whether `quit` asked for confirmation at the last prompt.
    quit_asked: bool,
}

impl Session<'_> {
    /// Remembers a move played.
    fn record(&mut self, player: Colour, mv: String) {
        self.history.push((player, mv));
        self.unsaved += 1;
    }

    /// Plays a move a person typed, and says what it did.
    fn human_move(
        &mut self,
        cmd: &str,
        scoring: bool,
        output: &mut impl Write,
    ) -> std::io::Result<()> {
        let mover = self.game.player_to_move();
        let before = self.game.capture_counts();
        match self.game.play_text(cmd) {
            Ok(mv) => {
                let effects = move_effects(self.game, mover, &mv, before);
                if !effects.is_empty() {
                    writeln!(output, "{}", effects.join("; "))?;
                }
                if scoring && self.game.game_status() == Status::Scoring {
                    self.marking.changed();
                }
                self.record(mover, mv);
            }
            Err(e) => writeln!(output, "{e}")?,
        }
        Ok(())
    }

    /// The marking step's prompt: the score as it stands, the search's estimate once, whose turn.
    fn scoring_prompt(&mut self, marker: Colour, output: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            output,
            "play has stopped: name a stone to mark its chain dead (again to unmark), then `done`; \
             {}",
            score_now(self.game)
        )?;
        if !self.suggested {
            self.suggested = true;
            let dead = self.game.dead_estimate(2000);
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
        let other = marker.opponent();
        if self.marking.has_agreed(other) {
            write!(
                output,
                "{} is done; {}: mark more, or `accept`> ",
                name(other),
                name(marker)
            )
        } else {
            write!(output, "{} marks (then `done`)> ", name(marker))
        }
    }

    /// `who` agrees to the marking; when both have, the game is counted.
    fn agree(&mut self, who: Colour, output: &mut impl Write) -> std::io::Result<()> {
        match self.marking.agree(who) {
            Agreement::Both => match self.game.play_text("done") {
                Ok(mv) => self.record(who, mv),
                Err(e) => writeln!(output, "{e}")?,
            },
            Agreement::Waiting(other) => writeln!(
                output,
                "{} is done marking; {}: mark more stones, or say `accept` (or `done`)",
                name(who),
                name(other)
            )?,
        }
        Ok(())
    }

    /// Lets the computer player to move choose, and says what it played and thought; a player
    /// that fails loses by resigning.
    fn computer_move(&mut self, output: &mut impl Write) -> std::io::Result<()> {
        let game = &mut *self.game;
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
        let choice = self.players[mover.idx()].choose(game, &self.history, None, &mut progress);
        let before = game.capture_counts();
        let played = match choice {
            Ok(choice) => match game.play_text(&choice.mv) {
                Ok(mv) => {
                    let thought = choice
                        .thought
                        .map(|t| format!(" ({})", t.summary()))
                        .unwrap_or_default();
                    writeln!(output, "{mover} plays {mv}{thought}")?;
                    let effects = move_effects(game, mover, &mv, before);
                    if !effects.is_empty() {
                        writeln!(output, "{}", effects.join("; "))?;
                    }
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
        self.record(mover, played);
        Ok(())
    }

    /// Takes back moves to the person's own last move: the computer's replies and that move.
    fn undo(&mut self, output: &mut impl Write) -> std::io::Result<()> {
        if !self.game.undo_move() {
            return writeln!(output, "nothing to undo");
        }
        self.history.pop();
        // Back over the computer's moves until a person is to move (never past the start).
        while !self.players[self.game.player_to_move().idx()].is_human() && self.game.undo_move() {
            self.history.pop();
        }
        self.unsaved += 1;
        self.marking.reset();
        Ok(())
    }
}
