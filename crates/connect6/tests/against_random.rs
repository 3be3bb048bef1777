//! The search with a small budget beats uniform random play, colours alternating, and every move it
//! picks is legal.

use stones_ai::{Mcts, SearchOptions};
use stones_connect6::{Connect6, Connect6Rules};
use stones_core::{Colour, Game, Rng, Status};

#[test]
fn mcts_beats_random_with_either_colour() {
    // 13x13 keeps the debug build quick; on 19x19, `stones match connect6 --black
    // mcts:playouts=200 --white random --games 12 --alternate` won 12 of 12.
    let rules = Connect6Rules {
        size: stones_core::BoardSize::square(13),
    };
    let start = Connect6::new(rules).unwrap();
    let mut rng = Rng::new(7);
    for g in 0..4u64 {
        let mcts_colour = [Colour::Black, Colour::White][g as usize % 2];
        let opts = SearchOptions::parse(&format!("playouts=100,seed={g}")).unwrap();
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
