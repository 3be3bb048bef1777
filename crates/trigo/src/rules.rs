//! TriGo's typed ruleset, read from `rulesets/trigo/*.toml`.

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
        stones_core::builtin_rulesets!("trigo": "standard", "teaching", "komi");

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
        let err = TrigoRules::load(None, &["size=14".into()]).unwrap_err();
        assert!(err.to_string().contains("`size` is 14"), "{err}");
        let err = TrigoRules::load(None, &["size=1".into()]).unwrap_err();
        assert!(err.to_string().contains("from 2 to 13"), "{err}");
        let err = TrigoRules::load(None, &["komi=0.3".into()]).unwrap_err();
        assert!(err.to_string().contains("`komi`"), "{err}");
        let err = TrigoRules::load(None, &["ko=simple".into()]).unwrap_err();
        assert!(err.to_string().contains("ko"), "{err}");
        let err = TrigoRules::load(None, &["dead_stones=maybe".into()]).unwrap_err();
        assert!(err.to_string().contains("dead_stones") || err.to_string().contains("maybe"));
        let err = TrigoRules::load(None, &["side=5".into()]).unwrap_err();
        assert!(
            err.to_string().contains("`size`"),
            "names the allowed keys: {err}"
        );
    }
}
