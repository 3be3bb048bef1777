//! Random full-field games played by oppai-rs (tests/data/oppai-random-games.txt): every move is
//! accepted here too and the capture counts agree after every move. Under the seed's on-owner-move
//! timing they agree as well, except right after an intrusion, and again after the owner's reply.

use stones_core::{BoardSize, Game, RuleSet, Status};
use stones_dots::{sgf, CaptureTiming, DotsGame, DotsMove, DotsRules};

struct PeerGame {
    size: (u16, u16),
    moves: Vec<(u16, u16)>,
    /// The counts after each move.
    counts: Vec<[u32; 2]>,
}

fn peer_games() -> Vec<PeerGame> {
    let text = include_str!("data/oppai-random-games.txt");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (head, checkpoints) = line.split_once(" | ").unwrap();
        let (size, moves) = head.split_once(' ').unwrap();
        let (w, h) = size.split_once('x').unwrap();
        let moves: Vec<(u16, u16)> = moves
            .as_bytes()
            .chunks(2)
            .map(|c| {
                (
                    sgf::coord_index(c[0]).unwrap(),
                    sgf::coord_index(c[1]).unwrap(),
                )
            })
            .collect();
        let mut counts = vec![[0, 0]; moves.len()];
        for cp in checkpoints.split_whitespace() {
            let (n, rb) = cp.split_once(':').unwrap();
            let (r, b) = rb.split_once(',').unwrap();
            let n: usize = n.parse().unwrap();
            counts[n - 1..].fill([r.parse().unwrap(), b.parse().unwrap()]);
        }
        out.push(PeerGame {
            size: (w.parse().unwrap(), h.parse().unwrap()),
            moves,
            counts,
        });
    }
    out
}

fn rules(size: (u16, u16), timing: CaptureTiming) -> DotsRules {
    DotsRules {
        size: BoardSize {
            width: size.0,
            height: size.1,
        },
        first_move_zone: false,
        capture_timing: timing,
        ..DotsRules::load(Some("grounding"), &[]).unwrap().0
    }
}

#[test]
fn oppai_games_replay_with_the_same_counts_after_every_move() {
    let games = peer_games();
    assert_eq!(games.len(), 55);
    for (n, pg) in games.iter().enumerate() {
        let mut g = DotsGame::new(rules(pg.size, CaptureTiming::Immediate)).unwrap();
        for (i, &(x, y)) in pg.moves.iter().enumerate() {
            let p = g.topology().at(x as i32, y as i32).unwrap();
            g.play(DotsMove::Put(p))
                .unwrap_or_else(|e| panic!("game {n} move {}: {e}", i + 1));
            assert_eq!(g.captured(), pg.counts[i], "game {n} move {}", i + 1);
        }
        assert_eq!(g.free_points(), 0, "game {n} fills the field");
        assert!(matches!(g.status(), Status::Over(_)));
    }
}

#[test]
fn on_owner_move_timing_differs_only_until_the_owners_reply() {
    let mut delayed = 0;
    for (n, pg) in peer_games().iter().enumerate() {
        let mut g = DotsGame::new(rules(pg.size, CaptureTiming::OnOwnerMove)).unwrap();
        for (i, &(x, y)) in pg.moves.iter().enumerate() {
            let p = g.topology().at(x as i32, y as i32).unwrap();
            let mover = g.to_move();
            g.play(DotsMove::Put(p)).unwrap();
            if g.captured() != pg.counts[i] {
                let waiting = g.pending(mover.opponent()).count() > 0;
                let over = g.status() != Status::Ongoing;
                assert!(waiting && !over, "game {n} move {}", i + 1);
                assert_eq!(g.to_move(), mover.opponent());
                delayed += 1;
            }
        }
        assert_eq!(
            g.captured(),
            *pg.counts.last().unwrap(),
            "game {n} at the end"
        );
    }
    assert!(
        delayed > 0,
        "no intrusion in any game: the test shows nothing"
    );
}
