//! [`HexGame`]: a stone wins when a flood fill through its group touches both of its sides.

use crate::around::Rings;
use crate::{HexRules, Illegal, Move};
use std::sync::Arc;
use stones_core::placement::{self, Turns};
use stones_core::PointMove;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, PlaceRefused, Point};
use stones_core::{RuleSet, RulesError, Score, SearchGame, SetupError, Status, Topology};

pub(crate) const EMPTY: u8 = 0;
pub(crate) const MAX_CELLS: usize = 26 * 26;

/// How the game ended, if it has: a player joined their sides (`Won`), or resigned.
pub(crate) type End = placement::End<()>;

/// A game of Hex under [`HexRules`]: Black joins top and bottom, White left and right.
#[derive(Debug, PartialEq)]
pub struct HexGame {
    rules: HexRules,
    pub(crate) topo: Arc<Topology>,
    /// Per cell: [`EMPTY`], or 1 + the stone's colour index.
    pub(crate) cells: Vec<u8>,
    /// The side to move and the moves played since the setup.
    pub(crate) turns: Turns<Move>,
    pub(crate) end: End,
    /// The Zobrist hash of the stones (the side to move is the turns').
    pub(crate) hash: u64,
    /// Each cell's six neighbours in circular order, the edges included (for the search).
    pub(crate) rings: Rings,
}

// Refreshed in place: the buffers are kept and the shared topology is not counted again, so a
// search's playout copies without allocating and its threads do not contend for one count.
stones_core::clone_in_place!(HexGame { rules, cells, turns, end, hash } shared { topo, rings });

impl HexGame {
    /// Whether `swap` is legal now: the rule is on and White is to move beside Black's one stone.
    pub fn swap_allowed(&self) -> bool {
        let mut stones = self.cells.iter().filter(|&&v| v != EMPTY);
        let first = stones.next() == Some(&1) && stones.next().is_none();
        first && self.rules.swap && self.end == End::No && self.turns.to_move == Colour::White
    }

    /// Which of `c`'s sides `p` lies on: bit 0 the first (top or left), bit 1 the second.
    fn side_bits(&self, p: Point, c: Colour) -> u8 {
        let ((x, y), (w, h)) = (self.topo.xy(p), self.topo.bounding_box());
        let (v, n) = if c == Colour::Black { (y, h) } else { (x, w) };
        u8::from(v == 0) | u8::from(v + 1 == n) << 1
    }

    /// The sides of `c` (as `side_bits`) touched by its stones joined to `starts`: a flood fill.
    fn sides(&self, c: Colour, starts: impl Iterator<Item = Point>) -> u8 {
        let (mut seen, mut stack, mut len) = ([0u64; MAX_CELLS / 64 + 1], [0u16; MAX_CELLS], 0);
        let mut push = |q: u16, stack: &mut [u16], len: &mut usize| {
            let (word, bit) = (q as usize / 64, 1u64 << (q % 64));
            if self.cells[q as usize] == c.idx() as u8 + 1 && seen[word] & bit == 0 {
                seen[word] |= bit;
                (stack[*len], *len) = (q, *len + 1);
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
    pub(crate) fn set(&mut self, p: Point, c: Colour, on: bool) {
        self.cells[p.idx()] = if on { c.idx() as u8 + 1 } else { EMPTY };
        self.hash ^= self.topo.key(p, c);
    }

    /// The moves besides a cell, in words: `swap or resign` where the ruleset has the swap rule,
    /// else `resign`.
    fn other_moves(&self) -> &'static str {
        match self.rules.swap {
            true => "swap or resign",
            false => "resign",
        }
    }

    /// The swap and its undo: the one stone of `from` becomes the other colour's, mirrored.
    fn swap_stone(&mut self, from: Colour) {
        let i = self.cells.iter().position(|&v| v == from.idx() as u8 + 1);
        let p = Point(i.expect("one stone on the board") as u16);
        let (x, y) = self.topo.xy(p);
        let q = self.topo.at(y.into(), x.into()).expect("a square board");
        self.set(p, from, false);
        self.set(q, from.opponent(), true);
    }

    /// Plays `mv`, which must be legal ([`Game::check`]), without checking: the search's path.
    pub fn play_unchecked(&mut self, mv: Move) {
        let c = self.turns.to_move;
        match mv {
            Move::Place(p) => {
                self.set(p, c, true);
                if self.sides(c, std::iter::once(p)) == 3 {
                    self.end = End::Won(c, ());
                }
            }
            Move::Swap => self.swap_stone(Colour::Black),
            Move::Resign => self.end = End::Resigned(c),
        }
        self.turns.played(mv);
    }
}

impl Game for HexGame {
    type Move = Move;
    type Rules = HexRules;
    type Illegal = Illegal;

    const ABOUT: &'static str =
        "Hex: join your sides of a rhombus of hexagons; swap rule, no draws";
    const SIZES: &'static [&'static str] = &["11", "13", "9", "7", "5"];
    const SGF_GM: Option<u32> = Some(11);

    fn new(rules: HexRules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let topo = Arc::new(Topology::rhombus(rules.size.width, rules.size.height));
        let rings = crate::around::rings(&topo);
        let (cells, turns) = (vec![EMPTY; topo.len()], Turns::new(topo.len() + 2));
        Ok(HexGame {
            rules,
            topo,
            cells,
            turns,
            end: End::No,
            hash: 0,
            rings,
        })
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: turns.to_move);

    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        placement::setup_size(stones.len(), self.cells.len())?;
        *self = HexGame::new(self.rules.clone()).expect("rules already checked");
        let placed = stones.iter().enumerate();
        for (i, c) in placed.filter_map(|(i, &c)| Some((i, c?))) {
            self.set(Point(i as u16), c, true);
        }
        self.turns.restart(to);
        let winner = Colour::BOTH.into_iter().find(|&c| self.connected(c));
        self.end = winner.map_or(End::No, |c| End::Won(c, ()));
        Ok(())
    }

