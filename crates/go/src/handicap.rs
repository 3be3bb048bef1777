//! Fixed handicap placements: the seed's order on 19x19 and 13x13, and GTP's table.
//!
//! Points are `(column, row)` counted from 1 at the lower left, as in `D4`.

use stones_core::{BoardSize, Point, Topology};

/// Star-point lines of a square board: low, high and middle, counted from 1.
fn lines(n: u16) -> (u16, u16, u16) {
    let lo = if n >= 13 { 4 } else { 3 };
    (lo, n + 1 - lo, n.div_ceil(2))
}

/// The seed's handicap points: 19x19 takes 2–9 in the order Q16 D4 Q4 D16 Q10 D10 K16 K4 K10, 13x13
/// takes 2–5 in the order K10 D4 K4 D10 G7. Other sizes follow GTP's table.
pub fn seed_points(size: BoardSize, n: u8) -> Result<Vec<(u16, u16)>, String> {
    let s = size.width;
    if !size.is_square() {
        return Err(format!(
            "a fixed handicap needs a square board, not {size}; use handicap_placement = \"free\""
        ));
    }
    let (lo, hi, mid) = lines(s);
    let order: &[(u16, u16)] = match s {
        19 => &[
            (hi, hi),
            (lo, lo),
            (hi, lo),
            (lo, hi),
            (hi, mid),
            (lo, mid),
            (mid, hi),
            (mid, lo),
            (mid, mid),
        ],
        13 => &[(hi, hi), (lo, lo), (hi, lo), (lo, hi), (mid, mid)],
        _ => return gtp_points(s, n),
    };
    if (n as usize) > order.len() {
        return Err(format!(
            "key `handicap` is {n} but a {s}x{s} board takes 2 to {} stones",
            order.len()
        ));
    }
    Ok(order[..n as usize].to_vec())
}

/// GTP's `fixed_handicap` table for a square board of side `s` (7 or more; at most 4 stones on even
/// sizes and on 7x7, 9 on odd sizes from 9).
pub fn gtp_points(s: u16, n: u8) -> Result<Vec<(u16, u16)>, String> {
    let max = if s < 7 {
        0
    } else if s.is_multiple_of(2) || s == 7 {
        4
    } else {
        9
    };
    if !(2..=max).contains(&n) {
        return Err(if max == 0 {
            format!("a {s}x{s} board takes no fixed handicap")
        } else {
            format!("a {s}x{s} board takes a fixed handicap of 2 to {max} stones, not {n}")
        });
    }
    let (lo, hi, mid) = lines(s);
    let mut pts = vec![(lo, lo), (hi, hi)];
    if n >= 3 {
        pts.push((lo, hi));
    }
    if n >= 4 {
        pts.push((hi, lo));
    }
    if n >= 6 {
        pts.extend([(lo, mid), (hi, mid)]);
    }
    if n >= 8 {
        pts.extend([(mid, lo), (mid, hi)]);
    }
    if n % 2 == 1 && n >= 5 {
        pts.push((mid, mid));
    }
    Ok(pts)
}

/// Converts `(column, row)` from the lower left to a point of `topo`.
pub fn to_point(topo: &Topology, (col, row): (u16, u16)) -> Option<Point> {
    let (_, h) = topo.bounding_box();
    topo.at(col as i32 - 1, h as i32 - row as i32)
}
