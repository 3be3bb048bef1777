//! The rules engine: [`HexGame`] implements [`stones_core::Game`].
//!
//! Cells are a flat array over the topology's points, whose table gives the six neighbours. A stone
//! wins when a flood fill through its group touches both of its player's sides; the flood keeps its
//! marks and stack in fixed arrays on the stack, so no move allocates and undo only empties a cell.

use crate::moves::{Illegal, Move};
use crate::rules::HexRules;
use std::sync::Arc;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, Point, Rng, RuleSet};
use stones_core::{RulesError, Score, SetupError, Status, Topology};

pub(crate) const EMPTY: u8 = 0;

/// The most cells a board has (26 × 26).
pub(crate) const MAX_CELLS: usize = 26 * 26;

/// How the game ended, if it has: a player joined their sides, or resigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    No,
    Connected(Colour),
    Resigned(Colour),
}

/// A game of Hex under [`HexRules`]: Black joins top and bottom, White left and right.
#[derive(Clone, Debug, PartialEq)]
pub struct HexGame {
    rules: HexRules,
    pub(crate) topo: Arc<Topology>,
    /// Per cell: [`EMPTY`], or 1 + the stone's colour index.
    pub(crate) cells: Vec<u8>,
    pub(crate) to_move: Colour,
    /// Stones on the board, Black first.
    pub(crate) count: [u32; 2],
    history: Vec<Move>,
    pub(crate) end: End,
    pub(crate) hash: u64,
}

impl HexGame {
    /// The moves played since the start (or the setup), in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Whether `swap` is legal now: the rule is on, White is to move and the board holds one stone,
    /// Black's (White's first move, as HexGui allows it).
    pub fn swap_allowed(&self) -> bool {
        let first = self.to_move == Colour::White && self.count == [1, 0];
        self.rules.swap && self.end == End::No && first
    }

    /// The winner, if the game is over (read without making the result text).
    pub fn winner(&self) -> Option<Colour> {
        match self.end {
            End::No => None,
            End::Connected(c) => Some(c),
            End::Resigned(c) => Some(c.opponent()),
        }
    }

    /// Which of `c`'s sides `p` lies on: bit 0 the first (top or left), bit 1 the second.
    #[inline]
    fn side_bits(&self, p: Point, c: Colour) -> u8 {
        let ((x, y), (w, h)) = (self.topo.xy(p), self.topo.bounding_box());
        let (v, n) = if c == Colour::Black { (y, h) } else { (x, w) };
        u8::from(v == 0) | u8::from(v + 1 == n) << 1
    }

    /// The sides of `c` (as [`HexGame::side_bits`]) that the stones of `c` joined to `starts` touch,
    /// by a flood fill that stops once it has found both.
    fn sides(&self, c: Colour, starts: impl Iterator<Item = Point>) -> u8 {
        let (mut seen, mut stack, mut len) = ([0u64; MAX_CELLS / 64 + 1], [0u16; MAX_CELLS], 0);
        let own = c.idx() as u8 + 1;
        let mut push = |q: u16, stack: &mut [u16], len: &mut usize| {
            let (word, bit) = (q as usize / 64, 1u64 << (q % 64));
            if self.cells[q as usize] == own && seen[word] & bit == 0 {
                seen[word] |= bit;
                stack[*len] = q;
                *len += 1;
            }
        };
        starts.for_each(|p| push(p.0, &mut stack, &mut len));
        let mut touched = 0;
        while len > 0 && touched != 3 {
            len -= 1;
            touched |= self.side_bits(Point(stack[len]), c);
            for &q in self.topo.neighbours(Point(stack[len])) {
                push(q, &mut stack, &mut len);
            }
        }
        touched
    }

    /// Whether `c` joins its two sides anywhere: a flood from its stones on its first side.
    pub(crate) fn connected(&self, c: Colour) -> bool {
        let first = |p: &Point| self.side_bits(*p, c) & 1 == 1;
        self.sides(c, self.topo.points().filter(first)) & 2 != 0
    }

    /// Puts a `c` stone on the empty cell `p`, or takes it off when `on` is false.
    #[inline]
    pub(crate) fn set(&mut self, p: Point, c: Colour, on: bool) {
        self.cells[p.idx()] = if on { c.idx() as u8 + 1 } else { EMPTY };
        let count = &mut self.count[c.idx()];
        *count = if on { *count + 1 } else { *count - 1 };
        self.hash ^= self.topo.key(p, c);
    }

