//! GTP for every game other than Go (Go has its own engine in stones-gtp): the standard commands
//! with moves and points in the game's own notation (`a1+b2` for a TriGo pair, `stop` in Dots), and
//! `stones-status`.

use crate::player::Player;
use crate::registry::GameKind;
use crate::text_game::AnyGame;
use std::io::{self, BufRead, Write};
use stones_ai::PlayerSpec;
use stones_core::input::{Line, LineReader};
use stones_core::{Colour, Status};
use stones_gtp::clock::Clock;
use stones_gtp::protocol::{format_response, parse_line, too_long_response};

/// Every command this engine knows, in `list_commands` order.
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
    "final_score",
    "time_settings",
    "time_left",
    "stones-status",
];

/// One game's GTP session state.
struct Session {
    kind: GameKind,
    ruleset: Option<String>,
    overrides: Vec<(String, toml::Value)>,
    game: AnyGame,
    player: Player,
    spec: PlayerSpec,
    /// The clock from `time_settings` and `time_left`, less genmove's own time (else 1 s a move).
    clock: Clock,
    history: Vec<(Colour, String)>,
}

/// Serves GTP for `kind` (created from `ruleset` and `overrides`) with `spec` answering genmove.
pub fn run(
    kind: GameKind,
    ruleset: Option<String>,
    overrides: Vec<(String, toml::Value)>,
    spec: PlayerSpec,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), String> {
    let (game, _) = kind
        .create(ruleset.as_deref(), &overrides)
        .map_err(|e| e.to_string())?;
    let player = Player::new(&spec, &game)?;
    let mut session = Session {
        kind,
        ruleset,
        overrides,
        game,
        player,
        spec,
        clock: Clock::default(),
        history: Vec::new(),
    };
    let mut lines = LineReader::lf(input);
    loop {
        let Some(line) = lines.next_line().map_err(|e| e.to_string())? else {
            return Ok(());
        };
        let (text, quit) = match line {
            Line::Text(text) => {
                let Some(cmd) = parse_line(&text) else {
                    continue;
                };
                let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
                let answer = session.dispatch(&cmd.name, &args);
                (
                    format_response(cmd.id.as_deref(), &answer),
                    cmd.name == "quit",
                )
            }
            Line::TooLong(start) => (too_long_response(&start), false),
        };
        let write = output
            .write_all(text.as_bytes())
            .and_then(|()| output.flush());
        match write {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e.to_string()),
            Ok(()) if quit => return Ok(()),
            Ok(()) => {}
        }
    }
}

