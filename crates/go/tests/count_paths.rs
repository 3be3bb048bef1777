//! The count reads the board in place when no stone is marked dead and works on a copy when one is:
//! on the boards random playouts leave, marking a chain dead counts as that chain taken off the board
//! (its stones the other side's), seki and all.

use stones_core::{Game, Rng, RuleSet};
use stones_go::scoring::{self, nothing_dead};
use stones_go::{GoGame, GoRules};

fn game(size: u32) -> GoGame {
    let rules = GoRules::load(Some("classic"), &[format!("size={size}")])
        .unwrap()
        .0;
    GoGame::new(rules).unwrap()
}

#[test]
fn a_chain_marked_dead_counts_as_the_chain_taken_off() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for size in [5, 7, 9] {
        for _ in 0..30 {
            let mut g = game(size);
            g.playout(&mut rng, 10 * (size * size) as usize);
            let (board, topo) = (g.board(), g.topology());
            let Some(p) = topo.points().find(|&p| board.get(p).is_some()) else {
                continue;
            };
            let colour = board.get(p).unwrap();
            let mut dead = nothing_dead();
            let mut off = board.clone();
            for s in board.chain_stones(p) {
                dead[s.idx()] = true;
            }
            let removed = off.remove_chain(topo, p);
            let marked = scoring::count(board, topo, &dead);
            let taken = scoring::count(&off, topo, &nothing_dead());
            assert_eq!(marked.dead[colour.idx()], removed);
            assert_eq!(marked.dead[colour.opponent().idx()], 0);
            assert_eq!(marked.stones, taken.stones);
            assert_eq!(marked.territory, taken.territory);
            assert_eq!(marked.territory_outside_seki, taken.territory_outside_seki);
            assert_eq!(marked.owner, taken.owner);
            assert_eq!(marked.seki, taken.seki);
            checked += 1;
        }
    }
    assert!(checked >= 80, "only {checked} boards had a stone");
}

#[test]
fn the_area_is_the_counts_stones_and_territory_without_the_seki_test() {
    // Random boards, with and without a chain marked dead: the area scoring reads is the full
    // count's. (Playouts leave no seki; rules.rs's `seki_eyes_are_territory_only_under_area_scoring`
    // scores one by area, its eyes counted.)
    let mut rng = Rng::new(12);
    for size in [5, 7, 9] {
        for i in 0..40 {
            let mut g = game(size);
            g.playout(&mut rng, 10 * (size * size) as usize);
            let (board, topo) = (g.board(), g.topology());
            let mut dead = nothing_dead();
            if let Some(p) = topo.points().filter(|&p| board.get(p).is_some()).nth(i % 3) {
                for s in board.chain_stones(p) {
                    dead[s.idx()] = true;
                }
            }
            let full = scoring::count(board, topo, &dead);
            let area = [0, 1].map(|c| full.stones[c] + full.territory[c]);
            assert_eq!(scoring::area(board, topo, &dead), area);
        }
    }
}
