//! The text picture of a Go board ([`stones_core::text_render`]): the last stone in `( )` and dead
//! stones in lower case (the facts of [`Game::decorations`]), star points, the captures under the
//! board.

use crate::game::GoGame;
use crate::handicap;
use stones_core::text_render::{self, Brackets, Glyph, TextDecorations};
use stones_core::{Game, Point};

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &GoGame, colour: bool) -> String {
    let stone = |p| game.stone(p);
    let mut deco = TextDecorations::from_svg(&game.decorations(), stone, Brackets::ROUND);
    let stars = star_points(game)
        .into_iter()
        .filter(|&p| stone(p).is_none());
    deco.glyphs.extend(stars.map(|p| (p, Glyph::STAR)));
    deco.legend
        .push(text_render::captures_line(game.captures()));
    text_render::render(game.topology(), stone, &deco, colour)
}

/// The star points of the text picture: the fixed handicap points (all nine from 9×9 on odd sizes,
/// else four), more than the SVG's on 9×9.
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
