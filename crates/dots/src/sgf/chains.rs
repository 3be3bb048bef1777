//! Capture chains: checking a record's chains against the engine, and tracing the engine's own.

use super::SgfMove;
use crate::state::DotsGame;
use stones_core::Point;

/// Compares the inside of the record's chains with the engine's enclosures of the last move.
pub(super) fn check_chains(game: &DotsGame, m: &SgfMove, number: usize) -> Option<String> {
    let topo = game.topology();
    // Own dots are left out on both sides: the chain's inside may hold live own dots, and own dots the
    // engine frees (enclosing an enclosure) are inside the engine's region.
    let ours: Vec<(u16, u16)> = game
        .last_enclosed()
        .into_iter()
        .filter(|&p| game.dot(p) != Some(m.colour))
        .map(|p| topo.xy(p))
        .collect();
    let mut theirs = Vec::new();
    for ch in &m.chains {
        let (x0, x1) = (ch.iter().map(|c| c.0).min()?, ch.iter().map(|c| c.0).max()?);
        let (y0, y1) = (ch.iter().map(|c| c.1).min()?, ch.iter().map(|c| c.1).max()?);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let own = topo
                    .at(x as i32, y as i32)
                    .is_some_and(|p| game.dot(p) == Some(m.colour));
                if !own && !ch.contains(&(x, y)) && inside(ch, x, y) {
                    theirs.push((x, y));
                }
            }
        }
    }
    theirs.sort_by_key(|&(x, y)| (y, x));
    theirs.dedup();
    let mut ours_sorted = ours;
    ours_sorted.sort_by_key(|&(x, y)| (y, x));
    // Every point of a minimal chain touches the enclosed region (diagonals included).
    let region = game.last_enclosed();
    let touches = |&(x, y): &(u16, u16)| {
        region.iter().any(|&p| {
            let (rx, ry) = topo.xy(p);
            rx.abs_diff(x) <= 1 && ry.abs_diff(y) <= 1
        })
    };
    if ours_sorted == theirs && !m.chains.iter().flatten().all(touches) {
        return Some(format!(
            "move {number} ({}[{}]): the record's chain encloses the same points as the engine but takes a longer path",
            m.colour.letter(),
            m.text
        ));
    }
    (ours_sorted != theirs).then(|| {
        format!(
            "move {number} ({}[{}]): the record's chain encloses {} points, the engine's enclosure {}; the engine's count is used",
            m.colour.letter(),
            m.text,
            theirs.len(),
            ours_sorted.len()
        )
    })
}

/// Even-odd test of a lattice point against a closed polygon of lattice points.
fn inside(poly: &[(u16, u16)], x: u16, y: u16) -> bool {
    let (px, py) = (x as f64, y as f64);
    let mut result = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ax, ay, bx, by) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
        if (ay > py) != (by > py) && px < ax + (py - ay) * (bx - ax) / (by - ay) {
            result = !result;
        }
    }
    result
}

/// The capture chains of the last move: for each area its dot enclosed, the own dots around it, as a
/// closed walk from that dot back to it (eight-way steps, counter-clockwise as drawn, like zagram.org).
pub fn last_chains(game: &DotsGame) -> Vec<Vec<Point>> {
    let Some(p) = game.last_point() else {
        return Vec::new();
    };
    let topo = game.topology();
    let area = game.last_enclosed();
    let inside = |x: i32, y: i32| {
        topo.at(x, y)
            .is_some_and(|q| area.binary_search(&q).is_ok())
    };
    let mut done = vec![false; area.len()];
    let mut chains = Vec::new();
    for start in 0..area.len() {
        if done[start] {
            continue;
        }
        // Mark the orthogonally connected piece of the area holding `start`.
        let mut stack = vec![start];
        done[start] = true;
        while let Some(i) = stack.pop() {
            let (x, y) = topo.xy(area[i]);
            for (dx, dy) in DIRS {
                if let Some(j) = topo
                    .at(x as i32 + dx, y as i32 + dy)
                    .and_then(|q| area.binary_search(&q).ok())
                {
                    if !done[j] {
                        done[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        // `area` is sorted by index, so `start` is the piece's top-left point.
        let mut walk = boundary_walk(topo, &inside, topo.xy(area[start]));
        if let Some(at) = walk.iter().position(|&q| q == p) {
            walk.rotate_left(at);
            walk.push(p);
            walk.reverse();
            chains.push(walk);
        }
    }
    chains
}

/// The points just outside a four-way connected piece of points (`inside`), in order around it,
/// starting from the piece's top-left point `(sx, sy)` and walking its boundary clockwise from its top
/// side: the chain around the piece, as a closed walk (the first point is not repeated at the end).
pub(crate) fn boundary_walk(
    topo: &stones_core::Topology,
    inside: &dyn Fn(i32, i32) -> bool,
    (sx, sy): (u16, u16),
) -> Vec<Point> {
    let (mut c, mut d) = ((sx as i32, sy as i32), 0usize);
    let mut walk: Vec<Point> = Vec::new();
    loop {
        let (dx, dy) = DIRS[d];
        if let Some(q) = topo.at(c.0 + dx, c.1 + dy) {
            if walk.last() != Some(&q) {
                walk.push(q);
            }
        }
        let t = (d + 1) % 4;
        let ahead = (c.0 + DIRS[t].0, c.1 + DIRS[t].1);
        let diag = (ahead.0 + dx, ahead.1 + dy);
        if inside(diag.0, diag.1) {
            (c, d) = (diag, (d + 3) % 4);
        } else if inside(ahead.0, ahead.1) {
            c = ahead;
        } else {
            d = t;
        }
        if c == (sx as i32, sy as i32) && d == 0 {
            break;
        }
    }
    if walk.len() > 1 && walk.first() == walk.last() {
        walk.pop();
    }
    walk
}

/// Every enclosure on the field as its owner and the chain around it (one ring per four-way
/// connected piece of enclosed points), for pictures.
pub fn enclosure_rings(game: &DotsGame) -> Vec<(stones_core::Colour, Vec<Point>)> {
    let topo = game.topology();
    let mut done = vec![false; topo.len()];
    let mut rings = Vec::new();
    for start in topo.points() {
        let Some(owner) = game.enclosure_owner(start) else {
            continue;
        };
        if done[start.idx()] {
            continue;
        }
        let mine = |x: i32, y: i32| {
            topo.at(x, y)
                .is_some_and(|q| game.enclosure_owner(q) == Some(owner))
        };
        let mut stack = vec![start];
        done[start.idx()] = true;
        while let Some(q) = stack.pop() {
            let (x, y) = topo.xy(q);
            for (dx, dy) in DIRS {
                if let Some(r) = topo.at(x as i32 + dx, y as i32 + dy) {
                    if !done[r.idx()] && game.enclosure_owner(r) == Some(owner) {
                        done[r.idx()] = true;
                        stack.push(r);
                    }
                }
            }
        }
        rings.push((owner, boundary_walk(topo, &mine, topo.xy(start))));
    }
    rings
}

/// North, east, south, west (y grows downwards).
const DIRS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
