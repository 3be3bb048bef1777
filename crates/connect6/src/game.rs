//! The rules engine: [`Connect6`] implements [`stones_core::Game`].
//!
//! The position is [`stones_core::rows::Grid`]'s padded cell array. A move's win is found by walking the
//! four lines through each stone it places; nothing else is scanned. Only the mover's stones are placed,
//! so a six (or more) is always the mover's, made by either stone of the pair. A turn is one stone on
//! Black's first move (an empty board with Black to move) and two after, or one when a single empty
//! point is left (a full board is a draw).

use crate::moves::{self, Connect6Illegal, Connect6Move, TURN};
use crate::rules::Connect6Rules;
use std::sync::Arc;
use stones_core::rows::{self, Goal, Grid, EMPTY};
use stones_core::{
    Colour, Decorations, Game, MoveSyntaxError, Outcome, Point, Rng, RuleSet, RulesError, Score,
    SetupError, Status, Topology,
};

/// Six or more in a row wins.
pub(crate) const SIX: Goal = Goal {
    n: 6,
    overline_wins: true,
};

/// How the game ended, if it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    No,
    /// `winner` made a row of six or more through `at` along `line` (an index into `Grid::dirs`).
    Six {
        winner: Colour,
        at: Point,
        line: u8,
    },
    FullBoard,
    Resigned(Colour),
}

/// A game of Connect6 under [`Connect6Rules`].
#[derive(Clone, Debug, PartialEq)]
pub struct Connect6 {
    rules: Connect6Rules,
    pub(crate) grid: Arc<Grid>,
    pub(crate) cells: Vec<u8>,
    pub(crate) to_move: Colour,
    pub(crate) empties: u32,
    /// The position set up (or the start) was an empty board with Black to move.
    opens: bool,
    /// Moves played since the setup.
    history: Vec<Connect6Move>,
    pub(crate) end: End,
    hash: u64,
}

impl Connect6 {
    /// The moves played since the start (or the setup), in order.
    pub fn history(&self) -> &[Connect6Move] {
        &self.history
    }

    /// Whether the next move is Black's one-stone first move.
    pub fn is_opening(&self) -> bool {
        self.opens && self.history.is_empty()
    }

    /// Stones the next move places: one on Black's first move or on the last empty point, else two.
    pub fn stones_now(&self) -> usize {
        TURN.now(self.is_opening()).min(self.empties as usize)
    }

    /// What the next move must be, in words.
    pub fn moves_text(&self) -> &'static str {
        moves::moves_text(self.stones_now(), self.is_opening(), self.end != End::No)
    }

    /// The stones of the winning row, from one end to the other, once a six has been made.
    pub fn winning_row(&self) -> Option<Vec<Point>> {
        let End::Six { winner, at, line } = self.end else {
            return None;
        };
        Some(self.grid.row(&self.cells, at, line, rows::cell(winner)))
    }

    /// Puts a stone of the side to move on the empty point `p`; a six through it ends the game.
    pub(crate) fn place(&mut self, p: Point) {
        let (i, c) = (self.grid.pad(p), self.to_move);
        self.cells[i] = rows::cell(c);
        self.empties -= 1;
        self.hash ^= self.grid.topo.key(p, c);
        if self.end == End::No {
            if let Some(line) = self.grid.winning_line(&self.cells, i, rows::cell(c), SIX) {
                self.end = End::Six {
                    winner: c,
                    at: p,
                    line,
                };
            }
        }
    }

    /// Ends the turn of the stones placed: a full board is a draw; the other side moves next.
    pub(crate) fn end_turn(&mut self, mv: Connect6Move) {
        if self.end == End::No && self.empties == 0 {
            self.end = End::FullBoard;
        }
        self.history.push(mv);
        self.to_move = self.to_move.opponent();
        self.hash ^= self.grid.topo.side_key();
    }

    /// Plays `mv` without any legality check, for playouts and search where legality is known.
    pub fn play_unchecked(&mut self, mv: Connect6Move) {
        match mv {
            Connect6Move::Resign => self.end = End::Resigned(self.to_move),
            _ => mv.points().for_each(|p| self.place(p)),
        }
        self.end_turn(mv);
    }

    /// Whether `p` is on the board and empty.
    pub(crate) fn is_empty_point(&self, p: Point) -> bool {
        p.idx() < self.grid.len() && self.cells[self.grid.pad(p)] == EMPTY
    }

    /// Why a stone on `p` is refused, if it is (off the board, occupied).
    fn refuse_point(&self, p: Point) -> Result<(), Connect6Illegal> {
        if p.idx() >= self.grid.len() {
            return Err(Connect6Illegal::OffBoard(p.0));
        }
        match self.is_empty_point(p) {
            true => Ok(()),
            false => Err(Connect6Illegal::Occupied(self.grid.topo.name(p))),
        }
    }
}

