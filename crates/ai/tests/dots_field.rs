//! Dots on the official 39 x 32 field: the search plays near the dots on the field, and takes an
//! enclosure that is there to take.

mod common;
use common::{game, with_stones};
use stones_ai::{Mcts, SearchOptions};
use stones_core::{Colour, Game, Point};
use stones_dots::{DotsGame, DotsMove};

/// Chebyshev distance between two points of `g`'s field.
fn distance(g: &DotsGame, p: Point, q: Point) -> u16 {
    let ((px, py), (qx, qy)) = (g.topology().xy(p), g.topology().xy(q));
    px.abs_diff(qx).max(py.abs_diff(qy))
}

/// The person's local play: the free point nearest the computer's last dot that is legal, the
/// nearest first and then in field order (so the person follows the fight wherever it goes).
fn local_reply(g: &DotsGame, last: Point) -> DotsMove {
    let mut best: Option<(u16, Point)> = None;
    for p in g.topology().points() {
        let d = distance(g, p, last);
        if g.check(DotsMove::Put(p)).is_ok() && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, p));
        }
    }
    DotsMove::Put(best.expect("a free point").1)
}

#[test]
fn on_the_official_field_every_computer_move_is_near_a_dot() {
    // Before: from move 4 the search played X1, AN1, H1… (every free point a root child with a
    // visit or two, decided by whole-field random fills), "win rate 100%".
    for ruleset in ["official", "grounding"] {
        let mut g: DotsGame = game(ruleset, &[]);
        let mut mcts = Mcts::<DotsGame>::new(SearchOptions {
            playouts: Some(300),
            seed: Some(5),
            ..SearchOptions::default()
        });
        let opening = g.topology().parse_point("T16").unwrap();
        g.play(DotsMove::Put(opening)).unwrap();
        for turn in 0..15 {
            let dots: Vec<Point> = g
                .topology()
                .points()
                .filter(|&p| g.stone(p).is_some())
                .collect();
            let mv = mcts.think(&g, |_| {}).mv.expect("a move");
            let DotsMove::Put(p) = mv else {
                panic!("{ruleset}: the search said {mv:?}")
            };
            let near = dots.iter().map(|&q| distance(&g, p, q)).min().unwrap();
            assert!(
                near <= 3,
                "{ruleset}, computer move {}: {} is {near} points from the nearest dot",
                turn + 1,
                g.move_text(mv)
            );
            g.play(mv).unwrap();
            g.play(local_reply(&g, p)).unwrap();
        }
    }
}

#[test]
fn the_search_takes_a_dot_it_can_enclose() {
    // Black's T16 has White dots on three sides; White's T15 closes the ring (on 39 x 32, far
    // from the edges), which Black's T15 would escape through. Rows count from the bottom.
    let g: DotsGame = with_stones(
        game("grounding", &[]),
        "T16 Z20",
        "S16 U16 T17 Y20",
        Colour::White,
    );
    let mut mcts = Mcts::<DotsGame>::new(SearchOptions {
        playouts: Some(500),
        seed: Some(1),
        ..SearchOptions::default()
    });
    let mv = mcts.think(&g, |_| {}).mv.unwrap();
    assert_eq!(g.move_text(mv), "T15");
}

#[test]
fn moving_alone_after_a_stop_costs_no_search_when_it_cannot_change_the_result() {
    // White's T15 takes Black's T16; Black plays a corner; White says STOP. Black, alone and one
    // behind, takes J10 and K10 with K9 at once, then, ahead, stops: the game is over.
    // Before: the search played each of some 200 lone moves for its full time.
    let mut g: DotsGame = with_stones(
        game("official", &[]),
        "T16 H10 L10 J11 K11 J9",
        "S16 U16 T17 J10 K10",
        Colour::White,
    );
    for mv in ["T15", "AO1", "stop"] {
        g.play(g.parse_move(mv).unwrap()).unwrap();
    }
    let mut mcts = Mcts::<DotsGame>::new(SearchOptions {
        playouts: Some(100_000),
        ..SearchOptions::default()
    });
    let mut said = Vec::new();
    while g.status() == stones_core::Status::Ongoing {
        let t = mcts.think(&g, |_| {});
        assert_eq!(t.playouts, 0, "no search for {:?}", t.mv);
        let mv = t.mv.unwrap();
        said.push(g.move_text(mv));
        g.play(mv).unwrap();
    }
    assert_eq!(said, ["K9", "stop"]);
    assert_eq!(g.score().winner(), Some(Colour::Black));
}
