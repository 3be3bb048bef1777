//! Gomoku rulesets: the typed form of `rulesets/*.toml`.

use serde::{Deserialize, Serialize};
use stones_core::rows::Goal;
use stones_core::{BoardSize, Builtin, Colour, RuleSet};

/// The named rulesets shipped with the game; `standard` (the seed) is the default.
pub const BUILTIN: &[Builtin] = stones_core::builtin_rulesets!("standard", "freestyle", "renju");

/// Smallest and largest board side.
pub const SIZE_RANGE: std::ops::RangeInclusive<u16> = 5..=26;

/// Restrictions on the first three moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opening {
    /// The seed's: move 1 on the centre, move 2 inside the central 5x5, move 3 outside it; no pass in the
    /// first three moves.
    Standard,
    /// RIF-style (without swap or the fifth-move alternatives): move 1 on the centre, move 2 inside the
    /// central 3x3, move 3 inside the central 5x5; no pass in the first three moves.
    Renju,
    /// Any empty point, and passing, from the first move.
    None,
}

/// What a row of six or more stones does for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Overline {
    /// It is played but does not win (only exactly five wins).
    NoWin,
    /// It wins like a five.
    Win,
    /// The move is refused, unless it also makes exactly five on another line (then it wins).
    Forbidden,
}

/// The rules of a gomoku game. `Default` equals `rulesets/standard.toml`.
///
/// On boards with an even side the "centre" is the middle two lines of that side, so the centre point is
/// one of the central 2x2 points and the "central 5x5" is the central 6x6 (each side of the square lies
/// two lines beyond the centre lines).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GomokuRules {
    /// Board size, each side from 5 to 26.
    pub size: BoardSize,
    /// Restrictions on the first three moves.
    pub opening: Opening,
    /// What a row of six or more does for Black.
    pub black_overline: Overline,
    /// What a row of six or more does for White.
    pub white_overline: Overline,
    /// Renju: Black may not make two open threes with one move (unless it makes a five).
    pub black_double_three: bool,
    /// Renju: Black may not make two fours with one move (unless it makes a five).
    pub black_double_four: bool,
}

impl Default for GomokuRules {
    fn default() -> Self {
        GomokuRules {
            size: BoardSize::square(15),
            opening: Opening::Standard,
            black_overline: Overline::NoWin,
            white_overline: Overline::NoWin,
            black_double_three: false,
            black_double_four: false,
        }
    }
}

impl GomokuRules {
    /// The builtin ruleset called `name` (`standard`, `freestyle`, `renju`) with no overrides.
    pub fn builtin(name: &str) -> Result<GomokuRules, stones_core::RulesError> {
        Self::load(Some(name), &[]).map(|(rules, _)| rules)
    }

    /// What a row of six or more does for `colour`.
    pub fn overline(&self, colour: Colour) -> Overline {
        match colour {
            Colour::Black => self.black_overline,
            Colour::White => self.white_overline,
        }
    }

    /// The shapes `colour` may not make, and what wins for it.
    pub(crate) fn profile(&self, colour: Colour) -> Profile {
        let black = colour == Colour::Black;
        let overline = self.overline(colour);
        Profile {
            overline_wins: overline == Overline::Win,
            overline_forbidden: overline == Overline::Forbidden,
            double_three: black && self.black_double_three,
            double_four: black && self.black_double_four,
        }
    }
}

/// One colour's view of the rules, as the line scans need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    pub overline_wins: bool,
    pub overline_forbidden: bool,
    pub double_three: bool,
    pub double_four: bool,
}

impl Profile {
    /// What wins: five, or five or more when overlines win.
    #[inline]
    pub fn goal(self) -> Goal {
        Goal {
            n: 5,
            overline_wins: self.overline_wins,
        }
    }

    /// Whether a run of `len` stones wins.
    #[inline]
    pub fn wins(self, len: u32) -> bool {
        self.goal().wins(len)
    }

    /// Whether any shape is forbidden at all (only then is the forbidden-move search needed).
    #[inline]
    pub fn has_fouls(self) -> bool {
        self.overline_forbidden || self.double_three || self.double_four
    }
}

impl RuleSet for GomokuRules {
    const GAME: &'static str = "gomoku";
    const BUILTIN: &'static [Builtin] = BUILTIN;

    fn validate(&self) -> Result<(), String> {
        self.size.check(SIZE_RANGE)?;
        if self.opening == Opening::Standard && (self.size.width < 7 || self.size.height < 7) {
            return Err(format!(
                "key `size` is {} but opening \"standard\" needs each side at least 7, so that move 3 \
                 can be played outside the central 5x5; use opening = \"none\" on smaller boards",
                self.size
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_equals_the_standard_file() {
        stones_core::contract::check_rulesets::<GomokuRules>("standard").unwrap();
    }

    #[test]
    fn builtins_load_and_differ() {
        let free = GomokuRules::builtin("freestyle").unwrap();
        assert_eq!(free.opening, Opening::None);
        assert_eq!(free.black_overline, Overline::Win);
        assert_eq!(free.white_overline, Overline::Win);
        let renju = GomokuRules::builtin("renju").unwrap();
        assert_eq!(renju.black_overline, Overline::Forbidden);
        assert_eq!(renju.white_overline, Overline::Win);
        assert!(renju.black_double_three && renju.black_double_four);
        assert_eq!(renju.opening, Opening::Renju);
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let check = stones_core::contract::check_refusal::<GomokuRules>;
        check("colour=red", "colour").unwrap();
        check("opening=swap2", "swap2").unwrap();
        check("opening=swap2", "standard").unwrap();
        check("black_overline=maybe", "no-win").unwrap();
        check("size=27", "from 5 to 26").unwrap();
        check("size=4", "size").unwrap();
        check("size=6", "at least 7").unwrap();
        let (rules, _) =
            GomokuRules::load(None, &["size=6".into(), "opening=none".into()]).unwrap();
        assert_eq!(rules.size, BoardSize::square(6));
        let (rules, _) = GomokuRules::load(Some("freestyle"), &["size=[20, 12]".into()]).unwrap();
        assert_eq!(
            rules.size,
            BoardSize {
                width: 20,
                height: 12
            }
        );
    }
}
