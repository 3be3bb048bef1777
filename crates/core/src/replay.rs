//! Case files replayed into transcripts: every move accepted or refused with its reason, the board,
//! the captures, the score and the result. The CLI's `stones replay` and every game crate's snapshot
//! test ([`case_snapshots!`](crate::case_snapshots)) print the same transcript through this module.
//!
//! The replay runs on anything that implements [`Replay`]: every [`Game`] does, through a blanket
//! impl, and the CLI's game of any kind does too.

use crate::board_text::{board_rows, parse_board};
use crate::case_file::CaseFile;
use crate::input::read_text_file;
use crate::sgf_result::{SgfResult, WinBy};
use crate::talk::draw_said;
use crate::{fmt_points, Colour, Game, MoveSyntaxError, Outcome, Score, SetupError, Status};
use serde::Serialize;
use std::path::Path;
use thiserror::Error;

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PlayError {
    /// The text is not a move of this game.
    #[error("{0}")]
    Syntax(#[from] MoveSyntaxError),
    /// The move is not legal now; the text is the reason.
    #[error("illegal move {text}: {reason}")]
    Illegal { text: String, reason: String },
}

/// What a replay needs of a game, in text: every [`Game`] has it.
pub trait Replay {
    /// The game's name (`go`, …).
    fn game_name(&self) -> &'static str;
    /// Plays a move given as text; returns its canonical text.
    fn play_text(&mut self, text: &str) -> Result<String, PlayError>;
    /// The picture of the board.
    fn render_board(&self, colour: bool) -> String;
    /// Where the game stands.
    fn game_status(&self) -> Status;
    /// Whose turn it is.
    fn player_to_move(&self) -> Colour;
    /// Board rows, top first, `x`/`o`/`.` separated by spaces.
    fn board_rows(&self) -> Vec<String>;
    /// Captures of each player, Black first.
    fn capture_counts(&self) -> [u32; 2];
    /// The score as if the game ended now.
    fn current_score(&self) -> Score;
    /// Replaces the position with case-file board rows and the player to move.
    fn setup_text(&mut self, board: &str, to_move: Colour) -> Result<(), SetupError>;
    /// The SVG picture of the position (the same for `replay --svg` and the web page).
    fn svg_picture(&self) -> String;
    /// The komi White receives, in games that have one ([`Game::komi`]).
    fn komi_points(&self) -> Option<f64>;
    /// How `colour`'s points are made ([`Game::score_parts`]).
    fn score_parts_of(&self, colour: Colour) -> Vec<String>;
    /// The result in words, when it is not a count of points ([`Game::outcome_words`]).
    fn outcome_text(&self, outcome: &Outcome) -> Option<String>;

    /// Whether the game counts points (Go, TriGo, Dots), so that its score as the board stands
    /// means something before the end: a game with a komi or with [`Game::score_parts`]. A game
    /// whose score is only its winner's (n in a row, Hex: [`crate::Score::of_winner`]) has
    /// neither, and has no score until it is over (GTP's `final_score` refuses one).
    fn counts_points(&self) -> bool {
        self.komi_points().is_some() || !self.score_parts_of(Colour::Black).is_empty()
    }
}

impl<G: Game> Replay for G {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn play_text(&mut self, text: &str) -> Result<String, PlayError> {
        let mv = self.parse_move(text)?;
        let canonical = self.move_text(mv);
        self.play(mv).map_err(|e| PlayError::Illegal {
            text: canonical.clone(),
            reason: e.to_string(),
        })?;
        Ok(canonical)
    }

    fn render_board(&self, colour: bool) -> String {
        self.render(colour)
    }

    fn game_status(&self) -> Status {
        self.status()
    }

    fn player_to_move(&self) -> Colour {
        self.to_move()
    }

    fn board_rows(&self) -> Vec<String> {
        board_rows(self.topology(), |p| self.stone(p))
    }

    fn capture_counts(&self) -> [u32; 2] {
        self.captures()
    }

    fn current_score(&self) -> Score {
        self.score()
    }

    fn setup_text(&mut self, board: &str, to_move: Colour) -> Result<(), SetupError> {
        let stones = parse_board(self.topology(), board)?;
        self.set_position(&stones, to_move)
    }

    fn svg_picture(&self) -> String {
        self.svg()
    }

    fn komi_points(&self) -> Option<f64> {
        self.komi()
    }

    fn score_parts_of(&self, colour: Colour) -> Vec<String> {
        self.score_parts(colour)
    }

    fn outcome_text(&self, outcome: &Outcome) -> Option<String> {
        self.outcome_words(outcome)
    }
}

/// `outcome` of `game` in words: the game's own ([`Game::outcome_words`]: a row, a connection),
/// else as its code reads ([`SgfResult`]), with the code after a count of points or a loss on time
/// and, for a count (a draw too), a line per player with what made its points ([`breakdown`]).
/// The one wording of results: the terminal, `match`, the web page and the transcripts use it. The
/// first line alone is the result in a sentence.
pub fn result_words<R: Replay + ?Sized>(game: &R, outcome: &Outcome) -> String {
    if let Some(words) = game.outcome_text(outcome) {
        return words;
    }
    let result = &outcome.result;
    match SgfResult::parse(result) {
        Some(r @ SgfResult::Win(_, WinBy::Points(_))) => {
            format!("{} ({result})\n{}", r.words(), breakdown(game))
        }
        Some(r @ SgfResult::Win(_, WinBy::Time)) => format!("{} ({result})", r.words()),
        Some(SgfResult::Draw) => format!("{}\n{}", draw_said(result), breakdown(game)),
        Some(r) => r.words(),
        None => result.clone(),
    }
}

/// How the points were made, one line per player (`  black: stones 40 + territory 12 = 52`).
pub fn breakdown<R: Replay + ?Sized>(game: &R) -> String {
    let score = game.current_score();
    let line = |c: Colour, parts: Vec<String>, total: f64| {
        format!("  {:<5}: {} = {}", c, parts.join(" + "), fmt_points(total))
    };
    let komi = |c: Colour, k: f64| {
        (c == Colour::White && k != 0.0).then(|| format!("komi {}", fmt_points(k)))
    };
    let total = |c: Colour, s: &Score| match c {
        Colour::Black => s.black,
        Colour::White => s.white,
    };
    let lines: Vec<String> = [Colour::Black, Colour::White]
        .into_iter()
        .map(|c| {
            let mut parts = game.score_parts_of(c);
            if let Some(k) = game.komi_points().and_then(|k| komi(c, k)) {
                parts.push(k);
            }
            if parts.is_empty() {
                parts.push("0".into());
            }
            line(c, parts, total(c, &score))
        })
        .collect();
    lines.join("\n")
}

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
    /// The result in words with its breakdown ([`result_words`]): one line, then a line per
    /// player for a count of points.
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

/// The largest case file read, in bytes (1 MiB: real cases have under 2 KiB).
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

/// A ruleset named in a case file: a builtin name, or a path relative to the case file.
fn resolve_ruleset(case_path: &Path, ruleset: &str) -> String {
    let relative = case_path.parent().map(|d| d.join(ruleset));
    match relative {
        Some(p) if ruleset.ends_with(".toml") && p.is_file() => p.display().to_string(),
        _ => ruleset.to_string(),
    }
}

/// What a case's moves did: their records, and the start as drawn when the case sets one up.
pub struct Played {
    pub records: Vec<MoveRecord>,
    pub start_picture: Option<String>,
}

/// Sets `game` up as the case's `[setup]` says and plays its moves (refused moves are recorded and
/// skipped), adding a picture of the start and of each move to `pictures`.
pub fn play_case<R: Replay + ?Sized>(
    case: &CaseFile,
    game: &mut R,
    pictures: &mut Frames,
) -> Result<Played, String> {
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
        records.push(play_recorded(game, mv, records.len() + 1));
        pictures.snap(|| game.svg_picture());
    }
    Ok(Played {
        records,
        start_picture,
    })
}

