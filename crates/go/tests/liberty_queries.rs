//! The O(1)/O(degree) liberty queries TriGo's two-stone moves rely on agree with a plain recount, on
//! random square-grid positions (they are generic over the topology; TriGo tests the hexagon).

use stones_core::{Adjacency, Colour, Point, Rng, Topology};
use stones_go::ChainBoard;

fn random_board(topo: &Topology, rng: &mut Rng, fill: usize) -> ChainBoard {
    let mut b = ChainBoard::new(topo);
    for p in topo.points() {
        if rng.below(100) < fill {
            let c = Colour::BOTH[rng.below(2)];
            b.put(topo, p, c);
        }
    }
    while let Some(p) = topo
        .points()
        .find(|&p| b.get(p).is_some() && b.has_no_liberty(p))
    {
        b.remove_chain(topo, p);
    }
    b
}

fn liberty_set(b: &ChainBoard, topo: &Topology, s: Point) -> Vec<Point> {
    let mut libs: Vec<Point> = b
        .chain_stones(s)
        .flat_map(|t| topo.neighbours(t).iter().map(|&q| Point(q)))
        .filter(|&q| b.get(q).is_none())
        .collect();
    libs.sort();
    libs.dedup();
    libs
}

#[test]
fn liberties_within_second_liberty_and_nth_empty_match_a_recount() {
    let mut rng = Rng::new(17);
    for round in 0..150 {
        let topo = Topology::square(4 + round % 5, 3 + round % 4, Adjacency::Orthogonal);
        let b = random_board(&topo, &mut rng, 40 + round as usize % 50);
        let empty: Vec<Point> = b.empty_points().collect();
        let nth: Vec<Point> = (0..b.empty_count()).map(|i| b.nth_empty(i)).collect();
        assert_eq!(nth, empty);
        for s in topo.points().filter(|&p| b.get(p).is_some()) {
            let libs = liberty_set(&b, &topo, s);
            for (i, &a) in empty.iter().enumerate() {
                let second = match libs.as_slice() {
                    [x, y] if *x == a => Some(*y),
                    [x, y] if *y == a => Some(*x),
                    _ => None,
                };
                assert_eq!(b.second_liberty(&topo, s, a), second);
                for &c in &empty[i + 1..] {
                    let within = libs.iter().all(|&l| l == a || l == c);
                    assert_eq!(b.liberties_within(&topo, s, a, c), within);
                }
            }
        }
    }
}
