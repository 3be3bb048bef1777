//! The engine through its public API: setups, hashes, rendering, move text, forbidden points, errors.

use stones_core::board_text::parse_board;
use stones_core::{BoardSize, Colour, Game, PlaceRefused, Point, Status};
use stones_gomoku::{Foul, Gomoku, GomokuRules, Illegal, Move, Opening, Overline};

fn game(rules: &str, size: u16) -> Gomoku {
    let rules = GomokuRules {
        size: BoardSize::square(size),
        ..GomokuRules::builtin(rules).unwrap()
    };
    Gomoku::new(rules).unwrap()
}

fn play(g: &mut Gomoku, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn setup(g: &mut Gomoku, board: &str, to_move: Colour) {
    let stones = parse_board(g.topology(), board).unwrap();
    g.set_position(&stones, to_move).unwrap();
}

fn pt(g: &Gomoku, name: &str) -> Point {
    g.topology().parse_point(name).unwrap()
}

#[test]
fn a_game_on_the_default_board() {
    let mut g = Gomoku::new(GomokuRules::default()).unwrap();
    assert_eq!(g.topology().len(), 225);
    assert_eq!(g.move_number(), 1);
    play(
        &mut g,
        &["H8", "J9", "A1", "H9", "B1", "H10", "C1", "H11", "D1"],
    );
    assert_eq!(g.status(), Status::Ongoing);
    // White has H9-H12, four in a row, and no five yet.
    play(&mut g, &["H12"]);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, &["E1"]);
    let Status::Over(outcome) = g.status() else {
        panic!("five in a row ends the game")
    };
    assert_eq!(outcome.winner, Some(Colour::Black));
    assert_eq!(outcome.result, "B+");
    let row = g.topology().names(&g.winning_row().unwrap());
    assert_eq!(row, ["A1", "B1", "C1", "D1", "E1"]);
    assert_eq!(g.score().black, 1.0);
    assert_eq!(
        g.check(Move::Pass),
        Err(Illegal::Place(PlaceRefused::GameOver))
    );
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.winning_row(), None);
}

#[test]
fn hash_depends_on_the_position_not_the_order() {
    let mut a = game("freestyle", 15);
    let mut b = game("freestyle", 15);
    play(&mut a, &["A1", "B2", "C3", "D4"]);
    play(&mut b, &["C3", "D4", "A1", "B2"]);
    assert_eq!(a.hash(), b.hash());
    let mut c = game("freestyle", 15);
    play(&mut c, &["B2", "A1", "D4", "C3"]);
    assert_ne!(a.hash(), c.hash(), "colours swapped");
    play(&mut a, &["pass"]);
    assert_ne!(a.hash(), b.hash(), "side to move and the pending pass");
    play(&mut b, &["pass"]);
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn rendering_marks_the_last_move_and_the_winning_row() {
    let mut g = game("standard", 9);
    play(&mut g, &["E5", "D6"]);
    let text = g.render(false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["A", "B", "C", "D", "E", "F", "G", "H", "J"]
    );
    assert!(
        lines[1].starts_with(" 9 ") && lines[1].ends_with(" 9"),
        "{text}"
    );
    assert!(lines[4].contains("(O)"), "last move D6 marked: {text}");
    assert!(
        lines[5].contains(" X ") && !lines[5].contains("(X)"),
        "{text}"
    );
    assert!(!text.contains('\x1b'));
    assert!(g.render(true).contains("\x1b["));
    setup(
        &mut g,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        x x x x . o o o o
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Colour::Black,
    );
    play(&mut g, &["E5"]);
    let text = g.render(false);
    assert!(text.contains(" 5 [X][X][X][X][X] O  O  O  O  5"), "{text}");
    let mut p = game("standard", 9);
    play(&mut p, &["E5", "D6", "A1", "pass"]);
    assert!(p.render(false).ends_with("last move: pass\n"));
}

#[test]
fn setups_are_checked_and_can_end_the_game() {
    let mut g = game("standard", 9);
    let err = g.set_position(&[None; 80], Colour::Black).unwrap_err();
    assert!(err.to_string().contains("80"), "{err}");
    let both = "
        x x x x x . . . .
        . . . . . . . . .
        o o o o o . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let stones = parse_board(g.topology(), both).unwrap();
    let before = g.clone();
    assert!(g.set_position(&stones, Colour::Black).is_err());
    assert_eq!(g, before, "a refused setup changes nothing");
    // Only White's row is a five; Black's six is an overline.
    let six = both.replacen("x x x x x .", "x x x x x x", 1);
    setup(&mut g, &six, Colour::Black);
    assert!(matches!(g.status(), Status::Over(o) if o.result == "W+"));
    assert_eq!(g.scan_winner(), Some(Colour::White));
    assert!(!g.undo());
}

#[test]
fn move_text_round_trips() {
    let g = game("standard", 26);
    for p in g.topology().points() {
        let mv = Move::Place(p);
        assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
    }
    assert_eq!(g.parse_move(" PASS "), Ok(Move::Pass));
    assert_eq!(g.parse_move("Resign"), Ok(Move::Resign));
    assert_eq!(g.move_text(Move::Place(pt(&g, "AA26"))), "AA26");
    let err = g.parse_move("resignation").unwrap_err().to_string();
    assert!(
        err.contains("or resign (no pass during the opening)"),
        "{err}"
    );
    assert!(!err.contains("timeout"), "{err}");
    assert_eq!(g.parse_move("TimeOut"), Ok(Move::Timeout));
    assert_eq!(g.move_text(Move::Timeout), "timeout");
    assert_eq!(
        g.check(Move::Place(Point(5000))),
        Err(Illegal::Place(PlaceRefused::OffBoard(5000)))
    );
    assert_eq!(g.stone(Point(5000)), None);
}

#[test]
fn renju_forbidden_points_are_reported_and_not_listed() {
    let mut g = game("renju", 9);
    setup(
        &mut g,
        "
        o . . . . . . . o
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . x x . . . .
        . . . . . x . . .
        . . . . . x . . .
        . . . . . . . . .
        o . . . . . . . o",
        Colour::Black,
    );
    let f5 = pt(&g, "F5");
    assert_eq!(g.foul(f5), Some(Foul::DoubleThree));
    assert_eq!(
        g.check(Move::Place(f5)).unwrap_err().to_string(),
        "double-three is forbidden for Black"
    );
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Place(f5)));
    assert!(moves.contains(&Move::Pass));
    assert_eq!(moves.len(), 81 - 8 - 1 + 1);
    // White to move: nothing is forbidden for White.
    play(&mut g, &["pass"]);
    assert_eq!(g.foul(f5), None);
}

#[test]
fn rectangular_boards_and_custom_rules() {
    let rules = GomokuRules {
        size: BoardSize {
            width: 20,
            height: 8,
        },
        opening: Opening::None,
        black_overline: Overline::Win,
        white_overline: Overline::Forbidden,
        black_double_three: false,
        black_double_four: false,
    };
    let mut g = Gomoku::new(rules).unwrap();
    assert_eq!(g.topology().len(), 160);
    play(
        &mut g,
        &[
            "P1", "A8", "Q1", "B8", "R1", "C8", "S1", "E8", "M1", "F8", "J4",
        ],
    );
    // White's six is refused; Black's five on the bottom edge wins.
    let d8 = g.parse_move("D8").unwrap();
    assert_eq!(
        g.check(d8).unwrap_err().to_string(),
        "overline is forbidden for White"
    );
    play(&mut g, &["G5", "T1"]);
    assert!(matches!(g.status(), Status::Over(o) if o.result == "B+"));
}
