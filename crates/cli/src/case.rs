//! Case files — one rule edge case each — and replays of move lists, as transcripts. The format is
//! [`stones_core::case_file`]'s; this module reads files from disk, replays them and writes them.

use crate::registry::GameKind;
use crate::text_game::{AnyGame, PlayError, TextGame};
use serde::Serialize;
use std::path::Path;
use stones_core::case_file::CaseFile;
use stones_core::input::read_text_file;
use stones_core::{fmt_points, Colour, Status};

/// Black's and White's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Pair<T> {
    pub black: T,
    pub white: T,
}

/// One move of a replay and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRecord {
    pub n: usize,
    pub player: Colour,
    #[serde(rename = "move")]
    pub mv: String,
    /// `ok` or `illegal`.
    pub result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub captures: Pair<u32>,
}

impl MoveRecord {
    /// The record of move `n`: `illegal` with its `reason` when refused, else `ok`; `captures` as
    /// they stand after it, Black first.
    pub fn new(
        n: usize,
        player: Colour,
        mv: String,
        reason: Option<String>,
        [black, white]: [u32; 2],
    ) -> MoveRecord {
        MoveRecord {
            n,
            player,
            mv,
            result: if reason.is_some() { "illegal" } else { "ok" },
            reason,
            captures: Pair { black, white },
        }
    }
}

/// Everything a replay shows; serialised as the `--json` output.
#[derive(Clone, Debug, Serialize)]
pub struct Transcript {
    pub game: String,
    pub ruleset: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub moves: Vec<MoveRecord>,
    /// The dead marks of a case file, each as a move record (`move` is `dead <stone>`).
    pub dead: Vec<MoveRecord>,
    /// Whether play had ended so that the `dead` list was the agreed marking (not in the JSON).
    #[serde(skip)]
    pub agreed: bool,
    pub to_move: Colour,
    pub board: Vec<String>,
    pub captures: Pair<u32>,
    /// `ongoing`, `scoring` or `over`.
    pub status: String,
    /// The result's code (`B+3.5`, `W+R`, `B+`), as SGF's `RE` writes it.
    pub result: Option<String>,
    /// The result in words with its breakdown ([`crate::narrate::result_words`]): one line, then a
    /// line per player for a count of points.
    pub result_words: Option<String>,
    pub score: Pair<f64>,
    /// The board as drawn for a person (not part of the JSON).
    #[serde(skip)]
    pub picture: String,
    /// The starting board as drawn, when the case sets one up.
    #[serde(skip)]
    pub start_picture: Option<String>,
    /// The final position as an SVG picture, when asked for (`replay --svg`).
    #[serde(skip)]
    pub svg: Option<String>,
    /// When asked for: the SVG picture of the start, then one after each move record.
    #[serde(skip)]
    pub frames: Vec<String>,
}

/// Which SVG pictures a replay draws: none, the final position only (`replay --svg`), or every
/// step (`replay --svg-dir`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pictures {
    #[default]
    None,
    Last,
    Every,
}

/// The SVG pictures of a replay, drawn only as [`Pictures`] asks.
#[derive(Debug, Default)]
pub struct Frames {
    wanted: Pictures,
    kept: Vec<String>,
}

impl Frames {
    /// Draws the pictures `wanted`.
    pub fn new(wanted: Pictures) -> Frames {
        Frames {
            wanted,
            kept: Vec::new(),
        }
    }

    /// Adds a picture of a step, made only when every step is kept.
    pub fn snap(&mut self, picture: impl FnOnce() -> String) {
        if self.wanted == Pictures::Every {
            self.kept.push(picture());
        }
    }

    /// Puts what was drawn into `t`: the frames, and the final picture (the last frame, or `last`
    /// drawn now) when one was asked for.
    pub fn finish(self, t: &mut Transcript, last: impl FnOnce() -> String) {
        t.svg = match self.wanted {
            Pictures::None => None,
            Pictures::Last => Some(last()),
            Pictures::Every => self.kept.last().cloned(),
        };
        t.frames = self.kept;
    }
}

/// The largest case file read, in bytes (1 MiB: the cases under tests/cases have under 2 KiB).
pub const MAX_CASE_FILE: u64 = 1 << 20;

/// Reads a case file (a regular `.case` file of at most [`MAX_CASE_FILE`] bytes; any other path is
/// refused unread), with its ruleset resolved relative to the file.
pub fn read_case_file(path: &Path) -> Result<(CaseFile, Option<String>), String> {
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("case"))
    {
        return Err(format!(
            "{}: not a case file: expected a .case file, an .sgf record, or a game name with --moves",
            path.display()
        ));
    }
    let text = read_text_file(path, MAX_CASE_FILE)
        .map_err(|e| format!("cannot read case file {}: {e}", path.display()))?;
    let case: CaseFile = toml::from_str(&text)
        .map_err(|e| format!("case file {} is not valid: {}", path.display(), e.message()))?;
    let ruleset = case.ruleset.as_deref().map(|r| resolve_ruleset(path, r));
    Ok((case, ruleset))
}

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

