//! What lies around each cell along each of its four lines, kept up to date as stones come and go:
//! the four cells on either side, 2 bits each (empty, Black, White, off the board) in one `u16`. The
//! threat solver reads from one code, through a table built once, the two things it asks of every
//! empty cell near the stones: the best five-cell window through the cell (a quick bound for a four
//! or a three) and the length of the row a stone there would join (unless that row fills the four
//! cells of a side: it may go on past them).
//!
//! A put or a take rewrites at most 32 codes (four cells each way on four lines); a lookup replaces a
//! walk of nine cells.

use crate::layout::{Layout, EDGE, EMPTY};
use std::sync::OnceLock;
use stones_core::Colour;

/// Cells read on each side of a cell.
pub(crate) const REACH: usize = 4;
/// Code value of a cell off the board (and of every cell past it).
const OFF: u16 = 3;

/// Per padded cell and line, the code of the eight cells around it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LineCodes {
    codes: Vec<[u16; 4]>,
}

/// The 2-bit slot of the cell `offset` steps along the line (±1 to ±4).
#[inline]
fn slot(offset: isize) -> u32 {
    let s = if offset < 0 { offset + 4 } else { offset + 3 };
    2 * s as u32
}

/// The cells along step `d` through the padded cell `i`, `reach` each way, 2 bits each (the cell
/// `o` steps along at bits `2 (reach + o)`); cells past the edge read [`OFF`].
pub(crate) fn cells_along(cells: &[u8], i: usize, d: isize, reach: isize) -> u64 {
    let mut word = (cells[i] as u64) << (2 * reach);
    for sign in [1, -1] {
        let mut j = i;
        let mut off_board = false;
        for o in 1..=reach {
            if !off_board {
                j = j.wrapping_add_signed(sign * d);
                off_board = cells[j] == EDGE;
            }
            let v = if off_board { OFF } else { cells[j] as u16 };
            word |= (v as u64) << (2 * (reach + sign * o));
        }
    }
    word
}

/// The code of the cell `o` steps along a [`cells_along`] word of `reach` (|`o`| ≤ `reach` − 4):
/// the four cells on either side of it.
#[inline]
pub(crate) fn code_in(around: u64, reach: isize, o: isize) -> u16 {
    let w = around >> (2 * (reach + o - REACH as isize));
    ((w & 0xFF) | (w >> 10 & 0xFF) << 8) as u16
}

impl LineCodes {
    /// The codes of the position `cells` (padded, as the layout lays them out).
    pub fn new(layout: &Layout, cells: &[u8]) -> LineCodes {
        let mut codes = vec![[0u16; 4]; cells.len()];
        for p in layout.topo.points() {
            let i = layout.pad(p);
            for (k, &d) in layout.dirs.iter().enumerate() {
                let around = cells_along(cells, i, d, REACH as isize);
                codes[i][k] = code_in(around, REACH as isize, 0);
            }
        }
        LineCodes { codes }
    }

    /// Records that the cell `i` now holds `value` (a stone's cell value, or [`EMPTY`]).
    #[inline]
    pub fn set(&mut self, layout: &Layout, cells: &[u8], i: usize, value: u8) {
        for (k, &d) in layout.dirs.iter().enumerate() {
            for sign in [1, -1] {
                let mut j = i;
                for o in 1..=REACH as isize {
                    j = j.wrapping_add_signed(sign * d);
                    if cells[j] == EDGE {
                        break;
                    }
                    // Seen from `j`, the cell `i` lies `o` steps back along the walk.
                    let s = slot(-sign * o);
                    let code = &mut self.codes[j][k];
                    *code = (*code & !(3 << s)) | (value as u16) << s;
                }
            }
        }
    }

    /// What a stone of `c` on the cell `i` would have along line `k` ([`Layout::dirs`]' index).
    #[inline]
    pub fn along(&self, i: usize, k: usize, c: Colour) -> Around {
        Around(table(c)[self.codes[i][k] as usize])
    }
}

/// One table entry: the best window in the low 4 bits, the row's length in the high 4 (0 when it
/// may be longer than the code shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Around(u8);

impl Around {
    /// The most stones of the colour (the new one included) in a five-cell window through the cell
    /// that holds no other stone and no edge (0 to 5).
    #[inline]
    pub fn window(self) -> u32 {
        (self.0 & 15) as u32
    }

    /// The length of the row of the colour through the cell, the new stone included; `None` when
    /// the row fills four cells on a side and may go on past what the code holds.
    #[inline]
    pub fn run(self) -> Option<u32> {
        let run = self.0 >> 4;
        (run != 0).then_some(run as u32)
    }
}

/// The table for colour `c`, built on first use.
fn table(c: Colour) -> &'static [u8; 1 << 16] {
    static TABLES: OnceLock<Box<[[u8; 1 << 16]; 2]>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut t = Box::new([[0u8; 1 << 16]; 2]);
        for c in Colour::BOTH {
            let own = stones_core::rows::cell(c) as u16;
            for code in 0..1usize << 16 {
                t[c.idx()][code] = entry(code as u16, own);
            }
        }
        t
    });
    &tables[c.idx()]
}

/// The table entry of `code` for the colour whose cell value is `own`.
fn entry(code: u16, own: u16) -> u8 {
    let line = decode(code, own);
    let window = (0..=2 * REACH - 4)
        .map(|s| &line[s..s + 5])
        .filter(|w| !w.contains(&2))
        .map(|w| w.iter().filter(|&&v| v == 1).count())
        .max()
        .unwrap_or(0);
    let run = run_through_middle(&line);
    let full = line[..REACH].iter().all(|&v| v == 1) || line[REACH + 1..].iter().all(|&v| v == 1);
    (window as u8) | if full { 0 } else { (run as u8) << 4 }
}

/// The nine cells `code` describes, seen by the colour whose cell value is `own`, with its stone in
/// the middle: 1 own, 0 empty, 2 the opponent's or off the board.
pub(crate) fn decode(code: u16, own: u16) -> [u8; 2 * REACH + 1] {
    let mut line = [1u8; 2 * REACH + 1];
    for o in (-(REACH as isize)..=REACH as isize).filter(|&o| o != 0) {
        line[(REACH as isize + o) as usize] = match code >> slot(o) & 3 {
            v if v == EMPTY as u16 => 0,
            v if v == own => 1,
            _ => 2,
        };
    }
    line
}

/// The length of the row of own stones (1 in a [`decode`]d line) through the middle cell.
pub(crate) fn run_through_middle(line: &[u8; 2 * REACH + 1]) -> usize {
    let left = line[..REACH].iter().rev().take_while(|&&v| v == 1).count();
    let right = line[REACH + 1..].iter().take_while(|&&v| v == 1).count();
    1 + left + right
}
