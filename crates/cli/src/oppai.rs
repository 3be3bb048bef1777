//! An oppai-rs engine (kurnevsky/oppai-rs, its `main` binary): Dots over its JSON-lines protocol,
//! one request a line and one response a line —
//! `{"command":"Init","width":39,"height":32}` → `{"command":"Init"}`,
//! `{"command":"PutPoint","coords":{"x":1,"y":2},"player":"Red"}` → `{"command":"PutPoint","put":true}`,
//! `{"command":"Analyze","player":"Black","constraint":{"type":"Time","value":900}}` →
//! `{"command":"Analyze","moves":[{"coords":{"x":1,"y":2},"weight":0.7},…]}` (milliseconds; the
//! move is the heaviest). Coordinates count from 0, x from the left, y from the top; Black is
//! `Black` and White `Red`. The engine runs as a [`Process`], with the same deadlines, bounded
//! lines and process group as GTP engines and Gomocup brains.
//!
//! oppai-rs knows one set of rules: an intruder into a free area is captured at once, no first-move
//! zone, no extra move, an empty field to start (as the `grounding` ruleset).

use crate::engine::{quote, Deadline, Failure, Process};
use crate::text_game::AnyGame;
use serde_json::{json, Value};
use std::time::Duration;
use stones_core::Colour;
use stones_dots::{CaptureTiming, DotsGame, Start};

/// An oppai-rs engine and what it has been told.
pub struct OppaiEngine {
    process: Process,
    /// The moves the engine has been told since its `Init`, in order (STOPs included, not sent).
    told: Vec<(Colour, String)>,
    started: bool,
}

/// Why `game` cannot be played by oppai-rs, if it cannot.
pub fn unsupported(game: &AnyGame) -> Option<String> {
    let Some(dots) = game.downcast_ref::<DotsGame>() else {
        return Some(format!(
            "oppai: players play Dots only, not {}",
            game.game_name()
        ));
    };
    let rules = dots.rules();
    let fits = rules.capture_timing == CaptureTiming::Immediate
        && !rules.first_move_zone
        && !rules.extra_move
        && rules.start == Start::Empty;
    (!fits).then(|| {
        "oppai: oppai-rs captures an intruder at once and knows no first-move zone, extra move or \
         start position: play with --ruleset grounding (or capture_timing=\"immediate\", \
         first_move_zone=false, extra_move=false, start=\"empty\")"
            .to_string()
    })
}

/// oppai-rs's name of a colour.
fn player_word(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "Red",
    }
}

impl OppaiEngine {
    /// Starts the engine (its `Init` comes with [`OppaiEngine::sync`], at start-up or the first move).
    pub fn spawn(command: &[String]) -> Result<OppaiEngine, Failure> {
        Ok(OppaiEngine {
            process: Process::spawn(command)?,
            told: Vec::new(),
            started: false,
        })
    }

    /// Sends `request` and reads its response before `deadline`: a JSON object whose `command` is
    /// the request's. Blank lines are skipped; anything else is garbage.
    fn exchange(&mut self, request: &Value, deadline: &Deadline) -> Result<Value, Failure> {
        self.process.send(&request.to_string())?;
        let line = loop {
            let line = self.process.recv(deadline)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let value: Value = serde_json::from_str(line.trim())
            .map_err(|_| Failure::Garbage(format!("not JSON: {}", quote(&line))))?;
        if value.get("command") != request.get("command") {
            return Err(Failure::Garbage(format!(
                "expected a {} response, got {}",
                request["command"],
                quote(&line)
            )));
        }
        Ok(value)
    }

    /// Brings the engine to the game's position: `Init` once (again after an undo), then a
    /// `PutPoint` for each move it has not been told, all before `deadline`. A point the engine
    /// refuses means its field and ours differ: garbage.
    pub fn sync(
        &mut self,
        game: &AnyGame,
        history: &[(Colour, String)],
        deadline: &Deadline,
    ) -> Result<(), Failure> {
        let prefix =
            self.told.len() <= history.len() && history[..self.told.len()] == self.told[..];
        if !self.started || !prefix {
            let stones_core::Shape::Square { width, height, .. } = game.topology_shape() else {
                return Err(Failure::Garbage("oppai-rs plays on rectangles".into()));
            };
            let init = json!({"command": "Init", "width": width, "height": height});
            self.exchange(&init, deadline)?;
            self.told.clear();
            self.started = true;
        }
        for (colour, mv) in &history[self.told.len()..] {
            if let Some((x, y)) = game.point_xy(mv) {
                let put = json!({
                    "command": "PutPoint",
                    "coords": {"x": x, "y": y},
                    "player": player_word(*colour),
                });
                let answer = self.exchange(&put, deadline)?;
                match answer.get("put").and_then(Value::as_bool) {
                    Some(true) => {}
                    Some(false) => {
                        return Err(Failure::Garbage(format!(
                            "it refused {mv} ({x},{y}): its field differs from the game's"
                        )))
                    }
                    None => {
                        return Err(Failure::Garbage(format!(
                            "a PutPoint response without put: {}",
                            quote(&answer.to_string())
                        )))
                    }
                }
            }
            self.told.push((*colour, mv.clone()));
        }
        Ok(())
    }

    /// Asks for a move of the side to move, thinking `think` (oppai-rs's own time limit), before
    /// `deadline`: the heaviest of the moves it answers, as the point's name.
    pub fn genmove(
        &mut self,
        game: &AnyGame,
        think: Duration,
        deadline: &Deadline,
    ) -> Result<String, Failure> {
        let request = json!({
            "command": "Analyze",
            "player": player_word(game.player_to_move()),
            "constraint": {"type": "Time", "value": think.as_millis() as u64},
        });
        let answer = self.exchange(&request, deadline)?;
        let bad = || {
            Failure::Garbage(format!(
                "an Analyze response without moves: {}",
                quote(&answer.to_string())
            ))
        };
        let moves = answer
            .get("moves")
            .and_then(Value::as_array)
            .ok_or_else(bad)?;
        let mut best: Option<(f64, i64, i64)> = None;
        for m in moves {
            let coord = |k: &str| {
                m.get("coords")
                    .and_then(|c| c.get(k))
                    .and_then(Value::as_i64)
            };
            let (Some(x), Some(y)) = (coord("x"), coord("y")) else {
                return Err(bad());
            };
            let weight = m.get("weight").and_then(Value::as_f64).unwrap_or(0.0);
            if best.is_none_or(|(w, _, _)| weight > w) {
                best = Some((weight, x, y));
            }
        }
        let (_, x, y) = best.ok_or_else(|| Failure::Garbage("no move in its analysis".into()))?;
        let on = |v: i64| i32::try_from(v).ok();
        on(x)
            .zip(on(y))
            .and_then(|(x, y)| game.point_at(x, y))
            .ok_or_else(|| Failure::Illegal(format!("{x},{y} is not on the field")))
    }
}
