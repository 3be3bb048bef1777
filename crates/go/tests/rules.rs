//! The rules most likely to regress, pinned at the library level: the simple-ko point, the superko
//! variants, handicap points and validation, komi by size and handicap, and the count.

use stones_core::contract::{play_text as play, set_up};
use stones_core::{Colour, Game, Rng, RuleSet, Status};
use stones_go::handicap::{gtp_points, seed_points};
use stones_go::{GoGame, GoIllegal, GoMove, GoRules};

fn rules(name: &str, overrides: &[&str]) -> Result<GoRules, String> {
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    GoRules::load(Some(name), &overrides)
        .map(|(r, _)| r)
        .map_err(|e| e.to_string())
}

fn game(name: &str, overrides: &[&str]) -> GoGame {
    GoGame::new(rules(name, overrides).unwrap()).unwrap()
}

fn setup(name: &str, overrides: &[&str], board: &str, to_move: Colour) -> GoGame {
    let mut g = game(name, overrides);
    set_up(&mut g, board, to_move);
    g
}

fn play_all(g: &mut GoGame, moves: &[&str]) {
    for m in moves {
        play(g, m).unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

fn point_names(g: &GoGame, c: Colour) -> Vec<String> {
    let topo = g.topology();
    let mut names: Vec<String> = topo
        .points()
        .filter(|&p| g.stone(p) == Some(c))
        .map(|p| topo.name(p))
        .collect();
    names.sort();
    names
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn result(g: &GoGame) -> String {
    match g.status() {
        Status::Over(o) => o.result,
        s => panic!("game not over: {s}"),
    }
}

const KO: &str = "
. x o . .
x o . o .
. x o . .
. . . . .
. . . . .";

#[test]
fn simple_ko_point_forbids_only_the_immediate_single_recapture() {
    let mut g = setup("classic", &["size=5"], KO, Colour::Black);
    play(&mut g, "C4").unwrap();
    assert_eq!(g.ko_point(), Some(mv_point(&g, "B4")));
    assert_eq!(play(&mut g, "B4"), Err(GoIllegal::Ko));
    play_all(&mut g, &["E1", "E2"]);
    assert_eq!(g.ko_point(), None);
    play(&mut g, "B4").unwrap();
    assert_eq!(g.captures(), [1, 1]);
}

#[test]
fn a_pass_lifts_the_ko_ban() {
    let mut g = setup("egf", &["size=5"], KO, Colour::Black);
    play_all(&mut g, &["C4", "pass"]);
    assert_eq!(g.ko_point(), None);
    play_all(&mut g, &["pass", "B4"]);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn no_ko_when_the_capturing_stone_joins_a_chain() {
    let board = "
. . . . .
. . . . .
. x o o .
x o . x o
. x o o .";
    let mut g = setup("classic", &["size=5"], board, Colour::Black);
    play(&mut g, "C2").unwrap();
    assert_eq!(g.ko_point(), None);
    play(&mut g, "B2").unwrap();
    assert_eq!(g.captures(), [1, 2]);
}

#[test]
fn snapback_is_not_ko() {
    let board = "
. . . . .
. . . . .
x x x x x
x o o o x
x o . . x";
    let mut g = setup("classic", &["size=5"], board, Colour::Black);
    play_all(&mut g, &["C1", "D1", "C1"]);
    assert_eq!(g.captures(), [5, 1]);
}

#[test]
fn suicide_rules() {
    let board = "
. . . . .
. . . . .
. . . . .
o o o . .
x . o . .";
    let mut g = setup("classic", &["size=5"], board, Colour::Black);
    assert_eq!(play(&mut g, "B1"), Err(GoIllegal::Suicide));
    let mut g = setup("tromp-taylor", &["size=5"], board, Colour::Black);
    play(&mut g, "B1").unwrap();
    assert_eq!(g.captures(), [0, 2], "suicided stones go to the opponent");
    assert_eq!(point_names(&g, Colour::Black), Vec::<String>::new());
    assert_eq!(g.to_move(), Colour::White);
    // A single stone may not commit suicide even when suicide is allowed.
    let eye = "
. . . . .
. . . . .
. . . . .
o . . . .
. o . . .";
    let mut g = setup("tromp-taylor", &["size=5"], eye, Colour::Black);
    assert_eq!(play(&mut g, "A1"), Err(GoIllegal::Suicide));
}

/// Three kos: Black can take at C1 and C9, White at H1.
const TRIPLE_KO: &str = "
x o . o . . . . .
. x o . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. x o . . . o x .
x o . o . o x . x";

#[test]
fn triple_ko_cycles_under_simple_ko_only() {
    let cycle = ["C1", "H1", "C9", "B1", "G1"];
    for (ko, last_ok) in [
        ("simple", true),
        ("positional", false),
        ("situational", false),
    ] {
        let ko_rule = format!("ko=\"{ko}\"");
        let mut g = setup("classic", &["size=9", &ko_rule], TRIPLE_KO, Colour::Black);
        let start = g.board().hash();
        play_all(&mut g, &cycle);
        let last = play(&mut g, "B9");
        if last_ok {
            assert_eq!(last, Ok(()), "{ko}");
            assert_eq!(g.board().hash(), start);
            // and round again
            play_all(&mut g, &cycle);
        } else {
            assert_eq!(last, Err(GoIllegal::Superko), "{ko}");
        }
    }
}

#[test]
fn positional_and_situational_superko_differ_when_the_side_to_move_differs() {
    let board = "
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. x o . . . o x .
x o . o . o x . x";
    for (ko, allowed) in [
        ("simple", true),
        ("positional", false),
        ("situational", true),
    ] {
        let ko_rule = format!("ko=\"{ko}\"");
        let mut g = setup("chinese", &["size=9", &ko_rule], board, Colour::Black);
        play_all(&mut g, &["C1", "H1", "pass", "B1"]);
        let r = play(&mut g, "G1");
        assert_eq!(r.is_ok(), allowed, "{ko}: {r:?}");
    }
}

/// The superko test hashes the board after a move without playing it; it must agree with playing it,
/// captures and (Tromp-Taylor) multi-stone suicide included.
#[test]
fn hash_after_matches_the_played_board() {
    let mut rng = Rng::new(11);
    for (name, size) in [
        ("tromp-taylor", "5"),
        ("chinese", "[6, 4]"),
        ("classic", "3"),
    ] {
        for _ in 0..20 {
            let mut g = game(name, &[&format!("size={size}")]);
            let mut moves = Vec::new();
            for _ in 0..80 {
                if g.status() != Status::Ongoing {
                    break;
                }
                g.legal_moves(&mut moves);
                for &m in &moves {
                    if let GoMove::Play(p) = m {
                        let predicted =
                            g.board()
                                .hash_after(g.topology(), p, g.to_move(), g.rules().suicide);
                        let mut after = g.clone();
                        after.play(m).unwrap();
                        assert_eq!(predicted, after.board().hash());
                    }
                }
                let m = g.random_move(&mut rng).unwrap();
                g.play(m).unwrap();
            }
        }
    }
}

#[test]
fn seed_handicap_points_on_19x19_and_13x13() {
    let order19 = ["Q16", "D4", "Q4", "D16", "Q10", "D10", "K16", "K4", "K10"];
    for n in 2..=9u8 {
        let g = game("classic", &[&format!("handicap={n}")]);
        assert_eq!(
            point_names(&g, Colour::Black),
            sorted(&order19[..n as usize])
        );
        assert_eq!(
            g.to_move(),
            Colour::White,
            "White moves first after a handicap"
        );
        assert_eq!(g.rules().effective_komi(), 0.5);
    }
    let order13 = ["K10", "D4", "K4", "D10", "G7"];
    for n in 2..=5u8 {
        let g = game("classic", &["size=13", &format!("handicap={n}")]);
        assert_eq!(
            point_names(&g, Colour::Black),
            sorted(&order13[..n as usize])
        );
        assert_eq!(g.to_move(), Colour::White);
    }
    assert!(rules("classic", &["size=13", "handicap=6"]).is_err());
    assert!(seed_points(stones_core::BoardSize::square(19), 10).is_err());
}

#[test]
fn gtp_handicap_table_differs_from_the_seed_for_3_5_7() {
    // GTP: 3 adds D16 (not Q4); 5 and 7 use tengen.
    let g = game("classic", &["size=9", "handicap=3"]);
    assert_eq!(point_names(&g, Colour::Black), sorted(&["C3", "G7", "C7"]));
    assert_eq!(gtp_points(19, 3).unwrap(), vec![(4, 4), (16, 16), (4, 16)]);
    assert_eq!(gtp_points(19, 5).unwrap().last(), Some(&(10, 10)));
    assert!(gtp_points(8, 5).is_err());
    assert!(gtp_points(6, 2).is_err());
}

#[test]
fn handicap_settings_that_cannot_be_played_are_refused() {
    assert!(rules("classic", &["handicap=1"]).is_err());
    assert!(rules("classic", &["handicap=10"]).is_err());
    assert!(rules("classic", &["size=[9, 7]", "handicap=2"]).is_err());
    assert!(rules(
        "classic",
        &["size=[9, 7]", "handicap=2", "handicap_placement=\"free\""]
    )
    .is_ok());
    // A free handicap filling the board would leave Black no legal move (no pass, last point suicide).
    assert!(rules(
        "classic",
        &["size=2", "handicap=4", "handicap_placement=\"free\""]
    )
    .is_err());
    let mut g = game(
        "classic",
        &["size=2", "handicap=3", "handicap_placement=\"free\""],
    );
    play_all(&mut g, &["A1", "A2", "B1"]);
    assert_eq!(g.to_move(), Colour::White);
    play(&mut g, "B2").unwrap();
    assert_eq!(g.captures(), [0, 3]);
}

#[test]
fn free_handicap_black_places_without_passing() {
    let mut g = game(
        "classic",
        &["size=9", "handicap=3", "handicap_placement=\"free\""],
    );
    assert_eq!(g.handicap_left(), 3);
    assert_eq!(play(&mut g, "pass"), Err(GoIllegal::PassDuringHandicap));
    play_all(&mut g, &["E5", "C3"]);
    assert_eq!(g.to_move(), Colour::Black);
    assert_eq!(play(&mut g, "C3"), Err(GoIllegal::Occupied("C3".into())));
    play(&mut g, "G7").unwrap();
    assert_eq!((g.to_move(), g.handicap_left()), (Colour::White, 0));
    assert_eq!(g.rules().effective_komi(), 0.5);
}

#[test]
fn komi_by_ruleset_size_and_handicap() {
    let komi = |name: &str, o: &[&str]| rules(name, o).unwrap().effective_komi();
    assert_eq!(komi("classic", &[]), 5.5);
    assert_eq!(komi("classic", &["size=13"]), 3.5);
    assert_eq!(komi("classic", &["size=9"]), 5.5);
    assert_eq!(komi("classic", &["size=[13, 9]"]), 5.5);
    assert_eq!(komi("japanese", &["size=13"]), 6.5);
    assert_eq!(komi("chinese", &[]), 7.5);
    assert_eq!(komi("tromp-taylor", &[]), 7.5);
    assert_eq!(komi("egf", &[]), 7.5);
    assert_eq!(komi("classic", &["size=13", "handicap=2"]), 0.5);
    assert_eq!(komi("chinese", &["handicap=9"]), 0.5);
    assert!(rules("classic", &["komi=0.25"]).is_err());
}

/// White G2 captures G1, both pass, the white stone B2 is dead; D4 is dame.
const FINAL: &str = "
. . x o . . .
. . x o . . .
. . x o . . .
. . x . o . .
. . . x o . .
. o . x o . .
. . . x o o x";

fn finished(name: &str) -> GoGame {
    let mut g = setup(name, &["size=7", "komi=0.5"], FINAL, Colour::White);
    play_all(&mut g, &["G2", "pass", "pass", "dead B2", "done"]);
    g
}

#[test]
fn territory_and_area_count_the_same_board_differently() {
    let g = finished("classic");
    assert_eq!((g.score().black, g.score().white), (18.0, 16.5));
    assert_eq!(result(&g), "B+1.5");
    let g = finished("chinese");
    assert_eq!((g.score().black, g.score().white), (24.0, 24.5));
    assert_eq!(result(&g), "W+0.5");
}

#[test]
fn marking_twice_unmarks_a_chain() {
    let mut g = setup("classic", &["size=7", "komi=0.5"], FINAL, Colour::White);
    play_all(&mut g, &["G2", "pass", "pass", "dead D6"]);
    assert!(g.is_marked_dead(mv_point(&g, "D5")));
    play(&mut g, "dead D7").unwrap();
    assert!(!g.is_marked_dead(mv_point(&g, "D5")));
    assert_eq!(
        play(&mut g, "dead D4"),
        Err(GoIllegal::Phase(stones_go::PhaseRefusal::NothingToMark(
            "D4".into()
        )))
    );
    assert_eq!(
        play(&mut g, "pass"),
        Err(GoIllegal::Phase(stones_go::PhaseRefusal::PlayEnded))
    );
}

fn mv_point(g: &GoGame, name: &str) -> stones_core::Point {
    g.topology().parse_point(name).unwrap()
}

#[test]
fn seki_eyes_are_territory_only_under_area_scoring() {
    let board = "
x x . o o
. x x o .";
    for (name, black, white) in [("classic", 0.0, 0.5), ("chinese", 5.0, 4.5)] {
        let mut g = setup(name, &["size=[5, 2]", "komi=0.5"], board, Colour::Black);
        play_all(&mut g, &["pass", "pass", "done"]);
        assert_eq!((g.score().black, g.score().white), (black, white), "{name}");
    }
}

#[test]
fn seki_with_two_open_shared_points_is_found() {
    // Each side has one eye (A1, F1) and the two shared points C2, D2 are both still open: whoever
    // fills one leaves the last shared point as a liberty both sides need, so this is seki, and the
    // eyes are no territory under territory scoring. Area scoring counts stones and eyes.
    let board = "
x x . . o o
. x x o o .";
    for (name, black, white) in [("classic", 0.0, 0.5), ("chinese", 5.0, 5.5)] {
        let mut g = setup(name, &["size=[6, 2]", "komi=0.5"], board, Colour::Black);
        play_all(&mut g, &["pass", "pass", "done"]);
        assert_eq!((g.score().black, g.score().white), (black, white), "{name}");
    }
    // Without the white eye White's chain is left with D2 alone (in atari): no seki, and Black's eye
    // is Black's territory.
    let not_seki = "
x x . . o o
. x x o o o";
    let mut g = setup(
        "classic",
        &["size=[6, 2]", "komi=0.5"],
        not_seki,
        Colour::Black,
    );
    play_all(&mut g, &["pass", "pass", "done"]);
    assert_eq!((g.score().black, g.score().white), (1.0, 0.5));
}

#[test]
fn open_ground_is_no_seki() {
    // Two walls facing each other across open ground: the shared region is large, nothing is seki,
    // and each side's back row is its territory.
    let board = "
. . . . . . .
x x x x x x x
. . . . . . .
. . . . . . .
o o o o o o o
. . . . . . .";
    let mut g = setup(
        "classic",
        &["size=[7, 6]", "komi=0.5"],
        board,
        Colour::Black,
    );
    play_all(&mut g, &["pass", "pass", "done"]);
    assert_eq!((g.score().black, g.score().white), (7.0, 7.5));
    assert!(g.count().seki.iter().all(|&s| !s));
}

#[test]
fn integer_komi_can_draw_half_komi_cannot() {
    let board = "
. . . x o . .
. . . x o . .
. . . x o . .";
    for (komi, expected) in [("3", "Draw"), ("2.5", "B+0.5"), ("3.5", "W+0.5")] {
        let k = format!("komi={komi}");
        let mut g = setup("classic", &["size=[7, 3]", &k], board, Colour::Black);
        play_all(&mut g, &["pass", "pass", "done"]);
        assert_eq!(result(&g), expected);
    }
}

#[test]
fn passes_to_end_two_or_three() {
    let mut g = game("classic", &["size=5"]);
    play_all(&mut g, &["pass", "pass"]);
    assert_eq!(g.status(), Status::Scoring);
    let mut g = game("egf", &["size=5"]);
    play_all(&mut g, &["pass", "pass", "C3", "pass", "pass"]);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "pass").unwrap();
    assert_eq!(g.status(), Status::Scoring);
    let mut g = game("tromp-taylor", &["size=3"]);
    play_all(&mut g, &["B2", "pass", "pass"]);
    assert_eq!(result(&g), "B+1.5", "Tromp-Taylor counts at once");
}
