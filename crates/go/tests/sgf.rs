//! Go records in SGF: reading every supported property, refusing bad records with the reason, and
//! writing games that read back to the same game.

use stones_core::contract::mangled;
use stones_core::{Colour, Game, Rng, RuleSet, Status};
use stones_go::sgf::{self, GoRecord};
use stones_go::{GoGame, GoIllegal, GoMove, GoRules, GoSgfError};

fn rules(name: &str) -> GoRules {
    GoRules::load(Some(name), &[]).unwrap().0
}

fn read(text: &str) -> Result<GoGame, GoSgfError> {
    sgf::read(text, &rules("classic"))
}

fn at(g: &GoGame, name: &str) -> Option<Colour> {
    g.stone(g.topology().parse_point(name).unwrap())
}

#[test]
fn reads_size_komi_moves_and_passes() {
    let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+3.5];B[ee];W[cc];B[];W[tt])";
    let g = read(text).unwrap();
    assert_eq!(g.rules().size.width, 9);
    assert_eq!(g.rules().effective_komi(), 6.5);
    assert_eq!(at(&g, "E5"), Some(Colour::Black));
    assert_eq!(at(&g, "C7"), Some(Colour::White));
    let h = g.history();
    assert_eq!(h.len(), 4);
    assert_eq!(
        &h[2..],
        [(Colour::Black, GoMove::Pass), (Colour::White, GoMove::Pass)]
    );
    assert_eq!(
        GoRecord::parse(text).unwrap().result.as_deref(),
        Some("B+3.5")
    );
    // No SZ means 19x19; no GM is fine; no KM keeps the ruleset's komi.
    let g = read("(;B[pd])").unwrap();
    assert_eq!(g.rules().size.width, 19);
    assert_eq!(g.rules().effective_komi(), 5.5);
    assert_eq!(at(&g, "Q16"), Some(Colour::Black));
    // Empty KM and HA, as some programs write them, count as absent.
    let g = read("(;SZ[9]KM[]HA[];B[ee])").unwrap();
    assert_eq!(g.rules().effective_komi(), 5.5);
}

#[test]
fn tt_is_a_pass_only_on_small_boards() {
    let g = read("(;SZ[25];B[tt])").unwrap();
    assert_eq!(at(&g, "U6"), Some(Colour::Black));
    let g = read("(;SZ[19];B[tt])").unwrap();
    assert_eq!(g.history(), [(Colour::Black, GoMove::Pass)]);
}

#[test]
fn setup_rectangles_clearing_and_player() {
    let g = read("(;SZ[5]AB[aa:bb]AW[cc];AE[bb]PL[W])").unwrap();
    for (p, c) in [
        ("A5", Some(Colour::Black)),
        ("A4", Some(Colour::Black)),
        ("B5", Some(Colour::Black)),
        ("B4", None),
        ("C3", Some(Colour::White)),
    ] {
        assert_eq!(at(&g, p), c, "{p}");
    }
    assert_eq!(g.to_move(), Colour::White);
    assert_eq!(g.rules().handicap, 0);
    // A rectangular board, w:h.
    let g = read("(;SZ[9:5];B[ie])").unwrap();
    assert_eq!((g.rules().size.width, g.rules().size.height), (9, 5));
    assert_eq!(at(&g, "J1"), Some(Colour::Black));
}

#[test]
fn handicap_stones_are_a_handicap() {
    let g = read("(;SZ[19]HA[2]KM[0.5]AB[dp][pd];W[dd])").unwrap();
    assert_eq!(g.rules().handicap, 2);
    assert_eq!(g.rules().effective_komi(), 0.5);
    assert_eq!(g.initial_to_move(), Colour::White);
    assert_eq!(at(&g, "D4"), Some(Colour::Black));
    assert_eq!(at(&g, "D16"), Some(Colour::White));
}

