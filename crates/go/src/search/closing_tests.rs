//! When passing back ends a game the mover has won: the score with the dead stones the ownership
//! shows, by more than the unsettled points could change.

use crate::game::{GoGame, GoMove};
use crate::rules::GoRules;
use stones_core::{BoardSize, Colour, Game, RuleSet, SearchGame};

/// A 5×5 game under `ruleset`: Black walls column B (its territory: A), White walls C and E (its
/// territory: D), then Black passes and White is to move.
fn after_black_pass(ruleset: &str) -> GoGame {
    let rules = GoRules {
        size: BoardSize::square(5),
        ..GoRules::load(Some(ruleset), &[]).unwrap().0
    };
    let mut g = GoGame::new(rules).unwrap();
    let row = [
        None,
        Some(Colour::Black),
        Some(Colour::White),
        None,
        Some(Colour::White),
    ];
    let stones: Vec<Option<Colour>> = (0..5).flat_map(|_| row).collect();
    g.set_position(&stones, Colour::Black).unwrap();
    g.play(GoMove::Pass).unwrap();
    g
}

/// Ownership that gives every point to the colour the walls give it (columns A and B Black's).
fn settled(g: &GoGame) -> Vec<f32> {
    let topo = g.topology();
    topo.points()
        .map(|p| if topo.xy(p).0 < 2 { 1.0 } else { -1.0 })
        .collect()
}

#[test]
fn a_pass_closes_only_after_the_opponents_pass() {
    let g = after_black_pass("classic");
    assert_eq!(g.closing_move(), Some(GoMove::Pass));
    let mut g = g;
    g.play(GoMove::Pass).unwrap();
    assert_eq!(g.closing_move(), None, "play has stopped");
    let fresh = GoGame::new(GoRules::default()).unwrap();
    assert_eq!(fresh.closing_move(), None);
}

#[test]
fn a_settled_win_closes_under_every_ruleset() {
    for ruleset in ["classic", "chinese", "japanese", "egf", "tromp-taylor"] {
        let g = after_black_pass(ruleset);
        assert!(g.closing_wins(&settled(&g)), "{ruleset}");
    }
}

#[test]
fn an_unsettled_board_or_a_loss_does_not_close() {
    let g = after_black_pass("chinese");
    // White leads by 12.5 (15 + 7.5 komi against 10): seven points at 0 could cost 14.
    let mut own = settled(&g);
    for o in own.iter_mut().take(7) {
        *o = 0.0;
    }
    assert!(!g.closing_wins(&own));
    own[6] = 1.0;
    assert!(g.closing_wins(&own), "six unsettled points cost at most 12");
    // The same board with Black to move: passing back loses.
    let mut g = g;
    g.set_to_move(Colour::Black);
    assert!(!g.closing_wins(&settled(&g)));
}

#[test]
fn stones_the_ownership_gives_away_are_counted_dead_where_players_mark_them() {
    // A Black stone on D3, inside White's territory, that every playout captured.
    for (ruleset, closes) in [("chinese", true), ("tromp-taylor", false)] {
        let mut g = after_black_pass(ruleset);
        g.set_komi(0.5).unwrap();
        g.set_to_move(Colour::Black);
        g.play(g.parse_move("D3").unwrap()).unwrap();
        g.set_to_move(Colour::Black);
        g.play(GoMove::Pass).unwrap();
        assert_eq!(g.to_move(), Colour::White);
        let own = settled(&g);
        assert_eq!(
            g.dead_by_ownership(&own),
            vec![g.topology().parse_point("D3").unwrap()]
        );
        // Marked dead, it is White's: 15 + 0.5 against 10. Counted alive (Tromp-Taylor), it
        // makes column D no one's: 10 + 0.5 against 11.
        assert_eq!(g.closing_wins(&own), closes, "{ruleset}");
    }
}

/// A 5×5 game under `ruleset`: Black walls column B, White column D, column C empty between the
/// walls (five dame), then Black passes and White is to move.
fn dame_between_walls(ruleset: &str) -> GoGame {
    let rules = GoRules {
        size: BoardSize::square(5),
        ..GoRules::load(Some(ruleset), &[]).unwrap().0
    };
    let mut g = GoGame::new(rules).unwrap();
    let row = [None, Some(Colour::Black), None, Some(Colour::White), None];
    let stones: Vec<Option<Colour>> = (0..5).flat_map(|_| row).collect();
    g.set_position(&stones, Colour::Black).unwrap();
    g.play(GoMove::Pass).unwrap();
    g
}

/// Ownership as playouts leave it there: columns A and B Black's, D and E White's, the dame of
/// column C filled by either at random (0).
fn walls_settled(g: &GoGame) -> Vec<f32> {
    let topo = g.topology();
    topo.points()
        .map(|p| match topo.xy(p).0 {
            0 | 1 => 1.0,
            2 => 0.0,
            _ => -1.0,
        })
        .collect()
}

#[test]
fn dame_between_settled_walls_do_not_keep_a_won_game_going() {
    for ruleset in ["classic", "chinese", "japanese", "egf", "tromp-taylor"] {
        let g = dame_between_walls(ruleset);
        let own = walls_settled(&g);
        let dame = g.dame_points(&own);
        let topo = g.topology();
        for p in topo.points() {
            assert_eq!(
                dame[p.idx()],
                topo.xy(p).0 == 2,
                "{ruleset} {}",
                topo.name(p)
            );
        }
        // Five points apart and komi for White: five unsettled points (ten points) used to stop it.
        assert!(g.closing_wins(&own), "{ruleset}");
        // Black to move loses by komi: no pass back.
        let mut lost = g.clone();
        lost.set_to_move(Colour::Black);
        assert!(!lost.closing_wins(&own), "{ruleset}");
    }
}

#[test]
fn a_point_beside_an_unsettled_chain_is_no_dame() {
    let g = dame_between_walls("chinese");
    let mut own = walls_settled(&g);
    // Black's wall alive in only half the playouts: the gap beside it is not neutral yet.
    let topo = g.topology();
    for p in topo.points().filter(|&p| topo.xy(p).0 == 1) {
        own[p.idx()] = 0.5;
    }
    assert!(g.dame_points(&own).iter().all(|&d| !d));
    assert!(!g.closing_wins(&own));
}
