//! Replays every case file under `tests/cases/trigo/` and pins each one's expected facts, so the
//! cases hold before the shared snapshot runner exists (and independently of it).

use stones_core::contract::{case_names, play_said, read_case};
use stones_core::{Colour, Game, Score, Status};
use stones_trigo::{TrigoGame, TrigoMove};

/// A replayed case: the game after the moves, and each move's result (the refusal's text if refused).
struct Replay {
    game: TrigoGame,
    results: Vec<Result<(), String>>,
}

impl Replay {
    fn accepted(&self) -> Vec<bool> {
        self.results.iter().map(Result::is_ok).collect()
    }

    /// The refusal text of move `i`.
    fn refusal(&self, i: usize) -> &str {
        match &self.results[i] {
            Err(e) => e,
            Ok(()) => panic!("move {i} was accepted"),
        }
    }

    fn result(&self) -> String {
        match self.game.status() {
            Status::Over(o) => o.result,
            other => format!("{other}"),
        }
    }
}

fn replay(name: &str) -> Replay {
    let case = read_case::<TrigoGame>(&stones_core::cases_dir!(), name);
    assert!(case.description.len() > 40);
    let mut game = case.game;
    let mut results = Vec::new();
    for text in &case.moves {
        let before = game.clone();
        let r = play_said(&mut game, text);
        if r.is_err() {
            assert_eq!(game, before, "a refused move changed the game");
        }
        if std::env::var_os("TRIGO_SHOW").is_some() {
            eprintln!("{name}: {text} -> {r:?}\n{}", game.render(false));
        }
        results.push(r);
    }
    Replay { game, results }
}

fn stones(g: &TrigoGame, c: Colour) -> u32 {
    g.board().stone_count(c)
}

fn pt(g: &TrigoGame, name: &str) -> stones_core::Point {
    g.topology().parse_point(name).unwrap()
}

#[test]
fn every_case_file_is_pinned_here() {
    let names = case_names(&stones_core::cases_dir!());
    let source = include_str!("cases.rs");
    for n in &names {
        assert!(
            source.contains(&format!("replay(\"{n}\")")),
            "case {n} has no test"
        );
    }
    assert!(names.len() >= 25, "{} cases", names.len());
}

#[test]
fn board_169_points() {
    let r = replay("board_169_points");
    let t = r.game.topology();
    assert_eq!(t.len(), 169);
    let deg = |d| t.points().filter(|&p| t.degree(p) == d).count();
    assert_eq!((deg(3), deg(4), deg(6)), (6, 36, 127));
    assert_eq!(r.accepted(), [true]);
    assert_eq!(r.game.stone(pt(&r.game, "h8")), Some(Colour::Black));
    assert_eq!(t.xy(pt(&r.game, "h8")), (7, 7));
    assert!(r.game.render(false).contains("(X)"));
    assert_eq!(r.game.to_move(), Colour::White);
}

#[test]
fn teaching_61_points() {
    let r = replay("teaching_61_points");
    let t = r.game.topology();
    assert_eq!(t.len(), 61);
    let deg = |d| t.points().filter(|&p| t.degree(p) == d).count();
    assert_eq!((deg(3), deg(4), deg(6)), (6, 18, 37));
    assert_eq!(r.accepted(), [true, true]);
    assert_eq!(
        (
            stones(&r.game, Colour::Black),
            stones(&r.game, Colour::White)
        ),
        (1, 2)
    );
    assert_eq!(r.game.to_move(), Colour::Black);
}

#[test]
fn smallest_board() {
    let r = replay("smallest_board");
    assert_eq!(r.game.topology().len(), 7);
    assert_eq!(r.game.topology().degree(pt(&r.game, "b2")), 6);
    assert_eq!(r.accepted(), [true, true, false, true]);
    assert!(r.refusal(2).contains("'j1' is not on the board"));
    assert_eq!(stones(&r.game, Colour::Black), 3);
}

#[test]
fn opening_one_stone() {
    let r = replay("opening_one_stone");
    assert_eq!(r.accepted(), [true, true, true]);
    assert_eq!(
        (
            stones(&r.game, Colour::Black),
            stones(&r.game, Colour::White)
        ),
        (3, 2)
    );
    assert_eq!(r.game.to_move(), Colour::White);
}

#[test]
fn opening_two_stones_refused() {
    let r = replay("opening_two_stones_refused");
    assert_eq!(r.accepted(), [false, true]);
    assert!(r.refusal(0).contains("opening move places a single stone"));
}

