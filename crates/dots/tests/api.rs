//! The public face: text moves, refusal reasons, rendering, SGF writing and broken records.

use stones_core::{Colour, Game, Rng, RuleSet, Status};
use stones_dots::{random_playout, sgf, DotsGame, DotsIllegal, DotsMove, DotsRules};

fn official() -> DotsGame {
    DotsGame::new(DotsRules::default()).unwrap()
}

#[test]
fn text_moves_read_both_notations_and_round_trip() {
    let g = official();
    let t = g.topology();
    let p = t.parse_point("N13").unwrap();
    assert_eq!(t.xy(p), (12, 19));
    assert_eq!(g.parse_move("n13"), Ok(DotsMove::Put(p)));
    assert_eq!(
        g.parse_move("mt"),
        Ok(DotsMove::Put(p)),
        "SGF form: x=m(12), y=t(19)"
    );
    assert_eq!(
        g.parse_move("AO1"),
        Ok(DotsMove::Put(t.at(38, 31).unwrap()))
    );
    assert_eq!(g.parse_move("MF"), Ok(DotsMove::Put(t.at(38, 31).unwrap())));
    assert_eq!(g.parse_move(" STOP "), Ok(DotsMove::Stop));
    assert_eq!(g.parse_move("resign"), Ok(DotsMove::Resign));
    for mv in [DotsMove::Put(p), DotsMove::Stop, DotsMove::Resign] {
        assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
    }
    let e = g.parse_move("pass").unwrap_err();
    assert!(e.to_string().contains("no pass"), "{e}");
    for bad in ["AP1", "A33", "I5", "A0", "", "zZ", "N13x"] {
        let e = g.parse_move(bad).unwrap_err();
        assert!(e.to_string().contains("stop or resign"), "{bad}: {e}");
    }
}

#[test]
fn refusals_are_typed_readable_and_change_nothing() {
    let mut g = official();
    assert_eq!(
        DotsIllegal::Occupied("N13".into()).to_string(),
        "occupied: N13 already has a stone"
    );
    assert_eq!(
        DotsIllegal::InsideEnclosure.to_string(),
        "inside an enclosure"
    );
    let a1 = g.parse_move("A1").unwrap();
    let before = g.clone();
    let e = g.play(a1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "outside the first-move zone (columns N–AB, rows 13–20)"
    );
    assert_eq!(g, before);
    let n13 = g.parse_move("N13").unwrap();
    g.play(n13).unwrap();
    assert_eq!(g.play(n13), Err(DotsIllegal::Occupied("N13".into())));
    g.play(DotsMove::Resign).unwrap();
    assert_eq!(g.play(DotsMove::Stop), Err(DotsIllegal::GameOver));
    assert_eq!(DotsIllegal::GameOver.to_string(), "the game is over");
    assert!(g.set_position(&[None; 3], Colour::Black).is_err());
    let mut fresh = official();
    let off = DotsMove::Put(stones_core::Point(5000));
    assert_eq!(fresh.play(off), Err(DotsIllegal::OffField));
    // After Black's STOP only White moves; a record cannot make Black move again either.
    fresh.play(DotsMove::Stop).unwrap();
    assert_eq!(fresh.to_move(), Colour::White);
    let p = fresh.parse_move("N13").unwrap();
    assert_eq!(fresh.play_as(Colour::Black, p), Err(DotsIllegal::Stopped));
    assert_eq!(fresh.play_as(Colour::White, p), Ok(()));
}

