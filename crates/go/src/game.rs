//! The Go game: moves, legality with reasons, ko and superko, handicap, passes, dead stones, score.

use crate::board::MAX_POINTS;
use crate::go_like::{GoLike, GoState};
use crate::handicap;
use crate::phase::{MoveClass, Phase, PhaseRefusal};
use crate::places::{Places, Stones};
use crate::positions::Positions;
use crate::rules::{GoRules, Ko, Placement, Scoring};
use crate::scoring;
use crate::words::{dead_point, word_move};
use std::sync::Arc;
use stones_core::{
    Adjacency, Colour, Decorations, Game, Mark, MoveSyntaxError, Point, RulesError, Score,
    SetupError, Status, Topology,
};
use thiserror::Error;

/// A Go move in typed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoMove {
    /// A stone on a point.
    Play(Point),
    /// Pass.
    Pass,
    /// The player to move resigns.
    Resign,
    /// After play: mark or unmark the chain through this stone as dead.
    Mark(Point),
    /// After play: the marking is agreed; count the game.
    Done,
}

impl Places for GoMove {
    fn stones(self) -> Stones {
        match self {
            GoMove::Play(p) => Stones::one(p),
            _ => Stones::NONE,
        }
    }

    fn marks_dead(self) -> bool {
        matches!(self, GoMove::Mark(_))
    }
}

/// Why a Go move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoIllegal {
    #[error("occupied: {0} already has a stone")]
    Occupied(String),
    #[error("suicide: the stone would have no liberty and captures nothing")]
    Suicide,
    #[error("ko: the single stone just captured cannot be taken back at once")]
    Ko,
    #[error("superko: the move would repeat an earlier position")]
    Superko,
    #[error("no pass while Black places handicap stones")]
    PassDuringHandicap,
    #[error(transparent)]
    Phase(#[from] PhaseRefusal),
}

/// Everything but the board and the dead marks that changes with a move; the undo log keeps it from
/// before each move. Its fields are the game's own (read them through [`GoGame`]'s methods).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    to_move: Colour,
    /// The simple-ko point: the capturer's opponent may not play on it at once.
    ko: Option<Point>,
    passes: u8,
    captures: [u32; 2],
    phase: Phase,
    handicap_left: u8,
    last: Option<GoMove>,
    /// The move before `last` (the mover's own previous move in alternate play).
    before_last: Option<GoMove>,
    /// Length of `GoGame::seen` in this position.
    seen_len: u32,
}

impl State {
    /// Gives the move to `c` (a free-handicap placement under way ends); false when `c` already
    /// has it, changing nothing.
    fn give_turn(&mut self, c: Colour) -> bool {
        if self.to_move == c {
            return false;
        }
        self.to_move = c;
        self.handicap_left = 0;
        true
    }

    /// Back to play after the closing passes (see [`Phase::resume`]).
    fn resume(&mut self) -> bool {
        self.phase.resume(&mut self.passes)
    }

    /// A fresh start with `to_move` to play: nothing captured, no ko, no pass yet.
    fn start(to_move: Colour) -> State {
        State {
            to_move,
            ko: None,
            passes: 0,
            captures: [0; 2],
            phase: Phase::Play,
            handicap_left: 0,
            last: None,
            before_last: None,
            seen_len: 1,
        }
    }
}

impl GoState for State {
    fn turn(&self) -> (Colour, [u32; 2]) {
        (self.to_move, self.captures)
    }

    fn phase(&self) -> Phase {
        self.phase
    }
}

/// A game of Go under a [`GoRules`] ruleset: what every Go-like game keeps ([`GoLike`], which it
/// dereferences to, read-only: the board, the dead marks, the undo log), and the positions so far
/// for superko.
#[derive(Debug, PartialEq)]
pub struct GoGame {
    g: GoLike<State, GoRules>,
    /// Every position so far: stone hash and the player to move (for superko).
    seen: Positions,
}

impl Clone for GoGame {
    fn clone(&self) -> GoGame {
        let (g, seen) = (self.g.clone(), self.seen.clone());
        GoGame { g, seen }
    }