impl Game for Connect6 {
    type Move = Connect6Move;
    type Rules = Connect6Rules;
    type Illegal = Connect6Illegal;

    const NAME: &'static str = "connect6";

    fn new(rules: Connect6Rules) -> Result<Self, RulesError> {
        rules
            .validate()
            .map_err(|m| RulesError::new(Connect6Rules::GAME, m))?;
        let grid = Arc::new(Grid::new(rules.size));
        Ok(Connect6 {
            rules,
            cells: grid.empty_cells(),
            empties: grid.len() as u32,
            history: Vec::with_capacity(grid.len() / 2 + 2),
            grid,
            to_move: Colour::Black,
            opens: true,
            end: End::No,
            hash: 0,
        })
    }

    fn rules(&self) -> &Connect6Rules {
        &self.rules
    }

    fn topology(&self) -> &Topology {
        &self.grid.topo
    }

    /// Any stones (a winning row for both sides is refused); Black's one-stone first move follows only
    /// an empty board with Black to move.
    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        let n = self.grid.len();
        if stones.len() != n {
            return Err(SetupError(format!(
                "the setup gives {} points but the board has {n}",
                stones.len()
            )));
        }
        let mut next = Connect6::new(self.rules.clone()).map_err(|e| SetupError(e.message))?;
        for (p, colour) in self.grid.topo.points().zip(stones) {
            if let Some(c) = *colour {
                next.cells[self.grid.pad(p)] = rows::cell(c);
                next.hash ^= self.grid.topo.key(p, c);
                next.empties -= 1;
            }
        }
        next.opens = next.empties as usize == n && to_move == Colour::Black;
        next.to_move = to_move;
        if to_move == Colour::White {
            next.hash ^= self.grid.topo.side_key();
        }
        next.end = match next.grid.scan(&next.cells, [SIX; 2]) {
            [Some(_), Some(_)] => {
                return Err(SetupError(
                    "both Black and White have six in a row: the game cannot have reached this"
                        .into(),
                ))
            }
            [Some((at, line)), None] => End::Six {
                winner: Colour::Black,
                at,
                line,
            },
            [None, Some((at, line))] => End::Six {
                winner: Colour::White,
                at,
                line,
            },
            [None, None] if next.empties == 0 => End::FullBoard,
            [None, None] => End::No,
        };
        *self = next;
        Ok(())
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn status(&self) -> Status {
        match self.end {
            End::No => Status::Ongoing,
            End::Six { winner, .. } => Status::Over(Outcome {
                winner: Some(winner),
                result: format!("{}+6", winner.letter()),
            }),
            End::FullBoard => Status::Over(Outcome {
                winner: None,
                result: "Draw (board full)".into(),
            }),
            End::Resigned(loser) => Status::Over(Outcome::resignation(loser)),
        }
    }

