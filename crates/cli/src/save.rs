//! Saving a game from the prompt (`save PATH`: `.sgf` or `.case`) and loading one to play on
//! (`stones play PATH`: a saved game, a case file or an SGF record, resumed at its end).

use crate::case::{case_game, mark_dead, read_case_file, write_case, Frames};
use crate::cli::RulesArgs;
use crate::sgf_replay::sgf_game;
use crate::text_game::AnyGame;
use std::path::Path;
use stones_core::{fmt_points, Colour, Shape, Status};

/// What a saved game needs beyond its moves: the ruleset, the overrides and the start.
#[derive(Clone, Debug, Default)]
pub struct SaveInfo {
    /// A builtin ruleset name or a path.
    pub ruleset: String,
    /// `key=value` overrides, as `--set` takes them.
    pub set: Vec<String>,
    /// The starting board rows and player to move, when not the ruleset's own start.
    pub setup: Option<(String, Colour)>,
    /// Who plays each side (player specs, Black first), recorded in a case file's `[players]`
    /// when the computer plays a side.
    pub players: Option<[String; 2]>,
}

/// A game loaded to play on: the position, its moves so far, and how to save it again.
pub struct Loaded {
    pub game: AnyGame,
    pub history: Vec<(Colour, String)>,
    pub info: SaveInfo,
    /// What loading found worth saying (refused moves skipped).
    pub notes: Vec<String>,
    /// The players a case file recorded (`[players]`), Black first.
    pub players: [Option<String>; 2],
}

/// Whether `text` names a file to load rather than a game: it ends in `.case` or `.sgf`.
pub fn is_loadable(text: &str) -> bool {
    let ext = Path::new(text).extension().and_then(|e| e.to_str());
    ext.is_some_and(|e| e.eq_ignore_ascii_case("case") || e.eq_ignore_ascii_case("sgf"))
}

/// Writes `game` (moves `history`) to `path`: `.sgf` (Go `GM[1]`, Dots `GM[40]`, Gomoku `GM[4]`) or
/// `.case` (every game). Returns what was written, in words.
/// `result` is the result when the terminal ended the game (on time).
pub fn save(
    game: &AnyGame,
    history: &[(Colour, String)],
    info: &SaveInfo,
    result: Option<&str>,
    path: &Path,
) -> Result<String, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let text = match ext.as_deref() {
        Some("sgf") => game.sgf(result, &rule_text(info)).ok_or_else(|| {
            format!(
                "{} has no SGF form here; save it as a .case file",
                game.game_name()
            )
        })?,
        Some("case") => {
            let moves: Vec<String> = history.iter().map(|(_, m)| m.clone()).collect();
            let description = match (result, game.game_status()) {
                (Some(result), _) => format!("saved at the terminal: {result}"),
                (None, Status::Over(outcome)) => {
                    format!("saved at the terminal: {}", outcome.result)
                }
                (None, status) => format!("saved at the terminal ({status})"),
            };
            let text = write_case(
                game.game_name(),
                &info.ruleset,
                &info.set,
                &description,
                &moves,
                info.setup.as_ref().map(|(b, c)| (b.as_str(), *c)),
            );
            match &info.players {
                Some(specs) if specs.iter().any(|s| s != "human") => with_players(&text, specs),
                _ => text,
            }
        }
        _ => {
            return Err(format!(
                "save {}: the file must end in .sgf or .case",
                path.display()
            ))
        }
    };
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!(
        "saved {} move(s) to {}",
        history.len(),
        path.display()
    ))
}

/// A case file's text with a `[players]` table naming each side's player.
fn with_players(case: &str, [black, white]: &[String; 2]) -> String {
    let Ok(mut table) = case.parse::<toml::Table>() else {
        return case.to_string();
    };
    let mut players = toml::Table::new();
    players.insert("black".into(), black.as_str().into());
    players.insert("white".into(), white.as_str().into());
    table.insert("players".into(), toml::Value::Table(players));
    toml::to_string(&table).unwrap_or_else(|_| case.to_string())
}

