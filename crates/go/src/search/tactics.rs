//! Tactical reading for the playout policy and the priors: the liberties a stone would leave, and
//! whether a chain that extends out of atari is caught in a ladder. Reads on the board's public API
//! only; ladders are read on scratch boards kept per thread, so reading allocates nothing after a
//! thread's first ladder.

use crate::board::ChainBoard;
use std::cell::RefCell;
use stones_core::{Colour, Point, Topology};

/// Liberties are counted up to this many (three or more is "free" for every use here).
const CAP: usize = 3;

/// Ataris a ladder is read through; a ladder longer than this counts as escaping.
const DEPTH: usize = 12;

/// Up to `CAP` distinct liberties.
#[derive(Clone, Copy, Debug)]
pub struct Libs {
    /// How many were found (at most `CAP`: "this many or more" at the cap).
    pub n: usize,
    /// The first `n` of them.
    pub at: [Point; CAP],
}

impl Libs {
    fn new() -> Libs {
        Libs {
            n: 0,
            at: [Point(u16::MAX); CAP],
        }
    }

    /// Adds `p` unless it is known; true once full.
    #[inline]
    fn add(&mut self, p: Point) -> bool {
        if self.n < CAP && !self.at[..self.n].contains(&p) {
            self.at[self.n] = p;
            self.n += 1;
        }
        self.n == CAP
    }

    fn full(&self) -> bool {
        self.n == CAP
    }
}

/// Adds the empty neighbours of the chain through `stone` other than `skip` to `libs`.
fn add_chain_libs(board: &ChainBoard, topo: &Topology, stone: Point, skip: Point, libs: &mut Libs) {
    for s in board.chain_stones(stone) {
        for &q in topo.neighbours(s) {
            let q = Point(q);
            if q != skip && board.get(q).is_none() && libs.add(q) {
                return;
            }
        }
    }
}

/// The liberties (up to three) of the chain a `c` stone on empty `p` would make, after what it
/// captures: `p`'s empty neighbours, those of the own chains it joins, and the captured stones that
/// touch the new chain.
pub fn libs_after(board: &ChainBoard, topo: &Topology, p: Point, c: Colour) -> Libs {
    let mut libs = Libs::new();
    let mut heads = [Point(u16::MAX); 6];
    let mut n_heads = 0;
    for &q in topo.neighbours(p) {
        let q = Point(q);
        match board.get(q) {
            None => {
                libs.add(q);
            }
            Some(o) if o == c => {
                let h = board.chain(q);
                if !heads[..n_heads].contains(&h) {
                    heads[n_heads] = h;
                    n_heads += 1;
                }
            }
            Some(_) => {}
        }
    }
    for &h in &heads[..n_heads] {
        if libs.full() {
            return libs;
        }
        add_chain_libs(board, topo, h, p, &mut libs);
    }
    // Captured stones next to the new chain become its liberties.
    for &q in topo.neighbours(p) {
        let q = Point(q);
        if libs.full() {
            break;
        }
        if board.get(q) == Some(c.opponent()) && board.atari_point(q) == Some(p) {
            for s in board.chain_stones(q) {
                let touches = topo.neighbours(s).iter().any(|&r| {
                    r == p.0
                        || (board.get(Point(r)) == Some(c)
                            && heads.contains(&board.chain(Point(r))))
                });
                if touches && libs.add(s) {
                    break;
                }
            }
        }
    }
    libs
}

/// The size of the largest chain of `c` beside the empty point `p` whose last liberty is `p`.
pub fn in_atari_on(board: &ChainBoard, topo: &Topology, p: Point, c: Colour) -> Option<u32> {
    topo.neighbours(p)
        .iter()
        .map(|&q| Point(q))
        .filter(|&q| board.get(q) == Some(c) && board.atari_point(q) == Some(p))
        .map(|q| board.chain_size(q))
        .max()
}

/// The largest enemy chain in atari that touches the chain through `stone`: its liberty and size.
pub fn counter_capture(board: &ChainBoard, topo: &Topology, stone: Point) -> Option<(Point, u32)> {
    let enemy = board.get(stone)?.opponent();
    let mut best: Option<(Point, u32)> = None;
    for s in board.chain_stones(stone) {
        for &q in topo.neighbours(s) {
            let q = Point(q);
            if board.get(q) == Some(enemy) {
                if let Some(a) = board.atari_point(q) {
                    let size = board.chain_size(q);
                    if best.is_none_or(|(_, b)| size > b) {
                        best = Some((a, size));
                    }
                }
            }
        }
    }
    best
}

