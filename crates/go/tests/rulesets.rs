//! The shipped rulesets load, match the table in go.md, and the code default is the seed's.

use stones_core::{BoardSize, RuleSet};
use stones_go::{DeadStones, GoRules, Ko, Scoring};

fn load(name: &str) -> GoRules {
    GoRules::load(Some(name), &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

#[test]
fn default_is_the_seed_classic_file() {
    stones_core::contract::check_rulesets::<GoRules>("classic").unwrap();
    assert_eq!(GoRules::default(), load("classic"));
}

#[test]
fn rulesets_follow_the_spec_table() {
    // name, scoring, ko, suicide, komi on 19x19, passes to end
    let table = [
        ("classic", Scoring::Territory, Ko::Simple, false, 5.5, 2),
        ("japanese", Scoring::Territory, Ko::Simple, false, 6.5, 2),
        ("chinese", Scoring::Area, Ko::Positional, false, 7.5, 2),
        ("tromp-taylor", Scoring::Area, Ko::Positional, true, 7.5, 2),
        ("egf", Scoring::Territory, Ko::Simple, false, 7.5, 3),
    ];
    for (name, scoring, ko, suicide, komi, passes) in table {
        let r = load(name);
        assert_eq!(
            (
                r.scoring,
                r.ko,
                r.suicide,
                r.komi.for_size(r.size),
                r.passes_to_end
            ),
            (scoring, ko, suicide, komi, passes),
            "{name}"
        );
        assert_eq!(r.size, BoardSize::square(19));
        let expected_dead = if name == "tromp-taylor" {
            DeadStones::None
        } else {
            DeadStones::Agree
        };
        assert_eq!(r.dead_stones, expected_dead, "{name}");
    }
    assert_eq!(load("classic").komi.for_size(BoardSize::square(13)), 3.5);
}

#[test]
fn overrides_and_errors_name_the_key() {
    let (r, _) = GoRules::load(Some("classic"), &["komi=7".into(), "size=[9, 13]".into()]).unwrap();
    assert_eq!(r.effective_komi(), 7.0);
    assert_eq!(
        r.size,
        BoardSize {
            width: 9,
            height: 13
        }
    );
    let (r, _) = GoRules::load(None, &["handicap=4".into()]).unwrap();
    assert_eq!(r.effective_komi(), 0.5);
    let bad = [
        ("komi=6.3", "whole or half"),
        ("size=0", "from 2 to 25"),
        ("size=[3]", "[width, height]"),
        ("scoring=japanese", "expected `territory` or `area`"),
        ("suicide=maybe", "suicide"),
        ("handicap=9", ""),
        ("handicap=1", "0 (none) or 2 to 9"),
        ("nokey", "key=value"),
    ];
    for (o, needle) in bad {
        let result = GoRules::load(None, &[o.to_string()]);
        if o == "handicap=9" {
            assert!(result.is_ok(), "9 stones fit 19x19");
            continue;
        }
        let e = result.expect_err(o).to_string();
        assert!(e.contains(needle), "{o}: {e}");
    }
    let e = GoRules::load(None, &["handicap=6".into(), "size=13".into()]).unwrap_err();
    assert!(e.to_string().contains("13x13 board takes 2 to 5"), "{e}");
}
