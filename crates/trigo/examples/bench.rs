//! Random playouts per second: TriGo on the standard 169-point hexagon beside Go on 13×13 (also 169
//! points), in the same run. `cargo run --release -p stones-trigo --example bench [seconds]`.

use std::time::{Duration, Instant};
use stones_core::{Game, Rng, RuleSet};
use stones_go::{GoGame, GoRules};
use stones_trigo::{TrigoGame, TrigoRules};

fn measure<G: Clone>(
    start: &G,
    secs: f64,
    mut playout: impl FnMut(&mut G, &mut Rng) -> usize,
) -> (f64, f64) {
    let mut rng = Rng::new(42);
    let t = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    while t.elapsed() < Duration::from_secs_f64(secs) {
        let mut g = start.clone();
        moves += playout(&mut g, &mut rng) as u64;
        games += 1;
    }
    let s = t.elapsed().as_secs_f64();
    (games as f64 / s, moves as f64 / s)
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let trigo = TrigoGame::new(TrigoRules::default()).unwrap();
    let go = GoGame::new(
        GoRules::load(Some("classic"), &["size=13".into()])
            .unwrap()
            .0,
    )
    .unwrap();
    let (tg, tm) = measure(&trigo, secs, |g, r| g.playout(r));
    let (gg, gm) = measure(&go, secs, |g, r| g.playout(r));
    println!("trigo side 8 (169 points): {tg:.0} playouts/s, {tm:.0} moves/s");
    println!("go 13x13 (169 points):     {gg:.0} playouts/s, {gm:.0} moves/s");
    let t = Instant::now();
    let mut moves = Vec::new();
    let mut g = trigo.clone();
    g.play(g.parse_move("h8").unwrap()).unwrap();
    let reps = 200;
    for _ in 0..reps {
        g.legal_moves(&mut moves);
    }
    println!(
        "trigo legal_moves after the opening: {} moves in {:.1} µs",
        moves.len(),
        t.elapsed().as_secs_f64() * 1e6 / reps as f64
    );
}
