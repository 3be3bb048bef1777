//! Interactive play at the terminal: people and computer players (the search, random, an external
//! engine) in any mix.

use crate::clock::{fmt_time, Clock, TimeControl};
use crate::help::game_help_in;
use crate::legal_view::legal_summary;
use crate::lines::{Lines, Next};
use crate::marking::{Agreement, Marking};
use crate::narrate::{move_effects, name, result_text, score_now};
use crate::player::Player;
use crate::save::{save, SaveInfo};
use crate::text_game::AnyGame;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};
use stones_core::{Colour, Outcome, Status};

/// How a game at the terminal begins, and what saving it needs.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The moves already played (a loaded game), with their players.
    pub history: Vec<(Colour, String)>,
    /// The ruleset, overrides and start, for `save`.
    pub save: SaveInfo,
    /// Main time per player and increment, when the game has a clock.
    pub clock: Option<TimeControl>,
    /// Draw the board compact ([`crate::TextGame::render_board_compact`]) even on a wide terminal.
    pub compact: bool,
    /// Redraw the prompt's clock every second while the person thinks (for a terminal: the prompt
    /// is rewritten in place, the cursor and what was typed left as they were).
    pub live_clock: bool,
}

/// Whether the board is drawn compact: when asked, or when its usual picture is wider than the
/// terminal's `columns` (`COLUMNS`, when the shell exports it).
fn draws_compact(game: &AnyGame, asked: bool, columns: Option<usize>) -> bool {
    let width = || {
        let usual = game.render_board(false);
        usual.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    };
    asked || columns.is_some_and(|c| width() > c)
}

/// The terminal's width, as the `COLUMNS` variable gives it.
fn terminal_columns() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()?
        .trim()
        .parse()
        .ok()
        .filter(|&c| c > 0)
}

