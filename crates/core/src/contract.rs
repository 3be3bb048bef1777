//! The contract every game keeps, checked on random games (after OpenSpiel's random-simulation test).
//!
//! At every step of a random game: a clone equals the original; playing a move and undoing it restores
//! the exact state and hash; every listed legal move passes `check` and its text round-trips; every
//! point move that `check` refuses is absent from the list; the score equals a from-scratch recount.

use crate::case_file::CaseFile;
use crate::colour::Colour;
use crate::game::{Game, Status};
use crate::rules::{self, RuleSet};
use crate::search::SearchGame;
use crate::zobrist::Rng;

/// Checks a game's builtin rulesets ([`RuleSet::BUILTIN`]): loading none gives the first, named
/// `default`, and it equals `Default`; every one loads, its `validate` accepts it, and it has the
/// `description` line `stones list` shows. The error names the game, the ruleset and what is wrong.
pub fn check_rulesets<R: RuleSet>(default: &str) -> Result<(), String> {
    let game = R::GAME;
    let (rules, name) = R::load(None, &[]).map_err(|e| format!("{game}: {e}"))?;
    if name != default || R::BUILTIN.first().map(|b| b.name) != Some(default) {
        return Err(format!(
            "{game}: the default ruleset is `{name}`, not `{default}`"
        ));
    }
    if rules != R::default() {
        let why = "is not the code's Default";
        return Err(format!("{game}: the default ruleset `{name}` {why}"));
    }
    for b in R::BUILTIN {
        let (r, _) = R::load(Some(b.name), &[]).map_err(|e| format!("{game}: {e}"))?;
        r.validate()
            .map_err(|e| format!("{game}: ruleset {}: {e}", b.name))?;
        if rules::description(b.text).is_none() {
            return Err(format!(
                "{game}: ruleset {} has no description line",
                b.name
            ));
        }
    }
    Ok(())
}

/// The error, as printed, of loading the default ruleset with the override `set` (`size=4`), for a
/// test of what a bad key or value is told; panics when the ruleset loads.
pub fn refusal<R: RuleSet>(set: &str) -> String {
    match R::load(None, &[set.to_string()]) {
        Ok(_) => panic!("{}: the override {set} was accepted", R::GAME),
        Err(e) => e.to_string(),
    }
}

/// Checks that the override `set` is refused ([`refusal`]) with a message that says `says`; the
/// error gives the message.
pub fn check_refusal<R: RuleSet>(set: &str, says: &str) -> Result<(), String> {
    let message = refusal::<R>(set);
    if message.contains(says) {
        Ok(())
    } else {
        Err(format!(
            "{set}: the refusal does not say {says:?}: {message}"
        ))
    }
}

/// Sets `game` up with the board `rows` draws (see [`crate::board_text::parse_board`]) and `to_move`
/// to play, for a test; panics on a drawing that is not a board or a setup the game refuses.
pub fn set_up<G: Game>(game: &mut G, rows: &str, to_move: Colour) {
    let stones = crate::board_text::parse_board(game.topology(), rows).unwrap();
    game.set_position(&stones, to_move).unwrap();
}

/// The move `text` names in `game`'s notation, for a test; panics when it does not parse.
pub fn move_of<G: Game>(game: &G, text: &str) -> G::Move {
    game.parse_move(text).unwrap()
}

/// Plays the move written `text` as a front end does: the syntax error or the rules' refusal, as
/// they are printed; a refused move changes nothing.
pub fn play_said<G: Game>(game: &mut G, text: &str) -> Result<(), String> {
    match game.parse_move(text) {
        Err(e) => Err(e.to_string()),
        Ok(mv) => game.play(mv).map_err(|e| e.to_string()),
    }
}

/// Plays the move `text` names ([`move_of`]) and gives the rules' answer, for a test.
pub fn play_text<G: Game>(game: &mut G, text: &str) -> Result<(), G::Illegal> {
    let mv = move_of(game, text);
    game.play(mv)
}

/// A case file (`tests/cases/*.case` of a game crate, as the CLI's `replay` reads it) read for a
/// game's own tests: the game under the file's ruleset and `[set]` overrides, set up with its
/// `[setup]` board and `to_move`, and what the file says.
pub struct Case<G> {
    /// The game before the first move.
    pub game: G,
    /// The case's `description`.
    pub description: String,
    /// The moves, as written (at the top of the file or in `[setup]`).
    pub moves: Vec<String>,
}

