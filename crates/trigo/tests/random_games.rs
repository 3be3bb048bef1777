//! Random games and random positions: listing equals checking, undo is exact, the pair test agrees
//! with trial play, random moves are uniform, scores equal a from-scratch recount.

use stones_core::{Colour, Game, Point, Rng, RuleSet, Status, Topology};
use stones_go::ChainBoard;
use stones_trigo::{legal, TrigoGame, TrigoMove, TrigoRules};

fn game(size: u16, ruleset: &str) -> TrigoGame {
    let rules = TrigoRules::load(Some(ruleset), &[format!("size={size}")])
        .unwrap()
        .0;
    TrigoGame::new(rules).unwrap()
}

/// A random position on `topo` with roughly `fill` of the points occupied, every chain with a liberty.
fn random_board(topo: &Topology, rng: &mut Rng, fill: usize) -> ChainBoard {
    let mut b = ChainBoard::new(topo);
    for p in topo.points() {
        if rng.below(100) < fill {
            let c = if rng.below(2) == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            b.put(topo, p, c);
        }
    }
    // Remove chains left without liberty until none is.
    while let Some(p) = topo
        .points()
        .find(|&p| b.get(p).is_some() && b.has_no_liberty(p))
    {
        b.remove_chain(topo, p);
    }
    b
}

#[test]
fn random_games_list_exactly_the_legal_moves_and_undo_exactly() {
    let mut rng = Rng::new(11);
    for (i, (size, ruleset)) in [(3, "standard"), (2, "komi"), (4, "teaching"), (3, "komi")]
        .iter()
        .cycle()
        .take(24)
        .enumerate()
    {
        let mut g = game(*size, ruleset);
        let mut moves = Vec::new();
        for _ in 0..(if i < 4 { 200 } else { 60 }) {
            if !matches!(g.status(), Status::Ongoing | Status::Scoring) {
                break;
            }
            g.board().check_invariants(g.topology()).unwrap();
            assert_eq!(g.score(), g.recount());
            g.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(g.check(mv), Ok(()), "listed move {mv:?} refused");
                assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
            }
            let points: Vec<Point> = g.topology().points().collect();
            for &p in &points {
                for &q in &points {
                    let mv = TrigoMove::Two(p, q);
                    let listed = moves.contains(&TrigoMove::two(p, q)) && p != q;
                    assert_eq!(g.check(mv).is_ok(), listed, "{mv:?}\n{}", g.render(false));
                }
                assert_eq!(
                    g.check(TrigoMove::One(p)).is_ok(),
                    moves.contains(&TrigoMove::One(p))
                );
            }
            let before = g.clone();
            let h = g.hash();
            let mv = g.random_move(&mut rng).unwrap();
            assert!(moves.contains(&mv), "random move {mv:?} not listed");
            g.play(mv).unwrap();
            assert!(g.undo());
            assert_eq!(g, before);
            assert_eq!(g.hash(), h);
            g.play(mv).unwrap();
            if mv != TrigoMove::Pass {
                assert_ne!(g.hash(), h);
            }
        }
    }
}

#[test]
fn pair_test_agrees_with_trial_play_on_random_positions() {
    let mut rng = Rng::new(5);
    let mut doubtful = 0;
    for round in 0..300 {
        let topo = Topology::hex(3 + (round % 3) as u16);
        let board = random_board(&topo, &mut rng, 55 + round % 40);
        let empty: Vec<Point> = board.empty_points().collect();
        for c in Colour::BOTH {
            for (i, &p) in empty.iter().enumerate() {
                for &q in &empty[i + 1..] {
                    let mut trial = board.clone();
                    trial.play_group(&topo, &[p, q], c);
                    let dead: Vec<Point> = [p, q]
                        .into_iter()
                        .filter(|&s| trial.get(s) != Some(c))
                        .collect();
                    let got = legal::pair_suicide(&board, &topo, p, q, c);
                    assert_eq!(got.is_some(), !dead.is_empty());
                    if let Some(s) = got {
                        assert!(dead.contains(&s));
                    }
                    doubtful += usize::from(!dead.is_empty());
                }
            }
        }
    }
    assert!(
        doubtful > 100,
        "the random positions hardly test suicide ({doubtful})"
    );
}

