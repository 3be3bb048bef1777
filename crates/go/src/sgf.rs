//! Go game records in SGF (`GM[1]`): read a record into a [`GoRecord`] and replay it into a
//! [`GoGame`]; write a [`GoGame`] back as SGF.
//!
//! Read: `GM` (1 or absent), `SZ` (`19` or `width:height`, default 19), `KM`, `HA`, the setup
//! properties `AB`/`AW`/`AE` (with compressed `aa:cc` rectangles), `PL` (`B`/`W`, or `1`/`2` as old
//! programs write it), moves `B`/`W` along the main line (a pass is `B[]`, or `B[tt]` on boards up to
//! 19x19), `RE` kept as text, and the territory `TB`/`TW` of the last node. Other properties are
//! ignored. Moves may repeat a colour (the record is followed as written) and may go on after two
//! passes (play resumes). Set-up after the first move changes the stones where it stands, as GNU Go
//! and Sabaki read it ([`GoGame::edit_stones`]). A point given two set-up values in one node
//! (`AB[aa]AW[aa]`) is an error naming it.
//!
//! The end of a game is written as SGF programs write it, since SGF has no move for it: a
//! resignation is `RE[B+R]`; a counted game's dead stones are in the territory of the last node,
//! `TB` (Black's: its empty points and the dead White stones) and `TW`, after the closing passes, as
//! CGoban (KGS) writes them (GNU Go's twogtp writes a last node of `TB`/`TW` too, of empty points;
//! GNU Go's `loadsgf` reads past them, and Sabaki keeps them as any property).
//! [`GoRecord::closing_moves`] reads them back as the moves this program plays for them — the
//! marks, `done`, the loser's resignation — so a record written here replays to the same end
//! ([`read`], `stones replay`).

use crate::game::{GoGame, GoIllegal, GoMove};
use crate::go_like::GoState;
use crate::phase::Phase;
use crate::rules::GoRules;
use stones_core::sgf::{self, MainLine, Node, SgfError};
use stones_core::sgf_result::{SgfResult, WinBy};
use stones_core::{
    fmt_points, BoardSize, Colour, Game, Outcome, Point, RulesError, SetupError, Status,
};
use thiserror::Error;

/// Why a Go record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GoSgfError {
    /// The file is not well-formed SGF.
    #[error(transparent)]
    Syntax(#[from] SgfError),
    /// The record is of another game.
    #[error("not a Go record: GM[{0}] (Go is GM[1])")]
    NotGo(String),
    /// A property value that cannot be read, in the node at byte `offset`.
    #[error("property {ident}[{value}] (at byte {offset}): {why}")]
    Property {
        ident: String,
        value: String,
        why: String,
        offset: usize,
    },
    /// Something in a node (number `node`, 0 for the root, at byte `offset`) that this reader does not
    /// follow.
    #[error("node {node} (at byte {offset}): {why}")]
    Node {
        node: usize,
        why: String,
        offset: usize,
    },
    /// The board size or komi is outside what the rules allow.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The set-up stones are not a legal position.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move of the record is illegal under the rules it is replayed with.
    #[error("move {number} ({text}) is illegal: {reason}")]
    Illegal {
        /// 1 for the first move of the record.
        number: usize,
        /// The move as written and as a point name, e.g. `B[dd] = D16`.
        text: String,
        reason: GoIllegal,
    },
    /// A move number beyond the record (GTP `loadsgf FILE n`).
    #[error("the record has {moves} moves; cannot stop before move {asked}")]
    NoSuchMove { moves: usize, asked: usize },
}

/// A point as SGF gives it: column and row from the top left, counted from 0.
pub type Xy = (u16, u16);

