//! A simple one-ply player: it wins if it can, else blocks the opponent's five, else makes an open four
//! (or a double four), else blocks the point where the opponent would make one, else plays the point that
//! best extends its own rows and cuts the opponent's. It only ever plays moves [`Game::check`] accepts, so
//! it never plays an illegal move (renju forbidden points included).

use crate::game::Gomoku;
use crate::layout;
use crate::moves::Move;
use crate::shapes::{self, Stones};
use stones_core::{Colour, Game, Point};

/// Weight of a window holding this many stones of one colour (before the new one) and none of the other.
const WINDOW: [i64; 5] = [1, 8, 60, 400, 2_000];
/// Weight of each tier of urgency; far above anything the windows add up to.
const TIER: i64 = 1 << 32;

/// The move this player chooses for the side to move, or `None` when the game is over.
pub fn choose(game: &Gomoku) -> Option<Move> {
    if !matches!(game.status(), stones_core::Status::Ongoing) {
        return None;
    }
    let me = game.to_move();
    let near = stones_nearby(game);
    // Ties go to the point nearest the centre (the centre itself on an empty board).
    let mut best: Option<((i64, i32), Point)> = None;
    for p in game.topology().points() {
        if near.as_ref().is_some_and(|n| !n[p.idx()]) || game.check(Move::Place(p)).is_err() {
            continue;
        }
        let value = (
            value(game, p, me),
            -(game.layout().centre_distance(p) as i32),
        );
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, p));
        }
    }
    if let Some((_, p)) = best {
        return Some(Move::Place(p));
    }
    // Nothing legal near the stones (an opening rule, a crowded board): any legal point, else pass.
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|m| matches!(m, Move::Place(_)))
        .or_else(|| moves.first().copied())
}

/// Per point, whether a stone lies within two lines of it; `None` on an empty board (any point will do).
fn stones_nearby(game: &Gomoku) -> Option<Vec<bool>> {
    let topo = game.topology();
    let mut near = vec![false; topo.len()];
    let mut any = false;
    for p in topo.points() {
        if game.stone(p).is_none() {
            continue;
        }
        any = true;
        let (x, y) = topo.xy(p);
        for dy in -2..=2 {
            for dx in -2..=2 {
                if let Some(q) = topo.at(x as i32 + dx, y as i32 + dy) {
                    near[q.idx()] = true;
                }
            }
        }
    }
    any.then_some(near)
}

/// How much `me` wants to play the empty point `p`: the urgency tier (see [`tier`]) far above the
/// open windows through `p`, its own and the opponent's.
pub(crate) fn value(game: &Gomoku, p: Point, me: Colour) -> i64 {
    tier(game, p, me) * TIER + window_value(game, p, me)
}

/// The windows part of [`value`]: own open windows through `p` count 5, the opponent's 4.
pub(crate) fn window_value(game: &Gomoku, p: Point, me: Colour) -> i64 {
    5 * windows(game, p, me) + 4 * windows(game, p, me.opponent())
}

/// How urgent the empty point `p` is for `me`: 5 makes a five, 4 blocks one, 3 makes an open four
/// or a double four, 2 stops the opponent's, 0 otherwise.
pub(crate) fn tier(game: &Gomoku, p: Point, me: Colour) -> i64 {
    let opp = me.opponent();
    let mine = game.made(p, me);
    let theirs = game.made(p, opp);
    if mine.five {
        5
    } else if theirs.five {
        4
    } else if mine.four_that_wins() {
        3
    } else if theirs.four_that_wins() {
        2
    } else {
        0
    }
}

/// The sum of [`WINDOW`] over the open five-cell windows through `p`, by the `colour` stones they
/// already hold.
fn windows(game: &Gomoku, p: Point, colour: Colour) -> i64 {
    let stones = Stones::new(game.cells(), layout::cell(colour));
    let counts = shapes::windows(
        game.layout(),
        stones,
        game.layout().pad(p),
        game.profile(colour),
    );
    (1..=5).map(|k| WINDOW[k - 1] * counts[k] as i64).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GomokuRules;
    use stones_core::board_text::parse_board;

    /// A 9x9 game under builtin `rules` with `board` set up.
    fn game(rules: &str, board: &str, to_move: Colour) -> Gomoku {
        let rules = GomokuRules {
            size: stones_core::BoardSize::square(9),
            ..GomokuRules::builtin(rules).unwrap()
        };
        let mut g = Gomoku::new(rules).unwrap();
        let stones = parse_board(g.topology(), board).unwrap();
        g.set_position(&stones, to_move).unwrap();
        g
    }

    fn name(g: &Gomoku, m: Option<Move>) -> String {
        m.map(|m| g.move_text(m)).unwrap_or_default()
    }

    const BOARD: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . x x x x . . .
        . . . . . . . . .
        . o o o o . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn wins_first_then_blocks() {
        let g = game("freestyle", BOARD, Colour::Black);
        let m = choose(&g);
        assert!(
            ["B7", "G7"].contains(&name(&g, m).as_str()),
            "{}",
            name(&g, m)
        );
        let g = game("freestyle", BOARD, Colour::White);
        assert!(["A5", "F5"].contains(&name(&g, choose(&g)).as_str()));
    }

    #[test]
    fn blocks_a_five_threat() {
        let board = "
            . . . . . . . . .
            . . . . . . . . .
            . . x x x x o . .
            . . . . . . . . .
            . . . o . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let g = game("freestyle", board, Colour::White);
        assert_eq!(name(&g, choose(&g)), "B7");
    }

    #[test]
    fn blocks_an_open_three_before_it_becomes_an_open_four() {
        let board = "
            . . . . . . . . .
            . . . . . . . . .
            . . . x x x . . .
            . . . . . . . . .
            . . . . o . . . .
            . . . . . o . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let g = game("freestyle", board, Colour::White);
        assert!(["C7", "G7"].contains(&name(&g, choose(&g)).as_str()));
    }

    #[test]
    fn never_plays_a_renju_forbidden_point() {
        // The only point making Black's double-three is E5, and it is the point the windows like best.
        let board = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . x . . . .
            . . . . x . . . .
            . . x x . . . . .
            . . . . . . . . .
            . o . . . . . . o
            . . . . . o . . .";
        let mut g = game("renju", board, Colour::Black);
        let e4 = g.topology().parse_point("E4").unwrap();
        assert_eq!(g.foul(e4), Some(crate::Foul::DoubleThree));
        let m = choose(&g).unwrap();
        assert_ne!(m, Move::Place(e4));
        g.play(m).unwrap();
    }
}
