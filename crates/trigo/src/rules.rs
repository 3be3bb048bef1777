//! TriGo's typed ruleset, read from `rulesets/*.toml`.

use serde::{Deserialize, Serialize};
use stones_core::{Builtin, RuleSet};
pub use stones_go::DeadStones;

/// Every rule option of TriGo, one named field each. `Default` is the seed ruleset (`standard`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrigoRules {
    /// Points on each side of the hexagon, 2 to 13 (`3·size·(size−1)+1` points; 8 gives 169).
    pub size: u16,
    /// Points added to White's score (0 in the seed; a half point rules out draws).
    pub komi: f64,
    /// After the two closing passes: score the board as it stands (`none`, the seed) or let the
    /// players mark dead chains first (`agree`, as in Go).
    pub dead_stones: DeadStones,
}

impl Default for TrigoRules {
    fn default() -> Self {
        TrigoRules {
            size: 8,
            komi: 0.0,
            dead_stones: DeadStones::None,
        }
    }
}

impl RuleSet for TrigoRules {
    const GAME: &'static str = "trigo";
    const BUILTIN: &'static [Builtin] =
        stones_core::builtin_rulesets!("standard", "teaching", "komi");

    fn validate(&self) -> Result<(), String> {
        let side = (2..=13).contains(&self.size);
        let must = "the hexagon's side must be from 2 to 13 points";
        stones_core::rules::check_key("size", self.size, side, must)?;
        stones_go::rules::check_komi(self.komi).map_err(|m| format!("key `komi`: {m}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_equals_the_standard_file_and_every_builtin_loads() {
        stones_core::contract::check_rulesets::<TrigoRules>("standard").unwrap();
        assert_eq!(TrigoRules::load(Some("teaching"), &[]).unwrap().0.size, 5);
        let komi = TrigoRules::load(Some("komi"), &[]).unwrap().0;
        assert_eq!((komi.komi, komi.dead_stones), (0.5, DeadStones::Agree));
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let check = stones_core::contract::check_refusal::<TrigoRules>;
        check("size=14", "`size` is 14").unwrap();
        check("size=1", "from 2 to 13").unwrap();
        check("komi=0.3", "`komi`").unwrap();
        check("ko=simple", "ko").unwrap();
        let err = stones_core::contract::refusal::<TrigoRules>("dead_stones=maybe");
        assert!(
            err.contains("dead_stones") || err.contains("maybe"),
            "{err}"
        );
        // The allowed keys are named.
        check("side=5", "`size`").unwrap();
    }
}
