//! A Pente written with stones-core's helpers alone, as a game crate outside the workspace would
//! write it from the `stones new-game` template: five in a row wins; a stone that flanks a pair of
//! the opponent's (X O O X) takes it; five pairs taken win. Its stones, turns, captures and end
//! are a `row_board::RowGame`, so its undo, its Zobrist hash (the capture counts included) and its
//! unchecked fast path are the helper's. The guide (crates/README.md, "Reuse before you write")
//! shows its `play_unchecked`.

use serde::{Deserialize, Serialize};
use stones_core::contract::{self, play_said, set_up};
use stones_core::placement::{self, End};
use stones_core::row_board::RowGame;
use stones_core::rows::Goal;
use stones_core::zobrist::extra_key;
use stones_core::{BoardSize, Builtin, Colour, Decorations, Game, MoveSyntaxError, Outcome};
use stones_core::{PlaceRefused, Point, PointMove, Rng, RuleSet, RulesError, SearchGame};
use stones_core::{SetupError, Status};

/// The rules: the board, the row that wins and the pairs that win.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PenteRules {
    pub size: BoardSize,
    /// How many in a row win (or more).
    pub row: u32,
    /// How many pairs taken win.
    pub pairs: u32,
}

impl Default for PenteRules {
    fn default() -> Self {
        PenteRules {
            size: BoardSize::square(19),
            row: 5,
            pairs: 5,
        }
    }
}

impl RuleSet for PenteRules {
    const GAME: &'static str = "pente";
    // A crate writes `stones_core::builtin_rulesets!("standard", "small")` over its `rulesets/`.
    const BUILTIN: &'static [Builtin] = &[
        Builtin {
            name: "standard",
            text: "description = \"Pente on 19x19\"\nsize = 19\nrow = 5\npairs = 5\n",
        },
        Builtin {
            name: "small",
            text: "description = \"four in a row or three pairs on 9x9\"\nsize = 9\nrow = 4\npairs = 3\n",
        },
    ];

    fn validate(&self) -> Result<(), String> {
        self.size.check(5..=19)?;
        let ok = (3..=5).contains(&self.row);
        stones_core::rules::check_key("row", self.row, ok, "must be from 3 to 5")?;
        let ok = (1..=10).contains(&self.pairs);
        stones_core::rules::check_key("pairs", self.pairs, ok, "must be from 1 to 10")
    }
}

/// A game of Pente: the template's game with three lines more in `play_unchecked`.
#[derive(Debug, PartialEq)]
pub struct Pente {
    rules: PenteRules,
    row: RowGame<PointMove>,
}

stones_core::clone_in_place!(Pente { rules, row } shared {});

impl Pente {
    fn goal(&self) -> Goal {
        Goal::or_more(self.rules.row)
    }

    /// Plays `mv`, which must be legal, without checking: the search's fast path.
    pub fn play_unchecked(&mut self, mv: PointMove) {
        match mv {
            PointMove::Place(p) => {
                self.row.place(p, self.goal());
                self.row.take_flanked(p, 2);
                self.row.win_by_captures(2 * self.rules.pairs, p);
            }
            PointMove::Resign => self.row.end = End::Resigned(self.row.turns.to_move),
            PointMove::Pass => {}
        }
        self.row.end_turn(mv);
    }
}

impl Game for Pente {
    type Move = PointMove;
    type Rules = PenteRules;
    type Illegal = PlaceRefused;

