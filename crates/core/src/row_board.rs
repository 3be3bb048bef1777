//! The stones of an n-in-a-row game on a [`Grid`]: the padded cells, the count of empty points and
//! the Zobrist hash of the stones, with what such games ask of them — place and take back a stone,
//! find a winning row through it, judge a set-up position, pick a random empty point. The search's
//! questions about such a board are [`Grid`]'s. [`RowGame`] is a whole placement game of n in a
//! row on it, with custodian captures for the games that take stones (Pente).

use crate::colour::Colour;
use crate::error::SetupError;
use crate::placement::{self, End, Turns};
use crate::rows::{self, Goal, Grid, BLACK, EMPTY, WHITE};
use crate::rules::BoardSize;
use crate::topology::Point;
use crate::zobrist::{extra_key, Rng};
use std::sync::Arc;

/// The line of a win by captures in [`End::Won`]: no row ([`RowBoard::winning_row`] finds none).
pub const BY_CAPTURES: u8 = u8::MAX;

/// A winning row found on the board: whose, a point of it and its line (an index into
/// [`Grid::dirs`]).
pub type Win = (Colour, Point, u8);

/// The stones of one position (refreshed in place by `clone_from`: see [`crate::clone_in_place`]).
#[derive(Debug, PartialEq)]
pub struct RowBoard {
    /// The geometry, shared by every position of a game.
    pub grid: Arc<Grid>,
    /// The padded cells (see [`crate::rows`]).
    pub cells: Vec<u8>,
    /// Empty points left.
    pub empties: u32,
    /// The Zobrist hash of the stones (not of the side to move).
    pub hash: u64,
}

crate::clone_in_place!(RowBoard { cells, empties, hash } shared { grid });

impl RowBoard {
    /// An empty board of `size`.
    pub fn new(size: BoardSize) -> RowBoard {
        let grid = Arc::new(Grid::new(size));
        RowBoard {
            cells: grid.empty_cells(),
            empties: grid.len() as u32,
            grid,
            hash: 0,
        }
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        p.idx() < self.grid.len() && self.cells[self.grid.pad(p)] == EMPTY
    }

    /// Whether no stone is on the board.
    pub fn is_blank(&self) -> bool {
        self.empties as usize == self.grid.len()
    }

