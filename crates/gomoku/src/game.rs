//! The rules engine: [`Gomoku`] implements [`stones_core::Game`].
//!
//! The position is a padded cell array (see [`crate::layout`]). A move's win is found by walking the four
//! lines through the stone just placed; nothing else is scanned. Moves are numbered from 1; after
//! [`Game::set_position`] the next move's number is one more than the number of stones set up, so the
//! opening restrictions apply to a setup only while it holds fewer than three stones.

use crate::layout::{self, Layout, EMPTY};
use crate::moves::{Illegal, Move};
use crate::rules::{GomokuRules, Opening, Profile};
use crate::shapes::{self, Foul, Stones, Verdict};
use std::sync::Arc;
use stones_core::placement;
use stones_core::{Colour, Decorations, Game, MoveSyntaxError, Outcome, Point, RuleSet};
use stones_core::{PlaceRefused, Rng, RulesError, SearchGame, SetupError, Status};

/// How the game ended, if it has: a win keeps a point of the winning row and its line (an index
/// into `Layout::dirs`); a draw is a full board or two passes in a row (by agreement).
pub(crate) type End = placement::End<(Point, u8)>;

/// Why a move is refused, without the names a player reads (cheap to make in move generation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    GameOver,
    OffBoard(u16),
    Occupied(Point),
    /// Opening rule for move `number`: inside (or outside) the points at most `distance` from the centre.
    Opening {
        number: u32,
        inside: bool,
        distance: u8,
    },
    PassInOpening(u32),
    Foul(Foul),
}

/// A game of gomoku under [`GomokuRules`].
#[derive(Debug, PartialEq)]
pub struct Gomoku {
    rules: GomokuRules,
    /// What wins and what is forbidden, per colour (Black first).
    pub(crate) profiles: [Profile; 2],
    pub(crate) layout: Arc<Layout>,
    pub(crate) cells: Vec<u8>,
    pub(crate) to_move: Colour,
    /// Empty points left.
    empties: u32,
    /// Stones on the board when the position was set up.
    setup_stones: u32,
    /// Moves played since the setup.
    history: Vec<Move>,
    pub(crate) end: End,
    hash: u64,
}

// Refreshed in place (a search's playout copy allocates nothing and leaves the shared layout's
// count alone); see `stones_core::clone_in_place`.
stones_core::clone_in_place!(Gomoku {
    rules, profiles, cells, to_move, empties, setup_stones, history, end, hash
} shared { layout });

impl Gomoku {
    /// The number the next move will have (1 for the first move of an empty board).
    pub fn move_number(&self) -> u32 {
        self.setup_stones + self.history.len() as u32 + 1
    }

