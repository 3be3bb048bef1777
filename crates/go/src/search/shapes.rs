//! A move predictor fitted to real games, for the tree's priors: Coulom's generalised Bradley-Terry
//! model ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007). Each candidate point
//! has one feature of each group ([`GROUP_NAMES`]) — its 3×3 shape, what it does for chains in
//! atari, whether it gives atari or is one, how far it is from the last stone and from the one
//! before, its line — and a strength, the product of its features' gammas; its probability is its
//! strength over the sum of every candidate's.
//!
//! The gammas ship in `shapes.txt`, written by `fit-go-shapes` (`src/bin/fit-go-shapes.rs`) from
//! the games in `tests/data` with [`fit`](super::shapes_fit::fit).

use super::patterns;
use super::tactics;
use crate::board::ChainBoard;
use crate::game::{GoGame, GoMove};
use std::sync::OnceLock;
use stones_core::{Colour, Point, Topology};

/// The feature groups, in the order of a [`Features`] array:
/// - `shape`: the 3×3 neighbourhood, colours seen from the mover, the least of its eight
///   symmetries (2 bits a cell: empty, own, the opponent's, off the board); written as a picture,
///   rows joined by `/`, `X` own, `O` the opponent's, `#` off the board, `*` the point;
/// - `capture`: what it does for chains in atari ([`CAPTURE_NAMES`]);
/// - `atari`: atari given or self-atari ([`ATARI_NAMES`]);
/// - `distance`: to the last stone played, `dx + dy + max(dx, dy)` from 2 (beside it) to 17 (or
///   more); 0 when the last move was not a stone;
/// - `line`: from 0 (the edge) to 4 (the fifth or further in);
/// - `previous`: as `distance`, to the stone played before the last one (the mover's own).
pub const GROUP_NAMES: [&str; GROUPS] =
    ["shape", "capture", "atari", "distance", "line", "previous"];

/// How many groups a point's features have.
pub const GROUPS: usize = 6;

/// One value of each group, in the order of [`GROUP_NAMES`].
pub type Features = [u16; GROUPS];

/// The values of the `capture` group, by index.
pub const CAPTURE_NAMES: [&str; 6] = [
    "none",
    "saves-by-capture",
    "takes-one",
    "takes-more",
    "escapes",
    "escape-caught",
];

/// The values of the `atari` group, by index.
pub const ATARI_NAMES: [&str; 4] = ["none", "gives-atari", "self-atari-one", "self-atari-more"];

/// How many values each group has.
pub const SIZES: [usize; GROUPS] = [1 << 16, CAPTURE_NAMES.len(), ATARI_NAMES.len(), 18, 5, 18];

/// The features of the empty point `p` for `me` to play, `recent` the last stone played and the
/// one before it (each `None` when that move was not a stone, or its stone is gone).
pub fn features(
    board: &ChainBoard,
    topo: &Topology,
    p: Point,
    me: Colour,
    recent: [Option<Point>; 2],
) -> Features {
    let (x, y) = topo.xy(p);
    let (w, h) = topo.bounding_box();
    let line = x.min(y).min(w - 1 - x).min(h - 1 - y).min(4);
    let distance = |stone: Option<Point>| {
        stone.map_or(0, |l| {
            let (lx, ly) = topo.xy(l);
            let (dx, dy) = (x.abs_diff(lx), y.abs_diff(ly));
            (dx + dy + dx.max(dy)).min(17)
        })
    };
    let code = patterns::code(board, topo, p);
    // A cell holds a stone when exactly one of its two bits is set; with none beside it, `p` takes,
    // saves, gives and is no atari (two empty neighbours at least, even in a corner).
    let (capture, atari) = match (code ^ code >> 1) & ORTHOGONAL_LOW_BITS {
        0 => (0, 0),
        _ => (capture(board, topo, p, me), atari(board, topo, p, me)),
    };
    [
        canonical(me)[code],
        capture,
        atari,
        distance(recent[0]),
        line,
        distance(recent[1]),
    ]
}

