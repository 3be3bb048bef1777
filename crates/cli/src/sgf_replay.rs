//! Replaying SGF game records as transcripts, like case files: each move accepted or refused.
//!
//! The game is picked by `GM`: 1 (or absent) is Go, 4 is Gomoku, 40 is Dots. An `RU` as this program
//! writes it (a builtin ruleset name of the game, then `key=value` overrides) picks the ruleset;
//! `--ruleset` and `--set` come on top. Moves are played for the colour the
//! record names, even out of turn (records repeat colours); a refused move is reported and skipped,
//! and the replay goes on. The record's own field size and set-up replace the ruleset's.
//!
//! Dots records (`GM[40]`) come from online servers (zagram.org, szkrab.net.pl), whose games have no
//! first-move zone and capture an intruder into an empty base at once. So without `--ruleset` they
//! are replayed under the `grounding` ruleset, which has exactly those rules and gives the servers'
//! counts; `--ruleset official` (first-move zone, capture at the owner's next move) or `--set` keys
//! change that. Capture chains written in the record are checked against the engine's enclosures;
//! any that differ in shape are listed in the transcript's description (the engine's count stands).

use crate::case::{transcript, MoveRecord, Pair, Transcript};
use crate::cli::RulesArgs;
use crate::registry::parse_overrides;
use crate::text_game::{AnyGame, TextGame};
use stones_core::rules::load_with;
use stones_core::sgf::{self, Node};
use stones_core::{Colour, Game, Status};
use stones_dots::sgf::{play_move, read_nodes};
use stones_dots::DotsRules;
use stones_go::sgf::GoRecord;
use stones_go::{GoGame, GoMove, GoRules};

/// The ruleset Dots records are replayed under when none is given (see the module doc).
pub const DOTS_RECORD_RULESET: &str = "grounding";

/// A record replayed to its end: the game, ready to go on, and what the replay showed.
pub struct SgfGame {
    pub game: AnyGame,
    /// The ruleset the record was replayed under (a builtin name or a path).
    pub ruleset: String,
    /// The ruleset with what the record itself set (size, komi), for the transcript.
    pub label: String,
    pub description: String,
    pub moves: Vec<MoveRecord>,
    /// The position before the first move, as board rows and the player to move (`None` when the
    /// record starts from the ruleset's own start).
    pub setup: Option<(String, Colour)>,
    pub start_picture: Option<String>,
}

/// Reads an SGF file and replays its main line; the game is picked by `GM` (1 = Go, the default;
/// 4 = Gomoku; 40 = Dots).
pub fn replay_sgf(text: &str, rules: &RulesArgs) -> Result<Transcript, String> {
    let r = sgf_game(text, rules)?;
    Ok(transcript(
        &r.game,
        r.label,
        r.description,
        r.moves,
        r.start_picture,
    ))
}

/// Reads an SGF record and plays its main line into a game (see [`replay_sgf`]).
pub fn sgf_game(text: &str, rules: &RulesArgs) -> Result<SgfGame, String> {
    let nodes = sgf::parse_main_line(text).map_err(|e| e.to_string())?;
    let gm = nodes
        .first()
        .and_then(|n| n.first("GM"))
        .unwrap_or("1")
        .trim()
        .to_string();
    match gm.as_str() {
        "1" => replay_go(&nodes, rules),
        "4" => replay_gomoku(&nodes, rules),
        "40" => replay_dots(&nodes, rules),
        other => Err(format!(
            "SGF game GM[{other}] is not supported here: expected GM[1] (Go), GM[4] (Gomoku) or GM[40] (Dots)"
        )),
    }
}