#[test]
fn records_as_real_programs_write_them() {
    // A property repeated within a node (GNU Go's regression games), PL[1]/PL[2], text around the
    // game tree, nodes after a variation.
    let g = read("Game 1\n(;SZ[9]AB[aa]AB[bb]AW[cc]PL[2];W[dd](;B[ee])(;B[ff]);B[gg]) trailer")
        .unwrap();
    assert_eq!(
        (at(&g, "A9"), at(&g, "B8")),
        (Some(Colour::Black), Some(Colour::Black))
    );
    assert_eq!(g.initial_to_move(), Colour::White);
    assert_eq!(g.history().len(), 2);
    assert_eq!(at(&g, "E5"), Some(Colour::Black));
    assert_eq!(read("(;SZ[9]PL[1])").unwrap().to_move(), Colour::Black);
    // Set-up after the first move edits the board where it stands; captures stay.
    let g = read("(;SZ[5]AB[ab];W[aa];B[];AE[ab]AW[ee];W[bb])").unwrap();
    for (p, c) in [
        ("A5", Some(Colour::White)),
        ("A4", None),
        ("E1", Some(Colour::White)),
    ] {
        assert_eq!(at(&g, p), c, "{p}");
    }
    assert_eq!(at(&g, "B4"), Some(Colour::White));
    // Set-up after the last move too.
    let g = read("(;SZ[5];B[aa];AW[ee])").unwrap();
    assert_eq!(at(&g, "E1"), Some(Colour::White));
    // A comment in Latin-1 (no CA) or in a charset we do not decode never refuses the record.
    let g = sgf::read(b"(;SZ[9]C[K\xf6nig];B[ee])", &rules("classic")).unwrap();
    assert_eq!(at(&g, "E5"), Some(Colour::Black));
    let g = sgf::read(
        b"(;SZ[9]CA[Shift_JIS]PB[\x8d\x95];B[ee]C[\x95\x5c\x5c])",
        &rules("classic"),
    );
    assert_eq!(at(&g.unwrap(), "E5"), Some(Colour::Black));
}

#[test]
fn same_colour_twice_and_play_after_two_passes() {
    let g = read("(;SZ[9];B[aa];B[bb];W[];B[];W[cc])").unwrap();
    assert_eq!(g.history()[1], (Colour::Black, g.parse_move("B8").unwrap()));
    assert_eq!(at(&g, "C7"), Some(Colour::White));
    assert_eq!(g.status(), Status::Ongoing);
}

fn err(text: &str) -> GoSgfError {
    read(text).unwrap_err()
}