    /// The swap and its undo: the one stone of `from` becomes the other colour's on its mirror
    /// cell across the a1–k11 diagonal (`(x, y)` to `(y, x)`; a cell on the diagonal stays).
    fn swap_stone(&mut self, from: Colour) {
        let i = self.cells.iter().position(|&v| v == from.idx() as u8 + 1);
        let p = Point(i.expect("one stone on the board") as u16);
        let (x, y) = self.topo.xy(p);
        let q = self.topo.at(y.into(), x.into()).expect("a square board");
        self.set(p, from, false);
        self.set(q, from.opponent(), true);
    }

    /// Plays `mv` without any legality check, for playouts and search where legality is known.
    /// `mv` must be legal ([`Game::check`]); an illegal move leaves the position inconsistent.
    pub fn play_unchecked(&mut self, mv: Move) {
        let c = self.to_move;
        match mv {
            Move::Place(p) => {
                self.set(p, c, true);
                if self.sides(c, std::iter::once(p)) == 3 {
                    self.end = End::Connected(c);
                }
            }
            // One stone cannot join two sides two or more cells apart: no win to look for.
            Move::Swap => self.swap_stone(Colour::Black),
            Move::Resign => self.end = End::Resigned(c),
        }
        self.history.push(mv);
        self.to_move = c.opponent();
        self.hash ^= self.topo.side_key();
    }
}

impl Game for HexGame {
    type Move = Move;
    type Rules = HexRules;
    type Illegal = Illegal;

