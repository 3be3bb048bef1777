//! Rulesets as data: TOML files deserialised into each game's typed rules, with overrides.
//!
//! Every game ships named rulesets (`rulesets/<game>/<name>.toml`) compiled into the binary; a path to
//! any other `.toml` file of at most [`MAX_RULESET_FILE`] bytes works too, and `key=value` overrides
//! change single fields. Unknown keys and bad values are errors naming the file, the key and what is
//! allowed; a path that is not a `.toml` file is refused unread, so no error quotes another file.

use crate::error::RulesError;
use crate::input::read_text_file;
use serde::de::{self, DeserializeOwned, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::path::Path;

/// The largest ruleset file read, in bytes (64 KiB: the builtin ones have under 2 KiB).
pub const MAX_RULESET_FILE: u64 = 64 * 1024;

/// A ruleset shipped with the program: its name and the text of its TOML file.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    pub name: &'static str,
    pub text: &'static str,
}

/// The builtin rulesets of a game crate, compiled in from `rulesets/<name>.toml` in the folder of
/// the crate that invokes it (its `CARGO_MANIFEST_DIR`), so a game crate carries its own files
/// wherever it lives: `builtin_rulesets!("classic", "japanese")`. The first is the default.
///
/// # Examples
///
/// Not run here: the files are the calling crate's (`rulesets/*.toml` beside its `Cargo.toml`), and
/// stones-core has none. In a game crate:
///
/// ```ignore
/// impl RuleSet for HexRules {
///     const GAME: &'static str = "hex";
///     // The files `standard.toml` and `noswap.toml` of Hex's rulesets; `standard` is the default.
///     const BUILTIN: &'static [Builtin] = stones_core::builtin_rulesets!("standard", "noswap");
/// }
/// ```
///
/// It writes the same as naming each file's text (as a doctest must, having no files):
///
/// ```
/// # use stones_core::Builtin;
/// const BUILTIN: &[Builtin] = &[
///     Builtin { name: "standard", text: "description = \"11 x 11, swap\"\nsize = 11\n" },
///     Builtin { name: "noswap", text: "description = \"no swap\"\nswap = false\n" },
/// ];
/// assert_eq!(stones_core::rules::description(BUILTIN[1].text).as_deref(), Some("no swap"));
/// ```
#[macro_export]
macro_rules! builtin_rulesets {
    ($($name:literal),+ $(,)?) => {
        &[$($crate::Builtin {
            name: $name,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/", $name, ".toml")),
        }),+]
    };
}

/// Reads TOML value texts (`9`, `[7, 4]`, as in `Game::TEST_SIZES`); a text that is not one is
/// left out.
pub fn value_texts(texts: &[&str]) -> Vec<toml::Value> {
    let value = |s: &str| {
        format!("v = {s}")
            .parse::<toml::Table>()
            .ok()
            .and_then(|mut t| t.remove("v"))
    };
    texts.iter().filter_map(|s| value(s)).collect()
}

/// Refuses the `value` of `key` unless it is `ok`, in the words of every ruleset's range errors:
/// `key `passes_to_end` is 4 but must be 2 or 3` (`but` and then `must`).
pub fn check_key(key: &str, value: impl fmt::Display, ok: bool, must: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("key `{key}` is {value} but {must}"))
    }
}

