//! A game record uploaded for review: an SGF record or a case file, read by the same code as
//! `stones replay` ([`crate::sgf_replay::sgf_game`], [`stones_core::case_file::CaseFile`]), turned
//! into the creation request of a game between two people and the moves to play in it, so that a
//! stored upload replays like any other game and its uploader may also play on from its end.

use super::games::ApiError;
use crate::cli::RulesArgs;
use serde_json::{json, Map, Value};
use stones_core::case_file::CaseFile;
use stones_core::{Colour, Shape};

/// A record read: the creation request and each move with the colour the record gives it.
#[derive(Debug)]
pub struct Upload {
    pub request: Value,
    pub moves: Vec<(Option<Colour>, String)>,
}

/// Reads `text`, an SGF record (it starts with `(`) or a case file; a set-up position is refused
/// (the server's games start from their ruleset's start).
pub fn read_record(text: &str) -> Result<Upload, ApiError> {
    if text.trim_start().starts_with('(') {
        read_sgf(text)
    } else {
        read_case(text)
    }
}

fn read_sgf(text: &str) -> Result<Upload, ApiError> {
    let r = crate::sgf_replay::sgf_game(text.as_bytes(), &RulesArgs::default())
        .map_err(|e| ApiError::bad(format!("the SGF record cannot be read: {e}")))?;
    if r.setup.is_some() {
        return Err(set_up());
    }
    let mut set = Map::new();
    if let Shape::Square { width, height, .. } | Shape::Rhombus { width, height } =
        r.game.topology_shape()
    {
        set.insert("size".into(), json!([width, height]));
    }
    if let Some(komi) = r.game.komi_points() {
        set.insert("komi".into(), json!(komi));
    }
    if let Some(m) = r.moves.iter().find(|m| m.reason.is_some()) {
        return Err(ApiError::bad(format!(
            "move {} ({:.40}) of the record is refused under {}: {}",
            m.n,
            m.mv,
            r.label,
            m.reason.as_deref().unwrap_or("")
        )));
    }
    let moves = r
        .moves
        .iter()
        .map(|m| (Some(m.player), m.mv.clone()))
        .collect();
    Ok(Upload {
        request: request(r.game.game_name(), Some(&r.ruleset), Value::Object(set)),
        moves,
    })
}

fn read_case(text: &str) -> Result<Upload, ApiError> {
    let case: CaseFile = toml::from_str(text).map_err(|e| {
        ApiError::bad(format!(
            "expected an SGF record or a case file; as a case file: {}",
            e.message()
        ))
    })?;
    if case.setup.as_ref().is_some_and(|s| s.board.is_some()) {
        return Err(set_up());
    }
    let moves = case.all_moves().map_err(ApiError::bad)?;
    let set = serde_json::to_value(&case.set).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Upload {
        request: request(&case.game, case.ruleset.as_deref(), set),
        moves: moves.iter().map(|m| (None, m.clone())).collect(),
    })
}

/// The creation request of a game between two people (no ruleset: the game's default).
fn request(game: &str, ruleset: Option<&str>, set: Value) -> Value {
    json!({"game": game, "ruleset": ruleset, "set": set, "black": "human", "white": "human"})
}

fn set_up() -> ApiError {
    ApiError::bad("a record that starts from a set-up position (handicap stones, AB/AW, [setup] board) cannot be reviewed here yet")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sgf_record_becomes_a_request_and_its_moves() {
        let u = read_record("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gg])").unwrap();
        assert_eq!(u.request["game"], "go");
        assert_eq!(u.request["set"], json!({"size": [9, 9], "komi": 6.5}));
        assert_eq!(u.moves.len(), 3);
        assert_eq!(u.moves[0], (Some(Colour::Black), "E5".to_string()));
    }

    #[test]
    fn a_case_file_becomes_a_request_and_its_moves() {
        let u = read_record(
            "game = \"gomoku\"\nruleset = \"freestyle\"\nmoves = [\"H8\", \"A1\"]\n[set]\nsize = 15\n",
        )
        .unwrap();
        assert_eq!(u.request["ruleset"], "freestyle");
        assert_eq!(u.request["set"], json!({"size": 15}));
        assert_eq!(u.moves, vec![(None, "H8".into()), (None, "A1".into())]);
    }

    #[test]
    fn what_is_not_a_record_or_starts_from_a_set_up_is_refused() {
        for bad in [
            "hello",
            "(;GM[1]SZ[9]AB[ee];W[cc])",
            "game = \"go\"\n[setup]\nboard = \"\"\"\nx .\n. .\n\"\"\"\n",
            "(;GM[999];B[aa])",
            "(;GM[1]SZ[5];B[cc];W[cc])",
        ] {
            let e = read_record(bad).unwrap_err();
            assert_eq!(e.0, 400, "{bad}: {}", e.1);
        }
    }
}
