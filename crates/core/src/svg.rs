//! An SVG picture of any position on any [`Topology`]: the grid with its coordinates, the stones (or
//! dots), and what a game adds through [`Decorations`] (last move, dead stones, territory, enclosures,
//! a winning row, star points).
//!
//! Every stone is a `<circle>` with `data-point="<name>"` and the classes `stone` and `black` or
//! `white` (plus `dead`, `last`, `captured`); every empty point is a transparent `<circle>` with
//! `data-point` and the class `empty`, so that a page can click any point. The picture holds no state
//! of its own: a position in, a string out (svgoban's idea). It stands alone (presentation attributes,
//! no style sheet), and a page may restyle it by class.

use crate::colour::Colour;
use crate::topology::{column_label, Point, Shape, Topology};
use std::fmt::Write;

/// How the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    /// Stones on the lines of a wooden board (Go, Gomoku, TriGo).
    #[default]
    Stones,
    /// Red and blue dots on squared paper (Dots).
    Dots,
}

/// A small sign on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A ko point: the square where retaking is refused now.
    Ko,
    /// A dot (or stone) taken inside an enemy enclosure.
    Captured,
    /// A point inside an enclosure of this colour's (Dots), taken dot or empty: the picture draws
    /// the enclosure's polygon for it, not a sign; a reader of [`crate::Game::marks`] learns which
    /// points nobody may play.
    Enclosed(Colour),
}

/// What a game adds to the bare picture of its stones. The default adds nothing: a new game gets a
/// correct picture without filling any of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decorations {
    pub look: Look,
    /// Points of the last move (TriGo's pair gives two).
    pub last: Vec<Point>,
    /// Stones marked dead (drawn faded and crossed).
    pub dead: Vec<Point>,
    /// Points counted for a player (empty points and dead stones' points).
    pub territory: Vec<(Point, Colour)>,
    /// Filled areas along a closed chain of points (Dots enclosures), by owner.
    pub polygons: Vec<(Colour, Vec<Point>)>,
    /// Points to highlight, joined by a line in this order (Gomoku's winning row).
    pub highlight: Vec<Point>,
    /// Star points (hoshi).
    pub stars: Vec<Point>,
    /// Signs on points.
    pub marks: Vec<(Point, Mark)>,
    /// A rectangle of points where the next move must go, shaded while it applies (Dots' first-move
    /// zone): its top-left and bottom-right points.
    pub zone: Option<(Point, Point)>,
}

/// Space between neighbouring points, in SVG units.
const STEP: f64 = 32.0;
/// Space around the points for coordinates.
const MARGIN: f64 = 40.0;

