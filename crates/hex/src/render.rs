//! The text picture: the shared renderer on HexGui's sheared rhombus, with the sides in a legend.

use crate::game::HexGame;
use stones_core::text_render::{game_decorations, render as draw};
use stones_core::Game;

/// Draws `game`; with `colour`, stones and the last-move mark get ANSI colours.
pub(crate) fn render(game: &HexGame, colour: bool) -> String {
    let mut deco = game_decorations(game);
    (deco.layout.number_width, deco.layout.indent) = (2, 1);
    deco.legend
        .push("X (Black) joins top and bottom, O (White) joins left and right".into());
    if game.history.last() == Some(&crate::Move::Swap) {
        deco.legend.push("last move: swap-pieces".into());
    }
    draw(game.topology(), |p| game.stone(p), &deco, colour)
}
