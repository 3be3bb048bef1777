//! What a Go-like game (Go, TriGo) keeps besides what its own rules add: the shared topology, the
//! rules, the [`Position`] and the [`UndoLog`], with the copies the search makes of them, a setup, a
//! move played with its undo record, the moves of each phase, and what both games read of them.
//! Each game's type holds a [`GoLike`] and dereferences to it (read-only: the game's own methods
//! change it); its rules (ko, handicap, two-stone turns) stay in its own crate.

use crate::board::ChainBoard;
use crate::phase::Phase;
use crate::places::Places;
use crate::position::Position;
use crate::scoring::Count;
use crate::undo::{StoneChange, UndoLog};
use std::sync::Arc;
use stones_core::{Colour, Decorations, Point, SetupError, Topology};

/// The small state of a Go-like game (the `S` of [`Position`]), as the shared code reads it.
pub trait GoState: Copy {
    /// Whose turn it is, and the stones each side has captured (Black first).
    fn turn(&self) -> (Colour, [u32; 2]);
    /// Where play stands.
    fn phase(&self) -> Phase;
}

/// The topology, the rules `R`, the position (board, dead marks and state `S`) and the undo log.
#[derive(Debug)]
pub struct GoLike<S, R> {
    /// The board's geometry, shared by every copy.
    pub topo: Arc<Topology>,
    /// The rules played under.
    pub rules: R,
    /// Where the game stands.
    pub pos: Position<S>,
    /// What each move changed, to take it back.
    pub undo: UndoLog<S>,
}

impl<S: Copy, R: Clone + PartialEq> Clone for GoLike<S, R> {
    fn clone(&self) -> Self {
        GoLike {
            topo: Arc::clone(&self.topo),
            rules: self.rules.clone(),
            pos: self.pos.clone(),
            undo: self.undo.clone(),
        }
    }

    /// Refreshes a copy of the same game in place (the board copies only its own points, the log
    /// keeps its buffer), so a search's playout from a refreshed copy allocates nothing; a copy of
    /// another board or ruleset starts over.
    fn clone_from(&mut self, src: &Self) {
        if !Arc::ptr_eq(&self.topo, &src.topo) || self.rules != src.rules {
            *self = src.clone();
            return;
        }
        self.pos.clone_from(&src.pos);
        self.undo.clone_from(&src.undo);
    }
}

/// The same rules and the same position (the undo logs are not compared).
impl<S: PartialEq, R: PartialEq> PartialEq for GoLike<S, R> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules && self.pos == other.pos
    }
}

impl<S: GoState, R: Clone> GoLike<S, R> {
    /// An empty board on `topo` with the state `st`, nothing to undo.
    pub fn new(topo: Arc<Topology>, rules: R, st: S) -> GoLike<S, R> {
        let board = ChainBoard::new(&topo);
        GoLike {
            pos: Position::new(board, st),
            undo: UndoLog::default(),
            topo,
            rules,
        }
    }

    /// A copy without the undo history, for search: it plays on, it cannot take back.
    pub fn fork(&self) -> GoLike<S, R> {
        GoLike {
            topo: Arc::clone(&self.topo),
            rules: self.rules.clone(),
            pos: self.pos.clone(),
            undo: UndoLog::default(),
        }
    }

    /// A setup: the board of `stones` (one entry per point; refused when a chain has no liberty)
    /// with the state `start` gives it, no dead marks and nothing to undo.
    pub fn set(
        &mut self,
        stones: &[Option<Colour>],
        start: impl FnOnce(&ChainBoard) -> S,
    ) -> Result<(), SetupError> {
        let board = ChainBoard::from_stones(&self.topo, stones)?;
        self.undo.clear();
        let st = start(&board);
        self.pos = Position::new(board, st);
        Ok(())
    }

    /// Takes back the last move played with [`GoLike::play_recorded`] and returns the state from
    /// before it; `None` when there is none.
    pub fn take_back(&mut self) -> Option<S> {
        self.undo.pop(&self.topo, &mut self.pos)
    }

    /// The board (stones and chains).
    pub fn board(&self) -> &ChainBoard {
        &self.pos.board
    }

    /// Whether play is on (not marking dead stones, not over).
    pub fn in_play(&self) -> bool {
        self.pos.st.phase() == Phase::Play
    }

    /// Whether a stone of the side to move on `p` would fill its own eye (the searches leave those
    /// out while other points remain).
    pub fn is_own_eye(&self, p: Point) -> bool {
        let mover = self.pos.st.turn().0;
        self.pos.board.is_own_eye(&self.topo, p, mover)
    }

    /// Stones marked dead (during the dead-stone step).
    pub fn is_marked_dead(&self, p: Point) -> bool {
        self.pos.is_marked_dead(p)
    }

    /// Exact liberties of the chain through `p`, or 0 for an empty point.
    pub fn liberties(&self, p: Point) -> u32 {
        self.pos.liberties(&self.topo, p)
    }

    /// The board count (territory, stones, dead, seki) under the current dead-stone marks.
    pub fn count(&self) -> Count {
        self.pos.count(&self.topo)
    }

    /// The legal moves (`out` is cleared first) by phase: those `play` adds while play is on; a
    /// `mark` on every stone and `done` while marking dead stones; none once the game is over.
    pub fn phase_moves<M>(
        &self,
        out: &mut Vec<M>,
        play: impl FnOnce(&mut Vec<M>),
        mark: fn(Point) -> M,
        done: M,
    ) {
        out.clear();
        match self.pos.st.phase() {
            Phase::Play => play(out),
            Phase::Scoring => Phase::marking_moves(&self.pos.board, &self.topo, mark, done, out),
            Phase::Resigned(_) | Phase::Counted => {}
        }
    }

    /// The pictures' facts: the stones of the `last` move, the dead marks, and the count's territory
    /// once play has stopped, added to `deco`.
    pub fn decorate<M: Places>(&self, last: Option<M>, mut deco: Decorations) -> Decorations {
        if let Some(mv) = last {
            deco.last.extend_from_slice(mv.stones().as_slice());
        }
        self.pos
            .decorate(&self.topo, self.pos.st.phase(), &mut deco);
        deco
    }

    /// Plays the checked move `mv` on `game` with `unchecked` (the game's path without checks) and
    /// records what it changed for undo, not a copy of the position: the state before it, the
    /// stones it placed and removed, and the dead marks when it changes them. `parts` is the
    /// game's [`GoLike`].
    pub fn play_recorded<G, M: Places>(
        game: &mut G,
        mv: M,
        unchecked: fn(&mut G, M),
        parts: fn(&mut G) -> &mut GoLike<S, R>,
    ) {
        let g = parts(game);
        let before = g.pos.st;
        // Only a mark copies the marks (a whole board of them), so not eagerly.
        let dead = if mv.marks_dead() {
            Some(g.pos.dead)
        } else {
            None
        };
        unchecked(game, mv);
        let g = parts(game);
        let ((mover, was), (_, now)) = (before.turn(), g.pos.st.turn());
        let stones = StoneChange::of_move(&g.pos.board, mover, mv.stones(), was, now);
        g.undo.push(before, stones, dead.as_ref());
    }
}
