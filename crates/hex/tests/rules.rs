//! The rules of Hex, each checked against a case that breaks when the rule does.

use stones_core::{Colour, Game, PlaceRefused, Point, Rng, RuleSet, SearchGame, Status, Trail};
use stones_hex::{HexGame, HexRules, Illegal, Move};

fn game(set: &[&str]) -> HexGame {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let (rules, _) = HexRules::load(None, &set).unwrap();
    HexGame::new(rules).unwrap()
}

fn play(g: &mut HexGame, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn winner(g: &HexGame) -> Option<Colour> {
    match g.status() {
        Status::Over(o) => o.winner,
        _ => None,
    }
}

/// Whether `c` joins its two sides, by a flood fill from its first side (the reference for the
/// union-find): Black from the top row to the bottom row, White from the left column to the right.
fn flood(g: &HexGame, c: Colour) -> bool {
    let t = g.topology();
    let (w, h) = t.bounding_box();
    let start = |x: u16, y: u16| if c == Colour::Black { y == 0 } else { x == 0 };
    let goal = |x: u16, y: u16| {
        if c == Colour::Black {
            y + 1 == h
        } else {
            x + 1 == w
        }
    };
    let mut seen = vec![false; t.len()];
    let mut stack: Vec<Point> = t
        .points()
        .filter(|&p| g.stone(p) == Some(c) && start(t.xy(p).0, t.xy(p).1))
        .collect();
    while let Some(p) = stack.pop() {
        if std::mem::replace(&mut seen[p.idx()], true) {
            continue;
        }
        let (x, y) = t.xy(p);
        if goal(x, y) {
            return true;
        }
        for &q in t.neighbours(p) {
            if g.stone(Point(q)) == Some(c) && !seen[q as usize] {
                stack.push(Point(q));
            }
        }
    }
    false
}

#[test]
fn rulesets_load_and_sizes_are_checked() {
    stones_core::contract::check_rulesets::<HexRules>("standard").unwrap();
    assert!(HexRules::default().swap);
    assert!(!HexRules::load(Some("noswap"), &[]).unwrap().0.swap);
    for bad in ["size=27", "size=1", "size=[2, 30]"] {
        let err = HexRules::load(None, &[bad.into()]).unwrap_err().to_string();
        assert!(err.contains("from 2 to 26"), "{bad}: {err}");
    }
    let err = HexRules::load(None, &["size=[5, 7]".into()])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("square") && err.contains("swap = false"),
        "{err}"
    );
    let (r, _) = HexRules::load(Some("noswap"), &["size=[5, 7]".into()]).unwrap();
    let g = HexGame::new(r).unwrap();
    assert_eq!(g.topology().bounding_box(), (5, 7));
    assert!(HexRules::load(None, &["pie=true".into()]).is_err());
}

#[test]
fn black_joins_top_and_bottom_white_left_and_right() {
    let mut g = game(&["size=3"]);
    play(&mut g, "b1 a1 b2 a2");
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "a3");
    assert_eq!(winner(&g), Some(Colour::Black));
    assert!(matches!(g.status(), Status::Over(o) if o.result == "B+"));
    // A White column a1–a3 touches only White's left side: no win; the row a2–c2 wins.
    let mut g = game(&["size=3", "swap=false"]);
    play(&mut g, "c1 a1 c3 a2 b1 a3");
    assert_eq!(g.status(), Status::Ongoing);
    let mut g = game(&["size=3", "swap=false"]);
    play(&mut g, "c1 a2 c3 b2 a1 c2");
    assert_eq!(winner(&g), Some(Colour::White));
    assert!(matches!(g.status(), Status::Over(o) if o.result == "W+"));
}

