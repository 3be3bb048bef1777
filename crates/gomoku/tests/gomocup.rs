//! The Gomocup brain through its protocol ([`stones_gomoku::gomocup::run_brain`] over in-memory input
//! and output): blocked points of a `BOARD` survive whatever rebuilds the position; over-long lines
//! and long bad input get short errors.

use stones_core::input::MAX_LINE;
use stones_gomoku::gomocup::replies as talk;

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

/// A session as c-gomoku-cli (nkg114mc/c-gomoku-cli) speaks it, taken from its `-debug` log with
/// `-rule 4 -sendbyboard`, an opening and the Yixin extensions: `INFO rule` comes after `START`,
/// `INFO time_left 2147483647` stands for no match limit, every turn is a full `BOARD` whose last
/// mover is field 2, and a second game reuses the brain with a new `START`. Only ABOUT, START and
/// the turns are answered; every INFO, known or not, is silent.
#[test]
fn a_c_gomoku_cli_session() {
    let replies = talk(
        "ABOUT\nSTART 15\nINFO rule 4\nINFO timeout_turn 100\nINFO timeout_match 0\n\
         INFO max_depth 4\nINFO max_node 5000\nINFO max_memory 367001600\nINFO thread_num 2\n\
         INFO foo bar\nINFO time_left 2147483647\n\
         BOARD\n7,7,2\n8,8,1\n6,8,2\nDONE\n\
         INFO time_left 2147483647\n\
         BOARD\n7,7,2\n8,8,1\n6,8,2\n9,10,1\n8,6,2\nDONE\n\
         START 15\nINFO rule 0\nINFO timeout_turn 100\nINFO timeout_match 0\n\
         INFO max_memory 367001600\nINFO time_left 2147483647\nBEGIN\nEND\n",
    );
    assert_eq!(replies.len(), 6, "{replies:?}");
    assert!(replies[0].starts_with("name=\"stones\""), "{replies:?}");
    assert_eq!(replies[1], "OK");
    // Each BOARD is a whole position: the first has three stones, the second five.
    let taken = ["7,7", "8,8", "6,8", "9,10", "8,6"];
    for (reply, stones) in [(&replies[2], 3), (&replies[3], 5)] {
        let (x, y) = reply.split_once(',').expect("a move x,y");
        assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
        assert!(!taken[..stones].contains(&reply.as_str()), "{replies:?}");
    }
    assert_eq!(replies[4], "OK");
    assert_eq!(replies[5], "7,7", "the second game starts empty");
}
