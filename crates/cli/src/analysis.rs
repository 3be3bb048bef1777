//! The search's view of a whole game: Black's chance after every move, read by a fixed number of
//! playouts at each position, and the graph of it (`stones replay --plot`).

use crate::cli::RulesArgs;
use crate::registry::{parse_overrides, GameKind};
use crate::text_game::{AnyGame, Brain, TextThought};
use std::path::Path;
use stones_ai::SearchOptions;
use stones_core::plot::LineChart;
use stones_core::{Colour, Status};

/// The start of a game to analyse and its moves: from a case file or SGF record (its setup
/// included), or a game name with its moves.
pub fn game_and_moves(
    target: &str,
    moves: Option<&[String]>,
    rules: &RulesArgs,
) -> Result<(AnyGame, Vec<String>), String> {
    if let Some(moves) = moves {
        let kind = GameKind::parse(target)?;
        let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
        let (game, _) = kind
            .create(rules.ruleset.as_deref(), &overrides)
            .map_err(|e| e.to_string())?;
        return Ok((game, moves.to_vec()));
    }
    let loaded = crate::save::load(Path::new(target), rules)?;
    let kind = GameKind::parse(loaded.game.game_name())?;
    let overrides = parse_overrides(&loaded.info.set).map_err(|e| e.to_string())?;
    let (mut start, _) = kind
        .create(Some(&loaded.info.ruleset), &overrides)
        .map_err(|e| e.to_string())?;
    if let Some((board, to_move)) = &loaded.info.setup {
        start
            .setup_text(board, *to_move)
            .map_err(|e| e.to_string())?;
    }
    Ok((start, loaded.history.into_iter().map(|(_, m)| m).collect()))
}

/// Black's chance in the start position and after each move that is played (a refused move ends
/// the list), by `playouts` playouts of the search at each (seeded, so the same game reads the
/// same). A finished game's last position counts its result (once play has stopped, the score as
/// it stands): 1, 0 or ½.
pub fn win_rates(start: &AnyGame, moves: &[String], playouts: u64) -> Vec<f64> {
    let options = SearchOptions {
        playouts: Some(playouts.max(1)),
        seed: Some(1),
        threads: 1,
        ..SearchOptions::default()
    };
    let mut game = start.clone();
    let mut rates = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let rate = match game.game_status() {
            Status::Over(outcome) => match outcome.winner {
                Some(Colour::Black) => 1.0,
                Some(Colour::White) => 0.0,
                None => 0.5,
            },
            // Play has stopped (Go's marking step): the score as it stands.
            Status::Scoring => match game.current_score().winner() {
                Some(Colour::Black) => 1.0,
                Some(Colour::White) => 0.0,
                None => 0.5,
            },
            Status::Ongoing => {
                let t = game.think(&options, &mut Brain::default(), &mut |_| {});
                black_chance(&t, game.player_to_move())
            }
        };
        rates.push(rate);
        if i == moves.len() || game.play_text(&moves[i]).is_err() {
            break;
        }
    }
    rates
}

/// Black's chance as a search for `mover` reads it: a proof as it stands; else the mean over the
/// playouts, which the best of noisy moves would overrate for whoever is to move.
pub fn black_chance(t: &TextThought, mover: Colour) -> f64 {
    let chance = f64::from(if t.proven { t.win_rate } else { t.mean });
    match mover {
        Colour::Black => chance,
        Colour::White => 1.0 - chance,
    }
}

/// The win-rate graph of `rates` for the game `name`, as SVG.
pub fn win_rate_svg(name: &str, rates: &[f64], playouts: u64) -> String {
    let title = format!("{name}: Black's chance after each move ({playouts} playouts a position)");
    LineChart::win_rates(&title, rates).svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_position_reads_won_and_the_list_stops_at_a_refused_move() {
        let (start, moves) = game_and_moves(
            "gomoku",
            Some(&["H8", "A1", "H9", "A2", "H10", "A3", "H11", "A4", "H12"].map(String::from)),
            &RulesArgs {
                ruleset: None,
                set: vec!["opening=none".into()],
            },
        )
        .unwrap();
        let rates = win_rates(&start, &moves, 50);
        assert_eq!(rates.len(), 10, "the start and nine moves");
        assert_eq!(rates[9], 1.0, "Black has five");
        assert!(rates.iter().all(|r| (0.0..=1.0).contains(r)));
        let bad = ["H8", "H8", "A1"].map(String::from);
        assert_eq!(
            win_rates(&start, &bad, 20).len(),
            2,
            "stops at the occupied H8"
        );
    }
}
