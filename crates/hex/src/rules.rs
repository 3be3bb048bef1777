//! Hex rulesets: the typed form of `rulesets/*.toml`.

use serde::{Deserialize, Serialize};
use stones_core::{BoardSize, Builtin, RuleSet};

/// Smallest and largest number of columns and of rows.
pub const SIZE_RANGE: std::ops::RangeInclusive<u16> = 2..=26;

/// The rules of a Hex game. `Default` equals `rulesets/standard.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HexRules {
    /// Columns (`width`, letters) by rows (`height`, numbers), each from 2 to 26.
    pub size: BoardSize,
    /// Whether White's first move may be `swap` (swap-pieces; square boards only).
    pub swap: bool,
}

impl Default for HexRules {
    fn default() -> Self {
        let size = BoardSize::square(11);
        HexRules { size, swap: true }
    }
}

impl RuleSet for HexRules {
    const GAME: &'static str = "hex";
    const BUILTIN: &'static [Builtin] = stones_core::builtin_rulesets!("standard", "noswap");

    fn validate(&self) -> Result<(), String> {
        self.size.check(SIZE_RANGE)?;
        if self.swap && !self.size.is_square() {
            return Err(format!(
                "key `swap` is true but the swap mirrors a stone across the diagonal, which needs \
                 a square board (size is {}): set swap = false",
                self.size
            ));
        }
        Ok(())
    }
}
