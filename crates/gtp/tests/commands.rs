//! Every GTP command, with its errors, and the protocol's framing; malformed input never panics.

use stones_core::{Colour, Game, Point, Rng, RuleSet};
use stones_go::{GoGame, GoIllegal, GoMove, GoRules};
use stones_gtp::genmove::random_move;
use stones_gtp::{run_seeded, Engine, COMMANDS};

fn rules(name: &str) -> GoRules {
    GoRules::load(Some(name), &[]).unwrap().0
}

fn engine(name: &str, size: u16) -> Engine {
    let mut e = Engine::new(rules(name), 1).unwrap();
    ok(&mut e, &format!("boardsize {size}"));
    e
}

/// The answer to one command: `Ok(text)` or `Err(text)`, with the framing checked.
fn ask(e: &mut Engine, line: &str) -> Result<String, String> {
    let r = e
        .execute(line)
        .unwrap_or_else(|| panic!("no response to {line:?}"));
    assert!(r.ends_with("\n\n"), "{r:?}");
    assert!(
        !r[..r.len() - 2].contains("\n\n"),
        "blank line inside {r:?}"
    );
    let text = r[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    let text = text
        .strip_prefix(' ')
        .unwrap_or(text)
        .trim_end()
        .to_string();
    match r.as_bytes()[0] {
        b'=' => Ok(text),
        b'?' => Err(text),
        _ => panic!("bad response {r:?}"),
    }
}

fn ok(e: &mut Engine, line: &str) -> String {
    ask(e, line).unwrap_or_else(|err| panic!("{line}: {err}"))
}

fn err(e: &mut Engine, line: &str) -> String {
    match ask(e, line) {
        Err(msg) => msg,
        Ok(text) => panic!("{line}: expected a failure, got = {text}"),
    }
}

fn play_all(e: &mut Engine, moves: &[&str]) {
    for m in moves {
        ok(e, &format!("play {m}"));
    }
}

#[test]
fn framing_ids_comments_and_control_characters() {
    let mut e = engine("classic", 9);
    assert_eq!(e.execute("12 name\n").as_deref(), Some("=12 stones\n\n"));
    assert_eq!(e.execute("name").as_deref(), Some("= stones\n\n"));
    assert_eq!(
        e.execute("5 bogus").as_deref(),
        Some("?5 unknown command\n\n")
    );
    assert_eq!(e.execute("7 clear_board").as_deref(), Some("=7 \n\n"));
    assert_eq!(e.execute("# a comment\n"), None);
    assert_eq!(e.execute(" \t \r\n"), None);
    assert_eq!(e.execute("\x01\x02"), None);
    assert_eq!(
        e.execute("3\tpro\x07tocol_version # two\r\n").as_deref(),
        Some("=3 2\n\n")
    );
    // Command names are case-sensitive; arguments are not.
    assert_eq!(err(&mut e, "NAME"), "unknown command");
    ok(&mut e, "play BLACK d4");
    assert_eq!(ok(&mut e, "list_stones B"), "D4");
}

#[test]
fn administrative_commands() {
    let mut e = engine("classic", 19);
    assert_eq!(ok(&mut e, "protocol_version"), "2");
    assert_eq!(ok(&mut e, "name"), "stones");
    assert_eq!(ok(&mut e, "version"), env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&mut e, "known_command play"), "true");
    assert_eq!(ok(&mut e, "known_command fly"), "false");
    assert_eq!(err(&mut e, "known_command"), "syntax error");
    let listed = ok(&mut e, "list_commands");
    assert_eq!(listed.lines().collect::<Vec<_>>(), COMMANDS);
    for c in COMMANDS {
        assert_eq!(ok(&mut e, &format!("known_command {c}")), "true");
        // Every listed command is implemented: with no arguments it answers, never "unknown command".
        let mut fresh = engine("classic", 9);
        assert_ne!(ask(&mut fresh, c), Err("unknown command".into()), "{c}");
    }
    ok(&mut e, "time_settings 300 30 5");
    ok(&mut e, "time_left white 100 0");
    assert_eq!(err(&mut e, "time_settings 300 x 5"), "syntax error");
    assert_eq!(err(&mut e, "time_left purple 1 1"), "syntax error");
}