/// The SVG picture of a position: `stone(p)` says what stands on each point.
pub fn render_svg(
    topo: &Topology,
    stone: impl Fn(Point) -> Option<Colour>,
    deco: &Decorations,
) -> String {
    // A large board is shown shrunk to fit a page: its labels grow with it so as to stay readable
    // (13 units up to 19 points a side, then in proportion, up to 19: two-letter columns such as
    // `AM` still fit between their neighbours).
    let (cols, _) = topo.bounding_box();
    let font = (13.0 * f64::from(cols) / 19.0).clamp(13.0, 19.0);
    let geo = Geometry::new(topo).fitting(&labels(topo, &Geometry::new(topo)), font);
    let dots = deco.look == Look::Dots;
    let mut out = String::new();
    let (w, h) = (geo.width, geo.height);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board {}" viewBox="0 0 {w:.0} {h:.0}" width="{w:.0}" height="{h:.0}" font-family="sans-serif" font-size="{font:.0}">"#,
        if dots { "dots" } else { "stones" }
    );
    out.push('\n');
    let background = if dots { "#fbfbf7" } else { "#dcb35c" };
    let _ = writeln!(
        out,
        r#"<rect class="background" x="0" y="0" width="{w:.0}" height="{h:.0}" fill="{background}"/>"#
    );
    grid(&mut out, topo, &geo, dots);
    if let Some((from, to)) = deco.zone {
        let ((x1, y1), (x2, y2)) = (geo.at(topo, from), geo.at(topo, to));
        let half = STEP / 2.0;
        let _ = writeln!(
            out,
            r##"<rect class="zone" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#2e7d32" fill-opacity="0.12" stroke="#2e7d32" stroke-width="2" stroke-dasharray="6 4" pointer-events="none"/>"##,
            x1.min(x2) - half,
            y1.min(y2) - half,
            (x2 - x1).abs() + STEP,
            (y2 - y1).abs() + STEP
        );
    }
    sides(&mut out, topo, &geo);
    for label in labels(topo, &geo) {
        let _ = writeln!(
            out,
            r##"<text class="coord" x="{:.1}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            label.x,
            label.y,
            escape(&label.text)
        );
    }
    for &p in &deco.stars {
        let (x, y) = geo.at(topo, p);
        let _ = writeln!(
            out,
            r##"<circle class="star" cx="{x:.1}" cy="{y:.1}" r="3.5" fill="#000"/>"##
        );
    }
    for (owner, ring) in &deco.polygons {
        if ring.len() < 3 {
            continue;
        }
        let points: Vec<String> = ring
            .iter()
            .map(|&p| {
                let (x, y) = geo.at(topo, p);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let colour = dot_colour(*owner);
        let _ = writeln!(
            out,
            r#"<polygon class="enclosure {}" points="{}" fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"#,
            owner.name(),
            points.join(" ")
        );
    }
    if deco.highlight.len() > 1 {
        let (x1, y1) = geo.at(topo, deco.highlight[0]);
        let (x2, y2) = geo.at(topo, deco.highlight[deco.highlight.len() - 1]);
        let _ = writeln!(
            out,
            r##"<line class="win-line" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#d62828" stroke-width="8" stroke-linecap="round" stroke-opacity="0.6"/>"##
        );
    }
    let is = |list: &[Point], p: Point| list.contains(&p);
    let territory = |p: Point| {
        deco.territory
            .iter()
            .find(|&&(q, _)| q == p)
            .map(|&(_, c)| c)
    };
    let mark = |p: Point, m: Mark| deco.marks.contains(&(p, m));
    let radius = if dots { STEP * 0.27 } else { STEP * 0.47 };
    for p in topo.points() {
        let name = escape(&topo.name(p));
        let (x, y) = geo.at(topo, p);
        match stone(p) {
            Some(c) => {
                let mut class = format!("stone {}", c.name());
                let dead = is(&deco.dead, p);
                let last = is(&deco.last, p);
                let captured = mark(p, Mark::Captured);
                let highlighted = is(&deco.highlight, p);
                for (on, word) in [
                    (dead, "dead"),
                    (last, "last"),
                    (captured, "captured"),
                    (highlighted, "win"),
                ] {
                    if on {
                        class.push(' ');
                        class.push_str(word);
                    }
                }
                let (fill, stroke) = match (dots, c) {
                    (true, c) => (dot_colour(c), dot_colour(c)),
                    (false, Colour::Black) => ("#111", "#000"),
                    (false, Colour::White) => ("#f8f8f8", "#333"),
                };
                let opacity = if dead || captured { 0.45 } else { 1.0 };
                let _ = writeln!(
                    out,
                    r#"<circle data-point="{name}" class="{class}" cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1" fill-opacity="{opacity}"/>"#
                );
                let contrast = match c {
                    Colour::Black if !dots => "#f8f8f8",
                    _ if dots => "#fbfbf7",
                    _ => "#111",
                };
                if dead {
                    let d = radius * 0.55;
                    let _ = writeln!(
                        out,
                        r#"<path class="dead-mark" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="{contrast}" stroke-width="2.5" pointer-events="none"/>"#,
                        x - d,
                        y - d,
                        x + d,
                        y + d,
                        x - d,
                        y + d,
                        x + d,
                        y - d
                    );
                }
                if last {
                    let r = if dots { radius * 0.4 } else { radius * 0.45 };
                    let _ = writeln!(
                        out,
                        r#"<circle class="last-mark" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{contrast}" stroke-width="2" pointer-events="none"/>"#
                    );
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    r##"<circle data-point="{name}" class="empty" cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="#000" fill-opacity="0"/>"##
                );
            }
        }
        if let Some(owner) = territory(p) {
            let s = STEP * 0.28;
            let (fill, stroke) = match (dots, owner) {
                (true, c) => (dot_colour(c), dot_colour(c)),
                (false, Colour::Black) => ("#111", "#111"),
                (false, Colour::White) => ("#f8f8f8", "#333"),
            };
            let _ = writeln!(
                out,
                r#"<rect class="territory {}" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1" pointer-events="none"/>"#,
                owner.name(),
                x - s / 2.0,
                y - s / 2.0
            );
        }
        if mark(p, Mark::Ko) {
            let s = STEP * 0.4;
            let _ = writeln!(
                out,
                r##"<rect class="ko" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" fill="none" stroke="#333" stroke-width="2" pointer-events="none"/>"##,
                x - s / 2.0,
                y - s / 2.0
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Dots are red (Black) and blue (White), as in the terminal picture.
fn dot_colour(c: Colour) -> &'static str {
    match c {
        Colour::Black => "#c62828",
        Colour::White => "#1f5fbf",
    }
}

/// Where points go on the picture: point `(x, y)` is drawn at
/// `(MARGIN + left + STEP·(x + shear·y + offset), MARGIN + STEP·row·y)`.
struct Geometry {
    width: f64,
    height: f64,
    left: f64,
    /// How far the whole drawing is moved down from the top margin (room for labels above).
    top: f64,
    shear: f64,
    offset: f64,
    row: f64,
}

impl Geometry {
    fn new(topo: &Topology) -> Geometry {
        let size = |left: f64, cols: f64, rows: f64, row: f64| {
            (
                2.0 * MARGIN + left + STEP * cols,
                2.0 * MARGIN + STEP * rows * row,
            )
        };
        match topo.shape() {
            Shape::Square { width, height, .. } => {
                let (w, h) = size(0.0, width as f64 - 1.0, height as f64 - 1.0, 1.0);
                Geometry {
                    width: w,
                    height: h,
                    left: 0.0,
                    top: 0.0,
                    shear: 0.0,
                    offset: 0.0,
                    row: 1.0,
                }
            }
            Shape::Hex { side } => {
                let span = 2.0 * side as f64 - 2.0;
                let (w, h) = size(HEX_LEFT, span, span, ROW);
                let offset = (side as f64 - 1.0) / 2.0;
                Geometry {
                    width: w,
                    height: h,
                    left: HEX_LEFT,
                    top: 0.0,
                    shear: -0.5,
                    offset,
                    row: ROW,
                }
            }
            // Each row half a cell right of the one above, as HexGui draws Hex.
            Shape::Rhombus { width, height } => {
                let (cols, rows) = (width as f64 - 1.0, height as f64 - 1.0);
                let (w, h) = size(0.0, cols + rows / 2.0, rows, ROW);
                Geometry {
                    width: w,
                    height: h,
                    left: 0.0,
                    top: 0.0,
                    shear: 0.5,
                    offset: 0.0,
                    row: ROW,
                }
            }
        }
    }

    /// The centre of `(x, y)` (which need not be on the board: labels sit just outside).
    fn xy(&self, x: f64, y: f64) -> (f64, f64) {
        (
            MARGIN + self.left + STEP * (x + self.shear * y + self.offset),
            MARGIN + self.top + STEP * self.row * y,
        )
    }

    /// This geometry grown where `labels` (laid out on it, at `font`) would cross the picture's
    /// edge, by as much as they cross it and [`LABEL_PAD`] more: the drawing moves right and down
    /// for labels past the left and top edges, and the picture widens and heightens. A Hex board's
    /// row numbers at the right end of its last rows reach past the margin.
    fn fitting(mut self, labels: &[Label], font: f64) -> Geometry {
        let (mut x0, mut y0, mut x1, mut y1) = (0f64, 0f64, self.width, self.height);
        for label in labels {
            let (lx0, ly0, lx1, ly1) = label.extent(font);
            (x0, y0) = (x0.min(lx0 - LABEL_PAD), y0.min(ly0 - LABEL_PAD));
            (x1, y1) = (x1.max(lx1 + LABEL_PAD), y1.max(ly1 + LABEL_PAD));
        }
        // Whole units, so that the picture's size is printed as it is.
        let (grow_left, grow_top) = ((-x0).ceil(), (-y0).ceil());
        self.left += grow_left;
        self.top += grow_top;
        self.width = (x1 - self.width).ceil() + self.width + grow_left;
        self.height = (y1 - self.height).ceil() + self.height + grow_top;
        self
    }

    fn at(&self, topo: &Topology, p: Point) -> (f64, f64) {
        let (x, y) = topo.xy(p);
        self.xy(x as f64, y as f64)
    }
}

/// Extra room left of the hexagon for the row numbers' column.
const HEX_LEFT: f64 = 16.0;

/// Height of a hexagon row: √3/2 of the step, so that all six neighbours are one step away.
const ROW: f64 = 0.866_025_403_784_438_6;

/// The lines between neighbouring points: one path (square grids: rows and columns; the hexagon: its
/// three directions).
fn grid(out: &mut String, topo: &Topology, geo: &Geometry, dots: bool) {
    if let Shape::Rhombus { .. } = topo.shape() {
        return hex_cells(out, topo, geo);
    }
    let mut d = String::new();
    let dirs: &[(i32, i32)] = match topo.shape() {
        Shape::Square { .. } => &[(1, 0), (0, 1)],
        Shape::Hex { .. } => &[(1, 0), (0, 1), (1, 1)],
        Shape::Rhombus { .. } => &[(1, 0), (0, 1), (1, -1)],
    };
    for p in topo.points() {
        let (x, y) = topo.xy(p);
        for &(dx, dy) in dirs {
            // A line starts at the first point of its run and goes to the last.
            let (bx, by) = (x as i32 - dx, y as i32 - dy);
            if topo.at(bx, by).is_some() {
                continue;
            }
            let (mut ex, mut ey) = (x as i32, y as i32);
            while topo.at(ex + dx, ey + dy).is_some() {
                ex += dx;
                ey += dy;
            }
            if (ex, ey) == (x as i32, y as i32) {
                continue;
            }
            let (x1, y1) = geo.xy(x as f64, y as f64);
            let (x2, y2) = geo.xy(ex as f64, ey as f64);
            let _ = write!(d, "M{x1:.1},{y1:.1}L{x2:.1},{y2:.1}");
        }
    }
    let (stroke, width) = if dots {
        ("#b8cfe8", 1.0)
    } else {
        ("#3b2a10", 1.1)
    };
    let _ = writeln!(
        out,
        r#"<path class="grid" d="{d}" stroke="{stroke}" stroke-width="{width}" fill="none"/>"#
    );
}

/// Hex's board as its players know it: a hexagonal cell around each point (pointy top, one step
/// across its flats, so that neighbouring cells share an edge), in one path.
fn hex_cells(out: &mut String, topo: &Topology, geo: &Geometry) {
    let r = STEP / 3f64.sqrt();
    let mut d = String::new();
    for p in topo.points() {
        let (x, y) = geo.at(topo, p);
        for k in 0..6 {
            let a = std::f64::consts::PI / 3.0 * k as f64 - std::f64::consts::FRAC_PI_2;
            let (vx, vy) = (x + r * a.cos(), y + r * a.sin());
            let _ = write!(d, "{}{vx:.1},{vy:.1}", if k == 0 { 'M' } else { 'L' });
        }
        d.push('Z');
    }
    let _ = writeln!(
        out,
        r##"<path class="grid cells" d="{d}" fill="#e8c988" stroke="#5b4420" stroke-width="1.2" stroke-linejoin="round"/>"##
    );
}

/// Room kept between a label's text and the picture's edge.
const LABEL_PAD: f64 = 2.0;

/// A coordinate label: the middle of its baseline, and its text.
struct Label {
    x: f64,
    y: f64,
    text: String,
}

impl Label {
    /// The box its text takes at `font` units, from the widths of a sans-serif face's letters
    /// (Helvetica's and Arial's, a little over: digits 0.56 em, capitals up to 0.95), 0.75 em
    /// above the baseline and 0.25 below (`g`, `j`, `p`, `q`, `y`). As `(left, top, right,
    /// bottom)`.
    fn extent(&self, font: f64) -> (f64, f64, f64, f64) {
        let em = |c: char| match c {
            'M' | 'W' => 0.95,
            'm' | 'w' => 0.85,
            c if c.is_ascii_uppercase() => 0.75,
            _ => 0.6,
        };
        let half = font * self.text.chars().map(em).sum::<f64>() / 2.0;
        let (x, y) = (self.x, self.y);
        (x - half, y - 0.75 * font, x + half, y + 0.25 * font)
    }
}

/// Hex's sides in their players' colours: Black top and bottom, White left and right, just
/// outside the cells (a cell reaches 2/3 of a row above and below its centre).
fn sides(out: &mut String, topo: &Topology, geo: &Geometry) {
    let Shape::Rhombus { width, height } = topo.shape() else {
        return;
    };
    let (w, h, e) = (width as f64 - 1.0, height as f64 - 1.0, 0.8);
    let mut side = |colour: Colour, from: (f64, f64), to: (f64, f64)| {
        let ((x1, y1), (x2, y2)) = (geo.xy(from.0, from.1), geo.xy(to.0, to.1));
        let stroke = if colour == Colour::Black {
            "#111"
        } else {
            "#f8f8f8"
        };
        let _ = writeln!(
            out,
            r#"<line class="side {}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="5" stroke-linecap="round"/>"#,
            colour.name()
        );
    };
    side(Colour::Black, (0.0, -e), (w, -e));
    side(Colour::Black, (0.0, h + e), (w, h + e));
    side(Colour::White, (-e, 0.0), (-e, h));
    side(Colour::White, (w + e, 0.0), (w + e, h));
}

/// Coordinates around the board in the game's notation, laid out on `geo`.
fn labels(topo: &Topology, geo: &Geometry) -> Vec<Label> {
    let mut labels = Vec::new();
    // The baseline a little below the centre, so that the text's middle is about there.
    let mut label = |(x, y): (f64, f64), text: &str| {
        let (y, text) = (y + 4.5, text.to_string());
        labels.push(Label { x, y, text });
    };
    let off = 0.8;
    match topo.shape() {
        Shape::Square { width, height, .. } => {
            for x in 0..width {
                let name = column_label(x);
                label(geo.xy(x as f64, -off), &name);
                label(geo.xy(x as f64, height as f64 - 1.0 + off), &name);
            }
            for y in 0..height {
                let name = (height - y).to_string();
                label(geo.xy(-off, y as f64), &name);
                label(geo.xy(width as f64 - 1.0 + off, y as f64), &name);
            }
        }
        Shape::Hex { side } => {
            let span = 2 * side as i32 - 1;
            // Letters: each line of constant x, above its top point and below its bottom point.
            for x in 0..span {
                let ys: Vec<i32> = (0..span).filter(|&y| topo.at(x, y).is_some()).collect();
                let (Some(&top), Some(&bottom)) = (ys.first(), ys.last()) else {
                    continue;
                };
                let name = ((b'a' + x as u8) as char).to_string();
                label(geo.xy(x as f64, top as f64 - off), &name);
                label(geo.xy(x as f64, bottom as f64 + off), &name);
            }
            // Numbers: each row's in one column at the far left, as in the text picture (the letters
            // hug the edges, so a number beside the row's end would meet a letter).
            for y in 0..span {
                let (_, row_y) = geo.xy(0.0, y as f64);
                let column = geo.left - HEX_LEFT + MARGIN * 0.45;
                label((column, row_y), &(y + 1).to_string());
            }
        }
        Shape::Rhombus { width, height } => {
            let (w, h) = (width as f64 - 1.0, height as f64 - 1.0);
            // Just outside the players' sides.
            let off = 1.25;
            for x in 0..width {
                let name = ((b'a' + x as u8) as char).to_string();
                label(geo.xy(x as f64, -off), &name);
                label(geo.xy(x as f64, h + off), &name);
            }
            // Numbers a little closer than letters, beside the sides.
            for y in 0..height {
                let name = (y + 1).to_string();
                label(geo.xy(-off + 0.1, y as f64), &name);
                label(geo.xy(w + off - 0.1, y as f64), &name);
            }
        }
    }
    labels
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The usual star points of a square Go board: the 3-3 points on small boards, 4-4 from 13 up, the
/// centre on odd sizes, and the side stars from 15 up.
pub fn star_points(topo: &Topology) -> Vec<Point> {
    let Shape::Square { width, height, .. } = topo.shape() else {
        return Vec::new();
    };
    // Per axis: the corner stars' lines (3-3 below 13, 4-4 from 13 up) and the middle line on odd sizes.
    let axis = |n: u16| -> (Vec<i32>, Option<i32>) {
        let n = n as i32;
        let d = match n {
            13.. => 3,
            7..=12 => 2,
            _ => return (Vec::new(), None),
        };
        (vec![d, n - 1 - d], (n % 2 == 1).then_some(n / 2))
    };
    let ((xs, mx), (ys, my)) = (axis(width), axis(height));
    let mut out = Vec::new();
    let mut put = |x: i32, y: i32| out.extend(topo.at(x, y));
    for &y in &ys {
        for &x in &xs {
            put(x, y);
        }
    }
    if let (Some(mx), Some(my)) = (mx, my) {
        put(mx, my);
        if width.min(height) >= 15 {
            for &x in &xs {
                put(x, my);
            }
            for &y in &ys {
                put(mx, y);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Adjacency;

    /// Every start tag is closed, in order (the SVG has no text content but labels).
    fn balanced(svg: &str) -> Result<(), String> {
        let mut stack: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let end = rest.find('>').ok_or("unclosed tag")?;
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().unwrap_or("").to_string();
                stack.push(name);
            }
        }
        if stack.is_empty() {
            Ok(())
        } else {
            Err(format!("unclosed: {stack:?}"))
        }
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn every_point_is_one_clickable_element_with_its_name() {
        for topo in [
            Topology::square(19, 19, Adjacency::Orthogonal),
            Topology::square(7, 4, Adjacency::King),
            Topology::hex(3),
            Topology::hex(8),
            Topology::rhombus(11, 11),
            Topology::rhombus(3, 5),
        ] {
            let stone = |p: Point| match p.0 % 3 {
                0 => Some(Colour::Black),
                1 => Some(Colour::White),
                _ => None,
            };
            let deco = Decorations {
                last: vec![Point(0)],
                dead: vec![Point(3)],
                ..Decorations::default()
            };
            let svg = render_svg(&topo, stone, &deco);
            balanced(&svg).unwrap();
            assert_eq!(count(&svg, "data-point="), topo.len());
            for p in topo.points() {
                let needle = format!("data-point=\"{}\" class=\"", topo.name(p));
                let at = svg.find(&needle).unwrap_or_else(|| panic!("{needle}"));
                let class = &svg[at + needle.len()..];
                let class = &class[..class.find('"').unwrap()];
                let want = match stone(p) {
                    Some(c) => format!("stone {}", c.name()),
                    None => "empty".into(),
                };
                assert!(class.starts_with(&want), "{class} for {}", topo.name(p));
            }
            assert!(svg.contains("class=\"stone black last\""));
            assert!(svg.contains("class=\"stone black dead\""));
        }
    }

    #[test]
    fn decorations_are_drawn() {
        let topo = Topology::square(9, 9, Adjacency::Orthogonal);
        let stars = star_points(&topo);
        assert_eq!(stars.len(), 5);
        let deco = Decorations {
            look: Look::Dots,
            polygons: vec![(
                Colour::Black,
                vec![Point(1), Point(11), Point(19), Point(9)],
            )],
            territory: vec![(Point(40), Colour::White)],
            highlight: vec![Point(0), Point(1), Point(2)],
            marks: vec![(Point(5), Mark::Ko)],
            stars,
            ..Decorations::default()
        };
        let svg = render_svg(&topo, |_| None, &deco);
        balanced(&svg).unwrap();
        assert_eq!(count(&svg, "<polygon class=\"enclosure black\""), 1);
        assert_eq!(count(&svg, "class=\"territory white\""), 1);
        assert_eq!(count(&svg, "class=\"star\""), 5);
        assert_eq!(count(&svg, "class=\"win-line\""), 1);
        assert_eq!(count(&svg, "class=\"ko\""), 1);
        assert_eq!(
            star_points(&Topology::square(19, 19, Adjacency::Orthogonal)).len(),
            9
        );
        assert_eq!(
            star_points(&Topology::square(13, 13, Adjacency::Orthogonal)).len(),
            5
        );
    }

    #[test]
    fn hexagon_labels_name_lines_and_rows() {
        let topo = Topology::hex(3);
        let svg = render_svg(&topo, |_| None, &Decorations::default());
        // Letters a–e twice each (top and bottom of their line), numbers 1–5 once each.
        for (l, n) in [("a", 2), ("e", 2), ("1", 1), ("5", 1)] {
            assert_eq!(count(&svg, &format!(">{l}</text>")), n, "{l}");
        }
    }

    #[test]
    fn hex_is_drawn_as_cells_sharing_their_edges() {
        let topo = Topology::rhombus(4, 3);
        let svg = render_svg(&topo, |_| None, &Decorations::default());
        assert_eq!(count(&svg, "class=\"grid cells\""), 1);
        let cells = svg.lines().find(|l| l.contains("grid cells")).unwrap();
        assert_eq!(count(cells, "Z"), 12, "one hexagon a cell");
        // a1's and b1's cells share an edge: two corners at the same place.
        let corners = |cell: &str| -> Vec<String> {
            cell.split(['M', 'L'])
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        };
        let hexes: Vec<&str> = cells.split("d=\"").nth(1).unwrap().split('Z').collect();
        let (a1, b1) = (corners(hexes[0]), corners(hexes[1]));
        assert_eq!(
            a1.iter().filter(|c| b1.contains(c)).count(),
            2,
            "{a1:?} {b1:?}"
        );
    }

    #[test]
    fn the_zone_is_shaded_only_when_given() {
        let topo = Topology::square(9, 9, crate::Adjacency::King);
        let plain = render_svg(&topo, |_| None, &Decorations::default());
        assert_eq!(count(&plain, "class=\"zone\""), 0);
        let deco = Decorations {
            zone: Some((Point(30), Point(50))),
            ..Decorations::default()
        };
        let zoned = render_svg(&topo, |_| None, &deco);
        assert_eq!(count(&zoned, "class=\"zone\""), 1);
        balanced(&zoned).unwrap();
    }

    #[test]
    fn labels_grow_with_a_large_board() {
        let font = |n: u16| {
            let svg = render_svg(
                &Topology::square(n, n, crate::Adjacency::King),
                |_| None,
                &Decorations::default(),
            );
            svg.split("font-size=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string()
        };
        assert_eq!(font(9), "13");
        assert_eq!(font(19), "13");
        assert_eq!(font(39), "19");
    }

    /// The picture's viewBox, `(x, y, width, height)`, and that its size is its width and height.
    fn view_box(svg: &str) -> (f64, f64, f64, f64) {
        let attr = |name: &str| {
            let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            svg[at..at + svg[at..].find('"').unwrap()].to_string()
        };
        let view: Vec<f64> = attr("viewBox")
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let size = (
            attr("width").parse().unwrap(),
            attr("height").parse().unwrap(),
        );
        assert_eq!(size, (view[2], view[3]), "drawn at its own size");
        (view[0], view[1], view[2], view[3])
    }

    /// Every coordinate label of `svg`: its `x`, `y` (the baseline) and text.
    fn coords(svg: &str) -> Vec<Label> {
        let number = |line: &str, name: &str| -> f64 {
            let at = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            line[at..at + line[at..].find('"').unwrap()]
                .parse()
                .unwrap()
        };
        svg.lines()
            .filter(|l| l.starts_with("<text class=\"coord\""))
            .map(|l| {
                let text = &l[l.find('>').unwrap() + 1..l.find("</text>").unwrap()];
                let (x, y) = (number(l, "x"), number(l, "y"));
                let text = text.to_string();
                Label { x, y, text }
            })
            .collect()
    }

    #[test]
    fn every_label_is_inside_the_picture() {
        let boards = [
            Topology::rhombus(11, 11),
            Topology::rhombus(14, 14),
            Topology::rhombus(19, 19),
            Topology::rhombus(26, 26),
            Topology::rhombus(4, 3),
            Topology::hex(5),
            Topology::hex(8),
            Topology::square(9, 9, Adjacency::Orthogonal),
            Topology::square(19, 19, Adjacency::Orthogonal),
            Topology::square(39, 32, Adjacency::Orthogonal),
            Topology::square(2, 2, Adjacency::King),
        ];
        for topo in boards {
            let svg = render_svg(&topo, |_| None, &Decorations::default());
            let (vx, vy, vw, vh) = view_box(&svg);
            let font: f64 = svg.split("font-size=\"").nth(1).unwrap()[..2]
                .parse()
                .unwrap();
            let labels = coords(&svg);
            assert!(labels.len() >= 4, "{:?}", topo.shape());
            for label in &labels {
                let (x0, y0, x1, y1) = label.extent(font);
                let inside = x0 >= vx && y0 >= vy && x1 <= vx + vw && y1 <= vy + vh;
                let at = (label.x, label.y, &label.text);
                assert!(inside, "{:?}: {at:?} crosses {vw} x {vh}", topo.shape());
            }
            // The background covers the whole picture.
            let back = format!(r#"x="{vx}" y="{vy}" width="{vw}" height="{vh}""#);
            assert!(svg.contains(&back), "{:?}", topo.shape());
        }
        // Hex's "11" at the right of its last row was cut in half by the margin of 40: the
        // picture now reaches past it.
        let topo = Topology::rhombus(11, 11);
        let svg = render_svg(&topo, |_| None, &Decorations::default());
        let plain = Geometry::new(&topo);
        assert!(view_box(&svg).2 > plain.width);
        let eleven = coords(&svg).into_iter().map(|l| l.x).fold(0f64, f64::max);
        assert!(eleven + 7.0 < view_box(&svg).2, "{eleven}");
    }

    #[test]
    fn rhombus_is_sheared_with_coloured_sides_and_labels() {
        let topo = Topology::rhombus(4, 3);
        let svg = render_svg(&topo, |_| None, &Decorations::default());
        balanced(&svg).unwrap();
        // Letters a–d above and below, numbers 1–3 left and right.
        for l in ["a", "d", "1", "3"] {
            assert_eq!(count(&svg, &format!(">{l}</text>")), 2, "{l}");
        }
        assert_eq!(count(&svg, "class=\"side black\""), 2);
        assert_eq!(count(&svg, "class=\"side white\""), 2);
        // a2 sits half a step right of a1 and one hexagon row lower.
        let geo = Geometry::new(&topo);
        let (a1, a2) = (geo.at(&topo, Point(0)), geo.at(&topo, Point(4)));
        assert!((a2.0 - a1.0 - STEP / 2.0).abs() < 1e-9);
        assert!((a2.1 - a1.1 - STEP * ROW).abs() < 1e-9);
    }
}
