//! `stones gtp --game GAME`'s `final_score` before the end (issue 37, point 5): a game with no
//! points to count (Hex, Gomoku, Connect6) answers that the game is not over, as a GTP error;
//! Go counts the board as it stands, as GNU Go does.

mod common;

/// The responses of `stones gtp ARGS` to `session`, one string per response.
fn gtp(args: &[&str], session: &str) -> Vec<String> {
    let out = common::stones(&[&["gtp"], args].concat(), session);
    assert!(out.status.success(), "{args:?}");
    let text = common::text(&out.stdout);
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn final_score_of_an_unfinished_game_without_points_is_an_error() {
    // Gomoku's standard opening puts the first stone on the centre.
    for (game, first) in [("hex", "c3"), ("gomoku", "h8"), ("connect6", "c3")] {
        let session = format!("1 final_score\n2 play black {first}\n3 final_score\n");
        let replies = gtp(&["--game", game], &session);
        let not_over = |id| format!("?{id} cannot score: the game is not over");
        assert_eq!(replies, [not_over(1), "=2 ".into(), not_over(3)], "{game}");
    }
}

#[test]
fn go_counts_the_board_as_it_stands() {
    let replies = gtp(&["--set", "size=9"], "1 play black e5\n2 final_score\n");
    assert_eq!(replies[0], "=1 ");
    assert!(replies[1].starts_with("=2 B+"), "{replies:?}");
}
