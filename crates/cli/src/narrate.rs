//! Saying what happened at the terminal: what a move did (a pass, a STOP, captures, the ko point, an
//! overline that does not win), the score while dead stones are marked, and the result in words with
//! its breakdown.

use crate::text_game::AnyGame;
use stones_core::talk::draw_said;
use stones_core::{fmt_points, Colour, Score, Status};

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
    let Status::Over(outcome) = status.clone() else {
        return None;
    };
    if let Some(words) = game.outcome_text(&outcome) {
        return Some(words);
    }
    let result = outcome.result;
    let winner = outcome.winner.map(name);
    let text = match (winner, result.split_once('+')) {
        (Some(w), Some((_, "R"))) => format!("{w} wins by resignation"),
        (Some(w), Some((_, "T"))) => format!("{w} wins on time ({result})"),
        (Some(w), Some((_, "F"))) => format!("{w} wins: the other player failed"),
        (Some(w), Some((_, margin))) => {
            let unit = if margin == "1" { "point" } else { "points" };
            format!(
                "{w} wins by {margin} {unit} ({result})\n{}",
                breakdown(game)
            )
        }
        (None, _) => format!("{}\n{}", draw_said(&result), breakdown(game)),
        _ => result.clone(),
    };
    Some(text)
}

/// How the points were made, one line per player.
pub fn breakdown(game: &AnyGame) -> String {
    let score = game.current_score();
    let line = |c: Colour, parts: Vec<String>, total: f64| {
        format!("  {:<5}: {} = {}", c, parts.join(" + "), fmt_points(total))
    };
    let komi = |c: Colour, k: f64| {
        (c == Colour::White && k != 0.0).then(|| format!("komi {}", fmt_points(k)))
    };
    let total = |c: Colour, s: &Score| match c {
        Colour::Black => s.black,
        Colour::White => s.white,
    };
    let lines: Vec<String> = [Colour::Black, Colour::White]
        .into_iter()
        .map(|c| {
            let mut parts = game.score_parts_of(c);
            if let Some(k) = game.komi_points().and_then(|k| komi(c, k)) {
                parts.push(k);
            }
            if parts.is_empty() {
                parts.push("0".into());
            }
            line(c, parts, total(c, &score))
        })
        .collect();
    lines.join("\n")
}

/// `Black` or `White`, as a sentence starts.
pub fn name(c: Colour) -> &'static str {
    c.title()
}
