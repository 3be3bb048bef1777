//! Random full-field games per second on the official 39 x 32 field:
//! `cargo run --release -p stones-dots --example bench [games]`.

use stones_core::Game;
use stones_dots::{bench_random_games, DotsGame, DotsRules};

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let start = DotsGame::new(DotsRules::default()).expect("official rules are valid");
    bench_random_games(&start, 50, 1); // warm up
    let r = bench_random_games(&start, games, 7);
    println!(
        "dots 39x32: {} random games, {} moves in {:.2?}: {:.0} games/s, {:.0} moves/s",
        r.games,
        r.moves,
        r.elapsed,
        r.games_per_second(),
        r.moves as f64 / r.elapsed.as_secs_f64()
    );
}
