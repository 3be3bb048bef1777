//! Line shapes through one point — fives, fours, straight fours, threes — and the renju forbidden-move
//! test built on them.
//!
//! Definitions (RIF renju rules, stated for the colour `own` whose move is being judged):
//! - a **five** is a row that wins for `own` (exactly five, or five or more when overlines win);
//! - a **four** is a row that one more `own` stone turns into a five; a straight four `.XXXX.` is one
//!   four, while `X.XXX.X` (move in the middle) is two: its two fives use different stones;
//! - a **straight four** is four in a row with both ends empty, each end making a five;
//! - a **three** is a row that one more `own` stone turns into a straight four, where that stone is
//!   neither forbidden itself (checked recursively) nor a five on another line (as in the reference
//!   forbidden-point finder of the Gomocup judge, and figrid: such a point wins, it does not make a
//!   straight four). A "three" whose straight four would be blocked by the edge, by the opponent, or by
//!   making an overline is no three.
//!
//! A move that makes a five is never forbidden, whatever else it makes. Otherwise the order of judgement
//! (which reason a refusal names) is double-four, double-three, overline, as the Gomocup judge does.
//!
//! Everything here reads the board through [`Stones`], which adds the stones of the recursive search as a
//! chain on the stack: the search allocates nothing and does not touch the board.

use crate::layout::{Layout, EDGE, EMPTY, LINES};
use crate::rules::Profile;
use std::fmt;

/// Cells read on each side of the point judged.
pub(crate) const REACH: usize = 6;
/// Cells in a line read around a point.
const LEN: usize = 2 * REACH + 1;
/// Index of the judged point in a line.
const CENTRE: isize = REACH as isize;

/// Line cell: empty.
const OPEN: u8 = 0;
/// Line cell: a stone of the colour judged.
const OWN: u8 = 1;
/// Line cell: an opponent stone or off the board.
const BLOCK: u8 = 2;

/// The cells of one line around a point, the point itself at [`CENTRE`].
type Line = [u8; LEN];

/// A shape the rules may forbid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Two or more open (real) threes made by one move.
    DoubleThree,
    /// Two or more fours made by one move.
    DoubleFour,
    /// A row of six or more.
    Overline,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        })
    }
}

/// The board as seen by the colour judged, plus stones placed by the search.
#[derive(Clone, Copy)]
pub(crate) struct Stones<'a> {
    cells: &'a [u8],
    own: u8,
    placed: Option<&'a Placed<'a>>,
}

/// A stone placed by the search: one link of a chain on the stack.
struct Placed<'a> {
    at: usize,
    next: Option<&'a Placed<'a>>,
}

