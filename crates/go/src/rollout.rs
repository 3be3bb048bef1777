//! The rollouts Go and TriGo share: play on with the game's policy on the fast path, recording the
//! stones in the search's trail, and say who won by a quick count of the board left.

use crate::board::ChainBoard;
use crate::places::Places;
use crate::search::{quick_count, quick_winner, territory_winner};
use stones_core::{Colour, Rng, SearchGame, Status, Trail};

/// Plays `next`'s moves on the fast path ([`SearchGame::play_fast`]) until it has none (play has
/// stopped) or `cap` moves, recording the stones of each in `trail` for its mover. Allocates nothing.
pub fn rollout<G>(
    game: &mut G,
    rng: &mut Rng,
    cap: usize,
    trail: &mut Trail,
    mut next: impl FnMut(&G, &mut Rng) -> Option<G::Move>,
) -> usize
where
    G: SearchGame,
    G::Move: Places,
{
    trail.recorded = true;
    let mut moves = 0;
    while moves < cap {
        let Some(mv) = next(game, rng) else {
            break;
        };
        let c = game.to_move();
        for &p in mv.stones().as_slice() {
            trail.record(p, c);
        }
        game.play_fast(mv);
        moves += 1;
    }
    moves
}

/// Who won once a rollout has stopped: the outcome when the game is over, else a quick count of
/// `board` with `komi` for White — by area (stones and eyes) or by territory (eyes and captures).
pub fn winner<G: SearchGame>(
    game: &G,
    board: &ChainBoard,
    komi: f64,
    area: bool,
) -> Option<Colour> {
    if let Status::Over(outcome) = game.status() {
        return outcome.winner;
    }
    let topo = game.topology();
    if !area {
        return territory_winner(board, topo, game.captures(), komi);
    }
    let count = quick_count(board, topo);
    let (b, w) = (Colour::Black.idx(), Colour::White.idx());
    quick_winner(
        (count.stones[b] + count.eyes[b]) as f64,
        (count.stones[w] + count.eyes[w]) as f64,
        komi,
    )
}
