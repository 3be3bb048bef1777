//! A move predictor for the tree's priors ([`stones_core::move_predictor`]), fitted by
//! `fit-hex-shapes` (`src/bin/fit-hex-shapes.rs`) to the games in `tests/data`; the gammas ship in
//! `shapes.txt`. Each empty cell has one value of each group ([`GROUP_NAMES`]):
//! - `shape`: the twelve cells around it — its six neighbours, then the six cells a bridge away —
//!   seen from the mover: empty, the mover's stone or side, the opponent's stone or side, or past
//!   a corner; White's board is read transposed, so that the mover's sides are always top and
//!   bottom, and a shape is the lesser code of itself and its half turn. Written as twelve symbols
//!   in that order: `.` empty, `X` the mover's, `O` the opponent's, `#` past a corner;
//! - `last`: where the last stone is: 1 beside the cell, 2 a bridge away, 3 two cells along a
//!   line, 0 farther or none;
//! - `save`: 1 when the cell saves a bridge or an edge template of the mover's that the last stone
//!   cut into (as the playouts save it).

use crate::game::{HexGame, EMPTY};
use crate::Move;
use std::collections::HashMap;
use std::sync::OnceLock;
use stones_core::move_predictor::{self, Contests};
use stones_core::{Colour, Game, Point, Status};

/// The feature groups, in the order of [`Features`].
pub const GROUP_NAMES: [&str; GROUPS] = ["shape", "last", "save"];

/// How many groups a cell's features have.
pub const GROUPS: usize = 3;

/// How many values the `last` and `save` groups have.
const LAST_VALUES: usize = 4;
const SAVE_VALUES: usize = 2;

/// The six neighbours in circular order, then the six cells a bridge away (neighbours `k` and
/// `k + 1` summed): a half turn maps entry `k` of each six to entry `k + 3`.
const AROUND: [(i32, i32); 12] = [
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
    (1, 1),
    (-1, 2),
    (-2, 1),
    (-1, -1),
    (1, -2),
    (2, -1),
];

/// A cell's state in a shape code (two bits each).
const EMPTY_CELL: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
const CORNER: u32 = 3;

/// The symbols of a shape's picture, by cell state.
const SYMBOLS: [char; 4] = ['.', 'X', 'O', '#'];

/// A candidate's shape code (two bits a cell, in the module doc's order), its `last` and its
/// `save` value.
pub type Features = (u32, u16, u16);

/// The raw shape code of `p` for `me`, before the half turn.
fn raw_shape(game: &HexGame, p: Point, me: Colour) -> u32 {
    let (x, y) = game.topo.xy(p);
    let (w, h) = game.topo.bounding_box();
    let (x, y) = (x as i32, y as i32);
    AROUND.iter().enumerate().fold(0, |code, (k, &(dx, dy))| {
        // White reads the board transposed: its sides (left and right) become top and bottom.
        let (dx, dy) = if me == Colour::White {
            (dy, dx)
        } else {
            (dx, dy)
        };
        let (nx, ny) = (x + dx, y + dy);
        let (off_x, off_y) = (nx < 0 || nx >= w as i32, ny < 0 || ny >= h as i32);
        let state = match (off_x, off_y) {
            (true, true) => CORNER,
            // Black's sides are top and bottom (off in y), White's left and right.
            (false, true) => side_state(Colour::Black, me),
            (true, false) => side_state(Colour::White, me),
            (false, false) => match game.cells[(ny * w as i32 + nx) as usize] {
                EMPTY => EMPTY_CELL,
                v if v == me.idx() as u8 + 1 => MINE,
                _ => THEIRS,
            },
        };
        code | state << (2 * k)
    })
}

fn side_state(owner: Colour, me: Colour) -> u32 {
    if owner == me {
        MINE
    } else {
        THEIRS
    }
}

/// `code` turned half round.
fn half_turn(code: u32) -> u32 {
    (0..12).fold(0, |out, k| {
        let turned = k / 6 * 6 + (k % 6 + 3) % 6;
        out | (code >> (2 * k) & 3) << (2 * turned)
    })
}

/// The `last` value of `p`, the last stone on `last`.
fn last_value(game: &HexGame, p: Point, last: Option<Point>) -> u16 {
    let Some(l) = last else { return 0 };
    let ((x, y), (lx, ly)) = (game.topo.xy(p), game.topo.xy(l));
    let d = (lx as i32 - x as i32, ly as i32 - y as i32);
    match AROUND.iter().position(|&a| a == d) {
        Some(k) if k < 6 => 1,
        Some(_) => 2,
        None if AROUND[..6].iter().any(|&(ax, ay)| (2 * ax, 2 * ay) == d) => 3,
        None => 0,
    }
}

/// What the candidates of one position share: the mover, the last stone and the cells that save
/// what it cut.
pub struct Candidates<'a> {
    game: &'a HexGame,
    me: Colour,
    last: Option<Point>,
    saves: [Option<Point>; 6],
}

