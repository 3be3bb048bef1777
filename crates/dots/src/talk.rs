//! What the front ends say about a Dots game: its help, what a move did, how the points are made.

use crate::{DotsGame, DotsMove, StopRule};
use stones_core::talk::captures_said;
use stones_core::{Colour, Game, Status};

/// The moves, what STOP does, and what applies now: moving alone after a STOP, the first-move zone.
pub fn help(g: &DotsGame) -> String {
    let stop = match g.rules().stop {
        StopRule::PlayOn => {
            "`stop` ends your part: the other player moves on alone until it stops too"
        }
        StopRule::Grounding => {
            "`stop` ends the game: dots not joined to the edge count as captured"
        }
    };
    let mut out = format!(
        "a move is {}; {stop}; or `resign`. There is no pass.\n\
         a dot enclosed by the other player's chain is captured.\n",
        g.topology().describe_notation()
    );
    let mover = g.to_move();
    if let (Some(stopped), Status::Ongoing) = (g.stopped(), g.status()) {
        out.push_str(&format!(
            "now: {stopped} has said STOP; {} moves on alone until it stops too\n",
            stopped.opponent()
        ));
    }
    if let Some(zone) = g.zone_now(mover) {
        out.push_str(&format!(
            "now: {mover}'s first dot goes in the first-move zone ({zone})\n"
        ));
    }
    out
}

/// A STOP and what follows it, then the captures.
pub fn move_notes(g: &DotsGame, mover: Colour, mv: DotsMove, before: [u32; 2]) -> Vec<String> {
    let mut said = Vec::new();
    if mv == DotsMove::Stop {
        let (me, other) = (mover.title(), mover.opponent().title());
        said.push(match (g.rules().stop, g.status()) {
            (StopRule::PlayOn, Status::Ongoing) => {
                format!("{me} says STOP: {other} now moves alone until it stops too")
            }
            (StopRule::PlayOn, _) => format!("{me} says STOP too"),
            _ => format!("{me} says STOP"),
        });
    }
    said.extend(captures_said(mover, before, g.captures()));
    said
}

/// Dots captured, and what the end of the game adds (ungrounded dots).
pub fn score_parts(g: &DotsGame, c: Colour) -> Vec<String> {
    let captured = g.captures()[c.idx()];
    let score = g.score();
    let total = match c {
        Colour::Black => score.black,
        Colour::White => score.white,
    };
    let mut parts = vec![format!("dots captured {captured}")];
    let rest = total - captured as f64;
    if rest != 0.0 {
        parts.push(format!("ungrounded dots {}", stones_core::fmt_points(rest)));
    }
    parts
}

/// While the other player has said STOP and the game goes on: the seconds to move alone.
pub fn alone_seconds(g: &DotsGame) -> Option<u64> {
    let alone = g.stopped().is_some() && g.status() == Status::Ongoing;
    alone.then_some(g.rules().stop_time as u64)
}
