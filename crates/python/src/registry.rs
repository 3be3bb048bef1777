//! The games a module offers, by name, and how a game is made from a name, a ruleset and settings.

use crate::env::{Actions, Env};
use stones_core::rules::load_with;
use stones_core::SearchGame;

/// A game a module offers: its name and how to make it.
#[derive(Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    pub about: &'static str,
    make: Make,
}

type Make = fn(Option<&str>, &[(String, toml::Value)]) -> Result<Box<dyn Env>, String>;

impl Entry {
    /// The entry of the game `G`.
    pub fn of<G: SearchGame<Move: Send + Sync> + 'static>() -> Entry {
        Entry {
            name: G::NAME,
            about: G::ABOUT,
            make: make::<G>,
        }
    }
}

/// The built-in games, in the order `stones list` shows them.
pub fn builtin() -> Vec<Entry> {
    vec![
        Entry::of::<stones_go::GoGame>(),
        Entry::of::<stones_dots::DotsGame>(),
        Entry::of::<stones_gomoku::Gomoku>(),
        Entry::of::<stones_trigo::TrigoGame>(),
        Entry::of::<stones_connect6::Connect6>(),
        Entry::of::<stones_hex::HexGame>(),
    ]
}

fn make<G: SearchGame<Move: Send + Sync> + 'static>(
    ruleset: Option<&str>,
    set: &[(String, toml::Value)],
) -> Result<Box<dyn Env>, String> {
    let (rules, name) = load_with::<G::Rules>(ruleset, set).map_err(|e| e.to_string())?;
    let game = G::new(rules).map_err(|e| e.to_string())?;
    let set = set.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(Box::new(Actions::new(game, name, set)))
}

/// Makes the game `name` of `games` (the error lists the names there are, as the CLI's does).
pub fn create(
    games: &[Entry],
    name: &str,
    ruleset: Option<&str>,
    set: &[(String, toml::Value)],
) -> Result<Box<dyn Env>, String> {
    let entry = games
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = games.iter().map(|e| e.name).collect();
            format!(
                "unknown game '{name}': expected one of {}",
                names.join(", ")
            )
        })?;
    (entry.make)(ruleset, set)
}

/// Splits OpenSpiel's string form `name(key=value,key=value)` into the name and its settings (a
/// value read as TOML where it reads, else as text: `go(size=9,komi=7.5,ruleset=chinese)`).
pub fn parse_spec(spec: &str) -> Result<(String, Vec<(String, toml::Value)>), String> {
    let spec = spec.trim();
    let Some(open) = spec.find('(') else {
        return Ok((spec.to_string(), Vec::new()));
    };
    let inner = spec[open + 1..].strip_suffix(')').ok_or_else(|| {
        format!("'{spec}': expected name(key=value,…) with the closing parenthesis last")
    })?;
    let mut settings = Vec::new();
    for part in split_top(inner) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' in '{spec}': expected key=value"))?;
        settings.push((k.trim().to_string(), value_of(v.trim())));
    }
    Ok((spec[..open].trim().to_string(), settings))
}

/// A setting's text as a TOML value where it reads as one (`9`, `7.5`, `true`, `[7, 4]`), else as
/// text (`chinese`).
pub fn value_of(text: &str) -> toml::Value {
    format!("v = {text}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// `text` split at the commas outside brackets.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut from) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[from..]);
    parts
}
