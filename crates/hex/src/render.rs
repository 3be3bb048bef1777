//! The text picture, laid out as HexGui's board; self-contained so a shared renderer can replace it.

use crate::game::HexGame;
use stones_core::paint::{self, EMPTY as DIM, MARK};
use stones_core::{Game, Point};

/// Draws `game`; with `colour`, stones and the last-move mark get ANSI colours.
pub(crate) fn render(game: &HexGame, colour: bool) -> String {
    let (w, h) = game.topology().bounding_box();
    let (w, h) = (w as usize, h as usize);
    let last = game.decorations().last.first().map(|p| p.idx());
    let paint = |code: &str, text: &str| paint::painted(colour, code, text);
    let letters: String = (0..w)
        .map(|x| format!(" {}", (b'a' + x as u8) as char))
        .collect();
    let mut out = format!("   {letters}\n");
    for y in 0..h {
        out += &format!("{:>2} {}", y + 1, " ".repeat(y));
        // Points are numbered row by row: the row's cells are y·w … y·w + w − 1.
        for (k, i) in (y * w..=y * w + w).enumerate() {
            out += &match (k < w && last == Some(i), k > 0 && last == Some(i - 1)) {
                (true, _) => paint(MARK, "("),
                (_, true) => paint(MARK, ")"),
                _ if k == w => String::new(),
                _ => " ".into(),
            };
            out += &match game.stone(Point(i as u16)).filter(|_| k < w) {
                Some(c) => paint(paint::stone(c), ["X", "O"][c.idx()]),
                None if k < w => paint(DIM, "."),
                None => format!(" {}\n", y + 1),
            };
        }
    }
    out += &format!("{}{letters}\n", " ".repeat(h + 2));
    out += "X (Black) joins top and bottom, O (White) joins left and right\n";
    if game.history.last() == Some(&crate::Move::Swap) {
        out += "last move: swap-pieces\n";
    }
    out
}