#[test]
fn quit_ends_the_session() {
    let input = b"1 name\n2 quit\n3 name\n";
    let mut out = Vec::new();
    run_seeded(&input[..], &mut out, rules("classic"), 1).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "=1 stones\n\n=2 \n\n");
    // Invalid UTF-8 and a missing final newline are handled too.
    let input = b"\xff\xfe name\nname";
    let mut out = Vec::new();
    run_seeded(&input[..], &mut out, rules("classic"), 1).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "? unknown command\n\n= stones\n\n"
    );
}

#[test]
fn an_over_long_line_is_refused_and_the_session_goes_on() {
    let max = stones_core::input::MAX_LINE;
    // Exactly the limit is a line like any other; one byte more is not, nor are 10 MB. The id of an
    // over-long line is kept.
    let exact = format!("1 name{}\n", " ".repeat(max - 6));
    let over = format!("2 name{}\n", " ".repeat(max - 5));
    let huge = format!("3 play black {}\n", "D4 ".repeat((10 << 20) / 3));
    let input = format!("{exact}{over}{huge}4 name\nboardsize {}", "9".repeat(max));
    let mut out = Vec::new();
    run_seeded(input.as_bytes(), &mut out, rules("classic"), 1).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "=1 stones\n\n\
         ?2 line too long (at most 65536 bytes)\n\n\
         ?3 line too long (at most 65536 bytes)\n\n\
         =4 stones\n\n\
         ? line too long (at most 65536 bytes)\n\n"
    );
}

#[test]
fn boardsize_and_clear_board() {
    let mut e = engine("classic", 19);
    ok(&mut e, "komi 0.5");
    play_all(&mut e, &["b D4"]);
    for bad in ["1", "26", "0", "100000000000"] {
        assert_eq!(
            err(&mut e, &format!("boardsize {bad}")),
            "unacceptable size",
            "{bad}"
        );
    }
    for bad in ["boardsize x", "boardsize", "boardsize 9 9", "boardsize -9"] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
    assert_eq!(
        ok(&mut e, "list_stones black"),
        "D4",
        "a refused boardsize changes nothing"
    );
    ok(&mut e, "boardsize 2");
    ok(&mut e, "boardsize 25");
    assert_eq!(ok(&mut e, "list_stones black"), "");
    play_all(&mut e, &["b Z25"]);
    ok(&mut e, "boardsize 9");
    assert_eq!(e.game().topology().len(), 81);
    play_all(&mut e, &["b E5", "w C3", "b pass"]);
    ok(&mut e, "clear_board");
    assert_eq!(ok(&mut e, "list_stones black"), "");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    assert_eq!(e.game().topology().len(), 81, "clear_board keeps the size");
    assert_eq!(ok(&mut e, "final_score"), "W+0.5", "and the komi");
}

#[test]
fn komi() {
    let mut e = engine("classic", 9);
    ok(&mut e, "komi 6.5");
    assert_eq!(ok(&mut e, "final_score"), "W+6.5");
    ok(&mut e, "komi -3");
    assert_eq!(ok(&mut e, "final_score"), "B+3");
    ok(&mut e, "komi 0");
    assert_eq!(ok(&mut e, "final_score"), "0");
    for bad in ["komi", "komi abc", "komi nan", "komi inf", "komi 1 2"] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
    assert_eq!(ok(&mut e, "final_score"), "0");
}

