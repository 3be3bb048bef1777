//! Gomoku SGF records (`GM[4]`): the board size, the rule in `RU` and the moves (`B[hh]`, a pass as
//! `B[]`), written and read back.
//!
//! SGF has no standard names for gomoku rules, so `RU` holds this program's own: the ruleset's name
//! and any overridden keys, `RU[standard]` or `RU[standard opening=none]`.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::sgf::{coord_index, coord_letter, Node};
use stones_core::sgf_record;
use stones_core::{Colour, Game};

/// Writes `game` as an SGF record whose `RU` is `rule`: its size, every move, and the result of a
/// finished game (`RE[B+5]`, `RE[W+R]`, `RE[0]` for a draw).
pub fn write(game: &Gomoku, rule: &str) -> String {
    let status = game.status();
    let mut nodes = vec![sgf_record::root(
        &[("GM", "4")],
        game.rules().size,
        rule,
        &status,
    )];
    // A resignation or a timeout is the result, not a move.
    let values = game.history().iter().map_while(|&mv| match mv {
        Move::Place(p) => {
            let (x, y) = game.topology().xy(p);
            Some(match (coord_letter(x), coord_letter(y)) {
                (Some(a), Some(b)) => format!("{a}{b}"),
                _ => String::new(),
            })
        }
        Move::Resign | Move::Timeout => None,
        Move::Pass => Some(String::new()),
    });
    let played = game.history().len();
    nodes.extend(sgf_record::move_nodes(game.to_move(), played, values));
    stones_core::sgf::write(&nodes)
}

/// A gomoku record as read: size, rule text, moves (`None` = a pass) and result.
#[derive(Clone, Debug, PartialEq)]
pub struct GomokuRecord {
    /// Width and height.
    pub size: (u16, u16),
    /// The `RU` text, if any.
    pub rule: Option<String>,
    /// The moves, with the colour the record names.
    pub moves: Vec<(Colour, Option<(u16, u16)>)>,
    /// The `RE` text, if any.
    pub result: Option<String>,
}

/// Reads a record's main line (already parsed into nodes): `GM[4]`, `SZ`, `RU`, `RE` and the moves.
pub fn read_nodes(nodes: &[Node]) -> Result<GomokuRecord, String> {
    let root = nodes.first().ok_or("the record has no nodes")?;
    let size = match root.first("SZ").map(str::trim) {
        None => (15, 15),
        Some(sz) => {
            let number = |s: &str| {
                s.trim()
                    .parse::<u16>()
                    .map_err(|_| format!("SZ[{sz}]: expected a size such as 15 or 15:20"))
            };
            match sz.split_once(':') {
                Some((w, h)) => (number(w)?, number(h)?),
                None => (number(sz)?, number(sz)?),
            }
        }
    };
    let mut moves = Vec::new();
    for (n, node) in nodes.iter().enumerate() {
        for (ident, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            let Some(value) = node.first(ident) else {
                continue;
            };
            let at = match value.trim().as_bytes() {
                [] => None,
                [a, b] => match (coord_index(*a), coord_index(*b)) {
                    (Some(x), Some(y)) if x < size.0 && y < size.1 => Some((x, y)),
                    _ => return Err(format!("node {n}: {ident}[{value}] is not on the board")),
                },
                _ => return Err(format!("node {n}: {ident}[{value}] is not a point")),
            };
            moves.push((colour, at));
        }
    }
    Ok(GomokuRecord {
        size,
        rule: root.first("RU").map(|s| s.trim().to_string()),
        moves,
        result: root.first("RE").map(str::to_string),
    })
}