/// The last stone played and the one before it, as [`features`] takes them: `None` for a move that
/// was not a stone or a stone since taken.
pub fn recent_stones(game: &GoGame) -> [Option<Point>; 2] {
    let stone = |mv: Option<GoMove>| match mv {
        Some(GoMove::Play(p)) if game.board().get(p).is_some() => Some(p),
        _ => None,
    };
    [stone(game.last_move()), stone(game.before_last_move())]
}

/// The low bit of each orthogonal neighbour's cell in a neighbourhood code (cells 1, 3, 4 and 6 of
/// `KING_STEPS`).
const ORTHOGONAL_LOW_BITS: usize = 1 << 2 | 1 << 6 | 1 << 8 | 1 << 12;

/// The `capture` value of `p` for `me`.
fn capture(board: &ChainBoard, topo: &Topology, p: Point, me: Colour) -> u16 {
    let around = || topo.neighbours(p).iter().map(|&q| Point(q));
    if let Some(taken) = tactics::in_atari_on(board, topo, p, me.opponent()) {
        let saves = around().any(|q| {
            board.get(q) == Some(me.opponent())
                && board.atari_point(q) == Some(p)
                && board.chain_stones(q).any(|s| {
                    topo.neighbours(s).iter().any(|&r| {
                        let r = Point(r);
                        board.get(r) == Some(me) && board.atari_point(r).is_some()
                    })
                })
        });
        return match (saves, taken) {
            (true, _) => 1,
            (false, 1) => 2,
            _ => 3,
        };
    }
    match tactics::in_atari_on(board, topo, p, me) {
        Some(_) if tactics::extension_escapes(board, topo, p, me) => 4,
        Some(_) => 5,
        None => 0,
    }
}

/// The `atari` value of `p` for `me`.
fn atari(board: &ChainBoard, topo: &Topology, p: Point, me: Colour) -> u16 {
    let libs = tactics::libs_after(board, topo, p, me);
    if libs.n <= 1 {
        return if super::big_self_atari(board, topo, p, me) {
            3
        } else {
            2
        };
    }
    let gives = topo.neighbours(p).iter().any(|&q| {
        let q = Point(q);
        board.get(q) == Some(me.opponent()) && board.second_liberty(topo, q, p).is_some()
    });
    u16::from(gives)
}

/// For each colour to move, the `shape` value of every raw neighbourhood code.
fn canonical(me: Colour) -> &'static [u16] {
    static TABLES: OnceLock<[Vec<u16>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let for_black: Vec<u16> = (0..1u32 << 16).map(|c| least_symmetry(c as u16)).collect();
        let for_white = (0..1u32 << 16)
            .map(|c| for_black[swap_colours(c as u16) as usize])
            .collect();
        [for_black, for_white]
    });
    &tables[me.idx()]
}

/// `code` with black and white cells exchanged.
fn swap_colours(code: u16) -> u16 {
    (0..8).fold(0, |out, k| {
        let cell = code >> (2 * k) & 3;
        let cell = match cell {
            1 => 2,
            2 => 1,
            c => c,
        };
        out | cell << (2 * k)
    })
}

/// The least code among the eight rotations and reflections of `code`.
fn least_symmetry(code: u16) -> u16 {
    let cells = stones_core::topology::KING_STEPS;
    let index = |d: (i32, i32)| cells.iter().position(|&c| c == d).unwrap_or(0);
    // The eight symmetries of the square: (x, y) to (a·x + b·y, c·x + d·y).
    let maps: [[i32; 4]; 8] = [
        [1, 0, 0, 1],
        [0, -1, 1, 0],
        [-1, 0, 0, -1],
        [0, 1, -1, 0],
        [-1, 0, 0, 1],
        [1, 0, 0, -1],
        [0, 1, 1, 0],
        [0, -1, -1, 0],
    ];
    maps.iter()
        .map(|map| {
            (0..8).fold(0u16, |out, k| {
                let cell = code >> (2 * k) & 3;
                let (x, y) = cells[k];
                let [a, b, c, d] = *map;
                out | cell << (2 * index((a * x + b * y, c * x + d * y)))
            })
        })
        .min()
        .unwrap_or(code)
}

