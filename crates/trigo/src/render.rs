//! The text picture of a TriGo hexagon: rows offset so that all six neighbours of a point look
//! adjacent, letters along the lines of equal `x` (top, upper right, lower left, bottom), row
//! numbers on the left, the last move's stones in brackets.
//!
//! Point `(x, y)` is drawn in text column `2x − y + side + 1` of line `y + 1`, so `(x ± 1, y)` sit two
//! columns left and right, `(x, y + 1)` lower left, `(x + 1, y + 1)` lower right, and so on.

use crate::game::TrigoGame;
use crate::moves::TrigoMove;
use stones_core::{Game, Point, Shape};
use stones_go::render::{stone_symbol, RESET};

/// One character of the picture, with its ANSI paint.
#[derive(Clone, Copy)]
struct Cell(char, Option<&'static str>);

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &TrigoGame, colour: bool) -> String {
    let topo = game.topology();
    let Shape::Hex { side } = topo.shape() else {
        return String::new();
    };
    let n = side as i32;
    let span = 2 * n - 1;
    let width = (4 * n) as usize;
    // Lines y = −1 (top letters) to y = 2n − 1 (bottom letters).
    let mut grid = vec![vec![Cell(' ', None); width]; (span + 2) as usize];
    let col = |x: i32, y: i32| (2 * x - y + n + 1) as usize;
    let line = |y: i32| (y + 1) as usize;
    for x in 0..span {
        let label = Cell((b'a' + x as u8) as char, None);
        let top = (x - n + 1).max(0) - 1;
        let bottom = (x + n - 1).min(span - 1) + 1;
        grid[line(top)][col(x, top)] = label;
        grid[line(bottom)][col(x, bottom)] = label;
    }
    let last: Vec<Point> = match game.last_move() {
        Some(TrigoMove::One(p)) => vec![p],
        Some(TrigoMove::Two(p, q)) => vec![p, q],
        _ => Vec::new(),
    };
    for p in topo.points() {
        let (x, y) = topo.xy(p);
        let (x, y) = (x as i32, y as i32);
        let (sym, paint) = stone_symbol(game.stone(p), game.is_marked_dead(p));
        let cell = Cell(sym, Some(paint));
        let row = &mut grid[line(y)];
        row[col(x, y)] = cell;
        if last.contains(&p) {
            row[col(x, y) - 1] = Cell('(', None);
            if row[col(x, y) + 1].0 != '(' {
                row[col(x, y) + 1] = Cell(')', None);
            }
        }
    }
    let mut out = String::new();
    for (i, row) in grid.iter().enumerate() {
        let y = i as i32 - 1;
        if (0..span).contains(&y) {
            out.push_str(&format!("{:>2} ", y + 1));
        } else {
            out.push_str("   ");
        }
        let mut text = String::new();
        for &Cell(ch, paint) in row {
            match paint {
                Some(paint) if colour => text.push_str(&format!("{paint}{ch}{RESET}")),
                _ => text.push(ch),
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    let [b, w] = game.captures();
    out.push_str(&format!("captures: black {b}, white {w}\n"));
    out
}