    const ABOUT: &'static str = "Pente: five in a row, or five pairs taken";
    // The small ruleset wants 4 in a row, so no board under 5.
    const TEST_SIZES: &'static [&'static str] = &["5", "7"];

    fn new(rules: PenteRules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let row = RowGame::new(rules.size, 1);
        Ok(Pente { rules, row })
    }

    stones_core::game_fields!(rules: rules, topology: row.board.grid.topo, to_move: row.turns.to_move);

    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        let goal = self.goal();
        self.row.set(stones, [goal; 2], to)
    }

    fn status(&self) -> Status {
        self.row.end.status()
    }

    fn legal_moves(&self, out: &mut Vec<PointMove>) {
        out.clear();
        if !self.row.end.is_over() {
            out.extend(self.row.board.empty_points().map(PointMove::Place));
        }
    }

    fn check(&self, mv: PointMove) -> Result<(), PlaceRefused> {
        let taken = |p| !self.row.board.is_empty(p);
        mv.check(self.row.end.is_over(), self.topology(), false, taken)
    }

    fn play(&mut self, mv: PointMove) -> Result<(), PlaceRefused> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    fn undo(&mut self) -> bool {
        self.row.undo(PointMove::point)
    }

    fn parse_move(&self, text: &str) -> Result<PointMove, MoveSyntaxError> {
        PointMove::parse(self.topology(), text, false)
    }

    fn move_text(&self, mv: PointMove) -> String {
        mv.text(self.topology())
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.row.board.stone(p)
    }

    fn hash(&self) -> u64 {
        self.row.hash()
    }

    /// The stones each side has taken (a pair is two).
    fn captures(&self) -> [u32; 2] {
        self.row.captures()
    }

    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        let how = match self.row.won_by_captures() {
            true => format!("{} pairs taken", self.rules.pairs),
            false => format!("{} in a row", self.rules.row),
        };
        stones_core::talk::row_outcome_words(outcome, &how)
    }

    fn decorations(&self) -> Decorations {
        let last = self.row.turns.last().and_then(PointMove::point);
        placement::decorations(last, self.row.winning_row())
    }

    fn random_move(&self, rng: &mut Rng) -> Option<PointMove> {
        match self.row.end.is_over() {
            true => None,
            false => self.row.board.random_empty(rng, None).map(PointMove::Place),
        }
    }
}

impl SearchGame for Pente {
    stones_core::move_steps!();
    stones_core::placement_steps!(PointMove::Place);
}

fn pente(size: u16) -> Pente {
    let set = [format!("size={size}")];
    Pente::new(PenteRules::load(None, &set).unwrap().0).unwrap()
}

fn at(g: &Pente, name: &str) -> Point {
    g.topology().parse_point(name).unwrap()
}

/// The hash from scratch: the stones' keys, the side's and the counts' (`extra_key`, slot 0 for
/// Black's and 1 for White's, no term while a count is 0).
fn hash_from_scratch(g: &Pente) -> u64 {
    let topo = g.topology();
    let stones = topo.points().filter_map(|p| Some(topo.key(p, g.stone(p)?)));
    let side = match g.to_move() {
        Colour::Black => 0,
        Colour::White => topo.side_key(),
    };
    let counts = Colour::BOTH.map(|c| {
        let (slot, n) = (c.idx() as u32, u64::from(g.captures()[c.idx()]));
        extra_key(slot, 0) ^ extra_key(slot, n)
    });
    stones.fold(side ^ counts[0] ^ counts[1], |h, k| h ^ k)
}

const PAIR: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . x o o . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn a_flanked_pair_is_taken_and_the_undo_puts_it_back_with_the_count_and_the_hash() {
    let mut g = pente(7);
    set_up(&mut g, PAIR, Colour::Black);
    let (before, hash) = (g.clone(), g.hash());
    assert_eq!(hash, hash_from_scratch(&g));

    play_said(&mut g, "E4").unwrap();
    assert_eq!((g.stone(at(&g, "C4")), g.stone(at(&g, "D4"))), (None, None));
    assert_eq!(g.stone(at(&g, "E4")), Some(Colour::Black));
    assert_eq!(g.captures(), [2, 0]);
    assert_eq!(g.status(), Status::Ongoing);
    let e4 = PointMove::Place(at(&g, "E4"));
    assert_eq!(
        g.move_notes(Colour::Black, e4, [0, 0]),
        ["Black captures 2"]
    );
    assert_eq!(g.hash(), hash_from_scratch(&g));
    // The same stones without the count are another position.
    let mut same_stones = g.clone();
    let stones: Vec<_> = g.topology().points().map(|p| g.stone(p)).collect();
    same_stones.set_position(&stones, Colour::White).unwrap();
    assert_ne!(same_stones.hash(), g.hash());

    // The point taken is empty again and can be played; White plays into the gap: no capture.
    play_said(&mut g, "C4").unwrap();
    play_said(&mut g, "A1").unwrap();
    play_said(&mut g, "D4").unwrap();
    assert_eq!(g.captures(), [2, 0]);

    for _ in 0..3 {
        assert!(g.undo());
    }
    // The later moves' undo leaves E4's capture alone; E4's own puts the pair back.
    assert_eq!((g.captures(), g.stone(at(&g, "C4"))), ([2, 0], None));
    assert!(g.undo());
    assert_eq!(g, before);
    assert_eq!(g.hash(), hash);
    assert!(!g.undo());
}

