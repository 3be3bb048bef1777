//! Replaying SGF game records as transcripts, like case files: each move accepted or refused.
//!
//! The game is picked by `GM` (each game's `SGF_GM`): 1 (or absent) is Go, 4 is Gomoku, 40 is Dots;
//! without `GM`, an `EV` that starts with a game's name picks that game (Connect6 from Little Golem). Go
//! and Dots have replays of their own here; every other game's moves are read by the game itself
//! ([`stones_core::Game::sgf_move`]). An `RU` as this program
//! writes it (a builtin ruleset name of the game, then `key=value` overrides) picks the ruleset;
//! `--ruleset` and `--set` come on top. Moves are played for the colour the
//! record names, even out of turn (records repeat colours); a refused move is reported and skipped,
//! and the replay goes on. The record's own field size and set-up replace the ruleset's.
//!
//! A finished record replays to its end. What SGF writes as no move is played as one after the
//! record's moves: a resignation (`RE[B+R]`) is the loser's `resign` (given out of turn in Go and
//! Dots, and only in turn in the other games, which resign no other way); a Go record that stops
//! in the dead-stone step is marked and counted as its last node's `TB`/`TW` say
//! ([`stones_go::sgf::GoRecord::closing_moves`]). Dots' STOPs are moves of the record (`B[]`).
//!
//! Dots records (`GM[40]`) come from online servers (zagram.org, szkrab.net.pl), whose games have no
//! first-move zone and capture an intruder into an empty base at once. So without `--ruleset` they
//! are replayed under the `grounding` ruleset, which has exactly those rules and gives the servers'
//! counts; `--ruleset official` (first-move zone, capture at the owner's next move) or `--set` keys
//! change that. Capture chains written in the record are checked against the engine's enclosures;
//! any that differ in shape are listed in the transcript's description (the engine's count stands).

use crate::case::{transcript, Frames, MoveRecord, Pictures, Transcript};
use crate::cli::RulesArgs;
use crate::registry::{parse_overrides, GameKind};
use crate::text_game::AnyGame;
use stones_core::rules::load_with;
use stones_core::sgf::{self, MainLine, Node};
use stones_core::sgf_result::{SgfResult, WinBy};
use stones_core::{Builtin, Colour, Game, RuleSet, Status};
use stones_dots::sgf::{from_main_line, play_move};
use stones_dots::{DotsMove, DotsRules};
use stones_go::sgf::GoRecord;
use stones_go::{GoGame, GoRules};

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
    /// Whether a node after the first adds or removes stones (Go's `AB`/`AW`/`AE` mid-record): the
    /// moves alone then do not rebuild the game.
    pub edited_later: bool,
    pub start_picture: Option<String>,
    /// Whether the last move is a resignation the replay gave to the loser out of turn: SGF's
    /// `RE[B+R]` says who resigned, not when, and only the player to move resigns on the site.
    pub resigned_out_of_turn: bool,
}

/// The games SGF records are read and written for, for the help: each game with an SGF form
/// (the games' own writers say which: [`crate::TextGame::sgf_text`]) by its name and `GM` number, or how
/// its record is known without one: `Go GM[1], Dots GM[40], …, Connect6 (EV[connect6…]), Hex GM[11]`.
pub fn sgf_games() -> String {
    let named = GameKind::iter().filter_map(|kind| {
        let (game, _) = kind.create(None, &[]).ok()?;
        game.sgf_text(None, "")?;
        let title = kind.description().split(':').next().unwrap_or(kind.name());
        Some(match kind.sgf_number() {
            Some(gm) => format!("{title} GM[{gm}]"),
            None => format!("{title} (EV[{}…])", kind.name()),
        })
    });
    named.collect::<Vec<_>>().join(", ")
}

/// Reads an SGF file (its bytes, in any charset the reader knows) and replays the main line of its
/// first game; the game is picked by `GM` (1 = Go, the default; 4 = Gomoku; 40 = Dots). GTP's
/// `loadsgf` reads Go files with the same reader.
pub fn replay_sgf(bytes: &[u8], rules: &RulesArgs) -> Result<Transcript, String> {
    replay_sgf_with(bytes, rules, Pictures::None)
}