    /// The stone on `p`, if any (`None` off the board too).
    pub fn stone(&self, p: Point) -> Option<Colour> {
        if p.idx() >= self.grid.len() {
            return None;
        }
        match self.cells[self.grid.pad(p)] {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }

    /// Puts a `c` stone on the empty point `p`; returns the line of a `goal` row it makes, if any.
    pub fn put(&mut self, p: Point, c: Colour, goal: Goal) -> Option<u8> {
        self.add(p, c);
        let i = self.grid.pad(p);
        self.grid.winning_line(&self.cells, i, rows::cell(c), goal)
    }

    /// Puts a `c` stone on the empty point `p` without looking for a row (a captured stone put
    /// back).
    pub fn add(&mut self, p: Point, c: Colour) {
        self.cells[self.grid.pad(p)] = rows::cell(c);
        self.empties -= 1;
        self.hash ^= self.grid.topo.key(p, c);
    }

    /// Whether the stone on `p` flanks exactly `len` stones of the other colour along the padded
    /// step `d` (one of [`Grid::dirs`] or its negation) with a stone of its own beyond them:
    /// Pente's X O O X from the first X, for `len` 2.
    #[inline]
    pub fn flanks(&self, p: Point, d: isize, len: u32) -> bool {
        let i = self.grid.pad(p);
        let own = self.cells[i];
        let theirs = match own {
            BLACK => WHITE,
            WHITE => BLACK,
            _ => return false,
        };
        // Each step stops at the first cell that is not the opponent's, so a walk never goes past
        // the sentinel cell of the edge.
        let at = |s: u32| self.cells[i.wrapping_add_signed(d * s as isize)];
        (1..=len).all(|s| at(s) == theirs) && at(len + 1) == own
    }

    /// Takes the `c` stone off `p` (the undo of [`RowBoard::put`]).
    pub fn take(&mut self, p: Point, c: Colour) {
        self.cells[self.grid.pad(p)] = EMPTY;
        self.empties += 1;
        self.hash ^= self.grid.topo.key(p, c);
    }

    /// The stones of the `c` row through `at` along `line`, from one end to the other.
    pub fn row(&self, (c, at, line): Win) -> Vec<Point> {
        self.grid.row(&self.cells, at, line, rows::cell(c))
    }

    /// The stones of the winning row of a game that has ended as `end`, if a row won it.
    pub fn winning_row(&self, end: End<(Point, u8)>) -> Option<Vec<Point>> {
        match end {
            End::Won(c, (at, line)) if line != BY_CAPTURES => Some(self.row((c, at, line))),
            _ => None,
        }
    }

    /// Replaces the stones with `stones` (one entry per point) and returns how the position stands
    /// under each colour's goal (Black's first; see [`placement::setup_end`]): won by a row on it,
    /// drawn when full, else going on. Refuses a board where both colours have won.
    pub fn set(
        &mut self,
        stones: &[Option<Colour>],
        goals: [Goal; 2],
    ) -> Result<End<(Point, u8)>, SetupError> {
        let n = self.grid.len();
        placement::setup_size(stones.len(), n)?;
        let mut next = RowBoard {
            grid: Arc::clone(&self.grid),
            cells: self.grid.empty_cells(),
            empties: n as u32,
            hash: 0,
        };
        for (p, colour) in self.grid.topo.points().zip(stones) {
            if let Some(c) = *colour {
                next.put(p, c, goals[c.idx()]);
            }
        }
        let end = placement::setup_end(next.grid.scan(&next.cells, goals), next.empties == 0)?;
        *self = next;
        Ok(end)
    }

    /// The empty points, in index order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + Clone + '_ {
        self.grid.topo.points().filter(|&p| self.is_empty(p))
    }

    /// A uniformly random empty point other than `not`, by rejection sampling; when 64 draws fail (a
    /// nearly full board) the first one from a random start. Allocates nothing.
    pub fn random_empty(&self, rng: &mut Rng, not: Option<Point>) -> Option<Point> {
        let n = self.grid.len();
        let ok = |p: Point| (self.is_empty(p) && Some(p) != not).then_some(p);
        (0..64)
            .find_map(|_| ok(Point(rng.below(n) as u16)))
            .or_else(|| {
                let start = rng.below(n);
                (0..n).find_map(|k| ok(Point(((start + k) % n) as u16)))
            })
    }
}

/// A placement game of n in a row on a [`RowBoard`] (a move puts stones of the mover and passes the
/// turn; Connect6): the stones, whose turn it is with the moves since the setup, and how the game
/// ended. The first row of the goal that a stone makes wins for the mover; a full board is a draw.
/// Refreshed in place by `clone_from` (see [`crate::clone_in_place`]).
///
/// A game that takes stones (Pente: a stone that flanks a pair of the opponent's, X O O X, takes
/// the pair; five pairs win) takes them during its move with [`RowGame::take_flanked`] or
/// [`RowGame::capture`], and may end the game on their count with [`RowGame::win_by_captures`].
/// The counts are in the hash (with [`extra_key`], slot 0 Black's and 1 White's), and
/// [`RowGame::undo`] puts the stones back with the move: the state and the hash are the ones before
/// it, exactly. A game that takes nothing pays for none of it.
///
/// ```
/// use stones_core::{board_text::parse_board, row_board::RowGame, rows::Goal};
/// use stones_core::{BoardSize, Colour};
///
/// let mut g: RowGame<stones_core::Point> = RowGame::new(BoardSize::square(7), 1);
/// let topo = g.board.grid.topo.clone();
/// let stones = parse_board(&topo, "
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . x o o . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// g.set(&stones, [Goal::or_more(5); 2], Colour::Black).unwrap();
/// let (before, hash) = (g.clone(), g.hash());
///
/// // Black's E4 flanks the pair C4 D4 and takes it.
/// let e4 = topo.parse_point("E4").unwrap();
/// g.place(e4, Goal::or_more(5));
/// assert_eq!(g.take_flanked(e4, 2), 2);
/// g.win_by_captures(2, e4); // a goal of one pair, for the example
/// g.end_turn(e4);
/// assert_eq!(g.captures(), [2, 0]);
/// assert_eq!(g.board.stone(topo.parse_point("C4").unwrap()), None);
/// assert!(g.won_by_captures() && g.winning_row().is_none());
///
/// // The undo puts the pair back, and the count and the hash with it.
/// assert!(g.undo(Some));
/// assert_eq!((g.hash(), &g), (hash, &before));
/// ```
#[derive(Debug, PartialEq)]
pub struct RowGame<M> {
    /// The stones.
    pub board: RowBoard,
    /// The side to move and the moves played since the setup.
    pub turns: Turns<M>,
    /// How the game ended, if it has: a win keeps a point of its row and its line (the line
    /// [`BY_CAPTURES`] for a win by captures).
    pub end: End<(Point, u8)>,
    /// The stones each colour has taken, Black's first.
    captures: [u32; 2],
    /// The Zobrist term of `captures` (0 while both are 0).
    captures_hash: u64,
    /// Each stone taken since the setup, with the number of the move that took it (the length of
    /// the history before it), so that `undo` puts back a move's stones.
    taken: Vec<(Point, u32)>,
}

