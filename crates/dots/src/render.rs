//! The text picture of the field ([`stones_core::text_render`]): the last dot in `[ ]` (the fact of
//! [`Game::decorations`]), enclosures shaded, captured dots marked, the first-move zone as `+` until
//! both players have moved, and a legend under the field.

use crate::cell;
use crate::state::DotsGame;
use stones_core::paint;
use stones_core::text_render::{self, Brackets, Glyph, GridLayout, TextDecorations};
use stones_core::{Colour, Game, Point};

/// The legend printed under the field, in parts: one line; a compact picture prints the first two
/// on lines of their own and names the last dot instead of bracketing it.
pub const LEGEND: [&str; 3] = [
    "X black  O white  * captured black  @ captured white",
    ": enclosed  , free area",
    "[ ] last dot",
];
/// The legend's line for the first-move zone, printed while it is drawn.
pub const ZONE_LEGEND: &str = "+ first-move zone: each player's first dot goes there";

/// Draws `game`'s field, top row first; `colour` adds ANSI colours; `compact` draws it in at most
/// 80 columns ([`GridLayout::COMPACT`], the legend on more lines, the last dot named there).
pub fn render(game: &DotsGame, colour: bool, compact: bool) -> String {
    // The first-move zone, drawn while the game is on and a player has still to put a first dot in it.
    let zone = game
        .binding_zone(Colour::Black)
        .or_else(|| game.binding_zone(Colour::White))
        .filter(|_| game.end.is_none());
    let in_zone = |p: Point| {
        let (x, y) = game.topo.xy(p);
        zone.is_some_and(|(x0, y0, x1, y1)| (x0..=x1).contains(&x) && (y0..=y1).contains(&y))
    };
    let mut legend = match compact {
        true => vec![LEGEND[0].to_string(), LEGEND[1].to_string()],
        false => vec![LEGEND.join("  ")],
    };
    legend.extend(zone.map(|_| ZONE_LEGEND.to_string()));
    legend.push(text_render::captures_line(game.captures()));
    let stone = |p| game.dot(p);
    let facts = game.decorations();
    let mut deco = TextDecorations::from_svg(&facts, stone, Brackets::SQUARE);
    if compact {
        // No room for brackets beside the field's last column: the legend names the last dot.
        deco.brackets.clear();
        let last = facts.last.iter().map(|&p| game.topo.name(p));
        legend.extend(last.map(|name| format!("last dot: {name}")));
    }
    deco.layout = match compact {
        true => GridLayout::COMPACT,
        false => GridLayout {
            indent: 1,
            ..GridLayout::default()
        },
    };
    let glyphs = game
        .topo
        .points()
        .filter_map(|p| Some((p, glyph(game, p, in_zone(p))?)));
    deco.glyphs.extend(glyphs);
    deco.legend = legend;
    text_render::render(&game.topo, stone, &deco, colour)
}

/// The symbol of `p` when it is not a plain dot or empty point (`zone`: `p` lies in the first-move
/// zone).
fn glyph(game: &DotsGame, p: Point, zone: bool) -> Option<Glyph> {
    let v = game.cells[p.idx()];
    let (symbol, paint) = match (cell::dot(v), cell::captor(v), cell::owner(v)) {
        (Some(d), Some(by), _) => (
            if d == Colour::Black { '*' } else { '@' },
            paint::captured(d, by),
        ),
        (Some(_), None, _) => return None,
        (None, _, Some(by)) => (':', paint::area(by)),
        (None, _, None) if Colour::BOTH.iter().any(|&c| cell::in_base(v, c)) => (',', paint::EMPTY),
        (None, _, None) if zone => ('+', paint::ZONE),
        (None, _, None) => return None,
    };
    Some(Glyph::new(symbol, paint))
}
