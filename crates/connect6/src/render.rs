//! The text picture of a position, drawn from its [`Game::decorations`]: coordinates on all four
//! sides, the last move's stones in `( )`, the winning row in `[ ]`; optional ANSI colours. (The
//! shared text renderer in core, when it lands, draws the same from the same decorations.)

use crate::game::Connect6;
use crate::moves::Connect6Move;
use stones_core::paint::{self, EMPTY as DIM, MARK, ROW};
use stones_core::topology::column_label_row;
use stones_core::{Colour, Game};

/// Draws `game`; with `colour`, stones, marks and the winning row get ANSI colours.
pub(crate) fn render(game: &Connect6, colour: bool) -> String {
    let topo = game.topology();
    let deco = game.decorations();
    let (width, height) = topo.bounding_box();
    let paint = |code: &str, text: &str| paint::painted(colour, code, text);
    let header = format!("    {}\n", column_label_row(width, 3));
    let mut out = header.clone();
    for y in 0..height {
        out.push_str(&format!("{:>2} ", height - y));
        for p in (0..width).filter_map(|x| topo.at(x as i32, y as i32)) {
            let (ch, code) = match game.stone(p) {
                Some(c) => (if c == Colour::Black { "X" } else { "O" }, paint::stone(c)),
                None => (".", DIM),
            };
            let cell = match (deco.highlight.contains(&p), deco.last.contains(&p)) {
                (true, _) => paint(ROW, &format!("[{ch}]")),
                (_, true) => [paint(MARK, "("), paint(code, ch), paint(MARK, ")")].concat(),
                _ => format!(" {} ", paint(code, ch)),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!(" {}\n", height - y));
    }
    out.push_str(&header);
    if game.history().last() == Some(&Connect6Move::Resign) {
        out.push_str("last move: resign\n");
    }
    out
}