/// The vital point of a three-point eye space beside `last`: an empty region of exactly three points
/// touching `last`, bounded by stones of `last`'s colour only (and the edge). A stone on the point
/// that touches the other two (the middle of a straight three, the corner of a bent one) leaves the
/// group one eye; the reply for the group's opponent.
pub fn nakade_point(board: &ChainBoard, topo: &Topology, last: Point) -> Option<Point> {
    let owner = board.get(last)?;
    for &e in topo.neighbours(last) {
        let e = Point(e);
        // A point of a three-point region has one or two empty neighbours: most points (and
        // every one-point eye) are out after one load.
        if board.get(e).is_some() || !(1..=2).contains(&board.empty_neighbours(e)) {
            continue;
        }
        let mut region = [e; 4];
        let mut n = 1;
        let mut i = 0;
        let mut closed = true;
        while i < n && closed {
            if board.empty_neighbours(region[i]) > 2 {
                closed = false;
                break;
            }
            for &q in topo.neighbours(region[i]) {
                let q = Point(q);
                match board.get(q) {
                    None if !region[..n].contains(&q) => {
                        if n == 3 {
                            closed = false;
                            break;
                        }
                        region[n] = q;
                        n += 1;
                    }
                    Some(c) if c != owner => {
                        closed = false;
                        break;
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        if !closed || n != 3 {
            continue;
        }
        let inside = |p: Point| {
            topo.neighbours(p)
                .iter()
                .filter(|&&q| region[..3].contains(&Point(q)))
                .count()
        };
        if let Some(&vital) = region[..3].iter().find(|&&p| inside(p) == 2) {
            return Some(vital);
        }
    }
    None
}

thread_local! {
    /// Scratch boards for ladder reading, one a level.
    static SCRATCH: RefCell<Vec<ChainBoard>> = const { RefCell::new(Vec::new()) };
}

/// Whether `c` saves its chain in atari on `a` by playing `a`: the chain then has three liberties or
/// more, or two and no run of ataris (a ladder) catches it. A chain that can take an enemy chain in
/// atari beside it, or a ladder longer than the reader looks, counts as escaping.
pub fn extension_escapes(board: &ChainBoard, topo: &Topology, a: Point, c: Colour) -> bool {
    let libs = libs_after(board, topo, a, c);
    match libs.n {
        0 | 1 => false,
        2 => !ladder_catches(board, topo, a, c, [libs.at[0], libs.at[1]]),
        _ => true,
    }
}

/// Whether, after `c` extends on `a` to the two liberties `libs`, the opponent catches the chain in a
/// ladder.
fn ladder_catches(
    board: &ChainBoard,
    topo: &Topology,
    a: Point,
    c: Colour,
    libs: [Point; 2],
) -> bool {
    SCRATCH.with(|scratch| {
        let Ok(mut boards) = scratch.try_borrow_mut() else {
            return false;
        };
        while boards.len() < DEPTH {
            boards.push(ChainBoard::new(topo));
        }
        caught(board, &mut boards, topo, a, c, libs)
    })
}

/// The ladder read: `c` extends on `a` on `board` (a chain of `c` in atari there) to the two
/// liberties `libs`; the opponent tries an atari on each; caught when one leaves `c` no escape.
/// `boards` are scratch, one a level: each try is played on a fresh copy, the extension and the atari
/// together.
fn caught(
    board: &ChainBoard,
    boards: &mut [ChainBoard],
    topo: &Topology,
    a: Point,
    c: Colour,
    libs: [Point; 2],
) -> bool {
    let [att, deeper @ ..] = boards else {
        return false;
    };
    let enemy = c.opponent();
    for (k, &x) in libs.iter().enumerate() {
        att.clone_from(board);
        att.play(topo, a, c);
        // After the extension the chain may take an enemy chain in atari beside it and get out.
        if k == 0 && counter_capture(att, topo, a).is_some() {
            return false;
        }
        if att.is_suicide(topo, x, enemy) {
            continue;
        }
        att.play(topo, x, enemy);
        let Some(next) = att.atari_point(a) else {
            continue;
        };
        // The attacking stone itself in atari, or another chain: the chain takes it and is out.
        if counter_capture(att, topo, a).is_some() {
            continue;
        }
        let more = libs_after(att, topo, next, c);
        match more.n {
            0 | 1 => return true,
            2 if caught(att, deeper, topo, next, c, [more.at[0], more.at[1]]) => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_boards::{at, board};

    #[test]
    fn liberties_after_a_stone_count_joined_chains_and_captures() {
        let (b, topo) = board(&[".....", ".XO..", "XO...", ".....", "....."]);
        // Black on (1,0) joins X (1,1): liberties (0,0), (2,0) and (0,1).
        let l = libs_after(&b, &topo, at(&topo, 1, 0), Colour::Black);
        assert_eq!(l.n, 3);
        // White on (2,2) joins both O stones: (3,2), (2,3), (1,3), (2,0)... at least three.
        assert_eq!(libs_after(&b, &topo, at(&topo, 2, 2), Colour::White).n, 3);
        // Black on (0,1) in the corner takes O (0,0): its liberties are (0,2) and the taken point.
        let (b, topo) = board(&["OX...", ".O...", ".....", ".....", "....."]);
        let l = libs_after(&b, &topo, at(&topo, 0, 1), Colour::Black);
        assert_eq!(l.n, 2);
        assert!(l.at[..2].contains(&at(&topo, 0, 0)));
        assert!(l.at[..2].contains(&at(&topo, 0, 2)));
    }

    /// The ladder start: O (3,3) in atari on (4,3), X round it; extending leaves two liberties.
    const LADDER: [&str; 9] = [
        ".........",
        ".........",
        "...X.....",
        "..XO.....",
        "...XX....",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    #[test]
    fn a_ladder_with_nothing_in_its_way_catches_the_chain() {
        let (b, topo) = board(&LADDER);
        let a = at(&topo, 4, 3);
        assert_eq!(b.atari_point(at(&topo, 3, 3)), Some(a));
        assert_eq!(libs_after(&b, &topo, a, Colour::White).n, 2);
        assert!(!extension_escapes(&b, &topo, a, Colour::White));
        // An O stone away from the path changes nothing.
        let mut rows = LADDER;
        rows[7] = ".O.....O.";
        let (b, topo) = board(&rows);
        assert!(!extension_escapes(&b, &topo, a, Colour::White));
    }

    #[test]
    fn a_ladder_breaker_on_its_path_lets_the_chain_escape() {
        // On the ladder's path to the upper edge, beside it, and beside the first extension.
        for (x, y) in [(6, 1), (4, 0), (5, 4)] {
            let mut rows = LADDER.map(String::from);
            rows[y].replace_range(x..x + 1, "O");
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let (b, topo) = board(&rows);
            assert!(
                extension_escapes(&b, &topo, at(&topo, 4, 3), Colour::White),
                "breaker at {x},{y}"
            );
        }
    }

    #[test]
    fn the_vital_point_of_a_three_point_eye_space_is_found() {
        // O encloses a straight three on the lower edge; its middle is the point.
        let (b, topo) = board(&[".........", "..OOOOO..", "..O...O.."]);
        assert_eq!(
            nakade_point(&b, &topo, at(&topo, 6, 2)),
            Some(at(&topo, 4, 2))
        );
        // A bent three in the corner: the corner point.
        let (b, topo) = board(&["..O......", ".O.......", "O........"]);
        assert_eq!(
            nakade_point(&b, &topo, at(&topo, 1, 1)),
            Some(at(&topo, 0, 0))
        );
        // A space of four, or one an X stone touches, has none.
        let (b, topo) = board(&["...O.....", ".OO......", "O........"]);
        assert_eq!(nakade_point(&b, &topo, at(&topo, 1, 1)), None);
        let (b, topo) = board(&["..O......", ".O.......", "X........"]);
        assert_eq!(nakade_point(&b, &topo, at(&topo, 1, 1)), None);
    }

    #[test]
    fn room_to_run_is_an_escape_and_a_dead_end_is_not() {
        // O at (4,4) in atari on (4,5) with open space below: extending gives three liberties.
        let (b, topo) = board(&[
            ".........",
            ".........",
            ".........",
            "....X....",
            "...XOX...",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert!(extension_escapes(&b, &topo, at(&topo, 4, 5), Colour::White));
        // O on the edge at (4,8) in atari on (4,7)... with X all round the extension: one liberty.
        let (b, topo) = board(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "...X.X...",
            "...XOX...",
            "....X....",
        ]);
        let a = at(&topo, 4, 6);
        assert_eq!(b.atari_point(at(&topo, 4, 7)), Some(a));
        assert!(!extension_escapes(&b, &topo, a, Colour::White));
    }

    #[test]
    fn the_largest_enemy_chain_in_atari_beside_a_chain_is_the_counter_capture() {
        // X stone (2,2) touches O (2,1) alone in atari on (2,0)? and O pair (3,2),(4,2) in atari on (5,2).
        let (b, topo) = board(&[".XOX...", ".XOX.X.", "..XOOX.", "...XX..", "......."]);
        let got = counter_capture(&b, &topo, at(&topo, 2, 2));
        assert_eq!(b.chain_size(at(&topo, 3, 2)), 2);
        assert_eq!(got, Some((b.atari_point(at(&topo, 3, 2)).unwrap(), 2)));
    }
}
