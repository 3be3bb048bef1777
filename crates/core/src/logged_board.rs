//! [`LoggedBoard`]: the stones of a game whose moves change other stones than the one they put —
//! flips as in Othello, captures on any topology — with the undo log and the Zobrist term kept
//! for it, so that such a game writes its rules and not its bookkeeping. An n-in-a-row game that
//! takes stones (Pente) needs the row scan's cells instead: [`crate::row_board::RowGame`] takes
//! its captures, with the same undo and hash.

use crate::{Colour, Point, Topology};
use std::sync::Arc;

/// What is on each point, with every change logged by move: [`LoggedBoard::undo_move`] takes a
/// whole move back, however many stones it changed, and [`LoggedBoard::hash`] follows every change
/// (the stones' Zobrist keys; the side to move is the game's to add).
///
/// # Examples
///
/// A move that puts a stone and flips another, and its undo:
///
/// ```
/// use std::sync::Arc;
/// use stones_core::{logged_board::LoggedBoard, Adjacency, Colour, Topology};
///
/// let topo = Arc::new(Topology::square(4, 4, Adjacency::Orthogonal));
/// let (a1, b1) = (topo.parse_point("a1").unwrap(), topo.parse_point("b1").unwrap());
/// let mut board = LoggedBoard::new(topo);
/// board.begin_move();
/// board.set(b1, Some(Colour::White));
/// let (before, hash) = (board.clone(), board.hash());
///
/// board.begin_move(); // Black puts a1 and flips b1
/// board.set(a1, Some(Colour::Black));
/// board.set(b1, Some(Colour::Black));
/// assert_eq!(board.get(b1), Some(Colour::Black));
/// assert_ne!(board.hash(), hash);
///
/// assert!(board.undo_move());
/// assert_eq!((board.get(a1), board.get(b1)), (None, Some(Colour::White)));
/// assert_eq!(board.hash(), hash);
/// assert_eq!(board, before);
/// ```
#[derive(Debug, PartialEq)]
pub struct LoggedBoard {
    topo: Arc<Topology>,
    cells: Vec<Option<Colour>>,
    hash: u64,
    /// Each change: the point and what was on it before.
    log: Vec<(Point, Option<Colour>)>,
    /// Where each move's changes start in `log`.
    moves: Vec<u32>,
    /// Whether changes are logged (off on the search's fast path).
    logging: bool,
}

crate::clone_in_place!(LoggedBoard { cells, hash, log, moves, logging } shared { topo });

impl LoggedBoard {
    /// An empty board on `topo`, logging.
    pub fn new(topo: Arc<Topology>) -> LoggedBoard {
        let points = topo.len();
        LoggedBoard {
            topo,
            cells: vec![None; points],
            hash: 0,
            log: Vec::with_capacity(points),
            moves: Vec::with_capacity(points),
            logging: true,
        }
    }

    /// The board's geometry.
    pub fn topology(&self) -> &Arc<Topology> {
        &self.topo
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Colour> {
        self.cells[p.idx()]
    }

    /// Every point's stone, in point order.
    pub fn cells(&self) -> &[Option<Colour>] {
        &self.cells
    }

    /// Puts `stone` on `p` (`None` empties it), logging what was there for the move under way and
    /// updating the hash.
    #[inline]
    pub fn set(&mut self, p: Point, stone: Option<Colour>) {
        let old = std::mem::replace(&mut self.cells[p.idx()], stone);
        if old == stone {
            return;
        }
        if self.logging {
            self.log.push((p, old));
        }
        let key = |c: Option<Colour>| c.map_or(0, |c| self.topo.key(p, c));
        self.hash ^= key(old) ^ key(stone);
    }

    /// Starts a move: the changes from here to the next `begin_move` are taken back together.
    #[inline]
    pub fn begin_move(&mut self) {
        if self.logging {
            self.moves.push(self.log.len() as u32);
        }
    }

    /// Takes back every change of the last move; false when no move is logged.
    pub fn undo_move(&mut self) -> bool {
        let Some(start) = self.moves.pop() else {
            return false;
        };
        while self.log.len() > start as usize {
            let (p, old) = self.log.pop().expect("the log holds the move's changes");
            let now = std::mem::replace(&mut self.cells[p.idx()], old);
            let key = |c: Option<Colour>| c.map_or(0, |c| self.topo.key(p, c));
            self.hash ^= key(now) ^ key(old);
        }
        true
    }

    /// How many moves can be taken back.
    pub fn logged_moves(&self) -> usize {
        self.moves.len()
    }

    /// Stops logging and forgets the log: the search's fast path, where nothing is taken back.
    pub fn stop_logging(&mut self) {
        self.logging = false;
        self.log.clear();
        self.moves.clear();
    }

    /// Replaces every stone (a setup) and forgets the log; logging goes on.
    pub fn reset(&mut self, stones: &[Option<Colour>]) {
        self.cells.fill(None);
        self.hash = 0;
        for (i, &c) in stones.iter().enumerate().take(self.cells.len()) {
            self.logging = false;
            self.set(Point(i as u16), c);
        }
        self.logging = true;
        self.log.clear();
        self.moves.clear();
    }

    /// The Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Adjacency, Rng};

    #[test]
    fn random_changes_undo_exactly_move_by_move() {
        let topo = Arc::new(Topology::square(5, 5, Adjacency::King));
        let mut board = LoggedBoard::new(topo.clone());
        let mut rng = Rng::new(3);
        let mut states = vec![(board.cells.clone(), board.hash)];
        for _ in 0..40 {
            board.begin_move();
            for _ in 0..1 + rng.below(4) {
                let stone = [None, Some(Colour::Black), Some(Colour::White)][rng.below(3)];
                board.set(Point(rng.below(topo.len()) as u16), stone);
            }
            states.push((board.cells.clone(), board.hash));
        }
        // The hash is the stones' keys, however they were reached.
        let mut fresh = LoggedBoard::new(topo);
        fresh.reset(&board.cells);
        assert_eq!(fresh.hash(), board.hash());
        while let Some(state) = states.pop() {
            assert_eq!((board.cells.clone(), board.hash), state);
            assert_eq!(board.undo_move(), !states.is_empty());
        }
    }

    #[test]
    fn the_fast_path_logs_nothing() {
        let topo = Arc::new(Topology::square(3, 3, Adjacency::Orthogonal));
        let mut board = LoggedBoard::new(topo);
        board.stop_logging();
        board.begin_move();
        board.set(Point(4), Some(Colour::Black));
        assert_eq!((board.log.len(), board.logged_moves()), (0, 0));
        assert!(!board.undo_move());
        assert_eq!(board.get(Point(4)), Some(Colour::Black));
    }
}
