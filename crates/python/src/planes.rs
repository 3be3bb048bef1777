//! The observation: planes of the board's bounding box, from one player's point of view (the player
//! to act's unless asked otherwise), the same for every game so that one network shape fits all.
//!
//! | plane | holds 1 where |
//! |---|---|
//! | 0 | the player has a stone (with its stones placed earlier this turn) |
//! | 1 | the opponent has a stone (with its stones placed earlier this turn) |
//! | 2 | a stone was placed earlier this turn (TriGo's and Connect6's first stone of two) |
//! | 3 | the ko point: retaking there is refused now |
//! | 4 | inside an enclosure of the player's (Dots: the enemy dots taken there, the empty points nobody may play) |
//! | 5 | inside an enclosure of the opponent's |
//! | 6 | the point is on the board (TriGo's hexagon fills part of its box) |
//! | 7 | everywhere when White is to act |

use stones_core::{Colour, Game, Mark, Point, Topology};

/// Planes in every observation.
pub const PLANES: usize = 8;

/// Where each point sits in the planes.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub points: usize,
    pub rows: usize,
    pub cols: usize,
    /// Per point, its cell (`row * cols + col`).
    cell: Vec<u32>,
    /// Point `i` is cell `i` for every cell (square boards): the planes are written row by row.
    dense: bool,
}

impl Geometry {
    /// The bounding box of `topo`'s points.
    pub fn of(topo: &Topology) -> Geometry {
        let (w, h) = topo.bounding_box();
        let (cols, rows) = (usize::from(w), usize::from(h));
        let cell: Vec<u32> = topo
            .points()
            .map(|p| {
                let (x, y) = topo.xy(p);
                (usize::from(y) * cols + usize::from(x)) as u32
            })
            .collect();
        let dense =
            cell.len() == rows * cols && cell.iter().enumerate().all(|(i, &c)| c as usize == i);
        Geometry {
            points: topo.len(),
            rows,
            cols,
            cell,
            dense,
        }
    }

    /// Floats in one observation.
    pub fn size(&self) -> usize {
        PLANES * self.rows * self.cols
    }

    /// The observation's shape.
    pub fn shape(&self) -> [usize; 3] {
        [PLANES, self.rows, self.cols]
    }

    fn at(&self, plane: usize, p: Point) -> usize {
        plane * self.rows * self.cols + self.cell[p.idx()] as usize
    }
}

/// Writes the planes of `game` for `me` into `out` (every float of it); `pending` are the stones the
/// player to move placed earlier this turn.
pub fn fill<G: Game>(game: &G, geo: &Geometry, me: Colour, pending: &[Point], out: &mut [f32]) {
    let own = usize::from(game.to_move() != me);
    let n = geo.rows * geo.cols;
    if geo.dense {
        // Every plane written once, planes 0 and 1 without a branch: the same values as below.
        let (mine, rest) = out.split_at_mut(n);
        let (theirs, rest) = rest.split_at_mut(n);
        for ((p, m), t) in game.topology().points().zip(mine).zip(theirs) {
            let s = game.stone(p);
            *m = f32::from(u8::from(s == Some(me)));
            *t = f32::from(u8::from(s == Some(me.opponent())));
        }
        rest[..4 * n].fill(0.0);
        rest[4 * n..5 * n].fill(1.0);
    } else {
        out.fill(0.0);
        for p in game.topology().points() {
            out[geo.at(6, p)] = 1.0;
            match game.stone(p) {
                Some(c) if c == me => out[geo.at(0, p)] = 1.0,
                Some(_) => out[geo.at(1, p)] = 1.0,
                None => {}
            }
        }
    }
    for &p in pending {
        out[geo.at(own, p)] = 1.0;
        out[geo.at(2, p)] = 1.0;
    }
    for (p, mark) in game.marks() {
        let plane = match mark {
            Mark::Ko => 3,
            Mark::Enclosed(owner) if owner == me => 4,
            Mark::Enclosed(_) => 5,
            // Taken dots: their enclosure's planes hold them.
            Mark::Captured => continue,
        };
        out[geo.at(plane, p)] = 1.0;
    }
    let white = f32::from(u8::from(game.to_move() == Colour::White));
    out[7 * n..8 * n].fill(white);
}
