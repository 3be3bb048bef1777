//! The text picture of a Go board: coordinates on all sides, star points, last move in brackets.

use crate::game::{GoGame, GoMove};
use crate::handicap;
use stones_core::{column_label_row, paint, Colour, Game, Point};

/// Ends an ANSI paint.
pub use stones_core::paint::RESET;

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &GoGame, colour: bool) -> String {
    let topo = game.topology();
    let (w, h) = topo.bounding_box();
    let stars = star_points(game);
    let last = match game.last_move() {
        Some(GoMove::Play(p)) => Some(p),
        _ => None,
    };
    let header = column_label_row(w, 2);
    let mut out = format!("    {header}\n");
    for y in 0..h {
        let row = h - y;
        out.push_str(&format!("{row:>3} "));
        for x in 0..w {
            let p = topo.at(x as i32, y as i32).unwrap_or(Point(0));
            let before = if last == Some(p) {
                '('
            } else if x > 0
                && last
                    .and_then(|l| topo.at(x as i32 - 1, y as i32).filter(|&q| q == l))
                    .is_some()
            {
                ')'
            } else {
                ' '
            };
            if x > 0 || before != ' ' {
                out.push(before);
            }
            out.push_str(&cell(game, p, stars.contains(&p), colour));
        }
        let after = if last.is_some() && topo.at(w as i32 - 1, y as i32) == last {
            ')'
        } else {
            ' '
        };
        out.push(after);
        out.push_str(&format!("{row}\n"));
    }
    out.push_str(&format!("    {header}\n"));
    let [b, wc] = game.captures();
    out.push_str(&format!("captures: black {b}, white {wc}\n"));
    out
}

fn cell(game: &GoGame, p: Point, star: bool, colour: bool) -> String {
    let (sym, paint) = match game.stone(p) {
        None if star => ('+', EMPTY_PAINT),
        stone => stone_symbol(stone, game.is_marked_dead(p)),
    };
    if colour {
        format!("{paint}{sym}{RESET}")
    } else {
        sym.to_string()
    }
}

/// The ANSI paint of empty points.
pub const EMPTY_PAINT: &str = stones_core::paint::EMPTY;

/// How a point looks in Go and TriGo pictures, with its ANSI paint: `X`/`O` for stones (lowercase
/// when marked dead), `.` for empty points.
pub fn stone_symbol(stone: Option<Colour>, dead: bool) -> (char, &'static str) {
    match stone {
        Some(Colour::Black) => (if dead { 'x' } else { 'X' }, paint::stone(Colour::Black)),
        Some(Colour::White) => (if dead { 'o' } else { 'O' }, paint::stone(Colour::White)),
        None => ('.', EMPTY_PAINT),
    }
}

fn star_points(game: &GoGame) -> Vec<Point> {
    let size = game.rules().size;
    if !size.is_square() || size.width < 7 {
        return Vec::new();
    }
    let n = if size.width % 2 == 1 && size.width >= 9 {
        9
    } else {
        4
    };
    handicap::gtp_points(size.width, n)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|xy| handicap::to_point(game.topology(), xy))
        .collect()
}
