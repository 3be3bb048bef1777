//! Where a Go-like game (Go, TriGo) stands: the chain board, the dead marks and the game's own small
//! state (`S`: whose turn, ko, passes, …), with what both games read of them. Each game keeps its
//! rules (ko, handicap, two-stone turns) in its own crate; the position only holds.

use crate::board::{ChainBoard, MAX_POINTS};
use crate::phase::Phase;
use crate::scoring::{self, Count};
use stones_core::{Decorations, Point, Topology};

/// The board, the dead marks and the game's small state `S` (which the undo log keeps per move).
#[derive(Debug, PartialEq)]
pub struct Position<S> {
    /// Stones and chains.
    pub board: ChainBoard,
    /// Chains marked dead in the dead-stone step, per point.
    pub dead: [bool; MAX_POINTS],
    /// Everything else that changes with a move.
    pub st: S,
}

impl<S: Copy> Clone for Position<S> {
    fn clone(&self) -> Position<S> {
        Position {
            board: self.board.clone(),
            dead: self.dead,
            st: self.st,
        }
    }

    /// Refreshes the board and the dead marks of its points only (see `ChainBoard::clone_from`).
    fn clone_from(&mut self, src: &Position<S>) {
        let n = src.board.len();
        self.board.clone_from(&src.board);
        self.dead[..n].copy_from_slice(&src.dead[..n]);
        self.st = src.st;
    }
}

impl<S> Position<S> {
    /// `board` with no dead marks, and `st`.
    pub fn new(board: ChainBoard, st: S) -> Position<S> {
        Position {
            board,
            dead: [false; MAX_POINTS],
            st,
        }
    }

    /// Whether the stone on `p` is marked dead.
    pub fn is_marked_dead(&self, p: Point) -> bool {
        self.dead[p.idx()]
    }

    /// Exact liberties of the chain through `p`, or 0 for an empty point.
    pub fn liberties(&self, topo: &Topology, p: Point) -> u32 {
        match self.board.get(p) {
            Some(_) => self.board.liberties(topo, p),
            None => 0,
        }
    }

    /// The board count (territory, stones, dead, seki) under the dead marks.
    pub fn count(&self, topo: &Topology) -> Count {
        scoring::count(&self.board, topo, &self.dead)
    }

    /// Each side's area under the dead marks ([`scoring::area`]).
    pub fn area(&self, topo: &Topology) -> [u32; 2] {
        scoring::area(&self.board, topo, &self.dead)
    }

    /// Forgets the dead marks (play resumes after the closing passes).
    pub fn clear_dead(&mut self) {
        self.dead = [false; MAX_POINTS];
    }

    /// Adds the dead marks to `deco`, and the territory of the count once play has stopped
    /// (`phase` is the game's).
    pub fn decorate(&self, topo: &Topology, phase: Phase, deco: &mut Decorations) {
        deco.dead = topo.points().filter(|&p| self.is_marked_dead(p)).collect();
        if matches!(phase, Phase::Scoring | Phase::Counted) {
            deco.territory = scoring::territory_points(&self.board, &self.count(topo));
        }
    }
}