#[test]
fn komi_the_rulesets_refuse_is_refused_and_changes_nothing() {
    let mut e = engine("classic", 9);
    ok(&mut e, "komi 6.5");
    for (bad, shown) in [
        ("1e308", "1e308"),
        ("1001", "1001"),
        ("-2000", "-2000"),
        ("7.3", "7.3"),
    ] {
        assert_eq!(
            err(&mut e, &format!("komi {bad}")),
            format!("komi {shown} must be a whole or half number between -1000 and 1000"),
        );
    }
    assert_eq!(ok(&mut e, "final_score"), "W+6.5");
    // The edges of the range are accepted, and what printsgf writes loadsgf reads back.
    for edge in ["1000", "-1000"] {
        ok(&mut e, &format!("komi {edge}"));
        let path = std::env::temp_dir().join(format!("stones-gtp-komi-{}.sgf", std::process::id()));
        ok(&mut e, &format!("printsgf {}", path.display()));
        ok(&mut e, "komi 0");
        ok(&mut e, &format!("loadsgf {}", path.display()));
        let expected = if edge == "1000" { "W+1000" } else { "B+1000" };
        assert_eq!(ok(&mut e, "final_score"), expected);
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn play_accepts_every_colour_spelling_and_either_colour() {
    let mut e = engine("classic", 9);
    play_all(
        &mut e,
        &[
            "w E5", "W d4", "white c3", "WHITE b2", "b a1", "B a2", "black a3", "BLACK a4",
            "b pass", "w PASS",
        ],
    );
    assert_eq!(ok(&mut e, "list_stones white"), "E5 D4 C3 B2");
    assert_eq!(ok(&mut e, "list_stones black"), "A4 A3 A2 A1");
    let h = e.game().history();
    assert_eq!(h.len(), 10);
    assert_eq!(h[0].0, Colour::White);
    assert_eq!(h[4].0, Colour::Black);
}

#[test]
fn play_refuses_illegal_moves_and_bad_syntax_changing_nothing() {
    let mut e = engine("classic", 5);
    // Black takes a ko at C3.
    play_all(
        &mut e,
        &[
            "b B4", "b A3", "b B2", "w C4", "w B3", "w D3", "w C2", "b C3",
        ],
    );
    let board = ok(&mut e, "showboard");
    let cases = [
        ("play w C3", "illegal move"), // occupied
        ("play w B3", "illegal move"), // ko
        ("play b Z5", "illegal move"), // off the board
        ("play b F1", "illegal move"),
        ("play", "syntax error"),
        ("play b", "syntax error"),
        ("play x D4", "syntax error"),
        ("play b I4", "syntax error"),
        ("play b D0", "syntax error"),
        ("play b D4 E5", "syntax error"),
        ("play b resign", "syntax error"),
    ];
    for (line, why) in cases {
        assert_eq!(err(&mut e, line), why, "{line}");
        assert_eq!(ok(&mut e, "showboard"), board, "{line} changed the board");
    }
    // Suicide: White on A5 between Black's B5 and A4.
    play_all(&mut e, &["b B5", "b A4"]);
    assert_eq!(err(&mut e, "play w A5"), "illegal move");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    // The capturer may fill the ko; after a move elsewhere White may retake.
    assert_eq!(ok(&mut e, "is_legal b B3"), "1");
    play_all(&mut e, &["w E1", "b E5", "w B3"]);
    assert_eq!(ok(&mut e, "captures white"), "1");
}

#[test]
fn play_goes_on_after_two_passes() {
    for name in ["classic", "tromp-taylor", "egf"] {
        let mut e = engine(name, 9);
        play_all(&mut e, &["b pass", "w pass", "b pass", "w D4", "b E5"]);
        assert_eq!(ok(&mut e, "list_stones white"), "D4", "{name}");
        ok(&mut e, "undo");
        ok(&mut e, "undo");
        ok(&mut e, "undo");
        play_all(&mut e, &["w pass", "b E5"]);
    }
}

#[test]
fn genmove_plays_a_legal_move_for_the_colour_asked() {
    let mut e = engine("classic", 9);
    let v = ok(&mut e, "genmove w");
    assert_eq!(ok(&mut e, "list_stones white"), v);
    let v2 = ok(&mut e, "genmove white");
    assert_ne!(v, v2);
    assert_eq!(e.game().history().len(), 2);
    assert_eq!(ok(&mut e, "list_stones black"), "");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "list_stones white"), v);
    for bad in ["genmove", "genmove x", "genmove b w"] {
        assert_eq!(err(&mut e, bad), "syntax error");
    }
}

#[test]
fn genmove_passes_rather_than_fill_an_eye_or_suicide() {
    let mut e = engine("classic", 3);
    play_all(
        &mut e,
        &["b B3", "b A2", "b B2", "b C2", "b A1", "b B1", "b C1"],
    );
    // A3 and C3 are Black's eyes; for White both are suicide.
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(ok(&mut e, "genmove w"), "pass");
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(
        ok(&mut e, "genmove w"),
        "pass",
        "and after the closing passes too"
    );
}