/// A game's typed rules. `Default` equals the game's seed ruleset (the first builtin).
///
/// # Examples
///
/// A ruleset with two keys and two builtins, loaded as the CLI loads it (`--ruleset large --set
/// komi=7.5`):
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use stones_core::{rules::check_key, Builtin, RuleSet};
///
/// #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// #[serde(deny_unknown_fields, default)]
/// struct MyRules {
///     size: u16,
///     komi: f64,
/// }
///
/// impl Default for MyRules {
///     fn default() -> Self {
///         MyRules { size: 9, komi: 7.0 }
///     }
/// }
///
/// impl RuleSet for MyRules {
///     const GAME: &'static str = "mine";
///     // A game crate writes `stones_core::builtin_rulesets!("mine": "small", "large")`.
///     const BUILTIN: &'static [Builtin] = &[
///         Builtin { name: "small", text: "description = \"9 x 9\"\nsize = 9\nkomi = 7.0\n" },
///         Builtin { name: "large", text: "description = \"19 x 19\"\nsize = 19\nkomi = 6.5\n" },
///     ];
///
///     fn validate(&self) -> Result<(), String> {
///         let ok = (5..=19).contains(&self.size);
///         check_key("size", self.size, ok, "must be from 5 to 19")
///     }
/// }
///
/// # fn main() -> Result<(), stones_core::RulesError> {
/// let (rules, name) = MyRules::load(None, &[])?; // the default: the first builtin
/// assert_eq!((name.as_str(), rules), ("small", MyRules::default()));
/// let (rules, _) = MyRules::load(Some("large"), &["komi=7.5".to_string()])?;
/// assert_eq!(rules, MyRules { size: 19, komi: 7.5 });
///
/// // Errors name the ruleset, the key and what is allowed.
/// let said = |set: &str| MyRules::load(None, &[set.to_string()]).unwrap_err().to_string();
/// let big = "ruleset small (with overrides of size): key `size` is 40 but must be from 5 to 19";
/// assert_eq!(said("size=40"), big);
/// assert!(said("colour=red").contains("unknown field `colour`"), "{}", said("colour=red"));
/// let none = MyRules::load(Some("huge"), &[]).unwrap_err().to_string();
/// let expected = "expected one of small, large or a path to a .toml file";
/// assert_eq!(none, format!("ruleset huge: no such mine ruleset: {expected}"));
/// assert!(MyRules { size: 4, komi: 0.0 }.checked().is_err()); // what `Game::new` does first
/// # Ok(())
/// # }
/// ```
pub trait RuleSet: DeserializeOwned + Serialize + Default + Clone + fmt::Debug + PartialEq {
    /// The game these rules belong to.
    const GAME: &'static str;
    /// The named rulesets shipped with the game; the first is the default.
    const BUILTIN: &'static [Builtin];

    /// Checks values serde cannot (ranges, combinations); the message names the key and what is allowed.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }

    /// These rules once [`RuleSet::validate`] accepts them, else its message as an error of the
    /// game's rules: what every [`crate::Game::new`] checks first.
    fn checked(self) -> Result<Self, RulesError> {
        self.validate()
            .map_err(|m| RulesError::new(Self::GAME, m))?;
        Ok(self)
    }

    /// Loads a ruleset by builtin name or file path (`None` = the default) with `key=value` overrides.
    fn load(which: Option<&str>, overrides: &[String]) -> Result<(Self, String), RulesError> {
        load(which, overrides)
    }
}

/// The `description` line of a ruleset file's text, if it has one.
pub fn description(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    table.get("description")?.as_str().map(str::to_string)
}