/// Runs a game at the terminal: reads moves and commands from `input`, writes to `output`; the
/// computer players (`players`, Black first) move by themselves and say what they thought.
/// Ends at `quit` (which asks first when moves would be lost), `quit!` or end of input.
pub fn play(
    game: &mut AnyGame,
    players: [Player; 2],
    options: PlayOptions,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
    colour: bool,
) -> std::io::Result<()> {
    let lines = Lines::spawn(input);
    let mut s = Session {
        game,
        players,
        history: options.history,
        info: options.save,
        unsaved: 0,
        marking: Marking::default(),
        suggested: false,
        search_marked: None,
        quit_asked: false,
        clock: options.clock.map(Clock::new),
        timed_out: None,
        stop_since: None,
    };
    s.note_stop();
    let columns = terminal_columns();
    let compact = draws_compact(s.game, options.compact, columns);
    // The help's lines fit the terminal (80 columns when drawing compact), at most 100.
    let help_width = columns.unwrap_or(100).min(if compact { 80 } else { 100 });
    writeln!(output, "{}", game_help_in(s.game, help_width))?;
    // Whether the board is drawn before the next prompt: after anything that changed the game, not
    // after a command that was refused or only answered (so that its answer, such as `quit`'s
    // warning, stays on screen just above the prompt).
    let mut redraw = true;
    loop {
        let mut status = s.status();
        if status != Status::Scoring {
            s.suggested = false;
            s.marking.reset();
        } else if !s.suggested {
            s.mark_the_search_dead();
            status = s.status();
            redraw = true;
        }
        let drawn = std::mem::replace(&mut redraw, true);
        if drawn {
            let board = match compact {
                true => s.game.render_board_compact(colour),
                false => s.game.render_board(colour),
            };
            write!(output, "\n{board}")?;
        }
        let mover = s.game.player_to_move();
        let mut deadline = None;
        // When the clock redrawn every second runs out, and the widths of the prompt's times.
        let mut live = None;
        match &status {
            Status::Ongoing if !s.players[mover.idx()].is_human() => {
                // Between computer moves in a row (a lone player after a STOP, two computers),
                // `quit!` typed meanwhile is read.
                let in_a_row = s
                    .history
                    .last()
                    .is_some_and(|(c, _)| !s.players[c.idx()].is_human());
                if in_a_row && lines.quit_waiting() {
                    return Ok(());
                }
                s.computer_move(&mut output)?;
                continue;
            }
            Status::Ongoing => {
                deadline = s.deadline(mover);
                let prompt = s.move_prompt(mover, [0, 0]);
                write!(output, "{prompt}")?;
                if options.live_clock {
                    live = deadline.map(|end| (end, s.time_widths()));
                }
            }
            Status::Scoring => {
                s.pause_clock();
                let marker = s.marking.marker(mover);
                if !s.players[marker.idx()].is_human() {
                    s.say_search_marks(&mut output)?;
                    writeln!(output, "{} accepts the marking", name(marker))?;
                    s.agree(marker, &mut output)?;
                    continue;
                }
                s.scoring_prompt(marker, drawn, &mut output)?;
            }
            Status::Over(_) => {
                s.pause_clock();
                if drawn {
                    let result = result_text(s.game, &status).unwrap_or_default();
                    writeln!(output, "game over: {result}")?;
                }
                if s.timed_out.is_some() {
                    // Nothing is taken back after a flag falls: saving and quitting are left.
                    write!(output, "save PATH or quit> ")?;
                } else {
                    write!(output, "undo, save PATH or quit> ")?;
                }
            }
        }
        output.flush()?;
        let next = loop {
            let Some((end, widths)) = live else {
                break lines.next(deadline);
            };
            let tick = Instant::now() + Duration::from_secs(1);
            match lines.next(Some(tick.min(end))) {
                Next::Timeout if Instant::now() < end => {
                    // Saves the cursor, rewrites the prompt from the line's start, restores it.
                    write!(output, "\x1b7\r{}\x1b8", s.move_prompt(mover, widths))?;
                    output.flush()?;
                }
                next => break next,
            }
        };
        let line = match next {
            Next::End => {
                writeln!(output)?;
                return Ok(());
            }
            Next::Failed(e) => return Err(e),
            Next::Bad(why) => {
                writeln!(output, "{why}; nothing was played")?;
                redraw = false;
                continue;
            }
            Next::Timeout => {
                writeln!(output)?;
                s.time_is_up(mover, &mut output)?;
                continue;
            }
            Next::Line(line) => line,
        };
        if status == Status::Ongoing && s.out_of_time(mover) {
            s.time_is_up(mover, &mut output)?;
            continue;
        }
        let cmd = line.trim();
        let lower = cmd.to_ascii_lowercase();
        let quitting = matches!(lower.as_str(), "quit" | "exit" | "q");
        if !quitting {
            s.quit_asked = false;
        }
        let moves_before = s.history.len();
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
            "help" | "?" => writeln!(output, "{}", game_help_in(s.game, help_width))?,
            "save" => match s.game.sgf_text(None, "") {
                Some(_) => writeln!(output, "save PATH: a .sgf record or a .case file")?,
                None => writeln!(
                    output,
                    "save PATH: a .case file (this game has no SGF form)"
                )?,
            },
            _ if lower.starts_with("save ") => {
                let path = cmd[5..].trim();
                let result = match &status {
                    Status::Over(outcome) => Some(outcome.result.as_str()),
                    _ => None,
                };
                match save(
                    s.game,
                    &s.history,
                    &s.info,
                    result,
                    std::path::Path::new(path),
                ) {
                    Ok(said) => {
                        s.unsaved = 0;
                        writeln!(output, "{said}")?;
                    }
                    Err(e) => writeln!(output, "{e}")?,
                }
            }
            _ if s.timed_out.is_some() => writeln!(
                output,
                "the game is over: a player ran out of time (`save PATH` or `quit`)"
            )?,
            "moves" => writeln!(output, "{}", legal_summary(s.game, compact))?,
            "undo" => s.undo(&mut output)?,
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
        if status == Status::Ongoing && s.history.len() > moves_before {
            s.moved(mover);
        }
        redraw = s.history.len() != moves_before || s.status() != status;
    }
}

/// What the search made of the dead chains as a marking step began.
enum SearchMarks {
    /// Marked dead as the step began: one stone of each chain.
    Marked(Vec<String>),
    /// Only named: the step was resumed with marks of its own.
    Named(Vec<String>),
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
    /// Whether the search's dead chains were marked (or named) in this marking step.
    suggested: bool,
    /// What the search made of the dead chains as the marking step began, to be said once.
    search_marked: Option<SearchMarks>,
    /// Whether `quit` asked for confirmation at the last prompt.
    quit_asked: bool,
    /// Both players' time, when the game has a clock.
    clock: Option<Clock>,
    /// The player who ran out of time: the game is over.
    timed_out: Option<Colour>,
    /// When a Dots player said STOP and the other began to move on alone (under a clock).
    stop_since: Option<Instant>,
}

