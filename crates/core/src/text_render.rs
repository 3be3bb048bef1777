//! The text picture of a board on any [`Topology`]: coordinates on every side in the board's own
//! notation, one symbol per point, brackets around marked points (the last move, a winning row), and
//! legend lines under the board; ANSI colours from [`crate::paint`] when asked.
//!
//! A game supplies only its [`TextDecorations`]: symbols that differ from the plain stone or empty
//! point (star points, dead stones, captured dots, enclosed areas, a first-move zone, blocked
//! points), [`Brackets`] around points, and its legend. Everything else — where points and
//! coordinates go, shared brackets, colour runs, trimming — is here, once.
//!
//! # Shapes
//!
//! Each [`Shape`] has one arm in the private `sheet`, a function that says on which text line and
//! column each point is drawn and where the coordinate labels go. The rest of the picture (symbols,
//! brackets one column either side of a point, colours, legend) is drawn the same for every shape.
//!
//! A shape without an arm of its own is drawn on its `(x, y)` bounding box, row by row, like a
//! square grid; [`GridLayout::shear`] shifts each row right of the one above, which is the usual
//! picture of a rhombus of hexagonal cells (Hex): such a game needs only its decorations. A shape
//! whose picture differs more (the hexagon: offset rows, letters only where its lines end) is one
//! more arm:
//!
//! 1. write `fn my_shape(topo: &Topology, ..) -> Sheet`, placing each point (never in column 0) so
//!    that its neighbours look adjacent with a free column either side for brackets, and the labels
//!    clear of the points and those columns, taking their text from [`column_name`] and
//!    [`row_name`] so that the picture speaks the notation [`Topology::parse_point`] reads;
//! 2. add `Shape::MyShape { .. } => my_shape(topo, ..)` to `sheet`, above the `_` arm;
//! 3. add a board of the new shape to the test `every_shape_places_each_point_apart_from_the_others_and_the_labels`
//!    and pin one small picture, as `the_hexagon_…` does.

use crate::colour::Colour;
use crate::paint;
use crate::svg::Decorations;
use crate::topology::{Point, Shape, Topology};
use std::collections::BTreeMap;

/// The symbol drawn on one point and its paint (an ANSI code, used only in colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    pub symbol: char,
    pub paint: &'static str,
}

impl Glyph {
    /// An empty point: `.`, dim.
    pub const EMPTY: Glyph = Glyph::new('.', paint::EMPTY);
    /// An empty star point (hoshi): `+`, dim.
    pub const STAR: Glyph = Glyph::new('+', paint::EMPTY);

    /// `symbol` in `paint`.
    pub const fn new(symbol: char, paint: &'static str) -> Glyph {
        Glyph { symbol, paint }
    }

    /// A stone: `X` Black, `O` White, bold in its player's colour.
    pub fn stone(c: Colour) -> Glyph {
        let symbol = if c == Colour::Black { 'X' } else { 'O' };
        Glyph::new(symbol, paint::stone(c))
    }

    /// A stone marked dead: `x` or `o`, in its player's colour.
    pub fn dead(c: Colour) -> Glyph {
        let live = Glyph::stone(c);
        Glyph::new(live.symbol.to_ascii_lowercase(), live.paint)
    }

    /// What a point shows with no decoration: its stone, or `.`.
    pub fn plain(stone: Option<Colour>) -> Glyph {
        stone.map_or(Glyph::EMPTY, Glyph::stone)
    }

    /// The same symbol in `paint` (a winning row's stones).
    pub fn in_paint(self, paint: &'static str) -> Glyph {
        Glyph { paint, ..self }
    }
}

/// Brackets either side of a point. Where two bracketed points are one column apart (side by side
/// on a pitch-2 grid, or on the hexagon) they share the column between them and leave it blank:
/// `(X X)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brackets {
    pub open: char,
    pub close: char,
    /// The brackets' own paint; `None` leaves them unpainted.
    pub paint: Option<&'static str>,
}

impl Brackets {
    /// `( )`, unpainted: the last move in Go and TriGo.
    pub const ROUND: Brackets = Brackets::new('(', ')');
    /// `[ ]`, unpainted: the last dot in Dots.
    pub const SQUARE: Brackets = Brackets::new('[', ']');

    /// Unpainted brackets.
    pub const fn new(open: char, close: char) -> Brackets {
        let paint = None;
        Brackets { open, close, paint }
    }

