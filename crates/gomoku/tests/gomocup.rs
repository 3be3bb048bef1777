//! The Gomocup brain through its protocol ([`stones_gomoku::gomocup::run_brain`] over in-memory input
//! and output): blocked points of a `BOARD` survive whatever rebuilds the position.

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