/// Replays a Go record under a base ruleset (the record's own size, komi and set-up apply). Moves may
/// repeat a colour and go on after passes, as records do; an illegal move is reported and skipped.
fn replay_go(nodes: &[Node], rules: &RulesArgs) -> Result<SgfGame, String> {
    let record = GoRecord::from_nodes(nodes).map_err(|e| e.to_string())?;
    let (ruleset, set) = record_rules::<GoRules>(nodes, rules);
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let (base, name) =
        load_with::<GoRules>(ruleset.as_deref(), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = Some(game.render(false));
    let setup = start_setup(&game.clone().into());
    let mut moves = Vec::new();
    for (i, &(colour, at)) in record.moves.iter().enumerate() {
        let mv = at
            .and_then(|(x, y)| game.topology().at(x as i32, y as i32))
            .map_or(GoMove::Pass, GoMove::Play);
        if game.status() != Status::Ongoing {
            game.resume_play();
        }
        game.set_to_move(colour);
        let reason = game.play(mv).err().map(|e| e.to_string());
        let [black, white] = game.captures();
        moves.push(MoveRecord {
            n: i + 1,
            player: colour,
            mv: game.move_text(mv),
            result: if reason.is_some() { "illegal" } else { "ok" },
            reason,
            captures: Pair { black, white },
        });
    }
    let label = format!(
        "{name} (record: size {}, komi {})",
        record.size,
        record
            .komi
            .map_or("from the ruleset".to_string(), stones_core::fmt_points)
    );
    let description = record
        .result
        .as_ref()
        .map(|r| format!("SGF record, RE[{r}]"))
        .unwrap_or_default();
    Ok(SgfGame {
        game: GoGame::into(game),
        ruleset: name,
        label,
        description,
        moves,
        setup,
        start_picture,
    })
}

/// Replays a Dots record under a base ruleset (`grounding` unless `--ruleset` names another); the
/// record's field size and start dots apply.
fn replay_dots(nodes: &[Node], rules: &RulesArgs) -> Result<SgfGame, String> {
    let record = read_nodes(nodes).map_err(|e| e.to_string())?;
    let (ruleset, set) = record_rules::<DotsRules>(nodes, rules);
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let ruleset = ruleset.as_deref().unwrap_or(DOTS_RECORD_RULESET);
    let (base, name) =
        load_with::<DotsRules>(Some(ruleset), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = (!record.setup.is_empty()).then(|| game.render(false));
    let setup = start_setup(&game.clone().into());
    let mut moves = Vec::new();
    let mut warnings = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        let mv = game
            .topology()
            .at(m.at.0 as i32, m.at.1 as i32)
            .map_or_else(|| m.text.clone(), |p| game.topology().name(p));
        let outcome = play_move(&mut game, m, i + 1);
        let reason = match outcome {
            Ok(warning) => {
                warnings.extend(warning);
                None
            }
            Err(e) => Some(e.to_string()),
        };
        let [black, white] = game.captures();
        moves.push(MoveRecord {
            n: i + 1,
            player: m.colour,
            mv,
            result: if reason.is_some() { "illegal" } else { "ok" },
            reason,
            captures: Pair { black, white },
        });
    }
    let label = format!("{name} (record: field {}:{})", record.width, record.height);
    let mut description = match &record.result {
        Some(r) => format!("SGF record, RE[{r}]"),
        None => "SGF record".to_string(),
    };
    if !warnings.is_empty() {
        description.push_str(&format!(
            "; {} written capture chain(s) differ from the engine's enclosures (the engine's count is used): {}",
            warnings.len(),
            warnings.join("; ")
        ));
    }
    Ok(SgfGame {
        game: game.into(),
        ruleset: name,
        label,
        description,
        moves,
        setup,
        start_picture,
    })
}

/// The start of a record as case-file board rows, when it has stones on it.
fn start_setup(game: &AnyGame) -> Option<(String, Colour)> {
    let rows = game.board_rows();
    rows.iter()
        .any(|r| r.contains(['x', 'o']))
        .then(|| (rows.join("\n"), game.player_to_move()))
}

/// Replays a Gomoku record (`GM[4]`): its size, and its `RU` as this program writes it (a ruleset
/// name and `key=value` overrides) unless `--ruleset` or `--set` say otherwise. Moves are played in
/// turn; one the record gives to the wrong colour, or the rules refuse, is reported and skipped.
fn replay_gomoku(nodes: &[Node], rules: &RulesArgs) -> Result<SgfGame, String> {
    let record = stones_gomoku::sgf::read_nodes(nodes)?;
    let (ruleset, mut set) = record_rules::<stones_gomoku::GomokuRules>(nodes, rules);
    set.push(format!("size=[{}, {}]", record.size.0, record.size.1));
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let (base, name) = load_with::<stones_gomoku::GomokuRules>(ruleset.as_deref(), &overrides)
        .map_err(|e| e.to_string())?;
    let mut game: AnyGame = stones_gomoku::Gomoku::new(base)
        .map_err(|e| e.to_string())?
        .into();
    let mut moves = Vec::new();
    for (i, &(colour, at)) in record.moves.iter().enumerate() {
        let text = match at {
            Some((x, y)) => game.point_at(x as i32, y as i32).unwrap_or_default(),
            None => "pass".to_string(),
        };
        let mut m = if colour == game.player_to_move() {
            crate::case::play_recorded(&mut game, &text, i + 1)
        } else {
            let [black, white] = game.capture_counts();
            MoveRecord {
                n: i + 1,
                player: colour,
                mv: text,
                result: "illegal",
                reason: Some(format!("out of turn: {} is to move", game.player_to_move())),
                captures: Pair { black, white },
            }
        };
        m.player = colour;
        moves.push(m);
    }
    let label = format!(
        "{name} (record: size {}:{}{})",
        record.size.0,
        record.size.1,
        record
            .rule
            .as_ref()
            .map_or(String::new(), |r| format!(", RU[{r}]"))
    );
    let description = match &record.result {
        Some(r) => format!("SGF record, RE[{r}]"),
        None => "SGF record".to_string(),
    };
    Ok(SgfGame {
        game,
        ruleset: name,
        label,
        description,
        moves,
        setup: None,
        start_picture: None,
    })
}

/// The ruleset a record names in `RU` as this program writes it (a builtin name of the game, then
/// `key=value` overrides), and the overrides; `(None, [])` for any other `RU` (records from other
/// programs name rules their own way). `--ruleset` and `--set` come on top.
fn record_rules<R: stones_core::RuleSet>(
    nodes: &[Node],
    rules: &RulesArgs,
) -> (Option<String>, Vec<String>) {
    let ru = nodes.first().and_then(|n| n.first("RU")).unwrap_or("");
    let mut words = ru.split_whitespace();
    let (mut ruleset, mut set) = match words.next() {
        Some(name) if R::BUILTIN.iter().any(|b| b.name == name) => {
            let set: Vec<String> = words.map(str::to_string).collect();
            if parse_overrides(&set).is_ok() {
                (Some(name.to_string()), set)
            } else {
                (None, Vec::new())
            }
        }
        _ => (None, Vec::new()),
    };
    if rules.ruleset.is_some() {
        ruleset = rules.ruleset.clone();
        set.clear();
    }
    set.extend(rules.set.iter().cloned());
    (ruleset, set)
}
