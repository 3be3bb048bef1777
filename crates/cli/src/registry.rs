//! Every game by name: the built-in six and any a caller adds ([`crate::Stones`]). Each game is an
//! [`Entry`] made from its `Game` impl — its name, description, rulesets, contract sizes, SGF `GM`
//! number and the generic functions that make it — and a [`GameKind`] is its place in the list.
//! Every front end reaches games only through this list, so a game from outside this repository
//! gets exactly what the built-in ones get.

pub use crate::text_game::AnyGame;
use std::sync::OnceLock;
use stones_core::rules::{description, load_with};
use stones_core::{Builtin, RuleSet, RulesError, SearchGame};

/// A registered game's facts and generic functions, taken from its `Game` impl.
#[derive(Clone, Copy)]
pub struct Entry {
    name: &'static str,
    about: &'static str,
    builtin: &'static [Builtin],
    sizes: &'static [&'static str],
    sgf_gm: Option<u32>,
    create: Create,
    contract: Contract,
}

type Create = fn(Option<&str>, &[(String, toml::Value)]) -> Result<(AnyGame, String), RulesError>;
type Contract = fn(u64, usize, usize) -> Result<usize, String>;

impl Entry {
    /// The entry of the game `G`.
    pub fn of<G: SearchGame + PartialEq + Send + Sync + 'static>() -> Entry {
        Entry {
            name: G::NAME,
            about: G::ABOUT,
            builtin: G::Rules::BUILTIN,
            sizes: G::SIZES,
            sgf_gm: G::SGF_GM,
            create: create::<G>,
            contract: stones_core::contract::check_search_game::<G>,
        }
    }

    /// The game's command-line name.
    pub fn name(&self) -> &'static str {
        self.name
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

static GAMES: OnceLock<Vec<Entry>> = OnceLock::new();

/// The registered games: those [`install`]ed, else the built-in ones.
fn games() -> &'static [Entry] {
    GAMES.get_or_init(builtin)
}

/// Makes `entries` the games of this process. It must come before any game is looked up, and
/// their names must differ; the error says which rule was broken.
pub fn install(entries: Vec<Entry>) -> Result<(), String> {
    for (i, e) in entries.iter().enumerate() {
        if e.name.is_empty()
            || !e
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(format!(
                "game name '{}' must be letters, digits, '-' or '_'",
                e.name
            ));
        }
        if entries[..i]
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(e.name))
        {
            return Err(format!("two games are named '{}'", e.name));
        }
    }
    GAMES
        .set(entries)
        .map_err(|_| "the games were looked up before they were installed".to_string())
}

/// A registered game: its place in the list of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameKind(u16);

impl std::fmt::Debug for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl GameKind {
    fn entry(self) -> &'static Entry {
        &games()[usize::from(self.0)]
    }

    /// Every registered game.
    pub fn all() -> Vec<GameKind> {
        GameKind::iter().collect()
    }

    /// Every registered game, in registration order.
    pub fn iter() -> impl Iterator<Item = GameKind> {
        (0..games().len() as u16).map(GameKind)
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// One line about the game.
    pub fn description(self) -> &'static str {
        self.entry().about
    }

    /// The rulesets shipped with the game; the first is the default.
    pub fn builtin_rulesets(self) -> &'static [Builtin] {
        self.entry().builtin
    }

    /// The game whose SGF records have `GM[gm]`.
    pub fn by_sgf_number(gm: u32) -> Option<GameKind> {
        GameKind::iter().find(|k| k.entry().sgf_gm == Some(gm))
    }

    /// The SGF `GM` number of the game, when it has an SGF form.
    pub fn sgf_number(self) -> Option<u32> {
        self.entry().sgf_gm
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
        (self.entry().create)(ruleset, overrides)
    }

    /// Checks the game contract on random games under every builtin ruleset and small size
    /// ([`stones_core::contract::check_game`]); returns the moves played.
    pub fn check_contract(self, seed: u64, games: usize, steps: usize) -> Result<usize, String> {
        (self.entry().contract)(seed, games, steps)
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

    /// The usual board sizes (the game's `SIZES`), as values of the `size` key.
    pub fn usual_sizes(self) -> Vec<toml::Value> {
        stones_core::rules::value_texts(self.entry().sizes)
    }

    /// The description line of a builtin ruleset.
    pub fn ruleset_description(builtin: &Builtin) -> String {
        description(builtin.text).unwrap_or_default()
    }
}

fn create<G: SearchGame + Send + Sync + 'static>(
    ruleset: Option<&str>,
    overrides: &[(String, toml::Value)],
) -> Result<(AnyGame, String), RulesError> {
    let (rules, name) = load_with::<G::Rules>(ruleset, overrides)?;
    let game = G::new(rules).map_err(|e| RulesError::new(&name, e.message))?;
    Ok((AnyGame::new(game), name))
}

/// Reads `key=value` overrides given on the command line.
pub fn parse_overrides(texts: &[String]) -> Result<Vec<(String, toml::Value)>, RulesError> {
    texts
        .iter()
        .map(|t| stones_core::rules::parse_override(t))
        .collect()
}
