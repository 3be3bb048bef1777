//! The one colour scheme of every game's picture: Black and White stones look the same in Go,
//! Dots, Gomoku and TriGo. ANSI codes, used only when a picture is asked for in colour.

use crate::colour::Colour;

/// Ends a paint.
pub const RESET: &str = "\x1b[0m";
/// Empty points, coordinates' neighbours: dim.
pub const EMPTY: &str = "\x1b[2m";
/// Marks around a stone (the last move), and the first-move zone.
pub const MARK: &str = "\x1b[1;31m";
/// A winning row.
pub const ROW: &str = "\x1b[1;42m";

/// The ANSI colour number of a player's stones: Black cyan, White yellow.
pub fn colour_code(c: Colour) -> u8 {
    match c {
        Colour::Black => 36,
        Colour::White => 33,
    }
}

/// The paint of a player's stones: bold in its colour.
pub fn stone(c: Colour) -> &'static str {
    match c {
        Colour::Black => "\x1b[1;36m",
        Colour::White => "\x1b[1;33m",
    }
}

/// `text` in `paint` when `colour` is on, else as it is.
pub fn painted(colour: bool, paint: &str, text: &str) -> String {
    if colour {
        format!("{paint}{text}{RESET}")
    } else {
        text.to_string()
    }
}