/// A Go record read from SGF, before it is replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct GoRecord {
    /// `SZ`, 19 when absent.
    pub size: BoardSize,
    /// `KM`, if given.
    pub komi: Option<f64>,
    /// `HA`, 0 when absent.
    pub handicap: u8,
    /// Set-up changes before the first move, in file order: a stone, or `None` to clear the point
    /// (`AE`); a point a node sets up more than once (`AB[aa][aa]`, overlapping rectangles) is here
    /// once for that node.
    pub setup: Vec<(Xy, Option<Colour>)>,
    /// Set-up changes after the first move, in file order, each with the number of moves before it
    /// (once per point and node, as [`GoRecord::setup`]).
    pub later_setup: Vec<(usize, Xy, Option<Colour>)>,
    /// `PL`: who moves first after the set-up.
    pub to_move: Option<Colour>,
    /// The moves of the main line: the colour and the point, `None` for a pass.
    pub moves: Vec<(Colour, Option<Xy>)>,
    /// `RE`, as written.
    pub result: Option<String>,
    /// The territory (`TB`, `TW`) of the last node of the main line, each point once with its owner:
    /// where a counted record names its dead stones (a stone inside the other colour's territory).
    pub territory: Vec<(Xy, Colour)>,
}

fn bad(ident: &str, value: &str, why: impl Into<String>) -> GoSgfError {
    GoSgfError::Property {
        ident: ident.to_string(),
        value: value.to_string(),
        why: why.into(),
        offset: 0,
    }
}

/// A node error of node `node` (its offset is set by [`GoSgfError::at`]).
fn node_error(node: usize, why: impl Into<String>) -> GoSgfError {
    GoSgfError::Node {
        node,
        why: why.into(),
        offset: 0,
    }
}

impl GoSgfError {
    /// The error with the byte offset of the node it is about.
    fn at(mut self, at: usize) -> GoSgfError {
        if let GoSgfError::Property { offset, .. } | GoSgfError::Node { offset, .. } = &mut self {
            *offset = at;
        }
        self
    }
}

/// The points an SGF point value can name: 52 letters (`a`–`z`, `A`–`Z`) each way.
const SGF_SIDE: usize = 52;
const SGF_POINTS: usize = SGF_SIDE * SGF_SIDE;

/// A mark on each point an SGF value can name, for checking one node's values: each value is
/// looked up by its point, and only the points marked are cleared after the node, so a node costs
/// what its values cost (not a pass over the values before it, nor over the board).
#[derive(Default)]
struct Marks {
    mark: Vec<u8>,
    touched: Vec<usize>,
}

impl Marks {
    /// Marks point `xy` (read from two SGF letters) with `tag` (not 0) unless it has a mark: the mark
    /// it had, 0 for none.
    fn set(&mut self, (x, y): Xy, tag: u8) -> u8 {
        if self.mark.is_empty() {
            self.mark = vec![0; SGF_POINTS];
        }
        let at = y as usize * SGF_SIDE + x as usize;
        let was = self.mark[at];
        if was == 0 {
            self.mark[at] = tag;
            self.touched.push(at);
        }
        was
    }

    /// Takes every mark off.
    fn clear(&mut self) {
        for at in self.touched.drain(..) {
            self.mark[at] = 0;
        }
    }
}

/// Writes a coordinate (0–24 on a Go board) as its SGF letter.
fn letter(v: u16) -> char {
    sgf::coord_letter(v).unwrap_or('?')
}

impl GoRecord {
    /// Reads the main line of the first game tree of an SGF file, given as its bytes (or text): the
    /// one way `stones replay` and GTP `loadsgf` read a Go file.
    pub fn parse(bytes: impl AsRef<[u8]>) -> Result<GoRecord, GoSgfError> {
        GoRecord::from_main_line(sgf::main_line(bytes.as_ref())?)
    }