impl<'a> Stones<'a> {
    /// The board `cells` judged for the colour whose cell value is `own`.
    pub fn new(cells: &'a [u8], own: u8) -> Stones<'a> {
        Stones {
            cells,
            own,
            placed: None,
        }
    }

    fn get(&self, i: usize) -> u8 {
        let mut link = self.placed;
        while let Some(p) = link {
            if p.at == i {
                return OWN;
            }
            link = p.next;
        }
        match self.cells[i] {
            EMPTY => OPEN,
            c if c == self.own => OWN,
            _ => BLOCK,
        }
    }

    /// The line through `at` along step `d`, with an `own` stone on `at`.
    fn line(&self, at: usize, d: isize) -> Line {
        let mut line = [BLOCK; LEN];
        line[REACH] = OWN;
        for sign in [1, -1] {
            let mut j = at;
            for k in 1..=REACH {
                j = j.wrapping_add_signed(sign * d);
                if self.cells[j] == EDGE {
                    break;
                }
                line[(CENTRE + sign * k as isize) as usize] = self.get(j);
            }
        }
        line
    }

    /// The four lines through `at`, with an `own` stone on `at` (it need not be placed: the line's
    /// centre is `OWN` whatever the board holds).
    fn lines(&self, layout: &Layout, at: usize) -> [Line; LINES] {
        std::array::from_fn(|k| self.line(at, layout.dirs[k]))
    }
}

#[inline]
fn at(l: &Line, i: isize) -> u8 {
    if (0..LEN as isize).contains(&i) {
        l[i as usize]
    } else {
        BLOCK
    }
}

/// The first and last index of the run of `OWN` through `i` (which must be `OWN`).
fn run_span(l: &Line, i: isize) -> (isize, isize) {
    let (mut lo, mut hi) = (i, i);
    while at(l, lo - 1) == OWN {
        lo -= 1;
    }
    while at(l, hi + 1) == OWN {
        hi += 1;
    }
    (lo, hi)
}

fn run_len(l: &Line, i: isize) -> u32 {
    let (lo, hi) = run_span(l, i);
    (hi - lo + 1) as u32
}

/// Whether an `own` stone on the open cell `q` makes a five.
fn completes(l: &Line, q: isize, profile: Profile) -> bool {
    if at(l, q) != OPEN {
        return false;
    }
    let mut t = *l;
    t[q as usize] = OWN;
    profile.wins(run_len(&t, q))
}

/// Fours through the centre: one for each end of the centre's run where one more stone makes a five,
/// except that a run of four open at both ends (a straight four) is one four, not two. (A four's
/// completion must touch the run through the centre, so there are at most two.)
fn fours(l: &Line, profile: Profile) -> u32 {
    let (lo, hi) = run_span(l, CENTRE);
    let n = completes(l, lo - 1, profile) as u32 + completes(l, hi + 1, profile) as u32;
    if hi - lo == 3 && n == 2 {
        1
    } else {
        n
    }
}

/// Whether the run through the centre is a straight four containing `q`: four stones, each end an
/// open point where one more stone makes a five.
fn straight_four_through(l: &Line, q: isize, profile: Profile) -> bool {
    let (lo, hi) = run_span(l, CENTRE);
    hi - lo == 3
        && (lo..=hi).contains(&q)
        && completes(l, lo - 1, profile)
        && completes(l, hi + 1, profile)
}

/// Up to six offsets from the centre whose stone would turn the line into a straight four through the
/// centre: the candidate completions of a three.
fn three_completions(l: &Line, profile: Profile) -> ([isize; 6], usize) {
    let mut out = ([0isize; 6], 0);
    // The straight four holds the centre, the completion and two more stones within three cells.
    if l[REACH - 3..=REACH + 3]
        .iter()
        .filter(|&&c| c == OWN)
        .count()
        < 3
    {
        return out;
    }
    for q in CENTRE - 3..=CENTRE + 3 {
        if q == CENTRE || at(l, q) != OPEN {
            continue;
        }
        let mut t = *l;
        t[q as usize] = OWN;
        if straight_four_through(&t, q, profile) {
            out.0[out.1] = q - CENTRE;
            out.1 += 1;
        }
    }
    out
}

/// What a move makes, as far as the forbidden-move rules care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A five: it wins, whatever else it makes.
    Five,
    /// A forbidden shape and no five.
    Foul(Foul),
    /// Neither.
    Fine,
}

/// Judges an `own` stone on the empty padded index `at`.
pub(crate) fn judge(layout: &Layout, stones: Stones<'_>, at: usize, profile: Profile) -> Verdict {
    let link = Placed {
        at,
        next: stones.placed,
    };
    let placed = Stones {
        placed: Some(&link),
        ..stones
    };
    let lines = placed.lines(layout, at);
    if lines.iter().any(|l| profile.wins(run_len(l, CENTRE))) {
        return Verdict::Five;
    }
    if profile.double_four && lines.iter().map(|l| fours(l, profile)).sum::<u32>() >= 2 {
        return Verdict::Foul(Foul::DoubleFour);
    }
    if profile.double_three && real_threes(layout, placed, at, &lines, profile) >= 2 {
        return Verdict::Foul(Foul::DoubleThree);
    }
    if profile.overline_forbidden
        && lines
            .iter()
            .any(|l| profile.goal().is_overline(run_len(l, CENTRE)))
    {
        return Verdict::Foul(Foul::Overline);
    }
    Verdict::Fine
}

/// Lines through `at` holding a real three (counting stops at two). `placed` has the stone on `at`.
fn real_threes(
    layout: &Layout,
    placed: Stones<'_>,
    at: usize,
    lines: &[Line; LINES],
    profile: Profile,
) -> u32 {
    let candidates: [([isize; 6], usize); LINES] =
        std::array::from_fn(|k| three_completions(&lines[k], profile));
    let mut left = candidates.iter().filter(|c| c.1 > 0).count() as u32;
    let mut threes = 0;
    for (k, (offsets, n)) in candidates.iter().enumerate() {
        if threes >= 2 || threes + left < 2 {
            break;
        }
        if *n == 0 {
            continue;
        }
        left -= 1;
        let d = layout.dirs[k];
        let real = offsets[..*n].iter().any(|&off| {
            let q = at.wrapping_add_signed(off * d);
            judge(layout, placed, q, profile) == Verdict::Fine
        });
        threes += real as u32;
    }
    threes
}

/// What an `own` stone on the empty padded index `at` would make, for a player's evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Made {
    /// It makes a five.
    pub five: bool,
    /// Lines on which it makes a straight four.
    pub straight_fours: u32,
    /// Fours it makes (a straight four counts once).
    pub fours: u32,
}

