//! The rules engine: [`Connect6`] implements [`stones_core::Game`] on a
//! [`stones_core::row_board::RowGame`]. A move's win is found by walking the four lines through each
//! stone it places. Only the mover's stones are placed, so a six (or more) is the mover's, made by
//! either stone of the pair. A turn is one stone on Black's first move (an empty board with Black to
//! move) and two after, or one when a single empty point is left; a full board is a draw.

use crate::moves::{Connect6Illegal, Connect6Move, TURN};
use crate::rules::Connect6Rules;
use stones_core::placement::{self, End};
use stones_core::row_board::RowGame;
use stones_core::rows::Goal;
use stones_core::text_render::GridLayout;
use stones_core::turn;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, PlaceRefused, Point, Rng};
use stones_core::{RuleSet, RulesError, SetupError, Status};

/// Six or more in a row wins.
pub(crate) const SIX: Goal = Goal::or_more(6);

/// A game of Connect6 under [`Connect6Rules`] (refreshed in place by `clone_from`: see
/// `stones_core::clone_in_place`).
#[derive(Debug, PartialEq)]
pub struct Connect6 {
    rules: Connect6Rules,
    /// The stones, the side to move with the moves since the setup, and how the game ended.
    pub(crate) row: RowGame<Connect6Move>,
}

stones_core::clone_in_place!(Connect6 { rules, row } shared {});

impl Connect6 {
    /// The moves played since the start (or the setup), in order.
    pub fn history(&self) -> &[Connect6Move] {
        self.row.turns.history()
    }

    /// Whether the next move is Black's one-stone first move: the board is empty, Black to move.
    pub fn is_opening(&self) -> bool {
        self.row.board.is_blank() && self.row.turns.to_move == Colour::Black
    }

    /// Stones the next move places: one on Black's first move or on the last empty point, else two.
    pub fn stones_now(&self) -> usize {
        TURN.now(self.is_opening())
            .min(self.row.board.empties as usize)
    }

    /// What the next move must be, in words.
    fn moves_now(&self) -> &'static str {
        match (self.row.end.is_over(), self.is_opening(), self.stones_now()) {
            (true, ..) => "the game is over",
            (_, true, _) => "Black's first move is one point such as D4; or resign",
            (_, _, 1) => "one empty point is left: the move is that point; or resign",
            _ => "a move is two points such as C3+D4 (or `C3D4`, `C3 D4`); or resign",
        }
    }

    /// The stones of the winning row, from one end to the other, once a six has been made.
    pub fn winning_row(&self) -> Option<Vec<Point>> {
        self.row.winning_row()
    }

    /// Plays `mv` without any legality check, for playouts and search where legality is known.
    pub fn play_unchecked(&mut self, mv: Connect6Move) {
        match mv {
            Connect6Move::Resign => self.row.end = End::Resigned(self.row.turns.to_move),
            _ => mv.points().for_each(|p| self.row.place(p, SIX)),
        }
        self.row.end_turn(mv);
    }
}

impl Game for Connect6 {
    type Move = Connect6Move;
    type Rules = Connect6Rules;
    type Illegal = Connect6Illegal;

