//! Why no real position triggers TriGo's ko rule, checked by exhaustive search.
//!
//! A move recreates the position right after the mover's previous move only as an exact two-for-two:
//! the opponent's stones a, b captured exactly the mover's p, q, and the mover's p, q now capture
//! exactly a, b. Then every other neighbour of a or b is a mover's stone (a, b are captured with no
//! other liberty, and no other opponent stone joins them), and every other neighbour of p or q is an
//! opponent's stone (likewise). So no point outside the four may touch both pairs. The search shows
//! that on hexagons of side 3 to 5 (every corner, edge and inner shape of a larger board appears there)
//! no four points meet even these necessary conditions; the ko check is therefore tested on a
//! constructed history in the crate's unit tests.

use stones_core::{Point, Topology};

fn touches(t: &Topology, group: &[Point], other: &[Point]) -> bool {
    // Each connected part of `group` must touch `other` (it had or gets a liberty there).
    let mut part = vec![group[0]];
    if t.neighbours(group[0]).contains(&group[1].0) {
        part.push(group[1]);
    }
    let reaches = |part: &[Point]| {
        part.iter()
            .any(|&s| other.iter().any(|o| t.neighbours(s).contains(&o.0)))
    };
    if part.len() == 2 {
        reaches(&part)
    } else {
        reaches(&[group[0]]) && reaches(&[group[1]])
    }
}

fn outside_neighbours(t: &Topology, group: &[Point], four: &[Point]) -> Vec<u16> {
    let mut v: Vec<u16> = group
        .iter()
        .flat_map(|&s| t.neighbours(s).iter().copied())
        .filter(|q| !four.iter().any(|f| f.0 == *q))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn no_two_for_two_recapture_shape_exists() {
    for side in [3, 4, 5] {
        let t = Topology::hex(side);
        let n = t.len() as u16;
        let mut shapes = 0;
        for a in 0..n {
            for b in a + 1..n {
                for p in 0..n {
                    for q in p + 1..n {
                        if [a, b].contains(&p) || [a, b].contains(&q) {
                            continue;
                        }
                        let (w, m) = ([Point(a), Point(b)], [Point(p), Point(q)]);
                        let four = [w[0], w[1], m[0], m[1]];
                        if !touches(&t, &w, &m) || !touches(&t, &m, &w) {
                            continue;
                        }
                        let nw = outside_neighbours(&t, &w, &four);
                        let nm = outside_neighbours(&t, &m, &four);
                        if nw.iter().all(|x| !nm.contains(x)) {
                            shapes += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(shapes, 0, "side {side}: a two-for-two shape exists");
    }
}

#[test]
fn the_search_finds_the_square_grid_double_ko_shape() {
    // The same conditions on Go's square grid do admit shapes (ko exists there), so the search is
    // not vacuous: a1 b1 against a2 b2 in a corner strip of a 2-wide board.
    let t = Topology::square(2, 3, stones_core::Adjacency::Orthogonal);
    let p = |s: &str| t.parse_point(s).unwrap();
    let (w, m) = ([p("A1"), p("B1")], [p("A2"), p("B2")]);
    let four = [w[0], w[1], m[0], m[1]];
    assert!(touches(&t, &w, &m) && touches(&t, &m, &w));
    let nw = outside_neighbours(&t, &w, &four);
    let nm = outside_neighbours(&t, &m, &four);
    assert!(nw.iter().all(|x| !nm.contains(x)));
}
