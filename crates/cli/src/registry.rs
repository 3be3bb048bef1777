//! Every game by name. Adding a game is one line in the `games!` list (in crate::text_game; and
//! the crate as a dependency in crates/cli/Cargo.toml): the line makes its [`GameKind`] and its
//! [`AnyGame`] variant, and everything else — its name, description, rulesets, contract sizes, SGF
//! `GM` number — comes from the game's own `Game` impl.

pub use crate::text_game::{AnyGame, GameKind};
use stones_core::rules::{description, load_with};
use stones_core::{Builtin, Game, RuleSet, RulesError};

/// Declares the registered games, `Variant: Type` each: generates [`GameKind`], [`AnyGame`] and
/// the way from a kind to its game's [`Entry`]. Invoked once, in crate::text_game, because
/// enum_dispatch needs `AnyGame` beside the `TextGame` trait.
macro_rules! games {
    ($($variant:ident: $game:ty),+ $(,)?) => {
        /// The games `stones` knows, by their command-line names.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumIter)]
        pub enum GameKind {
            $($variant),+
        }

        impl GameKind {
            /// What the CLI needs of the game, from its `Game` impl.
            pub(crate) fn entry(self) -> $crate::registry::Entry {
                match self {
                    $(GameKind::$variant => $crate::registry::Entry::of::<$game>()),+
                }
            }
        }

        /// A game of any kind, dispatched without `Box<dyn>`: one variant per registered game.
        #[enum_dispatch(TextGame)]
        #[derive(Debug)]
        pub enum AnyGame {
            $($variant($game)),+
        }

        impl Clone for AnyGame {
            fn clone(&self) -> Self {
                match self {
                    $(AnyGame::$variant(g) => AnyGame::$variant(g.clone())),+
                }
            }

            /// Into the game's own buffers when both are of one kind (a Dots playout on the copy
            /// then allocates nothing).
            fn clone_from(&mut self, src: &Self) {
                match (self, src) {
                    $((AnyGame::$variant(a), AnyGame::$variant(b)) => a.clone_from(b),)+
                    #[allow(unreachable_patterns)]
                    (me, src) => *me = src.clone(),
                }
            }
        }
    };
}
pub(crate) use games;

/// A registered game's facts and generic functions, taken from its `Game` impl.
pub(crate) struct Entry {
    name: &'static str,
    about: &'static str,
    builtin: &'static [Builtin],
    test_sizes: &'static [&'static str],
    sizes: &'static [&'static str],
    sgf_gm: Option<u32>,
    create: Create,
    contract: Contract,
}

type Create = fn(Option<&str>, &[(String, toml::Value)]) -> Result<(AnyGame, String), RulesError>;
type Contract = fn(&str, &[(String, toml::Value)], u64, usize, usize) -> Result<usize, String>;

impl Entry {
    pub(crate) fn of<G: Game + PartialEq>() -> Entry
    where
        AnyGame: From<G>,
    {
        Entry {
            name: G::NAME,
            about: G::ABOUT,
            builtin: G::Rules::BUILTIN,
            test_sizes: G::TEST_SIZES,
            sizes: G::SIZES,
            sgf_gm: G::SGF_GM,
            create: create::<G>,
            contract: contract::<G>,
        }
    }
}

impl GameKind {
    /// Every registered game.
    pub fn all() -> Vec<GameKind> {
        GameKind::iter().collect()
    }

    /// Every registered game, in registration order.
    pub fn iter() -> impl Iterator<Item = GameKind> {
        <GameKind as strum::IntoEnumIterator>::iter()
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

    /// Checks the game contract ([`stones_core::contract`]) on random games under every builtin
    /// ruleset, on small boards so that each step can check every point; returns the moves played.
    pub fn check_contract(self, seed: u64, games: usize, steps: usize) -> Result<usize, String> {
        let mut played = 0;
        for builtin in self.builtin_rulesets() {
            let sizes = self.small_sizes();
            // A game without sizes to test plays under its ruleset as it is.
            let sets: Vec<Vec<(String, toml::Value)>> = match sizes.is_empty() {
                true => vec![Vec::new()],
                false => sizes
                    .into_iter()
                    .map(|v| vec![("size".into(), v)])
                    .collect(),
            };
            for set in &sets {
                played += (self.entry().contract)(builtin.name, set, seed, games, steps)?;
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

    /// Board sizes for the contract test: the game's `TEST_SIZES`.
    fn small_sizes(self) -> Vec<toml::Value> {
        toml_values(self.entry().test_sizes)
    }

    /// The usual board sizes (the game's `SIZES`), as values of the `size` key.
    pub fn usual_sizes(self) -> Vec<toml::Value> {
        toml_values(self.entry().sizes)
    }

    /// The description line of a builtin ruleset.
    pub fn ruleset_description(builtin: &Builtin) -> String {
        description(builtin.text).unwrap_or_default()
    }
}

/// Reads TOML value texts (`9`, `[7, 4]`); a text that is not one is left out.
fn toml_values(texts: &[&str]) -> Vec<toml::Value> {
    let value = |s: &str| {
        format!("v = {s}")
            .parse::<toml::Table>()
            .ok()
            .and_then(|mut t| t.remove("v"))
    };
    texts.iter().filter_map(|s| value(s)).collect()
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