/// The case's `[set]` overrides as `(key, value)` pairs.
pub fn case_overrides(case: &CaseFile) -> Vec<(String, toml::Value)> {
    case.set
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Replays a parsed case on `game`, new under the case's rules (`ruleset` is the name they were
/// loaded by): its setup and moves, then its dead marks, counted when play had ended.
pub fn replay_case_on<R: Replay + ?Sized>(
    case: &CaseFile,
    game: &mut R,
    ruleset: String,
    frames: Pictures,
) -> Result<Transcript, String> {
    let mut pictures = Frames::new(frames);
    let Played {
        records,
        start_picture,
    } = play_case(case, game, &mut pictures)?;
    let dead = case.all_dead()?;
    // Play that has ended is a complete record: `dead` (empty when absent) is the agreed marking.
    let agreed = game.game_status() == Status::Scoring;
    let marks = mark_dead(game, dead, &mut pictures);
    if agreed && game.game_status() == Status::Scoring {
        game.play_text("done")
            .map_err(|e| format!("the agreed marking cannot be counted: {e}"))?;
        pictures.snap(|| game.svg_picture());
    }
    let overrides = case_overrides(case);
    let mut ruleset_label = ruleset;
    if !overrides.is_empty() {
        let list: Vec<String> = overrides.iter().map(|(k, v)| format!("{k}={v}")).collect();
        ruleset_label = format!("{ruleset_label} ({})", list.join(", "));
    }
    let mut t = transcript(
        game,
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

/// Replays a parsed case of the game `G`; `ruleset` overrides the case's own (already resolved).
pub fn replay_case<G: Game>(
    case: &CaseFile,
    ruleset: Option<&str>,
    frames: Pictures,
) -> Result<Transcript, String> {
    if !case.game.trim().eq_ignore_ascii_case(G::NAME) {
        return Err(format!(
            "the case is a game of '{}', not of '{}'",
            case.game,
            G::NAME
        ));
    }
    let overrides = case_overrides(case);
    let (rules, name) =
        crate::rules::load_with::<G::Rules>(ruleset.or(case.ruleset.as_deref()), &overrides)
            .map_err(|e| e.to_string())?;
    let mut game = G::new(rules).map_err(|e| e.message)?;
    replay_case_on(case, &mut game, name, frames)
}

/// Reads and replays a case file of the game `G` (see [`read_case_file`]).
pub fn replay_case_file<G: Game>(path: &Path) -> Result<Transcript, String> {
    let (case, ruleset) = read_case_file(path)?;
    replay_case::<G>(&case, ruleset.as_deref(), Pictures::None)
        .map_err(|e| format!("case file {}: {e}", path.display()))
}

/// Marks each of `dead` (one stone per chain) dead, recording what became of each mark (and a
/// picture after each in `pictures`).
pub fn mark_dead<R: Replay + ?Sized>(
    game: &mut R,
    dead: &[String],
    pictures: &mut Frames,
) -> Vec<MoveRecord> {
    let mut marks = Vec::new();
    for (i, stone) in dead.iter().enumerate() {
        marks.push(play_recorded(game, &format!("dead {stone}"), i + 1));
        pictures.snap(|| game.svg_picture());
    }
    marks
}

/// Replays a list of text moves on `game` (a new game under `ruleset`), drawing the SVG pictures
/// `frames` asks for.
pub fn replay_moves<R: Replay + ?Sized>(
    game: &mut R,
    ruleset: String,
    moves: &[String],
    frames: Pictures,
) -> Transcript {
    let mut records = Vec::new();
    let mut pictures = Frames::new(frames);
    pictures.snap(|| game.svg_picture());
    for mv in moves {
        records.push(play_recorded(game, mv, records.len() + 1));
        pictures.snap(|| game.svg_picture());
    }
    let mut t = transcript(game, ruleset, String::new(), records, None);
    pictures.finish(&mut t, || game.svg_picture());
    t
}

/// Plays one text move and records the outcome; a refused move changes nothing.
pub fn play_recorded<R: Replay + ?Sized>(game: &mut R, text: &str, n: usize) -> MoveRecord {
    let player = game.player_to_move();
    let (mv, reason) = match game.play_text(text) {
        Ok(canonical) => (canonical, None),
        Err(PlayError::Illegal { text, reason }) => (text, Some(reason)),
        Err(e @ PlayError::Syntax(_)) => (text.trim().to_string(), Some(e.to_string())),
    };
    MoveRecord::new(n, player, mv, reason, game.capture_counts())
}

/// Builds the transcript of a replayed game.
pub fn transcript<R: Replay + ?Sized>(
    game: &R,
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
        result_words: match &status {
            Status::Over(outcome) => Some(result_words(game, outcome)),
            _ => None,
        },
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
        .filter_map(|s| crate::rules::parse_override(s).ok())
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

/// The snapshot test of a game crate's case files: every `tests/cases/*.case` beside the test
/// replayed into its transcript ([`replay_case_file`]) and compared with its insta snapshot in
/// `tests/snapshots/`. One call in a test of the crate's `tests/` (which needs `insta`, with its
/// `glob` feature, as a dev-dependency):
///
/// ```ignore
/// #[test]
/// fn cases() {
///     stones_core::case_snapshots!(my_game::MyGame);
/// }
/// ```
///
/// A new case fails once and leaves a `.snap.new` beside the snapshots: read the transcript, then
/// accept it (rename it, or `cargo insta accept`).
#[macro_export]
macro_rules! case_snapshots {
    ($game:ty) => {
        insta::glob!("cases/*.case", |path| {
            let transcript =
                $crate::replay::replay_case_file::<$game>(path).unwrap_or_else(|e| panic!("{e}"));
            insta::assert_snapshot!(transcript.readable());
        });
    };
}
