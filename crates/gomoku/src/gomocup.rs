//! The Piskvork/Gomocup "brain" protocol (<https://plastovicka.github.io/protocl2en.htm>), played by
//! [`crate::player`]. The CLI exposes it as `stones gomocup`.
//!
//! Commands: `START n`, `RECTSTART w,h`, `RESTART`, `BEGIN`, `TURN x,y`, `BOARD` … `DONE` (lines
//! `x,y,field`, field 1 = own stone, 2 = opponent's, 3 = a blocked point of a continuous game),
//! `INFO key value`, `TAKEBACK x,y`, `END`, `ABOUT`. Coordinates are 0-based `x,y`, `x` the column,
//! origin top left. Input lines may end in CR LF, LF or CR; every reply is flushed at once. A line
//! longer than [`MAX_LINE`] bytes is answered `ERROR line too long …` (inside `BOARD`, it makes the
//! board bad) and skipped; error replies quote at most 100 characters of bad input.
//! Replies: a move `x,y`, `OK`, `ERROR message`, `UNKNOWN message`, `MESSAGE text`.
//!
//! `INFO rule` is a bitmask: bit 2 (4) selects renju (Black: exactly five, no double-three, double-four or
//! overline; White: five or more), else bit 0 (1) exactly five for both, else freestyle (five or more).
//! **The opening restrictions of our `standard` and `renju` rulesets do not apply here**: managers send
//! arbitrary openings, so every rule is played with `opening = "none"`. Continuous games (bit 1) and caro
//! (bit 3) are not supported: the brain says so in a `MESSAGE` and plays the rule without them.
//!
//! Moves come from the search (stones-ai), its tree kept from move to move, and its threat solver
//! first (a win by fours or threes is played at once). Its time per move is half of `timeout_turn`
//! (1 s when none is set, a few milliseconds for `0`), less when `time_left` or `timeout_match` leave
//! less (a twentieth of what is left), minus 20 ms for the reply, and at most a day; `max_memory`
//! caps its tree at half of it. The one-ply [`crate::player`] answers when the search has no move.

use crate::game::Gomoku;
use crate::moves::Move;
use crate::player;
use crate::rules::GomokuRules;
use std::io::{self, BufRead, Write};
use std::time::Duration;
use stones_ai::{Mcts, SearchOptions};
use stones_core::input::{quote, Line, LineReader, MAX_LINE};
use stones_core::{Colour, Game, Point, RuleSet, Status};

/// The longest time a move is given, in milliseconds (a day): larger `INFO` times are cut to it.
const MAX_MS: f64 = 24.0 * 3600.0 * 1000.0;

/// The `INFO` values the manager has sent (times in milliseconds, memory in bytes; numbers past
/// `u64::MAX` read as it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub timeout_turn: Option<u64>,
    pub timeout_match: Option<u64>,
    pub time_left: Option<u64>,
    pub max_memory: Option<u64>,
    /// 0 human opponent, 1 brain opponent, 2 tournament, 3 network tournament.
    pub game_type: Option<u64>,
    /// The rule bitmask (see the module documentation).
    pub rule: u32,
}

/// The Gomocup rule bitmask that plays `rules` (opening restrictions aside): 4 for renju, 1 for
/// exactly five, 0 for freestyle.
pub fn rule_for(rules: &GomokuRules) -> u32 {
    use crate::rules::Overline;
    if rules.black_double_three || rules.black_double_four {
        4
    } else if rules.black_overline == Overline::Win {
        0
    } else {
        1
    }
}

/// The gomoku rules for Gomocup rule bitmask `rule` on a `width` x `height` board: renju (bit 2),
/// exactly five (bit 0) or freestyle, always without opening restrictions.
pub fn rules_for(rule: u32, width: u16, height: u16) -> Result<GomokuRules, String> {
    let name = if rule & 4 != 0 {
        "renju"
    } else if rule & 1 != 0 {
        "standard"
    } else {
        "freestyle"
    };
    let overrides = [
        "opening=none".to_string(),
        format!("size=[{width}, {height}]"),
    ];
    GomokuRules::load(Some(name), &overrides)
        .map(|(rules, _)| rules)
        .map_err(|e| e.message)
}

