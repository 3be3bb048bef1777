//! `set_to_move` and `resume_play`: the two ways GTP and SGF records step outside strict alternation,
//! and what they must not break (ko, undo, history, superko).

use stones_core::board_text::parse_board;
use stones_core::{Colour, Game, Rng, RuleSet, Status};
use stones_go::{GoGame, GoIllegal, GoMove, GoRules};

fn game(name: &str, size: u16) -> GoGame {
    let rules = GoRules::load(Some(name), &[format!("size={size}")])
        .unwrap()
        .0;
    GoGame::new(rules).unwrap()
}

fn mv(g: &GoGame, text: &str) -> GoMove {
    g.parse_move(text).unwrap()
}

/// Black takes a ko at C3 (capturing B3) on 5x5; White is to move.
fn ko_taken() -> GoGame {
    let mut g = game("classic", 5);
    let board = ". . . . .\n. x o . .\nx o . o .\n. x o . .\n. . . . .";
    let stones = parse_board(g.topology(), board).unwrap();
    g.set_position(&stones, Colour::Black).unwrap();
    g.play(mv(&g, "C3")).unwrap();
    assert_eq!(g.captures(), [1, 0]);
    g
}

#[test]
fn ko_ban_stays_on_the_capturers_opponent() {
    let mut g = ko_taken();
    let b3 = mv(&g, "B3");
    assert_eq!(g.check(b3), Err(GoIllegal::Ko));
    g.set_to_move(Colour::Black);
    assert_eq!(g.check(b3), Ok(()), "the capturer may fill the ko");
    g.set_to_move(Colour::White);
    assert_eq!(
        g.check(b3),
        Err(GoIllegal::Ko),
        "switching back does not lift the ban"
    );
    g.play(mv(&g, "E1")).unwrap();
    g.play(mv(&g, "E5")).unwrap();
    assert_eq!(g.check(b3), Ok(()), "a move elsewhere lifts it");
}

#[test]
fn same_colour_twice_keeps_history_and_undo_exact() {
    let mut g = game("classic", 9);
    g.play(mv(&g, "D4")).unwrap();
    g.set_to_move(Colour::Black);
    let before = g.clone();
    g.play(mv(&g, "E5")).unwrap();
    assert_eq!(g.to_move(), Colour::White);
    assert_eq!(
        g.history(),
        [(Colour::Black, mv(&g, "D4")), (Colour::Black, mv(&g, "E5"))]
    );
    assert!(g.undo());
    assert_eq!(g, before);
    assert!(g.undo());
    assert_eq!(g, game("classic", 9));
    assert!(!g.undo());
}

#[test]
fn superko_history_survives_colour_switches_and_undo() {
    let mut rng = Rng::new(11);
    for name in ["chinese", "tromp-taylor", "classic"] {
        let mut g = game(name, 5);
        for _ in 0..300 {
            if g.status() != Status::Ongoing {
                assert!(g.resume_play());
            }
            if rng.below(4) == 0 {
                let c = if rng.below(2) == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                g.set_to_move(c);
            }
            let before = g.clone();
            let who = g.to_move();
            let Some(m) = g.random_move(&mut rng) else {
                break;
            };
            g.play(m).unwrap();
            assert_eq!(g.history().last(), Some(&(who, m)));
            assert!(g.undo());
            assert_eq!(g, before, "{name}: undo after a colour switch");
            g.play(m).unwrap();
        }
    }
}

#[test]
fn play_resumes_after_the_closing_passes() {
    let mut g = game("classic", 9);
    let d4 = mv(&g, "D4");
    g.play(GoMove::Pass).unwrap();
    g.play(GoMove::Pass).unwrap();
    assert_eq!(g.status(), Status::Scoring);
    assert_eq!(
        g.play(d4),
        Err(GoIllegal::Phase(stones_go::PhaseRefusal::PlayEnded))
    );
    let scoring = g.clone();
    assert!(g.resume_play());
    assert!(!g.resume_play());
    assert_eq!(g.status(), Status::Ongoing);
    g.play(d4).unwrap();
    g.play(GoMove::Pass).unwrap();
    assert_eq!(g.status(), Status::Ongoing, "the pass count restarted");
    assert!(g.undo() && g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    g.play(GoMove::Pass).unwrap();
    assert_eq!(g, scoring);

    let mut tt = game("tromp-taylor", 9);
    tt.play(GoMove::Pass).unwrap();
    tt.play(GoMove::Pass).unwrap();
    assert!(matches!(tt.status(), Status::Over(_)));
    assert!(tt.resume_play());
    assert_eq!(tt.status(), Status::Ongoing);

    let mut r = game("classic", 9);
    r.play(GoMove::Resign).unwrap();
    assert!(!r.resume_play());
}

#[test]
fn check_for_agrees_with_resuming_and_giving_the_turn_on_a_copy() {
    for ruleset in ["classic", "chinese", "tromp-taylor", "situational"] {
        let mut g = match ruleset {
            "situational" => {
                let set = ["size=5".to_string(), "ko=situational".to_string()];
                GoGame::new(GoRules::load(Some("chinese"), &set).unwrap().0).unwrap()
            }
            name => game(name, 5),
        };
        let mut rng = Rng::new(9);
        for _ in 0..120 {
            for c in Colour::BOTH {
                let mut copy = g.clone();
                copy.resume_play();
                copy.set_to_move(c);
                for p in g.topology().points() {
                    let mv = GoMove::Play(p);
                    assert_eq!(g.check_for(c, mv), copy.check(mv), "{ruleset}");
                }
                assert_eq!(g.check_for(c, GoMove::Pass), copy.check(GoMove::Pass));
            }
            match g.random_move(&mut rng) {
                Some(mv) => g.play(mv).unwrap(),
                None => {
                    g.resume_play();
                }
            }
        }
    }
}