/// Splits `key=value` and reads the value as TOML (`7.5`, `true`, `[9, 13]`), or else as a bare string.
pub fn parse_override(text: &str) -> Result<(String, toml::Value), RulesError> {
    let (key, value) = text.split_once('=').ok_or_else(|| {
        RulesError::new(
            "override",
            format!("'{text}' is not of the form key=value (for example komi=7.5)"),
        )
    })?;
    let key = key.trim();
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(RulesError::new(
            "override",
            format!("'{key}' is not a ruleset key name"),
        ));
    }
    let value = value.trim();
    let parsed = toml::from_str::<toml::Table>(&format!("v = {value}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value.to_string()));
    Ok((key.to_string(), parsed))
}

/// Loads rules: `which` is a builtin name, a path to a TOML file, or `None` for the default;
/// `overrides` are `key=value` texts.
pub fn load<R: RuleSet>(
    which: Option<&str>,
    overrides: &[String],
) -> Result<(R, String), RulesError> {
    let overrides = overrides
        .iter()
        .map(|o| parse_override(o))
        .collect::<Result<Vec<_>, _>>()?;
    load_with(which, &overrides)
}

/// Like [`load`], with overrides already read as TOML values (a case file's `[set]` table).
pub fn load_with<R: RuleSet>(
    which: Option<&str>,
    overrides: &[(String, toml::Value)],
) -> Result<(R, String), RulesError> {
    let (name, text) = locate::<R>(which)?;
    let rules = from_text::<R>(&name, &text, overrides)?;
    Ok((rules, name))
}

/// Finds the text of a ruleset by builtin name or by the path of a `.toml` file (a regular file of at
/// most [`MAX_RULESET_FILE`] bytes). Any other path is refused without being read.
fn locate<R: RuleSet>(which: Option<&str>) -> Result<(String, String), RulesError> {
    let which = which.unwrap_or(R::BUILTIN[0].name);
    if let Some(b) = R::BUILTIN.iter().find(|b| b.name == which) {
        return Ok((b.name.to_string(), b.text.to_string()));
    }
    let path = Path::new(which);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        let text = read_text_file(path, MAX_RULESET_FILE).map_err(|e| RulesError::new(which, e))?;
        return Ok((which.to_string(), text));
    }
    let looks_like_path = which.contains('/') || which.contains('\\') || path.exists();
    let why = if looks_like_path {
        "not a ruleset file: expected a .toml file".to_string()
    } else {
        format!(
            "no such {} ruleset: expected one of {} or a path to a .toml file",
            R::GAME,
            R::BUILTIN
                .iter()
                .map(|b| b.name)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Err(RulesError::new(which, why))
}

/// Parses ruleset text, applies overrides, deserialises and validates.
pub fn from_text<R: RuleSet>(
    source_name: &str,
    text: &str,
    overrides: &[(String, toml::Value)],
) -> Result<R, RulesError> {
    let mut table: toml::Table =
        toml::from_str(text).map_err(|e| RulesError::new(source_name, e.to_string()))?;
    table.remove("description");
    if let Some(game) = table.remove("game") {
        if game.as_str() != Some(R::GAME) {
            return Err(RulesError::new(
                source_name,
                format!("key `game` is {game} but this is a {} ruleset", R::GAME),
            ));
        }
    }
    for (key, value) in overrides {
        table.insert(key.clone(), value.clone());
    }
    let source = if overrides.is_empty() {
        source_name.to_string()
    } else {
        let keys: Vec<&str> = overrides.iter().map(|(k, _)| k.as_str()).collect();
        format!("{source_name} (with overrides of {})", keys.join(", "))
    };
    // Re-serialise so that deserialisation errors quote the offending line and key.
    let merged = toml::to_string(&table).map_err(|e| RulesError::new(&source, e.to_string()))?;
    let rules: R =
        toml::from_str(&merged).map_err(|e| RulesError::new(&source, tidy(&e.to_string())))?;
    rules.validate().map_err(|m| RulesError::new(&source, m))?;
    Ok(rules)
}

/// Turns a TOML error about re-serialised text into one line that quotes the offending entry
/// (its line number would point into our merged text, not the user's file).
fn tidy(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let entry = lines.iter().find_map(|l| {
        let (num, rest) = l.split_once(" | ")?;
        num.trim().parse::<u32>().ok().map(|_| rest.trim())
    });
    let what = lines.last().copied().unwrap_or(message);
    match entry {
        Some(entry) => format!("`{entry}`: {what}"),
        None => what.to_string(),
    }
}

/// A board size: one number for a square board, or `[width, height]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    pub width: u16,
    pub height: u16,
}

impl BoardSize {
    /// A square board of side `n`.
    pub const fn square(n: u16) -> BoardSize {
        BoardSize {
            width: n,
            height: n,
        }
    }

    /// True when width equals height.
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// Checks both sides lie in `range`; the message names the key `size`.
    pub fn check(&self, range: std::ops::RangeInclusive<u16>) -> Result<(), String> {
        let ok = range.contains(&self.width) && range.contains(&self.height);
        let must = format!(
            "each side must be from {} to {}",
            range.start(),
            range.end()
        );
        check_key("size", self, ok, &must)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_square() {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}x{}", self.width, self.height)
        }
    }
}

impl Serialize for BoardSize {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_square() {
            s.serialize_u16(self.width)
        } else {
            [self.width, self.height].serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(i64),
            Two(Vec<i64>),
        }
        let expected = "a number (19) or [width, height] ([39, 32])";
        let raw = Raw::deserialize(d)
            .map_err(|_| de::Error::custom(format!("`size` must be {expected}")))?;
        let side = |v: i64| {
            u16::try_from(v).map_err(|_| de::Error::custom(format!("`size` {v} is out of range")))
        };
        match raw {
            Raw::One(n) => Ok(BoardSize::square(side(n)?)),
            Raw::Two(v) if v.len() == 2 => Ok(BoardSize {
                width: side(v[0])?,
                height: side(v[1])?,
            }),
            Raw::Two(_) => Err(de::Error::custom(format!("`size` must be {expected}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_errors_name_the_key_the_value_and_what_is_allowed() {
        assert_eq!(check_key("passes", 4, true, "must be 2"), Ok(()));
        let e = check_key("passes", 4, false, "must be 2 or 3").unwrap_err();
        assert_eq!(e, "key `passes` is 4 but must be 2 or 3");
        let e = BoardSize::square(30).check(2..=26).unwrap_err();
        assert_eq!(e, "key `size` is 30 but each side must be from 2 to 26");
        assert_eq!(BoardSize::square(26).check(2..=26), Ok(()));
    }
}
