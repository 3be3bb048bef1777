//! The O(1)/O(degree) liberty queries TriGo's two-stone moves rely on agree with a plain recount, on
//! random square-grid positions (they are generic over the topology; TriGo tests the hexagon).

use stones_core::{Adjacency, Colour, Point, Rng, Topology};
use stones_go::ChainBoard;

/// A position reached by random stones played with captures (suicides removed too): every chain
/// keeps a liberty.
fn random_board(topo: &Topology, rng: &mut Rng, moves: usize) -> ChainBoard {
    let mut b = ChainBoard::new(topo);
    for _ in 0..moves {
        if b.empty_count() == 0 {
            break;
        }
        let p = b.nth_empty(rng.below(b.empty_count()));
        b.play(topo, p, Colour::BOTH[rng.below(2)]);
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
    let (mut seconds, mut withins) = (0, 0);
    for round in 0..150 {
        let topo = Topology::square(4 + round % 5, 3 + round % 4, Adjacency::Orthogonal);
        let b = random_board(&topo, &mut rng, 5 + round as usize % 40);
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
                seconds += usize::from(second.is_some());
                for &c in &empty[i + 1..] {
                    let within = libs.iter().all(|&l| l == a || l == c);
                    assert_eq!(b.liberties_within(&topo, s, a, c), within);
                    withins += usize::from(within);
                }
            }
        }
    }
    assert!(
        seconds > 100 && withins > 100,
        "few chains with two liberties: {seconds} {withins}"
    );
}