#[test]
fn render_shows_coordinates_enclosures_captured_dots_and_the_last_dot() {
    let mut g = DotsGame::new(DotsRules::load(Some("grounding"), &[]).unwrap().0).unwrap();
    for m in ["C4", "D4", "D5", "A1", "D3", "B1", "E4"] {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(g.captured(), [1, 0]);
    let text = g.render(false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + 32 + 2 + 1 + 1);
    assert_eq!(lines.last(), Some(&"captures: black 1, white 0"));
    assert!(lines[0].trim_start().starts_with('A') && lines[1].contains("A B C D E F G H J"));
    assert!(lines[2].starts_with(" 32 ") && lines[2].ends_with(" 32"));
    let row4 = lines[2 + 28];
    assert!(
        row4.starts_with("  4  . . X @ X]") || row4.contains("X @[X]"),
        "{row4}"
    );
    assert!(text.contains("@ captured white"));
    let coloured = g.render(true);
    assert!(coloured.contains("\x1b[") && coloured.contains("\x1b[0m"));
}

#[test]
fn sgf_write_then_read_replays_to_the_same_position() {
    let mut rng = Rng::new(11);
    for name in ["grounding", "cross"] {
        let mut rules = DotsRules::load(Some(name), &[]).unwrap().0;
        rules.first_move_zone = false;
        let mut g = DotsGame::new(rules.clone()).unwrap();
        for _ in 0..1000 {
            let Some(mv) = g.random_move(&mut rng) else {
                break;
            };
            g.play(mv).unwrap();
        }
        let text = sgf::write(&g).unwrap();
        assert!(text.starts_with("(;FF[4]GM[40]CA[UTF-8]AP[stones]SZ[39:32]"));
        let rec = sgf::parse(&text).unwrap();
        assert_eq!(rec.moves.len(), g.history().count());
        let r = sgf::replay(&rec, &rules).unwrap();
        assert_eq!(r.game.captured(), g.captured());
        // The chains written are the engine's own: reading them back warns of nothing.
        assert!(rec.moves.iter().any(|m| !m.chains.is_empty()));
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        for p in g.topology().points() {
            assert_eq!(r.game.dot(p), g.dot(p));
            assert_eq!(r.game.is_captured(p), g.is_captured(p));
        }
    }
    let mut small = DotsGame::new(DotsRules {
        size: stones_core::BoardSize::square(8),
        first_move_zone: false,
        ..DotsRules::default()
    })
    .unwrap();
    let mut fast = small.clone();
    while let Some(mv) = small.random_move(&mut rng) {
        small.play(mv).unwrap();
    }
    let text = sgf::write(&small).unwrap();
    assert!(text.contains("SZ[8:8]") && text.contains("RE["));
    // The fast path keeps no history: its game cannot be written, and says why.
    random_playout(&mut fast, &mut rng);
    let e = sgf::write(&fast).unwrap_err().to_string();
    assert!(e.contains("fast path"), "{e}");
    let big = DotsGame::new(DotsRules {
        size: stones_core::BoardSize::square(60),
        ..DotsRules::default()
    })
    .unwrap();
    assert!(sgf::write(&big).is_err());
}

#[test]
fn record_moves_step_by_step_refuse_without_changing_anything() {
    let rules = DotsRules::load(Some("grounding"), &[]).unwrap().0;
    let rec = sgf::parse("(;GM[40]SZ[5:4]AW[cc];B[aa];W[aa];B[ba];W[ed])").unwrap();
    assert_eq!((rec.width, rec.height, rec.moves.len()), (5, 4, 4));
    let mut g = rec.start(&rules).unwrap();
    assert_eq!(g.topology().len(), 20);
    assert_eq!(g.dot(g.topology().at(2, 2).unwrap()), Some(Colour::White));
    assert_eq!(sgf::play_move(&mut g, &rec.moves[0], 1), Ok(None));
    let before = g.clone();
    assert_eq!(
        sgf::play_move(&mut g, &rec.moves[1], 2),
        Err(DotsIllegal::Occupied("A4".into()))
    );
    assert_eq!(g, before);
    // Black again, out of turn, as records may have it.
    assert_eq!(sgf::play_move(&mut g, &rec.moves[2], 3), Ok(None));
    assert_eq!(g.history().count(), 2);
    // A move built by hand off the field is refused, not a panic.
    let mut off = rec.moves[3].clone();
    off.at = Some((4, 4));
    assert_eq!(sgf::play_move(&mut g, &off, 4), Err(DotsIllegal::OffField));
    let e = sgf::replay(&rec, &rules).unwrap_err().to_string();
    assert_eq!(
        e,
        "SGF move 2 (aa): white at A4: occupied: A4 already has a stone"
    );
}

#[test]
fn several_dots_in_a_node_and_empty_moves_read_as_their_writers_mean_them() {
    let rules = DotsRules::load(Some("grounding"), &[]).unwrap().0;
    // playdots writes a turn of several dots as one node; KataGo-Dots and NOTAGO write STOP as `B[]`.
    let rec = sgf::parse("(;GM[40]SZ[5];B[aa];W[bb][cc];B[])").unwrap();
    let moves: Vec<_> = rec.moves.iter().map(|m| (m.colour, m.at)).collect();
    assert_eq!(
        moves,
        [
            (Colour::Black, Some((0, 0))),
            (Colour::White, Some((1, 1))),
            (Colour::White, Some((2, 2))),
            (Colour::Black, None)
        ]
    );
    let r = sgf::replay(&rec, &rules).unwrap();
    assert_eq!(r.game.history().count(), 4);
    assert!(
        matches!(r.game.status(), Status::Over(_)),
        "grounding: STOP ends the game"
    );
}

#[test]
fn broken_records_give_clear_errors_and_never_panic() {
    let rules = DotsRules::load(Some("grounding"), &[]).unwrap().0;
    let err = |t: &str| {
        sgf::parse(t)
            .and_then(|r| sgf::replay(&r, &rules).map(|_| ()))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("hello"),
        "SGF: at byte 0: expected '(' to open a game tree, found 'h'"
    );
    assert!(err("(;GM[1]SZ[19])").contains("GM[40]"));
    assert!(err("(;GM[40])").contains("SZ"));
    assert!(err("(;GM[40]SZ[1000])").contains("SZ[1000]"));
    assert!(err("(;GM[40]SZ[5];B[aa").contains("at byte 18: expected ']'"));
    assert!(err("(;GM[40]SZ[5]AB[aa]AW[aa])").contains("both put a dot on aa"));
    let e = err("(;GM[40]SZ[5];B[aa];AB[bb])");
    assert!(
        e.starts_with("node at byte 19: ") && e.contains("root node"),
        "{e}"
    );
    assert!(err("(;GM[40]SZ[5];B[zz])").contains("move 1"));
    assert!(err("(;GM[40]SZ[5];B[aa];W[aa])").contains("occupied"));
    assert!(err("(;GM[40]SZ[5];B[bb.bbc])").contains("odd"));
    let fixture = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/szkrab6492.sgf"
    ))
    .unwrap();
    for cut in 0..fixture.len() {
        if fixture.is_char_boundary(cut) {
            let _ = sgf::parse(&fixture[..cut]).map(|r| sgf::replay(&r, &rules));
        }
    }
    let mut rng = Rng::new(3);
    let alphabet = b"();[]\\.:ABGMSZW40 \naZ\xc3\xa9";
    for _ in 0..5000 {
        let mut b = b"(;GM[40]SZ[5]".to_vec();
        b.extend((0..rng.below(30)).map(|_| alphabet[rng.below(alphabet.len())]));
        let _ = sgf::parse(&b).map(|r| sgf::replay(&r, &rules));
    }
    let mut bytes = fixture.into_bytes();
    for _ in 0..300 {
        let i = rng.below(bytes.len());
        bytes[i] = b"()[];.aZ\\:BW"[rng.below(12)];
        let _ = sgf::parse(&bytes).map(|r| sgf::replay(&r, &rules));
    }
}

