//! Gomoku SGF records (`GM[4]`): the board size, the rule in `RU` and the moves (`B[hh]`, a pass as
//! `B[]`), written here and read back by
//! [`Game::sgf_move`](stones_core::Game::sgf_move) (one SGF point a move).
//!
//! SGF has no standard names for gomoku rules, so `RU` holds this program's own: the ruleset's name
//! and any overridden keys, `RU[standard]` or `RU[standard opening=none]`.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::sgf::{coord_letter, Node};
use stones_core::{Game, Status};

/// Writes `game` as an SGF record whose `RU` is `rule`: its size, every move, and the result of a
/// finished game (`RE[B+5]`, `RE[W+R]`, `RE[0]` for a draw).
pub fn write(game: &Gomoku, rule: &str) -> String {
    let size = game.rules().size;
    let mut root = Node::default();
    root.push("GM", vec!["4".into()]);
    root.push("FF", vec!["4".into()]);
    root.push("CA", vec!["UTF-8".into()]);
    root.push("AP", vec![format!("stones:{}", env!("CARGO_PKG_VERSION"))]);
    root.push(
        "SZ",
        vec![if size.is_square() {
            size.width.to_string()
        } else {
            format!("{}:{}", size.width, size.height)
        }],
    );
    root.push("RU", vec![rule.to_string()]);
    if let Status::Over(outcome) = game.status() {
        let re = if outcome.winner.is_none() {
            "0".to_string()
        } else {
            outcome.result
        };
        root.push("RE", vec![re]);
    }
    let mut nodes = vec![root];
    let mut colour = game.to_move();
    // The side that made the first move: every move alternates.
    if game.history().len() % 2 == 1 {
        colour = colour.opponent();
    }
    for &mv in game.history() {
        let value = match mv {
            Move::Place(p) => {
                let (x, y) = game.topology().xy(p);
                match (coord_letter(x), coord_letter(y)) {
                    (Some(a), Some(b)) => format!("{a}{b}"),
                    _ => String::new(),
                }
            }
            // A resignation or a timeout is the result, not a move.
            Move::Resign | Move::Timeout => break,
            Move::Pass => String::new(),
        };
        let mut node = Node::default();
        node.push(&colour.letter().to_string(), vec![value]);
        nodes.push(node);
        colour = colour.opponent();
    }
    stones_core::sgf::write(&nodes)
}
