//! Prints a random half-played official game: `cargo run -p stones-dots --example show [seed] [moves]`.

use stones_core::{Game, Rng};
use stones_dots::{DotsGame, DotsRules};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let seed = args.next().flatten().unwrap_or(1);
    let moves = args.next().flatten().unwrap_or(600);
    let mut g = DotsGame::new(DotsRules::default()).expect("official rules are valid");
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        match g.random_move(&mut rng) {
            Some(mv) => g.play_unchecked(mv),
            None => break,
        }
    }
    print!("{}", g.render(std::env::var_os("NO_COLOR").is_none()));
    println!("captured: {:?}, status: {}", g.captured(), g.status());
}