crate::clone_in_place!(RowGame<M: Copy> { board, turns, end, captures, captures_hash, taken } shared {});

impl<M: Copy> RowGame<M> {
    /// An empty board of `size`, Black to move, and room for the moves that fill it when most of
    /// them place `stones` stones (so that play allocates nothing; see [`Turns::new`]).
    pub fn new(size: BoardSize, stones: usize) -> RowGame<M> {
        let board = RowBoard::new(size);
        let turns = Turns::new(board.grid.len() / stones + 2);
        RowGame {
            board,
            turns,
            end: End::No,
            captures: [0; 2],
            captures_hash: 0,
            taken: Vec::new(),
        }
    }

    /// The stones each colour has taken since the setup, Black's first.
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    /// Takes the opponent's stone on `p` for the side to move, during its move: counted in
    /// [`RowGame::captures`] and the hash, and put back by [`RowGame::undo`].
    pub fn capture(&mut self, p: Point) {
        let c = self.turns.to_move;
        self.board.take(p, c.opponent());
        self.taken.push((p, self.turns.history().len() as u32));
        self.count(c, self.captures[c.idx()] + 1);
    }

    /// Takes, for the side to move, every run of exactly `len` opponent stones that its stone on
    /// `p` flanks along one of the eight directions with a stone of its own beyond (Pente's pair:
    /// X O O X, `len` 2); returns how many stones it took. Allocates nothing.
    pub fn take_flanked(&mut self, p: Point, len: u32) -> u32 {
        let mut taken = 0;
        for k in 0..2 * rows::LINES {
            let d = self.board.grid.dirs[k % rows::LINES] * if k < rows::LINES { 1 } else { -1 };
            if self.board.flanks(p, d, len) {
                let i = self.board.grid.pad(p);
                for s in 1..=len as isize {
                    self.capture(self.board.grid.point(i.wrapping_add_signed(d * s)));
                }
                taken += len;
            }
        }
        taken
    }

    /// Ends the game for the side to move, if it goes on, once that side has taken `need` stones
    /// or more (Pente's ten: five pairs); `p` is the stone of the move. A win by captures has no
    /// row: [`RowGame::winning_row`] is `None` and [`RowGame::won_by_captures`] true.
    pub fn win_by_captures(&mut self, need: u32, p: Point) {
        let c = self.turns.to_move;
        if self.end == End::No && self.captures[c.idx()] >= need {
            self.end = End::Won(c, (p, BY_CAPTURES));
        }
    }

    /// Whether the game was won by captures ([`RowGame::win_by_captures`]).
    pub fn won_by_captures(&self) -> bool {
        matches!(self.end, End::Won(_, (_, BY_CAPTURES)))
    }

