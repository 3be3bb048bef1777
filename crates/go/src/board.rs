//! Chains, liberties and captures over any topology: the machinery Go and TriGo share.
//!
//! Stones of a chain form a circular linked list (`next`) with one representative (`head`). Each chain
//! keeps pseudo-liberties — one per (stone, empty neighbour) pair — with their sum and sum of squares, so
//! "no liberty" is `count == 0` and "exactly one liberty, and which" is `count * sq == sum * sum`, all in
//! O(1) and kept up to date incrementally. Every array is inline and fixed-size: a board is plain data,
//! cloning it is one copy, and playing a move allocates nothing.

use stones_core::{Colour, Point, SetupError, Topology};

/// The largest number of points a board may have (25 × 25).
pub const MAX_POINTS: usize = 625;

const EMPTY: u8 = 0;

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
/// empty list follow from the history of the board, not from the position.
#[derive(Clone, Debug)]
pub struct ChainBoard {
    len: u16,
    /// 0 empty, 1 Black, 2 White.
    cells: [u8; MAX_POINTS],
    head: [u16; MAX_POINTS],
    next: [u16; MAX_POINTS],
    /// Per chain head: stones, pseudo-liberty count, sum and sum of squares of pseudo-liberty indices.
    size: [u16; MAX_POINTS],
    libs: [u16; MAX_POINTS],
    lib_sum: [u32; MAX_POINTS],
    lib_sq: [u64; MAX_POINTS],
    /// The empty points, in any order, and each point's place in that list.
    empties: [u16; MAX_POINTS],
    empty_at: [u16; MAX_POINTS],
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

impl ChainBoard {
    /// An empty board for `topo` (which must have at most [`MAX_POINTS`] points).
    pub fn new(topo: &Topology) -> ChainBoard {
        assert!(
            topo.len() <= MAX_POINTS,
            "board too large for the Go machinery"
        );
        let mut b = ChainBoard {
            len: topo.len() as u16,
            cells: [EMPTY; MAX_POINTS],
            head: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            size: [0; MAX_POINTS],
            libs: [0; MAX_POINTS],
            lib_sum: [0; MAX_POINTS],
            lib_sq: [0; MAX_POINTS],
            empties: [0; MAX_POINTS],
            empty_at: [0; MAX_POINTS],
            n_empty: topo.len() as u16,
            stones_on_board: [0; 2],
            hash: 0,
        };
        for i in 0..topo.len() {
            b.empties[i] = i as u16;
            b.empty_at[i] = i as u16;
        }
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
        match self.cells[p.idx()] {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    #[inline]
    fn is(&self, q: u16, c: Colour) -> bool {
        self.cells[q as usize] == c as u8 + 1
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

    /// The `i`-th empty point (`i < empty_count()`), in the same arbitrary order as
    /// [`ChainBoard::empty_points`]: O(1) random draws of empty points without copying the list.
    #[inline]
    pub fn nth_empty(&self, i: usize) -> Point {
        Point(self.empties[..self.n_empty as usize][i])
    }

    /// The last `k` points that became empty (at most [`ChainBoard::empty_count`]), oldest first.
    /// Removing a chain appends its stones to the empty list and only placing a stone reorders it, so
    /// right after [`ChainBoard::play_group`] the last `captured + suicided` entries are the stones it
    /// removed, its captures first: the move's captures without walking the enemy chains beforehand.
    pub fn last_emptied(&self, k: usize) -> impl Iterator<Item = Point> + '_ {
        let n = self.n_empty as usize;
        self.empties[n - k.min(n)..n].iter().map(|&q| Point(q))
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
        self.size[self.head[p.idx()] as usize] as u32
    }

    /// The stones of the chain through `p` (a stone).
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p.0,
            cur: Some(p.0),
        }
    }

    /// The single liberty of the chain through stone `p`, if it has exactly one.
    #[inline]
    pub fn atari_point(&self, p: Point) -> Option<Point> {
        let h = self.head[p.idx()] as usize;
        let n = self.libs[h] as u64;
        let sum = self.lib_sum[h] as u64;
        (n > 0 && n * self.lib_sq[h] == sum * sum).then(|| Point((sum / n) as u16))
    }