/// Who plays each side of a game played on from a file, Black first: the one `--black`/`--white`
/// names, else the one the file recorded, else a person; and a note for each recorded player not
/// started from a file. Only the players of this program (`human`, `random`, `mcts…`) are taken
/// from a file: an external engine is a command to run, which a file does not get to choose.
pub fn choose_players(
    given: [Option<String>; 2],
    recorded: &[Option<String>; 2],
) -> ([String; 2], Vec<String>) {
    let mut notes = Vec::new();
    let mut pick = |c: Colour, given: Option<String>| {
        let recorded = recorded[c.idx()].as_deref().map(str::trim);
        match (given, recorded) {
            (Some(spec), _) => spec,
            (None, Some(spec)) if is_own_player(spec) => spec.to_string(),
            (None, Some(spec)) => {
                notes.push(format!(
                    "the file's {c} player {} is not started from a file (give --{c} to play \
                     it); a person plays {c}",
                    stones_core::input::quote(spec)
                ));
                "human".to_string()
            }
            (None, None) => "human".to_string(),
        }
    };
    let [black, white] = given;
    let specs = [pick(Colour::Black, black), pick(Colour::White, white)];
    (specs, notes)
}

/// Whether `spec` names one of this program's own players (a person, random play, the search).
fn is_own_player(spec: &str) -> bool {
    use stones_ai::PlayerSpec;
    matches!(
        PlayerSpec::parse(spec),
        Ok(PlayerSpec::Human | PlayerSpec::Random | PlayerSpec::Mcts(_))
    )
}

/// The ruleset and its overrides in one SGF `RU` value: `standard opening=none` (the size is the
/// record's own `SZ`).
pub fn rule_text(info: &SaveInfo) -> String {
    let mut words = vec![info.ruleset.clone()];
    words.extend(
        info.set
            .iter()
            .filter(|s| !s.trim_start().starts_with("size"))
            .map(|s| s.split_whitespace().collect::<String>()),
    );
    words.join(" ")
}

/// Loads a saved game, a case file or an SGF record from `path` and plays it to its end, ready to go
/// on. `rules` apply to SGF records as in `stones replay`.
pub fn load(path: &Path, rules: &RulesArgs) -> Result<Loaded, String> {
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf {
        let bytes = stones_core::input::read_file(path, stones_core::sgf::MAX_SGF_FILE)
            .map_err(|e| format!("cannot read SGF file {}: {e}", path.display()))?;
        let r = sgf_game(&bytes, rules).map_err(|e| format!("SGF file {}: {e}", path.display()))?;
        let mut set = rules.set.clone();
        // What the record itself set: its size, and its komi.
        if let Shape::Square { width, height, .. } | Shape::Rhombus { width, height } =
            r.game.topology_shape()
        {
            set.push(format!("size=[{width},{height}]"));
        }
        if let Some(komi) = r.game.komi_points() {
            set.push(format!("komi={}", fmt_points(komi)));
        }
        return Ok(loaded(
            r.game,
            &r.moves,
            SaveInfo {
                ruleset: r.ruleset,
                set,
                setup: r.setup,
                players: None,
            },
            [None, None],
        ));
    }
    if rules.ruleset.is_some() || !rules.set.is_empty() {
        return Err("--ruleset and --set go with a game name or an SGF record; a case file names its own ruleset".into());
    }
    let (case, ruleset) = read_case_file(path)?;
    let at = |e: String| format!("case file {}: {e}", path.display());
    let mut c = case_game(&case, ruleset.as_deref()).map_err(at)?;
    if c.game.game_status() == Status::Scoring {
        let marks = mark_dead(
            &mut c.game,
            case.all_dead().map_err(at)?,
            &mut Frames::default(),
        );
        c.records.extend(marks);
    }
    let set = c
        .overrides
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let setup = case.setup.as_ref().and_then(|s| {
        s.board
            .clone()
            .map(|b| (b, s.to_move.unwrap_or(Colour::Black)))
    });
    let recorded = case.players.clone().unwrap_or_default();
    Ok(loaded(
        c.game,
        &c.records,
        SaveInfo {
            ruleset: c.ruleset,
            set,
            setup,
            players: None,
        },
        [recorded.black, recorded.white],
    ))
}

/// A loaded game with its accepted moves as history, and a note on any refused ones.
fn loaded(
    game: AnyGame,
    records: &[crate::case::MoveRecord],
    info: SaveInfo,
    players: [Option<String>; 2],
) -> Loaded {
    let history = records
        .iter()
        .filter(|m| m.result == "ok")
        .map(|m| (m.player, m.mv.clone()))
        .collect();
    let refused: Vec<String> = records
        .iter()
        .filter(|m| m.result != "ok")
        .map(|m| format!("{} {}", m.n, m.mv))
        .collect();
    let notes = if refused.is_empty() {
        Vec::new()
    } else {
        vec![format!(
            "{} refused move(s) skipped: {}",
            refused.len(),
            refused.join(", ")
        )]
    };
    Loaded {
        game,
        history,
        info,
        notes,
        players,
    }
}
