//! Random games: chain data stays exact, undo restores everything, listed moves are legal.

use stones_core::{Game, Point, Rng, RuleSet, Status};
use stones_go::{GoGame, GoMove, GoRules};

fn rules(name: &str, size: &str) -> GoRules {
    GoRules::load(Some(name), &[format!("size={size}")])
        .unwrap()
        .0
}

#[test]
fn random_games_keep_invariants_and_undo_exactly() {
    let mut rng = Rng::new(7);
    for (i, (name, size)) in [
        ("classic", "9"),
        ("tromp-taylor", "5"),
        ("chinese", "[7, 4]"),
        ("egf", "3"),
        ("japanese", "2"),
    ]
    .iter()
    .cycle()
    .take(40)
    .enumerate()
    {
        let mut g = GoGame::new(rules(name, size)).unwrap();
        let mut moves = Vec::new();
        for _ in 0..(if i < 5 { 400 } else { 120 }) {
            if !matches!(g.status(), Status::Ongoing | Status::Scoring) {
                break;
            }
            g.board().check_invariants(g.topology()).unwrap();
            g.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(g.check(mv), Ok(()), "listed move {mv:?} refused");
                assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
            }
            for p in g.topology().points() {
                let mv = GoMove::Play(p);
                if !moves.contains(&mv) {
                    assert!(g.check(mv).is_err());
                }
            }
            let before = g.clone();
            let h = g.hash();
            let mv = g.random_move(&mut rng).unwrap();
            g.play(mv).unwrap();
            assert!(g.undo());
            assert_eq!(g, before);
            assert_eq!(g.hash(), h);
            g.play(mv).unwrap();
        }
    }
}

#[test]
fn playouts_end_and_keep_invariants() {
    let mut rng = Rng::new(1);
    for size in [9, 13, 19] {
        let mut ended = 0;
        for _ in 0..20 {
            let mut g = GoGame::new(rules("classic", &size.to_string())).unwrap();
            let n = g.playout(&mut rng, 10 * size * size);
            assert!(n > 0 && n <= 10 * size * size);
            g.board().check_invariants(g.topology()).unwrap();
            ended += usize::from(g.status() != Status::Ongoing);
        }
        // Under simple ko a ko fight where the other side can only pass may cycle for ever; such
        // rare playouts stop at the cap. Nearly all must end by passes.
        assert!(ended >= 19, "only {ended} of 20 playouts on {size} ended");
    }
}

/// The playout's unchecked fast path (placement in one pass, a lone stone joining a chain, merges,
/// captures, the packed liberty words) on the largest board, where the liberty sums are largest:
/// the board matches a from-scratch recount every few moves to the end of each playout.
#[test]
fn fast_path_playouts_match_a_recount_on_the_largest_board() {
    let mut rng = Rng::new(25);
    for _ in 0..2 {
        let mut g = GoGame::new(rules("classic", "25")).unwrap();
        let mut moves = 0;
        while g.status() == Status::Ongoing && moves < 6000 {
            moves += g.playout(&mut rng, 5);
            g.board().check_invariants(g.topology()).unwrap();
        }
        assert!(moves > 625, "a 25x25 playout stopped after {moves} moves");
    }
}

/// The share of `draws` playout moves each move got from the position `board` (Black to move).
fn playout_shares(
    size: &str,
    board: &str,
    draws: usize,
) -> std::collections::BTreeMap<String, f64> {
    use stones_core::board_text::parse_board;
    let mut g = GoGame::new(rules("classic", size)).unwrap();
    let stones = parse_board(g.topology(), board).unwrap();
    g.set_position(&stones, stones_core::Colour::Black).unwrap();
    let mut counts = std::collections::BTreeMap::new();
    let mut rng = Rng::new(3);
    for _ in 0..draws {
        *counts
            .entry(g.move_text(g.playout_move(&mut rng)))
            .or_insert(0.0) += 1.0 / draws as f64;
    }
    counts
}

#[test]
fn playout_moves_are_the_acceptable_points_each_at_least_from_its_own_start() {
    // B4 is Black's eye and C1 would be suicide: never played. D4 touches a white stone, so it is no
    // eye. The scan from a random entry of the 8 empty points takes each acceptable point at least
    // when it starts on it (1/8), and more when refused points come before it in the list.
    let board = "x x x x x\nx . x . x\nx x x o o\n. o o . .\n. o . o .";
    let shares = playout_shares("5", board, 30_000);
    let names: Vec<&str> = shares.keys().map(String::as_str).collect();
    assert_eq!(names, ["A1", "A2", "D2", "D4", "E1", "E2"], "{shares:?}");
    for (name, &s) in &shares {
        assert!(s > 0.95 / 8.0, "{name}: {s}");
    }
    assert!((shares.values().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn playout_moves_are_uniform_when_every_empty_point_is_acceptable() {
    let shares = playout_shares("3", ". . .\n. x .\n. . o", 30_000);
    assert_eq!(shares.len(), 7, "{shares:?}");
    for (name, &s) in &shares {
        assert!((s - 1.0 / 7.0).abs() < 0.05 / 7.0, "{name}: {s}");
    }
}

#[test]
fn a_playout_passes_when_no_point_is_acceptable() {
    // Both empty points are Black's eyes.
    let shares = playout_shares("3", ". x x\nx x x\nx x .", 100);
    assert_eq!(shares.keys().collect::<Vec<_>>(), ["pass"], "{shares:?}");
}

/// `legal_points` (the board's quick answer, for Python's masks) agrees with `check` on every
/// point, in random games on 5x5 and 9x9 (boards whose points are not a whole number of the
/// surrounded points' eight-point words) under simple ko with and without suicide and under superko;
/// many of the points checked have no empty neighbour.
#[test]
fn legal_points_agree_with_check() {
    let mut rng = Rng::new(11);
    for size in [5, 9] {
        for set in [
            ["ko=simple", "suicide=false"],
            ["ko=simple", "suicide=true"],
            ["ko=positional", "suicide=false"],
            ["ko=situational", "suicide=true"],
        ] {
            let mut settings = vec![format!("size={size}")];
            settings.extend(set.iter().map(|s| s.to_string()));
            let rules = GoRules::load(Some("chinese"), &settings).unwrap().0;
            let (mut checked, mut surrounded, mut kos) = (0, 0, 0);
            for _ in 0..30 {
                let mut g = GoGame::new(rules.clone()).unwrap();
                while g.status() == Status::Ongoing && g.in_play() {
                    // Every entry written: none left as it was.
                    let mut mask = vec![2u8; g.topology().len()];
                    g.legal_points(&mut mask);
                    for p in g.topology().points() {
                        let legal = g.check(GoMove::Play(p)).is_ok();
                        assert_eq!(mask[p.idx()] == 1, legal, "{set:?} at {p:?}:\n{g:?}");
                        checked += 1;
                        let nbrs = g.topology().neighbours(p);
                        surrounded += usize::from(
                            g.stone(p).is_none()
                                && nbrs.iter().all(|&q| g.stone(Point(q)).is_some()),
                        );
                    }
                    kos += usize::from(g.ko_point().is_some());
                    let mv = g.random_move(&mut rng).unwrap();
                    g.play(mv).unwrap();
                }
            }
            assert!(
                checked > 5000 && surrounded > 500 && kos > 0,
                "{size} {set:?}: {checked} points, {surrounded} surrounded, {kos} kos"
            );
        }
    }
}