impl Made {
    /// It makes a straight four or a double four: two fives at once, which one stone cannot stop.
    pub fn four_that_wins(&self) -> bool {
        self.straight_fours > 0 || self.fours >= 2
    }
}

/// What an `own` stone on `at` would make (no recursion: threes are not judged here).
pub(crate) fn made(layout: &Layout, stones: Stones<'_>, at: usize, profile: Profile) -> Made {
    let mut m = Made::default();
    for l in stones.lines(layout, at) {
        m.five |= profile.wins(run_len(&l, CENTRE));
        m.straight_fours += straight_four_through(&l, CENTRE, profile) as u32;
        m.fours += fours(&l, profile);
    }
    m
}

/// Lines on which an `own` stone on `at` makes a three: one more stone there would make a straight
/// four through `at` (no recursion: whether that stone would be forbidden is not judged).
pub(crate) fn threes(layout: &Layout, stones: Stones<'_>, at: usize, profile: Profile) -> u32 {
    stones
        .lines(layout, at)
        .iter()
        .filter(|l| three_completions(l, profile).1 > 0)
        .count() as u32
}

/// For an `own` stone on padded index `i`: per number of `own` stones (the new one included, 1 to 5), how many
/// five-cell windows through `i` hold that many and no opponent stone or edge. Windows next to another
/// `own` stone are left out when an overline would not win (their five would be six).
pub(crate) fn windows(layout: &Layout, stones: Stones<'_>, i: usize, profile: Profile) -> [u32; 6] {
    let mut counts = [0; 6];
    for l in stones.lines(layout, i) {
        for s in CENTRE - 4..=CENTRE {
            let window = &l[s as usize..s as usize + 5];
            let beside = at(&l, s - 1) == OWN || at(&l, s + 5) == OWN;
            if window.contains(&BLOCK) || (beside && !profile.overline_wins) {
                continue;
            }
            counts[window.iter().filter(|&&c| c == OWN).count()] += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 13 cells, the centre the 7th: `x` own, `o` blocked, `.` open, `#` the (own) centre.
    fn line(s: &str) -> Line {
        assert!(
            s.len() == LEN && s.as_bytes()[REACH] == b'#',
            "bad test line {s}"
        );
        let mut l = [BLOCK; LEN];
        for (i, c) in s.chars().enumerate() {
            l[i] = match c {
                'x' | '#' => OWN,
                '.' => OPEN,
                _ => BLOCK,
            };
        }
        l
    }

    const EXACT: Profile = Profile {
        overline_wins: false,
        overline_forbidden: true,
        double_three: true,
        double_four: true,
    };
    const FREE: Profile = Profile {
        overline_wins: true,
        overline_forbidden: false,
        double_three: false,
        double_four: false,
    };

    #[test]
    fn fours_in_one_line() {
        assert_eq!(fours(&line("....x.#xx...."), EXACT), 1);
        assert_eq!(fours(&line("...x.x#x.x..."), EXACT), 2);
        assert_eq!(fours(&line("....xx#x....."), EXACT), 1);
        assert_eq!(fours(&line("...xx.#x.xx.."), EXACT), 2);
        assert_eq!(fours(&line("...x.x#x....."), EXACT), 1);
        assert_eq!(fours(&line("..x.xx#x....."), EXACT), 1);
        // Both completions would make six: no four under exactly five, one four when overlines win.
        assert_eq!(fours(&line("..x.xx#x.x..."), EXACT), 0);
        assert_eq!(fours(&line("..x.xx#x.x..."), FREE), 1);
        assert_eq!(fours(&line("....ox#xo...."), EXACT), 0);
    }

    #[test]
    fn threes_need_a_straight_four() {
        assert_eq!(three_completions(&line(".....x#x....."), EXACT).1, 2);
        assert_eq!(three_completions(&line("...o.x#x....."), EXACT).1, 1);
        // Blocked at one end with no room: no three.
        assert_eq!(three_completions(&line("....ox#x....."), EXACT).1, 0);
        assert_eq!(three_completions(&line("....ox#xo...."), EXACT).1, 0);
        // Every straight four it could become would make an overline at its completion.
        assert_eq!(three_completions(&line("..x..x#x..x.."), EXACT).1, 0);
        assert_eq!(three_completions(&line("..x..x#x..x.."), FREE).1, 2);
        // Split threes: the gap makes the straight four.
        assert_eq!(three_completions(&line("....x.#x....."), EXACT).1, 1);
        assert_eq!(three_completions(&line("...x.x#......"), EXACT).1, 1);
        // Against the edge (the line ends at the o): no room for a straight four.
        assert_eq!(three_completions(&line("ooooox#x....."), EXACT).1, 0);
        assert_eq!(three_completions(&line("oooo.x#x....."), EXACT).1, 1);
    }
}
