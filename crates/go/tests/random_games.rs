//! Random games: chain data stays exact, undo restores everything, listed moves are legal.

use stones_core::{Game, Rng, RuleSet, Status};
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
