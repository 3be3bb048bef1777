//! The referee: plays one game between two players with every move checked by the rules, ends and
//! scores it by the rules, and turns a player's failure (crash, garbage, illegal move, time) into
//! that player's loss.

use crate::engine::{quote, Failure};
use crate::player::{move_limit, Player};
use crate::text_game::AnyGame;
use serde::Serialize;
use std::time::{Duration, Instant};
use stones_core::{Colour, Outcome, Status};

/// How games are played: the time a move may take and a cap on their length.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Time per move for every player (the search thinks [`crate::player::think_time`] of it; a player that takes more than
    /// [`move_limit`] of it loses on time).
    pub move_time: Option<Duration>,
    /// The time an external engine has to start and set up the game before its first move's clock.
    pub startup_time: Duration,
    /// Moves after which the game is scored as it stands.
    pub max_moves: Option<usize>,
    /// Before each game, within its start-up time, a GTP engine plays one `genmove` on the empty
    /// board, which is then cleared (`--warmup`): an engine that loads lazily (Pachi's patterns)
    /// is not charged that time on its first move.
    pub warmup: bool,
}

/// The [`GameRecord::reason`] of a game the players ended by the rules (not resigned, failed or
/// cut short).
pub const PLAYED_OUT: &str = "played to the end";

impl Limits {
    /// The start-up grace when none is given (`--startup-time`).
    pub const STARTUP_TIME: Duration = Duration::from_secs(10);
}

/// One finished game.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    pub black: String,
    pub white: String,
    /// Every move in text form, the dead-stone marks and `done` of the scoring step included, so
    /// that `stones replay GAME --moves …` gives the same result.
    pub moves: Vec<String>,
    /// `B+3.5`, `W+R` (resigned), `B+T` (White lost on time), `W+F` (Black failed), `Draw`, …
    pub result: String,
    pub winner: Option<Colour>,
    /// The result in words with its breakdown, as the terminal says it
    /// ([`crate::narrate::result_words`]).
    pub result_words: String,
    /// How it ended, in words.
    pub reason: String,
    /// How long each player thought, Black first.
    #[serde(skip)]
    pub thinking: [Thinking; 2],
    /// Which of a match's two players had Black (0: the first).
    #[serde(skip)]
    pub black_player: usize,
}

/// How long one player thought in a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thinking {
    /// Seconds in all.
    pub seconds: f64,
    pub moves: u32,
    /// Seconds of its longest move.
    pub longest: f64,
}

/// `c`'s loss (`letter` T on time, F for other failures) for the reason `why`: the result (`W+T`),
/// the winner and the reason in words.
fn loss(c: Colour, letter: char, why: &str) -> (String, Option<Colour>, String) {
    let w = c.opponent();
    (
        format!("{}+{letter}", w.letter()),
        Some(w),
        format!("{c} {why}"),
    )
}

/// `c`'s loss by `failure`.
fn failed(c: Colour, failure: Failure) -> (String, Option<Colour>, String) {
    match failure {
        Failure::Timeout(limit) => loss(
            c,
            'T',
            &format!("ran past its time ({:.2} s)", limit.as_secs_f64()),
        ),
        failure => loss(c, 'F', &failure.to_string()),
    }
}

/// Checks every player's spec once before any game (a bad engine command fails here, clearly),
/// then runs `worker` on `parallel` threads (each playing games until there are none left) until
/// all return: the first error, if any.
pub fn run_workers(
    specs: &[stones_ai::PlayerSpec],
    start: &AnyGame,
    parallel: usize,
    worker: impl Fn() -> Result<(), String> + Sync,
) -> Result<(), String> {
    for spec in specs {
        Player::new(spec, start)?;
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..parallel.max(1)).map(|_| s.spawn(&worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect::<Result<Vec<()>, String>>()
            .map(|_| ())
    })
}