    /// Refreshes a copy in place (see [`GoLike`]'s): the superko list keeps its buffer too.
    fn clone_from(&mut self, src: &GoGame) {
        self.g.clone_from(&src.g);
        self.seen.clone_from(&src.seen);
    }
}

impl std::ops::Deref for GoGame {
    type Target = GoLike<State, GoRules>;

    fn deref(&self) -> &Self::Target {
        &self.g
    }
}

impl GoGame {
    /// The shared topology.
    pub fn topology_arc(&self) -> &Arc<Topology> {
        &self.topo
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<GoMove> {
        self.pos.st.last
    }

    /// The move played before the last one, if any.
    pub fn before_last_move(&self) -> Option<GoMove> {
        self.pos.st.before_last
    }

    /// The simple-ko point the player to move may not play on now.
    pub fn ko_point(&self) -> Option<Point> {
        self.pos.st.ko
    }

    /// Handicap stones Black still has to place (free placement).
    pub fn handicap_left(&self) -> u8 {
        self.pos.st.handicap_left
    }

    /// A copy without the undo history, for search: it plays on, it cannot take back.
    pub fn fork(&self) -> GoGame {
        let (g, seen) = (self.g.fork(), self.seen.clone());
        GoGame { g, seen }
    }

    /// The moves that apply now, in words: stones and passes in play (no pass while Black places
    /// handicap stones), marks and `done` after play, nothing once the game is over.
    pub fn moves_text(&self) -> &'static str {
        match self.pos.st.phase {
            Phase::Play if self.pos.st.handicap_left > 0 => {
                "Black places a handicap stone on a point; or resign"
            }
            Phase::Play => "a point, pass or resign",
            Phase::Scoring => {
                "play has stopped: name a stone to mark its chain dead (again to unmark), then \
                 done; or resign"
            }
            Phase::Resigned(_) | Phase::Counted => "the game is over",
        }
    }

    /// Passes in a row while play is on, and how many in a row end it (`passes_to_end`).
    pub fn passes(&self) -> (u8, u8) {
        (self.pos.st.passes, self.rules.passes_to_end)
    }

    /// Moves played since the start (passes included).
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// Every move played with [`Game::play`] since the start, with the player who made it.
    pub fn history(&self) -> Vec<(Colour, GoMove)> {
        self.undo.history(&self.pos.st, |st| (st.to_move, st.last))
    }

    /// The stones of the starting position (handicap or set-up stones), before any move.
    pub fn initial_stones(&self) -> Vec<Option<Colour>> {
        self.undo.initial_stones(&self.topo, &self.pos.board)
    }

    /// The player to move in the starting position.
    pub fn initial_to_move(&self) -> Colour {
        self.undo.first_state(&self.pos.st).to_move
    }

    /// Sets komi for this game (both even and handicap games), as GTP's `komi` does. A komi the
    /// rulesets refuse ([`crate::rules::check_komi`]) is refused here too, and nothing changes.
    pub fn set_komi(&mut self, komi: f64) -> Result<(), String> {
        crate::rules::check_komi(komi)?;
        self.g.rules.komi = crate::rules::Komi::flat(komi);
        self.g.rules.handicap_komi = komi;
        Ok(())
    }