    /// Reads a record from a main line, node by node; an error in a node gives its byte offset.
    pub fn from_main_line(mut line: MainLine<'_>) -> Result<GoRecord, GoSgfError> {
        let at = line.node_offset();
        let mut record = GoRecord::from_root(line.root()).map_err(|e| e.at(at))?;
        let mut marks = Marks::default();
        record
            .read_node(0, line.root(), &mut marks)
            .map_err(|e| e.at(at))?;
        let mut i = 0;
        while let Some(node) = line.next() {
            i += 1;
            record
                .read_node(i, &node?, &mut marks)
                .map_err(|e| e.at(line.node_offset()))?;
        }
        Ok(record)
    }

    /// A record with the root's game information (`GM`, `SZ`, `KM`, `HA`, `RE`) and nothing else yet.
    fn from_root(root: &Node) -> Result<GoRecord, GoSgfError> {
        if let Some(gm) = root.first("GM") {
            if gm.trim() != "1" {
                return Err(GoSgfError::NotGo(gm.to_string()));
            }
        }
        Ok(GoRecord {
            size: match root.first("SZ") {
                Some(v) => parse_size(v)?,
                None => BoardSize::square(19),
            },
            komi: present(root, "KM").map(parse_komi).transpose()?,
            handicap: match present(root, "HA") {
                Some(v) => v
                    .trim()
                    .parse::<u8>()
                    .map_err(|_| bad("HA", v, "expected a number of stones from 0 to 255"))?,
                None => 0,
            },
            setup: Vec::new(),
            later_setup: Vec::new(),
            to_move: None,
            moves: Vec::new(),
            result: root.first("RE").map(str::to_string),
            territory: Vec::new(),
        })
    }

    /// Reads node `i` of the main line (0 is the root); `marks` is clear before and after.
    fn read_node(&mut self, i: usize, node: &Node, marks: &mut Marks) -> Result<(), GoSgfError> {
        let setup = [
            ("AB", Some(Colour::Black)),
            ("AW", Some(Colour::White)),
            ("AE", None),
        ];
        // Which property set each point up in this node, looked up by the point (one look per value,
        // however many values: a scan of the values before would make a long node quadratic). A
        // point a property repeats is taken once.
        for (tag, (ident, stone)) in (1..).zip(setup) {
            for v in node.get(ident).unwrap_or_default() {
                for xy in self.point_list(ident, v)? {
                    match marks.set(xy, tag) {
                        0 => {}
                        was if was == tag => continue,
                        was => {
                            let other = setup[was as usize - 1].0;
                            let point = format!("{}{}", letter(xy.0), letter(xy.1));
                            let why = format!("{other} and {ident} both set up the point {point}");
                            marks.clear();
                            return Err(node_error(i, why));
                        }
                    }
                    match self.moves.len() {
                        0 => self.setup.push((xy, stone)),
                        n => self.later_setup.push((n, xy, stone)),
                    }
                }
            }
        }
        marks.clear();
        // Only the last node's territory counts: an earlier one is a comment on the game so far.
        self.territory.clear();
        for (tag, (ident, owner)) in (1..).zip([("TB", Colour::Black), ("TW", Colour::White)]) {
            for v in node.get(ident).unwrap_or_default() {
                for xy in self.point_list(ident, v)? {
                    match marks.set(xy, tag) {
                        0 => {}
                        was if was == tag => continue,
                        _ => {
                            let point = format!("{}{}", letter(xy.0), letter(xy.1));
                            marks.clear();
                            return Err(node_error(
                                i,
                                format!("TB and TW both hold the point {point}"),
                            ));
                        }
                    }
                    self.territory.push((xy, owner));
                }
            }
        }
        marks.clear();
        if let Some(v) = node.first("PL") {
            if self.moves.is_empty() {
                self.to_move = Some(parse_colour("PL", v)?);
            }
        }
        let b = node.first("B");
        let w = node.first("W");
        match (b, w) {
            (Some(_), Some(_)) => Err(node_error(i, "a node holds both a black and a white move")),
            (Some(v), None) => self.push_move(Colour::Black, "B", v),
            (None, Some(v)) => self.push_move(Colour::White, "W", v),
            (None, None) => Ok(()),
        }
    }

