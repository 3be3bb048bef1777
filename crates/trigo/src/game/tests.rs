//! Unit tests of the game: the ko watch on real and constructed histories, the opening, bad typed moves.

use super::*;
use stones_core::board_text::parse_board;

/// The set-up of `tests/cases/trigo/ko_retake_differs.case` (side 4) with `to_move` to play.
fn ko_board(to_move: Colour) -> TrigoGame {
    let rules = TrigoRules {
        size: 4,
        ..TrigoRules::default()
    };
    let mut g = TrigoGame::new(rules).unwrap();
    let board =
        "x x . x / o . o x . / x x x x . . / . . . . . . . / . . . . . . / . . . . . / . . . .";
    let stones = parse_board(g.topology(), &board.replace('/', "\n")).unwrap();
    g.set_position(&stones, to_move).unwrap();
    g
}

/// The position of `tests/cases/trigo/ko_retake_differs.case`, after Black's pass and White's
/// b2+c1, which captures exactly the two Black stones a1 b1.
fn after_two_for_two() -> (TrigoGame, u64) {
    let mut g = ko_board(Colour::Black);
    g.play(TrigoMove::Pass).unwrap();
    let before = g.board().hash();
    let mv = g.parse_move("b2+c1").unwrap();
    g.play(mv).unwrap();
    assert_eq!(g.captures(), [0, 2]);
    (g, before)
}

#[test]
fn a_two_stone_capture_of_two_stones_watches_their_points() {
    let (g, before) = after_two_for_two();
    let p = |s| g.topology().parse_point(s).unwrap();
    assert_eq!(
        g.pos.st.ko,
        Some(KoWatch {
            pair: (p("a1"), p("b1")),
            forbidden: before
        })
    );
    // The real retake captures four stones, so it does not repeat the position.
    assert_eq!(g.check(TrigoMove::two(p("b1"), p("a1"))), Ok(()));
}

#[test]
fn ko_refuses_a_move_that_recreates_the_forbidden_position() {
    // Constructed history: no real shape lets a retake capture exactly the two stones just played
    // (see the ko case file), so the forbidden position is set to what the retake would make.
    let (mut g, _) = after_two_for_two();
    let p = |s| g.topology().parse_point(s).unwrap();
    let (a1, b1, g7) = (p("a1"), p("b1"), p("g7"));
    let mut trial = g.board().clone();
    trial.play_group(g.topology(), &[a1, b1], Colour::Black);
    g.g.pos.st.ko = Some(KoWatch {
        pair: (a1, b1),
        forbidden: trial.hash(),
    });
    assert_eq!(g.check(TrigoMove::two(a1, b1)), Err(TrigoIllegal::Ko));
    assert_eq!(g.check(TrigoMove::Two(b1, a1)), Err(TrigoIllegal::Ko));
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(!moves.contains(&TrigoMove::two(a1, b1)));
    assert!(moves.contains(&TrigoMove::two(a1, g7)));
    assert_eq!(
        TrigoIllegal::Ko.to_string(),
        "ko: the move would recreate the position right after your previous move"
    );
    // Any other move lifts the watch.
    g.play(TrigoMove::Pass).unwrap();
    assert_eq!(g.pos.st.ko, None);
}

#[test]
fn the_first_move_after_a_setup_sets_no_ko_watch() {
    // The opponent has no previous move after a fresh setup, so nothing can be repeated.
    let mut g = ko_board(Colour::White);
    let mv = g.parse_move("b2+c1").unwrap();
    g.play(mv).unwrap();
    assert_eq!(g.captures(), [0, 2]);
    assert_eq!(g.pos.st.ko, None);
}

#[test]
fn opening_is_black_on_an_empty_board_only() {
    let mut g = TrigoGame::new(TrigoRules::default()).unwrap();
    assert!(g.is_opening());
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 169 + 1);
    g.play(TrigoMove::One(Point(84))).unwrap();
    assert!(!g.is_opening());
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 168 * 167 / 2 + 1);
    let empty = vec![None; 169];
    g.set_position(&empty, Colour::White).unwrap();
    assert!(!g.is_opening());
    g.set_position(&empty, Colour::Black).unwrap();
    assert!(g.is_opening());
}

#[test]
fn typed_moves_off_the_board_are_refused_not_panics() {
    let mut g = TrigoGame::new(TrigoRules::default()).unwrap();
    let far = Point(169);
    assert_eq!(
        g.check(TrigoMove::One(far)),
        Err(TrigoIllegal::OffBoard(169))
    );
    assert_eq!(
        g.play(TrigoMove::Mark(far)),
        Err(TrigoIllegal::OffBoard(169))
    );
    g.play(TrigoMove::One(Point(84))).unwrap();
    assert_eq!(
        g.check(TrigoMove::Two(Point(0), Point(u16::MAX))),
        Err(TrigoIllegal::OffBoard(u16::MAX))
    );
    assert_eq!(g.history().len(), 1);
}

#[test]
fn history_names_each_move_with_its_player_in_canonical_form_and_forgets_undone_ones() {
    let mut g = TrigoGame::new(TrigoRules::default()).unwrap();
    let mv = |g: &TrigoGame, s: &str| g.parse_move(s).unwrap();
    for s in ["h8", "b2+a1", "pass"] {
        g.play(mv(&g, s)).unwrap();
    }
    let (one, two) = (mv(&g, "h8"), mv(&g, "a1+b2"));
    assert_eq!(
        g.history(),
        [
            (Colour::Black, one),
            (Colour::White, two),
            (Colour::Black, TrigoMove::Pass)
        ]
    );
    assert!(g.undo());
    assert_eq!(g.history(), [(Colour::Black, one), (Colour::White, two)]);
    g.set_position(&[None; 169], Colour::Black).unwrap();
    assert_eq!(g.history(), []);
}

#[test]
fn the_playout_eye_test_is_the_boards_on_the_hexagon() {
    // No diagonals on the hexagon: an own eye is a point whose neighbours are all own stones.
    let mut rng = Rng::new(8);
    let mut eyes = 0;
    for size in [3, 5, 8] {
        let mut g = TrigoGame::new(TrigoRules {
            size,
            ..TrigoRules::default()
        })
        .unwrap();
        while g.in_play() {
            let (board, topo, c) = (g.board(), g.topology(), g.to_move());
            for p in board.empty_points() {
                assert_eq!(g.is_eye(p.0), board.is_own_eye(topo, p, c));
                eyes += usize::from(g.is_eye(p.0));
            }
            g.play_unchecked(g.playout_move(&mut rng));
        }
    }
    assert!(eyes > 100, "{eyes}");
}
