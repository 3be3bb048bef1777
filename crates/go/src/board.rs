//! Chains, liberties and captures over any topology: the machinery Go and TriGo share.
//!
//! Stones of a chain form a circular linked list (`next`) with one representative (`head`). Each chain
//! keeps pseudo-liberties — one per (stone, empty neighbour) pair — with their count, sum and sum of
//! squares packed in one word (`Libs`), so that adding or taking one is a single addition, "no
//! liberty" is a zero word and "exactly one liberty, and which" is `count * sq == sum * sum`, all in
//! O(1) and kept up to date incrementally. Each point also keeps its neighbours counted by kind in one
//! packed word, so eye and suicide tests mostly end after one load. Every array is inline and
//! fixed-size ([`SLOTS`] entries, a power of two, indexed through a mask so that no load needs a
//! bounds test), with one entry past the last point for "off the board" (the index
//! [`Topology::off_board`]), so that the hot loops run over the topology's fixed-size padded
//! neighbour rows ([`Topology::neighbours_padded`], 4 or 6 slots, chosen once per call) without a
//! degree test per neighbour. A board is plain data, refreshing a copy moves only its own
//! points, and playing a move allocates nothing.

use stones_core::{Colour, Point, SetupError, Topology};

/// The largest number of points a board may have (25 × 25).
pub const MAX_POINTS: usize = 625;

/// Entries of every per-point array: a power of two above [`MAX_POINTS`], so that an index masked
/// with `SLOTS - 1` (`ix`) is in bounds without a test.
pub const SLOTS: usize = 1024;

/// A point index as an array index, masked into `0..SLOTS` (a no-op for every index a board holds:
/// they are at most [`MAX_POINTS`]), which spares each load its bounds test.
#[inline(always)]
fn ix(q: u16) -> usize {
    q as usize & (SLOTS - 1)
}

const EMPTY: u8 = 0;
/// An empty point's chain word when it empties. What the updates add to it later (a liberty word,
/// below 2^53, for each neighbour removed and taken back when one is placed) keeps it far from
/// zero, so a placement's zero test on a neighbour's word names only chains.
const SCRATCH: u64 = 1 << 63;
/// The cell value of the off-board entry (index `len`): neither empty nor a stone.
const OFF: u8 = 3;

/// Calls `$board.$f::<D>(args)` with `D` the topology's (padded) degree, 4 or 6, as a constant.
macro_rules! by_degree {
    ($topo:expr, $board:ident . $f:ident ( $($arg:expr),* )) => {
        match $topo.max_degree() {
            4 => $board.$f::<4>($($arg),*),
            _ => $board.$f::<6>($($arg),*),
        }
    };
}

/// A chain's pseudo-liberties (one per stone and empty neighbour pair) packed in one word: their
/// count in bits 0–11, the sum of their point indices in bits 12–33 and the sum of the squares in
/// bits 34–63. A board has fewer than 2,000 (stone, neighbour) pairs and indices below 625, so each
/// field stays below its width (2,000 < 2^12, 2,000 · 624 < 2^22, 2,000 · 624² < 2^30): adding or
/// taking one liberty is adding or subtracting [`LIB`] of its point, merging chains is one
/// addition, and the word is zero exactly when the chain has no liberty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Libs(u64);

/// Per point index, the [`Libs`] word of one pseudo-liberty on it.
static LIB: [u64; SLOTS] = {
    let mut t = [0u64; SLOTS];
    let mut q = 0;
    while q < SLOTS {
        let l = q as u64;
        t[q] = 1 | l << 12 | (l * l) << 34;
        q += 1;
    }
    t
};

impl Libs {
    /// The count, the sum and the sum of squares.
    #[inline]
    fn fields(self) -> (u64, u64, u64) {
        (self.0 & 0xFFF, (self.0 >> 12) & 0x3F_FFFF, self.0 >> 34)
    }

    /// True when the chain's only liberty is point `p`: `n` pseudo-liberties all on `p` are `n`
    /// times `p`'s word (no field carries over: see [`Libs`]), and any spread changes the squares.
    #[inline(always)]
    fn only_is(self, p: u16) -> bool {
        self.0 != 0 && self.0 == (self.0 & 0xFFF) * LIB[ix(p)]
    }
}

/// The packing of a point's neighbour counts in one `u16`: empty neighbours in bits 0–3, Black
/// stones in bits 4–7, White in bits 8–11 (a point has at most 6 neighbours).
struct Nbrs;

impl Nbrs {
    const EMPTY: u16 = 0x001;
    const MASK: u16 = 0x00F;

    /// One neighbour of colour `c`.
    #[inline]
    const fn one(c: Colour) -> u16 {
        0x010 << (4 * c as u16)
    }

    /// What a point's counts change by when one neighbour turns from empty to `c` (wrapping: the
    /// borrow from the empty field is the carry into the colour's). Read from a table: of the
    /// arithmetic (and of a `select_unpredictable`) the compiler made a branch on the colour to
    /// move, mispredicted where the colours alternate.
    #[inline]
    fn filled(c: Colour) -> u16 {
        static FILLED: [u16; 2] = [
            Nbrs::one(Colour::Black).wrapping_sub(Nbrs::EMPTY),
            Nbrs::one(Colour::White).wrapping_sub(Nbrs::EMPTY),
        ];
        FILLED[c.idx()]
    }

    /// The fields that must be zero when every neighbour is a `c` stone: empty and `c`'s opponent.
    #[inline]
    fn not_all(c: Colour) -> u16 {
        // The opponent's field starts at bit 8 for Black, 4 for White: arithmetic, so that the
        // compiler does not branch on the colour to pick a constant.
        Nbrs::MASK | (Nbrs::MASK << (8 - 4 * c as u16))
    }
}