#[test]
fn random_moves_respect_superko() {
    // On tiny boards under positional superko, whole-board repetitions come up often.
    let mut rng = Rng::new(9);
    let mut forbidden_seen = 0;
    for size in [2, 3, 4] {
        let r = GoRules::load(Some("chinese"), &[format!("size={size}")])
            .unwrap()
            .0;
        for _ in 0..200 {
            let mut g = GoGame::new(r.clone()).unwrap();
            for _ in 0..60 {
                let forbidden: Vec<Point> = g
                    .topology()
                    .points()
                    .filter(|&p| g.check(GoMove::Play(p)) == Err(GoIllegal::Superko))
                    .collect();
                forbidden_seen += forbidden.len();
                let mv = random_move(&g, &mut rng);
                assert_eq!(g.check(mv), Ok(()), "{mv:?}");
                if mv == GoMove::Pass {
                    // Pass only when every legal point is an own eye or suicide.
                    for p in g.topology().points() {
                        if g.check(GoMove::Play(p)).is_ok() {
                            let b = g.board();
                            let c = g.to_move();
                            assert!(
                                b.is_own_eye(g.topology(), p, c)
                                    || b.is_suicide(g.topology(), p, c)
                            );
                        }
                    }
                }
                g.play(mv).unwrap();
                if g.status() != stones_core::Status::Ongoing {
                    g.resume_play();
                }
            }
        }
    }
    assert!(
        forbidden_seen > 50,
        "only {forbidden_seen} superko points came up"
    );
}

#[test]
fn undo() {
    let mut e = engine("classic", 9);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    play_all(&mut e, &["b D4", "w E5"]);
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "list_stones white"), "");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "list_stones black"), "");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    // Undo restores captures.
    play_all(&mut e, &["b A2", "w A1", "b B1"]);
    assert_eq!(ok(&mut e, "captures black"), "1");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "captures black"), "0");
    assert_eq!(ok(&mut e, "list_stones white"), "A1");
}

#[test]
fn showboard() {
    let mut e = engine("classic", 9);
    play_all(&mut e, &["b D4", "w E5"]);
    let r = e.execute("4 showboard").unwrap();
    assert!(r.starts_with("=4 \n"), "{r}");
    let board = ok(&mut e, "showboard");
    assert_eq!(board.lines().filter(|l| l.contains('X')).count(), 1);
    assert_eq!(board.lines().filter(|l| l.contains('O')).count(), 1);
    assert!(board.contains("A B C D E F G H J"));
}

#[test]
fn fixed_handicap_uses_gtps_table() {
    let mut e = engine("classic", 19);
    assert_eq!(ok(&mut e, "fixed_handicap 3"), "D4 Q16 D16");
    assert_eq!(ok(&mut e, "list_stones black"), "D16 Q16 D4");
    assert_eq!(e.game().to_move(), Colour::White);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty");
    ok(&mut e, "clear_board");
    assert_eq!(
        ok(&mut e, "fixed_handicap 9"),
        "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"
    );
    ok(&mut e, "clear_board");
    assert_eq!(ok(&mut e, "fixed_handicap 5"), "D4 Q16 D16 Q4 K10");
    for (size, bad) in [
        (19, "1"),
        (19, "10"),
        (19, "0"),
        (9, "10"),
        (8, "5"),
        (7, "5"),
        (6, "2"),
    ] {
        let mut e = engine("classic", size);
        assert_eq!(
            err(&mut e, &format!("fixed_handicap {bad}")),
            "invalid number of stones",
            "{size}: {bad}"
        );
    }
    assert_eq!(
        ok(&mut engine("classic", 9), "fixed_handicap 9"),
        "C3 G7 C7 G3 C5 G5 E3 E7 E5"
    );
    assert_eq!(
        ok(&mut engine("classic", 8), "fixed_handicap 4"),
        "C3 F6 C6 F3"
    );
    for bad in ["fixed_handicap", "fixed_handicap x", "fixed_handicap 2 3"] {
        assert_eq!(err(&mut e, bad), "syntax error");
    }
    // Only passes so far: the board is still empty, so the handicap goes on.
    let mut e = engine("classic", 9);
    play_all(&mut e, &["b pass"]);
    assert_eq!(ok(&mut e, "fixed_handicap 2"), "C3 G7");
}

