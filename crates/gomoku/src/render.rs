//! The text picture of a position: coordinates on all four sides, the last stone in `( )`, the winning
//! row in `[ ]` once a five is made; optional ANSI colours.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::topology::column_label;
use stones_core::{Colour, Game};

use stones_core::paint::{self, EMPTY as DIM, MARK, ROW};

/// Draws `game`; with `colour`, stones, marks and the winning row get ANSI colours.
pub(crate) fn render(game: &Gomoku, colour: bool) -> String {
    let topo = game.topology();
    let (width, height) = topo.bounding_box();
    let last = match game.last_move() {
        Some(Move::Place(p)) => Some(p),
        _ => None,
    };
    let row = game.winning_row().unwrap_or_default();
    let paint = |code: &str, text: &str| paint::painted(colour, code, text);
    let header: String = (0..width)
        .map(|x| format!("{:^3}", column_label(x)))
        .collect();
    let header = format!("   {}\n", header.trim_end());
    let mut out = header.clone();
    for y in 0..height {
        let number = height - y;
        out.push_str(&format!("{number:>2} "));
        for x in 0..width {
            let Some(p) = topo.at(x as i32, y as i32) else {
                continue;
            };
            let (ch, code) = match game.stone(p) {
                Some(c) => (if c == Colour::Black { 'X' } else { 'O' }, paint::stone(c)),
                None if game.is_blocked(p) => ('#', DIM),
                None => ('.', DIM),
            };
            let cell = if row.contains(&p) {
                paint(ROW, &format!("[{ch}]"))
            } else if last == Some(p) {
                format!(
                    "{}{}{}",
                    paint(MARK, "("),
                    paint(code, &ch.to_string()),
                    paint(MARK, ")")
                )
            } else {
                format!(" {} ", paint(code, &ch.to_string()))
            };
            out.push_str(&cell);
        }
        out.push_str(&format!(" {number}\n"));
    }
    out.push_str(&header);
    match game.last_move() {
        Some(Move::Pass) => out.push_str("last move: pass\n"),
        Some(Move::Resign) => out.push_str("last move: resign\n"),
        Some(Move::Timeout) => out.push_str("last move: timeout\n"),
        _ => {}
    }
    out
}