#[test]
fn a_game_ends_only_when_the_field_is_full_stopped_or_resigned() {
    let mut g = DotsGame::new(DotsRules {
        size: stones_core::BoardSize {
            width: 6,
            height: 4,
        },
        ..DotsRules::default()
    })
    .unwrap();
    let mut rng = Rng::new(2);
    let r = random_playout(&mut g, &mut rng);
    assert_eq!(g.free_points(), 0);
    assert!(matches!(g.status(), Status::Over(_)));
    assert!(r.moves >= 12 && r.moves <= 24);
    assert_eq!(g.random_move(&mut rng), None);
}

#[test]
fn stops_are_written_as_empty_moves_and_replay_to_the_end() {
    // Under `play-on` both players say STOP (after White's, Black moves on alone); under
    // `grounding` one STOP ends the game. Each STOP is an empty move in the record, and the replay
    // ends where the game ended, with its result.
    for (name, moves, written) in [
        (
            "official",
            &["C3", "D3", "C2", "stop", "D2", "stop"][..],
            ";B[cc];W[dc];B[cd];W[];B[dd];B[])",
        ),
        ("grounding", &["C3", "D3", "stop"][..], ";B[cc];W[dc];B[])"),
    ] {
        let mut rules = DotsRules::load(Some(name), &["size=5".into()]).unwrap().0;
        rules.first_move_zone = false;
        let mut g = DotsGame::new(rules.clone()).unwrap();
        for m in moves {
            g.play(g.parse_move(m).unwrap()).unwrap();
        }
        let Status::Over(outcome) = g.status() else {
            panic!("{name}: {:?}", g.status());
        };
        let text = sgf::write(&g).unwrap();
        let flat: String = text.split_whitespace().collect();
        assert!(flat.ends_with(written), "{name}: {text}");
        assert!(text.contains(&format!("RE[{}]", outcome.result)), "{text}");
        let rec = sgf::parse(&text).unwrap();
        assert_eq!(rec.moves.len(), moves.len(), "{name}");
        let r = sgf::replay(&rec, &rules).unwrap();
        assert_eq!(r.game.status(), g.status(), "{name}");
        assert_eq!(
            r.game.history().collect::<Vec<_>>(),
            g.history().collect::<Vec<_>>()
        );
    }
}