    fn status(&self) -> Status {
        self.end.status()
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
        let place = match mv {
            Move::Place(p) => Some(p),
            _ => None,
        };
        let taken = |p: Point| self.cells[p.idx()] != EMPTY;
        PlaceRefused::check(self.end != End::No, &self.topo, place, taken)?;
        match mv {
            Move::Swap if !self.rules.swap => Err(Illegal::SwapOff),
            Move::Swap if !self.swap_allowed() => Err(Illegal::SwapNotNow),
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    fn undo(&mut self) -> bool {
        let Some((mv, c)) = self.turns.take_back() else {
            return false;
        };
        self.end = End::No;
        match mv {
            Move::Place(p) => self.set(p, c, false),
            Move::Swap => self.swap_stone(Colour::White),
            Move::Resign => {}
        }
        true
    }

    /// Reads `a1` (column letter, row number from the top), `swap` or `swap-pieces`, `resign`.
    fn parse_move(&self, text: &str) -> Result<Move, MoveSyntaxError> {
        let t = text.trim();
        let why = match t.to_ascii_lowercase().as_str() {
            "resign" => return Ok(Move::Resign),
            "swap" | "swap-pieces" => return Ok(Move::Swap),
            "swap-sides" => "the swap here is swap-pieces (a mirrored stone): write swap".into(),
            "pass" => match self.rules.swap {
                true => "there is no pass in Hex: play a cell, swap or resign".into(),
                false => "there is no pass in Hex: play a cell or resign".into(),
            },
            _ => match self.topo.parse_point(t) {
                Ok(p) => return Ok(Move::Place(p)),
                Err(e) => format!("expected {}; or {}", e.allowed, self.other_moves()),
            },
        };
        let text = t.to_string();
        Err(MoveSyntaxError { text, why })
    }

    /// `a1`…, `swap-pieces` (as MoHex and HexGui write the swap), `resign`.
    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Place(p) => PointMove::Place(p).text(&self.topo),
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

    /// No points in Hex: the winner scores 1, everything else 0.
    fn score(&self) -> Score {
        let point = |c| f64::from(u8::from(self.rollout_winner() == Some(c)));
        let (black, white) = (point(Colour::Black), point(Colour::White));
        Score { black, white }
    }

    fn hash(&self) -> u64 {
        self.hash ^ self.turns.side_key(&self.topo)
    }

    /// The shared picture on HexGui's sheared rhombus, with the sides in a legend.
    fn render(&self, colour: bool) -> String {
        let said = (self.turns.last() == Some(Move::Swap)).then_some("swap-pieces");
        placement::render(self, colour, said, |deco| {
            (deco.layout.number_width, deco.layout.indent) = (2, 1);
            deco.legend
                .push("X (Black) joins top and bottom, O (White) joins left and right".into());
        })
    }

    /// The moves, who joins which sides, and the swap rule when it is on.
    fn help(&self) -> String {
        let mut out = format!(
            "a move is {}; or `resign` (no pass, never a draw). Black joins the top and bottom \
             rows, White the left and right columns.\n",
            self.topo.describe_notation()
        );
        if self.rules.swap {
            out += "swap rule: White's first move may be `swap` (swap-pieces): Black's stone \
                    becomes White's, mirrored across the a1 diagonal, and Black moves.\n";
        }
        out
    }

    /// `Black wins by joining top and bottom (B+)`; resignation is left to the caller's words.
    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        let (c, result) = (outcome.winner?, &outcome.result);
        let sides = ["top and bottom", "left and right"][c.idx()];
        let words = format!("{} wins by joining {sides} ({result})", c.title());
        result.ends_with('+').then_some(words)
    }

    /// HexGui's record: `GM[11]`, `SZ[11]` or `SZ[9:11]`, `B[a1]`, `W[swap-pieces]`, `W[resign]`;
    /// `RU` the ruleset and its overrides, `RE` once over. The generic reader reads it back.
    fn to_sgf(&self, _result: Option<&str>, rule: &str) -> Option<String> {
        let (moves, size) = (self.turns.history(), self.rules.size);
        let values = moves.iter().map(|&mv| self.move_text(mv));
        Some(placement::record(
            self,
            &[("GM", "11")],
            size,
            rule,
            moves.len(),
            values,
        ))
    }

    /// The last stone.
    fn decorations(&self) -> Decorations {
        let last = match self.turns.last() {
            Some(Move::Place(p)) => Some(p),
            _ => None,
        };
        placement::decorations(last, None)
    }
}
