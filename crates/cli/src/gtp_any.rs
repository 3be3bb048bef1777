//! GTP for every game other than Go (Go has its own engine in stones-gtp): the standard commands
//! with moves and points in the game's own notation (`a1+b2` for a TriGo pair, `stop` in Dots), and
//! `stones-status`.

use crate::player::Player;
use crate::registry::GameKind;
use crate::text_game::{AnyGame, TextGame};
use std::io::{self, BufRead, Write};
use stones_ai::PlayerSpec;
use stones_core::input::{Line, LineReader};
use stones_core::{Colour, Status};
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
    /// Seconds per move from the clock commands (else 1 s).
    move_time: f64,
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
        move_time: 1.0,
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
            "final_score" => Ok(match self.game.game_status() {
                Status::Over(o) => o.result,
                _ => self.game.current_score().result(),
            }),
            "time_settings" => match args {
                [main, byo, stones] => match (
                    main.parse::<f64>(),
                    byo.parse::<f64>(),
                    stones.parse::<f64>(),
                ) {
                    (Ok(main), Ok(byo), Ok(stones)) => {
                        self.move_time = if byo > 0.0 && stones > 0.0 {
                            byo / stones * 0.8
                        } else {
                            (main / 40.0).max(0.05)
                        };
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                },
                _ => Err("syntax error".into()),
            },
            "time_left" => match args {
                [_, t, s] => match (t.parse::<f64>(), s.parse::<f64>()) {
                    (Ok(t), Ok(s)) => {
                        let moves = if s > 0.0 { s } else { 30.0 };
                        self.move_time = (t / moves * 0.8).max(0.05);
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
        Ok(String::new())
    }

    /// The colour argument, which must be the side to move.
    fn colour(&self, word: &str) -> Result<Colour, String> {
        let c = match word.to_ascii_lowercase().as_str() {
            "b" | "black" => Colour::Black,
            "w" | "white" => Colour::White,
            _ => return Err("invalid color".into()),
        };
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
            Err(_) => Err("illegal move".into()),
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
        let time = std::time::Duration::from_secs_f64(self.move_time);
        let choice = self
            .player
            .choose(&self.game, &self.history, Some(time), &mut |_| {})
            .map_err(|e| e.to_string())?;
        let mv = self
            .game
            .play_text(&choice.mv)
            .map_err(|e| format!("the player chose a refused move: {e}"))?;
        self.history.push((c, mv.clone()));
        Ok(mv)
    }
}
