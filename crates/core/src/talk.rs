//! Clauses the front ends say about a move, shared by the games' [`crate::Game::move_notes`].

use crate::colour::Colour;
use crate::game::Outcome;
use crate::sgf_result::{SgfResult, WinBy};

/// The [`crate::Game`] items of a game that words them in its own `talk` module: `help`,
/// `move_notes` and `score_parts`, each the function of the same name in `crate::talk` (which takes
/// the game first). Written inside `impl Game for …`: `stones_core::game_talk!();`
///
/// # Examples
///
/// A game that keeps `Row`, the tiny game of the [crate doc](crate#a-whole-game), in a field, and
/// words its moves in its own `talk` module:
///
/// ```
/// # include!("../doc/row_game.rs");
/// # include!("../doc/forward_row.rs");
/// mod talk {
///     use super::{Framed, RowMove};
///     use stones_core::{Colour, Game, Status};
///
///     pub fn help(game: &Framed) -> String {
///         format!("{} in a row wins; a move is a point or `resign`.\n", game.rules().row)
///     }
///
///     pub fn move_notes(game: &Framed, mover: Colour, mv: RowMove, _: [u32; 2]) -> Vec<String> {
///         let won = matches!(game.status(), Status::Over(o) if o.winner == Some(mover));
///         let row = won && mv != RowMove::Resign;
///         row.then(|| format!("{} makes a row", mover.title())).into_iter().collect()
///     }
///
///     pub fn score_parts(game: &Framed, colour: Colour) -> Vec<String> {
///         let mut points = game.topology().points();
///         let stones = points.filter(|&p| game.stone(p) == Some(colour)).count();
///         vec![format!("stones {stones}")]
///     }
/// }
///
/// #[derive(Clone, Debug)]
/// struct Framed {
///     row: Row,
/// }
///
/// impl Game for Framed {
///     stones_core::game_talk!();
///     stones_core::game_fields!(rules: row.rules, topology: row.topo, to_move: row.turns.to_move);
///     // … and the other required items of `Game`.
/// #   forward_row!();
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Framed::new(RowRules::default())?;
/// assert_eq!(game.help(), "3 in a row wins; a move is a point or `resign`.\n");
/// for text in ["a1", "b1", "a2", "b2", "a3"] {
///     game.play(game.parse_move(text)?)?;
/// }
/// let a3 = game.parse_move("a3")?;
/// assert_eq!(game.move_notes(Colour::Black, a3, [0, 0]), ["Black makes a row"]);
/// assert_eq!(game.score_parts(Colour::White), ["stones 2"]);
/// # Ok(())
/// # }
/// ```
#[macro_export]
#[allow(clippy::crate_in_macro_def)] // `crate::talk` is the calling game's module, on purpose.
macro_rules! game_talk {
    () => {
        fn help(&self) -> String {
            crate::talk::help(self)
        }

        fn move_notes(
            &self,
            mover: $crate::Colour,
            mv: Self::Move,
            before: [u32; 2],
        ) -> Vec<String> {
            crate::talk::move_notes(self, mover, mv, before)
        }

        fn score_parts(&self, colour: $crate::Colour) -> Vec<String> {
            crate::talk::score_parts(self, colour)
        }
    };
}

/// `Black captures 3` for each player whose captures grew from `before` to `after`, the mover first.
pub fn captures_said(mover: Colour, before: [u32; 2], after: [u32; 2]) -> Vec<String> {
    [mover, mover.opponent()]
        .into_iter()
        .filter_map(|c| {
            let gained = after[c.idx()].saturating_sub(before[c.idx()]);
            (gained > 0).then(|| format!("{} captures {gained}", c.title()))
        })
        .collect()
}

/// `Black passes`, with how many more passes end play when `done` of the `end` passes in a row
/// that end it have been made and play goes on: `Black passes (one more pass ends play)`.
pub fn pass_said(mover: Colour, done: u32, end: u32, ongoing: bool) -> String {
    let more = match end.saturating_sub(done) {
        _ if !ongoing || done >= end => String::new(),
        1 => " (one more pass ends play)".to_string(),
        n => format!(" ({n} more passes in a row end play)"),
    };
    format!("{} passes{more}", mover.title())
}

/// The result of an n-in-a-row game in words: `Black wins with five in a row` for a win with no
/// score (`B+`, `row` is `five in a row`), and a draw (`a draw (board full)`); `None` for anything
/// else (resignation, time), which the caller words.
pub fn row_outcome_words(outcome: &Outcome, row: &str) -> Option<String> {
    match SgfResult::parse(&outcome.result) {
        Some(SgfResult::Win(w, WinBy::Unscored)) => Some(format!("{} wins with {row}", w.title())),
        _ if outcome.winner.is_none() => Some(draw_said(&outcome.result)),
        _ => None,
    }
}

/// A drawn result in words: `Draw` is `a draw`, `Draw (board full)` is `a draw (board full)`.
pub fn draw_said(result: &str) -> String {
    match result.strip_prefix("Draw").unwrap_or(result).trim() {
        "" => "a draw".to_string(),
        why => format!("a draw {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_draws_in_words() {
        let said = |winner, result: &str| {
            let o = Outcome {
                winner,
                result: result.into(),
            };
            row_outcome_words(&o, "six in a row")
        };
        assert_eq!(
            said(Some(Colour::White), "W+").as_deref(),
            Some("White wins with six in a row")
        );
        assert_eq!(
            said(None, "Draw (board full)").as_deref(),
            Some("a draw (board full)")
        );
        assert_eq!(said(None, "Draw").as_deref(), Some("a draw"));
        assert_eq!(said(Some(Colour::Black), "B+R"), None);
        assert_eq!(said(Some(Colour::Black), "B+5"), None, "a margin is no row");
    }

    #[test]
    fn captures_name_each_player_that_gained() {
        assert_eq!(
            captures_said(Colour::White, [1, 2], [4, 2]),
            ["Black captures 3"]
        );
        assert_eq!(
            captures_said(Colour::White, [0, 0], [1, 2]),
            ["White captures 2", "Black captures 1"]
        );
        assert!(captures_said(Colour::Black, [3, 3], [3, 3]).is_empty());
    }

    #[test]
    fn passes_count_down_to_the_end_of_play() {
        assert_eq!(
            pass_said(Colour::Black, 1, 2, true),
            "Black passes (one more pass ends play)"
        );
        assert_eq!(
            pass_said(Colour::White, 1, 3, true),
            "White passes (2 more passes in a row end play)"
        );
        assert_eq!(pass_said(Colour::White, 2, 2, false), "White passes");
    }
}
