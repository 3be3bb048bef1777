//! Saying what happened at the terminal: what a move did (a pass, a STOP, captures, the ko point, an
//! overline that does not win), the score while dead stones are marked, and the result in words with
//! its breakdown.

use crate::text_game::{AnyGame, TextGame};
use stones_core::{fmt_points, Colour, Game, Score, Status};
use stones_dots::StopRule;
use stones_go::Scoring;

/// What a move just played (`mv`, by `mover`) did, beyond putting its stone: one short clause each
/// (`captures 3`, `ko: White may not take back at once at C4`). `before` are the captures before it.
pub fn move_effects(game: &AnyGame, mover: Colour, mv: &str, before: [u32; 2]) -> Vec<String> {
    let other = mover.opponent();
    let mut said = Vec::new();
    match mv {
        "pass" => {
            let passes = match game {
                AnyGame::GoGame(g) => Some(g.passes()),
                AnyGame::TrigoGame(g) => Some(g.passes()),
                AnyGame::Gomoku(_) if game.game_status() == Status::Ongoing => Some((1, 2)),
                AnyGame::Gomoku(_) => None,
                AnyGame::DotsGame(_) => None,
            };
            let more = match passes {
                Some(_) if matches!(game, AnyGame::Gomoku(_)) => {
                    " (a pass in reply ends the game in a draw)".to_string()
                }
                Some((done, end)) if game.game_status() == Status::Ongoing && done < end => {
                    match end - done {
                        1 => " (one more pass ends play)".to_string(),
                        n => format!(" ({n} more passes in a row end play)"),
                    }
                }
                _ => String::new(),
            };
            said.push(format!("{} passes{more}", name(mover)));
        }
        "stop" => said.push(match game {
            AnyGame::DotsGame(g) if g.rules().stop == StopRule::PlayOn => {
                if game.game_status() == Status::Ongoing {
                    format!(
                        "{} says STOP: {} now moves alone until it stops too",
                        name(mover),
                        name(other)
                    )
                } else {
                    format!("{} says STOP too", name(mover))
                }
            }
            _ => format!("{} says STOP", name(mover)),
        }),
        _ => {}
    }
    let after = game.capture_counts();
    for c in [mover, other] {
        let gained = after[c.idx()].saturating_sub(before[c.idx()]);
        if gained > 0 {
            said.push(format!("{} captures {gained}", name(c)));
        }
    }
    match game {
        AnyGame::GoGame(g) => {
            if let Some(p) = g.ko_point() {
                said.push(format!(
                    "ko: {} may not take back at once at {}",
                    name(game.player_to_move()),
                    game.point_name(p.idx())
                ));
            }
        }
        AnyGame::Gomoku(g) => {
            if let Some(stones_gomoku::Move::Place(p)) = g.last_move() {
                let line = g.line_through(p);
                if line > 5 && game.game_status() == Status::Ongoing {
                    said.push(format!(
                        "{line} in a row is an overline: it does not win for {}",
                        name(mover)
                    ));
                }
            }
        }
        _ => {}
    }
    said
}

/// The marking step in words: the score as it stands with the marks made so far.
pub fn score_now(game: &AnyGame) -> String {
    let score = game.current_score();
    format!(
        "score as it stands: black {}, white {}",
        fmt_points(score.black),
        fmt_points(score.white)
    )
}

/// The result of a finished game in words, with its breakdown when it is a count of points:
/// `Black wins by 3.5 points (B+3.5)` and a line per player; `White wins by resignation`;
/// `Black wins with five in a row`. `None` while the game goes on.
/// `status` is where the game stands at the terminal (a loss on time is the terminal's).
pub fn result_text(game: &AnyGame, status: &Status) -> Option<String> {
    let Status::Over(outcome) = status.clone() else {
        return None;
    };
    let result = outcome.result;
    let winner = outcome.winner.map(name);
    let text = match (winner, result.split_once('+')) {
        (Some(w), Some((_, "R"))) => format!("{w} wins by resignation"),
        (Some(w), Some((_, "T"))) => format!("{w} wins on time ({result})"),
        (Some(w), Some((_, "F"))) => format!("{w} wins: the other player failed"),
        (Some(w), Some((_, "5"))) if matches!(game, AnyGame::Gomoku(_)) => {
            format!("{w} wins with five in a row")
        }
        (Some(w), Some((_, margin))) => {
            let unit = if margin == "1" { "point" } else { "points" };
            format!(
                "{w} wins by {margin} {unit} ({result})\n{}",
                breakdown(game)
            )
        }
        (None, _) => {
            let why = result.strip_prefix("Draw").unwrap_or(&result).trim();
            let draw = if why.is_empty() {
                "a draw".to_string()
            } else {
                format!("a draw {why}")
            };
            match game {
                AnyGame::Gomoku(_) => draw,
                _ => format!("{draw}\n{}", breakdown(game)),
            }
        }
        _ => result.clone(),
    };
    Some(text)
}

/// How the points were made, one line per player.
pub fn breakdown(game: &AnyGame) -> String {
    let score = game.current_score();
    let line = |c: Colour, parts: Vec<String>, total: f64| {
        format!("  {:<5}: {} = {}", c, parts.join(" + "), fmt_points(total))
    };
    let komi = |c: Colour, k: f64| {
        (c == Colour::White && k != 0.0).then(|| format!("komi {}", fmt_points(k)))
    };
    let total = |c: Colour, s: &Score| match c {
        Colour::Black => s.black,
        Colour::White => s.white,
    };
    let lines: Vec<String> = [Colour::Black, Colour::White]
        .into_iter()
        .map(|c| {
            let (i, o) = (c.idx(), c.opponent().idx());
            let mut parts = match game {
                AnyGame::GoGame(g) => {
                    let count = g.count();
                    match g.rules().scoring {
                        Scoring::Area => vec![
                            format!("stones {}", count.stones[i]),
                            format!("territory {}", count.territory[i]),
                        ],
                        Scoring::Territory => vec![
                            format!("territory {}", count.territory_outside_seki[i]),
                            format!("captures {}", game.capture_counts()[i]),
                            format!("dead stones {}", count.dead[o]),
                        ],
                    }
                }
                AnyGame::TrigoGame(g) => {
                    let count = g.count();
                    vec![
                        format!("territory {}", count.territory[i]),
                        format!("captures {}", game.capture_counts()[i]),
                        format!("dead stones {}", count.dead[o]),
                    ]
                }
                AnyGame::DotsGame(_) => {
                    let captured = game.capture_counts()[i];
                    let mut parts = vec![format!("dots captured {captured}")];
                    let rest = total(c, &score) - captured as f64;
                    if rest != 0.0 {
                        parts.push(format!("ungrounded dots {}", fmt_points(rest)));
                    }
                    parts
                }
                AnyGame::Gomoku(_) => vec![],
            };
            if let Some(k) = game.komi_points().and_then(|k| komi(c, k)) {
                parts.push(k);
            }
            if parts.is_empty() {
                parts.push("0".into());
            }
            line(c, parts, total(c, &score))
        })
        .collect();
    lines.join("\n")
}

/// `Black` or `White`, as a sentence starts.
pub fn name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}
