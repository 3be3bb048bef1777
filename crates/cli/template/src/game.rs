//! The rules of __NAME__: [`__TYPE__`] on a `RowGame` (the stones, the turns and the end of an
//! n-in-a-row game, from stones-core), with a move that is a point or a resignation.

use crate::__TYPE__Rules;
use stones_core::placement::{self, End};
use stones_core::row_board::RowGame;
use stones_core::rows::Goal;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, PlaceRefused, PointMove};
use stones_core::{Point, Rng, RuleSet, RulesError, SearchGame, SetupError, Status};

/// A game of __NAME__ under [`__TYPE__Rules`].
#[derive(Debug, PartialEq)]
pub struct __TYPE__ {
    rules: __TYPE__Rules,
    /// The stones, the side to move with the moves since the start, and how the game ended.
    row: RowGame<PointMove>,
}

// `clone_from` refreshes a copy in place, so the search's playouts allocate nothing.
stones_core::clone_in_place!(__TYPE__ { rules, row } shared {});

impl __TYPE__ {
    /// The row that wins: `k` or more.
    fn goal(&self) -> Goal {
        Goal::or_more(self.rules.k)
    }

    /// Plays `mv`, which must be legal, without checking: the search's fast path.
    pub fn play_unchecked(&mut self, mv: PointMove) {
        match mv {
            PointMove::Place(p) => self.row.place(p, self.goal()),
            PointMove::Resign => self.row.end = End::Resigned(self.row.turns.to_move),
            PointMove::Pass => {}
        }
        self.row.end_turn(mv);
    }
}

impl Game for __TYPE__ {
    type Move = PointMove;
    type Rules = __TYPE__Rules;
    type Illegal = PlaceRefused;

    const ABOUT: &'static str = "__NAME__: k in a row on a square board";
    const SIZES: &'static [&'static str] = &["7", "9", "5"];
    /// The contract test's boards: each must pass `validate` with the default `k` (4).
    const TEST_SIZES: &'static [&'static str] = &["4", "5"];

    fn new(rules: __TYPE__Rules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let row = RowGame::new(rules.size, 1);
        Ok(__TYPE__ { rules, row })
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

    /// `Black wins with 4 in a row`, `a draw (board full)`.
    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        let row = format!("{} in a row", self.rules.k);
        stones_core::talk::row_outcome_words(outcome, &row)
    }

    /// The last stone and, once there is one, the winning row.
    fn decorations(&self) -> Decorations {
        let last = self.row.turns.last().and_then(PointMove::point);
        placement::decorations(last, self.row.winning_row())
    }

    /// A random empty point, without listing the moves: the playouts' move.
    fn random_move(&self, rng: &mut Rng) -> Option<PointMove> {
        match self.row.end.is_over() {
            true => None,
            false => self.row.board.random_empty(rng, None).map(PointMove::Place),
        }
    }
}

/// What the search needs: every move is one step, and the fast path is `play_unchecked`. Knowledge
/// (priors, a playout policy) is optional: see `SearchGame`.
impl SearchGame for __TYPE__ {
    stones_core::move_steps!();
    stones_core::placement_steps!(PointMove::Place);
}
