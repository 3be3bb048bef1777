//! Every case file of tests/cases/ replayed into its readable transcript and compared with the
//! snapshot a person read (tests/snapshots/).

#[test]
fn cases() {
    stones_core::case_snapshots!(stones_go::GoGame);
}