/// The fitted gammas, one list per group.
#[derive(Clone, Debug, PartialEq)]
pub struct Gammas(pub [Vec<f32>; GROUPS]);

impl Gammas {
    /// Every gamma 1: no knowledge.
    pub fn even() -> Gammas {
        Gammas(SIZES.map(|n| vec![1.0; n]))
    }

    /// The strength of a point with these features.
    #[inline]
    pub fn strength(&self, f: &Features) -> f32 {
        stones_core::move_predictor::strength(&self.0, f)
    }

    /// The gammas that ship with the crate.
    pub fn shipped() -> &'static Gammas {
        static SHIPPED: OnceLock<Gammas> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Gammas::parse(include_str!("shapes.txt")).expect("shapes.txt is fit-go-shapes' output")
        })
    }

    /// Reads the text [`Gammas::write`] makes: `group value gamma` a line, `#` comments. A value
    /// not listed keeps gamma 1, a shape not listed `shape other`'s.
    pub fn parse(text: &str) -> Result<Gammas, String> {
        let mut gammas = Gammas::even();
        let mut listed = vec![false; SIZES[0]];
        stones_core::move_predictor::read_gammas(text, |group, value, gamma| {
            let g = (GROUP_NAMES.iter().position(|&g| g == group)).ok_or("unknown group")?;
            let v = match (g, value) {
                (0, "other") => OTHER_SHAPES as usize,
                _ => value_index(g, value).ok_or("unknown value")?,
            };
            gammas.0[g][v] = gamma;
            if g == 0 {
                listed[v] = true;
            }
            Ok(())
        })?;
        let other = gammas.0[0][OTHER_SHAPES as usize];
        for (gamma, listed) in gammas.0[0].iter_mut().zip(listed) {
            if !listed {
                *gamma = other;
            }
        }
        Ok(gammas)
    }

    /// The text [`Gammas::parse`] reads: `shape other` and every shape whose gamma differs from
    /// it, then every other value whose gamma is not 1.
    pub fn write(&self) -> String {
        let other = self.0[0][OTHER_SHAPES as usize];
        let mut out = format!("shape other {other:.4}\n");
        for (g, name) in GROUP_NAMES.iter().enumerate() {
            let default = if g == 0 { other } else { 1.0 };
            for (v, &gamma) in self.0[g].iter().enumerate() {
                if gamma != default {
                    out += &format!("{name} {} {gamma:.4}\n", value_name(g, v));
                }
            }
        }
        out
    }
}

/// The shape value that stands for every shape too rare to fit on its own (a code no point has:
/// eight cells off the board).
pub const OTHER_SHAPES: u16 = u16::MAX;

/// The name of value `v` of group `g` in the gammas' text.
fn value_name(g: usize, v: usize) -> String {
    match g {
        0 => shape_picture(v as u16),
        1 => CAPTURE_NAMES[v].to_string(),
        2 => ATARI_NAMES[v].to_string(),
        _ => v.to_string(),
    }
}

/// The index of the value named `name` in group `g`.
fn value_index(g: usize, name: &str) -> Option<usize> {
    let v = match g {
        0 => shape_code(name)? as usize,
        1 => CAPTURE_NAMES.iter().position(|&n| n == name)?,
        2 => ATARI_NAMES.iter().position(|&n| n == name)?,
        _ => name.parse().ok()?,
    };
    (v < SIZES[g]).then_some(v)
}

/// The cells' symbols in a shape's picture, by cell state.
const SYMBOLS: [u8; 4] = [b'.', b'X', b'O', b'#'];

/// A shape code as a picture: `XO./.*./###`.
fn shape_picture(code: u16) -> String {
    let cell = |k: usize| SYMBOLS[(code >> (2 * k) & 3) as usize] as char;
    let rows = [[0, 1, 2], [3, 8, 4], [5, 6, 7]];
    let row = |r: &[usize; 3]| -> String {
        r.iter()
            .map(|&k| if k == 8 { '*' } else { cell(k) })
            .collect()
    };
    rows.iter().map(row).collect::<Vec<_>>().join("/")
}

