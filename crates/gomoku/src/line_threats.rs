//! What the playouts ask of the lines through a stone: the empty cells nearby where its colour would
//! make a four that one stone cannot stop on that line (a straight four `.XXXX.`, or two fours as
//! in `X.XXX.X`). The seventeen cells along a line (eight each way) are read once into a word
//! ([`cells_along`]), and a table built once answers for each empty cell from the
//! [`line_codes`](crate::line_codes) code of the eight cells around it.
//!
//! It is a playout's heuristic, not a rule: a row that may run on past the eight cells is taken for
//! a five (at worst a playout plays a four that is none); the rules judge every real five.

use crate::layout::EMPTY;
use crate::line_codes::{cells_along, code_in, decode, run_through_middle, REACH};
use std::sync::OnceLock;
use stones_core::Colour;

/// Cells read along a line on each side of the stone: the codes of the cells up to four away.
const ROW_REACH: isize = 2 * REACH as isize;

/// The first empty cell within four steps of the padded cell `i` along its lines (`dirs`) where a
/// stone of `c` would make a four one stone cannot stop on that line, and which `ok` accepts.
/// `overline_wins`: whether six or more in a row wins for `c`.
pub(crate) fn unstoppable_four_near(
    cells: &[u8],
    dirs: &[isize],
    i: usize,
    c: Colour,
    overline_wins: bool,
    mut ok: impl FnMut(usize) -> bool,
) -> Option<usize> {
    let bit = flag(c, overline_wins);
    let table = table();
    for &d in dirs {
        let row = cells_along(cells, i, d, ROW_REACH);
        for o in (-(REACH as isize)..=REACH as isize).filter(|&o| o != 0) {
            let empty = (row >> (2 * (ROW_REACH + o)) & 3) == EMPTY as u64;
            if empty && table[code_in(row, ROW_REACH, o) as usize] & bit != 0 {
                let j = i.wrapping_add_signed(o * d);
                if ok(j) {
                    return Some(j);
                }
            }
        }
    }
    None
}

/// The table bit of a four one stone cannot stop, for `c` under `overline_wins`.
fn flag(c: Colour, overline_wins: bool) -> u8 {
    1 << (2 * c.idx() + overline_wins as usize)
}

/// Per code, the [`flag`]s that hold, built on first use.
fn table() -> &'static [u8; 1 << 16] {
    static TABLE: OnceLock<Box<[u8; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u8; 1 << 16]);
        for (code, entry) in t.iter_mut().enumerate() {
            for c in Colour::BOTH {
                let (exact, or_more) = fives_beside(code as u16, stones_core::rows::cell(c) as u16);
                *entry |=
                    ((exact >= 2) as u8 * flag(c, false)) | ((or_more >= 2) as u8 * flag(c, true));
            }
        }
        t
    })
}

/// For an `own` stone in the middle of the nine cells `code` describes: how many empty cells there
/// make a five with it, of exactly five and of five or more.
fn fives_beside(code: u16, own: u16) -> (u32, u32) {
    let line = decode(code, own);
    // A five takes the new stone, the empty cell and three more.
    if line.iter().filter(|&&v| v == 1).count() < 4 {
        return (0, 0);
    }
    let (mut exact, mut or_more) = (0, 0);
    for e in (0..line.len()).filter(|&e| line[e] == 0) {
        let mut with = line;
        with[e] = 1;
        let run = run_through_middle(&with);
        exact += (run == 5) as u32;
        or_more += (run >= 5) as u32;
    }
    (exact, or_more)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::game;

    /// Every cell where Black makes an unstoppable four near the Black stone at `at`, by name.
    fn near(black: &str, at: &str, overline_wins: bool) -> Vec<String> {
        let g = game("standard", black, "", Colour::White);
        let layout = g.layout();
        let i = layout.pad(layout.topo.parse_point(at).unwrap());
        let mut out = Vec::new();
        let every = |j| {
            out.push(layout.topo.name(layout.point(j)));
            false
        };
        unstoppable_four_near(
            g.cells(),
            &layout.dirs,
            i,
            Colour::Black,
            overline_wins,
            every,
        );
        out.sort();
        out
    }

    #[test]
    fn an_open_three_has_its_straight_four_points() {
        // . X X X . on row 8: E8 and J8 make a straight four; D8 and K8 only a four.
        assert_eq!(near("F8 G8 H8", "G8", false), ["E8", "J8"]);
        assert_eq!(near("F8 G8 H8", "G8", true), ["E8", "J8"]);
    }

    #[test]
    fn a_six_is_no_five_unless_overlines_win() {
        // X X X . X on row 8 (E8 F8 G8, K8): D8 makes a straight four (C8 and H8 each a five);
        // H8 makes fives at D8 and, with K8, a six at J8: one five under exactly five, two when
        // overlines win.
        assert_eq!(near("E8 F8 G8 K8", "F8", false), ["D8"]);
        assert_eq!(near("E8 F8 G8 K8", "F8", true), ["D8", "H8"]);
    }
}
