//! The text picture of a Go board ([`stones_core::text_render`]): star points, dead stones in lower
//! case, the last stone in `( )`, the captures under the board.

use crate::game::{GoGame, GoMove};
use crate::handicap;
use stones_core::text_render::{self, Brackets, Glyph, TextDecorations};
use stones_core::{Game, Point};

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &GoGame, colour: bool) -> String {
    let topo = game.topology();
    let stars = star_points(game)
        .into_iter()
        .filter(|&p| game.stone(p).is_none());
    let mut deco = TextDecorations {
        glyphs: stars.map(|p| (p, Glyph::STAR)).collect(),
        legend: vec![text_render::captures_line(game.captures())],
        ..TextDecorations::default()
    };
    deco.mark_dead(topo, |p| game.stone(p), |p| game.is_marked_dead(p));
    if let Some(GoMove::Play(p)) = game.last_move() {
        deco.brackets.push((p, Brackets::ROUND));
    }
    text_render::render(topo, |p| game.stone(p), &deco, colour)
}

/// The star points drawn: the fixed handicap points (all nine from 9×9 on odd sizes, else four).
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