    fn push_move(&mut self, c: Colour, ident: &str, v: &str) -> Result<(), GoSgfError> {
        let small = self.size.width <= 19 && self.size.height <= 19;
        let at = if v.trim().is_empty() || (small && v.trim() == "tt") {
            None
        } else {
            Some(self.point(ident, v)?)
        };
        self.moves.push((c, at));
        Ok(())
    }

    /// One point `xy` on this board.
    fn point(&self, ident: &str, v: &str) -> Result<Xy, GoSgfError> {
        let (w, h) = (self.size.width, self.size.height);
        let b = v.trim().as_bytes();
        let xy = match b {
            [x, y] => sgf::coord_index(*x).zip(sgf::coord_index(*y)),
            _ => None,
        };
        match xy {
            Some((x, y)) if x < w && y < h => Ok((x, y)),
            Some(_) => Err(bad(
                ident,
                v,
                format!("the point is outside the {}x{} board", w, h),
            )),
            None => Err(bad(
                ident,
                v,
                "expected a point of two letters a–z, A–Z (column, then row from the top)",
            )),
        }
    }

    /// A point or a compressed rectangle `aa:cc`.
    fn point_list(&self, ident: &str, v: &str) -> Result<Vec<Xy>, GoSgfError> {
        let Some((a, b)) = v.split_once(':') else {
            return Ok(vec![self.point(ident, v)?]);
        };
        let (a, b) = (self.point(ident, a)?, self.point(ident, b)?);
        let mut out = Vec::new();
        for y in a.1.min(b.1)..=a.1.max(b.1) {
            for x in a.0.min(b.0)..=a.0.max(b.0) {
                out.push((x, y));
            }
        }
        Ok(out)
    }

    /// The rules to replay with: `base` with this record's board size, and no handicap of its own (the
    /// record's stones are placed as written).
    pub fn rules(&self, base: &GoRules) -> GoRules {
        GoRules {
            size: self.size,
            handicap: 0,
            ..base.clone()
        }
    }

    /// The starting position: set-up stones (through [`GoGame::place_handicap`] when they are exactly
    /// the `HA` black stones, so that the handicap is known), the player to move, and komi.
    pub fn start(&self, base: &GoRules) -> Result<GoGame, GoSgfError> {
        let mut game = GoGame::new(self.rules(base))?;
        let topo = game.topology_arc().clone();
        let mut stones = vec![None; topo.len()];
        for &((x, y), stone) in &self.setup {
            // `point` checked the coordinates against the board, so this always finds the point.
            if let Some(p) = topo.at(x as i32, y as i32) {
                stones[p.idx()] = stone;
            }
        }
        let blacks: Vec<Point> = topo
            .points()
            .filter(|p| stones[p.idx()] == Some(Colour::Black))
            .collect();
        let only_black = blacks.len() == stones.iter().flatten().count();
        let first = self.to_move.or(self.moves.first().map(|m| m.0));
        if self.handicap >= 2 && only_black && blacks.len() == self.handicap as usize {
            game.place_handicap(&blacks)?;
            if let Some(c) = first {
                game.set_to_move(c);
            }
        } else {
            let default = if self.handicap >= 2 && only_black && !blacks.is_empty() {
                Colour::White
            } else {
                Colour::Black
            };
            game.set_position(&stones, first.unwrap_or(default))?;
        }
        if let Some(k) = self.komi {
            game.set_komi(k)
                .map_err(|why| bad("KM", &fmt_points(k), why))?;
        }
        Ok(game)
    }

    /// Gets `game` ready for move `i` (from 0) as the record means it: the set-up written before it
    /// is applied, play resumes after closing passes, and the move goes to the colour the record
    /// names, in turn or not.
    pub fn prepare(&self, game: &mut GoGame, i: usize) -> Result<(), GoSgfError> {
        self.apply_setup(game, i)?;
        if game.status() != Status::Ongoing {
            game.resume_play();
        }
        game.set_to_move(self.moves[i].0);
        Ok(())
    }

