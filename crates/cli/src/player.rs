//! Players: whatever picks a move for one side — a person, random play, the search, an external GTP
//! engine, Gomocup brain or oppai-rs engine — made from a [`PlayerSpec`].

use crate::engine::{quote, Deadline, Failure, GtpEngine, GtpSetup, Process};
use crate::oppai::OppaiEngine;
use crate::text_game::{AnyGame, Brain, TextThought};
use std::time::Duration;
use stones_ai::{PlayerSpec, Progress, SearchOptions};
use stones_core::{Colour, Rng, Shape};

/// The time an engine may take when no move time is set.
const DEFAULT_LIMIT: Duration = Duration::from_secs(60);

/// The time a player may take for a move of `move_time` before it loses on time: 1.5 times it, plus
/// a quarter of it up to half a second for starting and piping (at most 1.75 times the move time).
pub fn move_limit(move_time: Duration) -> Duration {
    move_time + move_time / 2 + (move_time / 4).min(Duration::from_millis(500))
}

/// The time the search thinks on a move of `move_time`: all of it but a reserve for what the system
/// and the stop take beyond the deadline (a tenth of it, at least 50 ms when that is under a quarter
/// of it): 0.15 s of 0.2 s, 0.9 s of 1 s. On a busy machine a thread waits its turn for tens of
/// milliseconds, and the move's last playout waits with it.
pub fn think_time(move_time: Duration) -> Duration {
    let reserve = (move_time / 10).max((move_time / 4).min(Duration::from_millis(50)));
    move_time - reserve
}

/// One side's player.
pub enum Player {
    /// Moves come from the person at the terminal (or the browser).
    Human,
    Random(Rng),
    Mcts {
        options: SearchOptions,
        brain: Brain,
    },
    Gtp(GtpEngine),
    Gomocup(Process, bool),
    Oppai(OppaiEngine),
}

/// A move a player chose, with what the search thought when it was the search.
#[derive(Clone, Debug)]
pub struct Choice {
    pub mv: String,
    pub thought: Option<TextThought>,
}

impl Player {
    /// The player a spec names, for `game` (external engines start here).
    pub fn new(spec: &PlayerSpec, game: &AnyGame) -> Result<Player, String> {
        Ok(match spec {
            PlayerSpec::Human => Player::Human,
            PlayerSpec::Random => Player::Random(Rng::new(fresh_seed())),
            PlayerSpec::Mcts(options) => Player::Mcts {
                options: options.clone(),
                brain: Brain::default(),
            },
            PlayerSpec::Gtp(command) => {
                Player::Gtp(GtpEngine::spawn(command).map_err(|e| e.to_string())?)
            }
            PlayerSpec::Gomocup(command) => {
                if game.game_name() != "gomoku" {
                    return Err(format!(
                        "gomocup: players play Gomoku only, not {}",
                        game.game_name()
                    ));
                }
                if game.has_opening_rule() {
                    return Err(
                        "gomocup: brains know no opening rule (Gomocup managers set the \
                                opening themselves): play with --set opening=none"
                            .into(),
                    );
                }
                Player::Gomocup(Process::spawn(command).map_err(|e| e.to_string())?, false)
            }
            PlayerSpec::Oppai(command) => {
                if let Some(why) = crate::oppai::unsupported(game) {
                    return Err(why);
                }
                Player::Oppai(OppaiEngine::spawn(command).map_err(|e| e.to_string())?)
            }
        })
    }

    /// Whether a person plays this side.
    pub fn is_human(&self) -> bool {
        matches!(self, Player::Human)
    }

    /// Lets an external engine start and set up `game` (board, rules, clock) within `grace`, before
    /// the first move's clock runs: loading an engine takes seconds that are not its move's. Other
    /// players need nothing. A failure is the player's loss.
    pub fn start_up(
        &mut self,
        game: &AnyGame,
        move_time: Option<Duration>,
        grace: Duration,
        warmup: bool,
    ) -> Result<(), Failure> {
        let deadline = Deadline::after(grace);
        match self {
            Player::Gtp(engine) => {
                let setup = gtp_setup(game, move_time);
                engine.sync(&setup, &[], &deadline)?;
                if warmup {
                    engine.warm_up(game.player_to_move(), &deadline)?;
                }
                Ok(())
            }
            Player::Gomocup(process, started) => {
                gomocup_start(process, started, game, move_time, &deadline)
            }
            Player::Oppai(engine) => engine.sync(game, &[], &deadline),
            Player::Human | Player::Random(_) | Player::Mcts { .. } => Ok(()),
        }
    }

