//! The rules engine: [`Connect6`] implements [`stones_core::Game`] on a
//! [`stones_core::row_board::RowBoard`]. A move's win is found by walking the four lines through each
//! stone it places. Only the mover's stones are placed, so a six (or more) is the mover's, made by
//! either stone of the pair. A turn is one stone on Black's first move (an empty board with Black to
//! move) and two after, or one when a single empty point is left; a full board is a draw.

use crate::moves::{self, Connect6Illegal, Connect6Move, TURN};
use crate::rules::Connect6Rules;
use stones_core::placement::{self, Turns};
use stones_core::row_board::RowBoard;
use stones_core::rows::Goal;
use stones_core::text_render::GridLayout;
use stones_core::turn;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, PlaceRefused, Point, Rng};
use stones_core::{RuleSet, RulesError, SetupError, Status};

/// Six or more in a row wins.
pub(crate) const SIX: Goal = Goal::or_more(6);

/// How the game ended, if it has: a six keeps a point of its row and its line.
pub(crate) type End = placement::End<(Point, u8)>;

/// A game of Connect6 under [`Connect6Rules`].
#[derive(Clone, Debug, PartialEq)]
pub struct Connect6 {
    rules: Connect6Rules,
    pub(crate) board: RowBoard,
    /// The side to move and the moves played since the setup.
    pub(crate) turns: Turns<Connect6Move>,
    pub(crate) end: End,
}

impl Connect6 {
    /// The moves played since the start (or the setup), in order.
    pub fn history(&self) -> &[Connect6Move] {
        self.turns.history()
    }

    /// Whether the next move is Black's one-stone first move: the board is empty, Black to move.
    pub fn is_opening(&self) -> bool {
        self.board.empties as usize == self.board.grid.len() && self.turns.to_move == Colour::Black
    }

    /// Stones the next move places: one on Black's first move or on the last empty point, else two.
    pub fn stones_now(&self) -> usize {
        TURN.now(self.is_opening()).min(self.board.empties as usize)
    }

    /// What the next move must be, in words.
    fn moves_now(&self) -> &'static str {
        match (self.end.is_over(), self.is_opening(), self.stones_now()) {
            (true, ..) => "the game is over",
            (_, true, _) => "Black's first move is one point such as D4; or resign",
            (_, _, 1) => "one empty point is left: the move is that point; or resign",
            _ => "a move is two points such as C3+D4 (or `C3D4`, `C3 D4`); or resign",
        }
    }

    /// The stones of the winning row, from one end to the other, once a six has been made.
    pub fn winning_row(&self) -> Option<Vec<Point>> {
        self.board.winning_row(self.end)
    }

    /// Puts a stone of the side to move on the empty point `p`; the first six ends the game.
    pub(crate) fn place(&mut self, p: Point) {
        let c = self.turns.to_move;
        if let (Some(line), End::No) = (self.board.put(p, c, SIX), self.end) {
            self.end = End::Won(c, (p, line));
        }
    }

    /// Ends the turn of `mv`, whose stones are placed: a full board is a draw; the other side moves.
    pub(crate) fn end_turn(&mut self, mv: Connect6Move) {
        if self.end == End::No && self.board.empties == 0 {
            self.end = End::Drawn("board full");
        }
        self.turns.played(mv);
    }

    /// Plays `mv` without any legality check, for playouts and search where legality is known.
    pub fn play_unchecked(&mut self, mv: Connect6Move) {
        match mv {
            Connect6Move::Resign => self.end = End::Resigned(self.turns.to_move),
            _ => mv.points().for_each(|p| self.place(p)),
        }
        self.end_turn(mv);
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
        stones_core::talk::row_outcome_words(outcome, "6", "six in a row")
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
        let board = RowBoard::new(rules.size);
        Ok(Connect6 {
            turns: Turns::new(board.grid.len() / 2 + 2),
            board,
            rules,
            end: End::No,
        })
    }

    stones_core::game_fields!(rules: rules, topology: board.grid.topo, to_move: turns.to_move);

    /// Any stones but a winning row for both; Black's one-stone first move follows only an empty board
    /// with Black to move.
    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        self.end = self.board.set(stones, [SIX; 2])?;
        self.turns.restart(to);
        Ok(())
    }

    fn status(&self) -> Status {
        self.end.status("6")
    }

    /// Every empty point (a one-stone turn) or every pair of empty points, lower index first.
    fn legal_moves(&self, out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.end.is_over() {
            return;
        }
        let empty: Vec<Point> = self.board.empty_points().collect();
        match self.stones_now() {
            1 => out.extend(empty.iter().map(|&p| Connect6Move::One(p))),
            _ => out.extend(turn::pairs(&empty).map(|(p, q)| Connect6Move::Two(p, q))),
        }
    }

    fn check(&self, mv: Connect6Move) -> Result<(), Connect6Illegal> {
        let (topo, taken) = (self.topology(), |p| !self.board.is_empty(p));
        PlaceRefused::check(self.end.is_over(), topo, mv.points(), taken)?;
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
        let Some((mv, c)) = self.turns.take_back() else {
            return false;
        };
        mv.points().for_each(|p| self.board.take(p, c));
        self.end = End::No;
        true
    }

    fn parse_move(&self, text: &str) -> Result<Connect6Move, MoveSyntaxError> {
        moves::parse(self.topology(), text, self.moves_now())
    }

    fn move_text(&self, mv: Connect6Move) -> String {
        moves::text(self.topology(), mv)
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.board.stone(p)
    }

    fn hash(&self) -> u64 {
        self.board.hash ^ self.turns.side_key(self.topology())
    }

    /// The shared picture, three columns a point as Gomoku draws: the last move's stones in `( )`,
    /// the winning row in `[ ]`, and under the board the last move when it was a resignation.
    fn render(&self, colour: bool) -> String {
        let said = (self.turns.last() == Some(Connect6Move::Resign)).then_some("resign");
        placement::render(self, colour, said, |deco| deco.layout = GridLayout::ROWS)
    }

    /// The last move's stones, and the winning row once there is one.
    fn decorations(&self) -> Decorations {
        let last = self.turns.last().into_iter().flat_map(Connect6Move::points);
        placement::decorations(last, self.winning_row())
    }

    /// A random legal move without listing them: a random empty point, then (for a pair) a random
    /// other one (see [`RowBoard::random_empty`]). Allocates nothing.
    fn random_move(&self, rng: &mut Rng) -> Option<Connect6Move> {
        if self.end.is_over() {
            return None;
        }
        let p = self.board.random_empty(rng, None)?;
        match self.stones_now() {
            1 => Some(Connect6Move::One(p)),
            _ => Some(Connect6Move::two(p, self.board.random_empty(rng, Some(p))?)),
        }
    }
}