/// The brain's reply lines to a whole scripted session `input` (commands one a line), as
/// [`run_brain`] writes them: for scripts and tests that talk to the brain in memory.
pub fn replies(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    run_brain(input.as_bytes(), &mut out).expect("in-memory input and output do not fail");
    String::from_utf8(out)
        .expect("the brain writes UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs the brain: reads commands from `input` and writes replies to `output` until `END` or the end of
/// the input. I/O errors end it; protocol errors are answered with `ERROR` and play goes on.
pub fn run_brain(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut lines = LineReader::any_end(input);
    let mut brain = Brain::default();
    while let Some(line) = lines.next_line()? {
        let step = match line {
            Line::Text(line) => brain.command(&line, &mut lines)?,
            Line::TooLong(_) => Step::Reply(format!("ERROR {}", too_long())),
        };
        let reply = match step {
            Step::Reply(text) => text,
            Step::Silent => continue,
            Step::End => break,
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}

/// Why an over-long input line is refused.
fn too_long() -> String {
    format!("line too long (at most {MAX_LINE} bytes)")
}

/// What one command asks of the loop.
enum Step {
    Reply(String),
    Silent,
    End,
}

/// The brain's state between commands.
#[derive(Default)]
struct Brain {
    info: Info,
    game: Option<Gomoku>,
    search: Option<Mcts<Gomoku>>,
}

impl Info {
    /// The search's budget for one move under these settings.
    pub fn search_options(&self) -> SearchOptions {
        let mut ms = match self.timeout_turn {
            Some(0) => 25.0,
            Some(t) => t as f64 / 2.0,
            None => 1000.0,
        };
        if let Some(left) = self.time_left.or(self.timeout_match.filter(|&m| m > 0)) {
            ms = ms.min(left as f64 / 20.0);
        }
        let ms = ms.min(MAX_MS);
        let mut options = SearchOptions {
            time: Some(Duration::from_secs_f64((ms - 20.0).max(5.0) / 1000.0)),
            ..SearchOptions::default()
        };
        if let Some(bytes) = self.max_memory.filter(|&m| m > 0) {
            options.memory = options.memory.min((bytes / 2) as usize).max(1 << 20);
        }
        options
    }
}

impl Brain {
    fn command<R: BufRead>(&mut self, line: &str, lines: &mut LineReader<R>) -> io::Result<Step> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let reply = match word.to_ascii_uppercase().as_str() {
            "" => return Ok(Step::Silent),
            "END" => return Ok(Step::End),
            "INFO" => return Ok(self.info(rest).map_or(Step::Silent, Step::Reply)),
            "ABOUT" => format!(
                "name=\"stones\", version=\"{}\", author=\"the stones authors\", country=\"unknown\"",
                env!("CARGO_PKG_VERSION")
            ),
            "START" => match rest.parse::<u16>() {
                Ok(n) => self.start(n, n),
                Err(_) => format!("ERROR START needs a board size, got {}", quote(rest)),
            },
            "RECTSTART" => match parse_pair(rest) {
                Some((w, h)) => self.start(w, h),
                None => format!("ERROR RECTSTART needs width,height, got {}", quote(rest)),
            },
            "RESTART" => match &self.game {
                Some(g) => {
                    let (w, h) = g.topology().bounding_box();
                    self.start(w, h)
                }
                None => "ERROR RESTART before START".to_string(),
            },
            "BEGIN" => self.with_game(|g, search| {
                if g.history().is_empty() && g.topology().points().all(|p| g.stone(p).is_none()) {
                    reply_move(g, search)
                } else {
                    "ERROR BEGIN on a board that is not empty".to_string()
                }
            }),
            "TURN" => self.with_game(|g, search| match point(g, rest) {
                Ok(p) => match g.play(Move::Place(p)) {
                    Ok(()) => reply_move(g, search),
                    Err(e) => {
                        let (x, y) = g.topology().xy(p);
                        format!("ERROR opponent's move {x},{y} refused: {e}")
                    }
                },
                Err(e) => e,
            }),
            "BOARD" => {
                let board = read_board(lines)?;
                self.with_game(|g, search| match board.and_then(|b| set_board(g, &b)) {
                    Ok(()) => reply_move(g, search),
                    Err(e) => format!("ERROR {e}"),
                })
            }
            "TAKEBACK" => self.with_game(|g, _| match point(g, rest) {
                Ok(p) => take_back(g, p),
                Err(e) => e,
            }),
            _ => format!("UNKNOWN command {}", quote(word)),
        };
        Ok(Step::Reply(reply))
    }

    /// A new empty game on a `width` x `height` board under the current rule.
    fn start(&mut self, width: u16, height: u16) -> String {
        match rules_for(self.info.rule, width, height)
            .and_then(|r| Gomoku::new(r).map_err(|e| e.message))
        {
            Ok(game) => {
                self.game = Some(game);
                "OK".to_string()
            }
            Err(e) => format!("ERROR unsupported board {width}x{height}: {e}"),
        }
    }

    fn with_game(&mut self, f: impl FnOnce(&mut Gomoku, &mut Searcher) -> String) -> String {
        let options = self.info.search_options();
        let mcts = self
            .search
            .get_or_insert_with(|| Mcts::new(options.clone()));
        mcts.options = options;
        match &mut self.game {
            Some(g) => f(g, mcts),
            None => "ERROR no game: send START first".to_string(),
        }
    }

    /// Stores an `INFO` value; a new rule applies at once, keeping the stones on the board. Returns a
    /// line to send only for what the brain cannot do.
    fn info(&mut self, rest: &str) -> Option<String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let number = parse_number(value);
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.info.timeout_turn = number,
            "timeout_match" => self.info.timeout_match = number,
            "time_left" => self.info.time_left = number,
            "max_memory" => self.info.max_memory = number,
            "game_type" => self.info.game_type = number,
            "rule" => {
                let Ok(rule) = value.parse::<u32>() else {
                    return Some(format!(
                        "ERROR INFO rule needs a number, got {}",
                        quote(value)
                    ));
                };
                self.info.rule = rule;
                if let Some(g) = &mut self.game {
                    if let Err(e) = change_rule(g, rule) {
                        return Some(format!("ERROR {e}"));
                    }
                }
                let unsupported = [(2, "continuous game"), (8, "caro")]
                    .iter()
                    .filter(|(bit, _)| rule & bit != 0)
                    .map(|(_, name)| *name)
                    .collect::<Vec<_>>();
                if !unsupported.is_empty() {
                    return Some(format!(
                        "MESSAGE rule {rule}: {} not supported, playing without",
                        unsupported.join(" and ")
                    ));
                }
            }
            _ => {}
        }
        None
    }
}

/// Replays the position of `g`, blocked points included, under the rules of Gomocup `rule`.
fn change_rule(g: &mut Gomoku, rule: u32) -> Result<(), String> {
    let (w, h) = g.topology().bounding_box();
    let mut next = Gomoku::new(rules_for(rule, w, h)?).map_err(|e| e.message)?;
    let stones: Vec<_> = g.topology().points().map(|p| g.stone(p)).collect();
    set_up(&mut next, &stones, g.to_move(), &blocked_points(g))?;
    *g = next;
    Ok(())
}

/// The blocked points of `g` (`BOARD` field 3).
fn blocked_points(g: &Gomoku) -> Vec<Point> {
    g.topology().points().filter(|&p| g.is_blocked(p)).collect()
}

/// Sets up `stones` with `to_move` in `g`, then blocks `blocked` again: a setup starts from an empty
/// board, and a blocked point must stay blocked through every rebuild of the position.
fn set_up(
    g: &mut Gomoku,
    stones: &[Option<Colour>],
    to_move: Colour,
    blocked: &[Point],
) -> Result<(), String> {
    g.set_position(stones, to_move).map_err(|e| e.to_string())?;
    for &p in blocked {
        g.block(p);
    }
    Ok(())
}

/// The brain's search.
type Searcher = Mcts<Gomoku>;

/// Plays the search's move in `g` (the one-ply player's when it has none) and answers it as `x,y`.
fn reply_move(g: &mut Gomoku, search: &mut Searcher) -> String {
    if let Status::Over(outcome) = g.status() {
        return format!("ERROR the game is over ({})", outcome.result);
    }
    let found = search.think(g, |_| {}).mv.filter(|&m| g.check(m).is_ok());
    match found.or_else(|| player::choose(g)) {
        Some(Move::Place(p)) if g.play(Move::Place(p)).is_ok() => {
            let (x, y) = g.topology().xy(p);
            format!("{x},{y}")
        }
        _ => "ERROR no legal move".to_string(),
    }
}

/// Reads `x,y` as a point of `g`'s board.
fn point(g: &Gomoku, text: &str) -> Result<Point, String> {
    let (x, y) =
        parse_pair(text).ok_or_else(|| format!("ERROR expected x,y, got {}", quote(text)))?;
    g.topology()
        .at(x as i32, y as i32)
        .ok_or_else(|| format!("ERROR {x},{y} is not on the board"))
}

/// A whole number of `INFO`: digits only, those past `u64::MAX` read as `u64::MAX`.
fn parse_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<u64>().unwrap_or(u64::MAX))
}