/// [`replay_sgf`], drawing the SVG pictures `frames` asks for.
pub fn replay_sgf_with(
    bytes: &[u8],
    rules: &RulesArgs,
    frames: Pictures,
) -> Result<Transcript, String> {
    let mut pictures = Frames::new(frames);
    let r = sgf_game_with(bytes, rules, &mut pictures)?;
    let mut t = transcript(&r.game, r.label, r.description, r.moves, r.start_picture);
    pictures.finish(&mut t, || r.game.svg_picture());
    Ok(t)
}

/// Reads an SGF record and plays its main line into a game (see [`replay_sgf`]).
pub fn sgf_game(bytes: &[u8], rules: &RulesArgs) -> Result<SgfGame, String> {
    sgf_game_with(bytes, rules, &mut Frames::default())
}

/// [`sgf_game`], adding a picture of the start and after each move to `pictures`.
fn sgf_game_with(
    bytes: &[u8],
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<SgfGame, String> {
    let line = sgf::main_line(bytes).map_err(|e| e.to_string())?;
    let root = line.root();
    let gm = root.first("GM").unwrap_or("1").trim().to_string();
    // A record without GM whose EV starts with a game's name is that game's: Little Golem's
    // Connect6 records say only `EV[connect6.ch.26.1.1]`.
    let named = root
        .first("GM")
        .is_none()
        .then(|| root.first("EV"))
        .flatten();
    let by_event = named.and_then(|ev| GameKind::parse(ev.split('.').next()?).ok());
    let kind = by_event.or_else(|| gm.parse().ok().and_then(GameKind::by_sgf_number));
    match kind {
        // Go's and Dots' records have readers of their own (handicap, Dots' enclosures).
        Some(kind) if kind.name() == stones_go::GoGame::NAME => replay_go(line, rules, pictures),
        Some(kind) if kind.name() == stones_dots::DotsGame::NAME => {
            replay_dots(line, rules, pictures)
        }
        Some(kind) => {
            let nodes = sgf::read_main_line(bytes).map_err(|e| e.to_string())?;
            replay_placements(kind, &nodes, rules, pictures)
        }
        None => Err(format!(
            "SGF game GM[{gm}] is not supported here: expected {}",
            GameKind::iter()
                .filter_map(|k| Some(format!("GM[{}] ({})", k.sgf_number()?, k.name())))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Replays a Go record under a base ruleset (the record's own size, komi and set-up apply). Moves may
/// repeat a colour and go on after passes, as records do; an illegal move is reported and skipped.
fn replay_go(
    line: MainLine<'_>,
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<SgfGame, String> {
    let (ruleset, set) = record_rules(GoRules::BUILTIN, line.root(), rules);
    let record = GoRecord::from_main_line(line).map_err(|e| e.to_string())?;
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let (base, name) =
        load_with::<GoRules>(ruleset.as_deref(), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = Some(game.render(false));
    let setup = start_setup(&game.clone().into());
    pictures.snap(|| game.svg());
    let mut moves = Vec::new();
    for (i, &(colour, _)) in record.moves.iter().enumerate() {
        record.prepare(&mut game, i).map_err(|e| e.to_string())?;
        let mv = record.go_move(&game, i);
        let reason = game.play(mv).err().map(|e| e.to_string());
        let text = game.move_text(mv);
        moves.push(MoveRecord::new(
            i + 1,
            colour,
            text,
            reason,
            game.captures(),
        ));
        pictures.snap(|| game.svg());
    }
    record
        .apply_setup(&mut game, record.moves.len())
        .map_err(|e| e.to_string())?;
    // The end the record gives after its last move: a resignation, or the dead stones and `done`.
    let mut resigned_out_of_turn = false;
    for (colour, mv) in record.closing_moves(&game) {
        resigned_out_of_turn = colour != game.to_move();
        game.set_to_move(colour);
        let reason = game.play(mv).err().map(|e| e.to_string());
        let text = game.move_text(mv);
        let n = moves.len() + 1;
        moves.push(MoveRecord::new(n, colour, text, reason, game.captures()));
        pictures.snap(|| game.svg());
    }
    let label = format!(
        "{name} (record: size {}, komi {})",
        record.size,
        record
            .komi
            .map_or("from the ruleset".to_string(), stones_core::fmt_points)
    );
    let description = record_said(record.result.as_deref());
    Ok(SgfGame {
        game: GoGame::into(game),
        ruleset: name,
        label,
        description,
        moves,
        setup,
        edited_later: !record.later_setup.is_empty(),
        start_picture,
        resigned_out_of_turn,
    })
}

/// Replays a Dots record under a base ruleset (`grounding` unless `--ruleset` names another); the
/// record's field size and start dots apply.
fn replay_dots(
    line: MainLine<'_>,
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<SgfGame, String> {
    let (ruleset, set) = record_rules(DotsRules::BUILTIN, line.root(), rules);
    let record = from_main_line(line).map_err(|e| e.to_string())?;
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let ruleset = ruleset.as_deref().unwrap_or(DOTS_RECORD_RULESET);
    let (base, name) =
        load_with::<DotsRules>(Some(ruleset), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = (!record.setup.is_empty()).then(|| game.render(false));
    let setup = start_setup(&game.clone().into());
    pictures.snap(|| game.svg());
    let mut moves = Vec::new();
    let mut warnings = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        let mv = m.name(game.topology());
        let outcome = play_move(&mut game, m, i + 1);
        let reason = match outcome {
            Ok(warning) => {
                warnings.extend(warning);
                None
            }
            Err(e) => Some(e.to_string()),
        };
        moves.push(MoveRecord::new(
            i + 1,
            m.colour,
            mv,
            reason,
            game.captures(),
        ));
        pictures.snap(|| game.svg());
    }
    let mut resigned_out_of_turn = false;
    if let Some(loser) = resigned(record.result.as_deref(), &game.status()) {
        let to_move = game.to_move();
        if game.play_as(loser, DotsMove::Resign).is_ok() {
            resigned_out_of_turn = loser != to_move;
            let n = moves.len() + 1;
            let text = game.move_text(DotsMove::Resign);
            moves.push(MoveRecord::new(n, loser, text, None, game.captures()));
            pictures.snap(|| game.svg());
        }
    }
    let label = format!("{name} (record: field {}:{})", record.width, record.height);
    let mut description = record_said(record.result.as_deref());
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
        edited_later: false,
        start_picture,
        resigned_out_of_turn,
    })
}

/// The start of a record as case-file board rows, when it has stones on it.
fn start_setup(game: &AnyGame) -> Option<(String, Colour)> {
    let rows = game.board_rows();
    rows.iter()
        .any(|r| r.contains(['x', 'o']))
        .then(|| (rows.join("\n"), game.player_to_move()))
}

/// Replays a record of a game that puts one or more stones a move (Gomoku `GM[4]` and any game
/// with no replay of its own here): its `SZ` (`15` or `15:20`), and its `RU` as this program writes
/// it (a ruleset name and `key=value` overrides) unless `--ruleset` or `--set` say otherwise. Each
/// node's `B` or `W` is read by the game ([`stones_core::Game::sgf_move`]) and played in turn; one
/// the record gives to the wrong colour, or the rules refuse, is reported and skipped.
fn replay_placements(
    kind: GameKind,
    nodes: &[Node],
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<SgfGame, String> {
    let root = nodes.first().ok_or("an SGF record without a node")?;
    let (ruleset, mut set) = record_rules(kind.builtin_rulesets(), root, rules);
    let size = root
        .first("SZ")
        .map(|sz| record_size(sz.trim()))
        .transpose()?;
    if let Some((w, h)) = size {
        set.insert(0, format!("size=[{w}, {h}]"));
    }
    let overrides = parse_overrides(&set).map_err(|e| e.to_string())?;
    let (mut game, name) = kind
        .create(ruleset.as_deref(), &overrides)
        .map_err(|e| e.to_string())?;
    pictures.snap(|| game.svg_picture());
    let mut moves = Vec::new();
    let played = nodes.iter().flat_map(|node| {
        [("B", Colour::Black), ("W", Colour::White)]
            .into_iter()
            .filter_map(|(ident, colour)| Some((colour, ident, node.get(ident)?)))
    });
    for (i, (colour, ident, values)) in played.enumerate() {
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let mut m = match game.sgf_move_text(&values) {
            Err(e) => {
                let text = format!("{ident}[{}]", values.join("]["));
                MoveRecord::new(i + 1, colour, text, Some(e.why), game.capture_counts())
            }
            Ok(text) if colour != game.player_to_move() => {
                let why = format!("out of turn: {} is to move", game.player_to_move());
                MoveRecord::new(i + 1, colour, text, Some(why), game.capture_counts())
            }
            Ok(text) => crate::case::play_recorded(&mut game, &text, i + 1),
        };
        m.player = colour;
        moves.push(m);
        pictures.snap(|| game.svg_picture());
    }
    // A resignation is the record's `RE`, not a move: played when the loser is to move (these games
    // resign only in turn).
    let loser = resigned(root.first("RE"), &game.game_status());
    if loser.is_some_and(|c| c == game.player_to_move()) {
        let m = crate::case::play_recorded(&mut game, "resign", moves.len() + 1);
        if m.reason.is_none() {
            moves.push(m);
            pictures.snap(|| game.svg_picture());
        }
    }
    let label = format!(
        "{name} (record: {}{})",
        size.map_or("size from the ruleset".to_string(), |(w, h)| format!(
            "size {w}:{h}"
        )),
        root.first("RU")
            .map_or(String::new(), |r| format!(", RU[{}]", r.trim()))
    );
    let description = record_said(root.first("RE"));
    Ok(SgfGame {
        game,
        ruleset: name,
        label,
        description,
        moves,
        setup: None,
        edited_later: false,
        start_picture: None,
        resigned_out_of_turn: false,
    })
}

/// The player a record's `RE` says resigned (`B+R`: White), when its moves leave the game unfinished
/// (`status`): SGF has no resignation move, so the replay plays one.
fn resigned(re: Option<&str>, status: &Status) -> Option<Colour> {
    if matches!(status, Status::Over(_)) {
        return None;
    }
    match SgfResult::parse(re?)? {
        SgfResult::Win(winner, WinBy::Resignation) => Some(winner.opponent()),
        _ => None,
    }
}

/// A record's transcript description: `SGF record`, with its `RE` and what it says as SGF reads
/// it (`SGF record, RE[W+]: White wins`; `B+5` is a margin of 5 points), or the `RE` as it stands
/// when it is no SGF result.
fn record_said(re: Option<&str>) -> String {
    match re.map(|r| (r, SgfResult::parse(r))) {
        None => "SGF record".to_string(),
        Some((r, Some(result))) => format!("SGF record, RE[{r}]: {}", result.words()),
        Some((r, None)) => format!("SGF record, RE[{r}]"),
    }
}

/// An SGF `SZ` value: `15` or `15:20` (columns, rows).
fn record_size(sz: &str) -> Result<(u16, u16), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<u16>()
            .map_err(|_| format!("SZ[{sz}]: expected a size such as 15 or 15:20"))
    };
    match sz.split_once(':') {
        Some((w, h)) => Ok((number(w)?, number(h)?)),
        None => Ok((number(sz)?, number(sz)?)),
    }
}

/// The ruleset a record names in `RU` as this program writes it (a builtin name of the game, then
/// `key=value` overrides), and the overrides; `(None, [])` for any other `RU` (records from other
/// programs name rules their own way). `--ruleset` and `--set` come on top.
fn record_rules(
    builtin: &[Builtin],
    root: &Node,
    rules: &RulesArgs,
) -> (Option<String>, Vec<String>) {
    let ru = root.first("RU").unwrap_or("");
    let mut words = ru.split_whitespace();
    let (mut ruleset, mut set) = match words.next() {
        Some(name) if builtin.iter().any(|b| b.name == name) => {
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
