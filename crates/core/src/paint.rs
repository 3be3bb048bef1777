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

/// Empty points of a first-move zone: dim red.
pub const ZONE: &str = "\x1b[2;31m";

/// An empty point inside `owner`'s enclosure: dim in the owner's colour.
pub fn area(owner: Colour) -> &'static str {
    match owner {
        Colour::Black => "\x1b[2;36m",
        Colour::White => "\x1b[2;33m",
    }
}

/// A `dot` captured by `by`: dim in the dot's colour on the captor's.
pub fn captured(dot: Colour, by: Colour) -> &'static str {
    match (dot, by) {
        (Colour::Black, Colour::Black) => "\x1b[2;36;46m",
        (Colour::Black, Colour::White) => "\x1b[2;36;43m",
        (Colour::White, Colour::Black) => "\x1b[2;33;46m",
        (Colour::White, Colour::White) => "\x1b[2;33;43m",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every paint is spelled from the two colour numbers: Black 36, White 33 (backgrounds + 10).
    #[test]
    fn paints_use_each_players_colour_number() {
        for c in Colour::BOTH {
            let fg = colour_code(c);
            assert_eq!(stone(c), format!("\x1b[1;{fg}m"));
            assert_eq!(area(c), format!("\x1b[2;{fg}m"));
            for by in Colour::BOTH {
                let bg = colour_code(by) + 10;
                assert_eq!(captured(c, by), format!("\x1b[2;{fg};{bg}m"));
            }
        }
    }
}