/// What one stone placement did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    /// Enemy stones removed.
    pub captured: u32,
    /// The one enemy stone removed, when exactly one was.
    pub single_capture: Option<Point>,
    /// Own stones removed by (allowed) suicide.
    pub suicided: u32,
}

/// A board position: stones, chains with pseudo-liberties, empty points and a Zobrist hash.
///
/// Two boards are equal when they hold the same stones: the chain bookkeeping and the order of the
/// empty list follow from the history of the board, not from the position. Every per-point array
/// has the same [`SLOTS`] entries and is indexed through `ix`, without bounds tests.
#[derive(Debug)]
pub struct ChainBoard {
    len: u16,
    /// 0 empty, 1 Black, 2 White; the entry at `len` is [`OFF`], the board's edge.
    cells: [u8; SLOTS],
    /// Per point, its neighbours by kind, packed as [`Nbrs`] counts: eye, suicide and capture tests
    /// start from one load and a mask. The entry at `len` is scratch (never read).
    nbrs: [u16; SLOTS],
    /// Per stone, its chain's head; an empty point and the off-board entry are their own.
    head: [u16; SLOTS],
    next: [u16; SLOTS],
    /// Per chain head: its pseudo-liberties, packed. The off-board entry (whose `head` is itself)
    /// holds one pseudo-liberty on the off-board index, so that it is never "only on `p`" for a
    /// point `p` and tests over padded neighbour rows need no edge test ([`ChainBoard::new`]).
    /// An empty point's entry is scratch: placements and removals update it without a branch on
    /// what the neighbour is, and the off-board entry is put back after each. The scratch starts at
    /// [`SCRATCH`] when the point empties, so that it never reaches zero.
    libs: [Libs; SLOTS],
    /// Per chain head: its stones.
    size: [u16; SLOTS],
    /// The empty points, in any order, and each point's place in that list.
    empties: [u16; SLOTS],
    empty_at: [u16; SLOTS],
    n_empty: u16,
    stones_on_board: [u16; 2],
    hash: u64,
}

impl PartialEq for ChainBoard {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.cells[..self.len()] == other.cells[..other.len()]
    }
}

impl Eq for ChainBoard {}

impl Clone for ChainBoard {
    fn clone(&self) -> ChainBoard {
        let mut b = ChainBoard::blank(self.len);
        b.clone_from(self);
        b
    }

    /// Copies only the first `len` entries of each per-point array (and the off-board cell): nothing
    /// reads past the board's points, so refreshing a 9 × 9 copy (a playout's start) moves 81 entries
    /// of each, not 625.
    fn clone_from(&mut self, src: &ChainBoard) {
        let n = src.len();
        self.len = src.len;
        self.cells[..=n].copy_from_slice(&src.cells[..=n]);
        self.nbrs[..n].copy_from_slice(&src.nbrs[..n]);
        self.head[..=n].copy_from_slice(&src.head[..=n]);
        self.next[..n].copy_from_slice(&src.next[..n]);
        self.libs[..=n].copy_from_slice(&src.libs[..=n]);
        self.size[..n].copy_from_slice(&src.size[..n]);
        self.empties[..n].copy_from_slice(&src.empties[..n]);
        self.empty_at[..n].copy_from_slice(&src.empty_at[..n]);
        self.n_empty = src.n_empty;
        self.stones_on_board = src.stones_on_board;
        self.hash = src.hash;
    }
}

impl ChainBoard {
    /// `len` points of blank arrays, nothing counted: [`ChainBoard::new`] and `clone` fill it in.
    fn blank(len: u16) -> ChainBoard {
        ChainBoard {
            len,
            cells: [EMPTY; SLOTS],
            nbrs: [0; SLOTS],
            head: [0; SLOTS],
            next: [0; SLOTS],
            libs: [Libs::default(); SLOTS],
            size: [0; SLOTS],
            empties: [0; SLOTS],
            empty_at: [0; SLOTS],
            n_empty: 0,
            stones_on_board: [0; 2],
            hash: 0,
        }
    }

    /// An empty board for `topo` (which must have at most [`MAX_POINTS`] points, each with at most six
    /// neighbours).
    pub fn new(topo: &Topology) -> ChainBoard {
        assert!(
            topo.len() <= MAX_POINTS && matches!(topo.max_degree(), 4 | 6),
            "board too large or too connected for the Go machinery"
        );
        let mut b = ChainBoard::blank(topo.len() as u16);
        b.n_empty = b.len;
        for i in 0..topo.len() {
            b.empties[i] = i as u16;
            b.head[i] = i as u16;
            b.empty_at[i] = i as u16;
            b.nbrs[i] = topo.degree(Point(i as u16)) as u16 * Nbrs::EMPTY;
            b.libs[i] = Libs(SCRATCH);
        }
        let off = topo.len();
        b.cells[off] = OFF;
        b.head[off] = off as u16;
        b.libs[off] = Libs(LIB[off]);
        b
    }

    /// A board with `stones` (one entry per point, `None` = empty) put on it; refused when the
    /// entries do not match the board or a chain has no liberty.
    pub fn from_stones(
        topo: &Topology,
        stones: &[Option<Colour>],
    ) -> Result<ChainBoard, SetupError> {
        if stones.len() != topo.len() {
            return Err(SetupError(format!(
                "the position has {} points but the board has {}",
                stones.len(),
                topo.len()
            )));
        }
        let board = ChainBoard::filled(topo, stones);
        match topo
            .points()
            .find(|&p| board.get(p).is_some() && board.has_no_liberty(p))
        {
            Some(p) => Err(SetupError(format!(
                "the chain at {} has no liberty",
                topo.name(p)
            ))),
            None => Ok(board),
        }
    }