    /// The moves played since the start (or the setup), in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The last move played, if any since the start (or the setup).
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// Plays `mv` without any legality check, for playouts and search where legality is known.
    /// `mv` must be legal ([`Game::check`]): an illegal move leaves the position inconsistent, or
    /// panics (a point off the board).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.hash ^= self.pass_key();
        let colour = self.to_move;
        match mv {
            Move::Place(p) => {
                let i = self.layout.pad(p);
                let own = layout::cell(colour);
                self.cells[i] = own;
                self.empties -= 1;
                self.hash ^= self.layout.topo.key(p, colour);
                let goal = self.profiles[colour.idx()].goal();
                self.end = match self.layout.winning_line(&self.cells, i, own, goal) {
                    Some(line) => End::Won(colour, (p, line)),
                    None if self.empties == 0 => End::Drawn("board full"),
                    None => End::No,
                };
            }
            Move::Pass if self.last_move() == Some(Move::Pass) => {
                self.end = End::Drawn("two passes in a row")
            }
            Move::Pass => {}
            Move::Resign => self.end = End::Resigned(colour),
            Move::Timeout => self.end = End::TimedOut(colour),
        }
        self.history.push(mv);
        self.to_move = colour.opponent();
        self.hash ^= self.layout.topo.side_key() ^ self.pass_key();
    }

    /// Clears the board back to the start of a game under the same rules (no allocation).
    pub fn reset(&mut self) {
        for p in self.layout.topo.points() {
            self.cells[self.layout.pad(p)] = EMPTY;
        }
        self.to_move = Colour::Black;
        self.empties = self.layout.len() as u32;
        self.setup_stones = 0;
        self.history.clear();
        self.end = End::No;
        self.hash = 0;
    }

    /// The stones of the winning row, from one end to the other, once a five has been made.
    pub fn winning_row(&self) -> Option<Vec<Point>> {
        let End::Won(winner, (at, line)) = self.end else {
            return None;
        };
        Some(self.layout.row(&self.cells, at, line, layout::cell(winner)))
    }

    /// The colour that has a winning row anywhere on the board, found by scanning every line from scratch
    /// (the check on the incremental win detection). Black is named if both have one.
    pub fn scan_winner(&self) -> Option<Colour> {
        let wins = self.scan_fives();
        Colour::BOTH.into_iter().find(|c| wins[c.idx()].is_some())
    }

    /// Per colour, one winning row (a point of it and its line), scanning the whole board.
    fn scan_fives(&self) -> [Option<(Point, u8)>; 2] {
        let goals = self.profiles.map(|p| p.goal());
        self.layout.scan(&self.cells, goals)
    }

    /// The forbidden shape a stone of the side to move on `p` would make, if any (renju rules only;
    /// `None` also for occupied points and points off the board).
    pub fn foul(&self, p: Point) -> Option<Foul> {
        match self.refusal_at(p, self.move_number()) {
            Err(Refusal::Foul(f)) => Some(f),
            _ => None,
        }
    }

    /// The longest unbroken row of one colour through `p` (0 for an empty point or one off the
    /// board), such as the 6 of an overline that did not win.
    pub fn line_through(&self, p: Point) -> u32 {
        if p.idx() >= self.layout.len() {
            return 0;
        }
        let i = self.layout.pad(p);
        let own = self.cells[i];
        if own == EMPTY {
            return 0;
        }
        self.layout.longest(&self.cells, i, own)
    }

    /// What the opening rule asks of the next move, in words (`move 2 must be inside the central
    /// 5x5 (F6–K10)`), or `None` when no opening restriction applies to it.
    pub fn opening_now(&self) -> Option<String> {
        let number = self.move_number();
        self.opening_rule(number).map(|(inside, distance)| {
            self.illegal(Refusal::Opening {
                number,
                inside,
                distance,
            })
            .to_string()
        })
    }

    /// Whether passing is allowed at move `number` (not during a restricted opening).
    pub(crate) fn may_pass(&self, number: u32) -> bool {
        self.rules.opening == Opening::None || number > 3
    }

    /// Why a stone of the side to move on `p` at move `number` is refused, if it is.
    pub(crate) fn refusal_at(&self, p: Point, number: u32) -> Result<(), Refusal> {
        if p.idx() >= self.layout.len() {
            return Err(Refusal::OffBoard(p.0));
        }
        let i = self.layout.pad(p);
        if self.cells[i] != EMPTY {
            return Err(Refusal::Occupied(p));
        }
        self.opening_refusal(p, number)?;
        let profile = self.profiles[self.to_move.idx()];
        if profile.has_fouls() {
            let stones = Stones::new(&self.cells, layout::cell(self.to_move));
            if let Verdict::Foul(f) = shapes::judge(&self.layout, stones, i, profile) {
                return Err(Refusal::Foul(f));
            }
        }
        Ok(())
    }

    /// The opening restriction at move `number`: a stone must lie inside (`true`) or outside the points
    /// at most this many lines from the centre.
    fn opening_rule(&self, number: u32) -> Option<(bool, u8)> {
        match (self.rules.opening, number) {
            (Opening::None, _) | (_, 4..) => None,
            (_, 0 | 1) => Some((true, 0)),
            (Opening::Standard, 2) => Some((true, 2)),
            (Opening::Standard, _) => Some((false, 2)),
            (Opening::Renju, 2) => Some((true, 1)),
            (Opening::Renju, _) => Some((true, 2)),
        }
    }

    /// The opening restriction on a stone on `p` at move `number`.
    fn opening_refusal(&self, p: Point, number: u32) -> Result<(), Refusal> {
        match self.opening_rule(number) {
            Some((inside, distance)) if (self.layout.centre_distance(p) <= distance) != inside => {
                Err(Refusal::Opening {
                    number,
                    inside,
                    distance,
                })
            }
            _ => Ok(()),
        }
    }

    fn refusal(&self, mv: Move) -> Result<(), Refusal> {
        if self.end != End::No {
            return Err(Refusal::GameOver);
        }
        let number = self.move_number();
        match mv {
            Move::Place(p) => self.refusal_at(p, number),
            Move::Pass if !self.may_pass(number) => Err(Refusal::PassInOpening(number)),
            Move::Pass | Move::Resign | Move::Timeout => Ok(()),
        }
    }

    /// The refusal in words.
    fn illegal(&self, r: Refusal) -> Illegal {
        let topo = &self.layout.topo;
        match r {
            Refusal::GameOver => Illegal::Place(PlaceRefused::GameOver),
            Refusal::OffBoard(i) => Illegal::Place(PlaceRefused::OffBoard(i)),
            Refusal::Occupied(p) => Illegal::Place(PlaceRefused::Occupied(topo.name(p))),
            Refusal::Opening {
                number,
                distance: 0,
                ..
            } => {
                let names: Vec<String> =
                    self.layout.centre_points().map(|p| topo.name(p)).collect();
                let centre = match names.as_slice() {
                    [one] => format!("the centre point {one}"),
                    many => format!("a centre point ({})", many.join(", ")),
                };
                Illegal::NotOnCentre { number, centre }
            }
            Refusal::Opening {
                number,
                inside,
                distance,
            } => Illegal::CentralSquare {
                number,
                inside,
                square: self.layout.square_name(distance),
            },
            Refusal::PassInOpening(number) => Illegal::PassInOpening(number),
            Refusal::Foul(foul) => Illegal::Forbidden {
                foul,
                colour: self.to_move,
            },
        }
    }

    /// The Zobrist term for "the last move was a pass" (the next pass ends the game).
    fn pass_key(&self) -> u64 {
        if self.last_move() == Some(Move::Pass) {
            self.layout.topo.side_key().rotate_left(29) ^ 0x6a09_e667_f3bc_c908
        } else {
            0
        }
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub(crate) fn profile(&self, colour: Colour) -> Profile {
        self.profiles[colour.idx()]
    }

    pub(crate) fn end(&self) -> End {
        self.end
    }

    /// Whether `p` is a blocked point (see [`Gomoku::block`]).
    pub(crate) fn is_blocked(&self, p: Point) -> bool {
        p.idx() < self.layout.len() && self.cells[self.layout.pad(p)] == layout::EDGE
    }

    /// Marks the empty point `p` as blocked: neither colour's, never playable, a wall for rows (a
    /// Gomocup continuous game's old winning lines). Not undone by [`Game::undo`].
    pub(crate) fn block(&mut self, p: Point) {
        let i = self.layout.pad(p);
        if self.cells[i] == EMPTY {
            self.cells[i] = layout::EDGE;
            self.empties -= 1;
        }
    }

    /// What a `colour` stone on the empty point `p` would make (fives, fours), for the player.
    pub(crate) fn made(&self, p: Point, colour: Colour) -> shapes::Made {
        let stones = Stones::new(&self.cells, layout::cell(colour));
        shapes::made(
            &self.layout,
            stones,
            self.layout.pad(p),
            self.profile(colour),
        )
    }
}