impl<'a> Candidates<'a> {
    /// The candidates of `game`'s position, for the player to move.
    pub fn new(game: &'a HexGame) -> Candidates<'a> {
        let me = game.to_move();
        let last = match game.turns.last() {
            Some(Move::Place(p)) => Some(p),
            _ => None,
        };
        let mut saves = [None; 6];
        if let Some(l) = last {
            for (slot, q) in saves.iter_mut().zip(game.bridge_replies(l, me)) {
                *slot = Some(q);
            }
        }
        Candidates {
            game,
            me,
            last,
            saves,
        }
    }

    /// Whether the empty cell `p` saves a bridge or an edge template of the mover's that the last
    /// stone cut into.
    pub fn saves(&self, p: Point) -> bool {
        self.saves.contains(&Some(p))
    }

    /// The features of the empty cell `p`.
    pub fn features(&self, p: Point) -> Features {
        let raw = raw_shape(self.game, p, self.me);
        let last = last_value(self.game, p, self.last);
        (raw.min(half_turn(raw)), last, u16::from(self.saves(p)))
    }
}

/// The fitted gammas: per shape code (a shape not listed has `other`'s), and per value of `last`
/// and `save`.
#[derive(Clone, Debug, PartialEq)]
pub struct Gammas {
    shapes: HashMap<u32, f32>,
    other: f32,
    last: [f32; LAST_VALUES],
    save: [f32; SAVE_VALUES],
}

impl Gammas {
    /// Every gamma 1: no knowledge.
    pub fn even() -> Gammas {
        Gammas {
            shapes: HashMap::new(),
            other: 1.0,
            last: [1.0; LAST_VALUES],
            save: [1.0; SAVE_VALUES],
        }
    }

    /// The strength of a cell with these features.
    pub fn strength(&self, f: Features) -> f32 {
        let shape = self.shapes.get(&f.0).copied().unwrap_or(self.other);
        shape * self.last[f.1 as usize] * self.save[f.2 as usize]
    }

    /// The gammas that ship with the crate.
    pub fn shipped() -> &'static Gammas {
        static SHIPPED: OnceLock<Gammas> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Gammas::parse(include_str!("shapes.txt")).expect("shapes.txt is fit-hex-shapes' output")
        })
    }

    /// Reads the text [`Gammas::write`] makes: `group value gamma` a line, `#` comments.
    pub fn parse(text: &str) -> Result<Gammas, String> {
        let mut gammas = Gammas::even();
        move_predictor::read_gammas(text, |group, value, gamma| {
            let index = |n: usize| value.parse::<usize>().ok().filter(|&v| v < n);
            match group {
                "shape" if value == "other" => gammas.other = gamma,
                "shape" => {
                    let code = shape_code(value).ok_or("not a shape")?;
                    gammas.shapes.insert(code, gamma);
                }
                "last" => gammas.last[index(LAST_VALUES).ok_or("unknown value")?] = gamma,
                "save" => gammas.save[index(SAVE_VALUES).ok_or("unknown value")?] = gamma,
                _ => return Err("unknown group"),
            }
            Ok(())
        })?;
        Ok(gammas)
    }

    /// The text [`Gammas::parse`] reads: `shape other`, every listed shape by code, then `last`
    /// and `save`.
    pub fn write(&self) -> String {
        let mut out = format!("shape other {:.4}\n", self.other);
        let mut shapes: Vec<(&u32, &f32)> = self.shapes.iter().collect();
        shapes.sort_by_key(|&(&code, _)| code);
        for (&code, gamma) in shapes {
            out += &format!("shape {} {gamma:.4}\n", shape_picture(code));
        }
        for (name, values) in [("last", &self.last[..]), ("save", &self.save[..])] {
            for (v, gamma) in values.iter().enumerate() {
                out += &format!("{name} {v} {gamma:.4}\n");
            }
        }
        out
    }
}

/// A shape code as its twelve symbols.
fn shape_picture(code: u32) -> String {
    (0..12)
        .map(|k| SYMBOLS[(code >> (2 * k) & 3) as usize])
        .collect()
}

/// The code of a shape's twelve symbols.
fn shape_code(picture: &str) -> Option<u32> {
    let cells: Vec<char> = picture.chars().collect();
    if cells.len() != 12 {
        return None;
    }
    cells.iter().enumerate().try_fold(0, |code, (k, c)| {
        let state = SYMBOLS.iter().position(|s| s == c)? as u32;
        Some(code | state << (2 * k))
    })
}

/// Shapes seen among fewer candidates than this share one gamma (`shape other`).
pub const RARE: u32 = 30;

/// The positions to fit, shapes numbered densely as they come.
#[derive(Default)]
pub struct Samples {
    contests: Contests<GROUPS>,
    /// The shape codes by number, and the number of each.
    codes: Vec<u32>,
    numbers: HashMap<u32, u16>,
}

impl Samples {
    /// No positions yet.
    pub fn new() -> Samples {
        Samples::default()
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.contests.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.contests.is_empty()
    }