    /// A board with `stones` (one entry per point of `topo`) put on it as they are, without captures.
    pub fn filled(topo: &Topology, stones: &[Option<Colour>]) -> ChainBoard {
        let mut board = ChainBoard::new(topo);
        for p in topo.points() {
            if let Some(c) = stones[p.idx()] {
                board.put(topo, p, c);
            }
        }
        board
    }

    /// The stone on each point of `topo`, in point order.
    pub fn stone_list(&self, topo: &Topology) -> Vec<Option<Colour>> {
        topo.points().map(|p| self.get(p)).collect()
    }

    /// Every stone's point, in point order.
    pub fn stones<'a>(&'a self, topo: &'a Topology) -> impl Iterator<Item = Point> + 'a {
        topo.points().filter(|&p| self.get(p).is_some())
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the board has no point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The stone on `p`.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Colour> {
        match self.cells[ix(p.0)] {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    #[inline]
    fn is(&self, q: u16, c: Colour) -> bool {
        self.cells[ix(q)] == c as u8 + 1
    }

    /// Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones of each colour on the board.
    pub fn stone_count(&self, c: Colour) -> u32 {
        self.stones_on_board[c.idx()] as u32
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties[..self.n_empty as usize]
            .iter()
            .map(|&q| Point(q))
    }

    /// The empty points' indices, in the order of [`ChainBoard::empty_points`]: for copying the
    /// list in one move.
    #[inline]
    pub fn empty_indices(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// The `i`-th empty point (`i < empty_count()`), in the same arbitrary order as
    /// [`ChainBoard::empty_points`]: O(1) random draws of empty points without copying the list.
    #[inline]
    pub fn nth_empty(&self, i: usize) -> Point {
        Point(self.empties[..self.n_empty as usize][i])
    }

    /// The first empty point `ok` takes, scanning the empty list from its `start`-th entry
    /// (`start < empty_count()`, or anything when the list is empty) to its end and then from its
    /// beginning: libego's light-playout move choice, one random draw a move whatever the share of
    /// refused points. `None` when `ok` takes none.
    #[inline(always)]
    pub fn scan_empties_from(
        &self,
        start: usize,
        mut ok: impl FnMut(Point) -> bool,
    ) -> Option<Point> {
        let list = self.empty_indices();
        let (before, after) = list.split_at(start.min(list.len()));
        for &q in after {
            if ok(Point(q)) {
                return Some(Point(q));
            }
        }
        for &q in before {
            if ok(Point(q)) {
                return Some(Point(q));
            }
        }
        None
    }

    /// The last `k` points that became empty (at most [`ChainBoard::empty_count`]), oldest first.
    /// Removing a chain appends its stones to the empty list and only placing a stone reorders it, so
    /// right after [`ChainBoard::play_group`] the last `captured + suicided` entries are the stones it
    /// removed, its captures first: the move's captures without walking the enemy chains beforehand.
    pub fn last_emptied(&self, k: usize) -> impl Iterator<Item = Point> + '_ {
        let n = self.n_empty as usize;
        self.empties[n - k.min(n)..n].iter().map(|&q| Point(q))
    }

    /// Classifies the points for a legal mask in one branch-free pass over the board: `out[p]` (for
    /// every point: `out` holds at least [`ChainBoard::len`] entries) is 1 where `p` is empty with
    /// an empty neighbour, 2 where it is empty without, 0 where it holds a stone. Returns whether
    /// any is 2.
    #[inline]
    pub fn classify_points(&self, out: &mut [u8]) -> bool {
        let n = self.len();
        let mut surrounded = 0u8;
        for ((o, &c), &k) in out[..n]
            .iter_mut()
            .zip(&self.cells[..n])
            .zip(&self.nbrs[..n])
        {
            let (empty, shut) = (u8::from(c == EMPTY), u8::from(k & Nbrs::MASK == 0));
            *o = empty + (empty & shut);
            surrounded |= empty & shut;
        }
        surrounded != 0
    }

    /// Settles the points [`ChainBoard::classify_points`] marked 2 (empty without an empty
    /// neighbour) for a `c` stone: 1 where it is not suicide, else 0. The marked points are found
    /// eight at a time and tested in line ([`ChainBoard::is_suicide`]'s test without its call and
    /// its dispatch on the degree at every point).
    pub fn settle_surrounded(&self, topo: &Topology, c: Colour, out: &mut [u8]) {
        by_degree!(topo, self.settle_surrounded_d(topo, c, out))
    }

    fn settle_surrounded_d<const D: usize>(&self, topo: &Topology, c: Colour, out: &mut [u8]) {
        let me = c as u8 + 1;
        let n = self.len();
        let mut words = out[..n].chunks_exact_mut(8);
        for (w, chunk) in (&mut words).enumerate() {
            let word = u64::from_le_bytes((&*chunk).try_into().expect("eight bytes"));
            let mut marked = word & 0x0202_0202_0202_0202;
            while marked != 0 {
                let i = marked.trailing_zeros() as usize / 8;
                marked &= marked - 1;
                let p = Point((w * 8 + i) as u16);
                chunk[i] = u8::from(self.surrounded_lives::<D>(topo, p, me));
            }
        }
        let rest = n - n % 8;
        for (i, m) in words.into_remainder().iter_mut().enumerate() {
            if *m == 2 {
                *m = u8::from(self.surrounded_lives::<D>(topo, Point((rest + i) as u16), me));
            }
        }
    }

    /// Every point's stone as a byte, by point index: 0 empty, 1 Black, 2 White (`c as u8 + 1`).
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.n_empty as usize
    }

    /// The representative of the chain through `p` (a stone).
    #[inline]
    pub fn chain(&self, p: Point) -> Point {
        Point(self.head[p.idx()])
    }

    /// Stones in the chain through `p`.
    pub fn chain_size(&self, p: Point) -> u32 {
        self.size[ix(self.head[ix(p.0)])] as u32
    }

    /// The stones of the chain through `p` (a stone).
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p.0,
            cur: Some(p.0),
        }
    }

