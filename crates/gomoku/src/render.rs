//! The text picture of a position ([`stones_core::text_render`], three columns a point): the last
//! stone in `( )`, the winning row in `[ ]` once a five is made, blocked points as `#`, and under the
//! board the last move when it was no stone.

use crate::game::Gomoku;
use crate::moves::Move;
use stones_core::paint::{MARK, ROW};
use stones_core::text_render::{self, Brackets, Glyph, SquareLayout, TextDecorations};
use stones_core::Game;

/// Draws `game`; with `colour`, stones, marks and the winning row get ANSI colours.
pub(crate) fn render(game: &Gomoku, colour: bool) -> String {
    let topo = game.topology();
    let row = game.winning_row().unwrap_or_default();
    let blocked = topo.points().filter(|&p| game.is_blocked(p));
    let mut deco = TextDecorations {
        layout: SquareLayout {
            pitch: 3,
            number_width: 2,
            indent: 0,
        },
        glyphs: blocked
            .map(|p| {
                (
                    p,
                    Glyph {
                        symbol: '#',
                        ..Glyph::EMPTY
                    },
                )
            })
            .chain(
                row.iter()
                    .map(|&p| (p, Glyph::plain(game.stone(p)).in_paint(ROW))),
            )
            .collect(),
        ..TextDecorations::default()
    };
    match game.last_move() {
        Some(Move::Place(p)) => deco.brackets.push((p, Brackets::ROUND.in_paint(MARK))),
        Some(Move::Pass) => deco.legend.push("last move: pass".into()),
        Some(Move::Resign) => deco.legend.push("last move: resign".into()),
        Some(Move::Timeout) => deco.legend.push("last move: timeout".into()),
        None => {}
    }
    let square = Brackets::SQUARE.in_paint(ROW);
    deco.brackets.extend(row.iter().map(|&p| (p, square)));
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
