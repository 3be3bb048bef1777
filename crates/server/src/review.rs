//! Review and the computer's view in the page: the board after any move of a game, what the
//! computer thought of each of its moves, and the win-rate graph of the game so far (drawn by
//! [`stones_core::plot::LineChart`], as `stones replay --plot` draws it).

use super::games::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use stones_cli::analysis::black_chance;
use stones_cli::text_game::{AnyGame, TextThought};
use stones_core::plot::LineChart;
use stones_core::Colour;

/// What the computer thought of one of its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveThought {
    /// The move's number (1 the first).
    pub n: usize,
    pub player: Colour,
    /// The mover's win rate as the search reports it, 0–1.
    pub win_rate: f64,
    /// Whether the win rate is a proof.
    pub proven: bool,
    /// Black's chance after the move ([`black_chance`]), for the graph.
    pub black: f64,
    /// The line the search expects, its move first.
    pub pv: Vec<String>,
    pub playouts: u64,
}

impl MoveThought {
    /// The thought `t` behind move `n`, played by `player`.
    pub fn new(n: usize, player: Colour, t: &TextThought) -> MoveThought {
        MoveThought {
            n,
            player,
            win_rate: rounded(f64::from(t.win_rate)),
            proven: t.proven,
            black: rounded(black_chance(t, player)),
            pv: t.pv.iter().take(12).cloned().collect(),
            playouts: t.playouts,
        }
    }
}

/// `x` to three decimals (the JSON says no more than a person reads).
fn rounded(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The move number of a query `at=N` (none: the position now), at most `played`; any other
/// query is refused.
pub fn parse_at(query: Option<&str>, played: usize) -> Result<Option<usize>, ApiError> {
    let Some(query) = query.filter(|q| !q.is_empty()) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::bad(format!(
            "expected ?at=N, N a move number from 0 to {played} (0: the start)"
        ))
    };
    let value = query.strip_prefix("at=").ok_or_else(bad)?;
    let at: usize = value.parse().map_err(|_| bad())?;
    if at > played {
        return Err(bad());
    }
    Ok(Some(at))
}

/// The game as it stood after `at` of its `played` moves: a copy, taken back move by move.
pub fn position_at(game: &AnyGame, played: usize, at: usize) -> Result<AnyGame, ApiError> {
    let mut copy = game.clone();
    for _ in at..played {
        if !copy.undo_move() {
            return Err(ApiError(
                409,
                format!("the position after move {at} cannot be rebuilt"),
            ));
        }
    }
    Ok(copy)
}

/// Playouts behind an estimate of the score.
pub const ESTIMATE_PLAYOUTS: u64 = 400;

/// The search's estimate of `game`: each point's ownership (-1 White's, 1 Black's) by name, and
/// the points each side would count (a point is a side's past ±0.2; komi to White).
pub fn estimate(game: &AnyGame, playouts: u64) -> Value {
    let own = {
        let _thread = super::budget::server().take(1, 0);
        game.ownership(playouts)
    };
    let mut points = serde_json::Map::new();
    let komi = game.komi_points().unwrap_or(0.0);
    let (mut black, mut white) = (0.0, komi);
    for (i, &o) in own.iter().enumerate() {
        points.insert(game.point_name(i), json!(rounded(f64::from(o))));
        if o > 0.2 {
            black += 1.0;
        } else if o < -0.2 {
            white += 1.0;
        }
    }
    json!({"points": points, "black": black, "white": white, "komi": komi, "playouts": playouts})
}

/// Playouts an analysis of a whole game may spend, over all its positions.
pub const ANALYSIS_BUDGET: u64 = 40_000;

/// The win-rate graph of a whole game, every position read by the search as `stones replay --plot`
/// reads it ([`stones_cli::analysis::win_rates`]), [`ANALYSIS_BUDGET`] playouts shared among the
/// positions (at least 20 each).
pub fn analysis_svg(start: &AnyGame, moves: &[String]) -> String {
    let playouts = (ANALYSIS_BUDGET / (moves.len() as u64 + 1)).clamp(20, 1000);
    let rates = {
        let _thread = super::budget::server().take(1, 0);
        stones_cli::analysis::win_rates(start, moves, playouts)
    };
    stones_cli::analysis::win_rate_svg(start.game_name(), &rates, playouts)
}

/// The win-rate graph of a game named `game`: Black's chance after each computer move, and the
/// result (`end`: the number of moves and the winner, `None` a draw) once the game is over.
pub fn win_rate_chart(
    game: &str,
    thoughts: &[MoveThought],
    end: Option<(usize, Option<Colour>)>,
) -> String {
    let title = format!("{game}: Black's chance after each computer move (its playouts' mean)");
    let mut chart = LineChart::win_rates(&title, &[]);
    chart.points = thoughts.iter().map(|t| (t.n as f64, t.black)).collect();
    if let Some((n, winner)) = end {
        let value = match winner {
            Some(Colour::Black) => 1.0,
            Some(Colour::White) => 0.0,
            None => 0.5,
        };
        chart.points.retain(|p| p.0 < n as f64);
        chart.points.push((n as f64, value));
    }
    chart.svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_is_a_move_number_within_the_game() {
        assert_eq!(parse_at(None, 5), Ok(None));
        assert_eq!(parse_at(Some(""), 5), Ok(None));
        assert_eq!(parse_at(Some("at=0"), 5), Ok(Some(0)));
        assert_eq!(parse_at(Some("at=5"), 5), Ok(Some(5)));
        for bad in ["at=6", "at=-1", "at=x", "move=3", "at=3&x=1"] {
            let e = parse_at(Some(bad), 5).unwrap_err();
            assert_eq!(e.0, 400, "{bad}");
            assert!(e.1.contains("from 0 to 5"), "{bad}: {}", e.1);
        }
    }

    #[test]
    fn the_graph_has_a_point_per_thought_and_the_result() {
        let t = |n, black| MoveThought {
            n,
            player: Colour::White,
            win_rate: 1.0 - black,
            proven: false,
            black,
            pv: vec![],
            playouts: 10,
        };
        let svg = win_rate_chart(
            "go",
            &[t(2, 0.4), t(4, 0.3)],
            Some((5, Some(Colour::White))),
        );
        assert_eq!(svg.matches("class=\"point\"").count(), 3);
        assert!(svg.contains("<title>5: 0%</title>"));
        assert_eq!(
            win_rate_chart("go", &[], None)
                .matches("class=\"point\"")
                .count(),
            0
        );
    }
}