    /// The pseudo-liberties of the chain through stone `q`.
    #[inline(always)]
    fn chain_of(&self, q: u16) -> Libs {
        self.libs[ix(self.head[ix(q)])]
    }

    /// The single liberty of the chain through stone `p`, if it has exactly one.
    #[inline]
    pub fn atari_point(&self, p: Point) -> Option<Point> {
        let (n, sum, sq) = self.chain_of(p.0).fields();
        (n > 0 && n * sq == sum * sum).then(|| Point((sum / n) as u16))
    }

    /// True when the chain through stone `p` has no liberty.
    #[inline]
    pub fn has_no_liberty(&self, p: Point) -> bool {
        self.chain_of(p.0).0 == 0
    }

    /// How many stones of the chain through stone `p` touch `lib`: the multiplicity of `lib` among the
    /// chain's pseudo-liberties when `lib` is empty, else 0.
    #[inline]
    fn lib_multiplicity(&self, topo: &Topology, p: Point, lib: Point) -> u16 {
        if self.cells[lib.idx()] != EMPTY {
            return 0;
        }
        let (h, v) = (self.head[p.idx()], self.cells[p.idx()]);
        topo.neighbours(lib)
            .iter()
            .filter(|&&q| self.cells[q as usize] == v && self.head[q as usize] == h)
            .count() as u16
    }

    /// True when every liberty of the chain through stone `p` is `a` or `b` (two different points):
    /// stones on both would leave it without liberty. Exact, in O(degree) at most, and O(1) for most
    /// chains: `n` pseudo-liberties all on `lo` or `hi` satisfy Σ(x − lo)(hi − x) = 0, that is
    /// `sq + n·lo·hi = (lo + hi)·sum` — necessary, and sufficient when they all lie between the two.
    /// When that holds with `sum = n·lo` (or `n·hi`) the squares say they are all that one point;
    /// otherwise the two points' multiplicities must add up to `n`.
    #[inline]
    pub fn liberties_within(&self, topo: &Topology, p: Point, a: Point, b: Point) -> bool {
        let (n, sum, sq) = self.chain_of(p.0).fields();
        let (lo, hi) = (a.0.min(b.0) as u64, a.0.max(b.0) as u64);
        if sq + n * lo * hi != (lo + hi) * sum {
            return false;
        }
        // n = 0 passes here (no liberty at all: within anything).
        if sum == n * lo || sum == n * hi {
            return true;
        }
        n == (self.lib_multiplicity(topo, p, a) + self.lib_multiplicity(topo, p, b)) as u64
    }

    /// When the chain through stone `p` has exactly two liberties and `lib` is one of them, the other
    /// one. Exact, in O(degree): with `lib`'s share taken out of the pseudo-liberty sums, the rest are
    /// all one point exactly when `count · squares = sum²`.
    pub fn second_liberty(&self, topo: &Topology, p: Point, lib: Point) -> Option<Point> {
        let (n, sum, sq) = self.chain_of(p.0).fields();
        let m = self.lib_multiplicity(topo, p, lib) as u64;
        if m == 0 || n <= m {
            return None;
        }
        let l = lib.0 as u64;
        let (rest, sum, sq) = (n - m, sum - m * l, sq - m * l * l);
        (rest * sq == sum * sum).then(|| Point((sum / rest) as u16))
    }

    /// True when the chain through stone `p` keeps at least two liberties besides `lib`, an empty
    /// point that exactly `m` of its stones touch (`lib`'s multiplicity among its pseudo-liberties,
    /// which a caller walking `lib`'s neighbours has at hand): no two stones, one of them on `lib`,
    /// can capture it. O(1): with `lib`'s share taken out, the rest are all one point exactly when
    /// `count · squares = sum²`.
    #[inline]
    pub fn two_liberties_besides(&self, p: Point, lib: Point, m: u32) -> bool {
        let (n, sum, sq) = self.chain_of(p.0).fields();
        let (m, l) = (m as u64, lib.0 as u64);
        let rest = n.saturating_sub(m);
        let sum = sum - m * l;
        let sq = sq - m * l * l;
        rest > 0 && rest * sq != sum * sum
    }

    /// Exact number of liberties of the chain through stone `p` (not for hot loops).
    pub fn liberties(&self, topo: &Topology, p: Point) -> u32 {
        let mut seen = [false; MAX_POINTS];
        let mut n = 0;
        for s in self.chain_stones(p) {
            for &q in topo.neighbours(s) {
                if self.cells[q as usize] == EMPTY && !seen[q as usize] {
                    seen[q as usize] = true;
                    n += 1;
                }
            }
        }
        n
    }

    #[inline(always)]
    fn add_lib(&mut self, h: u16, lib: u16) {
        let w = &mut self.libs[ix(h)].0;
        *w = w.wrapping_add(LIB[ix(lib)]);
    }

    #[inline(always)]
    fn take_empty(&mut self, p: u16) {
        let i = self.empty_at[ix(p)];
        self.n_empty -= 1;
        let last = self.empties[ix(self.n_empty)];
        self.empties[ix(i)] = last;
        self.empty_at[ix(last)] = i;
    }

    #[inline(always)]
    fn give_empty(&mut self, p: u16) {
        self.empties[ix(self.n_empty)] = p;
        self.empty_at[ix(p)] = self.n_empty;
        self.n_empty += 1;
    }

    /// Puts a stone on an empty point, merging chains; does not capture. Used to set up positions and
    /// by [`ChainBoard::play_group`].
    pub fn put(&mut self, topo: &Topology, p: Point, c: Colour) {
        by_degree!(topo, self.place(topo, p, c));
    }

