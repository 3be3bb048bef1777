//! The engine's state and its commands.

use crate::genmove;
use crate::protocol::{format_response, parse_line, Command};
use crate::think::Thinker;
use crate::vertex::{move_name, parse_colour, parse_vertex, vertex_name, Vertex, VertexError};
use std::path::Path;
use stones_core::input::read_file;
use stones_core::sgf::MAX_SGF_FILE;
use stones_core::{BoardSize, Colour, Game, Point, Rng, RulesError, Status};
use stones_go::sgf::{self, GoRecord};
use stones_go::{GoGame, GoMove, GoRules};

/// Every command the engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "time_settings",
    "time_left",
    "is_legal",
    "list_stones",
    "captures",
    "countlib",
    "cputime",
    "stones-status",
];

type Answer = Result<String, String>;

fn fail<T>(message: &str) -> Result<T, String> {
    Err(message.to_string())
}

/// A GTP engine: one game of Go under a ruleset, driven one command line at a time.
///
/// The ruleset gives everything GTP does not set: ko, suicide, scoring. GTP's `boardsize`, `komi`,
/// handicap commands and `loadsgf` override size, komi and handicap; the ruleset's own `handicap` is
/// ignored (a GTP controller places handicap stones with `fixed_handicap` and friends).
///
/// GTP may give a move for either colour at any time, and may play on after two passes: the engine
/// then uses [`GoGame::set_to_move`] and [`GoGame::resume_play`], so undo and superko history stay exact.
#[derive(Clone, Debug)]
pub struct Engine {
    rules: GoRules,
    /// Komi set with `komi` or by `loadsgf`; `None` keeps the ruleset's.
    komi: Option<f64>,
    game: GoGame,
    rng: Rng,
    /// The search behind genmove and the dead-stone estimate; `None`: random moves, every stone alive.
    thinker: Option<Thinker>,
    quit: bool,
}

impl Engine {
    /// An engine with an empty board under `rules`; `seed` drives its random moves.
    pub fn new(rules: GoRules, seed: u64) -> Result<Engine, RulesError> {
        let rules = GoRules {
            handicap: 0,
            ..rules
        };
        let game = GoGame::new(rules.clone())?;
        Ok(Engine {
            rules,
            komi: None,
            game,
            rng: Rng::new(seed),
            thinker: None,
            quit: false,
        })
    }

    /// Lets the search answer genmove (and estimate dead stones for `final_score` and
    /// `final_status_list`) instead of random moves.
    pub fn search_with(&mut self, options: stones_ai::SearchOptions) {
        self.thinker = Some(Thinker::new(options));
    }

    /// The game as it stands.
    pub fn game(&self) -> &GoGame {
        &self.game
    }

    /// True once `quit` was answered.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Handles one input line; returns the full response (ending with a blank line), or `None` for a
    /// line GTP ignores (blank or comment only).
    pub fn execute(&mut self, line: &str) -> Option<String> {
        let cmd = parse_line(line)?;
        let answer = self.dispatch(&cmd);
        Some(format_response(cmd.id.as_deref(), &answer))
    }

