//! Threat-space search: VCF (victory by continuous fours) and VCT (victory by continuous threats:
//! fours and threes), for either colour, under the game's rules (exactly five or five or more, renju's
//! forbidden points for Black).
//!
//! The attacker's moves are threats only. After a four the defender has one reply, the point that
//! stops the five. After a three (a move that leaves a point where the attacker would make a straight
//! four or a double four) the defender may answer on any empty point near the threat (the lines through
//! the three's stone and through each winning point) or with a four of its own; a reply that leaves a
//! winning point is no defence, and a three never wins when the defender has a VCF of its own. Any
//! other reply loses: the attacker then makes a straight four, which wins unless the defender has a
//! five at once. A proof is therefore a real forced win; a search that runs out of nodes or time finds
//! nothing (it never guesses).
//!
//! The solver works on its own copy of the board (one allocation per solve, none per node but the small
//! candidate lists), and remembers positions it has refuted so that move orders are not searched twice.

use crate::game::Gomoku;
use crate::layout::{self, Layout, EDGE, EMPTY};
use crate::line_codes::LineCodes;
use crate::moves::Move;
use crate::rules::Profile;
use crate::shapes::{self, Made, Stones, Verdict};
use std::collections::HashSet;
use std::time::Instant;
use stones_core::{rows, Colour, Game, Point, Presearch};

/// How far along a line a four's or a three's points may lie from the stone that made it.
const REACH: isize = 4;
/// Plies from the root with a remembered winning threat and holding reply ([`Solver::killers`]).
const KILLER_PLIES: usize = 32;
/// The attacker's column of [`Solver::killers`], and the defender's.
const ATTACK: usize = 0;
const DEFEND: usize = 1;

/// Five points of one colour: how many (0, 1, or 2 meaning "two or more") and the first.
#[derive(Clone, Copy, Debug, Default)]
struct Fives {
    n: u8,
    first: usize,
}

/// A threat-space solver on a copy of one position.
pub(crate) struct Solver<'a> {
    layout: &'a Layout,
    cells: Vec<u8>,
    /// What lies around each cell along its lines, kept with `cells`.
    codes: LineCodes,
    profiles: [Profile; 2],
    /// The padded cells of each colour's stones (the solver's stones last).
    stones: [Vec<usize>; 2],
    /// A mark per cell, for collecting candidates without duplicates.
    stamp: Vec<u32>,
    mark: u32,
    hash: u64,
    /// Refuted (position, search kind and depth) keys.
    refuted: HashSet<u64>,
    /// Stones the solver has put since the root.
    ply: usize,
    /// The attacker's first move of the last proof.
    first: Option<usize>,
    /// Per ply since the root, the attacker's threat that last won there and the defender's reply
    /// that last held, tried first: checking many moves against one threat finds the same lines
    /// again, and most of those checks end after the first line.
    killers: [[usize; 2]; KILLER_PLIES],
    /// Nodes searched, and the most allowed.
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
}

