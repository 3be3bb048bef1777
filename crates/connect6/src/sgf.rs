//! Connect6 records in the SGF dialect of Little Golem, whose archive is the largest public collection
//! of Connect6 games: `(;FF[4]EV[connect6…]PB[…]PW[…];B[j10];W[j9l11];…)`. There is no `GM` number
//! for Connect6; each move is one node whose value names its points as a column letter `a`, `b`, …
//! (with `i`, unlike the board's Go-style names) and a row number, read from the bottom (were it
//! from the top, the game would be its mirror image, which is the same game), the two points of a
//! pair glued together. This writer adds `SZ`, `RU` (this program's ruleset name and overrides, as
//! the Gomoku writer does) and `RE` (`B+` for six in a row, `W+R`, `0` for a draw); the replay finds the game by its
//! `EV` (see the CLI's SGF replay).

use crate::game::Connect6;
use crate::moves::Connect6Move;
use stones_core::placement;
use stones_core::sgf::{coord_index, coord_letter};
use stones_core::topology::column_label;
use stones_core::{Game, MoveSyntaxError, Point};

/// A point in Little Golem's form: `j10` is the centre of 19x19 (`K10` on the board).
fn point_text(game: &Connect6, p: Point) -> String {
    let (x, y) = game.topology().xy(p);
    let letter = coord_letter(x).unwrap_or('?');
    format!("{letter}{}", game.rules().size.height - y)
}

/// Writes `game` as a Little Golem style record whose `RU` is `rule`.
pub fn write(game: &Connect6, rule: &str) -> String {
    // A resignation is the result, not a move.
    let moves = game
        .history()
        .iter()
        .take_while(|&&mv| mv != Connect6Move::Resign);
    let values = moves.map(|mv| mv.points().map(|p| point_text(game, p)).collect());
    let (first, played) = ([("EV", "connect6")], game.history().len());
    placement::record(game, &first, game.rules().size, rule, played, values)
}

/// Reads a move written in Little Golem's form, one point (`j10`) or two glued (`j9l11`), as the
/// board's own text (`K10`, `K9M11`): each column letter becomes the board's label for that column.
pub fn read_move(game: &Connect6, value: &str) -> Result<Connect6Move, MoveSyntaxError> {
    let column =
        |c: char| coord_index(c.to_ascii_lowercase() as u8).filter(|_| c.is_ascii_alphabetic());
    let ours: String = value
        .chars()
        .map(|c| column(c).map_or(c.to_string(), column_label))
        .collect();
    game.parse_move(&ours).map_err(|e| MoveSyntaxError {
        text: value.to_string(),
        why: format!("as this board names its points, {}: {}", ours, e.why),
    })
}