/// `a,b` as two numbers.
fn parse_pair(text: &str) -> Option<(u16, u16)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// One `x,y,field` line of a `BOARD` command.
type BoardEntry = (u16, u16, u8);

/// The `x,y,field` lines of a `BOARD` command up to `DONE` (all read even when one is bad).
fn read_board<R: BufRead>(
    lines: &mut LineReader<R>,
) -> io::Result<Result<Vec<BoardEntry>, String>> {
    let mut stones = Vec::new();
    let mut bad = None;
    while let Some(line) = lines.next_line()? {
        let line = match line {
            Line::Text(line) => line,
            Line::TooLong(_) => {
                bad.get_or_insert(format!("BOARD {}", too_long()));
                continue;
            }
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            return Ok(bad.map_or(Ok(stones), Err));
        }
        let mut parts = line.split(',').map(|s| s.trim().parse::<u16>());
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Ok(x)), Some(Ok(y)), Some(Ok(f @ 1..=3)), None) => stones.push((x, y, f as u8)),
            _ if line.is_empty() => {}
            _ => {
                bad.get_or_insert(format!(
                    "bad BOARD line {}: expected x,y,field with field 1, 2 or 3",
                    quote(line)
                ));
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "input ended inside BOARD",
    ))
}

/// Sets up the `BOARD` position in `g`: the side to move is ours; it is Black when the stones of both
/// sides are even in number, else White.
fn set_board(g: &mut Gomoku, board: &[BoardEntry]) -> Result<(), String> {
    let topo = g.topology().clone();
    let mut stones = vec![None; topo.len()];
    let mut blocked = Vec::new();
    let played = board.iter().filter(|s| s.2 != 3).count();
    let own = if played % 2 == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    for &(x, y, field) in board {
        let p = topo
            .at(x as i32, y as i32)
            .ok_or_else(|| format!("BOARD point {x},{y} is not on the board"))?;
        if stones[p.idx()].is_some() || blocked.contains(&p) {
            return Err(format!("BOARD point {x},{y} is given twice"));
        }
        match field {
            1 => stones[p.idx()] = Some(own),
            2 => stones[p.idx()] = Some(own.opponent()),
            _ => blocked.push(p),
        }
    }
    set_up(g, &stones, own, &blocked)
}

