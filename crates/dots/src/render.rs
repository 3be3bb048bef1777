//! A text picture of the field: coordinates on all sides, enclosures shaded, captured dots marked,
//! the last dot bracketed, optional ANSI colours (Black red, White blue).

use crate::cell::{self, Cell};
use crate::state::DotsGame;
use stones_core::topology::column_label;
use stones_core::{Colour, Game};

/// The legend printed under the field.
pub const LEGEND: &str =
    "x black  o white  * captured black  @ captured white  : enclosed  , free area  [ ] last dot";

/// Draws `game`'s field, top row first; `colour` adds ANSI colours.
pub fn render(game: &DotsGame, colour: bool) -> String {
    let (w, h) = (game.rules.size.width, game.rules.size.height);
    let last = game.last_point().map(|p| game.topo.xy(p));
    let labels: Vec<String> = (0..w).map(column_label).collect();
    let mut out = String::new();
    header(&mut out, &labels);
    for y in 0..h {
        let row = h - y;
        out.push_str(&format!("{row:>3} "));
        for x in 0..w {
            let is_last = last == Some((x, y));
            let after_last = x > 0 && last == Some((x - 1, y));
            out.push(if is_last {
                '['
            } else if after_last {
                ']'
            } else {
                ' '
            });
            let v = game
                .topo
                .at(x as i32, y as i32)
                .map_or(0, |p| game.cells[p.idx()]);
            push_point(&mut out, v, colour);
        }
        out.push(if last == Some((w - 1, y)) { ']' } else { ' ' });
        out.push_str(&format!("{row}\n"));
    }
    header(&mut out, &labels);
    out.push_str(LEGEND);
    let [black, white] = game.captures();
    out.push_str(&format!("\ncaptures: black {black}, white {white}\n"));
    out
}

/// Column labels, one character per column: two lines when some label has two letters.
fn header(out: &mut String, labels: &[String]) {
    let two = labels.iter().any(|l| l.len() > 1);
    for line in 0..1 + two as usize {
        out.push_str("    ");
        for l in labels {
            out.push(' ');
            let c = if two && line == 0 {
                if l.len() > 1 {
                    l.chars().next()
                } else {
                    Some(' ')
                }
            } else {
                l.chars().last()
            };
            out.push(c.unwrap_or(' '));
        }
        out.push('\n');
    }
}

/// One point's symbol, coloured when asked.
fn push_point(out: &mut String, v: Cell, colour: bool) {
    let (symbol, style) = match (cell::dot(v), cell::captor(v), cell::owner(v)) {
        (Some(d), Some(by), _) => (
            if d == Colour::Black { '*' } else { '@' },
            format!("2;{};{}", fg(d), bg(by)),
        ),
        (Some(d), None, _) => (d.symbol(), format!("1;{}", fg(d))),
        (None, _, Some(by)) => (':', format!("2;{}", fg(by))),
        (None, _, None) if cell::in_base(v, Colour::Black) || cell::in_base(v, Colour::White) => {
            (',', "2".to_string())
        }
        (None, _, None) => ('.', "2".to_string()),
    };
    if colour {
        out.push_str(&format!("\x1b[{style}m{symbol}\x1b[0m"));
    } else {
        out.push(symbol);
    }
}

fn fg(c: Colour) -> u8 {
    match c {
        Colour::Black => 31,
        Colour::White => 34,
    }
}

fn bg(c: Colour) -> u8 {
    fg(c) + 10
}
