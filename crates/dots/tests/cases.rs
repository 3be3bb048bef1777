//! Replays every case file of tests/cases/dots/ and pins its key facts: which moves are accepted or
//! refused (and why), the capture counts after each move, who moves, and the result.

use stones_core::contract::{case_names, play_said, read_case};
use stones_core::{Colour, Game, Status};
use stones_dots::DotsGame;

struct Step {
    text: String,
    refused: Option<String>,
    captured: [u32; 2],
    to_move: Colour,
}

struct Run {
    game: DotsGame,
    steps: Vec<Step>,
}

impl Run {
    fn accepted(&self, i: usize) {
        let s = &self.steps[i];
        assert!(
            s.refused.is_none(),
            "move {i} ({}) refused: {:?}",
            s.text,
            s.refused
        );
    }
    fn refused(&self, i: usize, why: &str) {
        let s = &self.steps[i];
        let r = s
            .refused
            .as_deref()
            .unwrap_or_else(|| panic!("move {i} ({}) accepted", s.text));
        assert!(
            r.contains(why),
            "move {i} ({}) refused with '{r}', expected '{why}'",
            s.text
        );
    }
    fn all_accepted(&self) {
        (0..self.steps.len()).for_each(|i| self.accepted(i));
    }
    fn captured(&self, i: usize, expected: [u32; 2]) {
        assert_eq!(
            self.steps[i].captured, expected,
            "after move {i} ({})",
            self.steps[i].text
        );
    }
    fn next(&self, i: usize, c: Colour) {
        assert_eq!(self.steps[i].to_move, c, "to move after move {i}");
    }
    fn result(&self, expected: &str) {
        match self.game.status() {
            Status::Over(o) => assert_eq!(o.result, expected),
            s => panic!("game not over: {s}"),
        }
    }
    fn ongoing(&self) {
        assert_eq!(self.game.status(), Status::Ongoing);
    }
    fn point(&self, name: &str) -> stones_core::Point {
        self.game.topology().parse_point(name).unwrap()
    }
    fn captured_dot(&self, name: &str, yes: bool) {
        let p = self.point(name);
        assert!(self.game.dot(p).is_some(), "no dot on {name}");
        assert_eq!(self.game.is_captured(p), yes, "{name} captured?");
    }
}

/// Replays a case file the way the shared runner does.
fn run(name: &str) -> Run {
    let case = read_case::<DotsGame>(&stones_core::cases_dir!(), name);
    assert!(case.description.len() > 20);
    let mut game = case.game;
    let mut steps = Vec::new();
    for text in case.moves {
        let refused = play_said(&mut game, &text).err();
        game.check_invariants().unwrap();
        steps.push(Step {
            text,
            refused,
            captured: game.captured(),
            to_move: game.to_move(),
        });
    }
    Run { game, steps }
}

