//! A game record uploaded for review: an SGF record or a case file, read by the same code as
//! `stones replay` ([`stones_cli::sgf_replay::sgf_game`], [`stones_core::case_file::CaseFile`]), turned
//! into the creation request of a game between two people and the moves to play in it, so that a
//! stored upload replays like any other game and its uploader may also play on from its end.

use super::games::ApiError;
use serde_json::{json, Map, Value};
use stones_cli::cli::RulesArgs;
use stones_core::case_file::CaseFile;
use stones_core::{Colour, Shape};

/// A record read: the creation request and each move with the colour the record gives it.
#[derive(Debug)]
pub struct Upload {
    pub request: Value,
    pub moves: Vec<(Option<Colour>, String)>,
}

/// Reads `text`, an SGF record (it starts with `(`) or a case file. A set-up start (handicap
/// stones, `AB`/`AW`, a case file's `[setup]` board) goes into the request's `setup`; stones added
/// or removed later in a record are refused (the server rebuilds a game from its start and moves).
/// A finished record's moves run to its end, as `stones replay` plays it: a Go record's dead
/// stones (its last node's `TB`/`TW`) and `done`, Dots' STOPs, a resignation from `RE`.
pub fn read_record(text: &str) -> Result<Upload, ApiError> {
    if text.trim_start().starts_with('(') {
        read_sgf(text)
    } else {
        read_case(text)
    }
}

fn read_sgf(text: &str) -> Result<Upload, ApiError> {
    let r = stones_cli::sgf_replay::sgf_game(text.as_bytes(), &RulesArgs::default())
        .map_err(|e| ApiError::bad(format!("the SGF record cannot be read: {e}")))?;
    if r.edited_later {
        return Err(ApiError::bad(
            "the record adds or removes stones after its start (AB/AW/AE in a later node): only moves can be reviewed here",
        ));
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
    // The record's end is in its moves (STOPs, the dead stones and `done`, a resignation from its
    // `RE`), so the game opens where it ended; but the site resigns only for the player to move,
    // so a resignation the record gives out of turn is left out (the game opens before it).
    let kept = r.moves.len() - usize::from(r.resigned_out_of_turn);
    let moves = r.moves[..kept]
        .iter()
        .map(|m| (Some(m.player), m.mv.clone()))
        .collect();
    let mut request = request(r.game.game_name(), Some(&r.ruleset), Value::Object(set));
    if let Some((board, to_move)) = &r.setup {
        request["setup"] = setup(board, *to_move);
    }
    Ok(Upload { request, moves })
}

fn read_case(text: &str) -> Result<Upload, ApiError> {
    let case: CaseFile = toml::from_str(text).map_err(|e| {
        ApiError::bad(format!(
            "expected an SGF record or a case file; as a case file: {}",
            e.message()
        ))
    })?;
    let moves = case.all_moves().map_err(ApiError::bad)?;
    let set = serde_json::to_value(&case.set).map_err(|e| ApiError::bad(e.to_string()))?;
    let mut request = request(&case.game, case.ruleset.as_deref(), set);
    if let Some(s) = &case.setup {
        if let Some(board) = &s.board {
            request["setup"] = setup(board, s.to_move.unwrap_or(Colour::Black));
        }
    }
    Ok(Upload {
        request,
        moves: moves.iter().map(|m| (None, m.clone())).collect(),
    })
}

/// The creation request of a game between two people (no ruleset: the game's default).
fn request(game: &str, ruleset: Option<&str>, set: Value) -> Value {
    json!({"game": game, "ruleset": ruleset, "set": set, "black": "human", "white": "human"})
}

/// A request's `setup`: the start position as case-file board rows and who moves first.
fn setup(board: &str, to_move: Colour) -> Value {
    json!({"board": board, "to_move": to_move.to_string()})
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
    fn a_set_up_start_goes_into_the_request() {
        let u = read_record("(;GM[1]SZ[3]HA[2]AB[aa][cc];W[bb])").unwrap();
        assert_eq!(
            u.request["setup"],
            json!({"board": "x . .\n. . .\n. . x", "to_move": "white"})
        );
        assert_eq!(u.moves, vec![(Some(Colour::White), "B2".into())]);
        let u = read_record(
            "game = \"go\"\nmoves = [\"B2\"]\n[setup]\nto_move = \"white\"\nboard = \"\"\"\nx .\n. .\n\"\"\"\n",
        )
        .unwrap();
        assert_eq!(
            u.request["setup"],
            json!({"board": "x .\n. .\n", "to_move": "white"})
        );
    }

    #[test]
    fn a_finished_record_runs_to_its_end() {
        let moves =
            |text: &str| -> Vec<(Option<Colour>, String)> { read_record(text).unwrap().moves };
        let (b, w) = (Some(Colour::Black), Some(Colour::White));
        // Go: the dead stone on B3 and `done`, from the last node's territory.
        let go = "(;GM[1]SZ[5]KM[5.5]RU[classic]RE[B+0.5];B[ce];W[de];B[cd];W[dd];B[cc];W[dc];\
                  B[cb];W[db];B[ca];W[da];B[];W[bc];B[];W[]TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]\
                  TW[ea][eb][ec][ed][ee])";
        let go = moves(go);
        assert_eq!(go.len(), 16);
        assert_eq!(go[14..], [(b, "dead B3".into()), (b, "done".into())]);
        // Dots: the STOPs are moves.
        let dots = "(;GM[40]SZ[5:5]RU[official first_move_zone=false]RE[Draw];B[cc];W[dc];B[];W[])";
        assert_eq!(
            moves(dots),
            [
                (b, "C3".into()),
                (w, "D3".into()),
                (b, "stop".into()),
                (w, "stop".into())
            ]
        );
        // A resignation from RE, in turn; out of turn the site cannot play it, and it is left out.
        assert_eq!(
            moves("(;GM[1]SZ[9]RE[B+R];B[ee])"),
            [(b, "E5".into()), (w, "resign".into())]
        );
        assert_eq!(moves("(;GM[1]SZ[9]RE[W+R];B[ee])"), [(b, "E5".into())]);
    }

    #[test]
    fn what_is_not_a_record_or_edits_the_board_later_is_refused() {
        for bad in [
            "hello",
            "(;GM[1]SZ[9];B[ee];AW[cc];B[dd])",
            "(;GM[999];B[aa])",
            "(;GM[1]SZ[5];B[cc];W[cc])",
        ] {
            let e = read_record(bad).unwrap_err();
            assert_eq!(e.0, 400, "{bad}: {}", e.1);
        }
    }
}
