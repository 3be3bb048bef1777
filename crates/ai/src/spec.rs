//! One syntax that names a player everywhere (`play`, `match`, `gtp --player`, `serve`).

use crate::options::{SearchOptions, KEYS};
use std::fmt;

/// Who picks the moves of one side.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A person at the terminal (or in the browser).
    Human,
    /// A uniformly random legal move.
    Random,
    /// The search, with its options.
    Mcts(SearchOptions),
    /// An external GTP engine: the program and its arguments.
    Gtp(Vec<String>),
    /// An external Gomocup brain (Gomoku only): the program and its arguments.
    Gomocup(Vec<String>),
    /// An external oppai-rs engine (Dots only, its JSON-lines protocol): the program and its
    /// arguments.
    Oppai(Vec<String>),
}

/// A spec that could not be read; the message lists what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// The forms a spec takes, for error messages and help.
pub const SPEC_FORMS: &str =
    "human, random, mcts (or mcts:playouts=5000,time=1.5,threads=2,seed=7), \
                              gtp:COMMAND ARGS… (an external GTP engine), gomocup:COMMAND ARGS… \
                              (an external Gomocup brain, Gomoku only), oppai:COMMAND ARGS… \
                              (an external oppai-rs engine, Dots only)";

/// The forms a spec takes and the search's options, the one text the command-line help and the
/// error for an unknown player give: `SPEC_FORMS`, then `mcts options:` and `KEYS`.
pub fn spec_help() -> String {
    format!("{SPEC_FORMS}; mcts options: {KEYS}")
}

impl PlayerSpec {
    /// Reads a spec: `human`, `random`, `mcts[:k=v,…]`, `gtp:COMMAND ARGS…`, `gomocup:COMMAND ARGS…`,
    /// `oppai:COMMAND ARGS…`.
    pub fn parse(text: &str) -> Result<PlayerSpec, SpecError> {
        let t = text.trim();
        let (kind, rest) = match t.split_once(':') {
            Some((k, r)) => (k, Some(r)),
            None => (t, None),
        };
        let command = |rest: Option<&str>| {
            let words: Vec<String> = rest
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect();
            if words.is_empty() {
                Err(SpecError(format!(
                    "player '{t}': {kind}: needs a command, e.g. {kind}:/usr/games/gnugo --mode gtp"
                )))
            } else {
                Ok(words)
            }
        };
        match (kind.to_ascii_lowercase().as_str(), rest) {
            ("human", None) => Ok(PlayerSpec::Human),
            ("random", None) => Ok(PlayerSpec::Random),
            ("mcts", rest) => SearchOptions::parse(rest.unwrap_or(""))
                .map(PlayerSpec::Mcts)
                .map_err(|e| SpecError(format!("player '{t}': {e}"))),
            ("gtp", rest) => command(rest).map(PlayerSpec::Gtp),
            ("gomocup", rest) => command(rest).map(PlayerSpec::Gomocup),
            ("oppai", rest) => command(rest).map(PlayerSpec::Oppai),
            ("human" | "random", Some(_)) => Err(SpecError(format!(
                "player '{t}': {kind} takes no options; players are {SPEC_FORMS}"
            ))),
            _ => Err(SpecError(format!(
                "unknown player '{t}': expected {}",
                spec_help()
            ))),
        }
    }

    /// A short name for reports: `mcts:playouts=800`, `gtp:gnugo`, …
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Human => "human".into(),
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Mcts(o) => match o.to_string() {
                s if s.is_empty() => "mcts".into(),
                s => format!("mcts:{s}"),
            },
            PlayerSpec::Gtp(cmd) => format!("gtp:{}", cmd.join(" ")),
            PlayerSpec::Gomocup(cmd) => format!("gomocup:{}", cmd.join(" ")),
            PlayerSpec::Oppai(cmd) => format!("oppai:{}", cmd.join(" ")),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        assert_eq!(PlayerSpec::parse("human").unwrap(), PlayerSpec::Human);
        assert_eq!(PlayerSpec::parse(" Random ").unwrap(), PlayerSpec::Random);
        let PlayerSpec::Mcts(o) = PlayerSpec::parse("mcts:playouts=5000").unwrap() else {
            panic!("not mcts")
        };
        assert_eq!(o.playouts, Some(5000));
        assert_eq!(
            PlayerSpec::parse("gtp:/usr/games/gnugo --mode gtp --level 10").unwrap(),
            PlayerSpec::Gtp(vec![
                "/usr/games/gnugo".into(),
                "--mode".into(),
                "gtp".into(),
                "--level".into(),
                "10".into()
            ])
        );
        assert!(matches!(
            PlayerSpec::parse("gomocup:pbrain-figrid"),
            Ok(PlayerSpec::Gomocup(_))
        ));
        assert_eq!(
            PlayerSpec::parse("oppai:main --threads-count 2").unwrap(),
            PlayerSpec::Oppai(vec!["main".into(), "--threads-count".into(), "2".into()])
        );
        assert_eq!(PlayerSpec::parse("mcts").unwrap().label(), "mcts");
    }

    #[test]
    fn a_bad_spec_lists_what_is_allowed() {
        for bad in ["robot", "gtp:", "random:fast", "mcts:playouts=-1"] {
            let e = PlayerSpec::parse(bad).unwrap_err().0;
            assert!(e.contains(bad.split(':').next().unwrap()), "{e}");
        }
        let e = PlayerSpec::parse("robot").unwrap_err().0;
        assert!(
            e.contains("human, random, mcts") && e.contains("gtp:COMMAND"),
            "{e}"
        );
    }
}
