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

use std::any::Any;

use stones_core::{Colour, Game, Mark, Point, Topology};
use stones_go::GoGame;

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

/// A plane's value type: float32 (0.0 and 1.0), or bool (bytes 0 and 1, as numpy's bool holds
/// them).
pub trait Value: Copy {
    fn of(on: bool) -> Self;
}

impl Value for f32 {
    #[inline(always)]
    fn of(on: bool) -> f32 {
        f32::from(u8::from(on))
    }
}

impl Value for u8 {
    #[inline(always)]
    fn of(on: bool) -> u8 {
        u8::from(on)
    }
}

/// Where an observation goes: floats, or bools as bytes.
pub enum Out<'a> {
    Floats(&'a mut [f32]),
    Bools(&'a mut [u8]),
}

/// Writes the planes of `game` for `me` into `out`; `pending` are the stones the player to move
/// placed earlier this turn.
pub fn write<G: Game + 'static>(
    game: &G,
    geo: &Geometry,
    me: Colour,
    pending: &[Point],
    out: Out<'_>,
) {
    match out {
        Out::Floats(out) => fill(game, geo, me, pending, out),
        Out::Bools(out) => fill(game, geo, me, pending, out),
    }
}

/// Writes the planes of `game` for `me` into `out` (every value of it); `pending` are the stones the
/// player to move placed earlier this turn.
pub fn fill<G: Game + 'static, V: Value>(
    game: &G,
    geo: &Geometry,
    me: Colour,
    pending: &[Point],
    out: &mut [V],
) {
    let (off, on) = (V::of(false), V::of(true));
    let own = usize::from(game.to_move() != me);
    let n = geo.rows * geo.cols;
    if geo.dense {
        // Every plane written once, planes 0 and 1 without a branch: the same values as below.
        let (mine, rest) = out.split_at_mut(n);
        let (theirs, rest) = rest.split_at_mut(n);
        if let Some(go) = (game as &dyn Any).downcast_ref::<GoGame>() {
            // Go's board as bytes: the same values without a call per point.
            let (m_cell, t_cell) = (me as u8 + 1, me.opponent() as u8 + 1);
            for ((&s, m), t) in go.board().cells().iter().zip(mine).zip(theirs) {
                *m = V::of(s == m_cell);
                *t = V::of(s == t_cell);
            }
        } else {
            for ((p, m), t) in game.topology().points().zip(mine).zip(theirs) {
                let s = game.stone(p);
                *m = V::of(s == Some(me));
                *t = V::of(s == Some(me.opponent()));
            }
        }
        rest[..4 * n].fill(off);
        rest[4 * n..5 * n].fill(on);
    } else {
        out.fill(off);
        for p in game.topology().points() {
            out[geo.at(6, p)] = on;
            match game.stone(p) {
                Some(c) if c == me => out[geo.at(0, p)] = on,
                Some(_) => out[geo.at(1, p)] = on,
                None => {}
            }
        }
    }
    for &p in pending {
        out[geo.at(own, p)] = on;
        out[geo.at(2, p)] = on;
    }
    for (p, mark) in game.marks() {
        let plane = match mark {
            Mark::Ko => 3,
            Mark::Enclosed(owner) if owner == me => 4,
            Mark::Enclosed(_) => 5,
            // Taken dots: their enclosure's planes hold them.
            Mark::Captured => continue,
        };
        out[geo.at(plane, p)] = on;
    }
    out[7 * n..8 * n].fill(V::of(game.to_move() == Colour::White));
}