/// The code of a shape's picture.
fn shape_code(picture: &str) -> Option<u16> {
    let b = picture.as_bytes();
    if b.len() != 11 || b[3] != b'/' || b[7] != b'/' || b[5] != b'*' {
        return None;
    }
    let at = [0, 1, 2, 4, 6, 8, 9, 10];
    at.iter().enumerate().try_fold(0u16, |code, (k, &i)| {
        let state = SYMBOLS.iter().position(|&s| s == b[i])? as u16;
        Some(code | state << (2 * k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_boards::{at, board};

    fn shape_of(rows: &[&str], x: i32, y: i32, me: Colour) -> String {
        let (b, topo) = board(rows);
        let f = features(&b, &topo, at(&topo, x, y), me, [None; 2]);
        shape_picture(f[0])
    }

    #[test]
    fn a_shape_is_the_same_in_every_orientation_and_seen_from_the_mover() {
        let hane = [".....", ".XO..", ".....", ".....", "....."];
        let turned = [".....", "...X.", "...O.", ".....", "....."];
        let swapped = [".....", ".OX..", ".....", ".....", "....."];
        let want = shape_of(&hane, 2, 2, Colour::Black);
        assert_eq!(shape_of(&turned, 2, 2, Colour::Black), want);
        assert_eq!(shape_of(&swapped, 2, 2, Colour::White), want);
        assert_ne!(shape_of(&swapped, 2, 2, Colour::Black), want);
        // The mover's own stone is `X` in the picture, whatever its colour.
        assert!(want.contains('X') && want.contains('O'), "{want}");
    }

    #[test]
    fn pictures_name_the_codes_both_ways() {
        for code in [0u16, 0x1234, 0xbeef, OTHER_SHAPES - 1] {
            assert_eq!(shape_code(&shape_picture(code)), Some(code));
        }
        let corner = shape_of(&["...", "...", "..."], 0, 0, Colour::Black);
        assert_eq!(corner, "###/#*./#..");
        assert_eq!(
            shape_code("###/#*./#.."),
            Some(shape_code(&corner).unwrap())
        );
        assert_eq!(shape_code("###/#.*/#.."), None);
        assert_eq!(shape_code("###/#*./#.Z"), None);
    }

    #[test]
    fn the_tactical_groups_read_captures_escapes_and_ataris() {
        // X to move. (1,0) takes the white stone in atari; (3,1) extends the black stone in atari
        // at (3,2) to three liberties or more; (4,1) gives atari to the white stone at (4,2).
        let rows = ["..OX.", "..X..", "..OXO", "...O.", "....."];
        let (b, topo) = board(&rows);
        let f = |x, y| features(&b, &topo, at(&topo, x, y), Colour::Black, [None; 2]);
        assert_eq!(f(1, 0)[1], 2, "takes one");
        assert_eq!(f(3, 1)[1], 4, "escapes");
        assert_eq!(f(4, 1)[2], 1, "gives atari");
        assert_eq!(f(0, 4)[1], 0);
        assert_eq!(f(0, 4)[2], 0);
        let (b, topo) = board(&[".X...", ".....", ".....", ".....", "....."]);
        let self_atari = features(&b, &topo, at(&topo, 0, 0), Colour::White, [None; 2]);
        assert_eq!(self_atari[2], 2, "a lone self-atari");
    }

    #[test]
    fn points_without_a_stone_beside_them_skip_the_reading_and_lose_nothing() {
        let rows = [
            "X.O..X.", ".OX...O", "..X.O..", "X..XO.X", ".OX....", "......O", "X.O.X..",
        ];
        let (b, topo) = board(&rows);
        let mut skipped = 0;
        for p in topo.points().filter(|&p| b.get(p).is_none()) {
            for me in [Colour::Black, Colour::White] {
                let f = features(&b, &topo, p, me, [None; 2]);
                let read = (capture(&b, &topo, p, me), atari(&b, &topo, p, me));
                assert_eq!((f[1], f[2]), read, "{:?} for {me:?}", topo.xy(p));
                let beside = topo
                    .neighbours(p)
                    .iter()
                    .any(|&q| b.get(Point(q)).is_some());
                skipped += usize::from(!beside);
            }
        }
        assert!(skipped > 0, "some points have no stone beside them");
    }

    #[test]
    fn distance_and_line_count_from_the_last_stone_and_the_edge() {
        let (b, topo) = board(&[
            ".......", ".......", ".......", "...X...", ".......", ".......", ".......",
        ]);
        let recent = [Some(at(&topo, 3, 3)), Some(at(&topo, 0, 0))];
        let f = |x, y| features(&b, &topo, at(&topo, x, y), Colour::White, recent);
        assert_eq!(f(3, 2)[3], 2, "beside");
        assert_eq!(f(2, 2)[3], 3, "diagonal");
        assert_eq!(f(3, 1)[3], 4);
        assert_eq!(f(1, 2)[3], 5, "a knight's move");
        assert_eq!(f(0, 0)[3], 9);
        assert_eq!((f(0, 3)[4], f(1, 3)[4], f(2, 3)[4]), (0, 1, 2));
        assert_eq!(
            (f(0, 1)[5], f(1, 1)[5], f(3, 3)[5]),
            (2, 3, 9),
            "from the stone before"
        );
        let none = features(&b, &topo, at(&topo, 3, 2), Colour::White, [None; 2]);
        assert_eq!((none[3], none[5]), (0, 0));
    }

    #[test]
    fn the_recent_stones_are_the_last_two_moves_while_their_stones_stand() {
        use crate::search::test_boards::{after_white, point};
        use stones_core::Game;
        let empty = ".........";
        // White's C9 is a self-atari beside Black's B9 and C8; Black takes it on D9.
        let rows = [
            ".X.......",
            "..X......",
            empty,
            empty,
            empty,
            empty,
            empty,
            empty,
            empty,
        ];
        let mut g = after_white(rows, "C9");
        let stones = |g: &GoGame, names: [Option<&str>; 2]| names.map(|n| n.map(|n| point(g, n)));
        assert_eq!(recent_stones(&g), stones(&g, [Some("C9"), None]));
        for (mv, want) in [
            ("D9", [Some("D9"), None]),
            ("E5", [Some("E5"), Some("D9")]),
            ("pass", [None, Some("E5")]),
        ] {
            let mv = g.parse_move(mv).unwrap();
            g.play(mv).unwrap();
            assert_eq!(recent_stones(&g), stones(&g, want));
        }
    }

    #[test]
    fn the_text_round_trips_and_bad_lines_are_named() {
        let text = "shape other 2.5\nshape XO./.*./... 7.0\ncapture escapes 3.25\ndistance 2 4.0\n";
        let gammas = Gammas::parse(text).unwrap();
        let hane = shape_code("XO./.*./...").unwrap() as usize;
        assert_eq!(gammas.0[0][hane], 7.0);
        assert_eq!(gammas.0[0][0], 2.5, "an unlisted shape takes `other`");
        assert_eq!(gammas.0[1][4], 3.25);
        assert_eq!(gammas.0[2][0], 1.0);
        assert_eq!(Gammas::parse(&gammas.write()).unwrap(), gammas);
        for (bad, says) in [
            ("size 2 1.0", "unknown group"),
            ("capture grabs 1.0", "unknown value"),
            ("distance 18 1.0", "unknown value"),
            ("line 1 -1", "positive"),
            ("line 1 x", "not a number"),
            ("line 1", "want"),
        ] {
            let err = Gammas::parse(bad).unwrap_err();
            assert!(err.contains(says) && err.contains("line 1"), "{bad}: {err}");
        }
    }

    #[test]
    fn the_shipped_gammas_favour_urgent_and_close_moves() {
        let g = Gammas::shipped();
        assert!(g.0[1][1] > 2.0, "saving by capture: {}", g.0[1][1]);
        assert!(g.0[1][4] > g.0[1][5], "an escape over a ladder-caught one");
        assert!(g.0[2][3] < g.0[2][0], "a big self-atari under none");
        assert!(
            g.0[3][2] > 2.0 * g.0[3][12],
            "beside the last stone over far from it"
        );
    }
}