#[test]
fn free_handicap() {
    let mut e = engine("classic", 9);
    assert_eq!(ok(&mut e, "place_free_handicap 4"), "C3 G7 C7 G3");
    assert_eq!(err(&mut e, "place_free_handicap 2"), "board not empty");
    ok(&mut e, "clear_board");
    let pts = ok(&mut e, "place_free_handicap 12");
    let mut v: Vec<&str> = pts.split(' ').collect();
    assert_eq!(v.len(), 12);
    assert!(pts.starts_with("C3 G7 C7 G3 C5 G5 E3 E7 E5"), "{pts}");
    v.sort();
    v.dedup();
    assert_eq!(v.len(), 12);
    for bad in ["1", "81", "0"] {
        let mut e = engine("classic", 9);
        assert_eq!(
            err(&mut e, &format!("place_free_handicap {bad}")),
            "invalid number of stones"
        );
    }
    assert_eq!(
        ok(&mut engine("classic", 9), "place_free_handicap 80")
            .split(' ')
            .count(),
        80
    );
    assert_eq!(
        ok(&mut engine("classic", 3), "place_free_handicap 5")
            .split(' ')
            .count(),
        5
    );

    let mut e = engine("classic", 19);
    ok(&mut e, "set_free_handicap D4 q16 K10");
    assert_eq!(ok(&mut e, "list_stones black"), "Q16 K10 D4");
    assert_eq!(e.game().to_move(), Colour::White);
    assert_eq!(err(&mut e, "set_free_handicap A1 A2"), "board not empty");
    for (line, why) in [
        ("set_free_handicap A1", "bad vertex list"),
        ("set_free_handicap", "bad vertex list"),
        ("set_free_handicap A1 A1", "bad vertex list"),
        ("set_free_handicap A1 pass", "bad vertex list"),
        ("set_free_handicap A1 Z25", "bad vertex list"),
        ("set_free_handicap A1 I5", "syntax error"),
    ] {
        let mut e = engine("classic", 19);
        assert_eq!(err(&mut e, line), why, "{line}");
        assert_eq!(ok(&mut e, "list_stones black"), "", "{line}");
    }
}

#[test]
fn final_score_counts_the_board_as_it_stands() {
    let mut e = engine("classic", 9);
    ok(&mut e, "komi 5.5");
    play_all(&mut e, &["b D4"]);
    assert_eq!(ok(&mut e, "final_score"), "B+74.5", "territory: 80 points");
    let mut e = engine("chinese", 9);
    play_all(&mut e, &["b D4"]);
    assert_eq!(
        ok(&mut e, "final_score"),
        "B+73.5",
        "area: 81 points, komi 7.5"
    );
    play_all(&mut e, &["w E5"]);
    assert_eq!(
        ok(&mut e, "final_score"),
        "W+7.5",
        "1 stone each, no territory"
    );
}

/// A whole-board seki on 5x5: each side has one eye (A5, D5) and they share C3.
fn seki(name: &str) -> Engine {
    let mut e = engine(name, 5);
    play_all(
        &mut e,
        &[
            "b B5", "b A4", "b B4", "b A3", "b B3", "b A2", "b B2", "b C2", "b A1", "b B1", "b C1",
            "w C5", "w E5", "w C4", "w D4", "w E4", "w D3", "w E3", "w D2", "w E2", "w D1", "w E1",
        ],
    );
    e
}

#[test]
fn final_status_list_reports_seki() {
    let mut e = seki("classic");
    assert_eq!(
        ok(&mut e, "final_status_list seki"),
        "B5 A4 B4 A3 B3 A2 B2 C2 A1 B1 C1\nC5 E5 C4 D4 E4 D3 E3 D2 E2 D1 E1"
    );
    assert_eq!(ok(&mut e, "final_status_list alive"), "");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    ok(&mut e, "komi 0.5");
    assert_eq!(
        ok(&mut e, "final_score"),
        "W+0.5",
        "seki eyes are no territory"
    );
    let mut e = engine("classic", 9);
    play_all(&mut e, &["b D4", "b D5", "w F6", "b A1"]);
    assert_eq!(ok(&mut e, "final_status_list alive"), "F6\nD5 D4\nA1");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    assert_eq!(err(&mut e, "final_status_list undead"), "invalid status");
    assert_eq!(err(&mut e, "final_status_list"), "syntax error");
    let mut e = seki("chinese");
    ok(&mut e, "komi 0.5");
    assert_eq!(
        ok(&mut e, "final_score"),
        "W+0.5",
        "area: 11 stones and 1 eye each"
    );
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("stones-gtp-{}-{name}", std::process::id()))
}

