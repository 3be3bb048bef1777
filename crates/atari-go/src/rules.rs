//! The ruleset of atari-go: its one key, the board, with its default (equal to
//! `rulesets/standard.toml`) and the range serde cannot check.

use serde::{Deserialize, Serialize};
use stones_core::{BoardSize, Builtin, RuleSet};

/// The rules of a game of atari-go: the board; the rest (first capture wins, no suicide, no pass)
/// is fixed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AtariGoRules {
    /// The board, each side from 3 to 25 (the Go board's machinery holds up to 25 × 25).
    pub size: BoardSize,
}

impl Default for AtariGoRules {
    fn default() -> Self {
        AtariGoRules {
            size: BoardSize::square(9),
        }
    }
}

impl RuleSet for AtariGoRules {
    const GAME: &'static str = "atari-go";
    const BUILTIN: &'static [Builtin] = stones_core::builtin_rulesets!("standard");

    fn validate(&self) -> Result<(), String> {
        self.size.check(3..=25)
    }
}