impl<'a> Solver<'a> {
    /// A solver on `game`'s position that searches at most `limit` nodes, and stops at `deadline`.
    pub fn new(game: &'a Gomoku, limit: u64, deadline: Option<Instant>) -> Solver<'a> {
        let layout = game.layout();
        let cells = game.cells().to_vec();
        let mut stones = [Vec::new(), Vec::new()];
        let mut hash = 0;
        for p in layout.topo.points() {
            let i = layout.pad(p);
            for c in Colour::BOTH {
                if cells[i] == layout::cell(c) {
                    stones[c.idx()].push(i);
                    hash ^= layout.topo.key(p, c);
                }
            }
        }
        Solver {
            layout,
            codes: LineCodes::new(layout, &cells),
            stamp: vec![0; cells.len()],
            cells,
            profiles: [game.profile(Colour::Black), game.profile(Colour::White)],
            stones,
            mark: 0,
            hash,
            refuted: HashSet::new(),
            ply: 0,
            first: None,
            killers: [[usize::MAX; 2]; KILLER_PLIES],
            nodes: 0,
            limit,
            deadline,
        }
    }

    /// Whether the node or time budget is spent (after a search: its "no" means "not found").
    fn spent(&self) -> bool {
        self.nodes >= self.limit || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn put(&mut self, i: usize, c: Colour) {
        self.cells[i] = layout::cell(c);
        self.codes.set(self.layout, &self.cells, i, self.cells[i]);
        self.stones[c.idx()].push(i);
        self.hash ^= self.layout.topo.key(self.layout.point(i), c);
        self.ply += 1;
    }

    fn take(&mut self, i: usize, c: Colour) {
        self.cells[i] = EMPTY;
        self.codes.set(self.layout, &self.cells, i, EMPTY);
        let popped = self.stones[c.idx()].pop();
        debug_assert_eq!(popped, Some(i));
        self.hash ^= self.layout.topo.key(self.layout.point(i), c);
        self.ply -= 1;
    }

    /// Puts a stone for the duration of `f` (for callers outside the solver's own recursion).
    pub fn with_stone<T>(&mut self, p: Point, c: Colour, f: impl FnOnce(&mut Self) -> T) -> T {
        let i = self.layout.pad(p);
        self.put(i, c);
        let saved = self.ply;
        self.ply = 0;
        let out = f(self);
        self.ply = saved;
        self.take(i, c);
        out
    }

    fn made(&self, i: usize, c: Colour) -> Made {
        let stones = Stones::new(&self.cells, layout::cell(c));
        shapes::made(self.layout, stones, i, self.profiles[c.idx()])
    }

    fn threes(&self, i: usize, c: Colour) -> u32 {
        let stones = Stones::new(&self.cells, layout::cell(c));
        shapes::threes(self.layout, stones, i, self.profiles[c.idx()])
    }

    /// Whether `c` may put a stone on the empty cell `i` (renju's forbidden points).
    fn legal(&self, i: usize, c: Colour) -> bool {
        let profile = self.profiles[c.idx()];
        self.cells[i] == EMPTY
            && (!profile.has_fouls() || {
                let stones = Stones::new(&self.cells, layout::cell(c));
                !matches!(
                    shapes::judge(self.layout, stones, i, profile),
                    Verdict::Foul(_)
                )
            })
    }

    /// Whether a stone of `c` on the empty cell `i` makes a five.
    fn is_five(&self, i: usize, c: Colour) -> bool {
        let goal = self.profiles[c.idx()].goal();
        self.layout
            .winning_line(&self.cells, i, layout::cell(c), goal)
            .is_some()
    }

    /// Calls `f` on each empty cell within `reach` of `i` along its four lines, not past the edge.
    fn around(&self, i: usize, reach: isize, mut f: impl FnMut(usize)) {
        for k in 0..self.layout.dirs.len() {
            self.empties_on(i, k, reach, |j| {
                f(j);
                true
            });
        }
    }

    /// Calls `f` on each empty cell within `reach` of `i` along line `k` (an index into the
    /// layout's `dirs`), both ways, not past the edge; stops, and says false, when `f` says false.
    #[inline]
    fn empties_on(
        &self,
        i: usize,
        k: usize,
        reach: isize,
        mut f: impl FnMut(usize) -> bool,
    ) -> bool {
        let d = self.layout.dirs[k];
        for sign in [1, -1] {
            let mut j = i;
            for _ in 0..reach {
                j = j.wrapping_add_signed(sign * d);
                match self.cells[j] {
                    EDGE => break,
                    EMPTY if !f(j) => return false,
                    _ => {}
                }
            }
        }
        true
    }

    /// The points where `c` would make a five along the lines through the stone on `i` (fives on
    /// other lines through those points were there before the stone, and the solver never leaves
    /// one standing).
    fn fives_near(&self, i: usize, c: Colour) -> Fives {
        let goal = self.profiles[c.idx()].goal();
        let mut out = Fives::default();
        for k in 0..self.layout.dirs.len() {
            // A five through `i` needs four of its stones in a window of five through `i`.
            if self.codes.along(i, k, c).window() < 4 {
                continue;
            }
            let go_on = self.empties_on(i, k, REACH, |j| {
                let run = self.codes.along(j, k, c).run().unwrap_or_else(|| {
                    rows::run(&self.cells, j, self.layout.dirs[k], layout::cell(c))
                });
                if goal.wins(run) {
                    if out.n == 0 {
                        out.first = j;
                    }
                    out.n += 1;
                }
                out.n < 2
            });
            if !go_on {
                break;
            }
        }
        out
    }

    /// The points where `c` would make a five, anywhere on the board.
    fn fives_all(&self, c: Colour) -> Fives {
        let mut out = Fives::default();
        for &s in &self.stones[c.idx()] {
            self.around(s, REACH, |j| {
                if out.n < 2 && (out.n == 0 || j != out.first) && self.is_five(j, c) {
                    if out.n == 0 {
                        out.first = j;
                    }
                    out.n += 1;
                }
            });
            if out.n >= 2 {
                break;
            }
        }
        out
    }

    /// The `N` cells (`N` odd) centred on `i` along direction `d`, with a stone of `c` on `i`: 1 for
    /// `c`'s stones, 0 for empty cells, 2 for anything else (the edge ends the walk, and what lies
    /// past it stays 2).
    fn line<const N: usize>(&self, i: usize, d: isize, c: Colour) -> [u8; N] {
        let (own, r) = (layout::cell(c), N / 2);
        let mut line = [2u8; N];
        line[r] = 1;
        for sign in [1isize, -1] {
            let mut j = i;
            for k in 1..=r as isize {
                j = j.wrapping_add_signed(sign * d);
                let v = self.cells[j];
                if v == EDGE {
                    break;
                }
                line[(r as isize + sign * k) as usize] = match v {
                    EMPTY => 0,
                    v if v == own => 1,
                    _ => 2,
                };
            }
        }
        line
    }

    /// The most `c` stones (a stone of `c` on `i` included) in a five-cell window through `i` that
    /// holds no other stone and no edge: a quick bound (a four needs 4, a three 3) that spares most
    /// empty cells the full shape test.
    fn potential(&self, i: usize, c: Colour) -> u32 {
        (0..self.layout.dirs.len())
            .map(|k| self.codes.along(i, k, c).window())
            .max()
            .unwrap_or(0)
    }

    /// A quick bound for a three: some line through `i` has six cells, both ends empty, whose four
    /// inner cells hold `i`, no other stone and at least two more `c` stones (the shape a straight
    /// four grows from). The full test ([`shapes::threes`]) runs only where this holds.
    fn may_be_three(&self, i: usize, c: Colour) -> bool {
        self.layout.dirs.iter().any(|&d| {
            let line: [u8; 11] = self.line(i, d, c);
            (1..=4).any(|s| {
                let inner = &line[s + 1..s + 5];
                line[s] == 0
                    && line[s + 5] == 0
                    && !inner.contains(&2)
                    && inner.iter().filter(|&&v| v == 1).count() >= 3
            })
        })
    }

    /// Whether a stone of `c` on the empty cell `i` may make a four (or a five): some window of five
    /// through it holds four of `c`'s stones and nothing else.
    fn may_four(&self, i: usize, c: Colour) -> bool {
        (0..self.layout.dirs.len()).any(|k| self.codes.along(i, k, c).window() >= 4)
    }

    /// Whether a stone of `c` on `i` wins by force at once: a five, a straight four or two fours.
    fn winning_point(&self, i: usize, c: Colour) -> bool {
        if self.potential(i, c) < 4 {
            return false;
        }
        let m = self.made(i, c);
        (m.five || m.four_that_wins()) && self.legal(i, c)
    }

    /// The empty cells near `c`'s stones where `c` makes a four (`threes` also: a three), best first
    /// (more fours and threes made at once first).
    fn threat_moves(&mut self, c: Colour, threes: bool) -> Vec<usize> {
        self.mark += 1;
        let mark = self.mark;
        let mut out: Vec<(u32, usize)> = Vec::new();
        let own = layout::cell(c);
        let need = if threes { 2 } else { 3 };
        for k in 0..self.stones[c.idx()].len() {
            let s = self.stones[c.idx()][k];
            for (k, &d) in self.layout.dirs.iter().enumerate() {
                // A four (three) along this line through an empty cell lies in a window of five
                // that holds the cell, three (two) stones of `c` and nothing else. The walks from
                // those stones find the cell, and their windows hold as many: a stone whose
                // windows along the line all hold fewer need not walk.
                if self.codes.along(s, k, c).window() < need {
                    continue;
                }
                for sign in [1, -1] {
                    let mut j = s;
                    for _ in 0..REACH {
                        j = j.wrapping_add_signed(sign * d);
                        let cell = self.cells[j];
                        if cell == EMPTY {
                            if self.stamp[j] == mark {
                                continue;
                            }
                            // A four or three through `j` holds other stones of `c` on its line,
                            // and the walk from one of them along that line reaches `j`: the
                            // bound along this walk's line is enough, and a cell it rules out here
                            // stays open to the walks along its other lines.
                            let bound = self.codes.along(j, k, c).window();
                            if bound < 3 || (bound < 4 && !threes) {
                                continue;
                            }
                            self.stamp[j] = mark;
                            let m = self.made(j, c);
                            let t = if threes && m.fours == 0 && self.may_be_three(j, c) {
                                self.threes(j, c)
                            } else {
                                0
                            };
                            if (m.fours > 0 || t > 0) && !m.five && self.legal(j, c) {
                                out.push((4 * m.fours + t, j));
                            }
                        } else if cell != own {
                            break;
                        }
                    }
                }
            }
        }
        out.sort_by_key(|b| std::cmp::Reverse(b.0));
        out.into_iter().map(|(_, j)| j).collect()
    }

    fn key(&self, kind: u64, depth: u32) -> u64 {
        self.hash ^ kind.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (depth as u64) << 56
    }

    /// Moves the move remembered for this ply and `side` ([`Solver::killers`]) to the front of `list`.
    fn killer_first(&self, list: &mut [usize], side: usize) {
        let Some(k) = self.killers.get(self.ply).map(|k| k[side]) else {
            return;
        };
        if let Some(at) = list.iter().position(|&j| j == k) {
            list[..=at].rotate_right(1);
        }
    }

    /// Remembers `q` as the move that worked for `side` at this ply.
    fn remember(&mut self, q: usize, side: usize) {
        if let Some(k) = self.killers.get_mut(self.ply) {
            k[side] = q;
        }
    }

    /// `a` to move: whether it wins by continuous fours. `theirs` are the defender's five points.
    fn vcf(&mut self, a: Colour, theirs: Fives) -> bool {
        self.nodes += 1;
        if self.spent() || theirs.n >= 2 {
            return false;
        }
        let key = self.key(1 + a.idx() as u64, 0);
        self.attack(a, theirs, false, key, |s, q| {
            s.threat(a, q, |_| false, |s, next| s.vcf(a, next))
        })
    }

    /// `a`'s threats tried in turn (the last one that won first) by `wins`: whether one wins. The
    /// threats are `a`'s four points (and three points when `threes`), or only the block of the
    /// defender's one five point (which must make a four when not `threes`). A position refuted
    /// before under `key` is not read again; one refuted now is remembered.
    fn attack(
        &mut self,
        a: Colour,
        theirs: Fives,
        threes: bool,
        key: u64,
        mut wins: impl FnMut(&mut Self, usize) -> bool,
    ) -> bool {
        if self.refuted.contains(&key) {
            return false;
        }
        let mut candidates = if theirs.n == 1 {
            let f = theirs.first;
            if !self.legal(f, a) || (!threes && self.made(f, a).fours == 0) {
                return false;
            }
            vec![f]
        } else {
            self.threat_moves(a, threes)
        };
        self.killer_first(&mut candidates, ATTACK);
        for q in candidates {
            let won = wins(self, q);
            if won {
                self.remember(q, ATTACK);
            }
            if won || self.spent() {
                return won;
            }
        }
        self.refuted.insert(key);
        false
    }

    /// Plays `a`'s threat `q` and says whether it wins: two five points win; one is blocked (a
    /// block the rules forbid the defender wins too) and `deeper` reads on from the defender's five
    /// points; none leaves the defender free, which `quiet` judges. Remembers `q` as the solution's
    /// first move when it wins at the root.
    fn threat(
        &mut self,
        a: Colour,
        q: usize,
        quiet: impl FnOnce(&mut Self) -> bool,
        deeper: impl FnOnce(&mut Self, Fives) -> bool,
    ) -> bool {
        let d = a.opponent();
        self.put(q, a);
        let mine = self.fives_near(q, a);
        let won = match mine.n {
            0 => quiet(self),
            1 => {
                let f = mine.first;
                !self.legal(f, d) || {
                    self.put(f, d);
                    let next = self.fives_near(f, d);
                    let won = deeper(self, next);
                    self.take(f, d);
                    won
                }
            }
            _ => true,
        };
        self.take(q, a);
        if won && self.ply == 0 {
            self.first = Some(q);
        }
        won
    }

    /// `a` to move: whether it wins by fours and at most `depth` threes. `theirs` are the defender's
    /// five points.
    fn vct(&mut self, a: Colour, theirs: Fives, depth: u32) -> bool {
        if self.vcf(a, theirs) {
            return true;
        }
        self.nodes += 1;
        if depth == 0 || theirs.n >= 2 || self.spent() {
            return false;
        }
        let key = self.key(3 + a.idx() as u64, depth);
        self.attack(a, theirs, true, key, |s, q| {
            let quiet = |s: &mut Self| s.defended(a, &[q], depth - 1) == Some(false);
            s.threat(a, q, quiet, |s, next| s.vct(a, next, depth))
        })
    }

    /// The defender to move after `a`'s threat made by the stones `threats` (which leave `a` no five
    /// point): `Some(false)` when every reply loses to a VCT of `depth` threes, `Some(true)` when
    /// some reply holds, `None` when the stones make no threat at all.
    fn defended(&mut self, a: Colour, threats: &[usize], depth: u32) -> Option<bool> {
        self.nodes += 1;
        let d = a.opponent();
        let mut wins = Vec::new();
        for &t in threats {
            self.around(t, REACH, |j| {
                if !wins.contains(&j) && self.winning_point(j, a) {
                    wins.push(j);
                }
            });
        }
        if wins.is_empty() {
            return None;
        }
        if self.spent() {
            return Some(true);
        }
        // A counter-attack by fours refutes the threat.
        let none = Fives::default();
        let saved = (self.ply, self.first);
        self.ply = usize::MAX / 2;
        let counter = self.vcf(d, none);
        (self.ply, self.first) = saved;
        if counter {
            return Some(true);
        }
        // Replies: every empty cell on the lines through the threat's stones and its winning points.
        self.mark += 1;
        let mark = self.mark;
        let mut replies = Vec::new();
        let mut collect = |s: &mut Self, i: usize, reach: isize| {
            let mut found = Vec::new();
            s.around(i, reach, |j| found.push(j));
            for j in found {
                if s.stamp[j] != mark {
                    s.stamp[j] = mark;
                    replies.push(j);
                }
            }
        };
        for &t in threats {
            collect(self, t, REACH + 1);
        }
        for &w in &wins {
            collect(self, w, REACH);
        }
        // The defender's fours anywhere also answer (they force a block first).
        for f in self.threat_moves(d, false) {
            if self.stamp[f] != mark {
                replies.push(f);
            }
        }
        self.killer_first(&mut replies, DEFEND);
        // Without renju's fouls for `a`, whether a point wins depends only on the cells within
        // the shapes' reach along its lines: a reply elsewhere leaves it a winning point.
        let local = !self.profiles[a.idx()].has_fouls();
        let touches = |s: &Self, r: usize, w: usize| !local || s.layout.in_line(r, w);
        for r in replies {
            if !self.legal(r, d) {
                continue;
            }
            if !wins.iter().any(|&w| touches(self, r, w)) && !self.may_four(r, d) {
                // It leaves every winning point and makes no four: it loses at once.
                if self.spent() {
                    return Some(true);
                }
                continue;
            }
            self.put(r, d);
            let theirs = self.fives_near(r, d);
            let holds = match theirs.n {
                0 => {
                    // The reply can only take winning points away, never make new ones.
                    let still = wins.iter().any(|&w| {
                        self.cells[w] == EMPTY && (!touches(self, r, w) || self.winning_point(w, a))
                    });
                    !still && !self.vct(a, theirs, depth)
                }
                1 => {
                    // A four: `a` must block it, and the threat stands (with the block added).
                    let g = theirs.first;
                    if !self.legal(g, a) {
                        true
                    } else {
                        self.put(g, a);
                        let holds = if self.is_five(g, a) {
                            false
                        } else {
                            let mut more = threats.to_vec();
                            more.push(g);
                            // No threat left: the defender, to move, holds.
                            self.defended(a, &more, depth) != Some(false)
                        };
                        self.take(g, a);
                        holds
                    }
                }
                _ => true,
            };
            self.take(r, d);
            if holds {
                self.remember(r, DEFEND);
            }
            if holds || self.spent() {
                return Some(true);
            }
        }
        Some(false)
    }

    /// `a` to move (or as if it were): the first move of a win by continuous fours (a VCT with no
    /// three).
    pub fn vcf_move(&mut self, a: Colour) -> Option<Point> {
        self.vct_move(a, 0)
    }

    /// `a` to move (or as if it were): the first move of a win by fours and at most `depth` threes.
    pub fn vct_move(&mut self, a: Colour, depth: u32) -> Option<Point> {
        self.first = None;
        let theirs = self.fives_all(a.opponent());
        if let Some(p) = self.five_now(a) {
            return Some(p);
        }
        let saved = self.ply;
        self.ply = 0;
        let won = self.vct(a, theirs, depth);
        self.ply = saved;
        won.then(|| self.first.map(|i| self.layout.point(i)))
            .flatten()
    }

    /// A point where `a` makes a five now.
    fn five_now(&self, a: Colour) -> Option<Point> {
        let f = self.fives_all(a);
        (f.n > 0 && self.legal(f.first, a)).then(|| self.layout.point(f.first))
    }
}

/// Nodes one solve may search (its clock stops it first when it has one).
const NODES: u64 = 20_000;
/// Nodes one solve may search when the search has no clock (a playout budget): small, so that a
/// search of a few hundred playouts stays quick.
const NODES_UNTIMED: u64 = 200;
/// Threes a VCT may use.
const VCT_DEPTH: u32 = 3;

impl Solver<'_> {
    /// Gives the next search `nodes` more nodes and time until `deadline`.
    fn budget(&mut self, nodes: u64, deadline: Option<Instant>) {
        self.limit = self.nodes + nodes;
        self.deadline = deadline;
    }
}

/// What Gomoku's threat solver tells the search before it starts (see [`Presearch`]): a win by
/// fours, or by fours and threes, is played at once; when the opponent threatens one (it would win by
/// force if it were its move), only the moves after which it no longer does are searched. With a
/// clock, `threads` share those checks.
pub(crate) fn presearch(
    game: &Gomoku,
    deadline: Option<Instant>,
    threads: usize,
) -> Presearch<Move, Move> {
    use crate::game::End;
    if game.end() != End::No {
        return Presearch::Search;
    }
    let me = game.to_move;
    let opp = me.opponent();
    // Stages share the time: a part for each side's VCT, the rest for checking the defences.
    let stage = |share: f64| {
        deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now).mul_f64(share)
        })
    };
    let nodes = if deadline.is_some() {
        NODES
    } else {
        NODES_UNTIMED
    };
    let mut s = Solver::new(game, nodes, deadline);
    if let Some(p) = s.vcf_move(me) {
        return Presearch::Win(Move::Place(p));
    }
    let theirs = s.fives_all(opp);
    if theirs.n > 0 {
        // The blocks are the only moves (the search's steps list them).
        return Presearch::Search;
    }
    s.budget(nodes, deadline);
    let threat_by_fours = s.vcf_move(opp).is_some();
    s.budget(nodes, stage(0.3));
    if let Some(p) = s.vct_move(me, VCT_DEPTH) {
        return Presearch::Win(Move::Place(p));
    }
    // The opponent's threat, as if it were its move: by fours, else by threes too.
    let before = s.nodes;
    let start = if threat_by_fours {
        s.budget(nodes, deadline);
        s.vcf_move(opp)
    } else {
        s.budget(nodes, stage(0.4));
        let Some(p) = s.vct_move(opp, VCT_DEPTH) else {
            return Presearch::Search;
        };
        Some(p)
    };
    // After a move that does not touch the threat, the opponent's win is found again in about as
    // many nodes: the first pass gives each move a few times that.
    let per_move = (4 * (s.nodes - before)).clamp(300.min(nodes / 4), nodes / 4);
    // All the checks together stay within a few solves, or within the clock when there is one.
    let cap = match deadline {
        Some(_) => u64::MAX,
        None => s.nodes + 2 * nodes,
    };
    s.budget(nodes, deadline);
    let mut candidates = defence_candidates(game, &mut s, opp);
    // Far from the threat's first stone first: a move there is refuted in a few nodes (the same
    // win works), so the clock is left for the moves near it, the likely defences, and those the
    // clock does not reach stay unchecked.
    if let Some(start) = start {
        let topo = game.topology();
        let (sx, sy) = topo.xy(start);
        let distance = |p: &Point| {
            let (x, y) = topo.xy(*p);
            x.abs_diff(sx).max(y.abs_diff(sy))
        };
        candidates.sort_by_key(|p| std::cmp::Reverse(distance(p)));
    }
    candidates.retain(|&p| game.may_place(p));
    let check = |depth| Check {
        me,
        depth,
        per_move,
        cap,
        deadline,
    };
    // Against fours, the moves that stop them, and of those the ones that stop the threes too
    // when some do: a move that stops only the fours may leave a win by threes (game 3 of a figrid
    // match: C10 and G6 stopped White's fours, and a three at D7 won).
    let first =
        check(if threat_by_fours { 0 } else { VCT_DEPTH }).keep(&mut s, game, threads, candidates);
    let kept = if threat_by_fours && !first.is_empty() {
        let both = check(VCT_DEPTH).keep(&mut s, game, threads, first.clone());
        if both.is_empty() {
            first
        } else {
            both
        }
    } else {
        first
    };
    if kept.is_empty() {
        Presearch::Search
    } else {
        Presearch::Only(kept.into_iter().map(Move::Place).collect())
    }
}

