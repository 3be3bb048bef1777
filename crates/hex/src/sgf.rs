//! Hex SGF records as HexGui writes them: `GM[11]`, `SZ[11]` (or `SZ[9:11]`, columns then rows),
//! moves by cell name (`B[a1]`), the swap as `W[swap-pieces]`, a resignation as a move
//! (`W[resign]`) and in `RE`. `RU` holds this program's ruleset name and overrides. Records are
//! read by the generic reader: each `B`/`W` value in the game's own notation (`swap` too).

use crate::game::HexGame;
use stones_core::sgf::Node;
use stones_core::{Game, Status};

/// Writes `game` as an SGF record whose `RU` is `rule`: its size, every move, and the result of a
/// finished game (`RE[B+]`, `RE[W+R]`).
pub fn write(game: &HexGame, rule: &str) -> String {
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
