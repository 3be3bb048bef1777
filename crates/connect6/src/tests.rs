//! Unit tests of the rules, the notation, the records and the search's knowledge.

use crate::{sgf, Connect6, Connect6Illegal, Connect6Move, Connect6Rules};
use stones_core::board_text::parse_board;
use stones_core::contract::{move_of as mv, play_text as play, set_up};
use stones_core::{BoardSize, Colour, Game, PlaceRefused, Point, RuleSet, SearchGame, Status};

fn new(size: u16) -> Connect6 {
    Connect6::new(Connect6Rules {
        size: BoardSize::square(size),
    })
    .unwrap()
}

/// A game on the board drawn by `rows` (top first) with `to_move` to play.
fn setup(rows: &str, to_move: Colour) -> Connect6 {
    let size = rows.lines().filter(|l| !l.trim().is_empty()).count() as u16;
    let mut g = new(size);
    set_up(&mut g, rows, to_move);
    g
}

fn result(g: &Connect6) -> Option<String> {
    match g.status() {
        Status::Over(o) => Some(o.result),
        _ => None,
    }
}

#[test]
fn rulesets_load_and_refuse_bad_sizes() {
    stones_core::contract::check_rulesets::<Connect6Rules>("standard").unwrap();
    let err = Connect6Rules::load(None, &["size=5".into()]).unwrap_err();
    assert!(err.to_string().contains("from 6 to 26"), "{err}");
    assert!(Connect6Rules::load(None, &["stones=3".into()]).is_err());
    let (rules, _) = Connect6Rules::load(None, &["size=[8, 6]".into()]).unwrap();
    assert_eq!(
        rules.size,
        BoardSize {
            width: 8,
            height: 6
        }
    );
}

#[test]
fn one_stone_first_then_two_a_move() {
    let mut g = new(19);
    assert!(g.is_opening() && g.stones_now() == 1);
    assert_eq!(
        play(&mut g, "K10 L11"),
        Err(Connect6Illegal::OneStoneOpening("L11".into()))
    );
    play(&mut g, "K10").unwrap();
    assert_eq!((g.to_move(), g.stones_now()), (Colour::White, 2));
    assert_eq!(play(&mut g, "A1"), Err(Connect6Illegal::TwoStonesNeeded));
    assert_eq!(
        play(&mut g, "A1A1"),
        Err(Connect6Illegal::SamePoint("A1".into()))
    );
    assert_eq!(
        play(&mut g, "A1K10"),
        Err(Connect6Illegal::Place(PlaceRefused::Occupied("K10".into())))
    );
    let off = Connect6Move::Two(Point(0), Point(361));
    assert_eq!(
        g.check(off),
        Err(Connect6Illegal::Place(PlaceRefused::OffBoard(361)))
    );
    play(&mut g, "L11+M12").unwrap();
    assert_eq!(g.to_move(), Colour::Black);
    assert_eq!(
        g.stone(mv(&g, "M12").points().next().unwrap()),
        Some(Colour::White)
    );
    assert_eq!(g.stone(Point(9999)), None);
}

#[test]
fn notation_reads_every_form_and_prints_one() {
    let g = new(19);
    let two = mv(&g, "K10L11");
    for text in ["K10 L11", "l11k10", "K10+L11", " k10 , l11 "] {
        assert_eq!(mv(&g, text), two, "{text}");
    }
    assert_eq!(g.move_text(two), "L11+K10");
    assert_eq!(mv(&g, &g.move_text(two)), two);
    assert_eq!(mv(&g, "RESIGN"), Connect6Move::Resign);
    let e = g.parse_move("PASS").unwrap_err();
    assert!(e.why.starts_with("there is no pass"), "{e}");
    for bad in ["", "K10L11M12", "Z1", "K10 K99", "pass"] {
        let e = g.parse_move(bad).unwrap_err();
        assert!(e.why.contains("first move is one point"), "{bad}: {e}");
    }
    let mut g = g;
    play(&mut g, "K10").unwrap();
    let e = g.parse_move("K10L11M12").unwrap_err();
    assert!(
        e.why.contains("at most two stones") && e.why.contains("C3+D4"),
        "{e}"
    );
}

const ROW: &str = "
. . . . . . . . .
. x x x x . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
o o o o . o . . .
";