/// How [`presearch`] checks a defence: `me` plays it, and the opponent's win by fours and at most
/// `depth` threes is searched for.
#[derive(Clone, Copy)]
struct Check {
    me: Colour,
    depth: u32,
    /// Nodes for each move in the first pass.
    per_move: u64,
    /// The solver's node count at which every check stops.
    cap: u64,
    deadline: Option<Instant>,
}

impl Check {
    /// The moves of `candidates` the opponent's search does not beat, or could not finish. With a
    /// clock, `threads` share them, each with its own solver (starting from what `s`, which found
    /// the threat, remembers); without one, one thread keeps the result repeatable.
    fn keep(
        &self,
        s: &mut Solver<'_>,
        game: &Gomoku,
        threads: usize,
        candidates: Vec<Point>,
    ) -> Vec<Point> {
        let threads = if self.deadline.is_some() {
            threads.max(1)
        } else {
            1
        };
        let (mut safe, open) = if threads == 1 {
            self.settle(s, candidates)
        } else {
            let killers = s.killers;
            let mut shares: Vec<Vec<Point>> = (0..threads)
                .map(|t| {
                    candidates
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .copied()
                        .collect()
                })
                .collect();
            let mine = shares.remove(0);
            std::thread::scope(|scope| {
                let others: Vec<_> = shares
                    .into_iter()
                    .map(|share| {
                        scope.spawn(move || {
                            let mut s = Solver::new(game, NODES, self.deadline);
                            s.killers = killers;
                            self.settle(&mut s, share)
                        })
                    })
                    .collect();
                let mut all = self.settle(s, mine);
                for other in others {
                    let (safe, open) = other
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e));
                    all.0.extend(safe);
                    all.1.extend(open);
                }
                all
            })
        };
        safe.extend(open);
        safe
    }

    /// Sorts `candidates` into those the opponent's search does not beat (`.0`) and those whose
    /// search was cut short (`.1`), dropping those it beats. Passes over the moves not yet settled
    /// give each eight times the nodes of the last, until the clock: a move the first pass could
    /// not refute may still lose to a longer win.
    fn settle(&self, s: &mut Solver<'_>, mut candidates: Vec<Point>) -> (Vec<Point>, Vec<Point>) {
        let opp = self.me.opponent();
        let (mut safe, mut open) = (Vec::new(), Vec::new());
        let mut per_move = self.per_move;
        while !candidates.is_empty() {
            for p in candidates.drain(..) {
                if s.nodes >= self.cap || self.deadline.is_some_and(|d| Instant::now() >= d) {
                    open.push(p);
                    continue;
                }
                s.budget(per_move, self.deadline);
                let (won, cut_short) = s.with_stone(p, self.me, |s| {
                    let won = if self.depth == 0 {
                        s.vcf_move(opp).is_some()
                    } else {
                        s.vct_move(opp, self.depth).is_some()
                    };
                    (won, s.spent())
                });
                // A win found is a proof; a search cut short proves nothing either way.
                match (won, cut_short) {
                    (true, _) => {}
                    (false, false) => safe.push(p),
                    (false, true) => open.push(p),
                }
            }
            if s.nodes >= self.cap || self.deadline.is_none_or(|d| Instant::now() >= d) {
                break;
            }
            std::mem::swap(&mut candidates, &mut open);
            per_move *= 8;
        }
        (safe, open)
    }
}