impl Session {
    fn dispatch(&mut self, name: &str, args: &[&str]) -> Result<String, String> {
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("stones".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|a| COMMANDS.contains(a))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => match args {
                [n] => self.reset_with("size", n.parse::<i64>().ok().map(toml::Value::from)),
                [w, h] => {
                    let size = (w.parse::<i64>(), h.parse::<i64>());
                    let value = match size {
                        (Ok(w), Ok(h)) => Some(toml::Value::Array(vec![w.into(), h.into()])),
                        _ => None,
                    };
                    self.reset_with("size", value)
                }
                _ => Err("syntax error".into()),
            },
            "clear_board" => self.reset_with("", None),
            "komi" => match args {
                [k] if self.game.komi_points().is_some() => {
                    self.reset_with("komi", k.parse::<f64>().ok().map(toml::Value::from))
                }
                [_] => Ok(String::new()),
                _ => Err("syntax error".into()),
            },
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => match self.game.undo_move() {
                true => {
                    self.history.pop();
                    Ok(String::new())
                }
                false => Err("cannot undo".into()),
            },
            "showboard" => Ok(format!("\n{}", self.game.render_board(false))),
            "final_score" => match self.game.game_status() {
                // GTP writes a draw as 0.
                Status::Over(o) if o.winner.is_none() => Ok("0".into()),
                Status::Over(o) => Ok(o.result),
                // Go's engine and GNU Go count an unfinished board as it stands; a game with
                // points (TriGo, Dots) does the same. A game without (n in a row, Hex) has no
                // score before its end: its 0 would read as a draw.
                _ if !self.game.counts_points() => Err("cannot score: the game is not over".into()),
                _ => Ok(match self.game.current_score() {
                    score if score.winner().is_none() => "0".into(),
                    score => score.result(),
                }),
            },
            "time_settings" => match args {
                [main, byo, stones] => match (main.parse(), byo.parse(), stones.parse()) {
                    (Ok(main), Ok(byo), Ok(stones)) => {
                        self.clock.set(main, byo, stones);
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                },
                _ => Err("syntax error".into()),
            },
            "time_left" => match args {
                [c, t, s] => match (colour_word(c), t.parse(), s.parse()) {
                    (Some(c), Ok(t), Ok(s)) => {
                        self.clock.time_left(c, t, s);
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                },
                _ => Err("syntax error".into()),
            },
            "stones-status" => Ok(match self.game.game_status() {
                Status::Over(o) => format!("over {}", o.result),
                _ => format!("ongoing {}", self.game.player_to_move()),
            }),
            _ => Err("unknown command".into()),
        }
    }

    /// A fresh game with `key` set to `value` from now on (none: the same settings).
    fn reset_with(&mut self, key: &str, value: Option<toml::Value>) -> Result<String, String> {
        let mut overrides = self.overrides.clone();
        if !key.is_empty() {
            let value = value.ok_or("syntax error")?;
            overrides.retain(|(k, _)| k != key);
            overrides.push((key.to_string(), value));
        }
        let (game, _) = self
            .kind
            .create(self.ruleset.as_deref(), &overrides)
            .map_err(|e| match key {
                "size" => format!("unacceptable size: {e}"),
                _ => e.to_string(),
            })?;
        self.player = Player::new(&self.spec, &game)?;
        self.game = game;
        self.overrides = overrides;
        self.history.clear();
        self.clock.restart();
        Ok(String::new())
    }

    /// The colour argument, which must be the side to move.
    fn colour(&self, word: &str) -> Result<Colour, String> {
        let c = colour_word(word).ok_or("invalid color")?;
        let to_move = self.game.player_to_move();
        if c != to_move {
            return Err(format!("illegal move: it is {to_move}'s turn"));
        }
        Ok(c)
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [c, rest @ ..] = args else {
            return Err("syntax error".into());
        };
        if rest.is_empty() {
            return Err("syntax error".into());
        }
        let c = self.colour(c)?;
        match self.game.play_text(&rest.join(" ")) {
            Ok(mv) => {
                self.history.push((c, mv));
                Ok(String::new())
            }
            // GTP's "illegal move", then why (controllers read the first words).
            Err(e) => Err(format!("illegal move: {e}")),
        }
    }

    fn genmove(&mut self, args: &[&str]) -> Result<String, String> {
        let [c] = args else {
            return Err("syntax error".into());
        };
        let c = self.colour(c)?;
        if !matches!(self.game.game_status(), Status::Ongoing) {
            return Err("the game is over".into());
        }
        let empty = (0..self.game.point_count())
            .filter(|&i| self.game.stone_at(i).is_none())
            .count();
        let time = std::time::Duration::from_secs_f64(self.clock.move_time(c, empty));
        let start = std::time::Instant::now();
        let choice = self
            .player
            .choose(&self.game, &self.history, Some(time), &mut |_| {})
            .map_err(|e| e.to_string())?;
        self.clock.spend(c, start.elapsed().as_secs_f64());
        if let Some(thought) = &choice.thought {
            // What the search thought goes to standard error, as GTP engines write their
            // thinking for a GUI's console; the protocol stream stays clean.
            eprintln!("{}: {}", choice.mv, thought.summary());
        }
        let mv = self
            .game
            .play_text(&choice.mv)
            .map_err(|e| format!("the player chose a refused move: {e}"))?;
        self.history.push((c, mv.clone()));
        Ok(mv)
    }
}

/// GTP's colour words, in any case: `b`, `black`, `w`, `white`.
fn colour_word(word: &str) -> Option<Colour> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The responses of a freestyle gomoku session on a 5x5 board, one string per response.
    fn gomoku(session: &str) -> Vec<String> {
        let kind = GameKind::parse("gomoku").unwrap();
        let size = vec![("size".to_string(), toml::Value::from(5))];
        let spec = PlayerSpec::parse("random").unwrap();
        let mut out = Vec::new();
        let freestyle = Some("freestyle".to_string());
        run(kind, freestyle, size, spec, session.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        text.split_terminator("\n\n").map(str::to_string).collect()
    }

    #[test]
    fn an_illegal_move_says_why() {
        let answers = gomoku("1 play black c3\n2 play white c3\n3 play white z9\n");
        assert_eq!(answers[0], "=1 ");
        assert!(answers[1].starts_with("?2 illegal move: ") && answers[1].contains("C3"));
        assert!(
            answers[2].starts_with("?3 illegal move: "),
            "{}",
            answers[2]
        );
    }

    /// The responses of a session of `game` under its default ruleset with `set` overrides.
    fn session(game: &str, set: &[(&str, i64)], session: &str) -> Vec<String> {
        let kind = GameKind::parse(game).unwrap();
        let set = set
            .iter()
            .map(|&(k, v)| (k.to_string(), toml::Value::from(v)));
        let spec = PlayerSpec::parse("random").unwrap();
        let mut out = Vec::new();
        run(
            kind,
            None,
            set.collect(),
            spec,
            session.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        text.split_terminator("\n\n").map(str::to_string).collect()
    }

    #[test]
    fn final_score_refuses_an_unfinished_game_without_points() {
        let not_over = "?1 cannot score: the game is not over";
        assert_eq!(gomoku("1 final_score\n"), [not_over]);
        assert_eq!(gomoku("play black c3\n1 final_score\n")[1], not_over);
        for game in ["hex", "connect6"] {
            let replies = session(game, &[], "play black b2\n1 final_score\n");
            assert_eq!(replies, ["= ", not_over], "{game}");
        }
        // Once a row has won, the result: Gomoku's five on 5x5.
        let five = "play black a1\nplay white a2\nplay black b1\nplay white b2\nplay black c1\n\
                    play white c2\nplay black d1\nplay white d2\nplay black e1\n1 final_score\n";
        assert_eq!(gomoku(five).last().unwrap(), "=1 B+");
        // A game with points counts the board as it stands, as Go's engine does: TriGo's lone
        // stone owns the board, Dots' captures are none yet (even).
        let trigo = session("trigo", &[("size", 4)], "play black a1\n1 final_score\n");
        assert!(trigo[1].starts_with("=1 B+"), "{trigo:?}");
        assert_eq!(session("dots", &[], "1 final_score\n"), ["=1 0"]);
    }

    #[test]
    fn final_score_writes_a_draw_as_gtp_does() {
        // `Draw (board full)` after the last move; GTP's final_score answers B+n, W+n or 0.
        // A full board without five: rows XXOOX / OOXXO / XXOOX / OOXXO / XXOOX.
        let black = "a5 b5 e5 c4 d4 a3 b3 e3 c2 d2 a1 b1 e1";
        let white = "c5 d5 a4 b4 e4 c3 d3 a2 b2 e2 c1 d1";
        let mut session = String::new();
        let mut w = white.split(' ');
        for b in black.split(' ') {
            session.push_str(&format!("play black {b}\n"));
            if let Some(w) = w.next() {
                session.push_str(&format!("play white {w}\n"));
            }
        }
        session.push_str("2 stones-status\n3 final_score\n");
        let replies = gomoku(&session);
        assert!(replies[..25].iter().all(|r| r == "= "), "{replies:?}");
        assert!(replies[25].starts_with("=2 over Draw"), "{replies:?}");
        assert_eq!(replies[26], "=3 0");
    }

    #[test]
    fn clock_commands_check_their_words() {
        let replies = gomoku(
            "time_settings 60 0 0\ntime_left white 30 0\ntime_left purple 1 1\n\
             time_settings 1.5 0 0\ntime_settings 0 1 0\n1 genmove black\n",
        );
        assert_eq!(replies[..2], ["= ", "= "]);
        assert_eq!(replies[2..4], ["? syntax error", "? syntax error"]);
        assert_eq!(replies[4], "= ");
        assert!(replies[5].starts_with("=1 "), "{replies:?}");
    }
}