    /// Applies the set-up written after `i` moves (none for `i` = 0: that is the start's), as
    /// [`GoGame::edit_stones`] does.
    pub fn apply_setup(&self, game: &mut GoGame, i: usize) -> Result<(), GoSgfError> {
        let from = self.later_setup.partition_point(|e| e.0 < i);
        let edits: Vec<(Point, Option<Colour>)> = self.later_setup[from..]
            .iter()
            .take_while(|e| e.0 == i)
            .filter_map(|&(_, (x, y), c)| Some((game.topology().at(x as i32, y as i32)?, c)))
            .collect();
        if !edits.is_empty() {
            game.edit_stones(&edits)?;
        }
        Ok(())
    }

    /// Move `i` (from 0) of the record on `game`'s board.
    pub fn go_move(&self, game: &GoGame, i: usize) -> GoMove {
        let at = self.moves[i].1;
        at.and_then(|(x, y)| game.topology().at(x as i32, y as i32))
            .map_or(GoMove::Pass, GoMove::Play)
    }

    /// Move `i` as written and as a point name, e.g. `B[dd] = D16`.
    fn move_text(&self, game: &GoGame, i: usize, mv: GoMove) -> String {
        match self.moves[i] {
            (c, Some((x, y))) => format!(
                "{}[{}{}] = {}",
                c.letter(),
                letter(x),
                letter(y),
                game.move_text(mv)
            ),
            (c, None) => format!("{}[] = pass", c.letter()),
        }
    }

    /// Replays the record under `base` (with the record's size and komi): all moves, or only those
    /// before move number `before` (1 = the set-up only), as GTP's `loadsgf` counts.
    pub fn replay(&self, base: &GoRules, before: Option<usize>) -> Result<GoGame, GoSgfError> {
        let mut game = self.start(base)?;
        let n = match before {
            Some(asked) if asked == 0 || asked > self.moves.len() + 1 => {
                return Err(GoSgfError::NoSuchMove {
                    moves: self.moves.len(),
                    asked,
                })
            }
            Some(asked) => asked - 1,
            None => self.moves.len(),
        };
        for i in 0..n {
            self.prepare(&mut game, i)?;
            let mv = self.go_move(&game, i);
            game.play(mv).map_err(|reason| GoSgfError::Illegal {
                number: i + 1,
                text: self.move_text(&game, i, mv),
                reason,
            })?;
        }
        if n == self.moves.len() {
            self.apply_setup(&mut game, n)?;
        }
        Ok(game)
    }

    /// The stones of `game` the record calls dead: those inside the other colour's territory
    /// ([`GoRecord::territory`]), in point order.
    pub fn dead_stones(&self, game: &GoGame) -> Vec<Point> {
        let topo = game.topology();
        let mut dead: Vec<Point> = self
            .territory
            .iter()
            .filter_map(|&((x, y), owner)| {
                let p = topo.at(x as i32, y as i32)?;
                (game.board().get(p) == Some(owner.opponent())).then_some(p)
            })
            .collect();
        dead.sort();
        dead.dedup();
        dead
    }

