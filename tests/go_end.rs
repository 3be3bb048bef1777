//! Go's end at the terminal (issue 37): the computer passes back after the person's pass in a
//! settled position it has won, and plays on in one that is lost or still open; after the closing
//! passes the chains the search calls dead are marked already; the marking prompt says the count
//! on one line; `quit`'s warning is the last thing on screen.

mod common;
use common::{stones, text, Scratch};

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

/// Writes a case file of `board` (Black to move) with `komi` into `dir`, and returns its path.
fn case(dir: &Scratch, name: &str, board: &str, komi: f64) -> String {
    let path = dir.join(&format!("{name}.case"));
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
    let tmp = Scratch::new("go-end");
    let won = case(&tmp, "settled", SETTLED, 5.5);
    assert_eq!(replies_to_a_pass(&won), ["pass"; 3]);
}

#[test]
fn the_computer_plays_on_in_a_lost_or_open_game() {
    // The same board with komi 3.5: Black wins by 0.5 if play stops.
    let tmp = Scratch::new("go-end");
    let lost = case(&tmp, "lost", SETTLED, 3.5);
    let open = case(&tmp, "open", OPEN, 5.5);
    let cuttable = case(&tmp, "cuttable", CUTTABLE, 2.5);
    for path in [lost, open, cuttable] {
        let replies = replies_to_a_pass(&path);
        assert!(replies.iter().all(|r| r != "pass"), "{path}: {replies:?}");
    }
}

/// The computer's White, the same in every game here.
const SEARCH: &str = "mcts:playouts=3000,seed=1";

/// What `stones play` prints after White passes back in the game of case file `path` against
/// [`SEARCH`], the person typing `script` as Black.
fn marking_after_passes(path: &str, script: &str) -> String {
    let out = stones(&["play", path, "--white", SEARCH], script);
    let s = text(&out.stdout);
    match s.split_once("White passes\n") {
        Some((_, marking)) => marking.to_string(),
        None => panic!("{s}"),
    }
}

#[test]
fn the_chains_the_search_calls_dead_are_marked_for_the_person_to_confirm() {
    let tmp = Scratch::new("go-end");
    let won = case(&tmp, "marked", SETTLED, 5.5);
    // Black passes, White passes back; H5 is marked already: unmarked, marked again, then done.
    let marking = marking_after_passes(&won, "pass\nH5\ndead H5\ndone\n");
    // The board drawn after the closing passes shows H5 marked (a small x).
    assert!(marking.contains("  5 . . . X O O . x . 5"), "{marking}");
    assert!(
        marking
            .contains("the search marked these chains dead: H5 (name one again to bring it back)"),
        "{marking}"
    );
    assert!(
        marking.contains("Black marks, then `done` (the count now: W+1.5)> "),
        "{marking}"
    );
    // Named again, H5 comes back to life (the count as it stands), then is marked again.
    assert!(
        marking.contains("Black marks, then `done` (the count now: B+10.5)> "),
        "{marking}"
    );
    assert!(marking.contains("White accepts the marking"), "{marking}");
    assert!(
        marking.contains("game over: White wins by 1.5 points (W+1.5)"),
        "{marking}"
    );

    // Saved, the marks are moves like any typed (`dead H5`), and the game replays to the result.
    let saved = tmp.join("marked-saved.case");
    let script = format!("pass\ndone\nsave {}\nquit\n", saved.display());
    let out = stones(&["play", &won, "--white", SEARCH], &script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = std::fs::read_to_string(&saved).unwrap();
    assert!(
        file.contains("\"pass\", \"pass\", \"dead H5\", \"done\""),
        "{file}"
    );
    let out = stones(&["replay", saved.to_str().unwrap()], "");
    assert!(
        text(&out.stdout).contains("result: W+1.5"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn the_marking_prompt_says_the_count_on_one_short_line() {
    let tmp = Scratch::new("go-end");
    let won = case(&tmp, "prompt", SETTLED, 5.5);
    let marking = marking_after_passes(&won, "pass\n");
    let after_board = marking
        .split("captures: black 0, white 0\n")
        .nth(1)
        .unwrap();
    // Before: one line of 119 characters ("… then `done`; score as it stands: black 22, white
    // 23.5") that an 80-column terminal broke between "white" and its number.
    assert_eq!(
        after_board,
        "play has stopped: name a stone to mark its chain dead (again to unmark), then `done`\n\
         score as it stands: black 22, white 23.5\n\
         the search marked these chains dead: H5 (name one again to bring it back)\n\
         Black marks, then `done` (the count now: W+1.5)> \n"
    );
    assert!(
        after_board.lines().all(|l| l.chars().count() <= 85),
        "{after_board}"
    );
}

#[test]
fn quits_warning_and_refusals_stay_just_above_the_prompt() {
    // On 19x19 the board is 22 lines: drawn again after the warning, it pushed it off screen.
    let out = stones(&["play", "go"], "D4\nquit\nD4\nmoves\n");
    let s = text(&out.stdout);
    let warned = s
        .split("1 change(s) to this game are not saved: `save PATH` keeps them; `quit` again (or `quit!`) quits anyway\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{s}"));
    // The prompt again, the same board not drawn; the refused D4 likewise.
    assert!(
        warned.starts_with(
            "white to move> illegal move D4: occupied: D4 already has a stone\nwhite to move> "
        ),
        "{warned}"
    );
    // A move played draws the board again: the empty board and the board after D4, each with
    // its letters above and below.
    let letters = "    A B C D E F G H J K L M N O P Q R S T";
    assert_eq!(s.lines().filter(|l| *l == letters).count(), 4, "{s}");

    // The same at the end of the game: the warning, then the prompt.
    let out = stones(&["play", "go", "--set", "size=5"], "C3\nresign\nquit\n");
    let s = text(&out.stdout);
    assert!(
        s.ends_with("quits anyway\nundo, save PATH or quit> \n"),
        "{s}"
    );
}