    /// Puts a `c` stone on empty `p` in one pass over its padded neighbour row: their counts, their
    /// chains' pseudo-liberties at `p`, the new stone's own pseudo-liberties (gathered on the way and
    /// added once at the end), merging own chains. Returns the new stone's chain head and the slots
    /// of the row (bit `k` for the `k`-th) whose enemy chain lost its last liberty there, so that
    /// captures cost nothing when there are none and visit only the chains they take when there are.
    #[inline(always)]
    fn place<const D: usize>(&mut self, topo: &Topology, p: Point, c: Colour) -> (u16, u8) {
        let pi = p.0;
        let me = c as u8 + 1;
        debug_assert_eq!(self.cells[ix(pi)], EMPTY);
        self.cells[ix(pi)] = me;
        self.hash ^= topo.key(p, c);
        self.stones_on_board[c.idx()] += 1;
        self.take_empty(pi);
        self.next[ix(pi)] = pi;
        // Counted when the stone joins its chain below (its own, when it touches none).
        self.size[ix(pi)] = 0;
        self.libs[ix(pi)] = Libs(0);
        let filled = Nbrs::filled(c);
        let at_p = LIB[ix(pi)];
        let mut own = 0u64;
        // The head of the first own chain met, then of all of them merged (`pi` while none is).
        let mut h = pi;
        let enemy = 2 - c as u8;
        let mut doomed = 0u8;
        for (k, &q) in topo.neighbours_padded::<D>(p).iter().enumerate() {
            let qi = ix(q);
            self.nbrs[qi] = self.nbrs[qi].wrapping_add(filled);
            let v = self.cells[qi];
            // No branch on what the neighbour is: an empty one adds a liberty of the new stone,
            // and each takes `p` from the word of its head — its chain's, or for an empty point
            // or the edge a scratch word of its own. Only merging two own chains branches, and
            // that is rare: the stone joins the first own chain after the loop.
            // `select_unpredictable`: a mask the compiler turned into a branch mispredicted once
            // a move or so, since whether a neighbour is empty is the board's coin toss.
            own += std::hint::select_unpredictable(v == EMPTY, LIB[qi], 0);
            let hq = self.head[qi];
            let libs = &mut self.libs[ix(hq)].0;
            *libs = libs.wrapping_sub(at_p);
            // An empty point's or the edge's word is never zero; an own chain's may be, and that
            // is the suicide test's business, not the captures'.
            doomed |= u8::from((*libs == 0) & (v == enemy)) << k;
            // `cand`: this neighbour's chain when it is own, else the chain so far. A merge is
            // due when that is another chain and there was one already: one test, as a minimum
            // of two differences, so that the compiler keeps a single, mostly untaken branch.
            let cand = std::hint::select_unpredictable(v == me, hq, h);
            if (cand ^ h).min(h ^ pi) != 0 {
                h = self.merge(h, cand);
            }
            h = std::hint::select_unpredictable(h == pi, cand, h);
        }
        // The stone joins chain `h`, without a branch: when `h` is `pi` itself these writes make
        // it the one-stone chain it already is.
        self.head[ix(pi)] = h;
        self.size[ix(h)] += 1;
        self.next[ix(pi)] = self.next[ix(h)];
        self.next[ix(h)] = pi;
        self.libs[ix(h)].0 += own;
        self.reset_off();
        (h, doomed)
    }

    /// Puts the off-board entry's chain word back (see `libs`) after updates that went through it.
    #[inline(always)]
    fn reset_off(&mut self) {
        let off = self.len;
        self.libs[ix(off)] = Libs(LIB[ix(off)]);
    }

    /// Merges two chains, relabelling the smaller one; returns the head of the merged chain. Out of
    /// line: most placements merge nothing, and the placement loop stays small. Neither is the
    /// stone being placed (it joins after).
    #[inline(never)]
    fn merge(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.size[ix(a)] >= self.size[ix(b)] {
            (a, b)
        } else {
            (b, a)
        };
        let (bi, si) = (ix(big), ix(small));
        self.size[bi] += self.size[si];
        self.libs[bi].0 += self.libs[si].0;
        let mut s = small;
        loop {
            self.head[ix(s)] = big;
            s = self.next[ix(s)];
            if s == small {
                break;
            }
        }
        self.next.swap(bi, si);
        big
    }

    /// Removes the chain through `p`, returning how many stones it had.
    pub fn remove_chain(&mut self, topo: &Topology, p: Point) -> u32 {
        match self.get(p) {
            Some(c) => {
                let h = self.head[p.idx()];
                by_degree!(topo, self.remove_chain_at(topo, h, c))
            }
            None => 0,
        }
    }

    /// Removes the `c` chain whose head is `start`, returning how many stones it had. Its stones join
    /// the empty list in chain order from the head.
    fn remove_chain_at<const D: usize>(&mut self, topo: &Topology, start: u16, c: Colour) -> u32 {
        let n = self.size[ix(start)] as u32;
        let filled = Nbrs::filled(c);
        let mut s = start;
        loop {
            let si = ix(s);
            self.cells[si] = EMPTY;
            self.head[si] = s;
            self.libs[si] = Libs(SCRATCH);
            self.hash ^= topo.key(Point(s), c);
            self.give_empty(s);
            for &q in topo.neighbours_padded::<D>(Point(s)) {
                let qi = ix(q);
                self.nbrs[qi] = self.nbrs[qi].wrapping_sub(filled);
                // Without a branch: the liberty goes to the word of the neighbour's head, which
                // for an empty point or the edge is scratch and for the chain itself is going.
                self.add_lib(self.head[qi], s);
            }
            s = self.next[si];
            if s == start {
                break;
            }
        }
        // The head's word took the liberties given to the chain after the head was emptied.
        self.libs[ix(start)] = Libs(SCRATCH);
        self.reset_off();
        self.stones_on_board[c.idx()] -= n as u16;
        n
    }

