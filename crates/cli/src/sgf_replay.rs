//! Replaying SGF game records as transcripts, like case files: each move accepted or refused.
//!
//! The game is picked by `GM`: 1 (or absent) is Go, 40 is Dots. Moves are played for the colour the
//! record names, even out of turn (records repeat colours); a refused move is reported and skipped,
//! and the replay goes on. The record's own field size and set-up replace the ruleset's.
//!
//! Dots records (`GM[40]`) come from online servers (zagram.org, szkrab.net.pl), whose games have no
//! first-move zone and capture an intruder into an empty base at once. So without `--ruleset` they
//! are replayed under the `grounding` ruleset, which has exactly those rules and gives the servers'
//! counts; `--ruleset official` (first-move zone, capture at the owner's next move) or `--set` keys
//! change that. Capture chains written in the record are checked against the engine's enclosures;
//! any that differ in shape are listed in the transcript's description (the engine's count stands).

use crate::case::{transcript, Frames, MoveRecord, Pair, Transcript};
use crate::cli::RulesArgs;
use crate::registry::parse_overrides;
use crate::text_game::AnyGame;
use stones_core::rules::load_with;
use stones_core::sgf::{self, MainLine};
use stones_core::Game;
use stones_dots::sgf::{from_main_line, play_move};
use stones_dots::DotsRules;
use stones_go::sgf::GoRecord;
use stones_go::{GoGame, GoRules};

/// The ruleset Dots records are replayed under when none is given (see the module doc).
pub const DOTS_RECORD_RULESET: &str = "grounding";

/// Reads an SGF file (its bytes, in any charset the reader knows) and replays the main line of its
/// first game; the game is picked by `GM` (1 = Go, the default; 40 = Dots). GTP's `loadsgf` reads Go
/// files with the same reader.
pub fn replay_sgf(bytes: &[u8], rules: &RulesArgs) -> Result<Transcript, String> {
    replay_sgf_with(bytes, rules, false)
}

/// [`replay_sgf`], keeping an SVG picture of every step when `frames` is true.
pub fn replay_sgf_with(
    bytes: &[u8],
    rules: &RulesArgs,
    frames: bool,
) -> Result<Transcript, String> {
    let mut pictures = Frames::new(frames);
    let line = sgf::main_line(bytes).map_err(|e| e.to_string())?;
    let gm = line.root().first("GM").unwrap_or("1").trim().to_string();
    match gm.as_str() {
        "1" => replay_go(line, rules, &mut pictures),
        "40" => replay_dots(line, rules, &mut pictures),
        other => Err(format!(
            "SGF game GM[{other}] is not supported here: expected GM[1] (Go) or GM[40] (Dots)"
        )),
    }
    .map(|mut t| {
        t.frames = pictures.into_vec();
        t
    })
}

/// Replays a Go record under a base ruleset (the record's own size, komi and set-up apply). Moves may
/// repeat a colour and go on after passes, as records do; an illegal move is reported and skipped.
fn replay_go(
    line: MainLine<'_>,
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<Transcript, String> {
    let record = GoRecord::from_main_line(line).map_err(|e| e.to_string())?;
    let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
    let (base, name) =
        load_with::<GoRules>(rules.ruleset.as_deref(), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = Some(game.render(false));
    pictures.snap(|| game.svg());
    let mut moves = Vec::new();
    for (i, &(colour, _)) in record.moves.iter().enumerate() {
        record.prepare(&mut game, i).map_err(|e| e.to_string())?;
        let mv = record.go_move(&game, i);
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
        pictures.snap(|| game.svg());
    }
    record
        .apply_setup(&mut game, record.moves.len())
        .map_err(|e| e.to_string())?;
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
    let game: AnyGame = GoGame::into(game);
    Ok(transcript(&game, label, description, moves, start_picture))
}

/// Replays a Dots record under a base ruleset (`grounding` unless `--ruleset` names another); the
/// record's field size and start dots apply.
fn replay_dots(
    line: MainLine<'_>,
    rules: &RulesArgs,
    pictures: &mut Frames,
) -> Result<Transcript, String> {
    let record = from_main_line(line).map_err(|e| e.to_string())?;
    let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
    let ruleset = rules.ruleset.as_deref().unwrap_or(DOTS_RECORD_RULESET);
    let (base, name) =
        load_with::<DotsRules>(Some(ruleset), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = (!record.setup.is_empty()).then(|| game.render(false));
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
        let [black, white] = game.captures();
        moves.push(MoveRecord {
            n: i + 1,
            player: m.colour,
            mv,
            result: if reason.is_some() { "illegal" } else { "ok" },
            reason,
            captures: Pair { black, white },
        });
        pictures.snap(|| game.svg());
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
    let game: AnyGame = game.into();
    Ok(transcript(&game, label, description, moves, start_picture))
}
