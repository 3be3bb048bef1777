//! The search with a small budget beats uniform random play, colours alternating, and every move it
//! picks is legal.

use stones_ai::{Mcts, SearchOptions};
use stones_connect6::{Connect6, Connect6Rules};
use stones_core::{Colour, Game, Rng, Status};

#[test]
fn mcts_beats_random_with_either_colour() {
    let start = Connect6::new(Connect6Rules::default()).unwrap();
    let mut rng = Rng::new(7);
    for g in 0..4u64 {
        let mcts_colour = [Colour::Black, Colour::White][g as usize % 2];
        let opts = SearchOptions::parse(&format!("playouts=200,seed={g}")).unwrap();
        let mut mcts = Mcts::new(opts);
        let mut game = start.clone();
        while game.status() == Status::Ongoing {
            let mv = match game.to_move() == mcts_colour {
                true => mcts.think(&game, |_| {}).mv.expect("a move"),
                false => game.random_move(&mut rng).expect("a random move"),
            };
            game.play(mv)
                .unwrap_or_else(|e| panic!("{}: {e}", game.move_text(mv)));
        }
        let Status::Over(outcome) = game.status() else {
            unreachable!()
        };
        assert_eq!(
            outcome.winner,
            Some(mcts_colour),
            "game {g}: {}",
            outcome.result
        );
    }
}
