//! The case file's format — one rule edge case each, `tests/cases/<game>/*.case` — as written: the
//! CLI's `replay` and the game crates' own tests read it through this one definition.
//!
//! A case is TOML: `game`, `ruleset`, `description`, optional `[set]` overrides, optional `[setup]`
//! (`board` rows top first with `x`/`o`/`.`, `to_move`), `moves` (text moves; a refused move is reported
//! and not applied), `dead` (chains to mark dead once play has stopped, by one stone each) and an
//! optional `[players]` table (`black`, `white`: who played, as `play --black` names them).
//! `moves` and `dead` may stand at the top or, written after `to_move`, inside `[setup]` (TOML puts
//! them there); both read the same.

use crate::Colour;
use serde::Deserialize;

/// A case file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    pub game: String,
    #[serde(default)]
    pub ruleset: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub set: toml::Table,
    #[serde(default)]
    pub setup: Option<Setup>,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub dead: Vec<String>,
    /// Who played, as `play --black`/`--white` name them (`save` at the terminal writes it when the
    /// computer plays a side); `stones play FILE` plays on with them.
    #[serde(default)]
    pub players: Option<Players>,
}

/// The `[players]` table: each side's player spec (`human`, `mcts:playouts=800`, …).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    #[serde(default)]
    pub black: Option<String>,
    #[serde(default)]
    pub white: Option<String>,
}

/// A starting position (and, when written after it, the moves).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default)]
    pub board: Option<String>,
    #[serde(default)]
    pub to_move: Option<Colour>,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub dead: Vec<String>,
}

impl CaseFile {
    /// The moves, wherever the file put them.
    pub fn all_moves(&self) -> Result<&[String], String> {
        pick(&self.moves, self.setup.as_ref().map(|s| &s.moves), "moves")
    }

    /// The dead stones, wherever the file put them.
    pub fn all_dead(&self) -> Result<&[String], String> {
        pick(&self.dead, self.setup.as_ref().map(|s| &s.dead), "dead")
    }
}

fn pick<'a>(
    top: &'a [String],
    inner: Option<&'a Vec<String>>,
    key: &str,
) -> Result<&'a [String], String> {
    match inner {
        Some(v) if !v.is_empty() && !top.is_empty() => Err(format!(
            "`{key}` is given both at the top and inside [setup]; give it once"
        )),
        Some(v) if !v.is_empty() => Ok(v),
        _ => Ok(top),
    }
}