    /// Places a stone and removes enemy chains left without liberties. When the placed chain then has
    /// no liberty it is removed too (suicide): callers that forbid suicide check first.
    #[inline]
    pub fn play(&mut self, topo: &Topology, p: Point, c: Colour) -> Placed {
        by_degree!(topo, self.play_one(topo, p, c))
    }

    /// [`ChainBoard::play`]: one pass over the neighbours, then the captures it flagged.
    #[inline(always)]
    fn play_one<const D: usize>(&mut self, topo: &Topology, p: Point, c: Colour) -> Placed {
        let (h, doomed) = self.place::<D>(topo, p, c);
        let mut placed = Placed::default();
        if doomed != 0 {
            self.capture_around::<D>(topo, p, c.opponent(), doomed, &mut placed);
        }
        // A capture only adds liberties to the new stone's chain, so without one the chain's
        // liberties are as `place` left them.
        if self.chain_of(p.0).0 == 0 {
            placed.suicided = self.remove_chain_at::<D>(topo, h, c);
        }
        placed
    }

    /// Removes the `enemy` chains left without liberty at the `slots` of `p`'s neighbour row (bit `k`
    /// for the `k`-th neighbour), in row order, and adds them to `placed` (its single capture: the
    /// only stone removed, when the move removes one).
    #[inline(never)]
    fn capture_around<const D: usize>(
        &mut self,
        topo: &Topology,
        p: Point,
        enemy: Colour,
        doomed: u8,
        placed: &mut Placed,
    ) {
        let row = topo.neighbours_padded::<D>(p);
        let mut slots = doomed;
        while slots != 0 {
            let q = row[slots.trailing_zeros() as usize % D];
            slots &= slots - 1;
            // Two slots of one chain: the first removed it. Without liberty: `slots` may name
            // more than the flagged ones (see `play_many`).
            if self.is(q, enemy) && self.chain_of(q).0 == 0 {
                let n = self.remove_chain_at::<D>(topo, self.head[ix(q)], enemy);
                placed.single_capture = (placed.captured == 0 && n == 1).then_some(Point(q));
                placed.captured += n;
            }
        }
        if placed.captured != 1 {
            placed.single_capture = None;
        }
    }

    /// Places stones of several points (a TriGo move) and then captures: enemy chains first, then any of
    /// the mover's chains still without liberty (suicide; callers that forbid it check first). One
    /// point is [`ChainBoard::play`].
    pub fn play_group(&mut self, topo: &Topology, points: &[Point], c: Colour) -> Placed {
        if let [p] = points {
            return self.play(topo, *p, c);
        }
        by_degree!(topo, self.play_many(topo, points, c))
    }

    fn play_many<const D: usize>(
        &mut self,
        topo: &Topology,
        points: &[Point],
        c: Colour,
    ) -> Placed {
        // Placing only takes liberties, so a chain flagged when it lost its last one is still without
        // when all are placed; with none flagged there is nothing to capture. Each chain is flagged
        // at a slot of the stone that took its last liberty.
        let mut doomed = [0u8; 2];
        for (i, &p) in points.iter().enumerate() {
            doomed[i.min(1)] |= self.place::<D>(topo, p, c).1;
        }
        let mut placed = Placed::default();
        // Two stones (TriGo's move): each captures at its own flagged slots. More: every slot of
        // every stone is looked at when any was flagged.
        for (i, &p) in points.iter().enumerate() {
            let slots = match points.len() {
                2 => doomed[i],
                _ => u8::from(doomed != [0, 0]) * ((1u16 << D) - 1) as u8,
            };
            if slots != 0 {
                self.capture_around::<D>(topo, p, c.opponent(), slots, &mut placed);
            }
        }
        for &p in points {
            if self.is(p.0, c) && self.chain_of(p.0).0 == 0 {
                placed.suicided += self.remove_chain_at::<D>(topo, self.head[p.idx()], c);
            }
        }
        placed
    }

    /// Would a `c` stone on empty `p` capture anything?
    #[inline]
    pub fn would_capture(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        let enemy = c.opponent();
        topo.neighbours(p)
            .iter()
            .any(|&q| self.is(q, enemy) && self.chain_of(q).only_is(p.0))
    }

    /// Would a `c` stone on empty `p` be left without liberty after its captures (suicide)? An empty
    /// neighbour says no at once, from the packed counts; otherwise every own neighbour's chain must
    /// be in atari on `p` and no enemy neighbour's.
    #[inline]
    pub fn is_suicide(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        self.nbrs[ix(p.0)] & Nbrs::MASK == 0
            && by_degree!(topo, self.surrounded_suicide(topo, p, c))
    }

    /// [`ChainBoard::is_suicide`] for a point without empty neighbours: every own neighbour's chain
    /// has its only liberty on `p` and no enemy neighbour's.
    #[inline(always)]
    fn surrounded_suicide<const D: usize>(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        !self.surrounded_lives::<D>(topo, p, c as u8 + 1)
    }

    /// For a point `p` without empty neighbours: would a stone of cell value `me` there keep a
    /// liberty, by capturing (an enemy neighbour chain whose only liberty is `p`) or by joining an
    /// own chain with another liberty?
    /// Branch-free over the padded row: the off-board entry is neither own nor in atari (see
    /// `libs`), and on a board after its captures every chain has a liberty, so "all pseudo-liberties
    /// on `p`" needs no test for none.
    #[inline(always)]
    fn surrounded_lives<const D: usize>(&self, topo: &Topology, p: Point, me: u8) -> bool {
        let at_p = LIB[ix(p.0)];
        topo.neighbours_padded::<D>(p)
            .iter()
            .fold(false, |lives, &q| {
                let x = self.chain_of(q).0;
                let atari = x == (x & 0xFFF) * at_p;
                lives | ((self.cells[ix(q)] == me) != atari)
            })
    }