#[test]
fn the_diagonal_neighbours_are_up_right_and_down_left() {
    // b1 and a2 touch (a2 sits below between a1 and b1); a1 and b2 do not.
    let mut g = game(&["size=2", "swap=false"]);
    play(&mut g, "b1 a1 a2");
    assert_eq!(winner(&g), Some(Colour::Black));
    let mut g = game(&["size=2", "swap=false"]);
    play(&mut g, "a1 a2 b2");
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn a_full_board_has_exactly_one_winner_and_the_sets_agree_with_a_flood() {
    let mut rng = Rng::new(11);
    for (w, h) in [(2, 2), (3, 3), (5, 5), (11, 11), (4, 9), (26, 26)] {
        let mut g = game(&[&format!("size=[{w}, {h}]"), "swap=false"]);
        for _ in 0..200 {
            let stones: Vec<Option<Colour>> = (0..g.topology().len())
                .map(|_| Some(Colour::BOTH[rng.below(2)]))
                .collect();
            g.set_position(&stones, Colour::Black).unwrap();
            let (b, wh) = (flood(&g, Colour::Black), flood(&g, Colour::White));
            assert!(
                b != wh,
                "{w}x{h}: black {b} white {wh}\n{}",
                g.render(false)
            );
            assert_eq!(
                winner(&g),
                Some(if b { Colour::Black } else { Colour::White })
            );
        }
    }
}

#[test]
fn incremental_wins_match_a_flood_after_every_move() {
    let mut rng = Rng::new(5);
    for size in ["size=4", "size=11", "size=[7, 3]"] {
        for _ in 0..100 {
            let mut g = game(&[size, "swap=false"]);
            while let Some(mv) = g.random_move(&mut rng) {
                let mover = g.to_move();
                g.play(mv).unwrap();
                let won = flood(&g, mover);
                assert_eq!(
                    winner(&g) == Some(mover),
                    won,
                    "{size}\n{}",
                    g.render(false)
                );
                assert!(!flood(&g, mover.opponent()), "the other side connected too");
            }
            assert!(winner(&g).is_some(), "a random game ends with a winner");
        }
    }
}

#[test]
fn a_long_snake_wins_only_with_its_last_stone() {
    // Black's path snakes over the 5x5 board: down to row 2, right along it, down, back left
    // along row 4 and down to the bottom; White walls off every shortcut.
    let mut g = game(&["size=5", "swap=false"]);
    let snake = [
        "a1", "a2", "b2", "c2", "d2", "e2", "e3", "d4", "c4", "b4", "a4", "a5",
    ];
    let white = [
        "b1", "c1", "d1", "b3", "c3", "d3", "a3", "e4", "b5", "c5", "e5",
    ];
    for (i, b) in snake.iter().enumerate() {
        assert_eq!(g.status(), Status::Ongoing, "before {b}");
        play(&mut g, b);
        if let Some(w) = white.get(i) {
            if g.status() == Status::Ongoing {
                play(&mut g, w);
            }
        }
    }
    assert_eq!(winner(&g), Some(Colour::Black), "\n{}", g.render(false));
}

#[test]
fn swap_mirrors_black_s_stone_into_white_s_and_black_moves() {
    let mut g = game(&[]);
    assert_eq!(
        g.check(Move::Swap),
        Err(Illegal::SwapNotNow),
        "not as the first move"
    );
    play(&mut g, "f3");
    let hash = g.hash();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.contains(&Move::Swap));
    assert_eq!(moves.len(), 121 - 1 + 1);
    play(&mut g, "swap");
    let t = g.topology().clone();
    assert_eq!(g.stone(t.parse_point("f3").unwrap()), None);
    assert_eq!(g.stone(t.parse_point("c6").unwrap()), Some(Colour::White));
    assert_eq!(g.to_move(), Colour::Black);
    assert_eq!(g.move_text(Move::Swap), "swap-pieces");
    assert_eq!(g.check(Move::Swap), Err(Illegal::SwapNotNow), "only once");
    play(&mut g, "f3");
    assert_eq!(g.check(Move::Swap), Err(Illegal::SwapNotNow), "not later");
    assert!(g.undo() && g.undo());
    assert_eq!(g.hash(), hash);
    assert_eq!(g.stone(t.parse_point("f3").unwrap()), Some(Colour::Black));
    assert_eq!(g.to_move(), Colour::White);
    // A stone on the diagonal stays where it is and changes colour; "swap-pieces" reads too.
    let mut g = game(&["size=5"]);
    play(&mut g, "c3 swap-pieces");
    assert_eq!(
        g.stone(g.topology().parse_point("c3").unwrap()),
        Some(Colour::White)
    );
    // Without the rule, and with the other meaning of swap, it is refused with the reason.
    let mut g = game(&["swap=false"]);
    play(&mut g, "f3");
    assert_eq!(g.check(Move::Swap), Err(Illegal::SwapOff));
    assert!(g
        .parse_move("swap-sides")
        .unwrap_err()
        .why
        .contains("swap-pieces"));
}

#[test]
fn swap_s_mirror_cell_joins_white_s_sides() {
    // On 2x2, Black b1 becomes White a2, which touches the left side only; White then needs b2 or
    // b1 to reach the right: a2 touches b1 (up-right) and b2 (right).
    let mut g = game(&["size=2"]);
    play(&mut g, "b1 swap a1 b2");
    assert_eq!(winner(&g), Some(Colour::White), "\n{}", g.render(false));
}