/// Removes the stone on `p` (normally the last move): undo when it is the last move, else a new setup
/// without it (blocked points kept), with its owner to move.
fn take_back(g: &mut Gomoku, p: Point) -> String {
    if g.last_move() == Some(Move::Place(p)) {
        g.undo();
        return "OK".to_string();
    }
    let Some(owner) = g.stone(p) else {
        return "ERROR TAKEBACK of an empty point".to_string();
    };
    let mut stones: Vec<_> = g.topology().points().map(|q| g.stone(q)).collect();
    stones[p.idx()] = None;
    match set_up(g, &stones, owner, &blocked_points(g)) {
        Ok(()) => "OK".to_string(),
        Err(e) => format!("ERROR {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::replies as talk;
    use super::*;

    #[test]
    fn a_short_session() {
        let replies =
            talk("ABOUT\r\nSTART 15\r\nINFO rule 1\r\nBEGIN\r\nTURN 8,8\r\nEND\r\nSTART 15\r\n");
        assert!(
            replies[0].starts_with("name=\"stones\", version=\""),
            "{replies:?}"
        );
        assert_eq!(replies[1], "OK");
        assert_eq!(replies[2], "7,7");
        assert_eq!(replies.len(), 4, "{replies:?}");
        let (x, y) = parse_pair(&replies[3]).unwrap();
        assert!((x, y) != (7, 7) && (x, y) != (8, 8) && x < 15 && y < 15);
    }

    #[test]
    fn errors_and_unknowns() {
        let replies = talk(
            "BEGIN\nSTART 30\nSTART 4\nSTART x\nFOO 1\nSTART 20\nTURN 25,1\nTURN 1\nTURN 3,3\nTURN 3,3\nTAKEBACK 9,9\nINFO rule x\n",
        );
        assert!(replies[0].starts_with("ERROR no game"), "{replies:?}");
        assert!(
            replies[1].starts_with("ERROR unsupported board 30x30"),
            "{replies:?}"
        );
        assert!(replies[1].contains("from 5 to 26"), "{replies:?}");
        assert!(replies[2].starts_with("ERROR"), "{replies:?}");
        assert!(replies[3].starts_with("ERROR START needs"), "{replies:?}");
        assert_eq!(replies[4], "UNKNOWN command 'FOO'");
        assert_eq!(replies[5], "OK");
        assert_eq!(replies[6], "ERROR 25,1 is not on the board");
        assert!(replies[7].starts_with("ERROR expected x,y"));
        assert!(parse_pair(&replies[8]).is_some());
        assert!(
            replies[9].starts_with("ERROR opponent's move 3,3 refused: "),
            "{replies:?}"
        );
        assert!(
            replies[10].starts_with("ERROR TAKEBACK of an empty"),
            "{replies:?}"
        );
        assert!(replies[11].starts_with("ERROR INFO rule"), "{replies:?}");
    }

    #[test]
    fn board_sets_colours_by_parity_and_blocks_the_win() {
        // Opponent (2) has four in a row on row 0 with our stones even in number: we are Black, and
        // must block at 4,0 (0,0 is taken by us).
        let replies = talk(
            "START 15\nINFO rule 0\nBOARD\n0,0,1\n1,0,2\n7,7,1\n2,0,2\n9,9,1\n3,0,2\n11,11,1\n5,0,2\nDONE\nEND\n",
        );
        assert_eq!(replies, ["OK", "4,0"]);
        let replies = talk("START 15\nBOARD\n0,0,1\n1,0,x\nDONE\nTAKEBACK 0,0\nEND\n");
        assert_eq!(replies[0], "OK");
        assert!(
            replies[1].starts_with("ERROR bad BOARD line '1,0,x'"),
            "{replies:?}"
        );
    }

    #[test]
    fn takeback_then_replay() {
        let replies = talk("START 15\nBEGIN\nTAKEBACK 7,7\nBEGIN\nTURN 0,0\nTAKEBACK 0,0\nEND\n");
        assert_eq!(replies[..4], ["OK", "7,7", "OK", "7,7"]);
        // TURN 0,0 then our move; taking back 0,0 (not the last move) still answers OK.
        assert_eq!(replies[5], "OK");
    }

    #[test]
    fn huge_times_are_cut_to_a_day() {
        let day = Duration::from_secs(24 * 3600);
        for value in ["18446744073709551615", "99999999999999999999999999"] {
            let mut brain = Brain::default();
            assert_eq!(brain.info(&format!("timeout_turn {value}")), None);
            assert_eq!(brain.info.timeout_turn, Some(u64::MAX), "{value}");
            let time = brain.info.search_options().time.unwrap();
            assert!(time <= day && time > day / 3, "{value}: {time:?}");
        }
        let mut brain = Brain::default();
        brain.info("timeout_turn -5");
        assert_eq!(brain.info.timeout_turn, None);
        brain.info("time_left 18446744073709551615");
        assert!(brain.info.search_options().time.unwrap() <= day);
    }

    #[test]
    fn rules_map_to_no_opening() {
        use crate::{Opening, Overline};
        let r = rules_for(1, 15, 15).unwrap();
        assert_eq!(r.opening, Opening::None);
        assert_eq!(
            (r.black_overline, r.white_overline),
            (Overline::NoWin, Overline::NoWin)
        );
        let r = rules_for(0, 20, 20).unwrap();
        assert_eq!(
            (r.black_overline, r.white_overline),
            (Overline::Win, Overline::Win)
        );
        let r = rules_for(4, 15, 15).unwrap();
        assert_eq!(r.opening, Opening::None);
        assert!(r.black_double_three && r.black_overline == Overline::Forbidden);
        assert_eq!(r.white_overline, Overline::Win);
        let r = rules_for(5, 15, 15).unwrap();
        assert!(r.black_double_four);
        let replies = talk("START 15\nINFO rule 9\nEND\n");
        assert_eq!(
            replies[1],
            "MESSAGE rule 9: caro not supported, playing without"
        );
    }

    #[test]
    fn renju_brain_never_plays_a_forbidden_point() {
        // Black (us) to move; 7,7 would be a double-three for Black.
        let replies = talk(
            "START 15\nINFO rule 4\nBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,14,2\n14,14,2\n14,0,2\n1,14,2\nDONE\nEND\n",
        );
        assert_eq!(replies[0], "OK");
        assert_ne!(replies[1], "7,7");
        assert!(parse_pair(&replies[1]).is_some(), "{replies:?}");
    }
}
