//! The O(1)/O(degree) liberty queries TriGo's two-stone moves rely on agree with a plain recount, on
//! random positions of square grids and of TriGo's hexagons (they are generic over the topology).

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

/// Checks `nth_empty`, `second_liberty` and `liberties_within` on `b` against a recount; adds to
/// `counts` how often a second liberty and liberties within two points were found.
fn check_against_a_recount(b: &ChainBoard, topo: &Topology, counts: &mut (usize, usize)) {
    let empty: Vec<Point> = b.empty_points().collect();
    let nth: Vec<Point> = (0..b.empty_count()).map(|i| b.nth_empty(i)).collect();
    assert_eq!(nth, empty);
    for s in topo.points().filter(|&p| b.get(p).is_some()) {
        let libs = liberty_set(b, topo, s);
        for (i, &a) in empty.iter().enumerate() {
            let second = match libs.as_slice() {
                [x, y] if *x == a => Some(*y),
                [x, y] if *y == a => Some(*x),
                _ => None,
            };
            assert_eq!(b.second_liberty(topo, s, a), second);
            counts.0 += usize::from(second.is_some());
            for &c in &empty[i + 1..] {
                let within = libs.iter().all(|&l| l == a || l == c);
                assert_eq!(b.liberties_within(topo, s, a, c), within);
                counts.1 += usize::from(within);
            }
        }
    }
}

/// Checks the queries against a recount on `rounds` random boards, `board(round)` giving each one's
/// topology and how many stones to drop on it, and that enough chains with two liberties were met.
fn recount_rounds(seed: u64, rounds: u16, board: impl Fn(u16) -> (Topology, usize)) {
    let mut rng = Rng::new(seed);
    let mut counts = (0, 0);
    for round in 0..rounds {
        let (topo, stones) = board(round);
        let b = random_board(&topo, &mut rng, stones);
        check_against_a_recount(&b, &topo, &mut counts);
    }
    assert!(
        counts.0 > 100 && counts.1 > 100,
        "few chains with two liberties: {counts:?}"
    );
}

#[test]
fn liberties_within_second_liberty_and_nth_empty_match_a_recount() {
    recount_rounds(17, 150, |round| {
        let topo = Topology::square(4 + round % 5, 3 + round % 4, Adjacency::Orthogonal);
        (topo, 5 + round as usize % 40)
    });
}

#[test]
fn the_queries_match_a_recount_on_trigo_hexagons_too() {
    recount_rounds(9, 200, |round| {
        (Topology::hex(3 + round % 4), 10 + round as usize % 80)
    });
}

#[test]
fn last_emptied_lists_the_stones_play_group_removed_captures_first() {
    let mut rng = Rng::new(29);
    let mut checked = 0;
    for round in 0..200 {
        let topo = Topology::square(3 + round % 5, 3 + round % 3, Adjacency::Orthogonal);
        let mut b = random_board(&topo, &mut rng, 4 + round as usize % 30);
        for _ in 0..20 {
            if b.empty_count() < 2 {
                break;
            }
            let i = rng.below(b.empty_count());
            let (p, c) = (b.nth_empty(i), Colour::BOTH[rng.below(2)]);
            let before: Vec<Option<Colour>> = topo.points().map(|q| b.get(q)).collect();
            let placed = b.play(&topo, p, c);
            let removed = (placed.captured + placed.suicided) as usize;
            let got: Vec<Point> = b.last_emptied(removed).collect();
            let (captured, suicided) = got.split_at(placed.captured as usize);
            let mut want: Vec<Point> = topo
                .points()
                .filter(|&q| b.get(q).is_none() && before[q.idx()] == Some(c.opponent()))
                .collect();
            let mut captured = captured.to_vec();
            captured.sort();
            want.sort();
            assert_eq!(captured, want);
            assert!(suicided
                .iter()
                .all(|&q| b.get(q).is_none() && (q == p || before[q.idx()] == Some(c))));
            checked += usize::from(removed > 0);
        }
    }
    assert!(checked > 50, "{checked}");
}

/// `clone_from` copies only the source's points: a big board refreshed from a small one (stale
/// entries past the small board's points) must be the small board, and stay it under play.
#[test]
fn clone_from_a_smaller_board_plays_like_the_original() {
    let mut rng = Rng::new(41);
    let big_topo = Topology::square(19, 19, Adjacency::Orthogonal);
    let mut copy = random_board(&big_topo, &mut rng, 300);
    for round in 0..40 {
        let topo = Topology::square(3 + round % 7, 3 + round % 5, Adjacency::Orthogonal);
        let mut b = random_board(&topo, &mut rng, 10 + round as usize % 30);
        copy.clone_from(&b);
        assert_eq!(copy, b);
        copy.check_invariants(&topo).unwrap();
        for _ in 0..60 {
            if b.empty_count() == 0 {
                break;
            }
            let i = rng.below(b.empty_count());
            let (p, q) = (b.nth_empty(i), copy.nth_empty(i));
            assert_eq!(p, q, "empty lists differ");
            let c = Colour::BOTH[rng.below(2)];
            assert_eq!(b.play(&topo, p, c), copy.play(&topo, p, c));
            assert_eq!((b.hash(), &b), (copy.hash(), &copy));
        }
        copy.check_invariants(&topo).unwrap();
    }
}