#[test]
fn three_are_not_a_pair_and_the_edge_flanks_nothing() {
    let mut g = pente(7);
    set_up(
        &mut g,
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . x o o o . .
        . . . . . . .
        . . . . . . o
        . . . . . . o",
        Colour::Black,
    );
    play_said(&mut g, "F4").unwrap(); // X O O O X: nothing taken
    play_said(&mut g, "A7").unwrap();
    play_said(&mut g, "G3").unwrap(); // above the pair at the edge: nothing beyond it
    assert_eq!(g.captures(), [0, 0]);
    let white = g
        .topology()
        .points()
        .filter(|&p| g.stone(p) == Some(Colour::White));
    assert_eq!(white.count(), 6);
}

#[test]
fn one_stone_taking_five_pairs_wins_and_its_undo_restores_everything() {
    let mut g = pente(7);
    set_up(
        &mut g,
        "
        . . . x . . x
        . . . o . o .
        . . . o o . .
        x o o . o o x
        . . . o . . .
        . . . o . . .
        . . . x . . .",
        Colour::Black,
    );
    let (before, hash) = (g.clone(), g.hash());
    play_said(&mut g, "D4").unwrap();
    assert_eq!(g.captures(), [10, 0]);
    let outcome = Outcome::win(Colour::Black, "");
    assert_eq!(g.status(), Status::Over(outcome.clone()));
    let words = g.outcome_words(&outcome).unwrap();
    assert_eq!(words, "Black wins with 5 pairs taken");
    assert!(g.decorations().highlight.is_empty(), "no row to draw");
    assert_eq!(g.hash(), hash_from_scratch(&g));
    assert_eq!(play_said(&mut g, "A1").unwrap_err(), "the game is over");
    assert!(g.undo());
    assert_eq!((g.clone(), g.hash()), (before, hash));
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn five_in_a_row_still_wins_and_draws_its_row() {
    let mut g = pente(7);
    set_up(
        &mut g,
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        x x x x . . .
        . . . . . . .
        o o o o . . .
        . . . . . . .",
        Colour::Black,
    );
    play_said(&mut g, "E4").unwrap();
    assert!(matches!(g.status(), Status::Over(o) if o.winner == Some(Colour::Black)));
    assert_eq!(g.decorations().highlight.len(), 5);
    let words = g.outcome_words(&Outcome::win(Colour::Black, "")).unwrap();
    assert_eq!(words, "Black wins with 5 in a row");
}

#[test]
fn the_fast_path_plays_as_play_does() {
    let mut rng = Rng::new(7);
    let mut checked = pente(9);
    let mut fast = checked.search_copy();
    let mut moves = Vec::new();
    while checked.status() == Status::Ongoing {
        checked.legal_moves(&mut moves);
        let mv = moves[rng.below(moves.len())];
        checked.play(mv).unwrap();
        fast.play_fast(mv);
        assert_eq!((&fast, fast.hash()), (&checked, checked.hash()));
    }
}

#[test]
fn random_games_keep_the_contract_and_take_pairs() {
    let played = contract::check_search_game::<Pente>(37, 12, 120).unwrap();
    assert!(played > 0);
    // The random games take pairs, so the contract's undo checks cover captures.
    let mut rng = Rng::new(5);
    let mut took = 0;
    for _ in 0..20 {
        let mut g = pente(7);
        let mut trail = stones_core::Trail::new(g.topology().len());
        g.rollout(&mut rng, 200, &mut trail);
        took += g.captures()[0] + g.captures()[1];
        assert!(matches!(g.status(), Status::Over(_)));
    }
    assert!(took > 0);
    contract::check_rulesets::<PenteRules>("standard").unwrap();
}