/// Checks `legal::hopeless` at every empty point of `board` for both colours against a from-scratch
/// liberty count (no empty neighbour, every enemy neighbour's chain with three liberties or more,
/// every own neighbour's chain with none but the point, and no enemy chain in atari next to those),
/// and by trial play of every pair with a hopeless point; `ChainBoard::two_liberties_besides` against
/// the count too. Tallies hopeless points, those among them with own neighbours, walled points an
/// atari rescues, and points among enemy stones a capture saves.
fn check_hopeless(board: &ChainBoard, topo: &Topology, tally: &mut [usize; 4]) {
    let libs = |r: u16| board.liberties(topo, Point(r));
    let stone = |r: &u16| board.get(Point(*r));
    for s in board.empty_points() {
        let nbrs = topo.neighbours(s);
        for c in [Colour::Black, Colour::White] {
            let own: Vec<u16> = nbrs
                .iter()
                .copied()
                .filter(|r| stone(r) == Some(c))
                .collect();
            let walled = nbrs.iter().all(|r| match stone(r) {
                None => false,
                Some(o) if o == c => libs(*r) == 1,
                Some(_) => libs(*r) >= 3,
            });
            // An enemy chain in atari next to one of the own chains could be captured.
            let rescue = own.iter().any(|&r| {
                board.chain_stones(Point(r)).any(|x| {
                    topo.neighbours(x)
                        .iter()
                        .any(|&e| stone(&e) == Some(c.opponent()) && libs(e) == 1)
                })
            });
            let expected = walled && !rescue;
            assert_eq!(legal::hopeless(board, topo, s, c), expected);
            if expected {
                for r in board.empty_points().filter(|&r| r != s) {
                    let mut trial = board.clone();
                    trial.play_group(topo, &[s, r], c);
                    assert_ne!(trial.get(s), Some(c), "a pair on hopeless {s:?} lives");
                }
            }
            let surrounded = nbrs.iter().all(|r| stone(r).is_some());
            tally[0] += usize::from(expected);
            tally[1] += usize::from(expected && !own.is_empty());
            tally[2] += usize::from(walled && rescue);
            tally[3] += usize::from(own.is_empty() && surrounded && !walled);
        }
        for &r in nbrs {
            let r = Point(r);
            if board.get(r).is_some() {
                let m = nbrs
                    .iter()
                    .filter(|&&t| {
                        board.get(Point(t)).is_some() && board.chain(Point(t)) == board.chain(r)
                    })
                    .count() as u32;
                assert_eq!(board.two_liberties_besides(r, s, m), libs(r.0) >= 3);
            }
        }
    }
}

/// [`check_hopeless`] on random positions and on positions along seeded playouts (where own chains
/// in atari inside enemy walls, and enemy chains in atari next to them, are common).
#[test]
fn hopeless_points_agree_with_a_liberty_count() {
    let mut rng = Rng::new(12);
    let mut tally = [0; 4];
    for round in 0..600 {
        let topo = Topology::hex(3 + (round % 3) as u16);
        let board = random_board(&topo, &mut rng, 60 + round % 35);
        check_hopeless(&board, &topo, &mut tally);
    }
    for size in [3, 4, 5].iter().cycle().take(60) {
        let mut g = game(*size, "standard");
        while g.status() == Status::Ongoing {
            g.play_unchecked(g.playout_move(&mut rng));
            check_hopeless(g.board(), g.topology(), &mut tally);
        }
    }
    let [hopeless, walled_own, rescued, saved] = tally;
    assert!(
        hopeless > 100 && walled_own > 10 && rescued > 10 && saved > 10,
        "few cases: {tally:?}"
    );
}

#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    // A crowded side-3 board: few legal moves, so each is drawn often.
    let mut g = game(3, "standard");
    let board = "
        x x o
        . x o o
        x . x o .
        x x o .
        . x o
    ";
    let stones = stones_core::board_text::parse_board(g.topology(), board).unwrap();
    g.set_position(&stones, Colour::Black).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.len() > 3 && moves.len() < 20, "{}", moves.len());
    let mut rng = Rng::new(3);
    let draws = 2000 * moves.len();
    let mut hits = vec![0usize; moves.len()];
    for _ in 0..draws {
        let mv = g.random_move(&mut rng).unwrap();
        let i = moves
            .iter()
            .position(|&m| m == mv)
            .expect("drawn move is listed");
        hits[i] += 1;
    }
    for (mv, &h) in moves.iter().zip(&hits) {
        assert!(
            (1700..=2300).contains(&h),
            "{mv:?} drawn {h} times of ~2000"
        );
    }
}

/// The legal pairs of points that are not the mover's own eyes: what a playout move draws from.
fn usable_pairs(g: &TrigoGame) -> Vec<TrigoMove> {
    let (topo, c) = (g.topology(), g.to_move());
    let eye = |p: Point| g.board().is_own_eye(topo, p, c);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.retain(|m| matches!(*m, TrigoMove::Two(p, q) if !eye(p) && !eye(q)));
    moves
}