    /// Sets `c`'s count of taken stones to `n`, with its Zobrist term.
    fn count(&mut self, c: Colour, n: u32) {
        let (slot, old) = (c.idx() as u32, self.captures[c.idx()]);
        self.captures_hash ^= extra_key(slot, old.into()) ^ extra_key(slot, n.into());
        self.captures[c.idx()] = n;
    }

    /// Puts a stone of the side to move on the empty point `p`; the first `goal` row ends the game.
    pub fn place(&mut self, p: Point, goal: Goal) {
        let c = self.turns.to_move;
        if let (Some(line), End::No) = (self.board.put(p, c, goal), self.end) {
            self.end = End::Won(c, (p, line));
        }
    }

    /// Ends the turn of `mv`, whose stones are placed: a full board is a draw; the other side moves.
    pub fn end_turn(&mut self, mv: M) {
        if self.end == End::No && self.board.empties == 0 {
            self.end = End::Drawn("board full");
        }
        self.turns.played(mv);
    }

    /// Takes back the last move, whose stones are its `points`, the stones it took and the end it
    /// made; false when there is none.
    pub fn undo<P: IntoIterator<Item = Point>>(&mut self, points: impl Fn(M) -> P) -> bool {
        let Some((mv, c)) = self.turns.take_back() else {
            return false;
        };
        points(mv).into_iter().for_each(|p| self.board.take(p, c));
        let move_number = self.turns.history().len() as u32;
        while let Some(&(p, _)) = self.taken.last().filter(|&&(_, n)| n == move_number) {
            self.taken.pop();
            self.board.add(p, c.opponent());
            self.count(c, self.captures[c.idx()] - 1);
        }
        self.end = End::No;
        true
    }

    /// Replaces the stones and judges them under each colour's `goals` (see [`RowBoard::set`]),
    /// with `to_move` to play and no moves since.
    pub fn set(
        &mut self,
        stones: &[Option<Colour>],
        goals: [Goal; 2],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        self.end = self.board.set(stones, goals)?;
        self.turns.restart(to_move);
        for c in Colour::BOTH {
            self.count(c, 0);
        }
        self.taken.clear();
        Ok(())
    }

    /// The Zobrist hash of the stones, the side to move and the counts of taken stones.
    pub fn hash(&self) -> u64 {
        self.board.hash ^ self.turns.side_key(&self.board.grid.topo) ^ self.captures_hash
    }