#[test]
fn refusals_name_the_rule() {
    let mut g = game(&["size=3"]);
    play(&mut g, "b2");
    assert_eq!(
        g.play(g.parse_move("B2").unwrap()),
        Err(Illegal::Place(PlaceRefused::Occupied("b2".into())))
    );
    assert_eq!(
        g.check(Move::Place(Point(9))),
        Err(Illegal::Place(PlaceRefused::OffBoard(9)))
    );
    for bad in ["d1", "a4", "a0", "pass", "11", ""] {
        assert!(g.parse_move(bad).is_err(), "{bad}");
    }
    assert!(g.parse_move("pass").unwrap_err().why.contains("no pass"));
    play(&mut g, "resign");
    assert!(matches!(g.status(), Status::Over(o) if o.result == "B+R"));
    assert_eq!(
        g.check(Move::Place(Point(0))),
        Err(Illegal::Place(PlaceRefused::GameOver))
    );
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn undo_restores_position_and_hash() {
    let mut rng = Rng::new(3);
    let mut g = game(&["size=6"]);
    let mut seen = vec![(g.clone(), g.hash())];
    while let Some(mv) = g.random_move(&mut rng) {
        g.play(mv).unwrap();
        seen.push((g.clone(), g.hash()));
    }
    while g.undo() {
        seen.pop();
        let (before, hash) = seen.last().unwrap();
        assert_eq!(&g, before);
        assert_eq!(g.hash(), *hash);
    }
}

#[test]
fn a_rollout_fills_the_board_and_reads_the_winner_once() {
    let mut rng = Rng::new(9);
    let mut wins = [0; 2];
    for _ in 0..300 {
        let mut g = game(&["size=7"]);
        play(&mut g, "d4");
        let filled = g.rollout(&mut rng, usize::MAX, &mut Trail::new(49));
        assert_eq!(filled, 48);
        assert!(g.topology().points().all(|p| g.stone(p).is_some()));
        let w = g.rollout_winner().expect("a full board has a winner");
        assert!(flood(&g, w) && !flood(&g, w.opponent()));
        wins[w.idx()] += 1;
    }
    // Black's centre stone is worth something in random play.
    assert!(wins[0] > wins[1], "{wins:?}");
    let mut g = game(&["size=7"]);
    play(&mut g, "a1 b1");
    assert_eq!(g.rollout(&mut rng, 5, &mut Trail::new(49)), 5);
}

#[test]
fn sgf_records_as_hexgui_writes_them() {
    let mut g = game(&["size=3"]);
    play(&mut g, "a1 swap a2 b1 a3 c1");
    let text = g.to_sgf(None, "standard size=3").unwrap();
    assert!(text.contains("GM[11]") && text.contains("SZ[3]"), "{text}");
    assert!(
        text.contains("W[swap-pieces]") && text.contains("RE[W+]"),
        "{text}"
    );
    let nodes = stones_core::sgf::read_main_line(text.as_bytes()).unwrap();
    assert_eq!(nodes[0].first("RU"), Some("standard size=3"));
    let texts: Vec<&str> = nodes[1..]
        .iter()
        .filter_map(|n| n.first("B").or(n.first("W")))
        .collect();
    assert_eq!(texts, ["a1", "swap-pieces", "a2", "b1", "a3", "c1"]);
    assert_eq!(nodes[2].first("W"), Some("swap-pieces"));
    assert_eq!(nodes[3].first("B"), Some("a2"));
    // The generic reader reads each value in the game's notation: HexGui's `swap` too.
    let g = game(&[]);
    assert_eq!(g.sgf_move(&["swap-pieces"]), Ok(Move::Swap));
    assert_eq!(g.sgf_move(&["swap"]), Ok(Move::Swap));
    assert_eq!(g.sgf_move(&["resign"]), Ok(Move::Resign));
    assert!(g.sgf_move(&["l1"]).is_err());
    assert_eq!(HexGame::SGF_GM, Some(11));
    let (r, _) = HexRules::load(Some("noswap"), &["size=[4, 2]".into()]).unwrap();
    let text = HexGame::new(r).unwrap().to_sgf(None, "noswap").unwrap();
    assert!(text.contains("SZ[4:2]"), "{text}");
}

#[test]
fn the_picture_slants_like_hexgui_and_marks_the_last_stone() {
    let mut g = game(&["size=3"]);
    play(&mut g, "b2");
    let picture = g.render(false);
    let want = "    a b c\n 1  . . . 1\n 2   .(X). 2\n 3    . . . 3\n      a b c\n";
    assert!(picture.starts_with(want), "{picture}");
    play(&mut g, "swap");
    assert!(g.render(false).contains("last move: swap-pieces"));
}

#[test]
fn the_front_ends_words_name_the_swap_and_the_sides() {
    let g = game(&["size=3"]);
    assert!(g.help().contains("swap rule") && g.help().contains("Black joins the top"));
    assert!(!game(&["swap=false"]).help().contains("swap"));
    let words = |winner, result: &str| {
        let outcome = stones_core::Outcome {
            winner: Some(winner),
            result: result.into(),
        };
        g.outcome_words(&outcome)
    };
    let black = words(Colour::Black, "B+");
    assert_eq!(
        black.as_deref(),
        Some("Black wins by joining top and bottom (B+)")
    );
    let white = words(Colour::White, "W+");
    assert_eq!(
        white.as_deref(),
        Some("White wins by joining left and right (W+)")
    );
    assert_eq!(
        words(Colour::White, "W+R"),
        None,
        "resignation is the caller's words"
    );
}
