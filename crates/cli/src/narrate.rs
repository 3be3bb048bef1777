//! Saying what happened at the terminal: what a move did (a pass, a STOP, captures, the ko point, an
//! overline that does not win), the score while dead stones are marked, and the result in words with
//! its breakdown.

use crate::text_game::AnyGame;
use stones_core::{fmt_points, Colour, Outcome, Status};

/// What a move just played (`mv`, by `mover`) did, beyond putting its stone: one short clause each
/// (`captures 3`, `ko: White may not take back at once at C4`). `before` are the captures before it.
/// The clauses are the game's own ([`stones_core::Game::move_notes`]).
pub fn move_effects(game: &AnyGame, mover: Colour, mv: &str, before: [u32; 2]) -> Vec<String> {
    game.move_notes_text(mover, mv, before)
}

/// The marking step in words: the score as it stands with the marks made so far.
pub fn score_now(game: &AnyGame) -> String {
    let score = game.current_score();
    format!(
        "score as it stands: black {}, white {}",
        fmt_points(score.black),
        fmt_points(score.white)
    )
}

/// The result of a finished game in words, with its breakdown when it is a count of points:
/// `Black wins by 3.5 points (B+3.5)` and a line per player; `White wins by resignation`;
/// `Black wins with five in a row`. `None` while the game goes on.
/// `status` is where the game stands at the terminal (a loss on time is the terminal's).
pub fn result_text(game: &AnyGame, status: &Status) -> Option<String> {
    match status {
        Status::Over(outcome) => Some(result_words(game, outcome)),
        _ => None,
    }
}

/// `outcome` of `game` in words ([`stones_core::replay::result_words`]: the one wording of
/// results, which the terminal, `match`, the web page and the transcripts share).
pub fn result_words(game: &AnyGame, outcome: &Outcome) -> String {
    stones_core::replay::result_words(game, outcome)
}

/// `Black` or `White`, as a sentence starts.
pub fn name(c: Colour) -> &'static str {
    c.title()
}
