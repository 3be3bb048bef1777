//! The TriGo game: the one-stone opening, two-stone moves, whole-move suicide, the ko rule, passes,
//! optional dead-stone marking, and the score (territory + captures + komi).

use crate::legal::pair_suicide;
use crate::moves::{self, TrigoMove};
use crate::rules::TrigoRules;
use std::sync::Arc;
use stones_core::{
    Colour, Decorations, Game, MoveSyntaxError, Point, Rng, RulesError, Score, SetupError, Status,
    Topology,
};
use stones_go::scoring::{self, Count};
use stones_go::{ChainBoard, GoLike, GoState, MoveClass, Phase, PhaseRefusal, Places};
use thiserror::Error;

mod random;

/// Why a TriGo move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TrigoIllegal {
    #[error("point {0} is not on this board")]
    OffBoard(u16),
    #[error("occupied: {0} already has a stone")]
    Occupied(String),
    #[error("same point twice: both stones on {0}; the two stones of a move go on two different empty points")]
    SamePoint(String),
    #[error(
        "one stone: only Black's opening move places a single stone; now place two (a1+b2) or pass"
    )]
    TwoStonesNeeded,
    #[error("two stones: Black's opening move places a single stone (e.g. {0})")]
    OneStoneOpening(String),
    #[error("suicide: after the move and its captures the stone on {0} would have no liberty")]
    Suicide(String),
    #[error("ko: the move would recreate the position right after your previous move")]
    Ko,
    #[error(transparent)]
    Phase(#[from] PhaseRefusal),
}

/// The one move that could recreate the position right after the mover's previous move: the two
/// points the opponent's last move captured (exactly two stones), with the hash to avoid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct KoWatch {
    pair: (Point, Point),
    forbidden: u64,
}

/// Everything but the board and the dead marks that changes with a move; the undo log keeps it from
/// before each move. Its fields are the game's own (read them through [`TrigoGame`]'s methods).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    to_move: Colour,
    /// The next move is Black's one-stone opening.
    opening: bool,
    passes: u8,
    captures: [u32; 2],
    phase: Phase,
    ko: Option<KoWatch>,
    last: Option<TrigoMove>,
    /// Moves played since the start position.
    ply: u32,
}

impl GoState for State {
    fn turn(&self) -> (Colour, [u32; 2]) {
        (self.to_move, self.captures)
    }

    fn phase(&self) -> Phase {
        self.phase
    }
}

/// A fresh start on `board` with `to_move` to play: Black's one-stone opening comes first on an
/// empty board; nothing captured, no ko, no pass yet.
fn start(board: &ChainBoard, to_move: Colour) -> State {
    State {
        opening: board.empty_count() == board.len() && to_move == Colour::Black,
        to_move,
        passes: 0,
        captures: [0; 2],
        phase: Phase::Play,
        ko: None,
        last: None,
        ply: 0,
    }
}

/// A game of TriGo under a [`TrigoRules`] ruleset: what every Go-like game keeps ([`GoLike`], which
/// it dereferences to, read-only: the board, the dead marks, the undo log).
#[derive(Debug)]
pub struct TrigoGame {
    g: GoLike<State, TrigoRules>,
}

impl Clone for TrigoGame {
    fn clone(&self) -> TrigoGame {
        TrigoGame { g: self.g.clone() }
    }

    /// Refreshes a copy in place (see [`GoLike`]'s).
    fn clone_from(&mut self, src: &TrigoGame) {
        self.g.clone_from(&src.g);
    }
}

/// The same rules, position and moves (the recount replays them).
impl PartialEq for TrigoGame {
    fn eq(&self, other: &Self) -> bool {
        self.g == other.g && self.undo == other.undo
    }
}

impl std::ops::Deref for TrigoGame {
    type Target = GoLike<State, TrigoRules>;

    fn deref(&self) -> &Self::Target {
        &self.g
    }
}

impl TrigoGame {
    /// A copy without the undo history, for search: it plays on, it cannot take back.
    pub fn fork(&self) -> TrigoGame {
        TrigoGame { g: self.g.fork() }
    }

