//! What the front ends say about a Gomoku game: its help, what a move did, the result in words.

use crate::{Gomoku, Move, Opening, Overline};
use stones_core::{Colour, Game, Outcome, Status};

/// The moves, the win rule, the opening rule and what it allows now.
pub fn help(g: &Gomoku) -> String {
    let rules = g.rules();
    let five = match (rules.black_overline, rules.white_overline) {
        (Overline::Win, Overline::Win) => "five or more in a row win",
        (Overline::Forbidden, _) => {
            "five in a row wins; Black's six or more is forbidden, White's wins"
        }
        _ => "exactly five in a row wins (six or more does not)",
    };
    let opening = match rules.opening {
        Opening::Standard => {
            "opening: move 1 on the centre, move 2 inside the central 5x5, move 3 outside \
             it, no pass before move 4"
        }
        Opening::Renju => {
            "opening: move 1 on the centre, move 2 inside the central 3x3, move 3 inside \
             the central 5x5, no pass before move 4"
        }
        Opening::None => "no opening rule",
    };
    let mut out = format!(
        "a move is {}; or `pass` (two in a row: a draw), or `resign`.\n\
         {five}; {opening}.\n",
        g.topology().describe_notation()
    );
    if rules.black_double_three || rules.black_double_four {
        out.push_str("Black may not make a double three or a double four.\n");
    }
    if let Some(now) = g.opening_now() {
        out.push_str(&format!("now: {now}\n"));
    }
    out
}

/// A pass (another ends the game in a draw), an overline that does not win.
pub fn move_notes(g: &Gomoku, mover: Colour, mv: Move) -> Vec<String> {
    let ongoing = g.status() == Status::Ongoing;
    match mv {
        Move::Pass if ongoing => vec![format!(
            "{} passes (a pass in reply ends the game in a draw)",
            mover.title()
        )],
        Move::Pass => vec![format!("{} passes", mover.title())],
        Move::Place(p) if ongoing && g.line_through(p) > 5 => vec![format!(
            "{} in a row is an overline: it does not win for {}",
            g.line_through(p),
            mover.title()
        )],
        _ => Vec::new(),
    }
}

/// `Black wins with five in a row`, and a draw without a count of points.
pub fn outcome_words(outcome: &Outcome) -> Option<String> {
    stones_core::talk::row_outcome_words(outcome, "five in a row")
}
