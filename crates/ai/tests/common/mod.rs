#![allow(dead_code)] // each test binary uses some of these
//! Helpers the search tests share: load a game, set up a position, play mcts against random.

use stones_ai::{Mcts, SearchOptions};
use stones_core::rules::load_with;
use stones_core::{Colour, Game, Rng, SearchGame, Status};

/// A game under a builtin ruleset with `key=value` overrides.
pub fn game<G: Game>(ruleset: &str, set: &[(&str, &str)]) -> G {
    let overrides: Vec<(String, toml::Value)> = set
        .iter()
        .map(|(k, v)| stones_core::rules::parse_override(&format!("{k}={v}")).unwrap())
        .collect();
    let (rules, _) = load_with::<G::Rules>(Some(ruleset), &overrides).unwrap();
    G::new(rules).unwrap()
}

/// `game` with Black's and White's stones on the named points and `to_move` to play.
pub fn with_stones<G: Game>(mut game: G, black: &str, white: &str, to_move: Colour) -> G {
    let topo = game.topology();
    let mut stones = vec![None; topo.len()];
    for (names, colour) in [(black, Colour::Black), (white, Colour::White)] {
        for name in names.split_whitespace() {
            stones[topo.parse_point(name).unwrap().idx()] = Some(colour);
        }
    }
    game.set_position(&stones, to_move).unwrap();
    game
}

/// The move a seeded one-thread search picks with `playouts`, and whether it is proven.
pub fn best<G: SearchGame>(game: &G, playouts: u64) -> (String, bool) {
    best_with_seed(game, playouts, 1)
}

/// [`best`] with the search's seed given.
pub fn best_with_seed<G: SearchGame>(game: &G, playouts: u64, seed: u64) -> (String, bool) {
    let opts = SearchOptions::parse(&format!("playouts={playouts},seed={seed}")).unwrap();
    let thought = Mcts::new(opts).think(game, |_| {});
    (game.move_text(thought.mv.expect("a move")), thought.proven)
}

/// Plays `games` games of mcts (`playouts` a move) against uniform random play, colours alternating;
/// returns mcts's wins. Every move the search picks must be legal.
pub fn wins_against_random<G: SearchGame>(start: &G, playouts: u64, games: u32) -> u32 {
    let mut rng = Rng::new(7);
    let mut wins = 0;
    for g in 0..games {
        let mcts_colour = if g.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        };
        let opts = SearchOptions::parse(&format!("playouts={playouts},seed={g}")).unwrap();
        let mut mcts = Mcts::new(opts);
        let mut game = start.clone();
        let mut moves = 0;
        while matches!(game.status(), Status::Ongoing) && moves < 4 * game.topology().len() {
            let mv = if game.to_move() == mcts_colour {
                mcts.think(&game, |_| {})
                    .mv
                    .expect("a move while the game is on")
            } else {
                game.random_move(&mut rng).expect("a random move")
            };
            game.play(mv)
                .unwrap_or_else(|e| panic!("{}: {e}", game.move_text(mv)));
            moves += 1;
        }
        let winner = match game.status() {
            Status::Over(o) => o.winner,
            _ => game.score().winner(),
        };
        wins += u32::from(winner == Some(mcts_colour));
    }
    wins
}
