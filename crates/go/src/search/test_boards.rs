//! Boards for the search's unit tests, drawn as rows of `X` (Black), `O` (White) and `.`.

use crate::board::ChainBoard;
use stones_core::{Adjacency, Colour, Point, Topology};

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