    /// The moves that end `game` (the record replayed) as the record says it ended, each with the
    /// player who makes it; none when the game is over already or the record does not say:
    /// - `RE[B+R]`/`RE[W+R]`: the loser resigns (the move is given to it);
    /// - in the dead-stone step, the last node's `TB`/`TW` name dead stones: a mark on each dead
    ///   chain (on its first stone in point order), then `done`;
    /// - in the dead-stone step with no `TB`/`TW`, an `RE` score that the count with no stone dead
    ///   gives (GNU Go's and KataGo's records capture every dead stone before passing): `done`.
    ///
    /// Any other record left in the dead-stone step stays there: it does not say which stones are
    /// dead. Marks and `done` go to the player to move, whose turn they do not change.
    pub fn closing_moves(&self, game: &GoGame) -> Vec<(Colour, GoMove)> {
        let status = game.status();
        if matches!(status, Status::Over(_)) {
            return Vec::new();
        }
        let re = self.result.as_deref().and_then(SgfResult::parse);
        if let Some(SgfResult::Win(winner, WinBy::Resignation)) = re {
            return vec![(winner.opponent(), GoMove::Resign)];
        }
        if status != Status::Scoring {
            return Vec::new();
        }
        let marker = game.to_move();
        let dead = self.dead_stones(game);
        if dead.is_empty() && self.territory.is_empty() {
            let counted = SgfResult::parse(&Outcome::from_score(&game.score_with_dead(&[])).result);
            let scored = matches!(
                re,
                Some(SgfResult::Draw | SgfResult::Win(_, WinBy::Points(_)))
            );
            if !scored || counted != re {
                return Vec::new();
            }
        }
        // Each dead chain is marked once, on its first stone in point order, however many of its
        // stones the record lists: a record written from the marks reads back to the same moves.
        let mut marks: Vec<Point> = dead
            .iter()
            .filter(|&&p| !game.is_marked_dead(p))
            .filter_map(|&p| game.board().chain_stones(p).min())
            .collect();
        marks.sort();
        marks.dedup();
        let mut moves: Vec<(Colour, GoMove)> = marks
            .into_iter()
            .map(|p| (marker, GoMove::Mark(p)))
            .collect();
        moves.push((marker, GoMove::Done));
        moves
    }

    /// Plays [`GoRecord::closing_moves`] on `game`, each for the player the record gives it.
    pub fn finish(&self, game: &mut GoGame) -> Result<(), GoSgfError> {
        for (number, (c, mv)) in self.closing_moves(game).into_iter().enumerate() {
            game.set_to_move(c);
            let text = format!("{} {}", c, game.move_text(mv));
            game.play(mv).map_err(|reason| GoSgfError::Illegal {
                number: self.moves.len() + number + 1,
                text,
                reason,
            })?;
        }
        Ok(())
    }
}

/// The first value of `ident`, treating an empty value (`KM[]`, written by some programs) as absent.
fn present<'a>(node: &'a Node, ident: &str) -> Option<&'a str> {
    node.first(ident).filter(|v| !v.trim().is_empty())
}

fn parse_size(v: &str) -> Result<BoardSize, GoSgfError> {
    let side = |s: &str| {
        s.trim()
            .parse::<u16>()
            .map_err(|_| bad("SZ", v, "expected a size (19) or width:height (19:13)"))
    };
    match v.split_once(':') {
        Some((w, h)) => Ok(BoardSize {
            width: side(w)?,
            height: side(h)?,
        }),
        None => Ok(BoardSize::square(side(v)?)),
    }
}

/// A `KM` value: a number that [`crate::rules::check_komi`] accepts, as every komi must be.
fn parse_komi(v: &str) -> Result<f64, GoSgfError> {
    let k = v
        .trim()
        .parse::<f64>()
        .map_err(|_| bad("KM", v, "expected a number"))?;
    crate::rules::check_komi(k).map_err(|why| bad("KM", v, why))?;
    Ok(k)
}

fn parse_colour(ident: &str, v: &str) -> Result<Colour, GoSgfError> {
    match v.trim() {
        "B" | "b" | "1" => Ok(Colour::Black),
        "W" | "w" | "2" => Ok(Colour::White),
        _ => Err(bad(ident, v, "expected B or W")),
    }
}

