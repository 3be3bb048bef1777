//! Cross-check with GNU Go (`apt-get install -y gnugo`): random legal games are sent to both engines
//! over GTP, and after every move they must agree on the stones on the board, the captures, and the
//! legality of a sample of points (the ko point included). Then GNU Go plays a few moves against us.

mod common;

use common::{split, GnuGo};
use stones_core::{Game, Point, Rng, RuleSet};
use stones_go::{GoIllegal, GoMove, GoRules};
use stones_gtp::genmove::random_move;
use stones_gtp::vertex::vertex_name;
use stones_gtp::Engine;

fn ours(engine: &mut Engine, command: &str) -> Result<String, String> {
    let response = engine.execute(command).expect("a response");
    assert!(response.ends_with("\n\n"), "{response:?}");
    split(&response)
}

/// Sends `command` to both engines and insists on the same answer.
fn both(
    engine: &mut Engine,
    gnugo: &mut GnuGo,
    command: &str,
    context: &str,
) -> Result<String, String> {
    let a = ours(engine, command);
    let b = gnugo.send(command);
    assert_eq!(
        a, b,
        "`{command}` answered differently (ours, GNU Go) {context}"
    );
    a
}

/// Plays `games` random games on `size`x`size` and checks agreement after every move.
/// Returns how many ko points and how many superko-forbidden points were checked.
fn cross_check(
    ruleset: &str,
    gnugo_args: &[&str],
    size: u16,
    games: usize,
    seed: u64,
) -> [usize; 2] {
    let mut gnugo = GnuGo::start(gnugo_args);
    let rules = GoRules::load(Some(ruleset), &[]).unwrap().0;
    let mut engine = Engine::new(rules, seed).unwrap();
    let mut rng = Rng::new(seed);
    let cap = 3 * (size as usize) * (size as usize);
    let mut ko_checks = 0;
    let mut refused = 0;
    let mut moves = 0;
    let mut superko = 0;
    let mut queries = 0;
    for game in 0..games {
        for cmd in [
            format!("boardsize {size}"),
            "clear_board".into(),
            "komi 7.5".into(),
        ] {
            both(&mut engine, &mut gnugo, &cmd, "at setup").unwrap();
        }
        let mut passes = 0;
        for number in 1..=cap {
            let g = engine.game();
            let topo = g.topology_arc().clone();
            let colour = g.to_move().name();
            let mv = if rng.below(60) == 0 {
                GoMove::Pass
            } else {
                random_move(g, &mut rng)
            };
            let vertex = match mv {
                GoMove::Play(p) => vertex_name(&topo, p),
                _ => "pass".to_string(),
            };
            let context = format!("in {ruleset} game {game} on {size}x{size}, move {number}");
            both(
                &mut engine,
                &mut gnugo,
                &format!("play {colour} {vertex}"),
                &context,
            )
            .unwrap();
            moves += 1;
            passes = if mv == GoMove::Pass { passes + 1 } else { 0 };
            if passes >= 2 {
                break;
            }
            for query in [
                "list_stones black",
                "list_stones white",
                "captures black",
                "captures white",
            ] {
                both(&mut engine, &mut gnugo, query, &context).unwrap();
            }
            let g = engine.game();
            let next = g.to_move().name();
            let mut sample: Vec<(Point, &str)> = (0..10)
                .map(|_| (Point(rng.below(topo.len()) as u16), next))
                .collect();
            // Every point that superko forbids now (none under simple ko) goes into the sample.
            for p in topo.points() {
                if g.check(GoMove::Play(p)) == Err(GoIllegal::Superko) {
                    superko += 1;
                    sample.push((p, next));
                }
            }
            if let Some(k) = g.ko_point() {
                ko_checks += 1;
                sample.push((k, next));
                sample.push((k, g.to_move().opponent().name()));
            }
            sample.push((Point(rng.below(topo.len()) as u16), colour));
            for (p, c) in sample {
                queries += 1;
                let legal = both(
                    &mut engine,
                    &mut gnugo,
                    &format!("is_legal {c} {}", vertex_name(&topo, p)),
                    &context,
                );
                // Now and then try an illegal move on both: both must refuse it and change nothing.
                if legal.as_deref() == Ok("0") && c == next && rng.below(4) == 0 {
                    refused += 1;
                    let e = both(
                        &mut engine,
                        &mut gnugo,
                        &format!("play {c} {}", vertex_name(&topo, p)),
                        &context,
                    );
                    assert!(e.is_err());
                }
            }
        }
    }
    eprintln!(
        "{ruleset} {size}x{size}: {games} games, {moves} moves, {queries} is_legal checks, \
         {ko_checks} ko points, {superko} superko points, {refused} illegal moves refused by both"
    );
    assert!(refused > 0, "no illegal move was tried");
    [ko_checks, superko]
}

/// Sums the ko and superko points over several runs.
fn sum(runs: &[[usize; 2]]) -> [usize; 2] {
    runs.iter().fold([0, 0], |a, r| [a[0] + r[0], a[1] + r[1]])
}

#[test]
fn simple_ko_9x9_agrees_with_gnugo() {
    let [ko, superko] = cross_check("classic", &[], 9, 40, 1);
    assert!(ko > 0, "no ko arose: the sample is too small");
    assert_eq!(superko, 0);
}

#[test]
fn simple_ko_19x19_agrees_with_gnugo() {
    let [ko, superko] = cross_check("classic", &[], 19, 6, 2);
    assert!(ko > 0, "no ko arose: the sample is too small");
    assert_eq!(superko, 0);
}

#[test]
fn positional_superko_agrees_with_gnugo() {
    let superko = ["--positional-superko"];
    let [ko, forbidden] = sum(&[
        cross_check("chinese", &superko, 9, 10, 3),
        cross_check("chinese", &superko, 5, 40, 4),
        cross_check("chinese", &superko, 4, 40, 5),
        cross_check("chinese", &superko, 3, 60, 6),
        cross_check("chinese", &superko, 2, 60, 7),
    ]);
    assert!(ko > 0, "no ko arose: the sample is too small");
    assert!(
        forbidden > 0,
        "no superko-forbidden point arose: the sample is too small"
    );
}

/// GNU Go as the controller's other player: it generates moves, we accept them and answer.
#[test]
fn gnugo_plays_against_us() {
    let mut gnugo = GnuGo::start(&[]);
    let rules = GoRules::load(Some("classic"), &[]).unwrap().0;
    let mut engine = Engine::new(rules, 5).unwrap();
    for cmd in ["boardsize 9", "clear_board", "komi 6.5"] {
        both(&mut engine, &mut gnugo, cmd, "at setup").unwrap();
    }
    for _ in 0..8 {
        let theirs = gnugo.send("genmove black").unwrap();
        assert_eq!(
            ours(&mut engine, &format!("play black {theirs}")),
            Ok(String::new()),
            "{theirs}"
        );
        let reply = ours(&mut engine, "genmove white").unwrap();
        assert_eq!(
            gnugo.send(&format!("play white {reply}")),
            Ok(String::new()),
            "{reply}"
        );
        for q in ["list_stones black", "list_stones white"] {
            assert_eq!(ours(&mut engine, q), gnugo.send(q));
        }
    }
}
