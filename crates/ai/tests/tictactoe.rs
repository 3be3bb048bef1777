//! A new game from nothing: tic-tac-toe on 3 × 3, as crates/README.md builds it step by step.
//!
//! This file is the guide's example, compiled and run by `cargo test`, so the guide cannot rot: a
//! ruleset, the `Game` contract (checked by the generic random-game test every registered game
//! runs), and `SearchGame`, which is all the search needs to play it perfectly.

use serde::{Deserialize, Serialize};
use std::fmt;
use stones_ai::{Mcts, SearchOptions, RESIGN_MOVES};
use stones_core::contract::check_random_games;
use stones_core::placement::{self, Turns};
use stones_core::{
    Adjacency, Builtin, Colour, Game, MoveSyntaxError, Outcome, Point, RuleSet, RulesError, Score,
    SearchGame, SetupError, Status, Topology,
};

/// Step 1 — the rules: a typed struct with defaults, read from TOML. Tic-tac-toe has one key.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct TicTacToeRules {
    /// The ruleset's one line for `stones list`.
    description: String,
    /// Whether O moves first instead of X.
    o_first: bool,
}

impl RuleSet for TicTacToeRules {
    const GAME: &'static str = "tictactoe";
    // A game crate compiles in `rulesets/<game>/*.toml` with `builtin_rulesets!`; inline here.
    const BUILTIN: &'static [Builtin] = &[Builtin {
        name: "standard",
        text: "description = \"X moves first\"\n",
    }];
}

/// Step 2 — the moves: a typed form. Every game's text form must round-trip (`b2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    At(Point),
    Resign,
}

/// Why a move was refused: the one rule of tic-tac-toe besides the end.
#[derive(Clone, Debug, PartialEq)]
enum Refused {
    Occupied(String),
    Over,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Occupied(p) => write!(f, "occupied: {p} already has a stone"),
            Refused::Over => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for Refused {}

/// Step 3 — the state: flat arrays indexed by point, and the turns of stones-core (whose move it is,
/// and the moves since the setup, which undo takes back).
#[derive(Clone, Debug, PartialEq)]
struct TicTacToe {
    rules: TicTacToeRules,
    topo: Topology,
    cells: [Option<Colour>; 9],
    resigned: Option<Colour>,
    turns: Turns<Mark>,
}

/// The eight lines of three, as point indices.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    fn line_winner(&self) -> Option<Colour> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(c) && self.cells[l[2]] == Some(c)).then_some(c)
        })
    }
}

