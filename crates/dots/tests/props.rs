//! Property tests over random games: no panic, exact undo (state and hash), replay gives the same
//! state, score equals a recount, legality agrees with the move list, and no enclosure is missed
//! (checked against a naive whole-field flood fill).

use stones_core::{BoardSize, Colour, Game, Point, Rng, RuleSet, Status};
use stones_dots::{CaptureTiming, DotsGame, DotsMove, DotsRules, StopRule};

const SIZES: [(u16, u16); 6] = [(2, 2), (3, 7), (5, 5), (8, 6), (13, 9), (39, 32)];

fn rules(seed: u64, (w, h): (u16, u16)) -> DotsRules {
    let mut rng = Rng::new(seed);
    let name = DotsRules::BUILTIN[rng.below(DotsRules::BUILTIN.len())].name;
    let mut r = DotsRules::load(Some(name), &[]).unwrap().0;
    r.size = BoardSize {
        width: w,
        height: h,
    };
    if rng.below(3) == 0 {
        r.capture_timing = [CaptureTiming::Immediate, CaptureTiming::OnOwnerMove][rng.below(2)];
        r.stop = [StopRule::PlayOn, StopRule::Grounding][rng.below(2)];
        r.extra_move = rng.below(2) == 0;
        r.zone_size = BoardSize {
            width: 1 + rng.below(4) as u16,
            height: 1 + rng.below(4) as u16,
        };
    }
    r
}

/// A random move: mostly random legal points, sometimes STOP, rarely resignation.
fn pick(g: &DotsGame, rng: &mut Rng, stops: bool) -> Option<DotsMove> {
    if g.status() != Status::Ongoing {
        return None;
    }
    match rng.below(200) {
        0 if stops => Some(DotsMove::Resign),
        1..=3 if stops => Some(DotsMove::Stop),
        _ => g.random_move(rng),
    }
}

/// Points of the region of `start` not crossing `walls` (orthogonal steps), and whether it is closed.
fn region(g: &DotsGame, walls: &[bool], start: Point) -> (Vec<usize>, bool) {
    let t = g.topology();
    let mut seen = vec![false; t.len()];
    let mut stack = vec![start.idx()];
    seen[start.idx()] = true;
    let mut out = Vec::new();
    let mut closed = true;
    while let Some(c) = stack.pop() {
        out.push(c);
        closed &= !t.is_edge(Point(c as u16));
        let (x, y) = t.xy(Point(c as u16));
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            if let Some(q) = t.at(x as i32 + dx, y as i32 + dy) {
                if !walls[q.idx()] && !seen[q.idx()] {
                    seen[q.idx()] = true;
                    stack.push(q.idx());
                }
            }
        }
    }
    (out, closed)
}

fn live(g: &DotsGame, p: Point, c: Colour) -> bool {
    g.dot(p) == Some(c) && !g.is_captured(p)
}