    /// The stones of the winning row, from one end to the other, once a row has won.
    pub fn winning_row(&self) -> Option<Vec<Point>> {
        self.board.winning_row(self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_text::parse_board;

    const SIX: Goal = Goal::or_more(6);

    fn board(rows: &str) -> RowBoard {
        let mut b = RowBoard::new(BoardSize::square(7));
        let stones = parse_board(&b.grid.topo, rows).unwrap();
        b.set(&stones, [SIX; 2]).unwrap();
        b
    }

    const ROWS: &str = "
        . . . . . . .
        x x x x . x .
        . . . . . . .
        . . . . . . .
        . o . . . . .
        . o . . . . .
        o o o o . . .";

    #[test]
    fn stones_go_on_and_come_off_and_set_ups_are_judged() {
        let mut b = board(ROWS);
        let before = b.clone();
        let p = b.grid.topo.parse_point("E6").unwrap();
        assert!(b.is_empty(p) && !b.is_empty(Point(49)) && b.stone(Point(49)).is_none());
        let line = b.put(p, Colour::Black, SIX);
        assert_eq!(line, Some(0));
        let names = b.grid.topo.names(&b.row((Colour::Black, p, 0)));
        assert_eq!(names, ["A6", "B6", "C6", "D6", "E6", "F6"]);
        assert_eq!(b.stone(p), Some(Colour::Black));
        assert_eq!(
            b.winning_row(End::Won(Colour::Black, (p, 0)))
                .unwrap()
                .len(),
            6
        );
        assert_eq!(b.winning_row(End::Resigned(Colour::Black)), None);
        b.take(p, Colour::Black);
        assert_eq!(b, before);
        let won = board(&ROWS.replacen("x x x x . x", "x x x x x x", 1));
        let mut again = won.clone();
        let stones: Vec<_> = won.grid.topo.points().map(|q| won.stone(q)).collect();
        assert_eq!(
            again.set(&stones, [SIX; 2]).unwrap().winner(),
            Some(Colour::Black)
        );
        let both = ROWS.replacen("x x x x . x", "x x x x x x", 1).replacen(
            "o o o o . .",
            "o o o o o o",
            1,
        );
        let stones = parse_board(&won.grid.topo, &both).unwrap();
        assert!(again
            .set(&stones, [SIX; 2])
            .unwrap_err()
            .0
            .contains("both Black and White"));
        assert!(again.set(&stones[1..], [SIX; 2]).is_err());
        assert_eq!(board(ROWS).empty_points().count(), 49 - 11);
        assert!(RowBoard::new(BoardSize::square(7)).is_blank() && !board(ROWS).is_blank());
    }

    #[test]
    fn a_row_game_is_won_by_its_first_row_drawn_when_full_and_taken_back() {
        let mut g: RowGame<Point> = RowGame::new(BoardSize::square(7), 1);
        let stones = parse_board(&g.board.grid.topo, ROWS).unwrap();
        g.set(&stones, [SIX; 2], Colour::Black).unwrap();
        let start = g.clone();
        let e6 = g.board.grid.topo.parse_point("E6").unwrap();
        g.place(e6, SIX);
        g.end_turn(e6);
        assert_eq!(g.end, End::Won(Colour::Black, (e6, 0)));
        assert_eq!(g.winning_row().map(|r| r.len()), Some(6));
        assert_eq!((g.turns.to_move, g.turns.last()), (Colour::White, Some(e6)));
        assert_ne!(g.hash(), start.hash());
        assert!(g.undo(Some));
        assert_eq!(g, start);
        assert!(!g.undo(Some));
        // The last empty point of a board without a row: the move that fills it draws.
        let pairs = ["x x o o x x o\n", "o o x x o o x\n"];
        let full: String = (0..7).map(|r| pairs[r % 2]).collect();
        let full = full.replacen("x x o o x x o", "x x o o x x .", 1);
        let stones = parse_board(&g.board.grid.topo, &full).unwrap();
        g.set(&stones, [SIX; 2], Colour::Black).unwrap();
        assert_eq!(g.end, End::No);
        let g7 = g.board.grid.topo.parse_point("G7").unwrap();
        g.place(g7, SIX);
        g.end_turn(g7);
        assert_eq!(
            (g.end, g.turns.to_move),
            (End::Drawn("board full"), Colour::White)
        );
    }

    #[test]
    fn the_search_questions() {
        let b = board(ROWS);
        let a6 = b.grid.topo.parse_point("A6").unwrap();
        let e6 = b.grid.topo.parse_point("E6").unwrap();
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 5, |_| true),
            Some(e6)
        );
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 3, |_| true),
            None
        );
        assert_eq!(
            b.grid.winning_point_near(&b.cells, a6, SIX, 5, |q| q != e6),
            None
        );
        let names = |c| -> Vec<String> {
            let points = b.grid.window_points(&b.cells, 6, c, 4);
            points.iter().map(|&p| b.grid.topo.name(p)).collect()
        };
        // E6 is in two windows (A6-F6 and B6-G6) and comes once.
        assert_eq!(names(Colour::Black), ["E6", "G6"]);
        assert_eq!(names(Colour::White), ["E1", "F1"]);
        let mut rng = Rng::new(3);
        let pairs = ["x x o o x x o\n", "o o x x o o x\n"];
        let full: String = (0..7).map(|r| pairs[r % 2]).collect();
        let full = board(&full.replacen("x x o o x x o", "x x o o x x .", 1));
        let g7 = full.grid.topo.parse_point("G7").unwrap();
        assert_eq!(full.random_empty(&mut rng, None), Some(g7));
        assert_eq!(full.random_empty(&mut rng, Some(g7)), None);
        assert!(b
            .grid
            .near_stone(&b.cells, b.grid.topo.parse_point("C4").unwrap(), 1));
        assert!(!b
            .grid
            .near_stone(&b.cells, b.grid.topo.parse_point("G3").unwrap(), 1));
    }
}