    /// The same brackets in `paint`.
    pub const fn in_paint(self, paint: &'static str) -> Brackets {
        Brackets {
            paint: Some(paint),
            ..self
        }
    }
}

/// A winning row's brackets: `[ ]` painted [`paint::ROW`].
const ROW_BRACKETS: Brackets = Brackets::SQUARE.in_paint(paint::ROW);

/// How a grid drawn on its `(x, y)` box (square grids, and shapes without an arm of their own) is
/// spaced. The default is Go's: `  9 . . . 9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLayout {
    /// Text columns from one point to the next, at least 2: 2 (`. . .`; neighbours share the column
    /// between them) or 3 (` .  .  . `; each point has its own bracket columns, `[X][X]`).
    pub pitch: usize,
    /// Width of the left row numbers' field (right-aligned); the right numbers start one pitch past
    /// the last point.
    pub number_width: usize,
    /// Blank columns between the left row numbers and the first point's bracket column.
    pub indent: usize,
    /// Columns each row is drawn right of the one above: 0 for square grids; 1 draws a rhombus of
    /// hexagonal cells (Hex, as HexGui does) so that all six neighbours of a cell look adjacent.
    pub shear: usize,
    /// Whether the row numbers are drawn on the right too (a compact picture leaves them out).
    pub right_numbers: bool,
}

impl Default for GridLayout {
    fn default() -> GridLayout {
        GridLayout {
            pitch: 2,
            number_width: 3,
            indent: 0,
            shear: 0,
            right_numbers: true,
        }
    }
}

impl GridLayout {
    /// Three columns a point and two-digit row numbers (` 9  .  . [X][X]`), where each point has its
    /// own bracket columns: the n-in-a-row games (Gomoku, Connect6), whose winning rows are framed.
    pub const ROWS: GridLayout = GridLayout {
        pitch: 3,
        number_width: 2,
        indent: 0,
        shear: 0,
        right_numbers: true,
    };

    /// A narrow square grid: two columns a point, the row numbers (two digits) on the left only;
    /// 39 points and their numbers take 80 columns, a bracket right of the last column one more
    /// (Dots' compact picture names its last dot in the legend instead).
    pub const COMPACT: GridLayout = GridLayout {
        pitch: 2,
        number_width: 2,
        indent: 0,
        shear: 0,
        right_numbers: false,
    };

    /// The usual layout of a shape: the default, sheared one column a row for the rhombus.
    pub fn for_shape(shape: Shape) -> GridLayout {
        let shear = usize::from(matches!(shape, Shape::Rhombus { .. }));
        GridLayout {
            shear,
            ..GridLayout::default()
        }
    }
}

/// The decorations every game's picture starts from: the facts of its SVG decorations
/// ([`TextDecorations::from_svg`], the last move in `( )` painted [`paint::MARK`]) on its shape's
/// usual layout. [`crate::Game::render`]'s default draws exactly these.
pub fn game_decorations<G: crate::Game>(game: &G) -> TextDecorations {
    let last = Brackets::ROUND.in_paint(paint::MARK);
    let mut deco = TextDecorations::from_svg(&game.decorations(), |p| game.stone(p), last);
    deco.layout = GridLayout::for_shape(game.topology().shape());
    deco
}

/// What a game adds to the bare picture of its stones. The default adds nothing: a game gets a
/// correct picture with coordinates without filling any of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextDecorations {
    /// Spacing of grids drawn on their `(x, y)` box (the hexagon has a layout of its own).
    pub layout: GridLayout,
    /// Symbols other than [`Glyph::plain`]; a later entry for the same point wins.
    pub glyphs: Vec<(Point, Glyph)>,
    /// Brackets around points; a later entry for the same point wins.
    pub brackets: Vec<(Point, Brackets)>,
    /// Lines printed under the board (legend, captures, the last move when it was no point).
    pub legend: Vec<String>,
}

impl TextDecorations {
    /// The text looks of the facts an SVG picture's [`Decorations`] hold: `last` around the last
    /// move's points, dead stones in lower case, a winning row in `[ ]` painted [`paint::ROW`]. Star
    /// points, territory, enclosures and marks look different in each game's text and are left to it.
    pub fn from_svg(
        facts: &Decorations,
        stone: impl Fn(Point) -> Option<Colour>,
        last: Brackets,
    ) -> TextDecorations {
        let dead = facts
            .dead
            .iter()
            .filter_map(|&p| Some((p, Glyph::dead(stone(p)?))));
        let row =
            (facts.highlight.iter()).map(|&p| (p, Glyph::plain(stone(p)).in_paint(paint::ROW)));
        let framed = facts.highlight.iter().map(|&p| (p, ROW_BRACKETS));
        TextDecorations {
            glyphs: dead.chain(row).collect(),
            brackets: facts
                .last
                .iter()
                .map(|&p| (p, last))
                .chain(framed)
                .collect(),
            ..TextDecorations::default()
        }
    }
}