/// The playout policy is uniform over the legal pairs of points that are not the mover's own eyes,
/// on crowded boards (late positions of seeded playouts) where the draw straight from the empty
/// list mostly misses and the slow draw (which drops eyes and hopeless points as it meets them)
/// picks.
#[test]
fn playout_moves_are_uniform_over_the_legal_pairs_of_non_eye_points() {
    let mut rng = Rng::new(4);
    let mut tested = 0;
    while tested < 3 {
        let mut g = game(4, "standard");
        // Play on until few pairs are usable, and fewer than half the pairs of empty points.
        let pairs = loop {
            if g.status() != Status::Ongoing {
                break Vec::new();
            }
            let pairs = usable_pairs(&g);
            let n = g.board().empty_count();
            if (4..=12).contains(&pairs.len()) && pairs.len() * 2 < n * (n - 1) / 2 {
                break pairs;
            }
            let mv = g.playout_move(&mut rng);
            g.play(mv).unwrap();
        };
        if pairs.is_empty() {
            continue;
        }
        tested += 1;
        let per = 2000;
        let mut hits = vec![0usize; pairs.len()];
        for _ in 0..per * pairs.len() {
            let mv = g.playout_move(&mut rng);
            let i = pairs.iter().position(|&m| m == mv);
            hits[i.unwrap_or_else(|| panic!("{mv:?} is not a legal pair of non-eye points"))] += 1;
        }
        for (mv, &h) in pairs.iter().zip(&hits) {
            let text = g.move_text(*mv);
            assert!(
                (1700..=2300).contains(&h),
                "{text} drawn {h} times of ~{per}\n{}",
                g.render(false)
            );
        }
    }
}

#[test]
fn playouts_end_keep_invariants_and_score_like_a_recount() {
    let mut rng = Rng::new(1);
    for size in [2, 3, 5, 8, 13] {
        for _ in 0..10 {
            let mut g = game(size, "standard");
            let n = g.playout(&mut rng, 10 * g.topology().len());
            assert!(n > 0 && n <= 10 * g.topology().len());
            g.board().check_invariants(g.topology()).unwrap();
            assert!(
                matches!(g.status(), Status::Over(_)),
                "size {size}: {n} moves"
            );
            let count = g.count();
            let total = count.territory[0] + count.territory[1] + count.stones[0] + count.stones[1];
            assert!(total as usize <= g.topology().len());
        }
    }
}

#[test]
fn playout_moves_are_legal_and_pass_only_when_no_pair_is() {
    let mut rng = Rng::new(23);
    let mut moves = Vec::new();
    let mut forced_passes = 0;
    for size in [2, 3, 4].iter().cycle().take(60) {
        let mut g = game(*size, "standard");
        while g.status() == Status::Ongoing {
            let mv = g.playout_move(&mut rng);
            assert_eq!(g.check(mv), Ok(()), "{mv:?}\n{}", g.render(false));
            let (board, topo, c) = (g.board(), g.topology(), g.to_move());
            let eye = |p: Point| board.is_own_eye(topo, p, c);
            match mv {
                TrigoMove::Two(p, q) => assert!(!eye(p) && !eye(q)),
                TrigoMove::Pass => {
                    g.legal_moves(&mut moves);
                    let usable = moves.iter().any(|m| match *m {
                        TrigoMove::Two(p, q) => !eye(p) && !eye(q),
                        _ => false,
                    });
                    assert!(!usable, "passed with a usable pair\n{}", g.render(false));
                    forced_passes += 1;
                }
                TrigoMove::One(_) => assert!(g.is_opening()),
                other => panic!("playout move {other:?}"),
            }
            g.play(mv).unwrap();
        }
    }
    assert!(forced_passes >= 120, "{forced_passes}");
}

/// Late-game shapes (own chains in atari, enemy chains capturable only by the pair) come from real
/// playouts more than from random fills: on positions along playouts, every ordered pair's answer
/// names exactly the first stone trial play leaves dead.
#[test]
fn pair_test_agrees_with_trial_play_on_playout_positions() {
    let mut rng = Rng::new(99);
    let mut dead_pairs = 0;
    for size in [3, 4, 5].iter().cycle().take(90) {
        let mut g = game(*size, "standard");
        let mut ply = 0;
        while g.status() == Status::Ongoing {
            let mv = g.playout_move(&mut rng);
            g.play_unchecked(mv);
            ply += 1;
            if ply % 3 != 0 {
                continue;
            }
            let (board, topo) = (g.board(), g.topology());
            let empty: Vec<Point> = board.empty_points().collect();
            for c in Colour::BOTH {
                for &p in &empty {
                    for &q in empty.iter().filter(|&&q| q != p) {
                        let mut trial = board.clone();
                        trial.play_group(topo, &[p, q], c);
                        let first_dead = [p, q].into_iter().find(|&s| trial.get(s) != Some(c));
                        assert_eq!(legal::pair_suicide(board, topo, p, q, c), first_dead);
                        dead_pairs += usize::from(first_dead.is_some());
                    }
                }
            }
        }
    }
    assert!(dead_pairs > 10_000, "{dead_pairs}");
}