    /// True when a `c` stone on empty `p` is a fair random move: it neither fills an own single-point
    /// eye ([`ChainBoard::is_own_eye`]) nor is suicide ([`ChainBoard::is_suicide`]). One load of the
    /// packed counts decides when `p` has an empty neighbour, as it mostly has.
    /// The eye test is in line (most surrounded points the playout scan meets are eyes), the
    /// suicide test out of line.
    #[inline(always)]
    pub fn is_fair_move(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        let k = self.nbrs[ix(p.0)];
        k & Nbrs::MASK != 0
            || (!(k & Nbrs::not_all(c) == 0 && self.diagonals_allow_eye(topo, p, c))
                && self.surrounded_fair(topo, p, c, k))
    }

    /// [`ChainBoard::is_fair_move`] for a point without empty neighbours that is no own eye (`k`,
    /// its packed counts): the suicide test, out of line so that the playout scan's loop stays
    /// small. Without an own neighbour (mostly, an enemy eye) it is the capture test alone: no own
    /// chain is there to lend a liberty.
    #[inline(never)]
    fn surrounded_fair(&self, topo: &Topology, p: Point, c: Colour, k: u16) -> bool {
        if k & Nbrs::MASK << (4 + 4 * c as u16) == 0 {
            return by_degree!(topo, self.surrounded_captures(topo, p));
        }
        by_degree!(topo, self.surrounded_lives(topo, p, c as u8 + 1))
    }

    /// For a point `p` whose neighbours are all enemy stones (or the edge): would a stone there
    /// capture, that is, is a neighbour chain's only liberty `p`? The edge's entry is never in
    /// atari (see `libs`).
    #[inline(always)]
    fn surrounded_captures<const D: usize>(&self, topo: &Topology, p: Point) -> bool {
        let at_p = LIB[ix(p.0)];
        topo.neighbours_padded::<D>(p)
            .iter()
            .fold(false, |captures, &q| {
                let x = self.chain_of(q).0;
                captures | (x == (x & 0xFFF) * at_p)
            })
    }

    /// How many neighbours of `p` are empty, from the packed counts (one load).
    #[inline]
    pub fn empty_neighbours(&self, p: Point) -> u32 {
        (self.nbrs[ix(p.0)] & Nbrs::MASK) as u32
    }

    /// True when every neighbour of `p` is a `c` stone (one load and a mask).
    #[inline]
    pub fn surrounded_by(&self, p: Point, c: Colour) -> bool {
        self.nbrs[ix(p.0)] & Nbrs::not_all(c) == 0
    }

    /// True when empty `p` is an own single-point eye: every neighbour is a `c` stone and, on square
    /// grids, the eye is not false (at most one enemy diagonal in the middle, none on the edge).
    #[inline]
    pub fn is_own_eye(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        self.surrounded_by(p, c) && self.eye_is_not_false(topo, p, c)
    }
    /// The diagonal half of [`ChainBoard::is_own_eye`], kept out of line so that the usual, cheap
    /// refusal (a neighbour that is not own) inlines into playout loops. A diagonal off the board
    /// (always, off square grids) counts as one bad diagonal, whatever the number.
    #[inline(never)]
    fn eye_is_not_false(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        self.diagonals_allow_eye(topo, p, c)
    }

    /// [`ChainBoard::eye_is_not_false`] in line, for the playout scan, where most surrounded points
    /// it meets are eyes. The opponent's cell value is one bit (2 for Black, 1 for White) that the
    /// edge's value ([`OFF`], 3) has too and an own stone or an empty point has not, so each of
    /// the four padded slots adds that bit for a bad diagonal: an enemy stone, or the edge, which
    /// the padding names once (the other missing slots are `p`, empty).
    #[inline(always)]
    fn diagonals_allow_eye(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        let enemy = 2 - c as u8;
        let bad: u8 = topo
            .diagonals_padded(p)
            .iter()
            .map(|&q| self.cells[ix(q)] & enemy)
            .sum();
        bad < 2 * enemy
    }

    /// The stone hash after a `c` stone on `p` with its captures, computed without playing it.
    /// With `suicide` allowed, a placement left without liberties removes its own chain.
    pub fn hash_after(&self, topo: &Topology, p: Point, c: Colour, suicide: bool) -> u64 {
        let enemy = c.opponent();
        let mut h = self.hash ^ topo.key(p, c);
        let nbrs = topo.neighbours(p);
        let mut captured_any = false;
        for (i, &q) in nbrs.iter().enumerate() {
            if self.is(q, enemy) && self.atari_point(Point(q)) == Some(p) {
                let hq = self.head[q as usize];
                if nbrs[..i]
                    .iter()
                    .any(|&r| self.is(r, enemy) && self.head[r as usize] == hq)
                {
                    continue;
                }
                captured_any = true;
                for s in self.chain_stones(Point(q)) {
                    h ^= topo.key(s, enemy);
                }
            }
        }
        if suicide && !captured_any && self.is_suicide(topo, p, c) {
            h ^= topo.key(p, c);
            for (i, &q) in nbrs.iter().enumerate() {
                if self.is(q, c) {
                    let hq = self.head[q as usize];
                    if nbrs[..i]
                        .iter()
                        .any(|&r| self.is(r, c) && self.head[r as usize] == hq)
                    {
                        continue;
                    }
                    for s in self.chain_stones(Point(q)) {
                        h ^= topo.key(s, c);
                    }
                }
            }
        }
        h
    }

