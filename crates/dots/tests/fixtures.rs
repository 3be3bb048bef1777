//! Real game records (tests/data/, see its README.md) replay with the known capture counts.

use std::path::PathBuf;
use stones_core::RuleSet;
use stones_dots::{sgf, DotsRules};

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replays under the `grounding` rules (no first-move zone, intruders captured at once), as the
/// fixtures' counts were made.
fn replay(name: &str) -> sgf::Replay {
    let rules = DotsRules::load(Some("grounding"), &[]).unwrap().0;
    let rec = sgf::parse(fixture(name)).unwrap();
    sgf::replay(&rec, &rules).unwrap()
}

#[test]
fn zagram_cross_start_game_counts_60_to_3() {
    let r = replay("zagram352562.sgf");
    // The record holds 244 moves after its 8 start dots (the shared fixtures README says 260).
    assert_eq!(r.game.history().count(), 244);
    assert_eq!(r.game.captured(), [3, 60]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn szkrab1295_counts_17_to_0() {
    let r = replay("szkrab1295.sgf");
    assert_eq!(r.game.captured(), [17, 0]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn szkrab6492_counts_16_to_0_with_two_chains_differing_in_shape() {
    let r = replay("szkrab6492.sgf");
    assert_eq!(r.game.captured(), [16, 0]);
    // The two chains tests/data/README.md calls different (moves 70 and 71) take longer paths around
    // the same inside.
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
    assert!(r.warnings[0].starts_with("move 70 "), "{:?}", r.warnings);
    assert!(r.warnings[1].starts_with("move 71 "), "{:?}", r.warnings);
}

#[test]
fn written_records_carry_the_same_chains_and_replay_to_the_same_counts() {
    for name in ["zagram352562.sgf", "szkrab1295.sgf", "szkrab6492.sgf"] {
        let original = sgf::parse(fixture(name)).unwrap();
        let r = replay(name);
        let text = sgf::write(&r.game).unwrap();
        let rec = sgf::parse(&text).unwrap();
        let again = sgf::replay(&rec, &r.game.rules().clone()).unwrap();
        assert_eq!(again.game.captured(), r.game.captured(), "{name}");
        assert!(again.warnings.is_empty(), "{name}: {:?}", again.warnings);
        let chains = |rec: &sgf::SgfRecord| -> Vec<usize> {
            rec.moves
                .iter()
                .enumerate()
                .filter(|(_, m)| !m.chains.is_empty())
                .map(|(i, _)| i)
                .collect()
        };
        assert_eq!(chains(&rec), chains(&original), "{name}: moves with chains");
    }
}