#[test]
fn loadsgf_and_printsgf() {
    let path = temp("load.sgf");
    std::fs::write(&path, "(;GM[1]SZ[9]KM[2.5];B[ee];W[cc];B[dd];W[])").unwrap();
    let p = path.display();
    let mut e = engine("classic", 19);
    assert_eq!(ok(&mut e, &format!("loadsgf {p}")), "");
    assert_eq!(ok(&mut e, "list_stones black"), "D6 E5");
    assert_eq!(e.game().to_move(), Colour::Black);
    assert_eq!(ok(&mut e, "final_score"), "W+2.5");
    ok(&mut e, "clear_board");
    assert_eq!(
        e.game().topology().len(),
        81,
        "the size comes from the file"
    );
    ok(&mut e, &format!("loadsgf {p} 3"));
    assert_eq!(ok(&mut e, "list_stones black"), "E5");
    assert_eq!(ok(&mut e, "list_stones white"), "C7");
    assert_eq!(e.game().to_move(), Colour::Black);
    ok(&mut e, &format!("loadsgf {p} 1"));
    assert_eq!(ok(&mut e, "list_stones black"), "");
    ok(&mut e, "play b A1");
    let before = ok(&mut e, "showboard");
    for bad in [
        format!("loadsgf {p} 7"),
        format!("loadsgf {p} 0"),
        "loadsgf /no/such/file".into(),
        // Not regular files: a device that never ends, and a directory.
        "loadsgf /dev/zero".into(),
        format!("loadsgf {}", std::env::temp_dir().display()),
    ] {
        assert_eq!(err(&mut e, &bad), "cannot load file", "{bad}");
    }
    for (i, text) in [
        "(;GM[1]SZ[9];B[ee];W[ee])",
        "(;SZ[9];B[ee]",
        "(;GM[40])",
        "(;SZ[30])",
    ]
    .iter()
    .enumerate()
    {
        let broken = temp(&format!("broken{i}.sgf"));
        std::fs::write(&broken, text).unwrap();
        assert_eq!(
            err(&mut e, &format!("loadsgf {}", broken.display())),
            "cannot load file",
            "{text}"
        );
        let _ = std::fs::remove_file(broken);
    }
    assert_eq!(
        ok(&mut e, "showboard"),
        before,
        "a failed load changes nothing"
    );
    for bad in ["loadsgf", "loadsgf a b", "loadsgf a 1 2"] {
        assert_eq!(err(&mut e, bad), "syntax error");
    }

    // printsgf: to the response, to a file, and back.
    let mut e = engine("classic", 9);
    ok(&mut e, "komi 6.5");
    play_all(&mut e, &["b E5", "w C3", "b pass", "w D4"]);
    let text = ok(&mut e, "printsgf");
    assert!(
        text.starts_with("(;GM[1]") && text.contains("SZ[9]") && text.contains("KM[6.5]"),
        "{text}"
    );
    assert!(text.contains(";B[ee];W[cg];B[];W[df]"), "{text}");
    let out = temp("print.sgf");
    assert_eq!(ok(&mut e, &format!("printsgf {}", out.display())), "");
    let mut back = engine("classic", 19);
    ok(&mut back, &format!("loadsgf {}", out.display()));
    for q in ["list_stones black", "list_stones white", "final_score"] {
        assert_eq!(ok(&mut back, q), ok(&mut e, q), "{q}");
    }
    assert_eq!(
        err(&mut e, "printsgf /no/such/dir/x.sgf"),
        "cannot save file"
    );
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(out);
}

#[test]
fn gnugo_extensions() {
    let mut e = engine("classic", 9);
    play_all(&mut e, &["b A2", "w A1", "b E5", "w E4", "b D4"]);
    assert_eq!(ok(&mut e, "list_stones black"), "E5 D4 A2");
    assert_eq!(ok(&mut e, "countlib E5"), "3");
    assert_eq!(ok(&mut e, "countlib a1"), "1");
    assert_eq!(ok(&mut e, "countlib E4"), "2");
    assert_eq!(err(&mut e, "countlib E6"), "vertex must not be empty");
    for bad in ["countlib", "countlib x", "countlib Z9", "countlib pass"] {
        assert_eq!(err(&mut e, bad), "invalid coordinate", "{bad}");
    }
    assert_eq!(ok(&mut e, "is_legal w B1"), "1");
    assert_eq!(ok(&mut e, "is_legal b E5"), "0", "occupied");
    assert_eq!(ok(&mut e, "is_legal black pass"), "1");
    play_all(&mut e, &["b B1"]);
    assert_eq!(ok(&mut e, "captures black"), "1");
    assert_eq!(ok(&mut e, "captures w"), "0");
    assert_eq!(ok(&mut e, "is_legal w A1"), "0", "suicide");
    assert_eq!(ok(&mut e, "is_legal b A1"), "1");
    for bad in [
        "is_legal",
        "is_legal b",
        "is_legal x A1",
        "is_legal b Z9",
        "is_legal b I1",
    ] {
        assert_eq!(err(&mut e, bad), "invalid color or coordinate", "{bad}");
    }
    for bad in ["captures", "captures x", "list_stones", "list_stones red"] {
        assert_eq!(err(&mut e, bad), "invalid color", "{bad}");
    }
}