/// After `who` put a dot on `p` (before: `g0`, after: `g1`): every region the dot split off that is
/// closed and held a live enemy dot is now enclosed by `who`; every such empty one is a free area.
fn no_missed_enclosure(g0: &DotsGame, g1: &DotsGame, p: Point, who: Colour) {
    let t = g0.topology();
    let mut walls: Vec<bool> = t.points().map(|q| live(g0, q, who)).collect();
    let (before, _) = region(g0, &walls, p);
    walls[p.idx()] = true;
    let (x, y) = t.xy(p);
    for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
        let Some(n) = t.at(x as i32 + dx, y as i32 + dy) else {
            continue;
        };
        if walls[n.idx()] {
            continue;
        }
        let (part, closed) = region(g0, &walls, n);
        if !closed || part.len() + 1 == before.len() {
            continue;
        }
        let enemy = part
            .iter()
            .any(|&c| live(g0, Point(c as u16), who.opponent()));
        for &c in &part {
            let q = Point(c as u16);
            if enemy {
                assert_eq!(
                    g1.enclosure_owner(q),
                    Some(who),
                    "missed enclosure at {}\n{}",
                    t.name(q),
                    g1.render(false)
                );
            } else if g1.dot(q).is_none()
                && g1.enclosure_owner(q).is_none()
                && g0.enclosure_owner(q).is_none()
            {
                assert!(
                    g1.in_base(q, who),
                    "missed free area at {}\n{}",
                    t.name(q),
                    g1.render(false)
                );
            }
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    for seed in 0..120u64 {
        let size = SIZES[seed as usize % SIZES.len()];
        let mut g = DotsGame::new(rules(seed, size)).unwrap();
        let start = g.clone();
        let mut rng = Rng::new(seed * 7919 + 1);
        let mut played = Vec::new();
        let limit = if size.0 > 20 { 400 } else { 10_000 };
        while let Some(mv) = pick(&g, &mut rng, true) {
            if played.len() >= limit {
                break;
            }
            assert_eq!(g.check(mv), Ok(()));
            let before = g.clone();
            let who = g.to_move();
            g.play(mv).unwrap();
            g.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(g.score(), g.recount());
            if let DotsMove::Put(p) = mv {
                no_missed_enclosure(&before, &g, p, who);
                assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
            }
            // Undo restores the exact state and hash; replaying gives the same state again.
            let after = g.clone();
            assert!(g.undo());
            assert_eq!(g, before, "seed {seed}: undo of {mv:?}");
            assert_eq!(g.hash(), before.hash());
            g.play(mv).unwrap();
            assert_eq!(g, after);
            // A refused move changes nothing.
            let q = Point(rng.below(g.topology().len()) as u16);
            if let Err(e) = g.check(DotsMove::Put(q)) {
                assert_eq!(g.play(DotsMove::Put(q)), Err(e));
                assert_eq!(g, after);
            }
            played.push(mv);
        }
        // The whole game undoes back to the start, and replays to the same end.
        let end = g.clone();
        while g.undo() {}
        assert_eq!(g, start, "seed {seed}");
        for &mv in &played {
            g.play(mv).unwrap();
        }
        assert_eq!(g, end);
        assert_eq!(g.score(), end.score());
    }
}

#[test]
fn legal_move_list_agrees_with_check() {
    for seed in 0..30u64 {
        let size = SIZES[1 + seed as usize % 4];
        let mut g = DotsGame::new(rules(seed, size)).unwrap();
        let mut rng = Rng::new(seed);
        let mut list = Vec::new();
        while let Some(mv) = pick(&g, &mut rng, true) {
            g.legal_moves(&mut list);
            for p in g.topology().points() {
                let m = DotsMove::Put(p);
                assert_eq!(
                    list.contains(&m),
                    g.check(m).is_ok(),
                    "{}",
                    g.topology().name(p)
                );
            }
            assert!(list.contains(&DotsMove::Stop));
            g.play(mv).unwrap();
        }
        g.legal_moves(&mut list);
        assert!(list.is_empty());
        assert!(g.random_move(&mut rng).is_none());
    }
}

#[test]
fn random_playouts_fill_the_field() {
    let mut rng = Rng::new(5);
    for &size in &SIZES {
        let rules = DotsRules {
            size: BoardSize {
                width: size.0,
                height: size.1,
            },
            ..DotsRules::default()
        };
        let mut g = DotsGame::new(rules).unwrap();
        let r = stones_dots::random_playout(&mut g, &mut rng);
        assert!(matches!(g.status(), Status::Over(_)));
        assert_eq!(g.free_points(), 0);
        assert_eq!(r.captured, g.captured());
        assert!(r.moves as usize <= g.topology().len());
        g.check_invariants().unwrap();
    }
}

#[test]
fn core_contract_holds_for_every_builtin_on_small_fields() {
    for (i, b) in DotsRules::BUILTIN.iter().enumerate() {
        let mut r = DotsRules::load(Some(b.name), &[]).unwrap().0;
        r.size = BoardSize {
            width: 7 + i as u16,
            height: 6,
        };
        let g = DotsGame::new(r).unwrap();
        stones_core::contract::check_random_games(&g, i as u64, 6, 200).unwrap();
    }
}

#[test]
fn game_playout_stops_at_the_cap_or_the_full_field() {
    let mut rng = Rng::new(9);
    let mut g = DotsGame::new(DotsRules::default()).unwrap();
    assert_eq!(g.playout(&mut rng, 10), 10);
    g.check_invariants().unwrap();
    let n = g.playout(&mut rng, usize::MAX);
    assert!(n > 500 && matches!(g.status(), Status::Over(_)));
    assert_eq!(g.score(), g.recount());
    g.check_invariants().unwrap();
}

#[test]
fn the_fast_path_keeps_no_history_and_undo_stops_where_it_played() {
    let mut rng = Rng::new(4);
    let mut g = DotsGame::new(DotsRules::default()).unwrap();
    for _ in 0..20 {
        let mv = g.random_move(&mut rng).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(g.history().count(), 20);
    // A fast move drops the history: nothing before it can be undone or listed.
    let mv = g.random_move(&mut rng).unwrap();
    g.play_unchecked(mv);
    assert_eq!(g.history().count(), 0);
    let after_fast = g.clone();
    assert!(!g.undo());
    assert_eq!(g, after_fast);
    // Checked moves after it record again, and undo goes back exactly to the fast move's position.
    for _ in 0..30 {
        let mv = g.random_move(&mut rng).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(g.history().count(), 30);
    while g.undo() {}
    assert_eq!(g.history().count(), 0);
    assert_eq!(g.hash(), after_fast.hash());
    for p in g.topology().points() {
        assert_eq!(g.dot(p), after_fast.dot(p));
        assert_eq!(g.is_captured(p), after_fast.is_captured(p));
    }
    g.check_invariants().unwrap();
}
