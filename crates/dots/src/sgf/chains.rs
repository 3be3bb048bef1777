//! Capture chains: checking a record's chains against the engine, and tracing the engine's own.

use super::SgfMove;
use crate::state::DotsGame;
use stones_core::Point;

/// Compares the inside of the record's chains with the engine's enclosures of the last move.
///
/// Linear-ish: each chain is filled row by row ([`inside_points`]) and "touches the region" is a
/// lookup in a grid, so the cost is the chains' lengths plus their bounding boxes, not their product.
pub(super) fn check_chains(game: &DotsGame, m: &SgfMove, number: usize) -> Option<String> {
    let topo = game.topology();
    let own = |(x, y): (u16, u16)| {
        topo.at(x as i32, y as i32)
            .is_some_and(|p| game.dot(p) == Some(m.colour))
    };
    // Own dots are left out on both sides: the chain's inside may hold live own dots, and own dots the
    // engine frees (enclosing an enclosure) are inside the engine's region.
    let region = game.last_enclosed();
    let mut ours: Vec<(u16, u16)> = region
        .iter()
        .map(|&p| topo.xy(p))
        .filter(|&xy| !own(xy))
        .collect();
    let mut theirs: Vec<(u16, u16)> = m
        .chains
        .iter()
        .flat_map(|ch| inside_points(ch))
        .filter(|&xy| !own(xy))
        .collect();
    for list in [&mut ours, &mut theirs] {
        list.sort_by_key(|&(x, y)| (y, x));
        list.dedup();
    }
    // Every point of a minimal chain touches the enclosed region (diagonals included).
    let (w, h) = topo.bounding_box();
    let mut near = vec![false; w as usize * h as usize];
    for &p in &region {
        let (rx, ry) = topo.xy(p);
        for y in ry.saturating_sub(1)..(ry + 2).min(h) {
            for x in rx.saturating_sub(1)..(rx + 2).min(w) {
                near[y as usize * w as usize + x as usize] = true;
            }
        }
    }
    let touches = |&(x, y): &(u16, u16)| near[y as usize * w as usize + x as usize];
    if ours == theirs && !m.chains.iter().flatten().all(touches) {
        return Some(format!(
            "move {number} ({}[{}]): the record's chain encloses the same points as the engine but takes a longer path",
            m.colour.letter(),
            m.text
        ));
    }
    (ours != theirs).then(|| {
        format!(
            "move {number} ({}[{}]): the record's chain encloses {} points, the engine's enclosure {}; the engine's count is used",
            m.colour.letter(),
            m.text,
            theirs.len(),
            ours.len()
        )
    })
}

/// The lattice points inside a closed polygon of lattice points by the even-odd rule, its own points
/// left out, row by row from the top. Each edge is met once per row it crosses and each row's
/// crossings are sorted once, so the cost is the polygon's length (times the rows an edge spans: one
/// for the eight-way steps of real chains) plus its bounding box.
fn inside_points(poly: &[(u16, u16)]) -> Vec<(u16, u16)> {
    let (Some(x0), Some(x1)) = (
        poly.iter().map(|c| c.0).min(),
        poly.iter().map(|c| c.0).max(),
    ) else {
        return Vec::new();
    };
    let (y0, y1) = (
        poly.iter().map(|c| c.1).min().unwrap_or(0),
        poly.iter().map(|c| c.1).max().unwrap_or(0),
    );
    let width = (x1 - x0 + 1) as usize;
    let at = |(x, y): (u16, u16)| (y - y0) as usize * width + (x - x0) as usize;
    let mut on_chain = vec![false; width * (y1 - y0 + 1) as usize];
    let mut crossings: Vec<Vec<f64>> = vec![Vec::new(); (y1 - y0 + 1) as usize];
    for (i, &a) in poly.iter().enumerate() {
        on_chain[at(a)] = true;
        let b = poly[(i + 1) % poly.len()];
        let (ax, ay, bx, by) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
        // The rows `py` with (ay > py) != (by > py).
        for py in a.1.min(b.1)..a.1.max(b.1) {
            let cross = ax + (py as f64 - ay) * (bx - ax) / (by - ay);
            crossings[(py - y0) as usize].push(cross);
        }
    }
    let mut out = Vec::new();
    for (row, xs) in crossings.iter_mut().enumerate() {
        xs.sort_by(f64::total_cmp);
        let y = y0 + row as u16;
        // A point is inside when an odd number of crossings lie strictly to its right.
        let mut left = 0;
        for x in x0..=x1 {
            while left < xs.len() && xs[left] <= x as f64 {
                left += 1;
            }
            if (xs.len() - left) % 2 == 1 && !on_chain[at((x, y))] {
                out.push((x, y));
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::inside_points;
    use stones_core::Rng;

    /// The even-odd test of one point, edge by edge: the reference [`inside_points`] must agree with.
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

    #[test]
    fn row_scan_agrees_with_the_point_by_point_test() {
        let mut rng = Rng::new(17);
        for round in 0..3000 {
            let n = 1 + rng.below(12);
            let span = 2 + rng.below(10) as u16;
            let mut poly = vec![(
                rng.below(span as usize) as u16,
                rng.below(span as usize) as u16,
            )];
            // Half the polygons walk in eight-way steps, as real chains do; half jump anywhere.
            for _ in 1..n {
                let &(x, y) = poly.last().unwrap();
                let next = if round % 2 == 0 {
                    let mut step = |v: u16| (v + rng.below(3) as u16).saturating_sub(1).min(span);
                    (step(x), step(y))
                } else {
                    (
                        rng.below(span as usize) as u16,
                        rng.below(span as usize) as u16,
                    )
                };
                poly.push(next);
            }
            let mut want = Vec::new();
            for y in 0..=span {
                for x in 0..=span {
                    if !poly.contains(&(x, y)) && inside(&poly, x, y) {
                        want.push((x, y));
                    }
                }
            }
            assert_eq!(inside_points(&poly), want, "{poly:?}");
        }
    }

    #[test]
    fn a_ring_walked_an_even_number_of_times_encloses_nothing() {
        // A ring around a 50 x 50 square walked 40 times: 7,840 points.
        let mut ring = Vec::new();
        ring.extend((1..51).map(|x| (x, 1)));
        ring.extend((2..51).map(|y| (50, y)));
        ring.extend((1..50).rev().map(|x| (x, 50)));
        ring.extend((2..50).rev().map(|y| (1, y)));
        let chain: Vec<(u16, u16)> = ring.iter().copied().cycle().take(ring.len() * 40).collect();
        // Walked an even number of times, every crossing cancels: nothing is inside.
        assert!(inside_points(&chain).is_empty());
        assert_eq!(inside_points(&ring).len(), 48 * 48);
    }
}
