//! After the two passes, `final_status_list dead` against GNU Go 3.8's on finished 9x9 games (mcts
//! against Pachi 12.90, area scoring, komi 7, played with `stones match`; GNU Go's lists were taken
//! with `gnugo --mode gtp --chinese-rules` on the same moves). GNU Go is not needed to run them.

use stones_core::RuleSet;
use stones_go::GoRules;
use stones_gtp::Engine;

/// The stones our engine calls dead after `moves` (alternating from Black; the last two passes).
fn our_dead(moves: &str) -> Vec<String> {
    let mut e = Engine::new(GoRules::load(Some("chinese"), &[]).unwrap().0, 1).unwrap();
    // As `stones gtp` does: the search estimates the dead stones (3000 playouts, its own seed).
    e.search_with(stones_ai::SearchOptions::default());
    let mut say = |line: &str| {
        let r = e.execute(line).unwrap();
        assert!(r.starts_with('='), "{line}: {r}");
        r[1..].trim().to_string()
    };
    say("boardsize 9");
    say("komi 7");
    for (i, m) in moves.split_whitespace().enumerate() {
        say(&format!("play {} {m}", ["b", "w"][i % 2]));
    }
    let mut dead: Vec<String> = say("final_status_list dead")
        .split_whitespace()
        .map(String::from)
        .collect();
    dead.sort();
    dead
}

fn check(moves: &str, gnugo: &str) {
    let mut want: Vec<&str> = gnugo.split_whitespace().collect();
    want.sort();
    assert_eq!(our_dead(moves), want, "GNU Go says {gnugo}");
}

#[test]
fn dead_stones_agree_with_gnu_go_on_finished_games() {
    // W+66 by GNU Go's count: a Black corner with its eye space left alive (A1 A3 C1 …), which a
    // lower dead threshold would kill.
    check(
        "E5 D7 E3 F6 E7 E6 D6 D5 C6 C7 B7 B8 D8 C8 C5 D4 A8 B6 C9 A7 B9 A9 C4 F7 A8 E8 G5 F5 F4 D3 \
         D2 C3 B3 B4 C2 B5 G8 B2 A3 A2 A1 B1 C1 E2 A1 H7 G7 G6 H6 H5 J5 J6 pass F3 pass G4 pass G2 \
         pass H8 pass pass",
        "A8 B9 C9 D8 E3 E5 F4 G7 G8 J5",
    );
    // W+8: a close game.
    check(
        "B6 F3 F6 G7 E3 E4 F2 E2 D3 G2 F4 G3 E8 F5 G6 G5 E5 D4 H5 G4 B4 H6 H7 E6 F7 G8 D5 C5 D6 C6 \
         D7 C4 B5 C7 B3 C3 C8 B7 B2 C2 A7 B8 B9 A8 B1 A6 A5 H4 J5 J4 J6 C1 A7 D8 D9 A6 D2 A7 E1 A9 \
         H2 G1 F1 C9 D8 D1 B9 E2 pass C9 pass B9 pass pass",
        "E6 G7 G8 H2",
    );
    // B+74: every White stone dead.
    check(
        "D6 H6 F7 E2 G6 G4 H5 C5 C6 B6 B7 B5 H4 H3 G3 G2 F3 C7 C8 D7 D8 E7 E6 E8 F8 A7 B8 F4 H2 E3 \
         J3 F2 H3 H1 G5 E5 F5 D5 E9 E4 A8 H8 J6 J2 J1 A6 J2 J7 H7 pass J8 pass G1 pass G8 pass G9 \
         pass F1 pass H9 pass E1 pass C3 pass D2 pass pass",
        "A6 A7 B5 B6 C5 D5 E2 E3 E4 E5 F2 F4 G2 G4",
    );
    // W+1 by GNU Go's count, with a seki in the lower left: Black's 13 stones and White's 15 share
    // C1, and each has one more liberty it cannot fill (A2 inside Black's, F2 inside White's).
    // The playouts fill C1 and kill one side at random: the estimate gave B+32 in the match.
    check(
        "E5 C6 C5 D5 D4 D6 B6 B5 C4 B7 G6 F6 E6 E7 D7 C7 F7 E4 F5 E3 B4 A6 D2 E2 B2 D3 C3 D1 C2 G3 \
         H3 H2 D8 C8 H4 G4 H5 E8 J2 H1 F4 F3 F8 D9 E1 F1 G2 G5 F6 A3 F2 G1 A4 C1 B1 A2 H7 J3 F2 G2 \
         E1 D1 J4 F9 G9 G8 E9 H8 F9 H9 D8 D7 J8 J9 J6 J7 J3 A5 A7 A8 J8 A1 J1 J7 B3 A2 J8 A1 C9 B9 \
         J7 E1 G7 B8 J9 H8 H9 D8 G8 B6 A3 A2 A1 pass pass",
        "",
    );
    // W+62.
    check(
        "E5 F7 E7 E8 F8 G8 F6 G7 D8 F9 D2 D7 C7 D6 C6 D5 D4 C5 B5 C4 B4 E6 C3 E7 G3 E4 F5 F4 H5 G4 \
         H4 D3 E3 F3 D4 F2 G2 C8 B8 D9 H6 D3 F1 C2 D4 B3 D3 E2 D1 C1 E1 G1 pass H2 pass H3 pass pass",
        "E5 F5 F6 H4 H5 H6",
    );
}