/// Step 4 — the contract. Every method is explained in crates/README.md.
impl Game for TicTacToe {
    type Move = Mark;
    type Rules = TicTacToeRules;
    type Illegal = Refused;
    const ABOUT: &'static str = "Tic-tac-toe: three in a row on 3 x 3";
    const TEST_SIZES: &'static [&'static str] = &[];

    fn new(rules: TicTacToeRules) -> Result<Self, RulesError> {
        let mut turns = Turns::new(10);
        if rules.o_first {
            turns.restart(Colour::White);
        }
        Ok(TicTacToe {
            rules,
            topo: Topology::square(3, 3, Adjacency::King),
            cells: [None; 9],
            resigned: None,
            turns,
        })
    }

    // The items that only read a field, written by a macro of stones-core.
    stones_core::game_fields!(rules: rules, topology: topo, to_move: turns.to_move);

    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        placement::setup_size(stones.len(), 9)?;
        self.cells.copy_from_slice(stones);
        self.resigned = None;
        self.turns.restart(to_move);
        Ok(())
    }

    fn status(&self) -> Status {
        if let Some(loser) = self.resigned {
            return Status::Over(Outcome::resignation(loser));
        }
        match self.line_winner() {
            Some(w) => Status::Over(Outcome {
                winner: Some(w),
                result: format!("{}+", w.letter()),
            }),
            None if self.cells.iter().all(Option::is_some) => Status::Over(Outcome {
                winner: None,
                result: "Draw".into(),
            }),
            None => Status::Ongoing,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Mark>) {
        out.clear();
        if self.status() == Status::Ongoing {
            let empty = (0..9).filter(|&i| self.cells[i].is_none());
            out.extend(empty.map(|i| Mark::At(Point(i as u16))));
        }
    }

    fn check(&self, mv: Mark) -> Result<(), Refused> {
        if self.status() != Status::Ongoing {
            return Err(Refused::Over);
        }
        match mv {
            Mark::At(p) if self.cells[p.idx()].is_some() => {
                Err(Refused::Occupied(self.topo.name(p)))
            }
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: Mark) -> Result<(), Refused> {
        stones_core::play_checked(self, mv, Self::play_fast)
    }

    fn undo(&mut self) -> bool {
        match self.turns.take_back() {
            Some((Mark::At(p), _)) => self.cells[p.idx()] = None,
            Some((Mark::Resign, _)) => self.resigned = None,
            None => return false,
        }
        true
    }

    fn parse_move(&self, text: &str) -> Result<Mark, MoveSyntaxError> {
        match text.trim() {
            t if t.eq_ignore_ascii_case("resign") => Ok(Mark::Resign),
            t => Ok(Mark::At(self.topo.parse_point(t)?)),
        }
    }

    fn move_text(&self, mv: Mark) -> String {
        match mv {
            Mark::At(p) => self.topo.name(p),
            Mark::Resign => "resign".into(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.cells[p.idx()]
    }

    fn captures(&self) -> [u32; 2] {
        [0, 0]
    }

    fn score(&self) -> Score {
        let won = |c| f64::from(u8::from(self.line_winner() == Some(c)));
        Score {
            black: won(Colour::Black),
            white: won(Colour::White),
        }
    }

    fn hash(&self) -> u64 {
        let cells = self
            .cells
            .iter()
            .fold(0u64, |h, c| h * 3 + c.map_or(0, |c| c.idx() as u64 + 1));
        cells * 4 + self.turns.to_move.idx() as u64 * 2 + u64::from(self.resigned.is_some())
    }
}

/// Step 5 — what the search needs: a move is one step, played on the fast path.
impl SearchGame for TicTacToe {
    // A step is a whole move, and the steps are the legal moves.
    stones_core::move_steps!();

    fn play_fast(&mut self, mv: Mark) {
        let c = self.turns.to_move;
        match mv {
            Mark::At(p) => self.cells[p.idx()] = Some(c),
            Mark::Resign => self.resigned = Some(c),
        }
        self.turns.played(mv);
    }

    fn step_point(step: Mark) -> Option<Point> {
        match step {
            Mark::At(p) => Some(p),
            Mark::Resign => None,
        }
    }
}

fn new_game() -> TicTacToe {
    let (rules, _) = TicTacToeRules::load(None, &[]).unwrap();
    TicTacToe::new(rules).unwrap()
}

fn play(game: &mut TicTacToe, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = game.parse_move(m).unwrap();
        game.play(mv).unwrap();
    }
}

#[test]
fn the_generic_contract_holds() {
    let played = check_random_games(&new_game(), 7, 200, 20).unwrap();
    assert!(played > 1000, "{played}");
}

#[test]
fn three_in_a_row_wins_and_a_full_board_draws() {
    let mut game = new_game();
    play(&mut game, "a1 b1 a2 b2 a3");
    assert_eq!(
        game.status(),
        Status::Over(Outcome {
            winner: Some(Colour::Black),
            result: "B+".into()
        })
    );
    assert_eq!(
        game.play(game.parse_move("c3").unwrap()),
        Err(Refused::Over)
    );
    let mut game = new_game();
    play(&mut game, "b2 a1 c1 a3 a2 c2 b1 b3 c3");
    assert!(matches!(
        game.status(),
        Status::Over(Outcome { winner: None, .. })
    ));
}

#[test]
fn an_occupied_point_is_refused_with_its_name() {
    let mut game = new_game();
    play(&mut game, "b2");
    let err = game.play(game.parse_move("b2").unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "occupied: B2 already has a stone");
    assert!(game.parse_move("d4").is_err());
}

#[test]
fn the_search_takes_a_win_and_blocks_a_loss() {
    let options = |seed| SearchOptions {
        playouts: Some(3000),
        threads: 1,
        seed: Some(seed),
        ..SearchOptions::default()
    };
    let mut game = new_game();
    play(&mut game, "a1 b1 a2 b2");
    let thought = Mcts::new(options(1)).think(&game, |_| {});
    assert_eq!(thought.mv.map(|m| game.move_text(m)).as_deref(), Some("A3"));
    let mut game = new_game();
    play(&mut game, "a1 b2 a2");
    let thought = Mcts::new(options(2)).think(&game, |_| {});
    assert_eq!(thought.mv.map(|m| game.move_text(m)).as_deref(), Some("A3"));
}

#[test]
fn perfect_play_draws() {
    let mut game = new_game();
    let options = SearchOptions {
        playouts: Some(4000),
        threads: 1,
        seed: Some(5),
        ..SearchOptions::default()
    };
    while game.status() == Status::Ongoing {
        let mv = Mcts::new(options.clone()).think(&game, |_| {}).mv.unwrap();
        game.play(mv).unwrap();
    }
    assert!(
        matches!(game.status(), Status::Over(Outcome { winner: None, .. })),
        "{}",
        game.render(false)
    );
}

#[test]
fn the_search_resigns_a_lost_game_after_three_moves_only_when_asked() {
    // Black has two threats (a3 and c1); White, to move, can block only one.
    let mut game = new_game();
    play(&mut game, "a1 b3 a2 c2 b1");
    let options = |resign| SearchOptions {
        playouts: Some(2000),
        threads: 1,
        seed: Some(5),
        resign,
        ..SearchOptions::default()
    };
    let mut asked = Mcts::new(options(Some(0.1)));
    let said: Vec<bool> = (0..RESIGN_MOVES)
        .map(|_| asked.think(&game, |_| {}).resign)
        .collect();
    let mut expected = vec![false; RESIGN_MOVES as usize - 1];
    expected.push(true);
    assert_eq!(said, expected, "resigns on the {RESIGN_MOVES}th low move");
    for resign in [None, Some(0.0)] {
        let mut never = Mcts::new(options(resign));
        for _ in 0..RESIGN_MOVES + 1 {
            let thought = never.think(&game, |_| {});
            assert!(thought.win_rate < 0.1 && !thought.resign, "{resign:?}");
        }
    }
}

/// The guided search (no playouts) with evaluators that know nothing or one thing.
mod guided {
    use super::*;
    use stones_ai::guided::{search, GuidedOptions, Judgement, Leaf};

    fn uniform(leaves: &[Leaf<TicTacToe>]) -> Result<Vec<Judgement>, String> {
        Ok(leaves
            .iter()
            .map(|l| Judgement {
                priors: vec![1.0; l.steps.len()],
                value: 0.5,
            })
            .collect())
    }

    #[test]
    fn knowing_nothing_it_plays_legal_steps_and_finds_a_win_by_the_results() {
        let mut game = new_game();
        play(&mut game, "a1 b1 a2 b2");
        let mut calls = 0;
        let found = search(&game, &[], &GuidedOptions::default(), |leaves| {
            calls += 1;
            assert!(leaves.len() <= 8 && leaves.iter().all(|l| !l.steps.is_empty()));
            uniform(leaves)
        })
        .unwrap();
        let a3 = game.parse_move("a3").unwrap();
        assert_eq!(
            found.step,
            Some(a3),
            "the win in one, from the finished leaves"
        );
        assert!(calls > 1 && found.evaluations > 0);
        let total: u64 = found.visits.iter().map(|(_, n)| n).sum();
        assert_eq!(found.visits.len(), 5);
        assert!(total > 0 && found.value > 0.5);
    }

    #[test]
    fn a_prior_on_one_step_makes_the_search_choose_it() {
        let game = new_game();
        let c3 = game.parse_move("c3").unwrap();
        let options = GuidedOptions {
            evaluations: 100,
            ..GuidedOptions::default()
        };
        let found = search(&game, &[], &options, |leaves| {
            Ok(leaves
                .iter()
                .map(|l| Judgement {
                    priors: l.steps.iter().map(|&s| f32::from(s == c3)).collect(),
                    value: 0.5,
                })
                .collect())
        })
        .unwrap();
        assert_eq!(found.step, Some(c3));
    }

    #[test]
    fn an_evaluator_that_fails_or_miscounts_is_an_error() {
        let game = new_game();
        let failed = search(&game, &[], &GuidedOptions::default(), |_| Err("no".into()));
        assert_eq!(failed.err().as_deref(), Some("no"));
        let short = search(&game, &[], &GuidedOptions::default(), |leaves| {
            Ok(leaves
                .iter()
                .map(|_| Judgement {
                    priors: vec![1.0],
                    value: 0.5,
                })
                .collect())
        });
        assert!(short.err().unwrap().contains("1 priors for 9 steps"));
    }
}
