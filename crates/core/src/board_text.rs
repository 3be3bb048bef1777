//! Boards as text: the rows of symbols in case files (`x` Black, `o` White, `.` empty), top row first.

use crate::colour::Colour;
use crate::error::SetupError;
use crate::topology::Topology;

/// Reads board rows (top first, symbols separated by spaces or not) into one entry per point.
/// Rows must match the topology's rows as drawn: for square grids each row has `width` symbols; for the
/// hexagon, each row holds the points of that row, without padding.
pub fn parse_board(topo: &Topology, text: &str) -> Result<Vec<Option<Colour>>, SetupError> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let layout = row_layout(topo);
    if rows.len() != layout.len() {
        return Err(SetupError(format!(
            "the board has {} rows but the setup gives {}",
            layout.len(),
            rows.len()
        )));
    }
    let mut stones = vec![None; topo.len()];
    for (r, (row, points)) in rows.iter().zip(&layout).enumerate() {
        if row.len() != points.len() {
            return Err(SetupError(format!(
                "setup row {} has {} points but that row of the board has {}",
                r + 1,
                row.len(),
                points.len()
            )));
        }
        for (&c, p) in row.iter().zip(points) {
            stones[p.idx()] = match c {
                'x' | 'X' | 'b' | 'B' => Some(Colour::Black),
                'o' | 'O' | 'w' | 'W' => Some(Colour::White),
                '.' | '+' => None,
                other => {
                    return Err(SetupError(format!(
                        "unknown symbol '{other}' in setup row {}: expected x (black), o (white) or . (empty)",
                        r + 1
                    )))
                }
            };
        }
    }
    Ok(stones)
}

/// The points of each drawn row, top row first, left to right.
pub fn row_layout(topo: &Topology) -> Vec<Vec<crate::Point>> {
    let (_, h) = topo.bounding_box();
    let mut rows = vec![Vec::new(); h as usize];
    for p in topo.points() {
        rows[topo.xy(p).1 as usize].push(p);
    }
    rows
}

/// Writes one string per row, top first, with `x`, `o` and `.` separated by spaces.
pub fn board_rows(topo: &Topology, stone: impl Fn(crate::Point) -> Option<Colour>) -> Vec<String> {
    row_layout(topo)
        .iter()
        .map(|row| {
            row.iter()
                .map(|&p| stone(p).map_or('.', Colour::symbol).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
