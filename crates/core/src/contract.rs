//! The contract every game keeps, checked on random games (after OpenSpiel's random-simulation test).
//!
//! At every step of a random game: a clone equals the original; playing a move and undoing it restores
//! the exact state and hash; every listed legal move passes `check` and its text round-trips; every
//! point move that `check` refuses is absent from the list; the score equals a from-scratch recount.

use crate::game::{Game, Status};
use crate::zobrist::Rng;

/// Plays `games` random games of at most `steps` moves each from `start`, checking the contract at
/// every step, and returns how many moves were played in all. The error says which game, which step,
/// and what broke.
pub fn check_random_games<G: Game + PartialEq>(
    start: &G,
    seed: u64,
    games: usize,
    steps: usize,
) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    let mut played = 0;
    for g in 0..games {
        let mut game = start.clone();
        for step in 0..steps {
            let at = |what: String| format!("{} game {g} step {step}: {what}", G::NAME);
            if matches!(game.status(), Status::Over(_)) {
                break;
            }
            if game.clone() != game {
                return Err(at("a clone differs from the original".into()));
            }
            game.legal_moves(&mut moves);
            for &mv in &moves {
                if let Err(e) = game.check(mv) {
                    return Err(at(format!("listed move {mv:?} refused: {e}")));
                }
                let text = game.move_text(mv);
                if game.parse_move(&text) != Ok(mv) {
                    return Err(at(format!("move text '{text}' does not read back")));
                }
            }
            for p in game.topology().points() {
                if let Ok(mv) = game.parse_move(&game.topology().name(p)) {
                    if game.check(mv).is_err() && moves.contains(&mv) {
                        return Err(at(format!("refused move {mv:?} is listed")));
                    }
                    if game.check(mv).is_ok() && !moves.contains(&mv) {
                        return Err(at(format!("legal move {mv:?} is not listed")));
                    }
                }
            }
            if game.score() != game.recount() {
                return Err(at(format!(
                    "score {:?} differs from a recount {:?}",
                    game.score(),
                    game.recount()
                )));
            }
            let Some(mv) = game.random_move(&mut rng) else {
                break;
            };
            if !moves.contains(&mv) {
                return Err(at(format!(
                    "random move {mv:?} is not among the legal moves"
                )));
            }
            let (before, hash) = (game.clone(), game.hash());
            game.play(mv)
                .map_err(|e| at(format!("random move {mv:?} refused: {e}")))?;
            if !game.undo() {
                return Err(at("undo after a move did nothing".into()));
            }
            if game != before || game.hash() != hash {
                return Err(at(format!(
                    "undo of {mv:?} did not restore the state exactly"
                )));
            }
            game.play(mv)
                .map_err(|e| at(format!("replaying {mv:?} refused: {e}")))?;
            played += 1;
        }
    }
    Ok(played)
}