    /// Adds `game`'s position with `played` the cell its mover chose; the candidates are every
    /// empty cell. False, nothing added, when `played` is not empty, the game is over or its
    /// shapes have outgrown the fit's numbering.
    pub fn add(&mut self, game: &HexGame, played: Point) -> bool {
        if game.cells.get(played.idx()) != Some(&EMPTY) || game.status() != Status::Ongoing {
            return false;
        }
        let position = Candidates::new(game);
        let others = (0..game.cells.len())
            .filter(|&i| game.cells[i] == EMPTY && i != played.idx())
            .map(|i| position.features(Point(i as u16)));
        let all: Vec<Features> = std::iter::once(position.features(played))
            .chain(others)
            .collect();
        let mut numbered = Vec::with_capacity(all.len());
        for (code, last, save) in all {
            let next = self.codes.len();
            let n = *self.numbers.entry(code).or_insert(next as u16);
            if n as usize == next {
                if next >= u16::MAX as usize {
                    return false;
                }
                self.codes.push(code);
            }
            numbered.push([n, last, save]);
        }
        self.contests
            .push(numbered[0], numbered[1..].iter().copied());
        true
    }
}

/// Fits gammas to `samples` in `rounds` rounds; `report` hears the mean log-likelihood of the
/// move played and how often it is rated highest after each round. Shapes seen among fewer than
/// [`RARE`] candidates share `shape other`.
pub fn fit(mut samples: Samples, rounds: usize, report: impl FnMut(usize, (f64, f64))) -> Gammas {
    let other = samples.codes.len();
    let seen = samples.contests.pool(0, other + 1, RARE, other as u16);
    let sizes = [other + 1, LAST_VALUES, SAVE_VALUES];
    let [shapes, last, save] = move_predictor::fit(&samples.contests, sizes, rounds, report);
    Gammas {
        shapes: (samples.codes.iter().enumerate())
            .filter(|&(n, _)| seen[n] >= RARE)
            .map(|(n, &code)| (code, shapes[n]))
            .collect(),
        other: shapes[other],
        last: [last[0], last[1], last[2], last[3]],
        save: [save[0], save[1]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::game;

    /// The features of the empty cell `p` for the player to move.
    fn features(game: &HexGame, p: Point) -> Features {
        Candidates::new(game).features(p)
    }

    fn at(g: &HexGame, s: &str) -> Point {
        g.topology().parse_point(s).unwrap()
    }

    #[test]
    fn a_shape_reads_the_mover_its_sides_and_a_half_turn() {
        let g = game(&[]);
        // Black at a1: b1 and a2 empty, White's side (left) at two neighbours, Black's (top) at
        // two, b2 a bridge away, the corner past both.
        let a1 = raw_shape(&g, at(&g, "a1"), Colour::Black);
        assert_eq!(shape_picture(a1), "..OOXX.OO#XX");
        assert_eq!(shape_code(&shape_picture(a1)), Some(a1));
        // White reads the board transposed: its own side (left) lies where Black's top does.
        assert_eq!(raw_shape(&g, at(&g, "a1"), Colour::White), a1);
        // The far corner is the same shape turned half round.
        let k11 = raw_shape(&g, at(&g, "k11"), Colour::Black);
        assert_eq!(shape_picture(k11), "OXX..O#XX.OO");
        assert_eq!(half_turn(k11), a1);
        assert_eq!(features(&g, at(&g, "a1")).0, features(&g, at(&g, "k11")).0);
        // Stones: the mover's X, the opponent's O.
        let g = game(&["b1", "a2"]);
        assert_eq!(
            shape_picture(raw_shape(&g, at(&g, "a1"), Colour::Black)),
            "XOOOXX.OO#XX"
        );
    }

    #[test]
    fn last_and_save_are_seen() {
        // Black's f6 and g4 bridge over f5 and g5; White cuts at f5: g5 saves it.
        let g = game(&["f6", "a1", "g4", "f5"]);
        assert_eq!(features(&g, at(&g, "g5")).2, 1);
        assert_eq!(features(&g, at(&g, "e5")).2, 0);
        assert_eq!(features(&g, at(&g, "g5")).1, 1, "g5 is beside f5");
        assert_eq!(features(&g, at(&g, "e4")).1, 2, "a bridge away");
        assert_eq!(features(&g, at(&g, "h5")).1, 3, "two along a line");
        assert_eq!(features(&g, at(&g, "b2")).1, 0);
    }

    #[test]
    fn a_fit_learns_the_save_and_its_text_reads_back() {
        let mut samples = Samples::new();
        for _ in 0..30 {
            let g = game(&["f6", "a1", "g4", "f5"]);
            assert!(samples.add(&g, at(&g, "g5")));
        }
        let g = game(&["f6"]);
        assert!(!samples.add(&g, at(&g, "f6")), "an occupied cell");
        let gammas = fit(samples, 4, |_, _| {});
        assert!(gammas.save[1] > 10.0 * gammas.save[0], "{:?}", gammas.save);
        assert_eq!(
            Gammas::parse(&gammas.write()).unwrap().write(),
            gammas.write()
        );
        assert!(Gammas::parse("shape XX 1.0").is_err());
        assert!(Gammas::parse("save 2 1.0").is_err());
        assert!(Gammas::parse("last 1 -1").is_err());
    }

    #[test]
    fn the_shipped_gammas_read() {
        let g = Gammas::shipped();
        assert!(!g.shapes.is_empty());
    }
}
