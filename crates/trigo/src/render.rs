//! The text picture of a TriGo hexagon ([`stones_core::text_render`], whose hexagon arm offsets the
//! rows so that all six neighbours of a point look adjacent): the last move's stones in `( )` (two
//! side by side share one pair, `(X X)`) and dead stones in lower case (the facts of
//! [`Game::decorations`]), the captures under the board.

use crate::game::TrigoGame;
use stones_core::text_render::{self, Brackets, TextDecorations};
use stones_core::Game;

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &TrigoGame, colour: bool) -> String {
    let stone = |p| game.stone(p);
    let mut deco = TextDecorations::from_svg(&game.decorations(), stone, Brackets::ROUND);
    deco.legend
        .push(text_render::captures_line(game.captures()));
    text_render::render(game.topology(), stone, &deco, colour)
}

#[cfg(test)]
mod tests {
    use crate::{TrigoGame, TrigoMove, TrigoRules};
    use stones_core::{Colour, Game, Point};

    fn game(size: u16) -> TrigoGame {
        TrigoGame::new(TrigoRules {
            size,
            ..TrigoRules::default()
        })
        .unwrap()
    }

    /// Where the lone stone on `p` is drawn: (line, column).
    fn drawn_at(g: &mut TrigoGame, p: Point) -> (usize, usize) {
        let mut stones = vec![None; g.topology().len()];
        stones[p.idx()] = Some(Colour::Black);
        g.set_position(&stones, Colour::White).unwrap();
        let picture = g.render(false);
        picture
            .lines()
            .enumerate()
            .find_map(|(l, line)| line.find('X').map(|c| (l, c)))
            .unwrap()
    }

    #[test]
    fn the_six_neighbours_of_every_point_are_drawn_next_to_it() {
        for size in [2, 4, 8] {
            let mut g = game(size);
            let topo = g.topology().clone();
            let at: Vec<(usize, usize)> = topo.points().map(|p| drawn_at(&mut g, p)).collect();
            for p in topo.points() {
                let (l, c) = at[p.idx()];
                for &q in topo.neighbours(p) {
                    let (lq, cq) = at[q as usize];
                    let step = (lq as i32 - l as i32, cq as i32 - c as i32);
                    assert!(
                        [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)].contains(&step),
                        "{} and {} drawn {step:?} apart",
                        topo.name(p),
                        topo.name(Point(q))
                    );
                }
            }
        }
    }

    #[test]
    fn two_last_stones_side_by_side_share_one_pair_of_brackets() {
        let mut g = game(3);
        for mv in ["c3", "d4+e4"] {
            let mv = g.parse_move(mv).unwrap();
            g.play(mv).unwrap();
        }
        let picture = g.render(false);
        assert!(picture.contains(" 4    . .(O O)   b4–e4\n"), "{picture}");
    }

    #[test]
    fn picture_of_a_small_board_with_coordinates_and_last_move() {
        let mut g = game(3);
        for mv in ["c3", "a1+b1", "e5+d4"] {
            let mv = g.parse_move(mv).unwrap();
            g.play(mv).unwrap();
        }
        let expected = "        a b c
 1     O O .     a1–c1
 2    . . . .    a2–d2
 3   . . X . .   a3–e3
 4    . .(X).    b4–e4
 5     . .(X)    c5–e5
      c d e
captures: black 0, white 0
";
        let expected: String = expected
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        assert_eq!(g.render(false), expected);
        let coloured = g.render(true);
        assert!(coloured.contains("\x1b[1;36mX\x1b[0m") && coloured.contains("\x1b[1;33mO"));
        assert_eq!(
            g.last_move(),
            Some(TrigoMove::two(
                g.topology().parse_point("d4").unwrap(),
                g.topology().parse_point("e5").unwrap()
            ))
        );
    }
}