/// The legend line of captures: `captures: black 2, white 0`.
pub fn captures_line([black, white]: [u32; 2]) -> String {
    format!("captures: black {black}, white {white}")
}

/// The text picture of a position: `stone(p)` says what stands on each point, `deco` what the game
/// adds; `colour` paints it with ANSI codes. Lines end without trailing blanks.
pub fn render(
    topo: &Topology,
    stone: impl Fn(Point) -> Option<Colour>,
    deco: &TextDecorations,
    colour: bool,
) -> String {
    let sheet = sheet(topo, deco.layout);
    let mut canvas = Canvas::default();
    for Label(line, column, text) in &sheet.labels {
        for (i, ch) in text.chars().enumerate() {
            canvas.put(*line, column + i, ch, None);
        }
    }
    let plain = topo.points().map(|p| (p, Glyph::plain(stone(p))));
    for (p, g) in plain.chain(deco.glyphs.iter().copied()) {
        let (line, column) = sheet.at[p.idx()];
        canvas.put(line, column, g.symbol, Some(g.paint));
    }
    // One pair a point, the last given; each bracket claims the column beside its point, and a
    // column claimed twice stays blank.
    let brackets: BTreeMap<Point, Brackets> = deco.brackets.iter().copied().collect();
    let mut claims: BTreeMap<(usize, usize), Option<Painted>> = BTreeMap::new();
    for (p, b) in brackets {
        let (line, column) = sheet.at[p.idx()];
        for (at, ch) in [((line, column - 1), b.open), ((line, column + 1), b.close)] {
            claims
                .entry(at)
                .and_modify(|c| *c = None)
                .or_insert(Some((ch, b.paint)));
        }
    }
    for ((line, column), claim) in claims {
        let (ch, paint) = claim.unwrap_or((' ', None));
        canvas.put(line, column, ch, paint);
    }
    let mut out = canvas.text(colour);
    for line in &deco.legend {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The letters of `p`'s name: the label of its column (`D` of `D4`, `c` of `c5`).
pub fn column_name(topo: &Topology, p: Point) -> String {
    topo.name(p)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

/// The number of `p`'s name: the label of its row (`4` of `D4`).
pub fn row_name(topo: &Topology, p: Point) -> String {
    topo.name(p)
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .to_string()
}

/// Where one shape draws its points and coordinates.
struct Sheet {
    /// Per point, its text line and column (the column is never 0: brackets go either side).
    at: Vec<(usize, usize)>,
    /// The coordinates around the board.
    labels: Vec<Label>,
}

/// A coordinate label: its text starting at a column of a line.
struct Label(usize, usize, String);

/// The sheet of `topo`'s shape: one arm per [`Shape`] (see the module's documentation).
fn sheet(topo: &Topology, layout: GridLayout) -> Sheet {
    match topo.shape() {
        Shape::Hex { side } => hexagon(topo, side),
        // Square grids, and any shape without an arm of its own: its (x, y) box, row by row.
        _ => grid(topo, layout),
    }
}

/// The bounding box of `(x, y)`, row by row (each `shear` columns right of the one above): column
/// letters above and below (stacked one character a line when they are wider than the space between
/// points), row numbers left and right, one pitch beyond the edge points.
fn grid(topo: &Topology, layout: GridLayout) -> Sheet {
    let GridLayout {
        number_width,
        indent,
        shear,
        ..
    } = layout;
    let pitch = layout.pitch.max(2);
    let (w, h) = topo.bounding_box();
    let (w, h) = (w as usize, h as usize);
    let at = |x: usize, y: usize| topo.at(x as i32, y as i32);
    let letters: Vec<Option<String>> = (0..w)
        .map(|x| (0..h).find_map(|y| at(x, y)).map(|p| column_name(topo, p)))
        .collect();
    let longest = letters.iter().flatten().map(String::len).max().unwrap_or(1);
    let stacked = longest > pitch - 1;
    let header = if stacked { longest } else { 1 };
    let first = number_width + indent + pitch - 1;
    let column = |x: usize, y: usize| first + pitch * x + shear * y;
    let mut labels = Vec::new();
    for (top, y) in [(0, 0), (header + h, h - 1)] {
        for (x, name) in letters.iter().enumerate() {
            let Some(name) = name else { continue };
            if stacked {
                for (i, ch) in name.chars().enumerate() {
                    let line = top + header - name.len() + i;
                    labels.push(Label(line, column(x, y), ch.to_string()));
                }
            } else {
                labels.push(Label(top, column(x, y) + 1 - name.len(), name.clone()));
            }
        }
    }
    for y in 0..h {
        let Some(p) = (0..w).find_map(|x| at(x, y)) else {
            continue;
        };
        let number = row_name(topo, p);
        labels.push(Label(header + y, 0, format!("{number:>number_width$}")));
        if layout.right_numbers {
            labels.push(Label(header + y, column(w, y), number));
        }
    }
    let at = topo
        .points()
        .map(|p| {
            let (x, y) = topo.xy(p);
            (header + y as usize, column(x as usize, y as usize))
        })
        .collect();
    Sheet { at, labels }
}

/// The hexagon: rows offset so that all six neighbours of a point look adjacent, letters of the
/// lines of equal `x` above the top row and below the bottom row (never inside a row, where a letter
/// would look like a point), row numbers on the left and each row's first and last point on the
/// right.
///
/// Point `(x, y)` is drawn on line `y + 1`, column `2x − y + side + 4`, so `(x ± 1, y)` sit two
/// columns left and right, `(x, y + 1)` lower left, `(x + 1, y + 1)` lower right.
fn hexagon(topo: &Topology, side: u16) -> Sheet {
    let n = side as i32;
    let span = 2 * n - 1;
    let column = |x: i32, y: i32| (2 * x - y + n + 4) as usize;
    let mut labels = Vec::new();
    let letter = |x: i32, y: i32| topo.at(x, y).map(|p| column_name(topo, p));
    for x in 0..n {
        labels.extend(letter(x, 0).map(|l| Label(0, column(x, -1), l)));
    }
    for x in n - 1..span {
        let bottom = (span + 1) as usize;
        labels.extend(letter(x, span - 1).map(|l| Label(bottom, column(x, span), l)));
    }
    let ends = (4 * n + 5) as usize;
    for y in 0..span {
        let first = topo.at((y - n + 1).max(0), y);
        let last = topo.at((y + n - 1).min(span - 1), y);
        let (Some(a), Some(b)) = (first, last) else {
            continue;
        };
        let line = (y + 1) as usize;
        labels.push(Label(line, 0, format!("{:>2}", row_name(topo, a))));
        let text = format!("{}–{}", topo.name(a), topo.name(b));
        labels.push(Label(line, ends, text));
    }
    let at = topo
        .points()
        .map(|p| {
            let (x, y) = topo.xy(p);
            ((y + 1) as usize, column(x as i32, y as i32))
        })
        .collect();
    Sheet { at, labels }
}

/// A character and its paint, if any.
type Painted = (char, Option<&'static str>);

/// Lines of characters, each with its paint, written anywhere and printed trimmed.
#[derive(Default)]
struct Canvas {
    lines: Vec<Vec<Painted>>,
}

impl Canvas {
    fn put(&mut self, line: usize, column: usize, ch: char, paint: Option<&'static str>) {
        if self.lines.len() <= line {
            self.lines.resize(line + 1, Vec::new());
        }
        let row = &mut self.lines[line];
        if row.len() <= column {
            row.resize(column + 1, (' ', None));
        }
        row[column] = (ch, paint);
    }

    /// The lines, trailing blanks cut; with `colour`, each run of characters in one paint is
    /// painted once.
    fn text(&self, colour: bool) -> String {
        let mut out = String::new();
        for row in &self.lines {
            let end = row
                .iter()
                .rposition(|&c| c != (' ', None))
                .map_or(0, |i| i + 1);
            let mut run: Option<&str> = None;
            for &(ch, paint) in &row[..end] {
                let paint = paint.filter(|_| colour);
                if paint != run {
                    if run.is_some() {
                        out.push_str(paint::RESET);
                    }
                    if let Some(p) = paint {
                        out.push_str(p);
                    }
                    run = paint;
                }
                out.push(ch);
            }
            if run.is_some() {
                out.push_str(paint::RESET);
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paint::{MARK, ROW};
    use crate::topology::Adjacency;

    fn grid(w: u16, h: u16) -> Topology {
        Topology::square(w, h, Adjacency::Orthogonal)
    }

    fn point(topo: &Topology, name: &str) -> Point {
        topo.parse_point(name).unwrap()
    }

    /// `stones` names the Black and the White points.
    fn stones<'a>(
        topo: &'a Topology,
        black: &'a [&str],
        white: &'a [&str],
    ) -> impl Fn(Point) -> Option<Colour> + 'a {
        move |p| {
            let name = topo.name(p);
            if black.contains(&name.as_str()) {
                Some(Colour::Black)
            } else if white.contains(&name.as_str()) {
                Some(Colour::White)
            } else {
                None
            }
        }
    }

    #[test]
    fn a_square_grid_has_coordinates_on_every_side_and_brackets_on_the_edges() {
        let topo = grid(5, 3);
        let deco = TextDecorations {
            glyphs: vec![
                (point(&topo, "C2"), Glyph::dead(Colour::White)),
                (point(&topo, "C2"), Glyph::STAR),
            ],
            brackets: vec![
                (point(&topo, "E3"), Brackets::SQUARE),
                (point(&topo, "A1"), Brackets::ROUND),
                (point(&topo, "E3"), Brackets::ROUND),
            ],
            legend: vec![captures_line([2, 0]), "second line".into()],
            ..TextDecorations::default()
        };
        let picture = render(&topo, stones(&topo, &["A1"], &["E3"]), &deco, false);
        let expected = "    A B C D E
  3 . . . .(O)3
  2 . . + . . 2
  1(X). . . . 1
    A B C D E
captures: black 2, white 0
second line
";
        assert_eq!(picture, expected);
    }

    #[test]
    fn neighbours_share_a_bracket_column_at_pitch_two_and_not_at_pitch_three() {
        let topo = grid(3, 1);
        let both = ["A1", "B1"].map(|n| (point(&topo, n), Brackets::ROUND));
        let mut deco = TextDecorations {
            brackets: both.to_vec(),
            ..TextDecorations::default()
        };
        let stone = stones(&topo, &["A1"], &["B1"]);
        assert_eq!(
            render(&topo, &stone, &deco, false),
            "    A B C\n  1(X O). 1\n    A B C\n"
        );
        deco.layout = GridLayout {
            pitch: 3,
            number_width: 2,
            indent: 0,
            shear: 0,
            right_numbers: true,
        };
        assert_eq!(
            render(&topo, &stone, &deco, false),
            "    A  B  C\n 1 (X)(O) .  1\n    A  B  C\n"
        );
    }

    #[test]
    fn two_letter_columns_stack_when_they_are_wider_than_the_space_between_points() {
        let topo = grid(27, 1);
        let mut deco = TextDecorations::default();
        deco.layout.indent = 1;
        let picture = render(&topo, |_| None, &deco, false);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 2 + 1 + 2);
        // AA and AB: first letters on the first line, last letters under them.
        assert_eq!(lines[0], format!("{}A A", " ".repeat(5 + 2 * 25)));
        assert!(lines[1].starts_with("     A B C") && lines[1].ends_with("Y Z A B"));
        assert_eq!(lines[2].len(), lines[1].len() + 2, "{}", lines[2]);
        assert_eq!(&lines[3..], &lines[..2]);
        deco.layout.pitch = 3;
        let picture = render(&topo, |_| None, &deco, false);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].ends_with(" Y  Z AA AB"), "{}", lines[0]);
    }

    #[test]
    fn a_sheared_grid_draws_each_row_one_column_right_of_the_one_above() {
        let topo = grid(3, 2);
        let deco = TextDecorations {
            layout: GridLayout {
                pitch: 2,
                number_width: 2,
                indent: 1,
                shear: 1,
                right_numbers: true,
            },
            brackets: vec![(point(&topo, "C1"), Brackets::ROUND)],
            ..TextDecorations::default()
        };
        let picture = render(&topo, stones(&topo, &["C1"], &[]), &deco, false);
        let expected = "    A B C
 2  . . . 2
 1   . .(X)1
     A B C
";
        assert_eq!(picture, expected);
    }

    #[test]
    fn the_hexagon_has_letters_above_and_below_numbers_left_and_row_ends_right() {
        let topo = Topology::hex(2);
        let deco = TextDecorations {
            brackets: ["b2", "c2"]
                .map(|n| (point(&topo, n), Brackets::ROUND))
                .to_vec(),
            ..TextDecorations::default()
        };
        let picture = render(&topo, stones(&topo, &["b2"], &["c2", "a1"]), &deco, false);
        let expected = "       a b
 1    O .    a1–b1
 2   .(X O)  a2–c2
 3    . .    b3–c3
     b c
";
        assert_eq!(picture, expected);
    }

    /// What any shape's arm must give: each point in its own place with a free column either side,
    /// labels clear of points and brackets, and names that read back as the notation.
    #[test]
    fn every_shape_places_each_point_apart_from_the_others_and_the_labels() {
        for topo in [
            grid(9, 9),
            grid(27, 3),
            grid(1, 1),
            Topology::hex(2),
            Topology::hex(7),
        ] {
            for layout in [
                GridLayout::default(),
                GridLayout {
                    pitch: 3,
                    number_width: 2,
                    indent: 1,
                    shear: 0,
                    right_numbers: true,
                },
                GridLayout {
                    shear: 1,
                    ..GridLayout::default()
                },
            ] {
                let sheet = sheet(&topo, layout);
                let mut taken = std::collections::BTreeSet::new();
                for &(line, column) in &sheet.at {
                    assert!(column > 0);
                    assert!(
                        taken.insert((line, column)),
                        "two points at {line}:{column}"
                    );
                }
                for Label(line, column, text) in &sheet.labels {
                    for c in *column..column + text.chars().count() {
                        for d in [c.wrapping_sub(1), c, c + 1] {
                            let clear = !taken.contains(&(*line, d));
                            assert!(clear, "label {text} on or beside a point");
                        }
                    }
                }
            }
            for p in topo.points() {
                let name = format!("{}{}", column_name(&topo, p), row_name(&topo, p));
                assert_eq!(topo.parse_point(&name), Ok(p));
            }
        }
    }

    #[test]
    fn colour_paints_each_run_once_and_leaves_plain_brackets_unpainted() {
        let topo = grid(3, 1);
        let (a, b) = (point(&topo, "A1"), point(&topo, "B1"));
        let deco = TextDecorations {
            glyphs: vec![(b, Glyph::stone(Colour::White).in_paint(ROW))],
            brackets: vec![(a, Brackets::ROUND), (b, Brackets::SQUARE.in_paint(ROW))],
            layout: GridLayout {
                pitch: 3,
                number_width: 2,
                indent: 0,
                shear: 0,
                right_numbers: true,
            },
            ..TextDecorations::default()
        };
        let picture = render(&topo, stones(&topo, &["A1"], &["B1"]), &deco, true);
        let row = picture.lines().nth(1).unwrap();
        assert_eq!(
            row,
            " 1 (\x1b[1;36mX\x1b[0m)\x1b[1;42m[O]\x1b[0m \x1b[2m.\x1b[0m  1"
        );
        let deco = TextDecorations {
            brackets: vec![(a, Brackets::ROUND.in_paint(MARK))],
            ..TextDecorations::default()
        };
        let picture = render(&topo, stones(&topo, &["A1"], &[]), &deco, true);
        let row = picture.lines().nth(1).unwrap();
        assert_eq!(row, "  1\x1b[1;31m(\x1b[0m\x1b[1;36mX\x1b[0m\x1b[1;31m)\x1b[0m\x1b[2m.\x1b[0m \x1b[2m.\x1b[0m 1");
        assert!(!render(&topo, |_| None, &deco, false).contains('\x1b'));
    }

    #[test]
    fn the_svg_facts_give_the_last_move_dead_stones_and_a_winning_row() {
        let topo = grid(4, 1);
        let [a, b, c, d] = ["A1", "B1", "C1", "D1"].map(|n| point(&topo, n));
        let facts = Decorations {
            last: vec![c],
            dead: vec![a, d],
            highlight: vec![b, c],
            stars: vec![d],
            ..Decorations::default()
        };
        let stone = stones(&topo, &["A1", "B1", "C1"], &[]);
        let deco = TextDecorations::from_svg(&facts, &stone, Brackets::ROUND);
        // The winning row's brackets win over the last move's; dead marks only stones; no star.
        assert_eq!(
            render(&topo, &stone, &deco, false).lines().nth(1),
            Some("  1 x[X X]. 1")
        );
        let coloured = render(&topo, &stone, &deco, true);
        let row = "\x1b[1;42m[X\x1b[0m \x1b[1;42mX]\x1b[0m";
        assert!(coloured.contains(row), "{coloured}");
    }
}
