//! The Gomocup brain through its protocol ([`stones_gomoku::gomocup::run_brain`] over in-memory input
//! and output): blocked points of a `BOARD` survive whatever rebuilds the position; over-long lines
//! and long bad input get short errors.

use stones_core::input::MAX_LINE;
use stones_gomoku::gomocup::run_brain;

/// The brain's reply lines to `input`.
fn talk(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    run_brain(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A 15x15 `BOARD` where the brain (field 1, Black: both sides have four stones) has four in a row
/// on 0,0 … 3,0 and the only point that would make it five, 4,0, is blocked (field 3).
const FOUR_AGAINST_A_BLOCK: &str = "START 15\nBOARD\n\
    0,0,1\n1,0,1\n2,0,1\n3,0,1\n\
    10,10,2\n12,10,2\n10,12,2\n12,12,2\n\
    4,0,3\nDONE\n";

/// Asserts that the replies are `OK` for START, then moves only, none on the blocked point 4,0.
fn assert_never_on_the_block(replies: &[String], moves: usize) {
    assert_eq!(replies.len(), 1 + moves, "{replies:?}");
    assert_eq!(replies[0], "OK", "{replies:?}");
    for reply in &replies[1..] {
        assert!(reply.split_once(',').is_some(), "{replies:?}");
        assert_ne!(
            reply, "4,0",
            "the brain played a blocked point: {replies:?}"
        );
    }
}

#[test]
fn a_blocked_point_stays_blocked_after_a_rule_change() {
    let replies = talk(&format!(
        "{FOUR_AGAINST_A_BLOCK}INFO rule 1\nTURN 14,14\nINFO rule 0\nTURN 14,13\nEND\n"
    ));
    assert_never_on_the_block(&replies, 3);
}

#[test]
fn a_blocked_point_stays_blocked_after_a_takeback() {
    // 10,10 is not the last move (the brain's reply is), so the position is rebuilt without it.
    let replies = talk(&format!(
        "{FOUR_AGAINST_A_BLOCK}TAKEBACK 10,10\nTURN 10,10\nEND\n"
    ));
    assert_eq!(replies[2], "OK", "{replies:?}");
    let moves: Vec<String> = [&replies[..2], &replies[3..]].concat();
    assert_never_on_the_block(&moves, 2);
}

#[test]
fn the_opponent_may_not_play_a_blocked_point() {
    let replies = talk(&format!(
        "{FOUR_AGAINST_A_BLOCK}INFO rule 1\nTURN 4,0\nEND\n"
    ));
    assert!(
        replies[2].starts_with("ERROR opponent's move 4,0 refused"),
        "{replies:?}"
    );
}

#[test]
fn an_over_long_line_is_refused_and_the_session_goes_on() {
    let huge = "X".repeat(10 << 20);
    let exact = format!("START{}15", " ".repeat(MAX_LINE - 7));
    let replies = talk(&format!("{huge}\r\n{exact}\r\nSTART {huge}\nBEGIN\nEND\n"));
    let too_long = "ERROR line too long (at most 65536 bytes)";
    assert_eq!(replies, [too_long, "OK", too_long, "7,7"]);
}

#[test]
fn an_over_long_line_inside_board_makes_the_board_bad() {
    let replies = talk(&format!(
        "START 15\nBOARD\n7,7,1\n{}\n8,8,2\nDONE\nTURN 0,0\nEND\n",
        "9".repeat(MAX_LINE + 1)
    ));
    assert_eq!(
        replies[..2],
        ["OK", "ERROR BOARD line too long (at most 65536 bytes)"]
    );
    assert!(replies[2].split_once(',').is_some(), "{replies:?}");
}

#[test]
fn errors_quote_at_most_100_characters_of_bad_input() {
    let long = "Q".repeat(5000);
    let replies = talk(&format!(
        "{long}\nSTART {long}\nRECTSTART {long}\nINFO rule {long}\nSTART 15\nTURN {long}\n\
         BOARD\n{long}\nDONE\nEND\n"
    ));
    assert_eq!(replies.len(), 7, "{replies:?}");
    let quoted = format!("'{}…' (5000 bytes)", "Q".repeat(100));
    for (reply, start) in replies.iter().zip([
        "UNKNOWN command ",
        "ERROR START needs a board size, got ",
        "ERROR RECTSTART needs width,height, got ",
        "ERROR INFO rule needs a number, got ",
        "OK",
        "ERROR expected x,y, got ",
        "ERROR bad BOARD line ",
    ]) {
        if start != "OK" {
            assert!(reply.starts_with(start), "{reply}");
            assert!(reply.contains(&quoted), "{reply}");
            assert!(reply.len() < 250, "{reply}");
        }
    }
}