/// Reads a Go record (an SGF file's bytes, or text) and replays all of it under `base` rules (board
/// size and komi from the record), to the end the record gives ([`GoRecord::finish`]).
pub fn read(text: impl AsRef<[u8]>, base: &GoRules) -> Result<GoGame, GoSgfError> {
    let record = GoRecord::parse(text)?;
    let mut game = record.replay(base, None)?;
    record.finish(&mut game)?;
    Ok(game)
}

/// The SGF point of `p`.
fn sgf_point(game: &GoGame, p: Point) -> String {
    let (x, y) = game.topology().xy(p);
    format!("{}{}", letter(x), letter(y))
}

/// Writes `game` as an SGF record: its size, komi, handicap, starting stones and player, and every
/// move of [`GoGame::history`] (passes as `B[]`). `result` goes into `RE`; without it a finished game
/// writes its own result (`0` for a draw). A counted game's last node holds its territory, `TB` and
/// `TW`, each with the dead stones of the other colour (see the module doc); the marks and `done`
/// themselves are not moves in SGF, nor is a resignation (its `RE` says it).
pub fn write(game: &GoGame, result: Option<&str>) -> String {
    let rules = game.rules();
    let mut root = Node::default();
    root.push("GM", vec!["1".into()]);
    root.push("FF", vec!["4".into()]);
    root.push("CA", vec!["UTF-8".into()]);
    root.push("AP", vec![format!("stones:{}", env!("CARGO_PKG_VERSION"))]);
    let size = rules.size;
    root.push(
        "SZ",
        vec![if size.is_square() {
            size.width.to_string()
        } else {
            format!("{}:{}", size.width, size.height)
        }],
    );
    root.push("KM", vec![fmt_points(rules.effective_komi())]);
    if rules.handicap > 0 {
        root.push("HA", vec![rules.handicap.to_string()]);
    }
    let start = game.initial_stones();
    for c in Colour::BOTH {
        let pts: Vec<String> = game
            .topology()
            .points()
            .filter(|p| start[p.idx()] == Some(c))
            .map(|p| sgf_point(game, p))
            .collect();
        if !pts.is_empty() {
            root.push(if c == Colour::Black { "AB" } else { "AW" }, pts);
        }
    }
    let history = game.history();
    let first = history.first().map(|m| m.0).unwrap_or(Colour::Black);
    if game.initial_to_move() != first || game.initial_to_move() != Colour::Black {
        root.push("PL", vec![game.initial_to_move().letter().to_string()]);
    }
    let re = match (result, game.status()) {
        (Some(r), _) => Some(r.to_string()),
        (None, Status::Over(outcome)) => Some(stones_core::sgf_result::re_value(&outcome)),
        (None, _) => None,
    };
    if let Some(r) = re {
        root.push("RE", vec![r]);
    }
    let mut nodes = vec![root];
    for (c, mv) in history {
        let value = match mv {
            GoMove::Play(p) => sgf_point(game, p),
            GoMove::Pass => String::new(),
            GoMove::Resign | GoMove::Mark(_) | GoMove::Done => continue,
        };
        let mut node = Node::default();
        node.push(&c.letter().to_string(), vec![value]);
        nodes.push(node);
    }
    if game.pos.st.phase() == Phase::Counted {
        let last = nodes.len() - 1;
        for (ident, points) in [("TB", Colour::Black), ("TW", Colour::White)]
            .map(|(ident, c)| (ident, territory_of(game, c)))
        {
            if !points.is_empty() {
                nodes[last].push(ident, points);
            }
        }
    }
    sgf::write(&nodes)
}

/// The SGF points of `owner`'s territory in a counted game: the empty points the count gives it and
/// the other colour's dead stones, in point order.
fn territory_of(game: &GoGame, owner: Colour) -> Vec<String> {
    let count = game.count();
    game.topology()
        .points()
        .filter(|&p| match game.board().get(p) {
            Some(c) => c != owner && game.is_marked_dead(p),
            None => count.owner[p.idx()] == Some(owner),
        })
        .map(|p| sgf_point(game, p))
        .collect()
}
