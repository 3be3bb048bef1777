//! Case files — one rule edge case each — and replays of move lists, as transcripts, for a game of
//! any registered kind. The format is [`stones_core::case_file`]'s and the replay
//! [`stones_core::replay`]'s (the same code a game crate's snapshot test runs); this module picks
//! the game by the case's `game` key.

use crate::registry::GameKind;
use crate::text_game::AnyGame;
use std::path::Path;
use stones_core::case_file::CaseFile;
use stones_core::replay::{case_overrides, play_case, replay_case_on, Played};
pub use stones_core::replay::{
    mark_dead, play_recorded, read_case_file, replay_moves, transcript, write_case, Frames,
    MoveRecord, Pair, Pictures, Transcript, MAX_CASE_FILE,
};

/// Reads and replays a case file: a regular `.case` file of at most [`MAX_CASE_FILE`] bytes. Any
/// other path is refused without being read, so no error quotes another file.
pub fn replay_case_file(path: &Path) -> Result<Transcript, String> {
    replay_case_file_with(path, Pictures::None)
}

/// [`replay_case_file`], drawing the SVG pictures `frames` asks for.
pub fn replay_case_file_with(path: &Path, frames: Pictures) -> Result<Transcript, String> {
    let (case, ruleset) = read_case_file(path)?;
    replay_case_with(&case, ruleset.as_deref(), frames)
        .map_err(|e| format!("case file {}: {e}", path.display()))
}

/// A case's game after its moves (refused moves skipped), before any dead marks.
pub struct CaseGame {
    pub game: AnyGame,
    /// The ruleset's name (or path).
    pub ruleset: String,
    /// The case's `[set]` overrides.
    pub overrides: Vec<(String, toml::Value)>,
    pub records: Vec<MoveRecord>,
    pub start_picture: Option<String>,
}

/// The case's game, new under its rules (`ruleset` overrides the case's own, already resolved).
fn new_game(case: &CaseFile, ruleset: Option<&str>) -> Result<(AnyGame, String), String> {
    let kind = GameKind::parse(&case.game)?;
    kind.create(ruleset.or(case.ruleset.as_deref()), &case_overrides(case))
        .map_err(|e| e.to_string())
}

/// Sets up a parsed case and plays its moves; `ruleset` overrides the case's own (already resolved)
/// ruleset name.
pub fn case_game(case: &CaseFile, ruleset: Option<&str>) -> Result<CaseGame, String> {
    let (mut game, ruleset) = new_game(case, ruleset)?;
    let Played {
        records,
        start_picture,
    } = play_case(case, &mut game, &mut Frames::default())?;
    Ok(CaseGame {
        game,
        ruleset,
        overrides: case_overrides(case),
        records,
        start_picture,
    })
}

/// Replays a parsed case; `ruleset` overrides the case's own (already resolved) ruleset name.
pub fn replay_case(case: &CaseFile, ruleset: Option<&str>) -> Result<Transcript, String> {
    replay_case_with(case, ruleset, Pictures::None)
}

/// [`replay_case`], drawing the SVG pictures `frames` asks for.
pub fn replay_case_with(
    case: &CaseFile,
    ruleset: Option<&str>,
    frames: Pictures,
) -> Result<Transcript, String> {
    let (mut game, ruleset) = new_game(case, ruleset)?;
    replay_case_on(case, &mut game, ruleset, frames)
}