/// Where the estimate still differs: the loser's stones left in the winner's area, which the
/// playouts (the loser moving first) do not always capture. On the 30 finished games of the first
/// 40-game match (`stones gtp`'s list against GNU Go's) 15 agree as the estimate stands (dead at
/// ownership 0.4 against the stone); 21 at 0.2, 23 at 0.1, 17 with the ownership averaged over both
/// colours moving first and 23 with that and 0.2 — but every one of these kills Black's live group of
/// the first game here, 0.2 a live group of 12 stones in another (B+38 by GNU Go, B+74 so counted)
/// and the average at 0.2 the live corner of the first game above: a wrong win is worse than a small
/// margin, so the threshold stays.
#[test]
#[ignore = "known differences from GNU Go, issue 29 point 1"]
fn dead_stones_gnu_go_finds_and_we_miss() {
    // W+48: H8 inside White's area; Black's big group on the right lives.
    check(
        "F8 D3 E4 D4 F3 E5 D5 D6 C5 C6 E6 F5 G5 F6 E7 B5 C4 C3 B4 B3 A4 A5 A6 B6 G6 F4 G4 E3 F7 A3 \
         E2 F2 G3 D2 E1 D1 B7 A7 A8 C7 C8 B8 D5 C5 F1 G1 pass D8 pass D7 pass H2 pass G2 pass J4 \
         pass H3 pass H8 pass pass",
        "A8 C8 H8",
    );
    // B+74: White's second-line stones.
    check(
        "F4 E8 C5 H5 H4 G4 G3 G5 H3 D5 D4 E4 E5 F3 E3 F2 D6 G2 D8 H2 E7 D2 G7 H7 H8 B4 C3 B3 C2 F7 \
         F8 G8 G9 B2 B5 C1 E2 E1 H6 A5 A6 G6 J7 B6 A4 A7 A5 F9 F6 B8 J5 J4 J3 J2 F5 pass F1 pass pass",
        "A7 B2 B3 B4 B6 B8 C1 D2 E1 E8 F2 F3 F9 G2 H2 J2",
    );
    // B+74.
    check(
        "F4 G5 G4 E6 H5 H4 H3 H6 J4 F6 G7 G6 E8 B7 D5 C6 D6 D7 E7 F7 F8 G8 H8 H7 D8 C7 G9 H9 J9 E4 \
         E5 F9 E9 F5 D4 E3 D3 D2 E2 J8 J7 J6 J5 J8 G7 H9 J7 pass J9 pass C2 pass F2 pass pass",
        "B7 C6 C7 D2 D7 E3 E4",
    );
}
