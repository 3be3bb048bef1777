//! Hex SGF records as HexGui writes them: `GM[11]`, `SZ[11]` (or `SZ[9:11]`, columns then rows),
//! moves by cell name (`B[a1]`), the swap as `W[swap-pieces]`, a resignation as a move
//! (`W[resign]`) and in `RE`. `RU` holds this program's ruleset name and overrides.

use crate::game::Hex;
use stones_core::sgf::Node;
use stones_core::{Colour, Game, Status};

/// Writes `game` as an SGF record whose `RU` is `rule`: its size, every move, and the result of a
/// finished game (`RE[B+]`, `RE[W+R]`).
pub fn write(game: &Hex, rule: &str) -> String {
    let mut root = Node::default();
    let size = game.rules().size.to_string().replace('x', ":");
    let version = format!("stones:{}", env!("CARGO_PKG_VERSION"));
    for (ident, value) in [("FF", "4"), ("GM", "11"), ("CA", "UTF-8"), ("AP", &version)] {
        root.push(ident, vec![value.to_string()]);
    }
    root.push("SZ", vec![size]);
    root.push("RU", vec![rule.to_string()]);
    if let Status::Over(outcome) = game.status() {
        root.push("RE", vec![outcome.result]);
    }
    let mut nodes = vec![root];
    let moves = game.history();
    let mut colour = game.to_move();
    if moves.len() % 2 == 1 {
        colour = colour.opponent();
    }
    for &mv in moves {
        nodes.push(Node::default());
        let text = game.move_text(mv);
        nodes
            .last_mut()
            .unwrap()
            .push(&colour.letter().to_string(), vec![text]);
        colour = colour.opponent();
    }
    stones_core::sgf::write(&nodes)
}

/// A record's moves: the colour it names and the move as written.
pub type RecordMoves = Vec<(Colour, String)>;

/// Reads a record's main line (already parsed into nodes): the size from `SZ` (11 when absent) and
/// the moves with the colour the record names, as written (`a1`, `swap-pieces`, `resign`); the
/// game's rules judge the moves when they are played.
pub fn read_nodes(nodes: &[Node]) -> Result<((u16, u16), RecordMoves), String> {
    let sz = nodes
        .first()
        .and_then(|root| root.first("SZ"))
        .unwrap_or("11")
        .trim();
    let (w, h) = sz.split_once(':').unwrap_or((sz, sz));
    let number = |s: &str| s.trim().parse::<u16>();
    let size = match (number(w), number(h)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(format!("SZ[{sz}]: expected a size such as 11 or 9:11")),
    };
    let mut moves = Vec::new();
    for node in nodes {
        for (ident, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            moves.extend(node.first(ident).map(|v| (colour, v.trim().to_string())));
        }
    }
    Ok((size, moves))
}
