//! Go's end at the terminal (issue 37): the computer passes back after the person's pass in a
//! settled position it has won, and plays on in one that is lost or still open; after the closing
//! passes the chains the search calls dead are marked already; the marking prompt says the count
//! on one line; `quit`'s warning is the last thing on screen.

mod common;
use common::{stones, text};

/// A settled 9x9 game under the classic rules (territory, komi 5.5): Black's walls on the left,
/// White's on the right, Black's H5 dead inside White's area, and four dame between the walls
/// (E6, G1, G2, G3). White leads by 1.5 with H5 dead; Black is to move.
const SETTLED: &str = "\
. . x o . o . . .
. x x o o . o . .
. x . x o o . o .
x x x x . o o . .
. . . x o o . x .
x x x x x o o o o
. . . . x x . o .
. . . . . x . o .
. . . . . x . o .
";

/// The same walls with White's bottom-right chain (H1-H3) cut off at H4 from the rest: the three
/// points behind it make one eye unless White plays J2 first, and with komi 2.5 the game turns on
/// that chain.
const CUTTABLE: &str = "\
. . x o . o . . .
. x x o o . o . .
. x . x o o . o .
x x x x . o o . .
. . . x o o . x .
x x x x x o o . o
. . . . x x x o .
. . . . . x x o .
. . . . . x x o .
";

/// Four stones on an empty board: every point still open.
const OPEN: &str = "\
. . . . . . . . .
. . . . . . . . .
. . x . . . o . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . x . . . o . .
. . . . . . . . .
. . . . . . . . .
";

/// Writes a case file of `board` (Black to move) with `komi` to a file of this test's own, and
/// returns its path.
fn case(name: &str, board: &str, komi: f64) -> String {
    let dir = std::env::temp_dir().join(format!("stones-go-end-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.case"));
    let text = format!(
        "game = \"go\"\nruleset = \"classic\"\ndescription = \"{name}\"\n[set]\nsize = 9\n\
         komi = {komi}\n[setup]\nboard = \"\"\"\n{board}\"\"\"\nto_move = \"black\"\nmoves = []\n"
    );
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// What White (the search, seeded) answers to Black's pass at `path`, for each seed.
fn replies_to_a_pass(path: &str) -> Vec<String> {
    (1..=3)
        .map(|seed| {
            let white = format!("mcts:playouts=3000,seed={seed}");
            let out = stones(&["play", path, "--white", &white], "pass\n");
            assert!(out.status.success(), "{}", text(&out.stderr));
            let s = text(&out.stdout);
            let line = s
                .lines()
                .find(|l| l.starts_with("white plays "))
                .unwrap_or_else(|| panic!("White did not move: {s}"));
            line["white plays ".len()..]
                .split(' ')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn the_computer_passes_back_in_a_settled_game_it_has_won() {
    // Before, it filled the dame first, one move after each of the person's passes (G2, E6, G3).
    let won = case("settled", SETTLED, 5.5);
    assert_eq!(replies_to_a_pass(&won), ["pass"; 3]);
}

#[test]
fn the_computer_plays_on_in_a_lost_or_open_game() {
    // The same board with komi 3.5: Black wins by 0.5 if play stops.
    let lost = case("lost", SETTLED, 3.5);
    let open = case("open", OPEN, 5.5);
    let cuttable = case("cuttable", CUTTABLE, 2.5);
    for path in [lost, open, cuttable] {
        let replies = replies_to_a_pass(&path);
        assert!(replies.iter().all(|r| r != "pass"), "{path}: {replies:?}");
    }
}
