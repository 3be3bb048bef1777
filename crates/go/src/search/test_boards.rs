//! Boards for the search's unit tests, drawn as rows of `X` (Black), `O` (White) and `.`.

use crate::board::ChainBoard;
use crate::game::GoGame;
use crate::rules::GoRules;
use stones_core::{Adjacency, BoardSize, Colour, Game, Point, Topology};

/// A board from rows of `X`, `O` and `.`, top row first.
pub fn board(rows: &[&str]) -> (ChainBoard, Topology) {
    let topo = Topology::square(
        rows[0].len() as u16,
        rows.len() as u16,
        Adjacency::Orthogonal,
    );
    let mut b = ChainBoard::new(&topo);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.bytes().enumerate() {
            let p = topo.at(x as i32, y as i32).unwrap();
            match ch {
                b'X' => b.put(&topo, p, Colour::Black),
                b'O' => b.put(&topo, p, Colour::White),
                _ => {}
            }
        }
    }
    (b, topo)
}

/// The point at `(x, y)`, which must be on the board.
pub fn at(topo: &Topology, x: i32, y: i32) -> Point {
    topo.at(x, y).unwrap()
}

/// A 9×9 game with the stones of `rows` (top row first; `X` Black, `O` White), then `last` played by
/// White, Black to move.
pub fn after_white(rows: [&str; 9], last: &str) -> GoGame {
    let rules = GoRules {
        size: BoardSize::square(9),
        ..GoRules::default()
    };
    let mut g = GoGame::new(rules).unwrap();
    let stones: Vec<Option<Colour>> = rows
        .iter()
        .flat_map(|row| row.bytes())
        .map(|b| match b {
            b'X' => Some(Colour::Black),
            b'O' => Some(Colour::White),
            _ => None,
        })
        .collect();
    g.set_position(&stones, Colour::White).unwrap();
    let mv = g.parse_move(last).unwrap();
    g.play(mv).unwrap();
    g
}

/// The point named `name` (as `E5`) on `g`'s board.
pub fn point(g: &GoGame, name: &str) -> Point {
    g.topology().parse_point(name).unwrap()
}