#[test]
fn a_pair_makes_six_with_either_stone_for_the_mover() {
    for (pair, row) in [("A8F8", "A8 B8 C8 D8 E8 F8"), ("F8G8", "B8 C8 D8 E8 F8 G8")] {
        let mut g = setup(ROW, Colour::Black);
        play(&mut g, pair).unwrap();
        assert_eq!(result(&g).as_deref(), Some("B+"), "{pair}");
        let names = g.topology().names(&g.winning_row().unwrap());
        assert_eq!(names.join(" "), row, "{pair}");
        assert_eq!(
            play(&mut g, "A5B5"),
            Err(Connect6Illegal::Place(PlaceRefused::GameOver))
        );
    }
    // White's gap: its first stone (E1) makes six with the stones on both sides.
    let mut g = setup(ROW, Colour::White);
    play(&mut g, "E1A5").unwrap();
    assert_eq!(result(&g).as_deref(), Some("W+"));
    assert_eq!(g.score().white, 1.0);
    // Seven (an overline) wins too; five does not.
    let mut g = setup(ROW, Colour::White);
    play(&mut g, "E1G1").unwrap();
    assert_eq!(g.winning_row().unwrap().len(), 7);
    let mut g = setup(ROW, Colour::Black);
    play(&mut g, "F8A5").unwrap();
    assert_eq!(result(&g), None);
}

#[test]
fn six_in_every_direction() {
    for (stones, pair) in [
        ("A1 A2 A3 A4", "A5A6"),
        ("B2 C3 D4 E5", "F6G7"),
        ("J1 H2 G3 F4", "E5D6"),
    ] {
        let mut g = new(9);
        let black: Vec<Point> = stones
            .split(' ')
            .map(|s| g.topology().parse_point(s).unwrap())
            .collect();
        let mut board = vec![None; g.topology().len()];
        black
            .iter()
            .for_each(|p| board[p.idx()] = Some(Colour::Black));
        g.set_position(&board, Colour::Black).unwrap();
        assert!(!g.is_opening());
        play(&mut g, pair).unwrap();
        assert_eq!(result(&g).as_deref(), Some("B+"), "{stones} + {pair}");
        assert_eq!(g.winning_row().unwrap().len(), 6);
    }
}

#[test]
fn full_board_is_a_draw_and_the_last_point_takes_one_stone() {
    let board = "
x x o o x x
o o x x o o
x x o o x x
o o x x o o
x x o o x x
o o x x . .
";
    let mut g = setup(board, Colour::White);
    play(&mut g, "E1F1").unwrap();
    assert_eq!(result(&g).as_deref(), Some("Draw (board full)"));
    let mut g = setup(&board.replacen(". .", "o .", 1), Colour::Black);
    assert_eq!(g.stones_now(), 1);
    assert_eq!(
        play(&mut g, "F1E1"),
        Err(Connect6Illegal::Place(PlaceRefused::Occupied("E1".into())))
    );
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    assert_eq!(legal, [mv(&g, "F1")]);
    play(&mut g, "F1").unwrap();
    assert_eq!(result(&g).as_deref(), Some("Draw (board full)"));
}

#[test]
fn setups_are_judged_and_undo_restores_everything() {
    let both =
        ROW.replacen(". x x x x .", "x x x x x x", 1)
            .replacen("o o o o . o", "o o o o o o", 1);
    let mut g = new(9);
    let stones = parse_board(g.topology(), &both).unwrap();
    let e = g.set_position(&stones, Colour::Black).unwrap_err();
    assert!(
        e.0.contains("both Black and White have a winning row"),
        "{e:?}"
    );
    let won = setup(
        &ROW.replacen("o o o o . o", "o o o o o o", 1),
        Colour::Black,
    );
    assert_eq!(result(&won).as_deref(), Some("W+"));
    assert_eq!(won.winning_row().unwrap().len(), 6);
    let mut g = setup(ROW, Colour::Black);
    let before = g.clone();
    play(&mut g, "A8F8").unwrap();
    assert!(g.undo());
    assert_eq!((g.clone(), g.hash()), (before.clone(), before.hash()));
    play(&mut g, "resign").unwrap();
    assert_eq!(result(&g).as_deref(), Some("W+R"));
    assert!(g.render(false).ends_with("last move: resign\n"));
    assert!(g.undo() && !g.undo());
}

