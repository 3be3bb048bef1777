//! A text picture of the field: coordinates on all sides, enclosures shaded, captured dots marked,
//! the last dot bracketed, the first-move zone as `+`
//! until both players have moved, optional ANSI colours (the scheme of every game).

use crate::cell::{self, Cell};
use crate::state::DotsGame;
use stones_core::topology::column_label;
use stones_core::{Colour, Game};

/// The legend printed under the field.
pub const LEGEND: &str =
    "X black  O white  * captured black  @ captured white  : enclosed  , free area  [ ] last dot";
/// The legend's line for the first-move zone, printed while it is drawn.
pub const ZONE_LEGEND: &str = "+ first-move zone: each player's first dot goes there";

/// Draws `game`'s field, top row first; `colour` adds ANSI colours.
pub fn render(game: &DotsGame, colour: bool) -> String {
    let (w, h) = (game.rules.size.width, game.rules.size.height);
    let last = game.last_point().map(|p| game.topo.xy(p));
    let labels: Vec<String> = (0..w).map(column_label).collect();
    // The first-move zone, drawn while the game is on and a player has still to put a first dot in it.
    let zone = game
        .binding_zone(Colour::Black)
        .or_else(|| game.binding_zone(Colour::White))
        .filter(|_| game.end.is_none());
    let in_zone = |x: u16, y: u16| {
        zone.is_some_and(|(x0, y0, x1, y1)| (x0..=x1).contains(&x) && (y0..=y1).contains(&y))
    };
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
            push_point(&mut out, v, in_zone(x, y), colour);
        }
        out.push(if last == Some((w - 1, y)) { ']' } else { ' ' });
        out.push_str(&format!("{row}\n"));
    }
    header(&mut out, &labels);
    out.push_str(LEGEND);
    if zone.is_some() {
        out.push('\n');
        out.push_str(ZONE_LEGEND);
    }
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

/// One point's symbol (`zone`: an empty point of the first-move zone), coloured when asked.
fn push_point(out: &mut String, v: Cell, zone: bool, colour: bool) {
    let (symbol, style) = match (cell::dot(v), cell::captor(v), cell::owner(v)) {
        (Some(d), Some(by), _) => (
            if d == Colour::Black { '*' } else { '@' },
            format!("2;{};{}", fg(d), bg(by)),
        ),
        (Some(d), None, _) => (
            if d == Colour::Black { 'X' } else { 'O' },
            format!("1;{}", fg(d)),
        ),
        (None, _, Some(by)) => (':', format!("2;{}", fg(by))),
        (None, _, None) if cell::in_base(v, Colour::Black) || cell::in_base(v, Colour::White) => {
            (',', "2".to_string())
        }
        (None, _, None) if zone => ('+', "2;31".to_string()),
        (None, _, None) => ('.', "2".to_string()),
    };
    if colour {
        out.push_str(&format!("\x1b[{style}m{symbol}\x1b[0m"));
    } else {
        out.push(symbol);
    }
}

fn fg(c: Colour) -> u8 {
    stones_core::paint::colour_code(c)
}

fn bg(c: Colour) -> u8 {
    fg(c) + 10
}