    fn dispatch(&mut self, cmd: &Command) -> Answer {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("stones".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => match args.as_slice() {
                [name] => Ok(COMMANDS.contains(name).to_string()),
                _ => fail("syntax error"),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                self.clear();
                Ok(String::new())
            }
            "komi" => self.komi(&args),
            "play" => self.play(&args),
            "genmove" => self.genmove(&args),
            "undo" => match self.game.undo() {
                true => Ok(String::new()),
                false => fail("cannot undo"),
            },
            "showboard" => Ok(format!("\n{}", self.game.render(false))),
            "fixed_handicap" => self.fixed_handicap(&args),
            "place_free_handicap" => self.place_free_handicap(&args),
            "set_free_handicap" => self.set_free_handicap(&args),
            "final_score" => Ok(self.final_score()),
            "final_status_list" => self.final_status_list(&args),
            "loadsgf" => self.loadsgf(&args),
            "printsgf" => self.printsgf(&args),
            "time_settings" => match args.as_slice() {
                [a, b, c] => match (a.parse::<u32>(), b.parse::<u32>(), c.parse::<u32>()) {
                    (Ok(main), Ok(byo), Ok(stones)) => {
                        if let Some(t) = &mut self.thinker {
                            t.time_settings(main, byo, stones);
                        }
                        Ok(String::new())
                    }
                    _ => fail("syntax error"),
                },
                _ => fail("syntax error"),
            },
            "time_left" => match args.as_slice() {
                [c, t, s] => match (parse_colour(c), t.parse::<u32>(), s.parse::<u32>()) {
                    (Some(c), Ok(t), Ok(s)) => {
                        if let Some(thinker) = &mut self.thinker {
                            thinker.time_left(c, t, s);
                        }
                        Ok(String::new())
                    }
                    _ => fail("syntax error"),
                },
                _ => fail("syntax error"),
            },
            "is_legal" => self.is_legal(&args),
            "list_stones" => self.list_stones(&args),
            "captures" => match args.as_slice() {
                [c] => match parse_colour(c) {
                    Some(c) => Ok(self.game.captures()[c.idx()].to_string()),
                    None => fail("invalid color"),
                },
                _ => fail("invalid color"),
            },
            "countlib" => self.countlib(&args),
            "cputime" => Ok(format!("{:.3}", crate::cputime::cpu_seconds())),
            "stones-status" => Ok(self.status_line()),
            _ => fail("unknown command"),
        }
    }

    /// A fresh game at the current size and komi.
    fn clear(&mut self) {
        if let Some(t) = &mut self.thinker {
            t.new_game();
        }
        let mut game = match GoGame::new(self.rules.clone()) {
            Ok(g) => g,
            // The rules were accepted when the engine started and sizes are checked before they
            // change; keep the old game rather than fail.
            Err(_) => return,
        };
        if let Some(k) = self.komi {
            // Only a komi the game accepted is kept in `self.komi`.
            let _ = game.set_komi(k);
        }
        self.game = game;
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let [n] = args else {
            return fail("syntax error");
        };
        let Ok(n) = n.parse::<u64>() else {
            return fail("syntax error");
        };
        if !(2..=25).contains(&n) {
            return fail("unacceptable size");
        }
        self.rules.size = BoardSize::square(n as u16);
        self.clear();
        Ok(String::new())
    }

    fn komi(&mut self, args: &[&str]) -> Answer {
        match args {
            [k] => match k.parse::<f64>() {
                Ok(k) if k.is_finite() => {
                    self.game.set_komi(k)?;
                    self.komi = Some(k);
                    if let Some(t) = &mut self.thinker {
                        t.clear();
                    }
                    Ok(String::new())
                }
                _ => fail("syntax error"),
            },
            _ => fail("syntax error"),
        }
    }

    fn colour_and_vertex(&self, args: &[&str]) -> Result<(Colour, Vertex), VertexError> {
        let [c, v] = args else {
            return Err(VertexError::Syntax);
        };
        let c = parse_colour(c).ok_or(VertexError::Syntax)?;
        Ok((c, parse_vertex(self.game.topology(), v)?))
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let (c, v) = match self.colour_and_vertex(args) {
            Ok(cv) => cv,
            Err(VertexError::Syntax) => return fail("syntax error"),
            Err(VertexError::OffBoard) => return fail("illegal move"),
        };
        let mv = match v {
            Vertex::Pass => GoMove::Pass,
            Vertex::Point(p) => GoMove::Play(p),
        };
        // Legality is asked of the position as it would be with `c` to move and play on; only a
        // legal move changes the game (no copy of it, so every move costs the same however long
        // the game is).
        if self.game.check_for(c, mv).is_err() {
            return fail("illegal move");
        }
        self.game.resume_play();
        self.game.set_to_move(c);
        match self.game.play(mv) {
            Ok(()) => Ok(String::new()),
            Err(_) => fail("illegal move"),
        }
    }

    fn genmove(&mut self, args: &[&str]) -> Answer {
        let [c] = args else {
            return fail("syntax error");
        };
        let Some(c) = parse_colour(c) else {
            return fail("syntax error");
        };
        self.game.resume_play();
        self.game.set_to_move(c);
        let mv = match &mut self.thinker {
            Some(t) => match t.genmove(&self.game) {
                Some(mv) => mv,
                None => {
                    let _ = self.game.play(GoMove::Resign);
                    return Ok("resign".into());
                }
            },
            None => genmove::random_move(&self.game, &mut self.rng),
        };
        // The move was checked when it was chosen; a refusal here would be a bug, so pass instead.
        let mv = match self.game.play(mv) {
            Ok(()) => mv,
            Err(_) => {
                let _ = self.game.play(GoMove::Pass);
                GoMove::Pass
            }
        };
        Ok(move_name(self.game.topology(), &mv))
    }

