//! What the front ends say about a Hex game: its help, what a swap did, the result in words.

use crate::{HexGame, Move};
use stones_core::{Colour, Game, Outcome};

/// The moves, who joins which sides, and the swap rule when it is on.
pub fn help(g: &HexGame) -> String {
    let mut out = format!(
        "a move is {}; or `resign`. There is no pass, and never a draw.\n\
         Black joins the top and bottom rows, White the left and right columns.\n",
        g.topology().describe_notation()
    );
    if g.rules().swap {
        out.push_str(
            "swap rule: White's first move may be `swap` (swap-pieces): Black's stone becomes \
             White's, mirrored across the a1 diagonal, and Black moves.\n",
        );
    }
    if g.swap_allowed() {
        out.push_str("now: White may swap\n");
    }
    out
}

/// A swap, in words.
pub fn move_notes(mover: Colour, mv: Move) -> Vec<String> {
    match mv {
        Move::Swap => vec![format!(
            "{} swaps: Black's first stone is now White's, on its mirror cell",
            mover.title()
        )],
        _ => Vec::new(),
    }
}

/// `Black wins by joining top and bottom (B+)`.
pub fn outcome_words(outcome: &Outcome) -> Option<String> {
    let sides = match outcome.winner? {
        Colour::Black => "top and bottom",
        Colour::White => "left and right",
    };
    let title = outcome.winner?.title();
    (outcome.result.ends_with('+'))
        .then(|| format!("{title} wins by joining {sides} ({})", outcome.result))
}