    /// A copy that has gone back to play after the closing passes (no dead marks, no passes
    /// counted), for the search to estimate ownership and score as a referee would. A copy in play,
    /// or of a resigned game, is just the copy.
    pub fn playing_on(&self) -> TrigoGame {
        let mut copy = self.fork();
        let pos = &mut copy.g.pos;
        if pos.st.phase.resume(&mut pos.st.passes) {
            pos.clear_dead();
        }
        copy
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<TrigoMove> {
        self.pos.st.last
    }

    /// Where the game stands: the opening, two-stone play, marking dead chains, or over.
    pub fn stage(&self) -> moves::Stage {
        match self.pos.st.phase {
            Phase::Play if self.pos.st.opening => moves::Stage::Opening,
            Phase::Play => moves::Stage::Play,
            Phase::Scoring => moves::Stage::Scoring,
            _ => moves::Stage::Over,
        }
    }

    /// Passes in a row while play is on, and how many in a row end it (two).
    pub fn passes(&self) -> (u8, u8) {
        (self.pos.st.passes, 2)
    }

    /// True while the next move is Black's one-stone opening.
    pub fn is_opening(&self) -> bool {
        self.pos.st.opening
    }

    /// Exact liberties of the chain through `p`, or 0 for an empty point (as [`GoLike::liberties`]).
    pub fn liberties_of(&self, p: Point) -> u32 {
        self.liberties(p)
    }

    /// Every move played with [`Game::play`] since the start, with the player who made it.
    pub fn history(&self) -> Vec<(Colour, TrigoMove)> {
        self.undo.history(&self.pos.st, |st| (st.to_move, st.last))
    }

    /// Score from a count: territory + stones captured in play + the opponent's dead stones, and komi
    /// for White.
    fn score_of(&self, count: &Count, captures: [u32; 2]) -> Score {
        let (b, w) = (Colour::Black.idx(), Colour::White.idx());
        Score {
            black: (count.territory[b] + captures[b] + count.dead[w]) as f64,
            white: (count.territory[w] + captures[w] + count.dead[b]) as f64 + self.rules.komi,
        }
    }

    /// Why the two stones `p`, `q` are refused now, if they are (the move's shape aside).
    fn check_pair(&self, p: Point, q: Point) -> Result<(), TrigoIllegal> {
        let board = &self.pos.board;
        let c = self.pos.st.to_move;
        for s in [p, q] {
            if board.get(s).is_some() {
                return Err(TrigoIllegal::Occupied(self.topo.name(s)));
            }
        }
        if p == q {
            return Err(TrigoIllegal::SamePoint(self.topo.name(p)));
        }
        if let Some(s) = pair_suicide(board, &self.topo, p, q, c) {
            return Err(TrigoIllegal::Suicide(self.topo.name(s)));
        }
        if self.repeats(p, q) {
            return Err(TrigoIllegal::Ko);
        }
        Ok(())
    }

    /// Would the (non-suicidal) pair recreate the position right after the mover's previous move?
    fn repeats(&self, p: Point, q: Point) -> bool {
        match self.pos.st.ko {
            Some(KoWatch { pair, forbidden }) if pair == (p.min(q), p.max(q)) => {
                self.hash_after_pair(p, q) == forbidden
            }
            _ => false,
        }
    }

    /// The stone hash after the mover's pair `p`, `q`, by trial play on a copy of the board: rare
    /// (only a retake of the two stones just captured asks), so kept out of line, where its board
    /// copy does not weigh on the playout loops' stack.
    #[cold]
    #[inline(never)]
    fn hash_after_pair(&self, p: Point, q: Point) -> u64 {
        let mut trial = self.pos.board.clone();
        trial.play_group(&self.topo, &[p, q], self.pos.st.to_move);
        trial.hash()
    }

    /// Is the two-stone move on distinct empty points `p`, `q` legal (fast path for listing)?
    #[inline]
    pub(crate) fn pair_ok(&self, p: Point, q: Point) -> bool {
        pair_suicide(&self.pos.board, &self.topo, p, q, self.pos.st.to_move).is_none()
            && !self.repeats(p, q)
    }

    /// Plays a move known to be legal, without recording undo information. The fast path for playouts
    /// and search: it allocates nothing.
    pub fn play_unchecked(&mut self, mv: TrigoMove) {
        let (topo, rules, pos) = (&self.g.topo, &self.g.rules, &mut self.g.pos);
        let c = pos.st.to_move;
        match mv {
            TrigoMove::One(p) => {
                let placed = pos.board.play_group(topo, &[p], c);
                pos.st.captures[c.idx()] += placed.captured;
                pos.st.ko = None;
                pos.st.passes = 0;
                pos.st.to_move = c.opponent();
            }
            TrigoMove::Two(p, q) => {
                let before = pos.board.hash();
                let placed = pos.board.play_group(topo, &[p, q], c);
                pos.st.captures[c.idx()] += placed.captured;
                pos.st.captures[c.opponent().idx()] += placed.suicided;
                // The opponent may not recreate `before` (the position right after its previous move);
                // only retaking exactly the two points just captured could. They are read off the
                // empty list after the play (captures first), not found by walking chains before it.
                pos.st.ko = None;
                if placed.captured == 2 && pos.st.ply > 0 {
                    let mut gone = pos.board.last_emptied(2 + placed.suicided as usize);
                    if let (Some(a), Some(b)) = (gone.next(), gone.next()) {
                        pos.st.ko = Some(KoWatch {
                            pair: (a.min(b), a.max(b)),
                            forbidden: before,
                        });
                    }
                }
                pos.st.passes = 0;
                pos.st.to_move = c.opponent();
            }
            TrigoMove::Pass => {
                pos.st.phase.pass(&mut pos.st.passes, 2, rules.dead_stones);
                pos.st.ko = None;
                pos.st.to_move = c.opponent();
            }
            TrigoMove::Resign => pos.st.phase = Phase::Resigned(c),
            TrigoMove::Mark(p) => scoring::toggle_dead(&pos.board, &mut pos.dead, p),
            TrigoMove::Done => pos.st.phase = Phase::Counted,
        }
        if matches!(mv, TrigoMove::One(_) | TrigoMove::Two(..) | TrigoMove::Pass) {
            pos.st.opening = false;
            pos.st.ply += 1;
        }
        pos.st.last = Some(mv.canonical());
    }
}

impl Game for TrigoGame {
    type Move = TrigoMove;
    type Rules = TrigoRules;
    type Illegal = TrigoIllegal;
    const ABOUT: &'static str =
        "TriGo: Go on a hexagon of 169 points, two stones per move after Black's first";
    const SIZES: &'static [&'static str] = &["8", "6", "5", "4", "3"];
    const TEST_SIZES: &'static [&'static str] = &["2", "3", "4"];

    stones_core::game_talk!();

    fn new(rules: TrigoRules) -> Result<Self, RulesError> {
        use stones_core::RuleSet;
        let rules = rules.checked()?;
        let topo = Arc::new(Topology::hex(rules.size));
        let empty = start(&ChainBoard::new(&topo), Colour::Black);
        Ok(TrigoGame {
            g: GoLike::new(topo, rules, empty),
        })
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: pos.st.to_move);

    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        self.g.set(stones, |board| start(board, to_move))
    }

    fn status(&self) -> Status {
        self.pos.st.phase.status(|| self.score())
    }

    /// Stone moves in index order (each pair once, lower index first), then `Pass`. No board copy per
    /// pair: [`pair_suicide`] decides from the two neighbourhoods, exactly, without walking chains;
    /// only the one pair the ko rule watches is tried on a copy.
    fn legal_moves(&self, out: &mut Vec<TrigoMove>) {
        let play = |out: &mut Vec<TrigoMove>| {
            let board = &self.pos.board;
            let mut empty: Vec<Point> = board.empty_points().collect();
            empty.sort_unstable();
            if self.pos.st.opening {
                let c = self.pos.st.to_move;
                let ok = |&&p: &&Point| !board.is_suicide(&self.topo, p, c);
                out.extend(empty.iter().filter(ok).map(|&p| TrigoMove::One(p)));
            } else {
                let ok = |&(p, q): &(Point, Point)| self.pair_ok(p, q);
                let pairs = stones_core::turn::pairs(&empty).filter(ok);
                out.extend(pairs.map(|(p, q)| TrigoMove::Two(p, q)));
            }
            out.push(TrigoMove::Pass);
        };
        self.phase_moves(out, play, TrigoMove::Mark, TrigoMove::Done);
    }

    fn check(&self, mv: TrigoMove) -> Result<(), TrigoIllegal> {
        let off = |p: Point| (p.idx() >= self.topo.len()).then_some(TrigoIllegal::OffBoard(p.0));
        let (class, off_board) = match mv {
            TrigoMove::One(p) => (MoveClass::Play, off(p)),
            TrigoMove::Two(p, q) => (MoveClass::Play, off(p).or_else(|| off(q))),
            TrigoMove::Pass => (MoveClass::Play, None),
            TrigoMove::Resign => (MoveClass::Resign, None),
            TrigoMove::Mark(p) => (MoveClass::Mark(p), off(p)),
            TrigoMove::Done => (MoveClass::Done, None),
        };
        if self.pos.st.phase.is_over() {
            return Err(PhaseRefusal::GameOver.into());
        }
        if let Some(e) = off_board {
            return Err(e);
        }
        self.pos
            .st
            .phase
            .admits(class, &self.pos.board, &self.topo)?;
        let board = &self.pos.board;
        match mv {
            TrigoMove::One(p) if board.get(p).is_some() => {
                Err(TrigoIllegal::Occupied(self.topo.name(p)))
            }
            TrigoMove::One(_) if !self.pos.st.opening => Err(TrigoIllegal::TwoStonesNeeded),
            TrigoMove::One(p) if board.is_suicide(&self.topo, p, self.pos.st.to_move) => {
                Err(TrigoIllegal::Suicide(self.topo.name(p)))
            }
            TrigoMove::Two(p, _) if self.pos.st.opening => {
                Err(TrigoIllegal::OneStoneOpening(self.topo.name(p)))
            }
            TrigoMove::Two(p, q) => self.check_pair(p, q),
            _ => Ok(()),
        }
    }

    /// Checks and plays `mv`, recording what it changes (not a copy of the position) for undo.
    fn play(&mut self, mv: TrigoMove) -> Result<(), TrigoIllegal> {
        self.check(mv)?;
        GoLike::play_recorded(self, mv, TrigoGame::play_unchecked, |game| &mut game.g);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.g.take_back().is_some()
    }

    fn parse_move(&self, text: &str) -> Result<TrigoMove, MoveSyntaxError> {
        moves::parse(&self.topo, text, self.stage())
    }

    fn move_text(&self, mv: TrigoMove) -> String {
        moves::text(&self.topo, mv)
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.pos.board.get(p)
    }

    fn komi(&self) -> Option<f64> {
        Some(self.rules.komi)
    }

    fn captures(&self) -> [u32; 2] {
        self.pos.st.captures
    }

    fn score(&self) -> Score {
        self.score_of(&self.count(), self.pos.st.captures)
    }

    /// Replays every move from the starting position on a fresh board and counts that.
    fn recount(&self) -> Score {
        let start = self.undo.initial_stones(&self.topo, &self.pos.board);
        let mut fresh = ChainBoard::filled(&self.topo, &start);
        let mut captures = [0u32; 2];
        for (c, mv) in self.history() {
            let stones = mv.stones();
            if !stones.as_slice().is_empty() {
                captures[c.idx()] += fresh.play_group(&self.topo, stones.as_slice(), c).captured;
            }
        }
        let count = scoring::count(&fresh, &self.topo, &self.pos.dead);
        self.score_of(&count, captures)
    }

    fn hash(&self) -> u64 {
        let pos = &self.pos;
        let mut h = pos.board.hash();
        if pos.st.to_move == Colour::White {
            h ^= self.topo.side_key();
        }
        if let Some(k) = pos.st.ko {
            h ^= k.forbidden.rotate_left(29) ^ self.topo.key(k.pair.0, Colour::White);
        }
        if pos.st.phase == Phase::Scoring {
            for p in self.topo.points().filter(|p| pos.dead[p.idx()]) {
                h ^= self.topo.key(p, Colour::Black).rotate_left(41);
            }
        }
        let phase = match pos.st.phase {
            Phase::Play => 0u64,
            Phase::Scoring => 1,
            Phase::Resigned(_) => 2,
            Phase::Counted => 3,
        };
        let flags = pos.st.passes as u64 | (pos.st.opening as u64) << 8 | phase << 16;
        h ^ flags.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour)
    }

    /// The last move's stones, dead marks, and the count once play has stopped.
    fn decorations(&self) -> Decorations {
        self.decorate(self.last_move(), Decorations::default())
    }

    /// Random play with [`TrigoGame::playout_move`] on the unchecked fast path, until play stops or
    /// `cap` moves. Allocates nothing.
    fn playout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        let pick = |g: &mut TrigoGame| g.in_play().then(|| g.playout_move(rng));
        stones_core::placement::play_out(self, cap, pick, TrigoGame::play_unchecked)
    }

    fn random_move(&self, rng: &mut Rng) -> Option<TrigoMove> {
        match self.pos.st.phase {
            Phase::Play => Some(self.random_play_move(rng)),
            Phase::Scoring => stones_core::random_legal(self, rng),
            Phase::Resigned(_) | Phase::Counted => None,
        }
    }
}

#[cfg(test)]
mod tests;
