//! The text picture of a position ([`stones_core::text_render`], three columns a point): the last
//! stone in `( )` and the winning row in `[ ]` once a five is made (the facts of
//! [`Game::decorations`]), blocked points as `#`, and under the board the last move when it was no
//! stone.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::paint::EMPTY;
use stones_core::text_render::{self, game_decorations, Glyph, GridLayout};
use stones_core::Game;

/// Draws `game`; with `colour`, stones, marks and the winning row get ANSI colours.
pub(crate) fn render(game: &Gomoku, colour: bool) -> String {
    let topo = game.topology();
    let mut deco = game_decorations(game);
    deco.layout = GridLayout::ROWS;
    let blocked = topo.points().filter(|&p| game.is_blocked(p));
    deco.glyphs
        .extend(blocked.map(|p| (p, Glyph::new('#', EMPTY))));
    let no_stone = match game.last_move() {
        Some(Move::Pass) => Some("pass"),
        Some(Move::Resign) => Some("resign"),
        Some(Move::Timeout) => Some("timeout"),
        _ => None,
    };
    deco.legend
        .extend(no_stone.map(|m| format!("last move: {m}")));
    text_render::render(topo, |p| game.stone(p), &deco, colour)
}

#[cfg(test)]
mod tests {
    use crate::{Gomoku, GomokuRules, Opening};
    use stones_core::{BoardSize, Game};

    #[test]
    fn blocked_points_are_drawn_as_hashes() {
        let mut g = Gomoku::new(GomokuRules {
            size: BoardSize::square(5),
            opening: Opening::None,
            ..GomokuRules::default()
        })
        .unwrap();
        g.block(g.topology().parse_point("B2").unwrap());
        let mv = g.parse_move("C2").unwrap();
        g.play(mv).unwrap();
        let picture = g.render(false);
        assert_eq!(
            picture.lines().nth(4),
            Some(" 2  .  # (X) .  .  2"),
            "{picture}"
        );
    }
}