#[test]
fn legal_moves_and_the_contract() {
    let mut g = new(6);
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    assert_eq!(legal.len(), 36);
    play(&mut g, "C3").unwrap();
    g.legal_moves(&mut legal);
    assert_eq!(legal.len(), 35 * 34 / 2);
    for size in [6, 7] {
        stones_core::contract::check_random_games(&new(size), 5, 20, 40).unwrap();
    }
}

#[test]
fn pictures_mark_the_pair_and_the_row() {
    let mut g = setup(ROW, Colour::Black);
    play(&mut g, "A3B3").unwrap();
    let picture = g.render(false);
    assert!(picture.contains(" 3 (X)(X) . "), "{picture}");
    play(&mut g, "A5B5").unwrap();
    play(&mut g, "A8F8").unwrap();
    let picture = g.render(false);
    assert!(picture.contains(" 8 [X][X][X][X][X][X] . "), "{picture}");
    assert_eq!(g.decorations().last.len(), 2);
}

#[test]
fn records_in_little_golem_form_read_back() {
    let mut g = new(19);
    for m in ["K10", "J9L11", "L9L8"] {
        play(&mut g, m).unwrap();
    }
    let text = sgf::write(&g, "standard");
    assert!(
        text.contains(";B[j10]") && text.contains(";W[k11i9]"),
        "{text}"
    );
    assert!(text.contains("SZ[19]") && !text.contains("GM["), "{text}");
    let values = ["j10", "k11i9", "k9k8"];
    for (k, v) in values.iter().enumerate() {
        assert!(text.contains(&format!("[{v}]")), "{text}");
        assert_eq!(g.sgf_move(&[v]), Ok(g.history()[k]), "{v}");
    }
    // Little Golem's own record: j10 is its centre (K10 here), j9l11 two points glued.
    assert_eq!(g.sgf_move(&["j9l11"]), Ok(mv(&g, "K9M11")));
    assert_eq!(g.sgf_move(&["J9", "L11"]), Ok(mv(&g, "K9M11")));
    for bad in ["j", "j0", "j10k11l12", "j20", "10", "", "z1"] {
        assert!(g.sgf_move(&[bad]).is_err(), "{bad}");
    }
    let small = new(6);
    assert!(small.sgf_move(&["g1"]).is_err());
}

fn steps(g: &Connect6, pending: &[&str]) -> Vec<String> {
    let pending: Vec<Connect6Move> = pending.iter().map(|s| mv(g, s)).collect();
    let mut out = Vec::new();
    g.steps(&pending, &mut out);
    let mut names: Vec<String> = out.iter().map(|&m| g.move_text(m)).collect();
    names.sort();
    names
}

#[test]
fn the_search_takes_a_six_and_blocks_a_four() {
    // Black has four in row 8: the pair that wins is on A8/F8 (first step), then the other end.
    let g = setup(ROW, Colour::Black);
    assert_eq!(steps(&g, &[]), ["A8", "F8", "G8"]);
    assert_eq!(steps(&g, &["A8"]), ["F8"]);
    assert_eq!(steps(&g, &["G8"]), ["F8"]);
    assert_eq!(g.complete(&[mv(&g, "A8")]), None);
    assert_eq!(
        g.complete(&[mv(&g, "A8"), mv(&g, "F8")]),
        Some(mv(&g, "A8F8"))
    );
    // White to move cannot win at once but must block Black's row: only its ends and gaps.
    let g = setup(
        &ROW.replacen("o o o o . o", "o o o . . .", 1),
        Colour::White,
    );
    assert_eq!(steps(&g, &[]), ["A8", "F8", "G8"]);
    assert_eq!(steps(&g, &["A8"]), ["F8", "G8"]);
    // The empty board: the centre; then the points near the stones.
    let mut g = new(19);
    assert_eq!(steps(&g, &[]), ["K10"]);
    assert_eq!(g.complete(&[mv(&g, "K10")]), Some(mv(&g, "K10")));
    play(&mut g, "K10").unwrap();
    assert_eq!(steps(&g, &[]).len(), 24);
}