#[test]
fn one_stone_after_opening_refused() {
    let r = replay("one_stone_after_opening_refused");
    assert_eq!(r.accepted(), [true, false, true, false]);
    assert!(r
        .refusal(1)
        .contains("only Black's opening move places a single stone"));
    assert!(r
        .refusal(3)
        .contains("only Black's opening move places a single stone"));
}

#[test]
fn same_point_twice() {
    let r = replay("same_point_twice");
    assert_eq!(r.accepted(), [true, false, false, true]);
    assert!(r.refusal(1).contains("same point twice"));
    assert!(r.refusal(2).contains("same point twice"));
}

#[test]
fn off_board_points() {
    let r = replay("off_board_points");
    assert_eq!(
        r.accepted(),
        [false, false, false, false, false, true, true]
    );
    for (i, bad) in ["a9", "i1", "p1", "a0", "a16"].iter().enumerate() {
        assert!(
            r.refusal(i)
                .contains(&format!("'{bad}' is not on the board")),
            "{}",
            r.refusal(i)
        );
        assert!(r.refusal(i).contains("a1…o15"));
    }
}

#[test]
fn occupied() {
    let r = replay("occupied");
    assert_eq!(r.accepted(), [true, false, true, false]);
    assert!(r.refusal(1).contains("occupied: h8"));
    assert!(r.refusal(3).contains("occupied: a2"));
}

#[test]
fn pass_is_a_whole_move() {
    let r = replay("pass_is_a_whole_move");
    assert_eq!(r.accepted(), [true; 4]);
    assert_eq!(
        (
            stones(&r.game, Colour::Black),
            stones(&r.game, Colour::White)
        ),
        (3, 0)
    );
    assert_eq!(r.game.status(), Status::Ongoing);
}

#[test]
fn pass_on_opening() {
    let r = replay("pass_on_opening");
    assert_eq!(r.accepted(), [true, false, true, true]);
    assert!(r.refusal(1).contains("place two"));
}

#[test]
fn two_passes_end() {
    let r = replay("two_passes_end");
    assert_eq!(r.accepted(), [true, true, true, false]);
    assert!(r.refusal(3).contains("game is over"));
    assert_eq!(
        r.game.score(),
        Score {
            black: 168.0,
            white: 0.0
        }
    );
    assert_eq!(r.result(), "B+168");
}

#[test]
fn resign() {
    let r = replay("resign");
    assert_eq!(r.accepted(), [true, true]);
    assert_eq!(r.result(), "B+R");
}

#[test]
fn capture_needs_both_stones() {
    let before = {
        let mut r = replay("capture_needs_both_stones");
        assert!(r.game.undo());
        r.game
    };
    for p in ["d5", "e5"] {
        assert!(!before
            .board()
            .would_capture(before.topology(), pt(&before, p), Colour::Black));
    }
    let r = replay("capture_needs_both_stones");
    assert_eq!(r.accepted(), [true]);
    assert_eq!(r.game.captures(), [1, 0]);
    assert_eq!(r.game.stone(pt(&r.game, "d4")), None);
}

#[test]
fn two_captures_one_move() {
    let r = replay("two_captures_one_move");
    assert_eq!(r.accepted(), [true; 3]);
    assert_eq!(r.game.captures(), [2, 0]);
    assert_eq!(stones(&r.game, Colour::White), 0);
    assert_eq!(
        r.game.score(),
        Score {
            black: 33.0,
            white: 0.0
        }
    );
    assert_eq!(r.result(), "B+33");
}

#[test]
fn suicide_pair_refused() {
    let r = replay("suicide_pair_refused");
    assert_eq!(r.accepted(), [false, true]);
    assert!(r.refusal(0).starts_with("suicide"), "{}", r.refusal(0));
    assert_eq!(r.game.captures(), [0, 0]);
}

#[test]
fn suicide_rescued_by_capture() {
    let r = replay("suicide_rescued_by_capture");
    assert_eq!(r.accepted(), [false, true]);
    assert!(r.refusal(0).contains("suicide") && r.refusal(0).contains("a1"));
    assert_eq!(r.game.captures(), [3, 0]);
    assert_eq!(r.game.liberties_of(pt(&r.game, "a1")), 3);
}