#[test]
fn rulesets_other_than_classic_work_the_same_over_gtp() {
    for (name, score, handicapped) in [
        ("tromp-taylor", "B+80.5", "B+80.5"),
        ("chinese", "B+80.5", "B+80.5"),
        ("japanese", "B+79.5", "B+78.5"),
        ("egf", "B+79.5", "B+78.5"),
    ] {
        let mut e = engine(name, 9);
        ok(&mut e, "komi 0.5");
        play_all(&mut e, &["b E5", "w pass"]);
        assert_eq!(ok(&mut e, "final_score"), score, "{name}");
        assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty", "{name}");
        ok(&mut e, "clear_board");
        assert_eq!(ok(&mut e, "fixed_handicap 2"), "C3 G7", "{name}");
        assert_eq!(
            ok(&mut e, "final_score"),
            handicapped,
            "{name}: komi stays 0.5"
        );
    }
}

#[test]
fn a_gui_session() {
    // What Sabaki and GoGui send when a game starts, then a few moves with undo.
    let input =
        "protocol_version\nname\nversion\nlist_commands\nboardsize 19\nclear_board\nkomi 6.5\n\
                 play B Q16\ngenmove W\nundo\nundo\ngenmove B\nplay W D4\nshowboard\nquit\n";
    let mut out = Vec::new();
    run_seeded(input.as_bytes(), &mut out, rules("japanese"), 3).unwrap();
    let out = String::from_utf8(out).unwrap();
    let responses: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(responses.len(), 15, "{out}");
    assert!(responses.iter().all(|r| r.starts_with('=')), "{out}");
}

#[test]
fn no_input_line_makes_it_panic() {
    // No `printsgf`: with a random argument it would write files (it is tested on its own above).
    let words = [
        "play",
        "genmove",
        "boardsize",
        "komi",
        "undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "is_legal",
        "list_stones",
        "captures",
        "countlib",
        "showboard",
        "clear_board",
        "known_command",
        "loadsgf",
        "time_left",
        "b",
        "w",
        "black",
        "white",
        "pass",
        "A1",
        "T19",
        "Z25",
        "j10",
        "I9",
        "0",
        "1",
        "2",
        "3",
        "9",
        "19",
        "25",
        "26",
        "-1",
        "6.5",
        "nan",
        "alive",
        "seki",
        "dead",
        "#",
        "\t",
        "\x00",
        "é",
        "99999999999999999999",
    ];
    let mut rng = Rng::new(42);
    for name in ["classic", "tromp-taylor", "chinese"] {
        let mut e = Engine::new(rules(name), 7).unwrap();
        ok(&mut e, "boardsize 5");
        for _ in 0..30_000 {
            let n = 1 + rng.below(4);
            let mut line: Vec<String> = (0..n)
                .map(|_| words[rng.below(words.len())].to_string())
                .collect();
            if rng.below(20) == 0 {
                line.push(
                    (0..rng.below(8))
                        .map(|_| (rng.below(128) as u8) as char)
                        .collect(),
                );
            }
            // Keep the board small: boardsize is applied only with small sizes.
            if line
                .windows(2)
                .any(|w| w[0] == "boardsize" && w[1].parse::<u32>().is_ok_and(|v| v > 9))
            {
                continue;
            }
            let line = line.join(" ");
            if let Some(r) = e.execute(&line) {
                assert!(
                    r.starts_with('=') || r.starts_with('?'),
                    "{line:?} -> {r:?}"
                );
                assert!(
                    r.ends_with("\n\n") && !r[..r.len() - 2].contains("\n\n"),
                    "{line:?} -> {r:?}"
                );
            }
            e.game()
                .board()
                .check_invariants(e.game().topology())
                .unwrap();
        }
    }
}