    fn board_is_empty(&self) -> bool {
        self.game.board().empty_count() == self.game.topology().len()
    }

    /// Places handicap stones on the empty board (restarting the game if only passes were played).
    fn place(&mut self, points: &[Point]) -> Result<(), String> {
        if self.game.undo_depth() > 0 {
            self.clear();
        }
        self.game
            .place_handicap(points)
            .map_err(|_| "bad vertex list".to_string())
    }

    fn names(&self, points: &[Point]) -> String {
        let topo = self.game.topology();
        points
            .iter()
            .map(|&p| vertex_name(topo, p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn handicap_count(args: &[&str]) -> Result<usize, String> {
        match args {
            [n] => n.parse::<usize>().map_err(|_| "syntax error".to_string()),
            _ => fail("syntax error"),
        }
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Answer {
        let n = Self::handicap_count(args)?;
        let size = self.rules.size;
        let table = u8::try_from(n)
            .ok()
            .filter(|_| size.is_square())
            .and_then(|n| stones_go::handicap::gtp_points(size.width, n).ok());
        let Some(table) = table else {
            return fail("invalid number of stones");
        };
        if !self.board_is_empty() {
            return fail("board not empty");
        }
        let topo = self.game.topology_arc().clone();
        let points: Vec<Point> = table
            .into_iter()
            .filter_map(|xy| stones_go::handicap::to_point(&topo, xy))
            .collect();
        self.place(&points)?;
        Ok(self.names(&points))
    }

    fn place_free_handicap(&mut self, args: &[&str]) -> Answer {
        let n = Self::handicap_count(args)?;
        if n < 2 || n >= self.game.topology().len() {
            return fail("invalid number of stones");
        }
        if !self.board_is_empty() {
            return fail("board not empty");
        }
        let points = genmove::free_handicap(&self.game, n, &mut self.rng);
        self.place(&points)?;
        Ok(self.names(&points))
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Answer {
        let topo = self.game.topology_arc().clone();
        let mut points = Vec::new();
        for a in args {
            match parse_vertex(&topo, a) {
                Ok(Vertex::Point(p)) if !points.contains(&p) => points.push(p),
                Ok(_) | Err(VertexError::OffBoard) => return fail("bad vertex list"),
                Err(VertexError::Syntax) => return fail("syntax error"),
            }
        }
        if !self.board_is_empty() {
            return fail("board not empty");
        }
        if points.len() < 2 || points.len() >= topo.len() {
            return fail("bad vertex list");
        }
        self.place(&points)?;
        Ok(String::new())
    }

    /// The score with the dead stones the search estimates (every stone alive without a search).
    fn estimated_score(&mut self) -> stones_core::Score {
        match &mut self.thinker {
            Some(t) => {
                let dead = t.dead_stones(&self.game);
                self.game.score_with_dead(&dead)
            }
            None => self.game.score(),
        }
    }

    /// `stones-status`: `ongoing black|white`, or `over RESULT` (after the closing passes, the result
    /// `final_score` gives).
    fn status_line(&mut self) -> String {
        match self.game.status() {
            Status::Over(o) => format!("over {}", o.result),
            Status::Scoring => format!("over {}", self.estimated_score().result()),
            Status::Ongoing => format!("ongoing {}", self.game.to_move()),
        }
    }

    /// `final_score`: the board counted as it stands, finished or not, as GNU Go counts it (the
    /// other games' GTP refuses an unfinished game that has no points to count).
    fn final_score(&mut self) -> String {
        let score = self.estimated_score();
        match score.winner() {
            None => "0".into(),
            Some(_) => score.result(),
        }
    }

    fn final_status_list(&mut self, args: &[&str]) -> Answer {
        let [status] = args else {
            return fail("syntax error");
        };
        let want = match *status {
            "alive" | "seki" | "dead" => *status,
            _ => return fail("invalid status"),
        };
        let mut dead = vec![false; self.game.topology().len()];
        if let Some(t) = &mut self.thinker {
            for p in t.dead_stones(&self.game) {
                dead[p.idx()] = true;
            }
        }
        let seki = self.game.count().seki;
        let board = self.game.board();
        let topo = self.game.topology();
        let mut done = vec![false; topo.len()];
        let mut lines = Vec::new();
        for p in board_order(topo) {
            let status = match (dead[p.idx()], seki[p.idx()]) {
                (true, _) => "dead",
                (false, true) => "seki",
                (false, false) => "alive",
            };
            if board.get(p).is_none() || done[p.idx()] || status != want {
                continue;
            }
            let mut chain: Vec<Point> = board.chain_stones(p).collect();
            for s in &chain {
                done[s.idx()] = true;
            }
            chain.sort_by_key(|&s| order_key(topo, s));
            lines.push(self.names(&chain));
        }
        Ok(lines.join("\n"))
    }

    fn loadsgf(&mut self, args: &[&str]) -> Answer {
        let (path, before) = match args {
            [path] => (*path, None),
            [path, n] => match n.parse::<usize>() {
                Ok(n) => (*path, Some(n)),
                Err(_) => return fail("syntax error"),
            },
            _ => return fail("syntax error"),
        };
        let loaded = read_file(Path::new(path), MAX_SGF_FILE).and_then(|bytes| {
            let record = GoRecord::parse(&bytes).map_err(|e| e.to_string())?;
            let mut game = record
                .replay(&self.rules, before)
                .map_err(|e| e.to_string())?;
            if record.komi.is_none() {
                if let Some(k) = self.komi {
                    game.set_komi(k)?;
                }
            }
            Ok((record, game))
        });
        match loaded {
            Ok((record, game)) => {
                self.rules.size = record.size;
                self.komi = record.komi.or(self.komi);
                self.game = game;
                Ok(String::new())
            }
            Err(_) => fail("cannot load file"),
        }
    }

    fn printsgf(&self, args: &[&str]) -> Answer {
        let text = sgf::write(&self.game, None);
        match args {
            [] | ["-"] => Ok(text),
            [path] => match std::fs::write(path, text) {
                Ok(()) => Ok(String::new()),
                Err(_) => fail("cannot save file"),
            },
            _ => fail("syntax error"),
        }
    }

    fn is_legal(&self, args: &[&str]) -> Answer {
        let (c, v) = match self.colour_and_vertex(args) {
            Ok(cv) => cv,
            Err(_) => return fail("invalid color or coordinate"),
        };
        let mv = match v {
            Vertex::Pass => GoMove::Pass,
            Vertex::Point(p) => GoMove::Play(p),
        };
        Ok(if self.game.check_for(c, mv).is_ok() {
            "1"
        } else {
            "0"
        }
        .into())
    }

    fn list_stones(&self, args: &[&str]) -> Answer {
        let [c] = args else {
            return fail("invalid color");
        };
        let Some(c) = parse_colour(c) else {
            return fail("invalid color");
        };
        let topo = self.game.topology();
        let stones: Vec<Point> = board_order(topo)
            .filter(|&p| self.game.stone(p) == Some(c))
            .collect();
        Ok(self.names(&stones))
    }

    fn countlib(&self, args: &[&str]) -> Answer {
        let [v] = args else {
            return fail("invalid coordinate");
        };
        match parse_vertex(self.game.topology(), v) {
            Ok(Vertex::Point(p)) if self.game.stone(p).is_some() => {
                Ok(self.game.liberties(p).to_string())
            }
            Ok(Vertex::Point(_)) => fail("vertex must not be empty"),
            _ => fail("invalid coordinate"),
        }
    }
}

/// GNU Go's order for listing stones: the top row first, each row from left to right.
fn board_order(topo: &stones_core::Topology) -> impl Iterator<Item = Point> + '_ {
    let (w, h) = topo.bounding_box();
    (0..h as i32).flat_map(move |y| (0..w as i32).filter_map(move |x| topo.at(x, y)))
}

fn order_key(topo: &stones_core::Topology, p: Point) -> (u16, u16) {
    let (x, y) = topo.xy(p);
    (y, x)
}