#[test]
fn suicide_own_chain() {
    let r = replay("suicide_own_chain");
    assert_eq!(r.accepted(), [false, true]);
    assert!(r.refusal(0).starts_with("suicide"));
    assert_eq!(r.game.liberties_of(pt(&r.game, "b2")), 1);
}

#[test]
fn ko_retake_differs() {
    let r = replay("ko_retake_differs");
    assert_eq!(r.accepted(), [true, true, true]);
    assert_eq!(r.game.captures(), [4, 2]);
    let mut g = r.game.clone();
    let after_retake = g.board().hash();
    assert!(g.undo() && g.undo());
    assert_ne!(
        g.board().hash(),
        after_retake,
        "the retake did not repeat the position"
    );
}

#[test]
fn territory_edges_and_corners() {
    let r = replay("territory_edges_and_corners");
    assert_eq!(
        r.game.score(),
        Score {
            black: 7.0,
            white: 3.0
        }
    );
    assert_eq!(r.result(), "B+4");
    let count = r.game.count();
    for (p, c) in [
        ("a1", Colour::Black),
        ("c1", Colour::Black),
        ("c5", Colour::White),
        ("e5", Colour::White),
    ] {
        assert_eq!(
            r.game.topology().degree(pt(&r.game, p)),
            3,
            "{p} is a corner"
        );
        assert_eq!(count.owner[pt(&r.game, p).idx()], Some(c));
    }
}

#[test]
fn gap_makes_region_neutral() {
    let r = replay("gap_makes_region_neutral");
    assert_eq!(
        r.game.score(),
        Score {
            black: 0.0,
            white: 3.0
        }
    );
    assert_eq!(r.result(), "W+3");
    assert_eq!(r.game.count().owner[pt(&r.game, "a1").idx()], None);
}

#[test]
fn score_territory_plus_captures() {
    let r = replay("score_territory_plus_captures");
    assert_eq!(r.accepted(), [true; 3]);
    assert_eq!(r.game.captures(), [1, 0]);
    assert_eq!(r.game.count().territory, [3, 3]);
    assert_eq!(
        r.game.score(),
        Score {
            black: 4.0,
            white: 3.0
        }
    );
    assert_eq!(r.result(), "B+1");
}

#[test]
fn draw_without_komi() {
    let r = replay("draw_without_komi");
    assert_eq!(
        r.game.score(),
        Score {
            black: 3.0,
            white: 3.0
        }
    );
    assert_eq!(r.result(), "Draw");
}

#[test]
fn komi_half_point() {
    let r = replay("komi_half_point");
    assert_eq!(r.accepted(), [true, true, false, true]);
    assert!(r.refusal(2).contains("play has ended"));
    assert_eq!(
        r.game.score(),
        Score {
            black: 3.0,
            white: 3.5
        }
    );
    assert_eq!(r.result(), "W+0.5");
}

#[test]
fn dead_stones_agreed() {
    let r = replay("dead_stones_agreed");
    assert_eq!(r.accepted(), [true; 4]);
    assert!(r.game.is_marked_dead(pt(&r.game, "b1")));
    assert_eq!(
        r.game.score(),
        Score {
            black: 6.0,
            white: 3.5
        }
    );
    assert_eq!(r.result(), "B+2.5");
}

#[test]
fn forced_pass_one_empty_point() {
    let r = replay("forced_pass_one_empty_point");
    assert_eq!(r.accepted(), [false, false, true, true]);
    assert!(r.refusal(0).contains("place two"));
    assert!(r.refusal(1).contains("occupied: a1"));
    assert_eq!(r.result(), "Draw");
    let mut g = r.game.clone();
    assert!(g.undo() && g.undo());
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, [TrigoMove::Pass]);
    assert_eq!(
        g.random_move(&mut stones_core::Rng::new(1)),
        Some(TrigoMove::Pass)
    );
    assert_eq!(
        g.playout_move(&mut stones_core::Rng::new(1)),
        TrigoMove::Pass
    );
}

#[test]
fn finished_record_empty_dead() {
    // The engine stops at the marking step; the CLI's replay counts it (an empty `dead` list is
    // the agreed marking), B+17.5.
    let r = replay("finished_record_empty_dead");
    assert_eq!(r.accepted(), [true; 3]);
    assert_eq!(r.game.status(), Status::Scoring);
    assert_eq!(
        r.game.score(),
        Score {
            black: 18.0,
            white: 0.5
        }
    );
}