    /// Puts Black handicap stones on an empty board and gives White the move (GTP `set_free_handicap`,
    /// or fixed placements). The history restarts from here.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), SetupError> {
        if self.pos.board.empty_count() != self.topo.len() || !self.undo.is_empty() {
            return Err(SetupError(
                "handicap stones go on an empty board before any move".into(),
            ));
        }
        if points.len() < 2 || points.len() >= self.topo.len() {
            return Err(SetupError(format!(
                "a handicap is 2 or more stones on distinct points, not {}",
                points.len()
            )));
        }
        let mut stones = vec![None; self.topo.len()];
        for &p in points {
            if stones[p.idx()].is_some() {
                return Err(SetupError(format!(
                    "handicap point {} given twice",
                    self.topo.name(p)
                )));
            }
            stones[p.idx()] = Some(Colour::Black);
        }
        self.g.rules.handicap = points.len().min(9) as u8;
        self.set_position(&stones, Colour::White)
    }

    /// Changes stones outside of play (SGF set-up after the first move, which GNU Go and Sabaki read
    /// as an edit of the board): `None` empties a point. The edited position is a new start — the
    /// history, undo and ko restart from it — keeping the captures and the player to move. Refused,
    /// changing nothing, when a chain would be left without liberty.
    pub fn edit_stones(&mut self, changes: &[(Point, Option<Colour>)]) -> Result<(), SetupError> {
        let mut stones = self.pos.board.stone_list(&self.topo);
        for &(p, c) in changes {
            stones[p.idx()] = c;
        }
        let captures = self.pos.st.captures;
        self.set_position(&stones, self.pos.st.to_move)?;
        self.g.pos.st.captures = captures;
        Ok(())
    }

    /// Gives the move to `c` without a move being played, for GTP `play`/`genmove` and SGF records,
    /// which may name either colour. Nothing changes when `c` is already to move. Otherwise:
    /// - a simple-ko ban stays on the player who did not capture, so the capturer may fill the ko point
    ///   (as in GNU Go, where a ko point is forbidden to the capturer's opponent until the next move);
    /// - a free-handicap placement still under way ends;
    /// - the position with `c` to move joins the superko history (situational superko sees it).
    ///
    /// It is not a move: it is not in [`GoGame::history`] and has no undo entry of its own. Undoing the
    /// next move comes back to this position with `c` to move; undoing further restores what was before.
    pub fn set_to_move(&mut self, c: Colour) {
        if !self.g.pos.st.give_turn(c) {
            return;
        }
        if self.rules.ko != Ko::Simple {
            self.seen.truncate(self.pos.st.seen_len as usize);
            self.seen.push((self.pos.board.hash(), c));
            self.g.pos.st.seen_len = self.seen.len() as u32;
        }
    }

    /// Goes back to play after the closing passes (GTP controllers and game records may play on after
    /// two passes): dead marks are cleared and the pass count restarts. Returns false, changing nothing,
    /// when play is already on or a player resigned. Like [`GoGame::set_to_move`] it is not a move; the
    /// next move's undo entry keeps the resumed state.
    pub fn resume_play(&mut self) -> bool {
        let resumed = self.g.pos.st.resume();
        if resumed {
            self.g.pos.clear_dead();
        }
        resumed
    }

    /// What [`Game::check`] would say of `mv` after [`GoGame::resume_play`] and
    /// [`GoGame::set_to_move`]`(c)`, without changing anything or copying the game: GTP's `play` and
    /// `is_legal` for either colour at any time, at a cost that does not grow with the game.
    pub fn check_for(&self, c: Colour, mv: GoMove) -> Result<(), GoIllegal> {
        let mut st = self.pos.st;
        st.resume();
        st.give_turn(c);
        self.check_in(&st, mv)
    }

    /// The score if, besides the current marks, the chains of the stones `dead` were marked dead
    /// (an engine's `final_score` from its dead-stone estimate).
    pub fn score_with_dead(&self, dead: &[Point]) -> Score {
        let mut copy = self.fork();
        for &p in dead {
            let pos = &mut copy.g.pos;
            if pos.board.get(p).is_some() && !pos.dead[p.idx()] {
                scoring::toggle_dead(&pos.board, &mut pos.dead, p);
            }
        }
        copy.compute_score()
    }

    /// The score under the ruleset with the current dead-stone marks.
    fn compute_score(&self) -> Score {
        let komi = self.rules.effective_komi();
        let (b, w) = (Colour::Black.idx(), Colour::White.idx());
        let (black, white) = match self.rules.scoring {
            Scoring::Area => {
                let area = self.pos.area(&self.topo);
                (area[b], area[w])
            }
            Scoring::Territory => {
                let count = self.count();
                (
                    count.territory_outside_seki[b] + self.pos.st.captures[b] + count.dead[w],
                    count.territory_outside_seki[w] + self.pos.st.captures[w] + count.dead[b],
                )
            }
        };
        Score {
            black: black as f64,
            white: white as f64 + komi,
        }
    }

    fn position_hash(&self, board_hash: u64, to_move: Colour) -> u64 {
        match to_move {
            Colour::Black => board_hash,
            Colour::White => board_hash ^ self.topo.side_key(),
        }
    }

    /// Would a stone on `p` repeat an earlier position under the superko rule (`st` as the state)?
    fn repeats(&self, st: &State, p: Point, c: Colour) -> bool {
        let situational = match self.rules.ko {
            Ko::Simple => return false,
            Ko::Positional => false,
            Ko::Situational => true,
        };
        let after = self
            .pos
            .board
            .hash_after(&self.topo, p, c, self.rules.suicide);
        let next = if st.handicap_left > 1 {
            c
        } else {
            c.opponent()
        };
        self.seen.contains(after, next, situational)
    }

    /// Whether a stone on `p` is legal now (the search's move list).
    pub(crate) fn stone_ok(&self, p: Point) -> bool {
        self.check_stone(&self.pos.st, p).is_ok()
    }

    /// Writes the points' part of a legal mask while play is on: `mask[p]` (for every point) is 1
    /// where a stone is legal now, else 0 — [`Game::check`]'s answer for each (the dead-stone
    /// step and the game's end, which refuse every stone, are the caller's to tell). Under simple
    /// ko without suicide the board alone tells: an empty point with an empty neighbour is legal
    /// (one pass over the board), and so is one without unless it is suicide (the ko point is
    /// checked in full); otherwise the full check decides each empty point.
    pub fn legal_points(&self, mask: &mut [u8]) {
        let st = &self.pos.st;
        let (board, c) = (&self.pos.board, st.to_move);
        if self.rules.ko == Ko::Simple && !self.rules.suicide {
            if board.classify_points(mask) {
                let ko = st.ko.filter(|k| mask[k.idx()] == 2);
                board.settle_surrounded(&self.topo, c, mask);
                if let Some(k) = ko {
                    mask[k.idx()] = u8::from(self.check_stone(st, k).is_ok());
                }
            }
            return;
        }
        mask[..board.len()].fill(0);
        for p in board.empty_points() {
            mask[p.idx()] = u8::from(self.check_stone(st, p).is_ok());
        }
    }

    /// Why a stone on `p` is refused on this board with `st` as the state, if it is.
    fn check_stone(&self, st: &State, p: Point) -> Result<(), GoIllegal> {
        let c = st.to_move;
        let board = &self.pos.board;
        if board.get(p).is_some() {
            return Err(GoIllegal::Occupied(self.topo.name(p)));
        }
        // The ko point is forbidden to the player who did not just capture: after a ko capture all its
        // neighbours are the capturer's, who may fill it (this matters only after `set_to_move`).
        if st.ko == Some(p)
            && !self
                .topo
                .neighbours(p)
                .iter()
                .any(|&q| board.get(Point(q)) == Some(c))
        {
            return Err(GoIllegal::Ko);
        }
        if board.is_suicide(&self.topo, p, c) {
            let alone = self
                .topo
                .neighbours(p)
                .iter()
                .all(|&q| board.get(Point(q)) != Some(c));
            if !self.rules.suicide || alone {
                return Err(GoIllegal::Suicide);
            }
        }
        if self.repeats(st, p, c) {
            return Err(GoIllegal::Superko);
        }
        Ok(())
    }

    /// Why `mv` is refused on this board with `st` as the state, if it is.
    fn check_in(&self, st: &State, mv: GoMove) -> Result<(), GoIllegal> {
        let class = match mv {
            GoMove::Play(_) | GoMove::Pass => MoveClass::Play,
            GoMove::Resign => MoveClass::Resign,
            GoMove::Mark(p) => MoveClass::Mark(p),
            GoMove::Done => MoveClass::Done,
        };
        st.phase.admits(class, &self.pos.board, &self.topo)?;
        match mv {
            GoMove::Play(p) => self.check_stone(st, p),
            GoMove::Pass if st.handicap_left > 0 => Err(GoIllegal::PassDuringHandicap),
            _ => Ok(()),
        }
    }

    /// Plays a move known to be legal, without recording undo information or checking superko.
    /// The fast path for playouts and search: a stone is played in line (the playout loop and the
    /// search's rollouts inline it, without a jump on the move's kind once the compiler knows it is
    /// a stone), every other move out of line.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: GoMove) {
        match mv {
            GoMove::Play(p) => self.play_stone(p),
            _ => self.play_word(mv),
        }
        if self.rules.ko != Ko::Simple && matches!(mv, GoMove::Play(_) | GoMove::Pass) {
            self.remember_position();
        }
    }

    /// [`GoGame::play_unchecked`] of a stone on `p`.
    #[inline(always)]
    fn play_stone(&mut self, p: Point) {
        let pos = &mut self.g.pos;
        let c = pos.st.to_move;
        let placed = pos.board.play(&self.g.topo, p, c);
        pos.st.captures[c.idx()] += placed.captured;
        pos.st.captures[c.opponent().idx()] += placed.suicided;
        pos.st.ko = placed
            .single_capture
            .filter(|_| pos.board.chain_size(p) == 1 && pos.board.atari_point(p).is_some());
        pos.st.passes = 0;
        if pos.st.handicap_left > 0 {
            pos.st.handicap_left -= 1;
        }
        if pos.st.handicap_left == 0 {
            pos.st.to_move = c.opponent();
        }
        pos.st.before_last = pos.st.last;
        pos.st.last = Some(GoMove::Play(p));
    }

    /// [`GoGame::play_unchecked`] of a move that places no stone, out of line.
    #[inline(never)]
    fn play_word(&mut self, mv: GoMove) {
        let (rules, pos) = (&self.g.rules, &mut self.g.pos);
        let c = pos.st.to_move;
        match mv {
            GoMove::Play(p) => return self.play_stone(p),
            GoMove::Pass => {
                let (end, dead_stones) = (rules.passes_to_end, rules.dead_stones);
                pos.st.phase.pass(&mut pos.st.passes, end, dead_stones);
                pos.st.ko = None;
                pos.st.to_move = c.opponent();
            }
            GoMove::Resign => pos.st.phase = Phase::Resigned(c),
            GoMove::Mark(p) => scoring::toggle_dead(&pos.board, &mut pos.dead, p),
            GoMove::Done => pos.st.phase = Phase::Counted,
        }
        pos.st.before_last = pos.st.last;
        pos.st.last = Some(mv);
    }

    /// After a stone or a pass under superko: the position joins the history.
    #[inline(never)]
    fn remember_position(&mut self) {
        let key = (self.pos.board.hash(), self.pos.st.to_move);
        self.seen.truncate(self.pos.st.seen_len as usize);
        self.seen.push(key);
        self.g.pos.st.seen_len = self.seen.len() as u32;
    }

    /// A random move for playouts: the first empty point that is legal (simple ko) and does not fill
    /// an own single-point eye, scanning the board's empty list from a uniformly random entry and
    /// wrapping around (libego's light policy); `Pass` when there is none. One random draw a move,
    /// and it allocates nothing. Every acceptable point can be chosen; points that follow refused ones
    /// in the list are chosen more often, so the choice is uniform only while every empty point is
    /// acceptable. The drawn entry mostly has an empty neighbour and is played at once; the rest of
    /// the scan is out of line.
    #[inline(always)]
    pub fn playout_move(&self, rng: &mut stones_core::Rng) -> GoMove {
        let board = &self.pos.board;
        let n = board.empty_count();
        if n == 0 {
            return GoMove::Pass;
        }
        let start = rng.below(n);
        let p = board.nth_empty(start);
        if board.empty_neighbours(p) != 0 {
            return GoMove::Play(p);
        }
        self.playout_scan(start, |_| false)
    }

    /// [`GoGame::playout_move`] that also passes over the points `refuse` names among those with
    /// at most one empty neighbour (the only ones where a stone can be left with one liberty or
    /// none): `Pass` when every acceptable point is refused, as Pachi's playouts pass rather than
    /// make a bad self-atari.
    pub fn playout_move_except(
        &self,
        rng: &mut stones_core::Rng,
        refuse: impl Fn(Point) -> bool,
    ) -> GoMove {
        let n = self.pos.board.empty_count();
        if n == 0 {
            return GoMove::Pass;
        }
        self.playout_scan(rng.below(n), refuse)
    }

    /// The scan of [`GoGame::playout_move`] and [`GoGame::playout_move_except`] from entry `start`
    /// of the empty list on: a point with an empty neighbour is legal and no eye, one without is
    /// asked whether it is legal (the ko point is only among these: all its neighbours are the
    /// capturer's stones) and not an own eye; `refuse` is asked of the points with at most one.
    #[inline(never)]
    fn playout_scan(&self, start: usize, refuse: impl Fn(Point) -> bool) -> GoMove {
        let board = &self.pos.board;
        let c = self.pos.st.to_move;
        let ko = self.pos.st.ko;
        board
            .scan_empties_from(start, |p| match board.empty_neighbours(p) {
                0 => ko != Some(p) && board.is_fair_move(&self.topo, p, c) && !refuse(p),
                1 => !refuse(p),
                _ => true,
            })
            .map_or(GoMove::Pass, GoMove::Play)
    }
}