/// Plays `start` to the end between `black` and `white` (labels `names`), from the `opening` moves
/// (played for them, part of the record; checked legal before), calling `on_move` after each
/// accepted move.
pub fn play_game(
    start: &AnyGame,
    players: [&mut Player; 2],
    names: [String; 2],
    limits: &Limits,
    opening: &[String],
    on_move: &mut dyn FnMut(&AnyGame, &str),
) -> GameRecord {
    let mut game = start.clone();
    let mut history: Vec<(Colour, String)> = Vec::new();
    let mut thinking = [Thinking::default(); 2];
    let cap = limits
        .max_moves
        .unwrap_or(stones_core::move_cap(game.point_count()));
    let end =
        |game: &AnyGame, history: &[(Colour, String)], thinking, result: String, winner, reason| {
            let [b, w] = &names;
            let outcome = Outcome { winner, result };
            GameRecord {
                black: b.clone(),
                white: w.clone(),
                moves: history.iter().map(|(_, m)| m.clone()).collect(),
                result_words: crate::narrate::result_words(game, &outcome),
                result: outcome.result,
                winner,
                reason,
                thinking,
                black_player: 0,
            }
        };
    // A game cut short, scored by the rules as the board stands.
    let scored = |game: &AnyGame, history: &[(Colour, String)], thinking, reason| {
        let score = game.current_score();
        end(
            game,
            history,
            thinking,
            score.result(),
            score.winner(),
            reason,
        )
    };
    // Each player's start-up, outside its thinking time: an engine that cannot start loses.
    for c in [Colour::Black, Colour::White] {
        let (move_time, grace) = (limits.move_time, limits.startup_time);
        if let Err(failure) = players[c.idx()].start_up(&game, move_time, grace, limits.warmup) {
            let (result, winner, reason) = failed(c, failure);
            return end(&game, &history, thinking, result, winner, reason);
        }
    }
    for mv in opening {
        let c = game.player_to_move();
        match game.play_text(mv) {
            Ok(text) => history.push((c, text)),
            Err(e) => {
                let reason = format!("the opening's move {mv} was refused: {e}");
                return scored(&game, &history, thinking, reason);
            }
        }
    }
    loop {
        match game.game_status() {
            Status::Over(outcome) => {
                let reason = if outcome.result.ends_with("+R") {
                    format!(
                        "{} resigned",
                        outcome.winner.map_or(Colour::Black, |w| w.opponent())
                    )
                } else {
                    PLAYED_OUT.to_string()
                };
                return end(
                    &game,
                    &history,
                    thinking,
                    outcome.result,
                    outcome.winner,
                    reason,
                );
            }
            Status::Scoring => {
                // The referee agrees the dead stones for both players, from its own estimate.
                let c = game.player_to_move();
                for mark in game.dead_estimate(2000) {
                    if game.play_text(&mark).is_ok() {
                        history.push((c, mark));
                    }
                }
                if let Ok(done) = game.play_text("done") {
                    history.push((c, done));
                }
                if game.game_status() == Status::Scoring {
                    return scored(&game, &history, thinking, "scored as it stands".into());
                }
                continue;
            }
            Status::Ongoing => {}
        }
        if history.len() >= cap {
            let reason = format!("move limit ({cap}) reached; scored as it stands");
            return scored(&game, &history, thinking, reason);
        }
        let c = game.player_to_move();
        let started = Instant::now();
        let choice = players[c.idx()].choose(&game, &history, limits.move_time, &mut |_| {});
        let took = started.elapsed();
        let mine = &mut thinking[c.idx()];
        mine.seconds += took.as_secs_f64();
        mine.moves += 1;
        mine.longest = mine.longest.max(took.as_secs_f64());
        let over_time = limits.move_time.is_some_and(|t| took > move_limit(t));
        let played = match choice {
            Err(failure) => Err(failed(c, failure)),
            Ok(_) if over_time => Err(loss(
                c,
                'T',
                &format!("took {:.2} s for one move", took.as_secs_f64()),
            )),
            Ok(choice) => game.play_text(&choice.mv).map_err(|e| {
                loss(
                    c,
                    'F',
                    &format!("played an illegal move: {}", quote(&e.to_string())),
                )
            }),
        };
        match played {
            Ok(text) => {
                on_move(&game, &text);
                history.push((c, text));
            }
            Err((result, winner, reason)) => {
                return end(&game, &history, thinking, result, winner, reason)
            }
        }
    }
}