/// A ruleset named in a case file: a builtin name, or a path relative to the case file.
fn resolve_ruleset(case_path: &Path, ruleset: &str) -> String {
    let relative = case_path.parent().map(|d| d.join(ruleset));
    match relative {
        Some(p) if ruleset.ends_with(".toml") && p.is_file() => p.display().to_string(),
        _ => ruleset.to_string(),
    }
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

/// Sets up a parsed case and plays its moves; `ruleset` overrides the case's own (already resolved)
/// ruleset name.
pub fn case_game(case: &CaseFile, ruleset: Option<&str>) -> Result<CaseGame, String> {
    case_game_with(case, ruleset, &mut Frames::default())
}

/// [`case_game`], adding a picture of the start and of each move to `pictures`.
fn case_game_with(
    case: &CaseFile,
    ruleset: Option<&str>,
    pictures: &mut Frames,
) -> Result<CaseGame, String> {
    let kind = GameKind::parse(&case.game)?;
    let overrides: Vec<(String, toml::Value)> = case
        .set
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let (mut game, ruleset_name) = kind
        .create(ruleset.or(case.ruleset.as_deref()), &overrides)
        .map_err(|e| e.to_string())?;
    let mut start_picture = None;
    if let Some(setup) = &case.setup {
        match (&setup.board, setup.to_move) {
            (Some(board), to_move) => {
                game.setup_text(board, to_move.unwrap_or(Colour::Black))
                    .map_err(|e| e.to_string())?;
                start_picture = Some(game.render_board(false));
            }
            (None, Some(_)) => return Err("[setup] gives `to_move` without a `board`".into()),
            (None, None) => {}
        }
    }
    let mut records = Vec::new();
    pictures.snap(|| game.svg_picture());
    for mv in case.all_moves()? {
        records.push(play_recorded(&mut game, mv, records.len() + 1));
        pictures.snap(|| game.svg_picture());
    }
    Ok(CaseGame {
        game,
        ruleset: ruleset_name,
        overrides,
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
    let mut pictures = Frames::new(frames);
    let CaseGame {
        mut game,
        ruleset: ruleset_name,
        overrides,
        records,
        start_picture,
    } = case_game_with(case, ruleset, &mut pictures)?;
    let dead = case.all_dead()?;
    // Play that has ended is a complete record: `dead` (empty when absent) is the agreed marking.
    let agreed = game.game_status() == Status::Scoring;
    let marks = mark_dead(&mut game, dead, &mut pictures);
    if agreed && game.game_status() == Status::Scoring {
        game.play_text("done")
            .map_err(|e| format!("the agreed marking cannot be counted: {e}"))?;
        pictures.snap(|| game.svg_picture());
    }
    let mut ruleset_label = ruleset_name;
    if !overrides.is_empty() {
        let list: Vec<String> = overrides.iter().map(|(k, v)| format!("{k}={v}")).collect();
        ruleset_label = format!("{ruleset_label} ({})", list.join(", "));
    }
    let mut t = transcript(
        &game,
        ruleset_label,
        case.description.clone(),
        records,
        start_picture,
    );
    t.dead = marks;
    t.agreed = agreed;
    pictures.finish(&mut t, || game.svg_picture());
    Ok(t)
}

/// Marks each of `dead` (one stone per chain) dead, recording what became of each mark (and a
/// picture after each in `pictures`).
pub fn mark_dead(game: &mut AnyGame, dead: &[String], pictures: &mut Frames) -> Vec<MoveRecord> {
    let mut marks = Vec::new();
    for (i, stone) in dead.iter().enumerate() {
        marks.push(play_recorded(game, &format!("dead {stone}"), i + 1));
        pictures.snap(|| game.svg_picture());
    }
    marks
}

/// Replays a list of text moves from the start of a new game, drawing the SVG pictures `frames`
/// asks for.
pub fn replay_moves(
    game: AnyGame,
    ruleset: String,
    moves: &[String],
    frames: Pictures,
) -> Transcript {
    let mut game = game;
    let mut records = Vec::new();
    let mut pictures = Frames::new(frames);
    pictures.snap(|| game.svg_picture());
    for mv in moves {
        records.push(play_recorded(&mut game, mv, records.len() + 1));
        pictures.snap(|| game.svg_picture());
    }
    let mut t = transcript(&game, ruleset, String::new(), records, None);
    pictures.finish(&mut t, || game.svg_picture());
    t
}

/// Plays one text move and records the outcome; a refused move changes nothing.
pub fn play_recorded(game: &mut AnyGame, text: &str, n: usize) -> MoveRecord {
    let player = game.player_to_move();
    let (mv, reason) = match game.play_text(text) {
        Ok(canonical) => (canonical, None),
        Err(PlayError::Illegal { text, reason }) => (text, Some(reason)),
        Err(e @ PlayError::Syntax(_)) => (text.trim().to_string(), Some(e.to_string())),
    };
    MoveRecord::new(n, player, mv, reason, game.capture_counts())
}

/// Builds the transcript of a replayed game.
pub(crate) fn transcript(
    game: &AnyGame,
    ruleset: String,
    description: String,
    moves: Vec<MoveRecord>,
    start_picture: Option<String>,
) -> Transcript {
    let status = game.game_status();
    let [black, white] = game.capture_counts();
    let score = game.current_score();
    Transcript {
        game: game.game_name().to_string(),
        ruleset,
        description,
        moves,
        dead: Vec::new(),
        agreed: false,
        to_move: game.player_to_move(),
        board: game.board_rows(),
        captures: Pair { black, white },
        status: status.to_string(),
        result_words: crate::narrate::result_text(game, &status),
        result: match status {
            Status::Over(outcome) => Some(outcome.result),
            _ => None,
        },
        score: Pair {
            black: score.black,
            white: score.white,
        },
        picture: game.render_board(false),
        start_picture,
        svg: None,
        frames: Vec::new(),
    }
}

impl Transcript {
    /// The readable form: header, each move with its fate, the final board, captures, score, result.
    pub fn readable(&self) -> String {
        let mut out = format!("game: {}\nruleset: {}\n", self.game, self.ruleset);
        if !self.description.is_empty() {
            out.push_str(&format!("description: {}\n", self.description.trim()));
        }
        if let Some(start) = &self.start_picture {
            out.push_str("\nstart:\n");
            out.push_str(start);
        }
        out.push('\n');
        for m in &self.moves {
            let fate = match &m.reason {
                None => "ok".to_string(),
                Some(r) => format!("REFUSED — {r}"),
            };
            out.push_str(&format!(
                "{:>3}. {:<5} {:<10} {}   [captures B {} W {}]\n",
                m.n, m.player, m.mv, fate, m.captures.black, m.captures.white
            ));
        }
        if self.moves.is_empty() {
            out.push_str("(no moves)\n");
        }
        if self.agreed || !self.dead.is_empty() {
            out.push_str(if self.agreed {
                "\ndead (the agreed marking after play):\n"
            } else {
                "\ndead (given, but play had not ended):\n"
            });
            for m in &self.dead {
                let fate = m
                    .reason
                    .as_ref()
                    .map_or("ok".to_string(), |r| format!("REFUSED — {r}"));
                out.push_str(&format!("{:>3}. {:<16} {}\n", m.n, m.mv, fate));
            }
            if self.dead.is_empty() {
                out.push_str("  (none)\n");
            }
        }
        out.push_str("\nfinal:\n");
        out.push_str(&self.picture);
        out.push_str(&format!(
            "to move: {}\nstatus: {}\nscore now: black {}, white {}\nresult: {}\n",
            self.to_move,
            self.status,
            fmt_points(self.score.black),
            fmt_points(self.score.white),
            self.result.as_deref().unwrap_or("-")
        ));
        out
    }
}

/// A case file of a played game: its game, ruleset, `--set` overrides (`key=value`), a description,
/// the moves and, when it did not start from the ruleset's own start, the starting board rows and
/// player to move; ready for `stones replay`.
pub fn write_case(
    game: &str,
    ruleset: &str,
    set: &[String],
    description: &str,
    moves: &[String],
    setup: Option<(&str, Colour)>,
) -> String {
    let mut table = toml::Table::new();
    table.insert("game".into(), game.into());
    table.insert("ruleset".into(), ruleset.into());
    table.insert("description".into(), description.into());
    let mut overrides = toml::Table::new();
    for (key, value) in set
        .iter()
        .filter_map(|s| stones_core::rules::parse_override(s).ok())
    {
        overrides.insert(key, value);
    }
    if !overrides.is_empty() {
        table.insert("set".into(), toml::Value::Table(overrides));
    }
    let moves: Vec<toml::Value> = moves.iter().map(|m| m.as_str().into()).collect();
    if let Some((board, to_move)) = setup {
        let mut start = toml::Table::new();
        start.insert("board".into(), board.into());
        start.insert("to_move".into(), to_move.name().into());
        table.insert("setup".into(), toml::Value::Table(start));
    }
    table.insert("moves".into(), toml::Value::Array(moves));
    toml::to_string(&table).unwrap_or_default()
}