    const ABOUT: &'static str =
        "Connect6: six in a row; one stone for Black's first move, then two stones a move";
    const SIZES: &'static [&'static str] = &["19", "15", "13"];
    const TEST_SIZES: &'static [&'static str] = &["6", "7", "[8, 6]"];

    fn help(&self) -> String {
        let now = self.moves_now();
        format!(
            "notation: {}.\nBlack's first move is one point (`D4`); every later move is two \
             points (`C3+D4`, also `C3D4` or `C3 D4`); or `resign`. There is no pass.\n\
             six or more in a row wins, made by either stone of the pair; a full board is a \
             draw.\nnow: {now}\n",
            self.topology().describe_notation()
        )
    }

    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        stones_core::talk::row_outcome_words(outcome, "six in a row")
    }

    /// Little Golem's form (see [`crate::sgf`]); the `result` is the game's own.
    fn to_sgf(&self, _result: Option<&str>, rule: &str) -> Option<String> {
        Some(crate::sgf::write(self, rule))
    }

    /// One value with the points glued (`W[j9l11]`), or a value a point (`W[j9][l11]`).
    fn sgf_move(&self, values: &[&str]) -> Result<Connect6Move, MoveSyntaxError> {
        crate::sgf::read_move(self, &values.concat())
    }

    fn new(rules: Connect6Rules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let row = RowGame::new(rules.size, 2);
        Ok(Connect6 { rules, row })
    }

    stones_core::game_fields!(rules: rules, topology: row.board.grid.topo, to_move: row.turns.to_move);

    /// Any stones but a winning row for both; Black's one-stone first move follows only an empty board
    /// with Black to move.
    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        self.row.set(stones, [SIX; 2], to)
    }

    fn status(&self) -> Status {
        self.row.end.status()
    }

    /// Every empty point (a one-stone turn) or every pair of empty points, lower index first.
    fn legal_moves(&self, out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.row.end.is_over() {
            return;
        }
        let empty: Vec<Point> = self.row.board.empty_points().collect();
        match self.stones_now() {
            1 => out.extend(empty.iter().map(|&p| Connect6Move::One(p))),
            _ => out.extend(turn::pairs(&empty).map(|(p, q)| Connect6Move::Two(p, q))),
        }
    }

    fn check(&self, mv: Connect6Move) -> Result<(), Connect6Illegal> {
        let (topo, taken) = (self.topology(), |p| !self.row.board.is_empty(p));
        PlaceRefused::check(self.row.end.is_over(), topo, mv.points(), taken)?;
        match mv {
            Connect6Move::Two(p, q) if p == q => Err(Connect6Illegal::SamePoint(topo.name(p))),
            Connect6Move::Two(p, _) if self.stones_now() == 1 => {
                Err(Connect6Illegal::OneStoneOpening(topo.name(p)))
            }
            Connect6Move::One(_) if self.stones_now() == 2 => Err(Connect6Illegal::TwoStonesNeeded),
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: Connect6Move) -> Result<(), Connect6Illegal> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    fn undo(&mut self) -> bool {
        self.row.undo(Connect6Move::points)
    }

    /// The text form of [`crate::moves`]: one or two points, or `resign`; the errors say what the
    /// move must be now.
    fn parse_move(&self, text: &str) -> Result<Connect6Move, MoveSyntaxError> {
        let (topo, moves) = (self.topology(), self.moves_now());
        match text.trim().to_ascii_lowercase().as_str() {
            "resign" => Ok(Connect6Move::Resign),
            "pass" => Err(MoveSyntaxError {
                text: text.trim().into(),
                why: format!("there is no pass in Connect6: {moves}"),
            }),
            _ => match turn::parse_points(topo, text, TURN.most(), moves, true)?.as_slice() {
                [a, b] => Ok(Connect6Move::two(*a, *b)),
                [one, ..] => Ok(Connect6Move::One(*one)),
                [] => unreachable!("parse_points reads at least one point"),
            },
        }
    }

    /// `K10`, `K10+L11` (the lower index first), `resign`.
    fn move_text(&self, mv: Connect6Move) -> String {
        match mv {
            Connect6Move::One(p) => self.topology().name(p),
            Connect6Move::Two(a, b) => {
                turn::points_text(self.topology(), &[a.min(b), a.max(b)], "+")
            }
            Connect6Move::Resign => "resign".into(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.row.board.stone(p)
    }

    fn hash(&self) -> u64 {
        self.row.hash()
    }

    /// The shared picture, three columns a point as Gomoku draws: the last move's stones in `( )`,
    /// the winning row in `[ ]`, and under the board the last move when it was a resignation.
    fn render(&self, colour: bool) -> String {
        let said = (self.row.turns.last() == Some(Connect6Move::Resign)).then_some("resign");
        placement::render(self, colour, said, |deco| deco.layout = GridLayout::ROWS)
    }

    /// The last move's stones, and the winning row once there is one.
    fn decorations(&self) -> Decorations {
        let last = self
            .row
            .turns
            .last()
            .into_iter()
            .flat_map(Connect6Move::points);
        placement::decorations(last, self.winning_row())
    }

    /// A random legal move without listing them: a random empty point, then (for a pair) a random
    /// other one (see [`stones_core::row_board::RowBoard::random_empty`]). Allocates nothing.
    fn random_move(&self, rng: &mut Rng) -> Option<Connect6Move> {
        if self.row.end.is_over() {
            return None;
        }
        let p = self.row.board.random_empty(rng, None)?;
        match self.stones_now() {
            1 => Some(Connect6Move::One(p)),
            _ => Some(Connect6Move::two(
                p,
                self.row.board.random_empty(rng, Some(p))?,
            )),
        }
    }
}
