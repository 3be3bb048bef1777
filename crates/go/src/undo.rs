//! Undo records for Go-like games (Go, TriGo): per move, what it changed — never a copy of the board.
//!
//! A move's record holds the game's small state from before it (`S`: whose turn, ko, passes, …), the
//! stones it put on and took off the board ([`StoneChange`], nothing for a pass), and the dead marks
//! before it only when it changed them. Taking a move back rebuilds the board from its stones with the
//! change reverted, so a pass costs a few dozen bytes and a stone move a few more per capture, instead
//! of a whole board per move.

use crate::board::{ChainBoard, MAX_POINTS};
use crate::places::Stones;
use crate::position::Position;
use stones_core::{Colour, Point, Topology};

/// The stones one placement ([`ChainBoard::play_group`]) put on and took off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneChange {
    /// The placed points, then the stones removed: the mover's opponent's (captured) first, then
    /// the mover's own (suicide).
    points: Box<[Point]>,
    placed: u8,
    captured: u16,
    mover: Colour,
}

impl StoneChange {
    /// Reads what `mover`'s placement on `placed` did, right after it was played on `board` and
    /// removed `captured` enemy and `suicided` own stones (they are the board's last emptied points).
    pub fn after(
        board: &ChainBoard,
        mover: Colour,
        placed: &[Point],
        captured: u32,
        suicided: u32,
    ) -> StoneChange {
        let removed = board.last_emptied((captured + suicided) as usize);
        StoneChange {
            points: placed.iter().copied().chain(removed).collect(),
            placed: placed.len() as u8,
            captured: captured as u16,
            mover,
        }
    }

    /// What `mover`'s move did, right after it was played on `board`: the stones it `placed` (none
    /// for a pass or a mark: then `None`), and what it removed, read off the capture counts `before`
    /// and `now` (the mover's gain is its captures, the opponent's is the mover's suicide).
    pub fn of_move(
        board: &ChainBoard,
        mover: Colour,
        placed: Stones,
        before: [u32; 2],
        now: [u32; 2],
    ) -> Option<StoneChange> {
        let taken = |side: Colour| now[side.idx()] - before[side.idx()];
        let placed = placed.as_slice();
        (!placed.is_empty()).then(|| {
            StoneChange::after(board, mover, placed, taken(mover), taken(mover.opponent()))
        })
    }

    /// Puts `stones` (one entry per point) back as they were before the placement: removed stones
    /// return, then the placed points are emptied (a placed stone may have been removed by suicide).
    pub fn revert(&self, stones: &mut [Option<Colour>]) {
        let (placed, removed) = self.points.split_at(self.placed as usize);
        for (i, p) in removed.iter().enumerate() {
            let own = i >= self.captured as usize;
            stones[p.idx()] = Some(if own {
                self.mover
            } else {
                self.mover.opponent()
            });
        }
        for p in placed {
            stones[p.idx()] = None;
        }
    }
}

/// What a move changed besides the small state: stones, the dead marks (as they were before it),
/// or nothing (a pass).
#[derive(Clone, Debug, PartialEq)]
enum Change {
    Nothing,
    Stones(StoneChange),
    Dead(Box<[bool; MAX_POINTS]>),
}

/// One move's record: the state from before it and what it changed.
#[derive(Clone, Debug, PartialEq)]
struct Entry<S> {
    before: S,
    change: Change,
}

/// The undo records of a game, oldest first, one per move played with `Game::play`.
#[derive(Debug, PartialEq)]
pub struct UndoLog<S> {
    entries: Vec<Entry<S>>,
}

impl<S: Clone> Clone for UndoLog<S> {
    fn clone(&self) -> Self {
        UndoLog {
            entries: self.entries.clone(),
        }
    }

    /// Keeps this log's buffer.
    fn clone_from(&mut self, src: &Self) {
        self.entries.clone_from(&src.entries);
    }
}

impl<S> Default for UndoLog<S> {
    fn default() -> Self {
        UndoLog {
            entries: Vec::new(),
        }
    }
}

impl<S> UndoLog<S> {
    /// Records a move just played: `before` is the game's state from before it, `stones` what it did
    /// on the board (`None` when nothing), `dead` the dead marks before it when it changed them (a
    /// move changes one or the other, never both).
    pub fn push(
        &mut self,
        before: S,
        stones: Option<StoneChange>,
        dead: Option<&[bool; MAX_POINTS]>,
    ) {
        let change = match (stones, dead) {
            (Some(stones), _) => Change::Stones(stones),
            (None, Some(dead)) => Change::Dead(Box::new(*dead)),
            (None, None) => Change::Nothing,
        };
        self.entries.push(Entry { before, change });
    }

    /// Takes the last move back: restores `pos` as it was before it and returns the state from before
    /// it, or `None`, changing nothing, when no move is recorded.
    pub fn pop(&mut self, topo: &Topology, pos: &mut Position<S>) -> Option<S>
    where
        S: Copy,
    {
        let entry = self.entries.pop()?;
        match entry.change {
            Change::Stones(change) => {
                let mut stones = pos.board.stone_list(topo);
                change.revert(&mut stones);
                pos.board = ChainBoard::filled(topo, &stones);
            }
            Change::Dead(before) => pos.dead = *before,
            Change::Nothing => {}
        }
        pos.st = entry.before;
        Some(entry.before)
    }

    /// Moves recorded.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no move is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every record (a new starting position).
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The state before each recorded move, oldest first.
    pub fn states(&self) -> impl Iterator<Item = &S> + '_ {
        self.entries.iter().map(|e| &e.before)
    }

    /// The state before the first recorded move, or `now` (the current state) when none is.
    pub fn first_state<'a>(&'a self, now: &'a S) -> &'a S {
        self.states().next().unwrap_or(now)
    }

    /// Every recorded move with the player who made it, oldest first. `turn` reads a state's player
    /// to move and the last move played; `now` is the current state (after the last move).
    pub fn history<M>(
        &self,
        now: &S,
        turn: impl Fn(&S) -> (Colour, Option<M>),
    ) -> Vec<(Colour, M)> {
        let after = self.states().skip(1).chain(std::iter::once(now));
        self.states()
            .zip(after)
            .filter_map(|(before, after)| turn(after).1.map(|mv| (turn(before).0, mv)))
            .collect()
    }

    /// The stones before the first recorded move, from the stones of `board` now (one entry per point).
    pub fn initial_stones(&self, topo: &Topology, board: &ChainBoard) -> Vec<Option<Colour>> {
        let mut stones = board.stone_list(topo);
        for entry in self.entries.iter().rev() {
            if let Change::Stones(change) = &entry.change {
                change.revert(&mut stones);
            }
        }
        stones
    }
}
