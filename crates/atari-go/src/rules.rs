//! The ruleset of atari-go: its keys, their defaults (equal to `rulesets/standard.toml`), and the
//! ranges serde cannot check.

use serde::{Deserialize, Serialize};
use stones_core::{BoardSize, Builtin, RuleSet};

/// The rules of a game of atari-go.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AtariGoRules {
    /// The board, each side from 3 to 26.
    pub size: BoardSize,
    /// How many in a row win (or more), from 2 to the board's longer side.
    pub k: u32,
}

impl Default for AtariGoRules {
    fn default() -> Self {
        AtariGoRules {
            size: BoardSize::square(7),
            k: 4,
        }
    }
}

impl RuleSet for AtariGoRules {
    const GAME: &'static str = "atari-go";
    const BUILTIN: &'static [Builtin] = stones_core::builtin_rulesets!("standard");

    fn validate(&self) -> Result<(), String> {
        self.size.check(3..=26)?;
        let most = u32::from(self.size.width.max(self.size.height));
        let ok = (2..=most).contains(&self.k);
        let must = format!("must be from 2 to {most}, the board's longer side");
        stones_core::rules::check_key("k", self.k, ok, &must)
    }
}