/// The facts each case's description states.
fn expect(name: &str, r: &Run) {
    use Colour::*;
    match name {
        "diamond-capture" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            r.captured_dot("D4", true);
            r.ongoing();
        }
        "diamond-base" => {
            r.all_accepted();
            r.captured(0, [0, 0]);
            let d4 = r.point("D4");
            assert!(r.game.in_base(d4, Black) && r.game.enclosure_owner(d4).is_none());
            assert_eq!(r.game.check(stones_dots::DotsMove::Put(d4)), Ok(()));
        }
        "intruder-immediate" => {
            r.all_accepted();
            r.captured(1, [1, 0]);
            r.captured_dot("D4", true);
            r.next(1, Black);
        }
        "intruder-on-owner-move" => {
            r.all_accepted();
            r.captured(1, [0, 0]);
            assert_eq!(r.steps[1].to_move, Black);
            r.captured(2, [1, 0]);
            r.captured_dot("D4", true);
        }
        "intruder-breaks-base" | "intruder-breaks-base-immediate" => {
            r.all_accepted();
            r.captured(1, [0, 1]);
            r.captured(2, [0, 1]);
            r.captured_dot("E4", true);
            r.captured_dot("D4", false);
            assert!(!r.game.in_base(r.point("D4"), Black));
        }
        "nested-bases-innermost" => {
            r.all_accepted();
            r.captured(3, [1, 0]);
            assert!(r.game.in_base(r.point("F8"), Black) || r.game.is_captured(r.point("F8")));
            r.captured(5, [2, 0]);
            r.captured_dot("F6", true);
            r.captured_dot("F8", true);
        }
        "one-dot-two-enclosures" => {
            r.all_accepted();
            r.captured(0, [2, 0]);
        }
        "one-dot-three-enclosures" => {
            r.all_accepted();
            r.captured(0, [3, 0]);
        }
        "capture-beside-base" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            let e4 = r.point("E4");
            assert!(r.game.in_base(e4, Black) && r.game.enclosure_owner(e4).is_none());
        }
        "figure-eight" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            r.captured(1, [1, 0]);
            r.captured(2, [2, 0]);
        }
        "tail-no-capture" | "edge-dot-not-captured" => {
            r.all_accepted();
            r.captured(0, [0, 0]);
            let q = if name == "tail-no-capture" {
                "C4"
            } else {
                "A4"
            };
            r.captured_dot(q, false);
        }
        "edge-dots-in-chain" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            r.captured_dot("B4", true);
        }
        "captured-dots-no-chain" => {
            r.all_accepted();
            r.captured(0, [0, 1]);
            r.captured(1, [0, 1]);
            r.captured_dot("E5", false);
        }
        "inside-enclosure-refused" => {
            r.accepted(0);
            r.captured(0, [1, 0]);
            r.refused(1, "inside an enclosure");
            r.refused(2, "occupied");
            r.accepted(3);
            r.refused(4, "inside an enclosure");
            r.next(4, Black);
        }
        "first-move-zone" => {
            r.refused(0, "outside the first-move zone (columns N–AB, rows 13–20)");
            r.refused(1, "outside the first-move zone");
            r.accepted(2);
            r.refused(3, "outside the first-move zone");
            r.accepted(4);
            r.accepted(5);
            assert_eq!(r.game.dot(r.point("A1")), Some(Black));
        }
        "zone-size-option" => {
            r.refused(0, "outside the first-move zone (columns D–F, rows 4–6)");
            r.accepted(1);
            r.refused(2, "outside the first-move zone");
            r.accepted(3);
        }
        "no-zone-option" => r.all_accepted(),
        "stop-play-on" => {
            r.all_accepted();
            r.next(0, White);
            r.next(1, White);
            r.captured(2, [0, 1]);
            r.next(2, White);
            r.result("W+1");
        }
        "grounding-stop" => {
            r.all_accepted();
            r.captured(0, [0, 0]);
            assert_eq!(r.game.score().white, 2.0);
            r.result("W+2");
        }
        "extra-move" | "no-extra-move" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            let (a1, g7) = if name == "extra-move" {
                (Black, White)
            } else {
                (White, Black)
            };
            assert_eq!(r.game.dot(r.point("A1")), Some(a1));
            assert_eq!(r.game.dot(r.point("G7")), Some(g7));
        }
        "cross-start" => {
            for (p, c) in [
                ("T17", Black),
                ("U16", Black),
                ("U17", White),
                ("T16", White),
            ] {
                assert_eq!(r.game.dot(r.point(p)), Some(c), "{p}");
            }
            r.refused(0, "occupied");
            r.refused(1, "outside the first-move zone");
            r.accepted(2);
            r.accepted(3);
        }
        "full-field" => {
            (0..9).for_each(|i| r.accepted(i));
            r.captured(7, [0, 1]);
            r.captured_dot("B2", true);
            r.refused(9, "the game is over");
            r.result("W+1");
            assert_eq!(r.game.free_points(), 0);
        }
        "full-field-draw" => {
            r.all_accepted();
            r.result("Draw");
        }
        "resign" => {
            r.all_accepted();
            r.result("B+R");
        }
        "pending-resolved-at-end" => {
            r.all_accepted();
            r.captured(3, [0, 0]);
            r.result("B+1");
            r.captured_dot("D4", true);
        }
        "no-pass" => {
            r.refused(0, "no pass");
            r.accepted(1);
        }
        "enclosure-of-enclosure" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            r.captured(1, [0, 4]);
            r.captured_dot("F5", false);
            r.captured_dot("G5", true);
        }
        "three-layers" => {
            r.all_accepted();
            r.captured(0, [1, 0]);
            r.captured(1, [0, 8]);
            r.captured(2, [25, 0]);
            r.captured_dot("G7", true);
            r.captured_dot("H8", false);
            r.captured_dot("K8", true);
        }
        "enclosure-fills-holes" => {
            r.accepted(0);
            r.captured(0, [1, 0]);
            r.refused(1, "inside an enclosure");
            r.accepted(2);
            r.refused(3, "inside an enclosure");
            assert_eq!(r.game.enclosure_owner(r.point("G5")), Some(Black));
            r.captured_dot("G6", false);
        }
        other => panic!("case {other} has no expectations here: add them"),
    }
}

#[test]
fn every_case_file_replays_as_its_description_says() {
    let names = case_names(&stones_core::cases_dir!());
    assert!(names.len() >= 30, "{} case files", names.len());
    for name in &names {
        let r = run(name);
        if std::env::var("SHOW_CASE").is_ok_and(|v| &v == name) {
            for s in &r.steps {
                println!("{} {:?} {:?}", s.text, s.refused, s.captured);
            }
            println!("{}", r.game.render(false));
        }
        expect(name, &r);
    }
}