/// The moves that may stop the opponent's threat: every empty point within two lines of a stone,
/// and the points where either side makes a four or a three.
fn defence_candidates(game: &Gomoku, s: &mut Solver<'_>, opp: Colour) -> Vec<Point> {
    let layout = game.layout();
    let mut out: Vec<Point> = layout
        .topo
        .points()
        .filter(|&p| game.stone(p).is_none() && layout.near_stone(game.cells(), p, 2))
        .collect();
    for c in [opp, opp.opponent()] {
        for i in s.threat_moves(c, true) {
            let p = layout.point(i);
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::game;

    fn name(g: &Gomoku, p: Option<Point>) -> String {
        p.map(|p| g.topology().name(p)).unwrap_or_default()
    }

    fn vcf(g: &Gomoku, c: Colour) -> String {
        name(g, Solver::new(g, NODES, None).vcf_move(c))
    }

    fn vct(g: &Gomoku, c: Colour) -> String {
        name(g, Solver::new(g, NODES, None).vct_move(c, VCT_DEPTH))
    }

    // Black's F8-H8 is closed at E8; J10 J11 stand open in column J.
    const VCF_BLACK: &str = "F8 G8 H8 J10 J11";
    const VCF_WHITE: &str = "E8 A1 A3 C1 O15";

    #[test]
    fn finds_a_win_by_fours() {
        // J8 makes the four F8-J8 (White must take K8), then J9 makes J8-J11 open at J7 and J12.
        let g = game("standard", VCF_BLACK, VCF_WHITE, Colour::Black);
        assert_eq!(vcf(&g, Colour::Black), "J8");
        assert_eq!(
            presearch(&g, None, 1),
            Presearch::Win(Move::Place(g.topology().parse_point("J8").unwrap()))
        );
        // White has nothing of the kind.
        assert_eq!(vcf(&g, Colour::White), "");
    }

    #[test]
    fn no_win_by_fours_when_the_last_four_is_closed() {
        // With J12 White's, J8 J9 makes a four with one end: White blocks J7 and Black has no more.
        let g = game(
            "standard",
            VCF_BLACK,
            &format!("{VCF_WHITE} J12"),
            Colour::Black,
        );
        assert_eq!(vcf(&g, Colour::Black), "");
    }

    #[test]
    fn an_overline_is_no_five_under_exactly_five() {
        // J8 joins F8-H8 and K8-L8 into six: a win in freestyle, nothing under the standard rules,
        // where the row has no four at all (E8 and M8 are White's).
        let (b, w) = ("F8 G8 H8 K8 L8", "E8 M8 A1 C1 O15");
        let g = game("freestyle", b, w, Colour::Black);
        assert_eq!(vcf(&g, Colour::Black), "J8");
        let g = game("standard", b, w, Colour::Black);
        assert_eq!(vcf(&g, Colour::Black), "");
        assert_eq!(vct(&g, Colour::Black), "");
    }

    #[test]
    fn finds_a_double_three() {
        // K8 makes the open three H8-K8 and the split three K8 . K10 K11 at once; no four wins.
        let g = game("standard", "H8 J8 K10 K11", "A1 C1 O15 A15", Colour::Black);
        assert_eq!(vcf(&g, Colour::Black), "");
        let first = vct(&g, Colour::Black);
        assert!(!first.is_empty(), "no VCT found");
        // Whatever it starts with, White has no answer: check by the solver from White's side too.
        let mut g2 = g.clone();
        let p = g.topology().parse_point(&first).unwrap();
        g2.play(Move::Place(p)).unwrap();
        assert_eq!(vcf(&g2, Colour::White), "");
    }

    #[test]
    fn defends_against_the_opponents_win_by_fours() {
        // The first position with the colours swapped and Black to move: White threatens J8, K8 …;
        // only moves after which White has no VCF are searched, and they include J8.
        let g = game("standard", VCF_WHITE, VCF_BLACK, Colour::Black);
        assert_eq!(vcf(&g, Colour::White), "J8");
        let Presearch::Only(moves) = presearch(&g, None, 1) else {
            panic!("no defence list");
        };
        let names: Vec<String> = moves.iter().map(|&m| g.move_text(m)).collect();
        assert!(names.contains(&"J8".to_string()), "{names:?}");
        // B2 (beside Black's own stones far away) does nothing against the threat.
        assert!(!names.contains(&"B2".to_string()), "{names:?}");
        for m in &moves {
            let mut after = g.clone();
            after.play(*m).unwrap();
            assert_eq!(vcf(&after, Colour::White), "", "{}", g.move_text(*m));
        }
        // With a clock every check here settles long before it, and two threads sharing the moves
        // keep the same ones as one. White also wins by threes after each move that stops its
        // fours (the position is lost): then the moves that stop the fours are kept, those that
        // the small budget kept above among them.
        let sorted = |p: Presearch<Move, Move>| match p {
            Presearch::Only(mut moves) => {
                moves.sort_by_key(|m| g.move_text(*m));
                moves
            }
            other => panic!("{other:?}"),
        };
        let clock = || Some(Instant::now() + std::time::Duration::from_secs(60));
        let one = sorted(presearch(&g, clock(), 1));
        assert_eq!(one, sorted(presearch(&g, clock(), 2)));
        assert!(moves.iter().all(|m| one.contains(m)), "{one:?}");
        for m in &one {
            let mut after = g.clone();
            after.play(*m).unwrap();
            assert_eq!(vcf(&after, Colour::White), "", "{}", g.move_text(*m));
            let p = after.topology().parse_point(&g.move_text(*m)).unwrap();
            let lost = Solver::new(&g, NODES, None)
                .with_stone(p, Colour::Black, |s| s.vct_move(Colour::White, VCT_DEPTH));
            assert!(lost.is_some(), "{}", g.move_text(*m));
        }
    }

    #[test]
    fn line_codes_follow_every_put_and_take() {
        // Random stones put and taken back in stack order, near the edges too: the codes kept by
        // the solver equal the codes of its cells computed afresh, and their five-cell bound and
        // row length equal those read off the board.
        let g = game("standard", VCF_BLACK, VCF_WHITE, Colour::Black);
        let mut s = Solver::new(&g, NODES, None);
        let mut rng = stones_core::Rng::new(5);
        let mut placed = Vec::new();
        let mut unknown = 0;
        for step in 0..600 {
            if placed.len() > 35 || (!placed.is_empty() && rng.below(3) == 0) {
                let (i, c) = placed.pop().unwrap();
                s.take(i, c);
            } else {
                // A 7x7 corner, mostly Black: long rows, rows at the edge.
                let (x, y) = (rng.below(7) as i32, rng.below(7) as i32);
                let p = g.topology().at(x, y).unwrap();
                let i = g.layout().pad(p);
                if s.cells[i] == EMPTY {
                    let c = if rng.below(4) > 0 {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    s.put(i, c);
                    placed.push((i, c));
                }
            }
            assert_eq!(s.codes, LineCodes::new(g.layout(), &s.cells), "step {step}");
            for p in g.topology().points() {
                let i = g.layout().pad(p);
                for (k, &d) in g.layout().dirs.iter().enumerate() {
                    for c in Colour::BOTH {
                        let line: [u8; 9] = s.line(i, d, c);
                        let best = line
                            .windows(5)
                            .filter(|w| !w.contains(&2))
                            .map(|w| w.iter().filter(|&&v| v == 1).count() as u32)
                            .max()
                            .unwrap_or(0);
                        let around = s.codes.along(i, k, c);
                        assert_eq!(around.window(), best);
                        // The row's length, unless it fills the four cells on a side.
                        let full = |from: usize| line[from..from + 4].iter().all(|&v| v == 1);
                        let run = rows::run(&s.cells, i, d, layout::cell(c));
                        let known = (!full(0) && !full(5)).then_some(run);
                        assert_eq!(around.run(), known);
                        unknown += known.is_none() as u32;
                    }
                }
            }
        }
        assert!(unknown > 100, "{unknown} rows past the codes");
    }

    #[test]
    fn killers_remember_what_won() {
        let g = game("standard", VCF_BLACK, VCF_WHITE, Colour::Black);
        let mut s = Solver::new(&g, NODES, None);
        assert_eq!(name(&g, s.vcf_move(Colour::Black)), "J8");
        // A White stone far away changes nothing: the same win is found again first.
        let far = g.topology().parse_point("A15").unwrap();
        let again = s.with_stone(far, Colour::White, |s| s.vcf_move(Colour::Black));
        assert_eq!(name(&g, again), "J8");
        // The threat that won at the root is remembered for it.
        let j8 = g.layout().pad(g.topology().parse_point("J8").unwrap());
        assert_eq!(s.killers[0][ATTACK], j8);
    }
}
