//! Set-ups the unit tests of several modules share.

use crate::{Gomoku, GomokuRules};
use stones_core::{Colour, Game};

/// A 15x15 game under builtin `rules` with Black's and White's stones on the named points.
pub(crate) fn game(rules: &str, black: &str, white: &str, to_move: Colour) -> Gomoku {
    let mut g = Gomoku::new(GomokuRules::builtin(rules).unwrap()).unwrap();
    let topo = g.topology().clone();
    let mut stones = vec![None; topo.len()];
    for (names, c) in [(black, Colour::Black), (white, Colour::White)] {
        for name in names.split_whitespace() {
            stones[topo.parse_point(name).unwrap().idx()] = Some(c);
        }
    }
    g.set_position(&stones, to_move).unwrap();
    g
}