/// The folder of the calling crate's case files: `tests/cases/` under its `CARGO_MANIFEST_DIR`.
#[macro_export]
macro_rules! cases_dir {
    () => {
        ::std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
    };
}

/// The names of the case files in `dir` (`*.case`, without the ending), sorted.
pub fn case_names(dir: &std::path::Path) -> Vec<String> {
    let files = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let name = |p: std::path::PathBuf| Some(p.file_stem()?.to_str()?.to_string());
    let cases = files
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "case"));
    let mut names: Vec<String> = cases.filter_map(name).collect();
    names.sort();
    names
}

/// Reads `G`'s case file `name` (`<dir>/<name>.case`, `dir` usually [`cases_dir!`]; its `game`
/// key must be `G::NAME`); panics, naming what is wrong, on a file that is not a case of this game
/// or whose rules or setup are refused.
pub fn read_case<G: Game>(dir: &std::path::Path, name: &str) -> Case<G> {
    let path = dir.join(format!("{name}.case"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let case: CaseFile = toml::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert_eq!(case.game, G::NAME, "the case's game");
    let set: Vec<(String, toml::Value)> = case.set.clone().into_iter().collect();
    let (rules, _) = rules::load_with::<G::Rules>(case.ruleset.as_deref(), &set).unwrap();
    let mut game = G::new(rules).unwrap();
    if let Some(setup) = &case.setup {
        if let Some(board) = &setup.board {
            set_up(&mut game, board, setup.to_move.unwrap_or(Colour::Black));
        }
    }
    let moves = case.all_moves().unwrap_or_else(|e| panic!("{path:?}: {e}"));
    Case {
        moves: moves.to_vec(),
        game,
        description: case.description,
    }
}

/// The whole contract test of a game: [`check_random_games`] under every builtin ruleset, on each
/// of the game's `TEST_SIZES` (small boards, so that each step can check every point), `games`
/// games of at most `steps` moves from `seed`; returns the moves played. One call in a game
/// crate's `tests/`:
///
/// ```ignore
/// #[test]
/// fn random_games_keep_the_contract() {
///     let moves = stones_core::contract::check_game::<MyGame>(2026, 6, 150).unwrap();
///     assert!(moves > 0);
/// }
/// ```
pub fn check_game<G: Game + PartialEq>(
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<usize, String> {
    let mut played = 0;
    // A game without sizes to test plays under its ruleset as it is.
    let sets = test_sets::<G>();
    for builtin in G::Rules::BUILTIN {
        for set in &sets {
            let (rules, _) =
                rules::load_with::<G::Rules>(Some(builtin.name), set).map_err(|e| e.to_string())?;
            let start = G::new(rules).map_err(|e| e.to_string())?;
            played += check_random_games(&start, seed, games, steps)
                .map_err(|e| format!("ruleset {} {set:?}: {e}", builtin.name))?;
        }
    }
    Ok(played)
}

/// [`check_game`], and then what the search and the front ends that act one placement at a time
/// rely on ([`check_legal_steps`]), under every builtin ruleset and test size.
pub fn check_search_game<G: SearchGame + PartialEq>(
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<usize, String> {
    let played = check_game::<G>(seed, games, steps)?;
    for builtin in G::Rules::BUILTIN {
        for set in test_sets::<G>() {
            let (rules, _) = rules::load_with::<G::Rules>(Some(builtin.name), &set)
                .map_err(|e| e.to_string())?;
            let start = G::new(rules).map_err(|e| e.to_string())?;
            check_legal_steps(&start, seed, games, steps)
                .map_err(|e| format!("ruleset {} {set:?}: {e}", builtin.name))?;
        }
    }
    Ok(played)
}

/// Plays random games from `start` checking [`SearchGame::legal_steps`] at every step: where a step
/// is a whole move, the legal steps are exactly the legal moves; where a turn is several
/// placements, every step after a random first one completes a move the game accepts; and the
/// search's [`SearchGame::steps`] are among the legal steps.
pub fn check_legal_steps<G: SearchGame>(
    start: &G,
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<(), String> {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let (mut moves, mut legal, mut searched, mut next) = (vec![], vec![], vec![], vec![]);
    for g in 0..games {
        let mut game = start.clone();
        for step in 0..steps {
            let at = |what: String| format!("{} game {g} step {step}: {what}", G::NAME);
            if game.status() != Status::Ongoing {
                break;
            }
            game.legal_moves(&mut moves);
            game.legal_steps(&[], &mut legal);
            game.steps(&[], &mut searched);
            if let Some(s) = searched.iter().find(|s| !legal.contains(s)) {
                return Err(at(format!("the search's step {s:?} is not a legal step")));
            }
            if legal.is_empty() != moves.is_empty() {
                return Err(at(format!(
                    "{} legal steps but {} legal moves",
                    legal.len(),
                    moves.len()
                )));
            }
            let alone: Vec<Option<G::Move>> = legal.iter().map(|&s| game.complete(&[s])).collect();
            if alone.iter().all(Option::is_some) {
                let whole: Vec<G::Move> = alone.into_iter().flatten().collect();
                if whole.len() != moves.len() || whole.iter().any(|m| !moves.contains(m)) {
                    return Err(at(format!(
                        "the legal steps {whole:?} are not the legal moves {moves:?}"
                    )));
                }
            } else {
                if let Some(mv) = alone.iter().flatten().find(|&&m| game.check(m).is_err()) {
                    return Err(at(format!("the legal step {mv:?} is refused as a move")));
                }
                let open: Vec<G::Step> = (legal.iter().zip(&alone))
                    .filter(|(_, m)| m.is_none())
                    .map(|(&s, _)| s)
                    .collect();
                let first = open[rng.below(open.len())];
                game.legal_steps(&[first], &mut next);
                if next.is_empty() {
                    return Err(at(format!("no step completes the turn after {first:?}")));
                }
                for &second in &next {
                    let Some(mv) = game.complete(&[first, second]) else {
                        return Err(at(format!("{first:?} {second:?} make no move")));
                    };
                    if let Err(e) = game.check(mv) {
                        return Err(at(format!("legal steps made {mv:?}, refused: {e}")));
                    }
                }
            }
            let Some(mv) = game.random_move(&mut rng) else {
                break;
            };
            game.play(mv)
                .map_err(|e| at(format!("random move {mv:?} refused: {e}")))?;
        }
    }
    Ok(())
}

/// The `[set]` overrides a game's contract is checked under: one per test size (none without sizes).
fn test_sets<G: Game>() -> Vec<Vec<(String, toml::Value)>> {
    let sizes = rules::value_texts(G::TEST_SIZES);
    match sizes.is_empty() {
        true => vec![Vec::new()],
        false => sizes
            .into_iter()
            .map(|v| vec![("size".into(), v)])
            .collect(),
    }
}

/// `seed` with one to three random edits, each a byte removed, a byte of `junk` inserted or written
/// over one, or the text cut short: a broken copy of a good file, for a test that a reader of outside
/// input answers every such file with an error or a valid result, never a panic.
pub fn mangled(seed: &[u8], junk: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..1 + rng.below(3) {
        if b.is_empty() {
            break;
        }
        let i = rng.below(b.len());
        match rng.below(4) {
            0 => {
                b.remove(i);
            }
            1 => b.insert(i, junk[rng.below(junk.len())]),
            2 => b[i] = junk[rng.below(junk.len())],
            _ => b.truncate(i),
        }
    }
    b
}

/// Plays `games` random games of at most `steps` moves each from `start`, checking the contract at
/// every step, and returns how many moves were played in all. The error says which game, which step,
/// and what broke.
pub fn check_random_games<G: Game + PartialEq>(
    start: &G,
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    let mut played = 0;
    for g in 0..games {
        let mut game = start.clone();
        for step in 0..steps {
            let at = |what: String| format!("{} game {g} step {step}: {what}", G::NAME);
            if matches!(game.status(), Status::Over(_)) {
                break;
            }
            if game.clone() != game {
                return Err(at("a clone differs from the original".into()));
            }
            game.legal_moves(&mut moves);
            for &mv in &moves {
                if let Err(e) = game.check(mv) {
                    return Err(at(format!("listed move {mv:?} refused: {e}")));
                }
                let text = game.move_text(mv);
                if game.parse_move(&text) != Ok(mv) {
                    return Err(at(format!("move text '{text}' does not read back")));
                }
            }
            for p in game.topology().points() {
                if let Ok(mv) = game.parse_move(&game.topology().name(p)) {
                    if game.check(mv).is_err() && moves.contains(&mv) {
                        return Err(at(format!("refused move {mv:?} is listed")));
                    }
                    if game.check(mv).is_ok() && !moves.contains(&mv) {
                        return Err(at(format!("legal move {mv:?} is not listed")));
                    }
                }
            }
            if game.score() != game.recount() {
                return Err(at(format!(
                    "score {:?} differs from a recount {:?}",
                    game.score(),
                    game.recount()
                )));
            }
            let Some(mv) = game.random_move(&mut rng) else {
                break;
            };
            if !moves.contains(&mv) {
                return Err(at(format!(
                    "random move {mv:?} is not among the legal moves"
                )));
            }
            let (before, hash) = (game.clone(), game.hash());
            game.play(mv)
                .map_err(|e| at(format!("random move {mv:?} refused: {e}")))?;
            if !game.undo() {
                return Err(at("undo after a move did nothing".into()));
            }
            if game != before || game.hash() != hash {
                return Err(at(format!(
                    "undo of {mv:?} did not restore the state exactly"
                )));
            }
            game.play(mv)
                .map_err(|e| at(format!("replaying {mv:?} refused: {e}")))?;
            played += 1;
        }
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Builtin;
    use serde::{Deserialize, Serialize};

    /// A ruleset type named `$name` for the game `$game` with the builtins `$builtin`, and the size
    /// check `$check`.
    macro_rules! rules {
        ($name:ident, $game:literal, [$($n:literal: $text:literal),*], $check:expr) => {
            #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
            #[serde(deny_unknown_fields, default)]
            struct $name {
                description: String,
                size: u8,
            }

            impl RuleSet for $name {
                const GAME: &'static str = $game;
                const BUILTIN: &'static [Builtin] = &[$(Builtin { name: $n, text: $text }),*];

                fn validate(&self) -> Result<(), String> {
                    let check: fn(u8) -> Result<(), String> = $check;
                    check(self.size)
                }
            }
        };
    }

    const ANY: fn(u8) -> Result<(), String> = |_| Ok(());
    rules!(Good, "good", ["standard": "description = \"a\"\n", "big": "description = \"b\"\nsize = 9\n"], ANY);
    rules!(Mute, "mute", ["standard": "description = \"a\"\n", "mute": "size = 1\n"], ANY);
    rules!(Odd, "odd", ["standard": "description = \"a\"\nsize = 3\n"], ANY);
    rules!(Small, "small", ["standard": "description = \"a\"\n", "huge": "description = \"h\"\nsize = 99\n"], |n| {
        (n <= 9).then_some(()).ok_or(format!("key `size` is {n} but must be from 0 to 9"))
    });

    #[test]
    fn builtin_rulesets_are_checked() {
        assert_eq!(check_rulesets::<Good>("standard"), Ok(()));
        let e = check_rulesets::<Good>("big").unwrap_err();
        assert_eq!(e, "good: the default ruleset is `standard`, not `big`");
        let e = check_rulesets::<Mute>("standard").unwrap_err();
        assert_eq!(e, "mute: ruleset mute has no description line");
        let e = check_rulesets::<Odd>("standard").unwrap_err();
        assert!(
            e.starts_with("odd: the default ruleset `standard` is not"),
            "{e}"
        );
        assert!(refusal::<Good>("size=300").contains("size"));
        assert_eq!(check_refusal::<Good>("colour=red", "colour"), Ok(()));
        let e = check_refusal::<Good>("colour=red", "blue").unwrap_err();
        assert!(
            e.starts_with("colour=red: the refusal does not say \"blue\": "),
            "{e}"
        );
        let e = check_rulesets::<Small>("standard").unwrap_err();
        assert!(e.starts_with("small: ") && e.contains("from 0 to 9"), "{e}");
    }
}
