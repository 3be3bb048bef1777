//! Every game by name. Adding a game: its crate, a `GameKind` variant here (name, description,
//! rulesets, create) and a line in [`AnyGame`].

use crate::text_game::AnyGame;
use stones_core::rules::{description, load_with};
use stones_core::{Builtin, Game, RuleSet, RulesError};
use stones_dots::DotsGame;
use stones_go::GoGame;
use stones_gomoku::Gomoku;
use stones_trigo::TrigoGame;
use strum::{EnumIter, IntoEnumIterator, IntoStaticStr};

/// The games `stones` knows, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum GameKind {
    Go,
    Dots,
    Gomoku,
    Trigo,
}

impl GameKind {
    /// Every registered game.
    pub fn all() -> Vec<GameKind> {
        GameKind::iter().collect()
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// One line about the game.
    pub fn description(self) -> &'static str {
        match self {
            GameKind::Go => {
                "Go: surround territory, capture chains without liberties; ko, komi, handicap"
            }
            GameKind::Dots => {
                "Dots: enclose your opponent's dots with chains of your own; no pass, STOP to finish"
            }
            GameKind::Trigo => {
                "TriGo: Go on a hexagon of 169 points, two stones per move after Black's first"
            }
            GameKind::Gomoku => {
                "Gomoku: five in a row; exactly five, opening rule; freestyle and renju rulesets"
            }
        }
    }

    /// The rulesets shipped with the game; the first is the default.
    pub fn builtin_rulesets(self) -> &'static [Builtin] {
        match self {
            GameKind::Go => <GoGame as Game>::Rules::BUILTIN,
            GameKind::Dots => <DotsGame as Game>::Rules::BUILTIN,
            GameKind::Trigo => <TrigoGame as Game>::Rules::BUILTIN,
            GameKind::Gomoku => <Gomoku as Game>::Rules::BUILTIN,
        }
    }

    /// Finds a game by name; the error lists the games there are.
    pub fn parse(name: &str) -> Result<GameKind, String> {
        GameKind::iter()
            .find(|k| k.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                format!(
                    "unknown game '{name}': expected one of {}",
                    GameKind::iter()
                        .map(GameKind::name)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    }

    /// A new game under a ruleset (builtin name, path, or `None` for the default) with overrides.
    /// Returns the game and the ruleset's name.
    pub fn create(
        self,
        ruleset: Option<&str>,
        overrides: &[(String, toml::Value)],
    ) -> Result<(AnyGame, String), RulesError> {
        match self {
            GameKind::Go => create::<GoGame>(ruleset, overrides),
            GameKind::Dots => create::<DotsGame>(ruleset, overrides),
            GameKind::Trigo => create::<TrigoGame>(ruleset, overrides),
            GameKind::Gomoku => create::<Gomoku>(ruleset, overrides),
        }
    }

    /// Checks the game contract ([`stones_core::contract`]) on random games under every builtin
    /// ruleset, on small boards so that each step can check every point; returns the moves played.
    pub fn check_contract(self, seed: u64, games: usize, steps: usize) -> Result<usize, String> {
        let mut played = 0;
        for builtin in self.builtin_rulesets() {
            for size in self.small_sizes() {
                let set = [("size".to_string(), size.clone())];
                played += match self {
                    GameKind::Go => contract::<GoGame>(builtin.name, &set, seed, games, steps)?,
                    GameKind::Dots => contract::<DotsGame>(builtin.name, &set, seed, games, steps)?,
                    GameKind::Trigo => {
                        contract::<TrigoGame>(builtin.name, &set, seed, games, steps)?
                    }
                    GameKind::Gomoku => contract::<Gomoku>(builtin.name, &set, seed, games, steps)?,
                };
            }
        }
        Ok(played)
    }

    /// The contract at scale: rounds of [`GameKind::check_contract`] (every builtin ruleset, every small
    /// size, `games` games of at most `steps` moves each, a new seed each round, every check at every
    /// step) until at least `min_moves` moves have been played; returns the moves played.
    pub fn check_contract_for(
        self,
        seed: u64,
        min_moves: usize,
        games: usize,
        steps: usize,
    ) -> Result<usize, String> {
        let mut played = 0;
        let mut round = 0;
        while played < min_moves {
            let moves = self
                .check_contract(seed.wrapping_add(round), games, steps)
                .map_err(|e| format!("round {round} (seed {}): {e}", seed.wrapping_add(round)))?;
            if moves == 0 {
                return Err("a round of random games played no move".into());
            }
            played += moves;
            round += 1;
        }
        Ok(played)
    }

    /// Board sizes for the contract test: small, and one rectangular where the game allows it.
    fn small_sizes(self) -> Vec<toml::Value> {
        let v = |s: &str| {
            s.parse::<toml::Table>()
                .ok()
                .and_then(|mut t| t.remove("v"))
        };
        let sizes: &[&str] = match self {
            GameKind::Go => &["v = 2", "v = 5", "v = 9", "v = [7, 4]"],
            GameKind::Dots => &["v = 2", "v = 5", "v = 9", "v = [7, 4]"],
            GameKind::Trigo => &["v = 2", "v = 3", "v = 4"],
            GameKind::Gomoku => &["v = 7", "v = 9", "v = [11, 7]"],
        };
        sizes.iter().filter_map(|s| v(s)).collect()
    }

    /// The description line of a builtin ruleset.
    pub fn ruleset_description(builtin: &Builtin) -> String {
        description(builtin.text).unwrap_or_default()
    }
}

fn create<G: Game>(
    ruleset: Option<&str>,
    overrides: &[(String, toml::Value)],
) -> Result<(AnyGame, String), RulesError>
where
    AnyGame: From<G>,
{
    let (rules, name) = load_with::<G::Rules>(ruleset, overrides)?;
    let game = G::new(rules).map_err(|e| RulesError::new(&name, e.message))?;
    Ok((AnyGame::from(game), name))
}

fn contract<G: Game + PartialEq>(
    ruleset: &str,
    set: &[(String, toml::Value)],
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<usize, String> {
    let (rules, _) = load_with::<G::Rules>(Some(ruleset), set).map_err(|e| e.to_string())?;
    let start = G::new(rules).map_err(|e| e.to_string())?;
    stones_core::contract::check_random_games(&start, seed, games, steps)
        .map_err(|e| format!("ruleset {ruleset} {set:?}: {e}"))
}

/// Reads `key=value` overrides given on the command line.
pub fn parse_overrides(texts: &[String]) -> Result<Vec<(String, toml::Value)>, RulesError> {
    texts
        .iter()
        .map(|t| stones_core::rules::parse_override(t))
        .collect()
}