    const NAME: &'static str = "hex";
    const ABOUT: &'static str =
        "Hex: join your two sides of a rhombus of hexagons; 11x11, swap rule, never a draw";
    const SIZES: &'static [&'static str] = &["11", "13", "9", "7", "5"];
    /// Square only: the standard ruleset's swap needs a square board.
    const TEST_SIZES: &'static [&'static str] = &["2", "3", "6"];
    const SGF_GM: Option<u32> = Some(11);

    fn new(rules: HexRules) -> Result<Self, RulesError> {
        rules.validate().map_err(|m| RulesError::new("hex", m))?;
        let topo = Arc::new(Topology::rhombus(rules.size.width, rules.size.height));
        Ok(HexGame {
            rules,
            cells: vec![EMPTY; topo.len()],
            history: Vec::with_capacity(topo.len() + 2),
            topo,
            to_move: Colour::Black,
            count: [0, 0],
            end: End::No,
            hash: 0,
        })
    }

    fn rules(&self) -> &HexRules {
        &self.rules
    }

    fn topology(&self) -> &Topology {
        &self.topo
    }

    /// Any stones, either to move (one Black stone with White to move allows the swap).
    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        let (n, m) = (stones.len(), self.cells.len());
        if n != m {
            let why = format!("the setup gives {n} points but the board has {m}");
            return Err(SetupError(why));
        }
        *self = HexGame::new(self.rules.clone()).expect("rules already checked");
        for (i, &c) in stones.iter().enumerate() {
            if let Some(c) = c {
                self.set(Point(i as u16), c, true);
            }
        }
        if to == Colour::White {
            (self.to_move, self.hash) = (to, self.hash ^ self.topo.side_key());
        }
        let winner = Colour::BOTH.into_iter().find(|&c| self.connected(c));
        self.end = winner.map_or(End::No, End::Connected);
        Ok(())
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Over with `B+` or `W+` once a player has joined their sides (`B+R`, `W+R` on resignation).
    fn status(&self) -> Status {
        match self.end {
            End::No => Status::Ongoing,
            End::Resigned(loser) => Status::Over(Outcome::resignation(loser)),
            End::Connected(c) => {
                let result = format!("{}+", c.letter());
                Status::Over(Outcome {
                    winner: Some(c),
                    result,
                })
            }
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end == End::No {
            let empty = self.topo.points().filter(|p| self.cells[p.idx()] == EMPTY);
            out.extend(empty.map(Move::Place));
            out.extend(self.swap_allowed().then_some(Move::Swap));
        }
    }

    fn check(&self, mv: Move) -> Result<(), Illegal> {
        let taken = |p: Point| Illegal::Occupied(self.topo.name(p));
        match mv {
            _ if self.end != End::No => Err(Illegal::GameOver),
            Move::Place(p) if p.idx() >= self.cells.len() => Err(Illegal::OffBoard(p.0)),
            Move::Place(p) if self.cells[p.idx()] != EMPTY => Err(taken(p)),
            Move::Swap if !self.rules.swap => Err(Illegal::SwapOff),
            Move::Swap if !self.swap_allowed() => Err(Illegal::SwapNotNow),
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let Some(mv) = self.history.pop() else {
            return false;
        };
        (self.to_move, self.end) = (self.to_move.opponent(), End::No);
        self.hash ^= self.topo.side_key();
        match mv {
            Move::Place(p) => self.set(p, self.to_move, false),
            Move::Swap => self.swap_stone(Colour::White),
            Move::Resign => {}
        }
        true
    }

    /// Reads `a1` (letter for the column, number for the row from the top), `swap` (or MoHex's
    /// `swap-pieces`) and `resign`, in any case.
    fn parse_move(&self, text: &str) -> Result<Move, MoveSyntaxError> {
        let t = text.trim();
        let why = match t.to_ascii_lowercase().as_str() {
            "resign" => return Ok(Move::Resign),
            "swap" | "swap-pieces" => return Ok(Move::Swap),
            "swap-sides" => {
                "the swap here is swap-pieces (the stone is mirrored): write swap".into()
            }
            "pass" => "there is no pass in Hex: play a cell, swap or resign".into(),
            _ => match self.topo.parse_point(t) {
                Ok(p) => return Ok(Move::Place(p)),
                Err(e) => format!("expected {}; or swap or resign", e.allowed),
            },
        };
        let text = t.to_string();
        Err(MoveSyntaxError { text, why })
    }

    /// `a1`…, `swap-pieces` (as MoHex and HexGui write the swap), `resign`.
    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Place(p) if p.idx() < self.cells.len() => self.topo.name(p),
            Move::Place(p) => format!("#{}", p.0),
            Move::Swap => "swap-pieces".to_string(),
            Move::Resign => "resign".to_string(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        match self.cells.get(p.idx()) {
            Some(&v) if v != EMPTY => Some(Colour::BOTH[v as usize - 1]),
            _ => None,
        }
    }

    fn captures(&self) -> [u32; 2] {
        [0, 0]
    }

    /// No points in Hex: the winner scores 1, everything else 0.
    fn score(&self) -> Score {
        let point = |c| f64::from(u8::from(self.winner() == Some(c)));
        let (black, white) = (point(Colour::Black), point(Colour::White));
        Score { black, white }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }

    fn help(&self) -> String {
        crate::talk::help(self)
    }

    fn move_notes(&self, mover: Colour, mv: Move, _before: [u32; 2]) -> Vec<String> {
        crate::talk::move_notes(mover, mv)
    }

    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        crate::talk::outcome_words(outcome)
    }

    fn to_sgf(&self, _result: Option<&str>, rule: &str) -> Option<String> {
        Some(crate::sgf::write(self, rule))
    }

    /// The last stone (after a swap, White's one stone).
    fn decorations(&self) -> Decorations {
        let last = match self.history.last() {
            Some(&Move::Place(p)) => Some(p),
            Some(Move::Swap) => self.topo.points().find(|&p| self.stone(p).is_some()),
            _ => None,
        };
        let last = last.into_iter().collect();
        Decorations {
            last,
            ..Decorations::default()
        }
    }

    /// Random moves on the fast path until someone connects (or `cap` moves); allocates nothing.
    fn playout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        let mut n = 0;
        while let Some(mv) = self.random_move(rng).filter(|_| n < cap) {
            self.play_unchecked(mv);
            n += 1;
        }
        n
    }

    /// Uniform over the legal moves (swap included when allowed) by rejection sampling; when 64
    /// random cells are all taken, the first empty cell from a random start. No allocation.
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let n = self.cells.len();
        let empties = n - (self.count[0] + self.count[1]) as usize;
        if self.end != End::No {
            return None;
        } else if self.swap_allowed() && rng.below(empties + 1) == 0 {
            return Some(Move::Swap);
        }
        let empty = |i: usize| (self.cells[i] == EMPTY).then_some(Move::Place(Point(i as u16)));
        let start = rng.below(n);
        let scan = || (0..n).find_map(|k| empty((start + k) % n));
        (0..64).find_map(|_| empty(rng.below(n))).or_else(scan)
    }
}
