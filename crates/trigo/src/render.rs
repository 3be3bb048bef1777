//! The text picture of a TriGo hexagon: rows offset so that all six neighbours of a point look
//! adjacent, letters of the lines of equal `x` above the top row and below the bottom row, row
//! numbers on the left and each row's first and last point on the right, the last move's stones in
//! brackets.
//!
//! Point `(x, y)` is drawn in text column `2x − y + side + 1` of line `y + 1`, so `(x ± 1, y)` sit two
//! columns left and right, `(x, y + 1)` lower left, `(x + 1, y + 1)` lower right, and so on.

use crate::game::TrigoGame;
use crate::moves::TrigoMove;
use stones_core::{Game, Point, Shape};
use stones_go::render::{stone_symbol, RESET};

/// One character of the picture, with its ANSI paint.
#[derive(Clone, Copy)]
struct Cell(char, Option<&'static str>);

/// Draws the board of `game`; `colour` adds ANSI colours.
pub fn render(game: &TrigoGame, colour: bool) -> String {
    let topo = game.topology();
    let Shape::Hex { side } = topo.shape() else {
        return String::new();
    };
    let n = side as i32;
    let span = 2 * n - 1;
    let width = (4 * n) as usize;
    // Lines y = −1 (top letters) to y = 2n − 1 (bottom letters).
    let mut grid = vec![vec![Cell(' ', None); width]; (span + 2) as usize];
    let col = |x: i32, y: i32| (2 * x - y + n + 1) as usize;
    let line = |y: i32| (y + 1) as usize;
    // Letters only above the top row and below the bottom row, never in a row of points, where
    // a letter would look like a point; each row also says its first and last point.
    for x in 0..span {
        let label = Cell((b'a' + x as u8) as char, None);
        let top = (x - n + 1).max(0) - 1;
        let bottom = (x + n - 1).min(span - 1) + 1;
        if top == -1 {
            grid[line(top)][col(x, top)] = label;
        }
        if bottom == span {
            grid[line(bottom)][col(x, bottom)] = label;
        }
    }
    let last: Vec<Point> = match game.last_move() {
        Some(TrigoMove::One(p)) => vec![p],
        Some(TrigoMove::Two(p, q)) => vec![p, q],
        _ => Vec::new(),
    };
    for p in topo.points() {
        let (x, y) = topo.xy(p);
        let (x, y) = (x as i32, y as i32);
        let (sym, paint) = stone_symbol(game.stone(p), game.is_marked_dead(p));
        let cell = Cell(sym, Some(paint));
        grid[line(y)][col(x, y)] = cell;
    }
    // The last move's stones in brackets; two side by side share one pair: `(X X)`.
    for &p in &last {
        let (x, y) = topo.xy(p);
        let (x, y) = (x as i32, y as i32);
        let marked = |dx: i32| topo.at(x + dx, y).is_some_and(|q| last.contains(&q));
        let row = &mut grid[line(y)];
        row[col(x, y) - 1] = Cell(if marked(-1) { ' ' } else { '(' }, None);
        row[col(x, y) + 1] = Cell(if marked(1) { ' ' } else { ')' }, None);
    }
    let mut out = String::new();
    for (i, row) in grid.iter().enumerate() {
        let y = i as i32 - 1;
        if (0..span).contains(&y) {
            out.push_str(&format!("{:>2} ", y + 1));
        } else {
            out.push_str("   ");
        }
        let mut text = String::new();
        for &Cell(ch, paint) in row {
            match paint {
                Some(paint) if colour => text.push_str(&format!("{paint}{ch}{RESET}")),
                _ => text.push(ch),
            }
        }
        let ends = (0..span).contains(&y).then(|| {
            let first = topo.at((y - n + 1).max(0), y);
            let last = topo.at((y + n - 1).min(span - 1), y);
            first.zip(last)
        });
        match ends.flatten() {
            Some((a, b)) => {
                // Pad by the plain width, so colour codes do not shift the column.
                let plain: String = row.iter().map(|c| c.0).collect();
                let pad = width.saturating_sub(plain.len());
                out.push_str(&format!(
                    "{text}{}  {}–{}",
                    " ".repeat(pad),
                    topo.name(a),
                    topo.name(b)
                ));
            }
            None => out.push_str(text.trim_end()),
        }
        out.push('\n');
    }
    let [b, w] = game.captures();
    out.push_str(&format!("captures: black {b}, white {w}\n"));
    out
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
