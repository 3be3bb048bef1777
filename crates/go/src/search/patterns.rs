//! Mogo's 3×3 patterns (Gelly et al., "Modification of UCT with Patterns in Monte-Carlo Go", 2006,
//! in the wording of Michi's list): shapes around an empty point that make a good local reply —
//! hane, cuts, and the edge moves that block or chase. A table over every 3×3 neighbourhood says
//! whether one matches; it holds all rotations, reflections and both colourings, so a lookup needs
//! neither a symmetry nor the colour to move.

use crate::board::ChainBoard;
use std::sync::OnceLock;
use stones_core::{Colour, Point, Topology};

/// The patterns, rows top to bottom, the move in the middle. `X`/`O`: a stone of one colour / the
/// other; `.`: empty; ` `: off the board; `?`: anything; `x`: not `X`; `o`: not `O`.
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut: unprotected cut
    ["XO?", "O.X", "???"], // cut: peeped cut
    ["?X?", "O.O", "ooo"], // cut: de
    ["OX?", "o.O", "???"], // cut: keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block a cut
    ["?X?", "x.O", "   "], // edge: block a connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// A cell's state in a neighbourhood code.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const OFF: u8 = 3;

/// The eight cells around a point, row by row, as `(dx, dy)`.
const CELLS: [(i32, i32); 8] = stones_core::topology::KING_STEPS;

/// One bit per neighbourhood code (2 bits a cell, 8 cells): set when some pattern matches.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut bits = Box::new([0u64; 1024]);
        for pattern in SOURCE {
            let grid: Vec<u8> = pattern.iter().flat_map(|row| row.bytes()).collect();
            for variant in symmetries(&grid) {
                expand(&variant, 0, 0, &mut bits);
            }
        }
        bits
    })
}

/// The 16 variants of a 3×3 grid: 8 rotations and reflections, each in both colourings.
fn symmetries(grid: &[u8]) -> Vec<Vec<u8>> {
    let at = |g: &[u8], r: usize, c: usize| g[3 * r + c];
    let rotate = |g: &[u8]| -> Vec<u8> { (0..9).map(|i| at(g, 2 - i % 3, i / 3)).collect() };
    let flip = |g: &[u8]| -> Vec<u8> { (0..9).map(|i| at(g, i / 3, 2 - i % 3)).collect() };
    let swap = |g: &[u8]| -> Vec<u8> {
        g.iter()
            .map(|&b| match b {
                b'X' => b'O',
                b'O' => b'X',
                b'x' => b'o',
                b'o' => b'x',
                b => b,
            })
            .collect()
    };
    let mut out = Vec::new();
    let mut g = grid.to_vec();
    for _ in 0..4 {
        for h in [g.clone(), flip(&g)] {
            out.push(swap(&h));
            out.push(h);
        }
        g = rotate(&g);
    }
    out
}

/// Sets the bit of every code the grid's cells from `cell` on allow, `code` holding the cells before.
fn expand(grid: &[u8], cell: usize, code: usize, bits: &mut [u64; 1024]) {
    if cell == 8 {
        bits[code >> 6] |= 1 << (code & 63);
        return;
    }
    // The grid's nine cells without the middle one, in the order of `CELLS`.
    let symbol = grid[if cell < 4 { cell } else { cell + 1 }];
    let allowed: &[u8] = match symbol {
        b'X' => &[BLACK],
        b'O' => &[WHITE],
        b'.' => &[EMPTY],
        b' ' => &[OFF],
        b'x' => &[EMPTY, WHITE, OFF],
        b'o' => &[EMPTY, BLACK, OFF],
        _ => &[EMPTY, BLACK, WHITE, OFF],
    };
    for &s in allowed {
        expand(grid, cell + 1, code | (s as usize) << (2 * cell), bits);
    }
}

