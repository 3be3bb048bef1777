//! How the engine picks moves: at random among legal moves that are not silly.

use stones_core::{Game, Point, Rng};
use stones_go::{GoGame, GoMove};

/// A random legal move for the player to move that neither fills one of its own single-point eyes nor
/// commits suicide; legality is the full check of the rules, superko included. `Pass` when there is
/// no such move.
pub fn random_move(game: &GoGame, rng: &mut Rng) -> GoMove {
    let board = game.board();
    let topo = game.topology();
    let c = game.to_move();
    let mut candidates: Vec<Point> = board.empty_points().collect();
    while !candidates.is_empty() {
        let p = candidates.swap_remove(rng.below(candidates.len()));
        if !board.is_own_eye(topo, p, c)
            && !board.is_suicide(topo, p, c)
            && game.check(GoMove::Play(p)).is_ok()
        {
            return GoMove::Play(p);
        }
    }
    GoMove::Pass
}

/// `n` handicap points on an empty board: GTP's fixed table as far as it goes on a square board, then
/// random empty points. At most one point is left empty.
pub fn free_handicap(game: &GoGame, n: usize, rng: &mut Rng) -> Vec<Point> {
    let topo = game.topology();
    let size = game.rules().size;
    let n = n.min(topo.len().saturating_sub(1));
    let table = |k: usize| {
        let k = u8::try_from(k).ok()?;
        let pts = stones_go::handicap::gtp_points(size.width, k).ok()?;
        size.is_square().then_some(pts)
    };
    let table_max = (2..=9).rev().find(|&k| table(k).is_some()).unwrap_or(0);
    let from_table = n.min(table_max);
    let mut points: Vec<Point> = table(from_table)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|xy| stones_go::handicap::to_point(topo, xy))
        .collect();
    let mut rest: Vec<Point> = topo.points().filter(|p| !points.contains(p)).collect();
    while points.len() < n && !rest.is_empty() {
        points.push(rest.swap_remove(rng.below(rest.len())));
    }
    points
}