impl Game for GoGame {
    type Move = GoMove;
    type Rules = GoRules;
    type Illegal = GoIllegal;
    const ABOUT: &'static str =
        "Go: surround territory, capture chains without liberties; ko, komi, handicap";
    const SIZES: &'static [&'static str] = &["19", "13", "9", "7", "5"];
    const TEST_SIZES: &'static [&'static str] = &["2", "5", "9", "[7, 4]"];
    const SGF_GM: Option<u32> = Some(1);

    stones_core::game_talk!();

    fn to_sgf(&self, result: Option<&str>, _rule: &str) -> Option<String> {
        Some(crate::sgf::write(self, result))
    }

    fn new(rules: GoRules) -> Result<Self, RulesError> {
        use stones_core::RuleSet;
        let rules = rules.checked()?;
        let (w, h) = (rules.size.width, rules.size.height);
        let topo = Arc::new(Topology::square(w, h, Adjacency::Orthogonal));
        let g = GoLike::new(topo, rules, State::start(Colour::Black));
        let seen = Positions::start(g.pos.board.hash(), Colour::Black);
        let mut game = GoGame { g, seen };
        if game.rules.handicap > 0 {
            match game.rules.handicap_placement {
                Placement::Free => game.g.pos.st.handicap_left = game.rules.handicap,
                Placement::Fixed => {
                    let pts = handicap::seed_points(game.rules.size, game.rules.handicap)
                        .map_err(|m| RulesError::new("go", m))?;
                    let pts: Vec<Point> = pts
                        .into_iter()
                        .filter_map(|xy| handicap::to_point(&game.topo, xy))
                        .collect();
                    game.place_handicap(&pts)
                        .map_err(|e| RulesError::new("go", e.to_string()))?;
                }
            }
        }
        Ok(game)
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: pos.st.to_move);

    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        self.g.set(stones, |_| State::start(to_move))?;
        self.seen = Positions::start(self.pos.board.hash(), to_move);
        Ok(())
    }

    fn status(&self) -> Status {
        self.pos.st.phase.status(|| self.compute_score())
    }

    fn legal_moves(&self, out: &mut Vec<GoMove>) {
        let play = |out: &mut Vec<GoMove>| {
            // Occupied points are passed over before the check, which would name them in an error.
            let board = &self.pos.board;
            let ok = |&p: &Point| board.get(p).is_none() && self.stone_ok(p);
            out.extend(self.topo.points().filter(ok).map(GoMove::Play));
            if self.pos.st.handicap_left == 0 {
                out.push(GoMove::Pass);
            }
        };
        self.phase_moves(out, play, GoMove::Mark, GoMove::Done);
    }

    fn check(&self, mv: GoMove) -> Result<(), GoIllegal> {
        self.check_in(&self.pos.st, mv)
    }

    /// Checks and plays `mv`, recording what it changes (not a copy of the position) for undo.
    fn play(&mut self, mv: GoMove) -> Result<(), GoIllegal> {
        self.check(mv)?;
        GoLike::play_recorded(self, mv, GoGame::play_unchecked, |game| &mut game.g);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        match self.g.take_back() {
            Some(st) => {
                self.seen.truncate(st.seen_len as usize);
                true
            }
            None => false,
        }
    }

    fn parse_move(&self, text: &str) -> Result<GoMove, MoveSyntaxError> {
        let t = text.trim();
        if let Some(mv) = word_move(t, [GoMove::Pass, GoMove::Resign, GoMove::Done]) {
            return Ok(mv);
        }
        let (mark, point) = match dead_point(t) {
            Some(rest) => (true, rest.trim()),
            None => (self.pos.st.phase == Phase::Scoring, t),
        };
        let p = self.topo.parse_point(point).map_err(|e| MoveSyntaxError {
            text: t.to_string(),
            why: match self.pos.st.phase {
                Phase::Play if self.pos.st.handicap_left > 0 => {
                    format!(
                        "expected a point for a handicap stone ({}) or resign",
                        e.allowed
                    )
                }
                Phase::Play => format!("expected {}, pass or resign", e.allowed),
                Phase::Scoring => format!(
                    "expected a stone to mark dead or bring back ({}), done or resign",
                    e.allowed
                ),
                Phase::Resigned(_) | Phase::Counted => {
                    format!("expected {}, but the game is over", e.allowed)
                }
            },
        })?;
        Ok(if mark {
            GoMove::Mark(p)
        } else {
            GoMove::Play(p)
        })
    }

    fn move_text(&self, mv: GoMove) -> String {
        match mv {
            GoMove::Play(p) => self.topo.name(p),
            GoMove::Pass => "pass".into(),
            GoMove::Resign => "resign".into(),
            GoMove::Mark(p) => format!("dead {}", self.topo.name(p)),
            GoMove::Done => "done".into(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.pos.board.get(p)
    }

    fn captures(&self) -> [u32; 2] {
        self.pos.st.captures
    }

    fn score(&self) -> Score {
        self.compute_score()
    }

    fn komi(&self) -> Option<f64> {
        Some(self.rules.effective_komi())
    }

    fn hash(&self) -> u64 {
        let mut h = self.position_hash(self.pos.board.hash(), self.pos.st.to_move);
        if let Some(k) = self.pos.st.ko {
            h ^= self.topo.key(k, Colour::Black).rotate_left(17);
        }
        h ^ (self.pos.st.passes as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }

    /// Star points, the last stone, the ko point, dead marks, and the count once play has stopped.
    fn decorations(&self) -> Decorations {
        let stars = stones_core::svg::star_points(&self.topo);
        let deco = Decorations {
            stars,
            marks: self.marks(),
            ..Decorations::default()
        };
        self.decorate(self.last_move(), deco)
    }

    /// The ko point, while retaking there is refused.
    fn marks(&self) -> Vec<(Point, Mark)> {
        self.ko_point().map(|k| (k, Mark::Ko)).into_iter().collect()
    }

    /// Random play with [`GoGame::playout_move`] on the unchecked fast path (simple ko only, no undo
    /// record), until play stops or `cap` moves.
    fn playout(&mut self, rng: &mut stones_core::Rng, cap: usize) -> usize {
        let pick = |g: &mut GoGame| g.in_play().then(|| g.playout_move(rng));
        stones_core::placement::play_out(self, cap, pick, GoGame::play_unchecked)
    }

    fn random_move(&self, rng: &mut stones_core::Rng) -> Option<GoMove> {
        match self.pos.st.phase {
            Phase::Play => {
                let mut cand = [0u16; MAX_POINTS];
                let mut n = 0;
                for p in self.pos.board.empty_points() {
                    cand[n] = p.0;
                    n += 1;
                }
                let pass = usize::from(self.pos.st.handicap_left == 0);
                while n + pass > 0 {
                    let i = rng.below(n + pass);
                    if i == n {
                        return Some(GoMove::Pass);
                    }
                    let p = Point(cand[i]);
                    if self.check_stone(&self.pos.st, p).is_ok() {
                        return Some(GoMove::Play(p));
                    }
                    n -= 1;
                    cand[i] = cand[n];
                }
                None
            }
            _ => stones_core::random_legal(self, rng),
        }
    }
}