/// The neighbourhood code of `p`: its eight cells' states, two bits each in the order of `CELLS`.
///
/// Away from the edge of a square grid (points numbered row by row, as `Topology::square` does) the
/// eight cells are at fixed index offsets and need no coordinate lookup; elsewhere they are looked up.
#[inline]
pub fn code(board: &ChainBoard, topo: &Topology, p: Point) -> usize {
    let state = |q: Point| match board.get(q) {
        None => EMPTY,
        Some(Colour::Black) => BLACK,
        Some(Colour::White) => WHITE,
    } as usize;
    let (x, y) = topo.xy(p);
    let (w, h) = topo.bounding_box();
    if topo.max_degree() == 4 && x > 0 && y > 0 && x + 1 < w && y + 1 < h {
        let (i, w) = (p.0, w);
        let cells = [
            i - w - 1,
            i - w,
            i - w + 1,
            i - 1,
            i + 1,
            i + w - 1,
            i + w,
            i + w + 1,
        ];
        return cells
            .iter()
            .enumerate()
            .fold(0, |code, (k, &q)| code | state(Point(q)) << (2 * k));
    }
    let mut code = 0;
    for (k, &(dx, dy)) in CELLS.iter().enumerate() {
        let s = match topo.at(x as i32 + dx, y as i32 + dy) {
            None => OFF as usize,
            Some(q) => state(q),
        };
        code |= s << (2 * k);
    }
    code
}

/// Whether a Mogo pattern matches around the empty point `p`.
pub fn matches(board: &ChainBoard, topo: &Topology, p: Point) -> bool {
    let c = code(board, topo, p);
    table()[c >> 6] >> (c & 63) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_boards::{at, board};

    #[test]
    fn a_hane_matches_in_every_orientation_and_colouring() {
        let shapes = [
            [".....", ".XOX.", ".....", ".....", "....."],
            [".....", ".OXO.", ".....", ".....", "....."],
            [".....", ".....", ".....", ".XOX.", "....."],
            [".....", "..X..", "..O..", "..X..", "....."],
        ];
        let points = [(2, 2), (2, 2), (2, 2), (1, 2)];
        for (rows, (x, y)) in shapes.iter().zip(points) {
            let (b, topo) = board(rows);
            assert!(matches(&b, &topo, at(&topo, x, y)), "{rows:?} at {x},{y}");
        }
    }

    #[test]
    fn an_empty_neighbourhood_or_a_lone_stone_does_not_match() {
        let (b, topo) = board(&[".....", ".....", ".....", ".....", "....."]);
        assert!(!matches(&b, &topo, at(&topo, 2, 2)));
        let (b, topo) = board(&[".....", ".X...", ".....", ".....", "....."]);
        assert!(!matches(&b, &topo, at(&topo, 2, 2)));
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // The chase "X.? / O.? / edge": on the first line below O, beside X's diagonal.
        let (b, topo) = board(&[".....", ".....", ".....", ".X...", ".O..."]);
        assert!(matches(&b, &topo, at(&topo, 2, 4)));
        // A lone stone beside an edge point is no pattern.
        let (b, topo) = board(&[".....", ".....", ".....", ".....", ".O..."]);
        assert!(!matches(&b, &topo, at(&topo, 2, 4)));
    }

    #[test]
    fn the_interior_fast_path_reads_the_same_cells_as_the_lookup() {
        let (b, topo) = board(&["X.O.X.", "OOX..X", ".X.O.O", "X..XO.", ".OX..X"]);
        for p in topo.points() {
            let (x, y) = topo.xy(p);
            let mut want = 0;
            for (k, &(dx, dy)) in CELLS.iter().enumerate() {
                let s = match topo.at(x as i32 + dx, y as i32 + dy) {
                    None => OFF,
                    Some(q) => match b.get(q) {
                        None => EMPTY,
                        Some(Colour::Black) => BLACK,
                        Some(Colour::White) => WHITE,
                    },
                };
                want |= (s as usize) << (2 * k);
            }
            assert_eq!(code(&b, &topo, p), want, "at {x},{y}");
        }
    }

    #[test]
    fn an_unprotected_cut_matches() {
        // Unprotected cut: X at top-left, O above and left, the point diagonal to X.
        let (b, topo) = board(&[".....", ".XO..", ".O...", ".....", "....."]);
        assert!(matches(&b, &topo, at(&topo, 2, 2)));
    }
}
