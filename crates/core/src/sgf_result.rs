//! Game results as SGF's `RE` writes them, which is also the form of every [`Outcome::result`]:
//! `B+` and `W+` alone for a win with no score (a row, a connection), `B+R` by resignation, `B+T`
//! on time, `B+F` by forfeit, `B+3.5` by points, `0` or `Draw` a draw, `Void` no result, `?`
//! unknown. Readers take a number after the `+` for a margin of points, so a win that is not a count
//! writes none.

use crate::colour::Colour;
use crate::game::{fmt_points, Outcome};

/// How a game was won, as the part of an `RE` value after `B+`/`W+` says it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WinBy {
    /// Nothing after the `+`: a win that is not a count (five in a row, a connection).
    Unscored,
    /// `R`, `Resign`: the other player resigned.
    Resignation,
    /// `T`, `Time`: the other player ran out of time.
    Time,
    /// `F`, `Forfeit`: the other player forfeited (an engine that failed).
    Forfeit,
    /// A number: the margin in points.
    Points(f64),
}

/// A result read from an `RE` value (or an [`Outcome::result`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SgfResult {
    /// This colour won, this way.
    Win(Colour, WinBy),
    /// `0`, `Draw`, or this program's `Draw (why)`.
    Draw,
    /// `Void`: no result (suspended play).
    Void,
    /// `?`: the result is not known.
    Unknown,
}

impl SgfResult {
    /// Reads `text` as SGF writes a result (case and surrounding blanks aside); `None` when it is not
    /// one (`B+5 points`, `white won`).
    pub fn parse(text: &str) -> Option<SgfResult> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if lower == "0" || lower.starts_with("draw") || lower == "jigo" {
            return Some(SgfResult::Draw);
        }
        match lower.as_str() {
            "void" => return Some(SgfResult::Void),
            "?" => return Some(SgfResult::Unknown),
            _ => {}
        }
        let (side, how) = lower.split_once('+')?;
        let winner = match side {
            "b" => Colour::Black,
            "w" => Colour::White,
            _ => return None,
        };
        let by = match how {
            "" => WinBy::Unscored,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            margin => match margin.parse::<f64>() {
                Ok(m) if m.is_finite() && m >= 0.0 => WinBy::Points(m),
                _ => return None,
            },
        };
        Some(SgfResult::Win(winner, by))
    }

    /// The winner, `None` for a draw, a void or an unknown result.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            SgfResult::Win(c, _) => Some(c),
            _ => None,
        }
    }

    /// The result in words, without a breakdown: `Black wins`, `White wins by 3.5 points`, `Black
    /// wins by resignation`, `White wins on time`, `Black wins by forfeit`, `a draw`, `no result`,
    /// `result unknown`.
    pub fn words(&self) -> String {
        let (w, by) = match *self {
            SgfResult::Win(w, by) => (w.title(), by),
            SgfResult::Draw => return "a draw".into(),
            SgfResult::Void => return "no result".into(),
            SgfResult::Unknown => return "result unknown".into(),
        };
        match by {
            WinBy::Unscored => format!("{w} wins"),
            WinBy::Resignation => format!("{w} wins by resignation"),
            WinBy::Time => format!("{w} wins on time"),
            WinBy::Forfeit => format!("{w} wins by forfeit"),
            WinBy::Points(m) => {
                let unit = if m == 1.0 { "point" } else { "points" };
                format!("{w} wins by {} {unit}", fmt_points(m))
            }
        }
    }
}

/// The `RE` value of a finished game: its result, with a draw written `0` (this program's results
/// say why a game was drawn, `Draw (board full)`, which is no `RE` value).
pub fn re_value(outcome: &Outcome) -> String {
    match outcome.winner {
        None => "0".to_string(),
        Some(_) => outcome.result.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black, White};

    #[test]
    fn every_form_of_the_specification_reads() {
        let read = |t: &str| SgfResult::parse(t);
        assert_eq!(read("B+"), Some(SgfResult::Win(Black, WinBy::Unscored)));
        assert_eq!(read("W+R"), Some(SgfResult::Win(White, WinBy::Resignation)));
        assert_eq!(
            read("w+resign"),
            Some(SgfResult::Win(White, WinBy::Resignation))
        );
        assert_eq!(read("B+Time"), Some(SgfResult::Win(Black, WinBy::Time)));
        assert_eq!(read("B+T"), Some(SgfResult::Win(Black, WinBy::Time)));
        assert_eq!(read("W+F"), Some(SgfResult::Win(White, WinBy::Forfeit)));
        assert_eq!(
            read(" B+3.5 "),
            Some(SgfResult::Win(Black, WinBy::Points(3.5)))
        );
        for draw in ["0", "Draw", "Draw (board full)"] {
            assert_eq!(read(draw), Some(SgfResult::Draw), "{draw}");
        }
        assert_eq!(read("Void"), Some(SgfResult::Void));
        assert_eq!(read("?"), Some(SgfResult::Unknown));
        for bad in ["", "B", "X+3", "B+3 points", "W+-2", "B+inf", "B+NaN"] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn results_in_words() {
        let said = |t: &str| SgfResult::parse(t).map(|r| r.words());
        assert_eq!(said("W+").as_deref(), Some("White wins"));
        assert_eq!(said("B+R").as_deref(), Some("Black wins by resignation"));
        assert_eq!(said("W+T").as_deref(), Some("White wins on time"));
        assert_eq!(said("B+F").as_deref(), Some("Black wins by forfeit"));
        assert_eq!(said("B+12.5").as_deref(), Some("Black wins by 12.5 points"));
        assert_eq!(said("W+1").as_deref(), Some("White wins by 1 point"));
        assert_eq!(said("0").as_deref(), Some("a draw"));
        assert_eq!(said("Void").as_deref(), Some("no result"));
    }

    #[test]
    fn a_draw_is_written_0_and_a_win_as_it_is() {
        let draw = Outcome::draw("board full");
        assert_eq!(re_value(&draw), "0");
        assert_eq!(re_value(&Outcome::win(White, "")), "W+");
        assert_eq!(re_value(&Outcome::resignation(White)), "B+R");
    }
}
