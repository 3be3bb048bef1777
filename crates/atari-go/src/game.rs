//! The rules of atari-go: [`AtariGo`] keeps stones-go's [`ChainBoard`] (chains, liberties,
//! captures), the side to move with the moves since the start (stones-core's `Turns`) and how the
//! game ended; a move is a point or a resignation.

use crate::AtariGoRules;
use std::sync::Arc;
use stones_core::placement::{self, End, Turns};
use stones_core::{Adjacency, Colour, Decorations, Game, MoveSyntaxError, Outcome, PlaceRefused};
use stones_core::{Point, PointMove, Rng, RuleSet, RulesError, SetupError, Status, Topology};
use stones_go::ChainBoard;

/// Why a move is refused: the plain placement refusals, or suicide.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// Game over, off the board, occupied, or a pass.
    #[error(transparent)]
    Place(#[from] PlaceRefused),
    /// A stone on the point (named) would leave its own chain without a liberty, capturing nothing.
    #[error("suicide: a stone on {0} would have no liberty and capture nothing")]
    Suicide(String),
}

/// A game of atari-go under [`AtariGoRules`].
#[derive(Debug, PartialEq)]
pub struct AtariGo {
    rules: AtariGoRules,
    topo: Arc<Topology>,
    pub(crate) board: ChainBoard,
    turns: Turns<PointMove>,
    /// How the game ended: a win keeps the stones the winner captured (0: the loser had no move).
    end: End<u32>,
    /// Stones each side has captured, Black first: one side's at most, on the last move.
    captured: [u32; 2],
}

// `clone_from` refreshes a copy in place, so the search's playouts allocate nothing.
stones_core::clone_in_place!(AtariGo { rules, board, turns, end, captured } shared { topo });

impl AtariGo {
    /// Whether a stone of the side to move on empty `p` is suicide (no liberty, no capture).
    #[inline]
    pub(crate) fn is_suicide(&self, p: Point) -> bool {
        self.board.is_suicide(&self.topo, p, self.turns.to_move)
    }

    /// Whether a stone of the side to move on empty `p` captures (and so wins).
    #[inline]
    pub(crate) fn captures_at(&self, p: Point) -> bool {
        self.board.would_capture(&self.topo, p, self.turns.to_move)
    }

    /// Whether the game is over.
    pub(crate) fn is_over(&self) -> bool {
        self.end.is_over()
    }

    /// Ends the game when the side to move has no legal move: it loses.
    fn judge_stuck(&mut self) {
        if !self.end.is_over() && self.board.empty_points().all(|p| self.is_suicide(p)) {
            self.end = End::Won(self.turns.to_move.opponent(), 0);
        }
    }

    /// Plays `mv`, which must be legal, without checking: the search's fast path.
    pub fn play_unchecked(&mut self, mv: PointMove) {
        let c = self.turns.to_move;
        match mv {
            PointMove::Place(p) => {
                let taken = self.board.play(&self.topo, p, c).captured;
                if taken > 0 {
                    self.captured[c.idx()] += taken;
                    self.end = End::Won(c, taken);
                }
            }
            PointMove::Resign => self.end = End::Resigned(c),
            PointMove::Pass => {}
        }
        self.turns.played(mv);
        self.judge_stuck();
    }
}

impl Game for AtariGo {
    type Move = PointMove;
    type Rules = AtariGoRules;
    type Illegal = Refused;

    const ABOUT: &'static str = "Atari Go: Go where the first capture wins";
    const SIZES: &'static [&'static str] = &["9", "7", "5"];
    const TEST_SIZES: &'static [&'static str] = &["4", "5"];

    fn new(rules: AtariGoRules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let (w, h) = (rules.size.width, rules.size.height);
        let topo = Arc::new(Topology::square(w, h, Adjacency::Orthogonal));
        Ok(AtariGo {
            board: ChainBoard::new(&topo),
            // Every move but a resignation fills a point: room for all of them.
            turns: Turns::new(topo.len() + 1),
            end: End::No,
            captured: [0, 0],
            rules,
            topo,
        })
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: turns.to_move);

    /// Refused when a chain has no liberty; a side to move without a legal move has lost.
    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        self.board = ChainBoard::from_stones(&self.topo, stones)?;
        self.turns.restart(to);
        (self.end, self.captured) = (End::No, [0, 0]);
        self.judge_stuck();
        Ok(())
    }

    fn status(&self) -> Status {
        self.end.status()
    }

    fn legal_moves(&self, out: &mut Vec<PointMove>) {
        out.clear();
        if !self.end.is_over() {
            let legal = self.board.empty_points().filter(|&p| !self.is_suicide(p));
            out.extend(legal.map(PointMove::Place));
        }
    }

    fn check(&self, mv: PointMove) -> Result<(), Refused> {
        let taken = |p| self.board.get(p).is_some();
        mv.check(self.end.is_over(), &self.topo, false, taken)?;
        match mv {
            PointMove::Place(p) if self.is_suicide(p) => Err(Refused::Suicide(self.topo.name(p))),
            _ => Ok(()),
        }
    }

    fn play(&mut self, mv: PointMove) -> Result<(), Refused> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    /// Rebuilds the board without the last stone and with what it captured (the last points the
    /// board emptied: a capture ends the game, so it is always the last move's).
    fn undo(&mut self) -> bool {
        let Some((mv, mover)) = self.turns.take_back() else {
            return false;
        };
        if let PointMove::Place(p) = mv {
            let mut stones = self.board.stone_list(&self.topo);
            let taken = std::mem::take(&mut self.captured[mover.idx()]);
            for q in self.board.last_emptied(taken as usize) {
                stones[q.idx()] = Some(mover.opponent());
            }
            stones[p.idx()] = None;
            self.board = ChainBoard::filled(&self.topo, &stones);
        }
        self.end = End::No;
        true
    }

    fn parse_move(&self, text: &str) -> Result<PointMove, MoveSyntaxError> {
        PointMove::parse(&self.topo, text, false)
    }

    fn move_text(&self, mv: PointMove) -> String {
        mv.text(&self.topo)
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.board.get(p)
    }

    fn captures(&self) -> [u32; 2] {
        self.captured
    }

    fn hash(&self) -> u64 {
        self.board.hash() ^ self.turns.side_key(&self.topo)
    }

    /// `Black wins by the first capture (2 stones)`, `White wins: Black has no legal move`.
    fn outcome_words(&self, _outcome: &Outcome) -> Option<String> {
        match self.end {
            End::Won(c, 0) => Some(format!(
                "{} wins: {} has no legal move",
                c.title(),
                c.opponent().title()
            )),
            End::Won(c, n) => Some(format!(
                "{} wins by the first capture ({n} stone{})",
                c.title(),
                if n == 1 { "" } else { "s" }
            )),
            _ => None,
        }
    }

    /// The last stone.
    fn decorations(&self) -> Decorations {
        placement::decorations(self.turns.last().and_then(PointMove::point), None)
    }

    /// A random legal point (from a random place in the empty list on), without listing the
    /// moves.
    fn random_move(&self, rng: &mut Rng) -> Option<PointMove> {
        if self.end.is_over() {
            return None;
        }
        let start = rng.below(self.board.empty_count().max(1));
        let p = self.board.scan_empties_from(start, |p| !self.is_suicide(p));
        p.map(PointMove::Place)
    }
}
