//! Every case file of tests/cases/ replayed into its transcript and compared with the snapshot a
//! person read (tests/snapshots/). A new case fails once and leaves a `.snap.new`: read it, then
//! accept it (rename it to `.snap`, or `cargo insta accept`).

#[test]
fn cases() {
    stones_core::case_snapshots!(atari_go::AtariGo);
}
