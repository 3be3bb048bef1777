//! The text picture of a position ([`stones_core::text_render`], three columns a point, as Gomoku
//! draws): the last move's stones in `( )` and the winning row in `[ ]` (the facts of
//! [`Game::decorations`]), and under the board the last move when it was a resignation.

use crate::game::Connect6;
use crate::moves::Connect6Move;
use stones_core::text_render::{self, game_decorations, GridLayout};
use stones_core::Game;

/// Draws `game`; with `colour`, stones, marks and the winning row get ANSI colours.
pub(crate) fn render(game: &Connect6, colour: bool) -> String {
    let mut deco = game_decorations(game);
    deco.layout = GridLayout::ROWS;
    if game.history().last() == Some(&Connect6Move::Resign) {
        deco.legend.push("last move: resign".into());
    }
    text_render::render(game.topology(), |p| game.stone(p), &deco, colour)
}
