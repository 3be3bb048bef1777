//! Snapshot tests: every case file under tests/cases/<game>/ replayed into a readable transcript.
//! A snapshot is evidence that a person read the transcript; CI never writes new ones.

#[test]
fn case_files() {
    insta::glob!("cases/*/*.case", |path| {
        let transcript = stones_cli::case::replay_case_file(path).unwrap_or_else(|e| panic!("{e}"));
        insta::assert_snapshot!(transcript.readable());
    });
}