impl Session<'_> {
    /// Where the game stands at the terminal: the engine's status, or lost on time.
    fn status(&self) -> Status {
        match self.timed_out {
            Some(loser) => Status::Over(Outcome {
                winner: Some(loser.opponent()),
                result: format!("{}+T", loser.opponent().letter()),
            }),
            None => self.game.game_status(),
        }
    }

    /// Under a clock in Dots, after the other player's STOP: when the player moving alone must be
    /// done, and the time left until then.
    fn alone_until(&self) -> Option<(Instant, Duration)> {
        let seconds = self.game.alone_time()?;
        let since = self.stop_since?;
        self.clock.as_ref()?;
        let end = since + Duration::from_secs(seconds);
        Some((end, end.saturating_duration_since(Instant::now())))
    }

    /// The prompt for `mover`'s move, its clock's times right-aligned in `widths` (see
    /// [`Clock::summary_aligned`]): `black to move (black 9:58, white 10:00)> `.
    fn move_prompt(&self, mover: Colour, widths: [usize; 2]) -> String {
        match (&self.clock, self.alone_until()) {
            (Some(_), Some((_, left))) => format!(
                "{mover} to move alone ({:>w$} until the game ends)> ",
                fmt_time(left),
                w = widths[mover.idx()]
            ),
            (Some(clock), None) => format!("{mover} to move ({})> ", clock.summary_aligned(widths)),
            (None, _) => format!("{mover} to move> "),
        }
    }

    /// The widths of the times the prompt shows now, Black's first (the time moving alone after a
    /// STOP counts as the mover's), which the redrawn prompt keeps.
    fn time_widths(&self) -> [usize; 2] {
        let Some(clock) = &self.clock else {
            return [0, 0];
        };
        let mut widths = [Colour::Black, Colour::White].map(|c| fmt_time(clock.left(c)).len());
        if let Some((_, left)) = self.alone_until() {
            widths = [fmt_time(left).len(); 2];
        }
        widths
    }

    /// Starts `mover`'s time and says when it runs out (or, moving alone in Dots, when the game
    /// ends by itself); `None` without a clock.
    fn deadline(&mut self, mover: Colour) -> Option<Instant> {
        if let Some((end, _)) = self.alone_until() {
            self.pause_clock();
            return Some(end);
        }
        let clock = self.clock.as_mut()?;
        clock.start(mover);
        Some(Instant::now() + clock.left(mover))
    }

    /// Stops whoever's time is running.
    fn pause_clock(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.pause();
        }
    }

    /// Whether `mover` has run out of time (never while moving alone after a STOP).
    fn out_of_time(&self, mover: Colour) -> bool {
        self.alone_until().is_none() && self.clock.as_ref().is_some_and(|c| c.left(mover).is_zero())
    }

    /// `mover` has made a move: its clock stops and gains the increment; a Dots STOP starts the
    /// other player's time alone.
    fn moved(&mut self, mover: Colour) {
        if self.alone_until().is_none() {
            if let Some(clock) = &mut self.clock {
                clock.moved(mover);
            }
        }
        self.note_stop();
    }

    /// Remembers when a Dots STOP was said (and forgets it when undone).
    fn note_stop(&mut self) {
        if self.game.alone_time().is_none() {
            self.stop_since = None;
        } else if self.stop_since.is_none() {
            self.stop_since = Some(Instant::now());
        }
    }

    /// The deadline passed: moving alone after a STOP, the game ends by itself; otherwise
    /// `mover` has lost on time.
    fn time_is_up(&mut self, mover: Colour, output: &mut impl Write) -> std::io::Result<()> {
        if self.alone_until().is_some() {
            writeln!(
                output,
                "the time after {}'s STOP is up: {} stops too and the game ends",
                name(mover.opponent()),
                name(mover)
            )?;
            if let Ok(mv) = self.game.play_text("stop") {
                self.record(mover, mv);
            }
            return Ok(());
        }
        self.pause_clock();
        self.timed_out = Some(mover);
        self.unsaved += 1;
        // Gomoku records a loss on time as a move of its own, so saved records keep it.
        if let Some(mv) = self.game.timeout_move_text() {
            if let Ok(mv) = self.game.play_text(&mv) {
                self.history.push((mover, mv));
            }
        }
        writeln!(output, "{} is out of time", name(mover))
    }

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

    /// As the marking step begins, marks the chains the search calls dead, as if the player to
    /// mark had named them (moves of the game: saved, undone and counted as typed marks), so that
    /// the person sees them marked and confirms with `done`. A game resumed with marks already
    /// made keeps its own: the search's are only named then.
    fn mark_the_search_dead(&mut self) {
        self.suggested = true;
        let dead = self.game.dead_estimate(2000);
        let fresh = self.history.last().is_some_and(|(_, mv)| mv == "pass");
        if !fresh {
            self.search_marked = Some(SearchMarks::Named(dead));
            return;
        }
        let mut marked = Vec::new();
        for stone in dead {
            let marker = self.game.player_to_move();
            if let Ok(mv) = self.game.play_text(&stone) {
                self.record(marker, mv);
                marked.push(stone);
            }
        }
        self.search_marked = Some(SearchMarks::Marked(marked));
    }

    /// Says once which chains the search marked dead (or, in a resumed marking step, would).
    fn say_search_marks(&mut self, output: &mut impl Write) -> std::io::Result<()> {
        match self.search_marked.take() {
            None => Ok(()),
            Some(SearchMarks::Marked(m) | SearchMarks::Named(m)) if m.is_empty() => {
                writeln!(output, "the search thinks no chain is dead")
            }
            Some(SearchMarks::Marked(m)) => writeln!(
                output,
                "the search marked these chains dead: {} (name one again to bring it back)",
                m.join(" ")
            ),
            Some(SearchMarks::Named(m)) => writeln!(
                output,
                "the search suggests these chains are dead: {}",
                m.join(" ")
            ),
        }
    }

    /// The marking step's prompt: what to do and the score as it stands (after the board is
    /// drawn), the chains the search marked (once), and whose turn it is with the count now, on
    /// one line of its own.
    fn scoring_prompt(
        &mut self,
        marker: Colour,
        drawn: bool,
        output: &mut impl Write,
    ) -> std::io::Result<()> {
        if drawn {
            writeln!(
                output,
                "play has stopped: name a stone to mark its chain dead (again to unmark), then `done`"
            )?;
            writeln!(output, "{}", score_now(self.game))?;
        }
        self.say_search_marks(output)?;
        let count = format!("the count now: {}", self.game.current_score().result());
        let other = marker.opponent();
        if self.marking.has_agreed(other) {
            write!(
                output,
                "{} is done; {}: mark more, or `accept` ({count})> ",
                name(other),
                name(marker)
            )
        } else {
            write!(output, "{} marks, then `done` ({count})> ", name(marker))
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
        let mover = self.game.player_to_move();
        // Under a clock the search thinks a share of the time left: a twentieth, plus most of the
        // increment.
        let move_time = self.clock.as_mut().map(|clock| {
            clock.start(mover);
            clock.left(mover) / 20 + clock.increment() * 4 / 5
        });
        let choice = {
            let mut progress = |p: &stones_ai::Progress| {
                let _ = writeln!(
                    output,
                    "  … {} playouts in {:.0} s, win rate {:.0}%",
                    p.playouts,
                    p.elapsed.as_secs_f64(),
                    p.win_rate * 100.0
                );
            };
            self.players[mover.idx()].choose(self.game, &self.history, move_time, &mut progress)
        };
        if self.out_of_time(mover) {
            return self.time_is_up(mover, output);
        }
        let game = &mut *self.game;
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
        self.moved(mover);
        Ok(())
    }

    /// Takes back moves to the person's own last move: the computer's replies and that move; says
    /// which (`took back White's D4 and Black's C3`, the last first).
    fn undo(&mut self, output: &mut impl Write) -> std::io::Result<()> {
        if !self.game.undo_move() {
            return writeln!(output, "nothing to undo");
        }
        let mut taken = vec![self.history.pop()];
        // Back over the computer's moves until a person is to move (never past the start).
        while !self.players[self.game.player_to_move().idx()].is_human() && self.game.undo_move() {
            taken.push(self.history.pop());
        }
        self.unsaved += 1;
        self.marking.reset();
        self.note_stop();
        let said: Vec<String> = taken
            .into_iter()
            .map(|m| match m {
                Some((c, mv)) => format!("{}'s {mv}", name(c)),
                None => "a move".to_string(),
            })
            .collect();
        writeln!(output, "took back {}", said.join(" and "))
    }
}
