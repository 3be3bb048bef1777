//! Saying what happened at the terminal: what a move did (a pass, a STOP, captures, the ko point, an
//! overline that does not win), the score while dead stones are marked, and the result in words with
//! its breakdown.

use crate::text_game::{AnyGame, TextGame};
use stones_core::sgf_result::{SgfResult, WinBy};
use stones_core::talk::draw_said;
use stones_core::{fmt_points, Colour, Outcome, Score, Status};

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

/// `outcome` of `game` in words: the game's own ([`stones_core::Game::outcome_words`]: a row, a
/// connection), else as its code reads ([`SgfResult`]), with the code after a count of points or a
/// loss on time and, for a count (a draw too), a line per player with what made its points. The
/// one wording of results: the terminal, `match` and the web page use it. The first line alone
/// is the result in a sentence.
pub fn result_words(game: &AnyGame, outcome: &Outcome) -> String {
    if let Some(words) = game.outcome_text(outcome) {
        return words;
    }
    let result = &outcome.result;
    match SgfResult::parse(result) {
        Some(r @ SgfResult::Win(_, WinBy::Points(_))) => {
            format!("{} ({result})\n{}", r.words(), breakdown(game))
        }
        Some(r @ SgfResult::Win(_, WinBy::Time)) => format!("{} ({result})", r.words()),
        Some(SgfResult::Draw) => format!("{}\n{}", draw_said(result), breakdown(game)),
        Some(r) => r.words(),
        None => result.clone(),
    }
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