    /// Every empty point (a one-stone turn) or every pair of empty points, lower index first.
    fn legal_moves(&self, out: &mut Vec<Connect6Move>) {
        out.clear();
        if self.end != End::No {
            return;
        }
        let empty: Vec<Point> = self
            .grid
            .topo
            .points()
            .filter(|&p| self.is_empty_point(p))
            .collect();
        if self.stones_now() == 1 {
            out.extend(empty.iter().map(|&p| Connect6Move::One(p)));
            return;
        }
        for (i, &p) in empty.iter().enumerate() {
            out.extend(empty[i + 1..].iter().map(|&q| Connect6Move::Two(p, q)));
        }
    }

    fn check(&self, mv: Connect6Move) -> Result<(), Connect6Illegal> {
        if self.end != End::No {
            return Err(Connect6Illegal::GameOver);
        }
        mv.points().try_for_each(|p| self.refuse_point(p))?;
        match mv {
            Connect6Move::Two(p, q) if p == q => {
                Err(Connect6Illegal::SamePoint(self.grid.topo.name(p)))
            }
            Connect6Move::Two(p, _) if self.stones_now() == 1 => {
                Err(Connect6Illegal::OneStoneOpening(self.grid.topo.name(p)))
            }
            Connect6Move::One(_) if self.stones_now() == 2 => Err(Connect6Illegal::TwoStonesNeeded),
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: Connect6Move) -> Result<(), Connect6Illegal> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let Some(mv) = self.history.pop() else {
            return false;
        };
        self.to_move = self.to_move.opponent();
        self.hash ^= self.grid.topo.side_key();
        for p in mv.points() {
            self.cells[self.grid.pad(p)] = EMPTY;
            self.empties += 1;
            self.hash ^= self.grid.topo.key(p, self.to_move);
        }
        self.end = End::No;
        true
    }

    fn parse_move(&self, text: &str) -> Result<Connect6Move, MoveSyntaxError> {
        moves::parse(&self.grid.topo, text, self.moves_text())
    }

    fn move_text(&self, mv: Connect6Move) -> String {
        moves::text(&self.grid.topo, mv)
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        if p.idx() >= self.grid.len() {
            return None;
        }
        match self.cells[self.grid.pad(p)] {
            rows::BLACK => Some(Colour::Black),
            rows::WHITE => Some(Colour::White),
            _ => None,
        }
    }

    fn captures(&self) -> [u32; 2] {
        [0, 0]
    }

    /// No points in Connect6: the winner scores 1, everything else 0.
    fn score(&self) -> Score {
        let winner = match self.status() {
            Status::Over(outcome) => outcome.winner,
            _ => None,
        };
        Score {
            black: (winner == Some(Colour::Black)) as u8 as f64,
            white: (winner == Some(Colour::White)) as u8 as f64,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }

    /// The last move's stones, and the winning row once there is one.
    fn decorations(&self) -> Decorations {
        let mut deco = Decorations::default();
        if let Some(&mv) = self.history.last() {
            deco.last.extend(mv.points());
        }
        deco.highlight = self.winning_row().unwrap_or_default();
        deco
    }

    /// A random legal move without listing them: a random empty point, then (for a pair) a random
    /// other one, each uniform by rejection sampling; when 64 draws fail (a nearly full board) the
    /// first empty point from a random start. Allocates nothing.
    fn random_move(&self, rng: &mut Rng) -> Option<Connect6Move> {
        if self.end != End::No {
            return None;
        }
        let p = self.random_empty(rng, None)?;
        match self.stones_now() {
            1 => Some(Connect6Move::One(p)),
            _ => Some(Connect6Move::two(p, self.random_empty(rng, Some(p))?)),
        }
    }
}

impl Connect6 {
    /// A uniformly random empty point other than `not`.
    pub(crate) fn random_empty(&self, rng: &mut Rng, not: Option<Point>) -> Option<Point> {
        let n = self.grid.len();
        let ok = |p: Point| (self.is_empty_point(p) && Some(p) != not).then_some(p);
        (0..64)
            .find_map(|_| ok(Point(rng.below(n) as u16)))
            .or_else(|| {
                let start = rng.below(n);
                (0..n).find_map(|k| ok(Point(((start + k) % n) as u16)))
            })
    }
}
