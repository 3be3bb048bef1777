//! Replaying SGF game records as transcripts, like case files: each move accepted or refused.

use crate::case::{transcript, MoveRecord, Pair, Transcript};
use crate::cli::RulesArgs;
use crate::registry::parse_overrides;
use crate::text_game::AnyGame;
use stones_core::rules::load_with;
use stones_core::{sgf, Game, Status};
use stones_go::sgf::GoRecord;
use stones_go::{GoGame, GoMove, GoRules};

/// Reads an SGF file and replays its main line; the game is picked by `GM` (1 = Go, the default).
pub fn replay_sgf(text: &str, rules: &RulesArgs) -> Result<Transcript, String> {
    let root = sgf::parse_main_line(text).map_err(|e| e.to_string())?;
    let gm = root
        .first()
        .and_then(|n| n.first("GM"))
        .unwrap_or("1")
        .trim()
        .to_string();
    match gm.as_str() {
        "1" => replay_go(text, rules),
        other => Err(format!(
            "SGF game GM[{other}] is not supported here: expected GM[1] (Go)"
        )),
    }
}

/// Replays a Go record under a base ruleset (the record's own size, komi and set-up apply). Moves may
/// repeat a colour and go on after passes, as records do; an illegal move is reported and skipped.
fn replay_go(text: &str, rules: &RulesArgs) -> Result<Transcript, String> {
    let record = GoRecord::parse(text).map_err(|e| e.to_string())?;
    let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
    let (base, name) =
        load_with::<GoRules>(rules.ruleset.as_deref(), &overrides).map_err(|e| e.to_string())?;
    let mut game = record.start(&base).map_err(|e| e.to_string())?;
    let start_picture = Some(game.render(false));
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
    let game: AnyGame = GoGame::into(game);
    Ok(transcript(&game, label, description, moves, start_picture))
}