    /// Picks a move in `game` (whose moves so far are `history`) within `move_time` if given; a
    /// failure (crash, garbage, time) is the player's loss. A human is never asked.
    pub fn choose(
        &mut self,
        game: &AnyGame,
        history: &[(Colour, String)],
        move_time: Option<Duration>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Choice, Failure> {
        let limit = move_time.map_or(DEFAULT_LIMIT, move_limit);
        let plain = |mv: String| Choice { mv, thought: None };
        match self {
            Player::Human => Err(Failure::Garbage("a person is asked at the prompt".into())),
            Player::Random(rng) => game
                .random_move_text(rng)
                .map(plain)
                .ok_or_else(|| Failure::Illegal("no legal move".into())),
            Player::Mcts { options, brain } => {
                let mut options = options.clone();
                if let (Some(t), None, None) = (move_time, options.time, options.playouts) {
                    options.time = Some(think_time(t));
                }
                let thought = game.think(&options, brain, progress);
                let mv = match (&thought.mv, thought.resign) {
                    (_, true) => "resign".to_string(),
                    (Some(mv), false) => mv.clone(),
                    (None, false) => {
                        return Err(Failure::Illegal("no move: the game is over".into()))
                    }
                };
                Ok(Choice {
                    mv,
                    thought: Some(thought),
                })
            }
            Player::Gtp(engine) => {
                // One deadline for the whole exchange: telling the moves and asking for one.
                let deadline = Deadline::after(limit);
                engine.sync(&gtp_setup(game, move_time), history, &deadline)?;
                let c = game.player_to_move();
                let mv = engine.genmove(c, &deadline)?;
                engine.played(c, mv.clone());
                Ok(plain(mv))
            }
            Player::Gomocup(process, started) => {
                let deadline = Deadline::after(limit);
                gomocup_start(process, started, game, move_time, &deadline)?;
                gomocup_move(process, game, history, &deadline).map(plain)
            }
            Player::Oppai(engine) => {
                // Told the moves and asked for one under one deadline; oppai-rs thinks what the
                // search would (all of the move time but a reserve), 10 s without a move time.
                let deadline = Deadline::after(limit);
                engine.sync(game, history, &deadline)?;
                let think = move_time.map_or(Duration::from_secs(10), think_time);
                engine.genmove(game, think, &deadline).map(plain)
            }
        }
    }
}

/// The set-up commands for a GTP engine: `boardsize` (square boards; the side of a hexagon),
/// `clear_board`, `komi` when the game has one, and `time_settings` with the move time as byo-yomi.
fn gtp_setup(game: &AnyGame, move_time: Option<Duration>) -> GtpSetup {
    let mut commands = Vec::new();
    match game.topology_shape() {
        Shape::Square { width, height, .. } | Shape::Rhombus { width, height }
            if width == height =>
        {
            commands.push(format!("boardsize {width}"))
        }
        Shape::Square { width, height, .. } | Shape::Rhombus { width, height } => {
            commands.push(format!("boardsize {width} {height}"))
        }
        Shape::Hex { side } => commands.push(format!("boardsize {side}")),
    }
    commands.push("clear_board".into());
    if let Some(komi) = game.komi_points() {
        commands.push(format!("komi {}", stones_core::fmt_points(komi)));
    }
    if let Some(t) = move_time {
        let (byo, stones) = byo_yomi(t);
        commands.push(format!("time_settings 0 {byo} {stones}"));
    }
    GtpSetup {
        commands,
        hex_swap: game.hex_swap_rule(),
    }
}

/// GTP byo-yomi (whole seconds for a number of stones) that gives at most `t` a move: `0.2 s` is
/// 1 s for 5 stones, `1.5 s` is 1 s for 1 stone.
fn byo_yomi(t: Duration) -> (u64, u64) {
    let secs = t.as_secs_f64().max(0.001);
    let stones = (1.0 / secs).ceil().max(1.0);
    ((secs * stones).floor().max(1.0) as u64, stones as u64)
}

/// A Gomocup brain's answer before `deadline`, its `MESSAGE` and `DEBUG` lines skipped: a brain that
/// talks without answering still runs out of time.
fn gomocup_answer(process: &mut Process, deadline: &Deadline) -> Result<String, Failure> {
    loop {
        let line = process.recv(deadline)?;
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match word.as_str() {
            "MESSAGE" | "DEBUG" | "" => continue,
            "UNKNOWN" | "ERROR" => return Err(Failure::Garbage(line)),
            _ => return Ok(line),
        }
    }
}

/// Starts a Gomocup brain's game once: `START` (its `OK` before `deadline`) and the `INFO` lines.
fn gomocup_start(
    process: &mut Process,
    started: &mut bool,
    game: &AnyGame,
    move_time: Option<Duration>,
    deadline: &Deadline,
) -> Result<(), Failure> {
    if *started {
        return Ok(());
    }
    let Shape::Square { width, height, .. } = game.topology_shape() else {
        return Err(Failure::Garbage("Gomocup boards are square".into()));
    };
    let start = if width == height {
        format!("START {width}")
    } else {
        format!("RECTSTART {width},{height}")
    };
    process.send(&start)?;
    let ok = gomocup_answer(process, deadline)?;
    if !ok.trim().eq_ignore_ascii_case("OK") {
        return Err(Failure::Garbage(ok));
    }
    let turn_ms = move_time.map_or(30_000, |t| t.as_millis());
    process.send(&format!("INFO timeout_turn {turn_ms}"))?;
    process.send("INFO timeout_match 0")?;
    process.send(&format!("INFO rule {}", game.gomocup_rule()))?;
    *started = true;
    Ok(())
}

/// One move from a started Gomocup brain: the whole position as `BOARD` (so undo needs nothing
/// special); the answer `x,y` becomes the point's name.
fn gomocup_move(
    process: &mut Process,
    game: &AnyGame,
    history: &[(Colour, String)],
    deadline: &Deadline,
) -> Result<String, Failure> {
    let me = game.player_to_move();
    process.send("BOARD")?;
    for (colour, mv) in history {
        if let Some((x, y)) = game.point_xy(mv) {
            let who = if *colour == me { 1 } else { 2 };
            process.send(&format!("{x},{y},{who}"))?;
        }
    }
    process.send("DONE")?;
    let line = gomocup_answer(process, deadline)?;
    let (x, y) = line
        .trim()
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse::<i32>().ok()?, y.trim().parse::<i32>().ok()?)))
        .ok_or_else(|| Failure::Garbage(format!("expected x,y, got {}", quote(&line))))?;
    game.point_at(x, y)
        .ok_or_else(|| Failure::Illegal(format!("{x},{y} is not on the board")))
}

/// A seed that differs from run to run.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
        ^ (std::process::id() as u64) << 40
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keeps_a_reserve_of_the_move_time() {
        let ms = |t: u64| think_time(Duration::from_millis(t)).as_millis();
        assert_eq!(
            [ms(100), ms(200), ms(400), ms(1000), ms(5000)],
            [75, 150, 350, 900, 4500]
        );
        assert_eq!(ms(0), 0);
    }

    #[test]
    fn byo_yomi_never_gives_more_than_the_move_time() {
        for (t, want) in [
            (0.2, (1, 5)),
            (1.0, (1, 1)),
            (1.5, (1, 1)),
            (3.0, (3, 1)),
            (0.3, (1, 4)),
        ] {
            let got = byo_yomi(Duration::from_secs_f64(t));
            assert_eq!(got, want, "{t}");
            assert!(got.0 as f64 / got.1 as f64 <= t + 1e-9);
        }
    }
}