impl Game for Gomoku {
    type Move = Move;
    type Rules = GomokuRules;
    type Illegal = Illegal;

    const ABOUT: &'static str =
        "Gomoku: five in a row; exactly five, opening rule; freestyle and renju rulesets";
    const SIZES: &'static [&'static str] = &["15", "19", "11", "9"];
    const TEST_SIZES: &'static [&'static str] = &["7", "9", "[11, 7]"];
    const SGF_GM: Option<u32> = Some(4);

    fn help(&self) -> String {
        crate::talk::help(self)
    }

    fn move_notes(&self, mover: Colour, mv: Move, _before: [u32; 2]) -> Vec<String> {
        crate::talk::move_notes(self, mover, mv)
    }

    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        crate::talk::outcome_words(outcome)
    }

    fn timeout_move(&self) -> Option<Move> {
        Some(Move::Timeout)
    }

    fn to_sgf(&self, _result: Option<&str>, rule: &str) -> Option<String> {
        Some(crate::sgf::write(self, rule))
    }

    fn sgf_move(&self, values: &[&str]) -> Result<Move, MoveSyntaxError> {
        match values {
            [] | [""] => Ok(Move::Pass),
            [value] => stones_core::sgf::point_of(self.topology(), value).map(Move::Place),
            _ => Err(MoveSyntaxError {
                text: values.join("]["),
                why: "expected one SGF point per move".into(),
            }),
        }
    }

    fn new(rules: GomokuRules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let layout = Arc::new(Layout::new(rules.size));
        let n = layout.len();
        Ok(Gomoku {
            profiles: Colour::BOTH.map(|c| rules.profile(c)),
            rules,
            cells: layout.empty_cells(),
            layout,
            to_move: Colour::Black,
            empties: n as u32,
            setup_stones: 0,
            history: Vec::with_capacity(n + 2),
            end: End::No,
            hash: 0,
        })
    }

    stones_core::game_fields!(rules: rules, topology: layout.topo, to_move: to_move);

    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        placement::setup_size(stones.len(), self.layout.len())?;
        let mut next = self.clone();
        next.reset();
        for (p, colour) in self.layout.topo.points().zip(stones) {
            if let Some(c) = *colour {
                next.cells[self.layout.pad(p)] = layout::cell(c);
                next.hash ^= self.layout.topo.key(p, c);
                next.empties -= 1;
                next.setup_stones += 1;
            }
        }
        next.to_move = to_move;
        if to_move == Colour::White {
            next.hash ^= self.layout.topo.side_key();
        }
        next.end = placement::setup_end(next.scan_fives(), next.empties == 0)?;
        *self = next;
        Ok(())
    }

    fn status(&self) -> Status {
        self.end.status()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end != End::No {
            return;
        }
        let number = self.move_number();
        let points = self.layout.topo.points();
        if self.opening_rule(number).is_none() && !self.profiles[self.to_move.idx()].has_fouls() {
            // Past the opening and without fouls for the mover: every empty point.
            let empty = |p: &Point| self.cells[self.layout.pad(*p)] == EMPTY;
            out.extend(points.filter(empty).map(Move::Place));
        } else {
            let legal = |p: &Point| self.refusal_at(*p, number).is_ok();
            out.extend(points.filter(legal).map(Move::Place));
        }
        if self.may_pass(number) {
            out.push(Move::Pass);
        }
    }

    fn check(&self, mv: Move) -> Result<(), Illegal> {
        self.refusal(mv).map_err(|r| self.illegal(r))
    }

    fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    fn undo(&mut self) -> bool {
        let Some(mv) = self.last_move() else {
            return false;
        };
        self.hash ^= self.pass_key();
        self.history.pop();
        self.to_move = self.to_move.opponent();
        if let Move::Place(p) = mv {
            self.cells[self.layout.pad(p)] = EMPTY;
            self.empties += 1;
            self.hash ^= self.layout.topo.key(p, self.to_move);
        }
        self.end = End::No;
        self.hash ^= self.layout.topo.side_key() ^ self.pass_key();
        true
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveSyntaxError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        if t.eq_ignore_ascii_case("resign") {
            return Ok(Move::Resign);
        }
        // A record's timeout (the terminal's clock plays it; a person cannot type it there).
        if t.eq_ignore_ascii_case("timeout") {
            return Ok(Move::Timeout);
        }
        let words = if self.end != End::No {
            "the game is over"
        } else if self.may_pass(self.move_number()) {
            "or pass or resign"
        } else {
            "or resign (no pass during the opening)"
        };
        self.layout
            .topo
            .parse_point(t)
            .map(Move::Place)
            .map_err(|e| MoveSyntaxError {
                text: e.text,
                why: format!("expected {}; {words}", e.allowed),
            })
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Place(p) if p.idx() < self.layout.len() => self.layout.topo.name(p),
            Move::Place(p) => format!("#{}", p.0),
            Move::Pass => "pass".to_string(),
            Move::Resign => "resign".to_string(),
            Move::Timeout => "timeout".to_string(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        if p.idx() >= self.layout.len() {
            return None;
        }
        match self.cells[self.layout.pad(p)] {
            layout::BLACK => Some(Colour::Black),
            layout::WHITE => Some(Colour::White),
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }

    /// The last stone, and the winning row once there is one.
    fn decorations(&self) -> Decorations {
        let last = self.last_move().and_then(Self::step_point);
        placement::decorations(last, self.winning_row())
    }

    /// The fast path: [`Game::random_move`] and [`Gomoku::play_unchecked`], allocating nothing.
    fn playout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        placement::play_out(self, cap, |g| g.random_move(rng), Self::play_unchecked)
    }

    /// Uniform over the legal moves (pass included once the opening allows it) by rejection sampling,
    /// without listing them (drawing from the central square when the opening confines the stone to
    /// it); when 64 random points all fail (a nearly full board) it takes the first legal point from a
    /// random start. Allocates nothing.
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.end != End::No {
            return None;
        }
        let number = self.move_number();
        let may_pass = self.may_pass(number);
        if may_pass && rng.below(self.empties as usize + 1) == 0 {
            return Some(Move::Pass);
        }
        // Where to draw from: the central square when the opening confines the stone to it.
        let region = match self.opening_rule(number) {
            Some((true, d)) => self.layout.near_centre(d),
            _ => &[],
        };
        let n = self.layout.len();
        let legal = |p: Point| self.refusal_at(p, number).is_ok().then_some(Move::Place(p));
        (0..64)
            .find_map(|_| match region {
                [] => legal(Point(rng.below(n) as u16)),
                _ => legal(region[rng.below(region.len())]),
            })
            .or_else(|| {
                let start = rng.below(n);
                (0..n).find_map(|k| legal(Point(((start + k) % n) as u16)))
            })
            .or(may_pass.then_some(Move::Pass))
    }
}
