//! Connect6's typed ruleset, read from `rulesets/*.toml`.

use serde::{Deserialize, Serialize};
use stones_core::{BoardSize, Builtin, RuleSet};

/// Smallest and largest board side (below 6 no row of six fits).
pub const SIZE_RANGE: std::ops::RangeInclusive<u16> = 6..=26;

/// The rules of a Connect6 game. `Default` equals `rulesets/standard.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Connect6Rules {
    /// Board size, each side from 6 to 26 (19 in the standard rules).
    pub size: BoardSize,
}

impl Default for Connect6Rules {
    fn default() -> Self {
        Connect6Rules {
            size: BoardSize::square(19),
        }
    }
}

impl RuleSet for Connect6Rules {
    const GAME: &'static str = "connect6";
    const BUILTIN: &'static [Builtin] = stones_core::builtin_rulesets!("standard");

    fn validate(&self) -> Result<(), String> {
        self.size.check(SIZE_RANGE)
    }
}
