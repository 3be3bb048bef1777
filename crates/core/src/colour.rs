//! The two players.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player and the colour of its stones. Black moves first in every game here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// Both colours, Black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// 0 for Black, 1 for White: an index into per-player arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `B` or `W`, as in result strings and SGF.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }

    /// `x` for Black, `o` for White: the symbols of case-file boards.
    pub fn symbol(self) -> char {
        match self {
            Colour::Black => 'x',
            Colour::White => 'o',
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// `Black` or `White`, as a sentence starts.
    pub fn title(self) -> &'static str {
        match self {
            Colour::Black => "Black",
            Colour::White => "White",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" | "x" => Ok(Colour::Black),
            "white" | "w" | "o" => Ok(Colour::White),
            other => Err(format!("unknown colour '{other}': expected black or white")),
        }
    }
}