    /// Checks every invariant against a from-scratch recount (for tests).
    pub fn check_invariants(&self, topo: &Topology) -> Result<(), String> {
        let mut hash = 0;
        let mut counts = [0u16; 2];
        for p in topo.points() {
            let mut nbrs = 0u16;
            for &q in topo.neighbours(p) {
                nbrs += match self.get(Point(q)) {
                    None => Nbrs::EMPTY,
                    Some(c) => Nbrs::one(c),
                };
            }
            if nbrs != self.nbrs[p.idx()] {
                return Err(format!("neighbour counts of {} out of date", topo.name(p)));
            }
            match self.get(p) {
                None => {
                    if self.head[p.idx()] != p.0 {
                        return Err(format!("empty {} has a chain head", topo.name(p)));
                    }
                    let i = self.empty_at[p.idx()] as usize;
                    if i >= self.n_empty as usize || self.empties[i] != p.0 {
                        return Err(format!("empty list broken at {}", topo.name(p)));
                    }
                }
                Some(c) => {
                    hash ^= topo.key(p, c);
                    counts[c.idx()] += 1;
                    let h = self.head[p.idx()] as usize;
                    let (mut n, mut sum, mut sq, mut size) = (0u16, 0u32, 0u32, 0u16);
                    for s in self.chain_stones(p) {
                        size += 1;
                        if self.head[s.idx()] as usize != h || self.get(s) != Some(c) {
                            return Err(format!("chain of {} mislabelled", topo.name(p)));
                        }
                        for &q in topo.neighbours(s) {
                            if self.cells[q as usize] == EMPTY {
                                n += 1;
                                sum += q as u32;
                                sq += (q as u32) * (q as u32);
                            }
                        }
                    }
                    // Field by field, so that a carry between the packed fields shows.
                    let recount = (n as u64, sum as u64, sq as u64);
                    if recount != self.libs[h].fields() || size != self.size[h] {
                        return Err(format!("chain data of {} out of date", topo.name(p)));
                    }
                    if n == 0 {
                        return Err(format!("chain of {} has no liberty", topo.name(p)));
                    }
                }
            }
        }
        let off = self.len();
        if self.cells[off] != OFF
            || self.head[off] as usize != off
            || self.libs[off] != Libs(LIB[off])
        {
            return Err("the off-board entry is not marked off".into());
        }
        if hash != self.hash || counts != self.stones_on_board {
            return Err("hash or stone counts out of date".into());
        }
        Ok(())
    }
}

/// Iterator over the stones of one chain.
pub struct ChainStones<'a> {
    board: &'a ChainBoard,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        let s = self.cur?;
        let n = self.board.next[s as usize];
        self.cur = (n != self.start).then_some(n);
        Some(Point(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones_core::Adjacency;

    /// A board of `rows` (`X` Black, `O` White, `.` empty), top row first.
    fn board_of(rows: &[&str]) -> (Topology, ChainBoard) {
        let topo = Topology::square(
            rows[0].len() as u16,
            rows.len() as u16,
            Adjacency::Orthogonal,
        );
        let stones: Vec<Option<Colour>> = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                'X' => Some(Colour::Black),
                'O' => Some(Colour::White),
                _ => None,
            })
            .collect();
        let board = ChainBoard::filled(&topo, &stones);
        (topo, board)
    }

    /// The eye test's diagonals: in the middle one enemy diagonal leaves an eye and two make it
    /// false; on the edge and in the corner, where the board's edge counts as one bad diagonal
    /// however many are missing, one enemy diagonal already does.
    #[test]
    fn own_eyes_and_false_eyes_by_their_diagonals() {
        let eye = |rows: &[&str], name: &str| {
            let (topo, board) = board_of(rows);
            let p = topo.parse_point(name).unwrap();
            assert!(
                board.surrounded_by(p, Colour::Black),
                "{name} is surrounded"
            );
            board.is_own_eye(&topo, p, Colour::Black)
        };
        let middle = |nw: char, ne: char| {
            let (top, bottom) = (format!(".{nw}X{ne}."), ".XXX.".to_string());
            let rows = [".....", top.as_str(), ".X.X.", bottom.as_str(), "....."];
            eye(&rows, "C3")
        };
        assert!(middle('X', 'X') && middle('O', 'X') && middle('X', 'O'));
        assert!(!middle('O', 'O'));
        let edge = |ne: char| eye(&["X.X..", &format!("XX{ne}.."), "....."], "B3");
        assert!(edge('X') && edge('.'));
        assert!(!edge('O'));
        let corner = |diag: char| eye(&[".X...", &format!("X{diag}..."), "....."], "A3");
        assert!(corner('X') && corner('.'));
        assert!(!corner('O'));
        // Off square grids every diagonal is off the board: one bad diagonal, still an eye.
        let hex = Topology::hex(3);
        let centre = hex.parse_point("c3").unwrap();
        let ring: Vec<Option<Colour>> = hex
            .points()
            .map(|q| {
                hex.neighbours(centre)
                    .contains(&q.0)
                    .then_some(Colour::Black)
            })
            .collect();
        let board = ChainBoard::filled(&hex, &ring);
        assert!(board.is_own_eye(&hex, centre, Colour::Black));
        assert!(!board.is_own_eye(&hex, centre, Colour::White));
    }

    /// The packed liberty word keeps its three fields apart at the extremes: more pseudo-liberties
    /// than any board has (2,000), all on the highest point index (624), added one at a time.
    #[test]
    fn packed_liberties_do_not_carry_between_fields() {
        let (n, p) = (2000u64, 624u16);
        let mut libs = Libs::default();
        for _ in 0..n {
            libs.0 += LIB[ix(p)];
        }
        let l = p as u64;
        assert_eq!(libs.fields(), (n, n * l, n * l * l));
        assert!(libs.only_is(p) && !libs.only_is(p - 1));
        libs.0 += LIB[ix(p - 1)];
        assert_eq!(
            libs.fields(),
            (n + 1, n * l + l - 1, n * l * l + (l - 1) * (l - 1))
        );
        assert!(!libs.only_is(p));
    }
}