#[test]
fn bad_records_say_what_is_wrong() {
    assert_eq!(err("(;GM[40]SZ[9])"), GoSgfError::NotGo("40".into()));
    assert!(matches!(err("(;SZ[x])"), GoSgfError::Property { ident, .. } if ident == "SZ"));
    assert!(matches!(err("(;KM[lots])"), GoSgfError::Property { ident, .. } if ident == "KM"));
    // KM takes what the rulesets take for komi, no more.
    for km in ["1e308", "1000.5", "6.3"] {
        let e = err(&format!("(;KM[{km}])")).to_string();
        assert!(
            e.contains("whole or half number between -1000 and 1000"),
            "{e}"
        );
    }
    assert!(
        err("(;SZ[30])").to_string().contains("size"),
        "{}",
        err("(;SZ[30])")
    );
    let e = err("(;SZ[9];B[zz])");
    assert!(e.to_string().contains("outside the 9x9 board"), "{e}");
    let e = err("(;SZ[9];B[e])");
    assert!(e.to_string().contains("two letters"), "{e}");
    let e = err("(;SZ[9];B[aa];AB[bb:cc]AW[cc])");
    assert!(
        matches!(
            e,
            GoSgfError::Node {
                node: 2,
                offset: 13,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().starts_with("node 2 (at byte 13): "), "{e}");
    assert!(
        e.to_string().contains("AB and AW both set up the point cc"),
        "{e}"
    );
    let e = err("(;SZ[9]\n;B[aa]\n;W[zz])");
    assert!(
        e.to_string().starts_with("property W[zz] (at byte 15): "),
        "{e}"
    );
    let e = err("(;SZ[9]AW[ee]AE[ee])");
    assert!(
        e.to_string().contains("AW and AE both set up the point ee"),
        "{e}"
    );
    assert!(matches!(
        err("(;SZ[9];B[aa]W[bb])"),
        GoSgfError::Node { node: 1, .. }
    ));
    assert!(matches!(err("(;SZ[9]PL[X])"), GoSgfError::Property { ident, .. } if ident == "PL"));
    let e = err("(;SZ[9];B[aa]");
    assert!(
        matches!(e, GoSgfError::Syntax(ref s) if s.offset == 13),
        "{e}"
    );
    assert!(e.to_string().contains("byte 13"), "{e}");
    assert!(matches!(
        err("(;SZ[3]AB[ab][ba][bb]AW[aa])"),
        GoSgfError::Setup(_)
    ));
}

#[test]
fn illegal_moves_name_the_move_and_the_reason() {
    let e = err("(;SZ[9];B[ee];W[ee])");
    assert_eq!(
        e,
        GoSgfError::Illegal {
            number: 2,
            text: "W[ee] = E5".into(),
            reason: GoIllegal::Occupied("E5".into())
        }
    );
    assert_eq!(
        e.to_string(),
        "move 2 (W[ee] = E5) is illegal: occupied: E5 already has a stone"
    );
    let e = err("(;SZ[9]AB[ba][ab];W[aa])");
    assert!(
        matches!(
            e,
            GoSgfError::Illegal {
                number: 1,
                reason: GoIllegal::Suicide,
                ..
            }
        ),
        "{e}"
    );
    let ko = "(;SZ[5]AB[bb][ac][bd]AW[cb][bc][dc][cd];B[cc];W[bc])";
    let e = err(ko);
    assert!(
        matches!(
            e,
            GoSgfError::Illegal {
                number: 2,
                reason: GoIllegal::Ko,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn replay_stops_before_a_move_number() {
    let rec = GoRecord::parse("(;SZ[9]AB[aa];W[bb];B[cc];W[dd])").unwrap();
    let base = rules("classic");
    let g = rec.replay(&base, Some(1)).unwrap();
    assert_eq!(g.history().len(), 0);
    assert_eq!(g.to_move(), Colour::White);
    assert_eq!(rec.replay(&base, Some(3)).unwrap().history().len(), 2);
    assert_eq!(rec.replay(&base, Some(4)).unwrap().history().len(), 3);
    for asked in [0, 5] {
        assert_eq!(
            rec.replay(&base, Some(asked)).unwrap_err(),
            GoSgfError::NoSuchMove { moves: 3, asked }
        );
    }
}

fn assert_same(a: &GoGame, b: &GoGame, what: &str) {
    assert_eq!(a.rules().size, b.rules().size, "{what}");
    assert_eq!(
        a.rules().effective_komi(),
        b.rules().effective_komi(),
        "{what}"
    );
    assert_eq!(a.rules().handicap, b.rules().handicap, "{what}");
    assert_eq!(a.initial_stones(), b.initial_stones(), "{what}");
    assert_eq!(a.initial_to_move(), b.initial_to_move(), "{what}");
    assert_eq!(a.history(), b.history(), "{what}");
    for p in a.topology().points() {
        assert_eq!(a.stone(p), b.stone(p), "{what}");
    }
    assert_eq!(a.captures(), b.captures(), "{what}");
    assert_eq!(a.to_move(), b.to_move(), "{what}");
}

#[test]
fn written_games_read_back_the_same() {
    let mut rng = Rng::new(3);
    let cases = [
        ("classic", "9", 0),
        ("chinese", "13", 0),
        ("tromp-taylor", "[7, 5]", 0),
        ("japanese", "19", 4),
        ("egf", "25", 0),
        ("classic", "5", 2),
    ];
    for (round, &(name, size, handicap)) in cases.iter().cycle().take(24).enumerate() {
        let base = GoRules::load(Some(name), &[format!("size={size}")])
            .unwrap()
            .0;
        let mut g = GoGame::new(base.clone()).unwrap();
        if round % 3 == 0 {
            g.set_komi(-2.5).unwrap();
        }
        if handicap > 0 {
            let pts: Vec<_> = g.topology().points().step_by(3).take(handicap).collect();
            g.place_handicap(&pts).unwrap();
        }
        for _ in 0..rng.below(300) {
            if g.status() != Status::Ongoing && !g.resume_play() {
                break;
            }
            if rng.below(10) == 0 {
                g.set_to_move(if rng.below(2) == 0 {
                    Colour::Black
                } else {
                    Colour::White
                });
            }
            let Some(mv) = g.random_move(&mut rng) else {
                break;
            };
            g.play(mv).unwrap();
        }
        let text = sgf::write(&g, None);
        let back = sgf::read(&text, &base).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_same(&g, &back, &text);
        assert_eq!(sgf::write(&back, None), text);
    }
}

#[test]
fn results_are_written() {
    let mut g = GoGame::new(rules("tromp-taylor")).unwrap();
    g.play(GoMove::Pass).unwrap();
    g.play(GoMove::Pass).unwrap();
    assert!(sgf::write(&g, None).contains("RE[W+7.5]"));
    let mut g = GoGame::new(rules("classic")).unwrap();
    g.play(GoMove::Resign).unwrap();
    let text = sgf::write(&g, None);
    assert!(text.contains("RE[W+R]"), "{text}");
    assert!(sgf::write(&g, Some("B+T")).contains("RE[B+T]"));
    let mut g = GoGame::new(rules("tromp-taylor")).unwrap();
    g.set_komi(0.0).unwrap();
    g.play(GoMove::Pass).unwrap();
    g.play(GoMove::Pass).unwrap();
    assert!(sgf::write(&g, None).contains("RE[0]"));
}

#[test]
fn mangled_records_are_errors_not_panics() {
    let mut rng = Rng::new(5);
    let seed =
        "(;GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg]PL[W];W[ee];B[ec];W[];B[tt];W[ce](;B[dd])(;B[ff]))";
    let junk = b"();[]\\:BWAEKMSZHPLtz019 ";
    let base = rules("tromp-taylor");
    let mut read_ok = 0;
    for _ in 0..20_000 {
        let b = mangled(seed.as_bytes(), junk, &mut rng);
        if let Ok(g) = sgf::read(&b, &base) {
            read_ok += 1;
            g.board().check_invariants(g.topology()).unwrap();
        }
    }
    assert!(
        read_ok > 1000,
        "only {read_ok} mangled records were still readable"
    );
}

/// Plays `moves` (as typed at the prompt) on a new game under `rules` with `set` overrides.
fn played(rules: &str, set: &[&str], moves: &[&str]) -> GoGame {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let mut g = GoGame::new(GoRules::load(Some(rules), &set).unwrap().0).unwrap();
    for m in moves {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// A 5x5 game: Black's wall on column C, White's on D, a White stone thrown in at B3, left dead.
const DEAD_B3: [&str; 14] = [
    "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "B3", "pass", "pass",
];

#[test]
fn a_counted_game_keeps_its_dead_stones_in_the_territory_and_reads_back_counted() {
    let moves = [&DEAD_B3[..], &["dead B3", "done"]].concat();
    let g = played("classic", &["size=5"], &moves);
    assert_eq!(g.status().to_string(), "over");
    let text = sgf::write(&g, None);
    // As CGoban writes it: the last node (the closing pass) holds each side's territory, the dead
    // White stone on B3 (`bc`) in Black's; the marks and `done` are no SGF moves.
    let flat: String = text.split_whitespace().collect();
    let last = flat.rsplit(';').next().unwrap();
    assert_eq!(
        last, "W[]TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])",
        "{text}"
    );
    assert!(text.contains("RE[B+0.5]"), "{text}");
    let record = GoRecord::parse(&text).unwrap();
    assert_eq!(record.moves.len(), DEAD_B3.len());
    let replayed = record.replay(&rules("classic"), None).unwrap();
    assert_eq!(replayed.status(), Status::Scoring);
    let b3 = g.topology().parse_point("B3").unwrap();
    assert_eq!(record.dead_stones(&replayed), [b3]);
    assert_eq!(
        record.closing_moves(&replayed),
        [
            (Colour::Black, GoMove::Mark(b3)),
            (Colour::Black, GoMove::Done)
        ]
    );
    // Read back, the game ends where it ended: the same marks, counted, the same result.
    let back = sgf::read(&text, &rules("classic")).unwrap();
    assert_eq!(back.status(), g.status());
    assert!(back.is_marked_dead(b3));
    assert_eq!(back.history(), g.history());
    assert_eq!(sgf::write(&back, None), text);
}

#[test]
fn a_two_stone_dead_chain_is_marked_once() {
    let moves = [
        "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "B3", "pass", "B4",
        "pass", "pass", "dead B4", "done",
    ];
    let g = played("chinese", &["size=5"], &moves);
    let text = sgf::write(&g, None);
    let back = sgf::read(&text, &rules("chinese")).unwrap();
    assert_eq!(back.status(), g.status(), "{text}");
    let marks: Vec<GoMove> = back
        .history()
        .into_iter()
        .map(|(_, m)| m)
        .filter(|m| matches!(m, GoMove::Mark(_)))
        .collect();
    assert_eq!(marks, [back.parse_move("dead B4").unwrap()], "{text}");
    // A record naming the chain by one stone (B3 alone in TB) marks it on the same first stone, so
    // the record written from it reads back to the same moves (found by fuzzing).
    let one = text.replace("TB[aa][ba][ab][bb][ac][bc]", "TB[bc]");
    assert_ne!(one, text);
    let read_one = sgf::read(&one, &rules("chinese")).unwrap();
    assert_eq!(read_one.history(), back.history(), "{one}");
    let again = sgf::read(sgf::write(&read_one, None), &rules("chinese")).unwrap();
    assert_eq!(again.history(), read_one.history());
}

#[test]
fn a_resignation_is_the_result_and_reads_back_as_the_losers_move() {
    let g = played("classic", &["size=9"], &["E5", "resign"]);
    let text = sgf::write(&g, None);
    assert!(
        text.contains("RE[B+R]") && !text.contains("resign"),
        "{text}"
    );
    let back = sgf::read(&text, &rules("classic")).unwrap();
    assert_eq!(back.status(), g.status());
    assert_eq!(back.history(), g.history());
    // A record may give the resignation to the player who just moved: the move is given to it.
    let back = read("(;SZ[9]RE[W+R];B[ee])").unwrap();
    assert_eq!(back.status().to_string(), "over");
    assert_eq!(
        back.history().last(),
        Some(&(Colour::Black, GoMove::Resign))
    );
}

#[test]
fn without_territory_a_record_is_counted_only_when_its_result_is_the_count() {
    // Black's one stone owns the board under territory scoring: 24 points against komi 0.5.
    let g = read("(;SZ[5]KM[0.5]RE[B+23.5];B[cc];W[];B[])").unwrap();
    assert_eq!(g.status().to_string(), "over");
    assert_eq!(g.history().last(), Some(&(Colour::White, GoMove::Done)));
    // A result the count does not give, or none, leaves the marking to the reader.
    for text in [
        "(;SZ[5]KM[0.5]RE[B+3.5];B[cc];W[];B[])",
        "(;SZ[5]KM[0.5];B[cc];W[];B[])",
        "(;SZ[5]KM[0.5]RE[?];B[cc];W[];B[])",
    ] {
        assert_eq!(read(text).unwrap().status(), Status::Scoring, "{text}");
    }
    // Territory on an earlier node is a comment on the game so far, not its end.
    let g = read("(;SZ[5]KM[0.5]RE[B+3.5];B[cc]TW[aa];W[];B[])").unwrap();
    assert_eq!(g.status(), Status::Scoring);
}

#[test]
fn bad_territory_is_an_error_naming_it() {
    assert!(matches!(
        err("(;SZ[5];B[cc];W[]TB[aa]TW[aa])"),
        GoSgfError::Node { why, .. } if why.contains("TB and TW both hold the point aa")
    ));
    assert!(matches!(
        err("(;SZ[5];B[cc];W[]TB[zz])"),
        GoSgfError::Property { ident, .. } if ident == "TB"
    ));
}

#[test]
fn a_point_a_node_sets_up_again_is_read_once_and_conflicts_are_found_past_repeats() {
    // Repeated values and overlapping rectangles: each point once per node, in file order.
    let record =
        GoRecord::parse("(;SZ[9]AB[aa][bb][aa][aa:bb]AW[ee]AE[cc][cc];B[dd];AW[ff][ff])").unwrap();
    let b = Some(Colour::Black);
    assert_eq!(
        record.setup,
        [
            ((0, 0), b),
            ((1, 1), b),
            ((1, 0), b),
            ((0, 1), b),
            ((4, 4), Some(Colour::White)),
            ((2, 2), None)
        ]
    );
    assert_eq!(record.later_setup, [(1, (5, 5), Some(Colour::White))]);
    // A point may be set up again by a later node (the first's check does not linger).
    let record = GoRecord::parse("(;SZ[9]AB[aa];AW[aa]TB[bb];TW[bb];B[cc])").unwrap();
    assert_eq!(record.setup, [((0, 0), b), ((0, 0), Some(Colour::White))]);
    // A conflict after thousands of repeats is still found.
    let text = format!("(;SZ[19]AB{}AW[cc:dd][ss])", "[aa][bb][ss]".repeat(5000));
    let e = GoRecord::parse(&text).unwrap_err();
    assert!(
        e.to_string().contains("AB and AW both set up the point ss"),
        "{e}"
    );
    let text = format!("(;SZ[9];B[cc];W[]TB{}TW[ab][aa])", "[aa:bb]".repeat(5000));
    assert!(GoRecord::parse(&text)
        .unwrap_err()
        .to_string()
        .contains("TB and TW both hold the point ab"));
}
