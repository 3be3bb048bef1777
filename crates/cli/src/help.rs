//! What the `play` prompt's `help` says: each game's own moves and notation, what applies now, and
//! the terminal's commands.

use crate::text_game::{AnyGame, TextGame};
use stones_core::{Game, Status};
use stones_dots::StopRule;
use stones_gomoku::{Opening, Overline};

/// The terminal's own commands, the same in every game.
pub const COMMANDS: &str = "commands: `undo` takes back your last move, `moves` shows the legal \
                            moves, `save PATH` writes the game (.sgf or .case), `help`, `quit` \
                            (`quit!` without asking)";

/// The help for `game` as it stands: its moves and notation, then the terminal's commands.
pub fn game_help(game: &AnyGame) -> String {
    let mut out = format!("stones {} ({})\n", game.game_name(), game.size_text());
    let points = game.notation_help();
    match game {
        AnyGame::GoGame(g) => {
            let passes = if g.rules().passes_to_end == 3 {
                "three"
            } else {
                "two"
            };
            out.push_str(&format!(
                "a move is {points}; or `pass`, or `resign`.\n\
                 {passes} passes in a row end play; then each player names stones to mark their \
                 chains dead (again to unmark) and says `done` (or `accept` after the other's \
                 `done`).\n"
            ));
            out.push_str(&format!("now: {}\n", g.moves_text()));
        }
        AnyGame::TrigoGame(g) => {
            out.push_str(&format!(
                "notation: {points}.\n\
                 Black opens with one stone on one point; every later move is two points joined \
                 by `+` or a space (`a1+b2`); or `pass`, or `resign`.\n\
                 two passes in a row end play; then each player names stones to mark their chains \
                 dead (again to unmark) and says `done` (or `accept` after the other's `done`).\n"
            ));
            out.push_str(&format!("now: {}\n", g.stage().moves_text()));
        }
        AnyGame::DotsGame(g) => {
            let stop = match g.rules().stop {
                StopRule::PlayOn => {
                    "`stop` ends your part: the other player moves on alone until it stops too"
                }
                StopRule::Grounding => {
                    "`stop` ends the game: dots not joined to the edge count as captured"
                }
            };
            out.push_str(&format!(
                "a move is {points}; {stop}; or `resign`. There is no pass.\n\
                 a dot enclosed by the other player's chain is captured.\n"
            ));
            let mover = g.player_to_move();
            if let (Some(stopped), Status::Ongoing) = (g.stopped(), g.game_status()) {
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
        }
        AnyGame::Gomoku(g) => {
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
            out.push_str(&format!(
                "a move is {points}; or `pass` (two in a row: a draw), or `resign`.\n\
                 {five}; {opening}.\n"
            ));
            if rules.black_double_three || rules.black_double_four {
                out.push_str("Black may not make a double three or a double four.\n");
            }
            if let Some(now) = g.opening_now() {
                out.push_str(&format!("now: {now}\n"));
            }
        }
    }
    if let Status::Over(_) = game.game_status() {
        out.push_str("now: the game is over; `undo` takes back the last move\n");
    }
    out.push_str(COMMANDS);
    wrap(&out, 100)
}

/// Wraps each line of `text` at spaces so that no line is longer than `width` characters (a
/// single longer word stays whole); continuation lines are indented by two spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut current = String::new();
        for word in line.split(' ') {
            let len = current.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                out.push(std::mem::replace(&mut current, format!("  {word}")));
            } else if len > 0 {
                current.push(' ');
                current.push_str(word);
            } else {
                current.push_str(word);
            }
        }
        out.push(current);
    }
    out.join("\n")
}

/// The games `stones play` knows, one line each (for `stones play --help` and a bare `stones play`).
pub fn games_list() -> String {
    use strum::IntoEnumIterator;
    let mut out = String::from("games:\n");
    for kind in crate::registry::GameKind::iter() {
        out.push_str(&format!("  {:<8} {}\n", kind.name(), kind.description()));
    }
    out.push_str("(`stones list` shows their rulesets)");
    out
}