    /// True when the chain through stone `p` has no liberty.
    #[inline]
    pub fn has_no_liberty(&self, p: Point) -> bool {
        self.libs[self.head[p.idx()] as usize] == 0
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
    /// stones on both would leave it without liberty. Exact, in O(degree) at most: the pseudo-liberties
    /// all belong to `a` and `b` exactly when their count is the two points' multiplicities together.
    /// Most chains are ruled out first in O(1) by their count and sums.
    #[inline]
    pub fn liberties_within(&self, topo: &Topology, p: Point, a: Point, b: Point) -> bool {
        let h = self.head[p.idx()] as usize;
        let n = self.libs[h] as u64;
        if n == 0 {
            return true;
        }
        if let Some(l) = self.atari_point(p) {
            return l == a || l == b;
        }
        // Each point is a pseudo-liberty at most `max_degree` times; the sum must lie between n·min
        // and n·max of the two indices.
        let (lo, hi) = (a.0.min(b.0) as u64, a.0.max(b.0) as u64);
        let sum = self.lib_sum[h] as u64;
        if n > 2 * topo.max_degree() as u64 || sum <= n * lo || sum >= n * hi {
            return false;
        }
        n == (self.lib_multiplicity(topo, p, a) + self.lib_multiplicity(topo, p, b)) as u64
    }

    /// When the chain through stone `p` has exactly two liberties and `lib` is one of them, the other
    /// one. Exact, in O(degree): with `lib`'s share taken out of the pseudo-liberty sums, the rest are
    /// all one point exactly when `count · squares = sum²`.
    pub fn second_liberty(&self, topo: &Topology, p: Point, lib: Point) -> Option<Point> {
        let h = self.head[p.idx()] as usize;
        let m = self.lib_multiplicity(topo, p, lib) as u64;
        let n = self.libs[h] as u64;
        if m == 0 || n <= m {
            return None;
        }
        let l = lib.0 as u64;
        let (rest, sum, sq) = (
            n - m,
            self.lib_sum[h] as u64 - m * l,
            self.lib_sq[h] - m * l * l,
        );
        (rest * sq == sum * sum).then(|| Point((sum / rest) as u16))
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

    #[inline]
    fn add_lib(&mut self, h: u16, lib: u16) {
        let h = h as usize;
        self.libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sq[h] += (lib as u64) * (lib as u64);
    }

    #[inline]
    fn remove_lib(&mut self, h: u16, lib: u16) {
        let h = h as usize;
        self.libs[h] -= 1;
        self.lib_sum[h] -= lib as u32;
        self.lib_sq[h] -= (lib as u64) * (lib as u64);
    }

    fn take_empty(&mut self, p: u16) {
        let i = self.empty_at[p as usize];
        let last = self.empties[self.n_empty as usize - 1];
        self.empties[i as usize] = last;
        self.empty_at[last as usize] = i;
        self.n_empty -= 1;
    }

    fn give_empty(&mut self, p: u16) {
        self.empties[self.n_empty as usize] = p;
        self.empty_at[p as usize] = self.n_empty;
        self.n_empty += 1;
    }

    /// Puts a stone on an empty point, merging chains; does not capture. Used by [`ChainBoard::play`]
    /// and to set up positions.
    pub fn put(&mut self, topo: &Topology, p: Point, c: Colour) {
        let pi = p.0;
        debug_assert_eq!(self.cells[p.idx()], EMPTY);
        self.cells[p.idx()] = c as u8 + 1;
        self.hash ^= topo.key(p, c);
        self.stones_on_board[c.idx()] += 1;
        self.take_empty(pi);
        self.head[p.idx()] = pi;
        self.next[p.idx()] = pi;
        self.size[p.idx()] = 1;
        self.libs[p.idx()] = 0;
        self.lib_sum[p.idx()] = 0;
        self.lib_sq[p.idx()] = 0;
        for &q in topo.neighbours(p) {
            if self.cells[q as usize] == EMPTY {
                self.add_lib(pi, q);
            } else {
                self.remove_lib(self.head[q as usize], pi);
            }
        }
        for &q in topo.neighbours(p) {
            if self.is(q, c) && self.head[q as usize] != self.head[p.idx()] {
                self.merge(self.head[p.idx()], self.head[q as usize]);
            }
        }
    }

    /// Merges two chains, relabelling the smaller one.
    fn merge(&mut self, a: u16, b: u16) {
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let (bi, si) = (big as usize, small as usize);
        self.size[bi] += self.size[si];
        self.libs[bi] += self.libs[si];
        self.lib_sum[bi] += self.lib_sum[si];
        self.lib_sq[bi] += self.lib_sq[si];
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(bi, si);
    }

    /// Removes the chain through `p`, returning how many stones it had.
    pub fn remove_chain(&mut self, topo: &Topology, p: Point) -> u32 {
        let c = match self.get(p) {
            Some(c) => c,
            None => return 0,
        };
        let start = self.head[p.idx()];
        let n = self.size[start as usize] as u32;
        let mut s = start;
        loop {
            self.cells[s as usize] = EMPTY;
            self.hash ^= topo.key(Point(s), c);
            self.give_empty(s);
            s = self.next[s as usize];
            if s == start {
                break;
            }
        }
        self.stones_on_board[c.idx()] -= n as u16;
        loop {
            for &q in topo.neighbours(Point(s)) {
                if self.cells[q as usize] != EMPTY {
                    self.add_lib(self.head[q as usize], s);
                }
            }
            s = self.next[s as usize];
            if s == start {
                break;
            }
        }
        n
    }

    /// Places a stone and removes enemy chains left without liberties. When the placed chain then has
    /// no liberty it is removed too (suicide): callers that forbid suicide check first.
    #[inline]
    pub fn play(&mut self, topo: &Topology, p: Point, c: Colour) -> Placed {
        self.play_group(topo, &[p], c)
    }

    /// Places stones of several points (a TriGo move) and then captures: enemy chains first, then any of
    /// the mover's chains still without liberty (suicide; callers that forbid it check first).
    pub fn play_group(&mut self, topo: &Topology, points: &[Point], c: Colour) -> Placed {
        for &p in points {
            self.put(topo, p, c);
        }
        let mut placed = Placed::default();
        let enemy = c.opponent();
        for &p in points {
            for &q in topo.neighbours(p) {
                if self.is(q, enemy) && self.libs[self.head[q as usize] as usize] == 0 {
                    let n = self.remove_chain(topo, Point(q));
                    placed.single_capture = (placed.captured == 0 && n == 1).then_some(Point(q));
                    placed.captured += n;
                }
            }
        }
        if placed.captured != 1 {
            placed.single_capture = None;
        }
        for &p in points {
            if self.is(p.0, c) && self.libs[self.head[p.idx()] as usize] == 0 {
                placed.suicided += self.remove_chain(topo, p);
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
            .any(|&q| self.is(q, enemy) && self.atari_point(Point(q)) == Some(p))
    }

    /// Would a `c` stone on empty `p` be left without liberty after its captures (suicide)?
    #[inline]
    pub fn is_suicide(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        let enemy = c.opponent();
        for &q in topo.neighbours(p) {
            match self.cells[q as usize] {
                EMPTY => return false,
                v if v == c as u8 + 1 => {
                    if self.atari_point(Point(q)) != Some(p) {
                        return false;
                    }
                }
                _ => {
                    debug_assert!(self.is(q, enemy));
                    if self.atari_point(Point(q)) == Some(p) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// True when empty `p` is an own single-point eye: every neighbour is a `c` stone and, on square
    /// grids, the eye is not false (at most one enemy diagonal in the middle, none on the edge).
    #[inline]
    pub fn is_own_eye(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        topo.neighbours(p).iter().all(|&q| self.is(q, c)) && self.eye_is_not_false(topo, p, c)
    }

    /// The diagonal half of [`ChainBoard::is_own_eye`], kept out of line so that the usual, cheap
    /// refusal (a neighbour that is not own) inlines into playout loops.
    #[inline(never)]
    fn eye_is_not_false(&self, topo: &Topology, p: Point, c: Colour) -> bool {
        let enemy = c.opponent();
        let bad = topo.diagonals(p).filter(|&q| self.is(q.0, enemy)).count();
        let on_edge = topo.degree(p) < topo.max_degree();
        bad + usize::from(on_edge) < 2
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
            match self.get(p) {
                None => {
                    let i = self.empty_at[p.idx()] as usize;
                    if i >= self.n_empty as usize || self.empties[i] != p.0 {
                        return Err(format!("empty list broken at {}", topo.name(p)));
                    }
                }
                Some(c) => {
                    hash ^= topo.key(p, c);
                    counts[c.idx()] += 1;
                    let h = self.head[p.idx()] as usize;
                    let (mut n, mut sum, mut sq, mut size) = (0u16, 0u32, 0u64, 0u16);
                    for s in self.chain_stones(p) {
                        size += 1;
                        if self.head[s.idx()] as usize != h || self.get(s) != Some(c) {
                            return Err(format!("chain of {} mislabelled", topo.name(p)));
                        }
                        for &q in topo.neighbours(s) {
                            if self.cells[q as usize] == EMPTY {
                                n += 1;
                                sum += q as u32;
                                sq += (q as u64) * (q as u64);
                            }
                        }
                    }
                    if (n, sum, sq, size)
                        != (self.libs[h], self.lib_sum[h], self.lib_sq[h], self.size[h])
                    {
                        return Err(format!("chain data of {} out of date", topo.name(p)));
                    }
                    if n == 0 {
                        return Err(format!("chain of {} has no liberty", topo.name(p)));
                    }
                }
            }
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
