//! Gomoku SGF records (`GM[4]`): the board size, the rule in `RU` and the moves (`B[hh]`, a pass as
//! `B[]`), written here and read back by
//! [`stones_core::Game::sgf_move`] (one SGF point a move).
//!
//! SGF has no standard names for gomoku rules, so `RU` holds this program's own: the ruleset's name
//! and any overridden keys, `RU[standard]` or `RU[standard opening=none]`.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::sgf::coord_letter;
use stones_core::sgf_record;
use stones_core::Game;

/// Writes `game` as an SGF record whose `RU` is `rule`: its size, every move, and the result of a
/// finished game (`RE[B+]` for five in a row, `RE[W+R]`, `RE[W+T]`, `RE[0]` for a draw).
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
