//! Writing game records in the shape every stones SGF writer shares: a root node with the board size,
//! the rules and the result, then one node per move, the colours alternating.

use crate::colour::Colour;
use crate::game::Status;
use crate::rules::BoardSize;
use crate::sgf::Node;

/// The root node of a record: `first` (such as `GM[4]`), then `FF[4]`, `CA[UTF-8]`, `AP[stones:…]`,
/// `SZ` (`15`, or `15:20` when not square), `RU[rule]` and, for a finished game, `RE` (its result,
/// `0` for a draw: [`crate::sgf_result::re_value`]).
pub fn root(first: &[(&str, &str)], size: BoardSize, rule: &str, status: &Status) -> Node {
    let mut root = Node::default();
    for (ident, value) in first {
        root.push(ident, vec![value.to_string()]);
    }
    root.push("FF", vec!["4".into()]);
    root.push("CA", vec!["UTF-8".into()]);
    root.push("AP", vec![format!("stones:{}", env!("CARGO_PKG_VERSION"))]);
    let sz = match size.is_square() {
        true => size.width.to_string(),
        false => format!("{}:{}", size.width, size.height),
    };
    root.push("SZ", vec![sz]);
    root.push("RU", vec![rule.to_string()]);
    if let Status::Over(outcome) = status {
        root.push("RE", vec![crate::sgf_result::re_value(outcome)]);
    }
    root
}

/// One node per move value, `B[…]` and `W[…]` alternating, from the colour that made the first of
/// `played` moves when `to_move` is to play now (every move passes the turn).
pub fn move_nodes(
    to_move: Colour,
    played: usize,
    values: impl IntoIterator<Item = String>,
) -> Vec<Node> {
    let mut colour = match played % 2 {
        1 => to_move.opponent(),
        _ => to_move,
    };
    let mut nodes = Vec::new();
    for value in values {
        let mut node = Node::default();
        node.push(&colour.letter().to_string(), vec![value]);
        nodes.push(node);
        colour = colour.opponent();
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;

    #[test]
    fn roots_and_moves_as_records_write_them() {
        let over = Status::Over(Outcome {
            winner: None,
            result: "Draw (board full)".into(),
        });
        let size = BoardSize {
            width: 15,
            height: 20,
        };
        let mut nodes = vec![root(&[("GM", "4")], size, "standard", &over)];
        nodes.extend(move_nodes(
            Colour::Black,
            3,
            ["aa", "", "bb"].map(String::from),
        ));
        let text = crate::sgf::write(&nodes);
        let version = env!("CARGO_PKG_VERSION");
        let want = format!(
            "(;GM[4]FF[4]CA[UTF-8]AP[stones:{version}]SZ[15:20]RU[standard]RE[0];W[aa];B[];W[bb])\n"
        );
        assert_eq!(text, want);
        let won = Status::Over(Outcome::resignation(Colour::Black));
        let root = root(&[], BoardSize::square(9), "x", &won);
        assert_eq!(root.first("RE"), Some("W+R"));
        assert_eq!(root.first("SZ"), Some("9"));
        assert!(root.get("GM").is_none() && root.get("RE").is_some());
        assert!(move_nodes(Colour::White, 2, Vec::new()).is_empty());
    }
}
