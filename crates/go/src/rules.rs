//! Go's typed ruleset, read from `rulesets/*.toml`.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;
use stones_core::rules::check_key;
use stones_core::{BoardSize, Builtin, RuleSet};

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ko {
    /// A single stone that just captured one stone may not be taken back at once.
    Simple,
    /// No move may recreate an earlier whole-board position.
    Positional,
    /// No move may recreate an earlier position with the same player to move.
    Situational,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// Territory plus prisoners (Japanese style); seki eyes are not territory.
    Territory,
    /// Stones on the board plus surrounded empty points (Chinese / Tromp-Taylor).
    Area,
}

/// Where handicap stones go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Placement {
    /// On star points in the seed's order.
    Fixed,
    /// Black places them where it likes as its first moves.
    Free,
}

/// What happens after the closing passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadStones {
    /// The players mark dead chains, then confirm with `done`.
    Agree,
    /// The board is scored as it stands (every stone alive).
    None,
}

/// Komi: one number, or a table by board size with a `default`.
#[derive(Clone, Debug, PartialEq)]
pub struct Komi {
    pub default: f64,
    pub by_size: BTreeMap<u16, f64>,
}

impl Komi {
    /// The same komi on every board size.
    pub fn flat(k: f64) -> Komi {
        Komi {
            default: k,
            by_size: BTreeMap::new(),
        }
    }

    /// Komi on a square board of side `n` (rectangular boards use the default).
    pub fn for_size(&self, size: BoardSize) -> f64 {
        if size.is_square() {
            self.by_size
                .get(&size.width)
                .copied()
                .unwrap_or(self.default)
        } else {
            self.default
        }
    }
}

impl Serialize for Komi {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.by_size.is_empty() {
            return s.serialize_f64(self.default);
        }
        let mut table: BTreeMap<String, f64> = self
            .by_size
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect();
        table.insert("default".into(), self.default);
        table.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Komi {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(f64),
            Table(BTreeMap<String, f64>),
        }
        let expected =
            "`komi` must be a number (6.5) or a table by board size ({ default = 5.5, 13 = 3.5 })";
        let raw = Raw::deserialize(d).map_err(|_| de::Error::custom(expected))?;
        match raw {
            Raw::One(k) => Ok(Komi::flat(k)),
            Raw::Table(t) => {
                let mut komi = Komi::flat(0.0);
                let mut has_default = false;
                for (key, v) in t {
                    if key == "default" {
                        komi.default = v;
                        has_default = true;
                    } else {
                        let n: u16 = key.parse().map_err(|_| {
                            de::Error::custom(format!(
                                "`komi` table key `{key}` is neither `default` nor a board size"
                            ))
                        })?;
                        komi.by_size.insert(n, v);
                    }
                }
                if !has_default {
                    return Err(de::Error::custom("`komi` table needs a `default` entry"));
                }
                Ok(komi)
            }
        }
    }
}

/// Every rule option of Go, one named field each. `Default` is the seed ruleset (`classic`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoRules {
    /// Board size: `19` or `[width, height]`, each side 2 to 25.
    pub size: BoardSize,
    /// Komi for White in even games.
    pub komi: Komi,
    /// Handicap stones for Black (0 = none, else 2 to 9).
    pub handicap: u8,
    /// Where handicap stones go.
    pub handicap_placement: Placement,
    /// Komi in handicap games (0.5: White wins ties).
    pub handicap_komi: f64,
    /// Ko rule.
    pub ko: Ko,
    /// Scoring method.
    pub scoring: Scoring,
    /// Whether multi-stone suicide is allowed.
    pub suicide: bool,
    /// Consecutive passes that end play (2 or 3).
    pub passes_to_end: u8,
    /// The dead-stone step after play.
    pub dead_stones: DeadStones,
}

impl Default for GoRules {
    fn default() -> Self {
        GoRules {
            size: BoardSize::square(19),
            komi: Komi {
                default: 5.5,
                by_size: BTreeMap::from([(13, 3.5)]),
            },
            handicap: 0,
            handicap_placement: Placement::Fixed,
            handicap_komi: 0.5,
            ko: Ko::Simple,
            scoring: Scoring::Territory,
            suicide: false,
            passes_to_end: 2,
            dead_stones: DeadStones::Agree,
        }
    }
}

impl GoRules {
    /// The komi in force for this size and handicap.
    pub fn effective_komi(&self) -> f64 {
        if self.handicap > 0 {
            self.handicap_komi
        } else {
            self.komi.for_size(self.size)
        }
    }
}

/// Checks a komi value: a whole or half number between −1000 and 1000 (Go and TriGo).
pub fn check_komi(k: f64) -> Result<(), String> {
    if !k.is_finite() || k.abs() > 1000.0 || (k * 2.0).fract() != 0.0 {
        return Err(format!(
            "komi {} must be a whole or half number between -1000 and 1000",
            stones_core::fmt_points(k)
        ));
    }
    Ok(())
}

impl RuleSet for GoRules {
    const GAME: &'static str = "go";
    const BUILTIN: &'static [Builtin] =
        stones_core::builtin_rulesets!("classic", "japanese", "chinese", "tromp-taylor", "egf");

    fn validate(&self) -> Result<(), String> {
        self.size.check(2..=25)?;
        let passes = self.passes_to_end;
        check_key(
            "passes_to_end",
            passes,
            (2..=3).contains(&passes),
            "must be 2 or 3",
        )?;
        let handicap = self.handicap != 1 && self.handicap <= 9;
        check_key(
            "handicap",
            self.handicap,
            handicap,
            "must be 0 (none) or 2 to 9",
        )?;
        let komis = std::iter::once(self.komi.default)
            .chain(self.komi.by_size.values().copied())
            .chain([self.handicap_komi]);
        for k in komis {
            check_komi(k)?;
        }
        match self.handicap_placement {
            Placement::Fixed if self.handicap > 0 => {
                crate::handicap::seed_points(self.size, self.handicap)?;
            }
            Placement::Free => {
                // Black may not pass while placing, and a stone on the last empty point would be
                // suicide: a handicap filling the board would leave Black without a legal move.
                let points = self.size.width as u32 * self.size.height as u32;
                if self.handicap as u32 >= points {
                    return Err(format!(
                        "key `handicap` is {} but a {}x{} board has only {points} points; a free \
                         handicap must leave at least one empty",
                        self.handicap, self.size.width, self.size.height
                    ));
                }
            }
            Placement::Fixed => {}
        }
        Ok(())
    }
}
