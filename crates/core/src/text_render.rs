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
//! Each [`Shape`] has one arm in [`sheet`], a function that says on which text line and column each
//! point is drawn and where the coordinate labels go (a [`Sheet`]). The rest of the picture (symbols,
//! brackets one column either side of a point, colours, legend) is drawn the same for every shape.
//! A new shape is one more arm: write `fn my_shape(topo) -> Sheet` placing each point so that its
//! neighbours look adjacent and leaving one free column either side of each point for brackets,
//! put the labels (take their text from [`Topology::name`] through [`column_name`] and
//! [`row_name`], so that the picture speaks the notation `parse_point` reads), and add
//! `Shape::MyShape { .. } => my_shape(topo)` to [`sheet`].

use crate::colour::Colour;
use crate::paint;
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
    pub const EMPTY: Glyph = Glyph {
        symbol: '.',
        paint: paint::EMPTY,
    };
    /// An empty star point (hoshi): `+`, dim.
    pub const STAR: Glyph = Glyph {
        symbol: '+',
        paint: paint::EMPTY,
    };

    /// A stone: `X` Black, `O` White, bold in its player's colour.
    pub fn stone(c: Colour) -> Glyph {
        Glyph {
            symbol: match c {
                Colour::Black => 'X',
                Colour::White => 'O',
            },
            paint: paint::stone(c),
        }
    }

    /// A stone marked dead: `x` or `o`, in its player's colour.
    pub fn dead(c: Colour) -> Glyph {
        let live = Glyph::stone(c);
        Glyph {
            symbol: live.symbol.to_ascii_lowercase(),
            ..live
        }
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
    pub const ROUND: Brackets = Brackets {
        open: '(',
        close: ')',
        paint: None,
    };
    /// `[ ]`, unpainted: the last dot in Dots.
    pub const SQUARE: Brackets = Brackets {
        open: '[',
        close: ']',
        paint: None,
    };

    /// The same brackets in `paint`.
    pub const fn in_paint(self, paint: &'static str) -> Brackets {
        Brackets {
            paint: Some(paint),
            ..self
        }
    }
}

/// How a square grid is spaced. The default is Go's: `  9 . . . 9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareLayout {
    /// Text columns from one point to the next, at least 2: 2 (`. . .`; neighbours share the column
    /// between them) or 3 (` .  .  . `; each point has its own bracket columns, `[X][X]`).
    pub pitch: usize,
    /// Width of the left row numbers' field (right-aligned); the right numbers start one pitch past
    /// the last point.
    pub number_width: usize,
    /// Blank columns between the left row numbers and the first point's bracket column.
    pub indent: usize,
}

impl Default for SquareLayout {
    fn default() -> SquareLayout {
        SquareLayout {
            pitch: 2,
            number_width: 3,
            indent: 0,
        }
    }
}

/// What a game adds to the bare picture of its stones. The default adds nothing: a game gets a
/// correct picture with coordinates without filling any of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextDecorations {
    /// Spacing on square grids (other shapes have one layout each).
    pub layout: SquareLayout,
    /// Symbols other than [`Glyph::plain`]; a later entry for the same point wins.
    pub glyphs: Vec<(Point, Glyph)>,
    /// Brackets around points; a later entry for the same point wins.
    pub brackets: Vec<(Point, Brackets)>,
    /// Lines printed under the board (legend, captures, the last move when it was no point).
    pub legend: Vec<String>,
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
    for label in &sheet.labels {
        for (i, ch) in label.text.chars().enumerate() {
            canvas.put(label.line, label.column + i, ch, None);
        }
    }
    let mut glyphs: Vec<Glyph> = topo.points().map(|p| Glyph::plain(stone(p))).collect();
    for &(p, g) in &deco.glyphs {
        glyphs[p.idx()] = g;
    }
    for p in topo.points() {
        let (line, column) = sheet.at[p.idx()];
        let g = glyphs[p.idx()];
        canvas.put(line, column, g.symbol, Some(g.paint));
    }
    let mut brackets: Vec<Option<Brackets>> = vec![None; topo.len()];
    for &(p, b) in &deco.brackets {
        brackets[p.idx()] = Some(b);
    }
    // Each bracket claims the column beside its point; a column claimed twice stays blank.
    let mut claims: BTreeMap<(usize, usize), Option<Painted>> = BTreeMap::new();
    for p in topo.points() {
        let Some(b) = brackets[p.idx()] else {
            continue;
        };
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
pub struct Sheet {
    /// Per point, its text line and column (the column is never 0: brackets go either side).
    pub at: Vec<(usize, usize)>,
    /// The coordinates around the board.
    pub labels: Vec<Label>,
}

/// A coordinate label: `text` starting at `column` of `line`.
pub struct Label {
    pub line: usize,
    pub column: usize,
    pub text: String,
}

/// The sheet of `topo`'s shape: one arm per [`Shape`] (see the module's documentation).
pub fn sheet(topo: &Topology, layout: SquareLayout) -> Sheet {
    match topo.shape() {
        Shape::Square { width, height, .. } => square(topo, width, height, layout),
        Shape::Hex { side } => hexagon(topo, side),
    }
}

/// A square grid: column letters above and below (stacked one character a line when they are wider
/// than the space between points), row numbers left and right, one pitch beyond the edge points.
fn square(topo: &Topology, width: u16, height: u16, layout: SquareLayout) -> Sheet {
    let SquareLayout {
        number_width,
        indent,
        ..
    } = layout;
    let pitch = layout.pitch.max(2);
    let (w, h) = (width as usize, height as usize);
    let point = |x: usize, y: usize| topo.at(x as i32, y as i32).unwrap_or(Point(0));
    let letters: Vec<String> = (0..w).map(|x| column_name(topo, point(x, 0))).collect();
    let longest = letters.iter().map(String::len).max().unwrap_or(1);
    let stacked = longest > pitch - 1;
    let header = if stacked { longest } else { 1 };
    let first = number_width + indent + pitch - 1;
    let column = |x: usize| first + pitch * x;
    let mut labels = Vec::new();
    for top in [0, header + h] {
        for (x, name) in letters.iter().enumerate() {
            if stacked {
                for (i, ch) in name.chars().enumerate() {
                    let line = top + header - name.len() + i;
                    labels.push(label(line, column(x), ch.to_string()));
                }
            } else {
                labels.push(label(top, column(x) + 1 - name.len(), name.clone()));
            }
        }
    }
    for y in 0..h {
        let number = row_name(topo, point(0, y));
        labels.push(label(header + y, 0, format!("{number:>number_width$}")));
        labels.push(label(header + y, column(w), number));
    }
    let at = topo
        .points()
        .map(|p| {
            let (x, y) = topo.xy(p);
            (header + y as usize, column(x as usize))
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
        labels.extend(letter(x, 0).map(|l| label(0, column(x, -1), l)));
    }
    for x in n - 1..span {
        let bottom = (span + 1) as usize;
        labels.extend(letter(x, span - 1).map(|l| label(bottom, column(x, span), l)));
    }
    let ends = (4 * n + 5) as usize;
    for y in 0..span {
        let first = topo.at((y - n + 1).max(0), y);
        let last = topo.at((y + n - 1).min(span - 1), y);
        let (Some(a), Some(b)) = (first, last) else {
            continue;
        };
        let line = (y + 1) as usize;
        labels.push(label(line, 0, format!("{:>2}", row_name(topo, a))));
        let text = format!("{}–{}", topo.name(a), topo.name(b));
        labels.push(label(line, ends, text));
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

fn label(line: usize, column: usize, text: String) -> Label {
    Label { line, column, text }
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
