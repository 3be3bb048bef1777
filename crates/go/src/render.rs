//! The text picture of a Go board ([`stones_core::text_render`]): the last stone in `( )` and dead
//! stones in lower case and the star points (the facts of [`Game::decorations`]), the captures
//! under the board.

use crate::game::GoGame;
use stones_core::text_render::{self, Brackets, Glyph, TextDecorations};
use stones_core::Game;

/// Draws the board of `game`; `colour` adds ANSI colours. The star points are the SVG's
/// ([`stones_core::svg::star_points`], in [`Game::decorations`]): five on 9×9, nine on 19×19.
pub fn render(game: &GoGame, colour: bool) -> String {
    let stone = |p| game.stone(p);
    let facts = game.decorations();
    let mut deco = TextDecorations::from_svg(&facts, stone, Brackets::ROUND);
    let stars = facts.stars.iter().filter(|&&p| stone(p).is_none());
    deco.glyphs.extend(stars.map(|&p| (p, Glyph::STAR)));
    deco.legend
        .push(text_render::captures_line(game.captures()));
    text_render::render(game.topology(), stone, &deco, colour)
}
