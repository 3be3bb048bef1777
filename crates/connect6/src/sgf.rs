//! Connect6 records in the SGF dialect of Little Golem, whose archive is the largest public collection
//! of Connect6 games: `(;FF[4]EV[connect6…]PB[…]PW[…];B[j10];W[j9l11];…)`. There is no `GM` number
//! for Connect6; each move is one node whose value names its points as a column letter `a`, `b`, …
//! (with `i`, unlike the board's Go-style names) and a row number from the bottom, the two points of a
//! pair glued together. This writer adds `SZ`, `RU` (this program's ruleset name and overrides, as the
//! Gomoku writer does) and `RE` (`B+6`, `W+R`, `0` for a draw).

use crate::game::Connect6;
use crate::moves::Connect6Move;
use stones_core::sgf::{coord_index, coord_letter, Node};
use stones_core::sgf_record;
use stones_core::{Colour, Game, Point};

/// A point in Little Golem's form: `j10` is the centre of 19x19 (`K10` on the board).
fn point_text(game: &Connect6, p: Point) -> String {
    let (x, y) = game.topology().xy(p);
    let letter = coord_letter(x).unwrap_or('?');
    format!("{letter}{}", game.rules().size.height - y)
}

/// Writes `game` as a Little Golem style record whose `RU` is `rule`.
pub fn write(game: &Connect6, rule: &str) -> String {
    let status = game.status();
    let first = [("EV", "connect6")];
    let mut nodes = vec![sgf_record::root(&first, game.rules().size, rule, &status)];
    // A resignation is the result, not a move.
    let values = game
        .history()
        .iter()
        .take_while(|&&mv| mv != Connect6Move::Resign);
    let values = values.map(|mv| mv.points().map(|p| point_text(game, p)).collect());
    let played = game.history().len();
    nodes.extend(sgf_record::move_nodes(game.to_move(), played, values));
    stones_core::sgf::write(&nodes)
}

/// One move as a record gives it: the colour and its points as `(x, y)` from the top left.
pub type RecordMove = (Colour, Vec<(u16, u16)>);

/// The moves of a record's main line (already parsed into nodes): per `B` or `W` node, its colour and
/// its points as `(x, y)` from the top left, read in Little Golem's form (`j10`, `j9l11`).
pub fn read_moves(nodes: &[Node], height: u16) -> Result<Vec<RecordMove>, String> {
    let mut moves = Vec::new();
    for (n, node) in nodes.iter().enumerate() {
        for (ident, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            let Some(value) = node.first(ident) else {
                continue;
            };
            let bad = || format!("node {n}: {ident}[{value}] is not one or two points such as j10");
            let mut points = Vec::new();
            let mut rest = value.trim().as_bytes();
            while let [letter, tail @ ..] = rest {
                let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
                let row: u16 = std::str::from_utf8(&tail[..digits])
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(bad)?;
                let x = coord_index(letter.to_ascii_lowercase()).ok_or_else(bad)?;
                let y = height
                    .checked_sub(row)
                    .filter(|_| row > 0)
                    .ok_or_else(bad)?;
                points.push((x, y));
                rest = &tail[digits..];
            }
            if !(1..=2).contains(&points.len()) {
                return Err(bad());
            }
            moves.push((colour, points));
        }
    }
    Ok(moves)
}
