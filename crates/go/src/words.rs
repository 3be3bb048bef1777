//! The move words Go and TriGo read alike: `pass`, `resign`, `done`, and `dead <point>` for a mark
//! in the dead-stone step (any case).

/// `text` (trimmed) as `pass`, `resign` or `done`, any case: the game's own move from `moves`
/// (`[pass, resign, done]`); `None` for any other text.
pub fn word_move<M: Copy>(text: &str, moves: [M; 3]) -> Option<M> {
    let [pass, resign, done] = moves;
    match text.trim().to_ascii_lowercase().as_str() {
        "pass" => Some(pass),
        "resign" => Some(resign),
        "done" => Some(done),
        _ => None,
    }
}

/// The point's text after a leading `dead` word (`dead c3`, any case), as it stands; `None` when
/// `text` does not start with `dead` and a space.
pub fn dead_point(text: &str) -> Option<&str> {
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) if word.eq_ignore_ascii_case("dead") => Some(rest),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_in_any_case_and_nothing_else() {
        let moves = ["p", "r", "d"];
        assert_eq!(word_move(" PASS ", moves), Some("p"));
        assert_eq!(word_move("Resign", moves), Some("r"));
        assert_eq!(word_move("done", moves), Some("d"));
        assert_eq!(word_move("passed", moves), None);
        assert_eq!(word_move("a1", moves), None);
        assert_eq!(dead_point("DEAD c3"), Some("c3"));
        assert_eq!(dead_point("dead"), None);
        assert_eq!(dead_point("deadc3"), None);
        assert_eq!(dead_point("c3 d4"), None);
    }
}
