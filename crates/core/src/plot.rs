//! Charts as SVG, drawn by the same hand as the boards ([`crate::svg`]): a line over numbered steps
//! with a fixed value range — a game's win-rate graph, a site's games per day. A chart holds no
//! state: numbers in, a string out.

use std::fmt::Write;

/// A line chart: `points` are `(x, y)`, drawn between `y_range`; `mid`, when given, is a value
/// drawn as a stronger rule (50% on a win-rate graph) with the area between it and the line
/// shaded by side. Axes are labelled with `x_label` and the `y_ticks` given as `(value, text)`.
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub points: Vec<(f64, f64)>,
    pub y_range: (f64, f64),
    pub y_ticks: Vec<(f64, String)>,
    pub mid: Option<f64>,
    /// The colours above and below `mid` (or the line's one colour).
    pub colours: (&'static str, &'static str),
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 52.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 40.0;

impl LineChart {
    /// A win-rate graph: Black's chance after each move (`rates[i]` for the position after move
    /// `i`, 0 the start), from 0 to 100%, the 50% rule strong, Black's side shaded dark and
    /// White's light.
    pub fn win_rates(title: &str, rates: &[f64]) -> LineChart {
        LineChart {
            title: title.to_string(),
            x_label: "move".into(),
            points: rates
                .iter()
                .enumerate()
                .map(|(i, &r)| (i as f64, r))
                .collect(),
            y_range: (0.0, 1.0),
            y_ticks: [0.0, 0.25, 0.5, 0.75, 1.0]
                .iter()
                .map(|&v| (v, format!("{:.0}%", v * 100.0)))
                .collect(),
            mid: Some(0.5),
            colours: ("#222", "#bbb"),
        }
    }

    /// The chart as a standalone SVG document.
    pub fn svg(&self) -> String {
        let (w, h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        let last_x = self.points.iter().map(|p| p.0).fold(1.0_f64, f64::max);
        let (lo, hi) = self.y_range;
        let span = if hi > lo { hi - lo } else { 1.0 };
        let x = |v: f64| LEFT + w * v / last_x;
        let y = |v: f64| TOP + h * (1.0 - (v.clamp(lo, hi) - lo) / span);
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fdfcf8"/>"##
        );
        let _ = writeln!(
            out,
            r##"<text class="title" x="{LEFT}" y="20" font-size="14" fill="#222">{}</text>"##,
            escape(&self.title)
        );
        for (v, text) in &self.y_ticks {
            let yy = y(*v);
            let strong = self.mid == Some(*v);
            let (stroke, width) = if strong { ("#888", 1.5) } else { ("#ddd", 1.0) };
            let _ = writeln!(
                out,
                r##"<line class="tick" x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{stroke}" stroke-width="{width}"/>"##,
                LEFT + w
            );
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">{}</text>"##,
                LEFT - 6.0,
                yy + 4.0,
                escape(text)
            );
        }
        // Ticks along x: about eight, at round steps.
        let step = [1.0, 2.0, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 500.0]
            .into_iter()
            .find(|s| last_x / s <= 8.0)
            .unwrap_or(1000.0);
        let mut t = 0.0;
        while t <= last_x {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">{t:.0}</text>"##,
                x(t),
                TOP + h + 16.0
            );
            t += step;
        }
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}</text>"##,
            LEFT + w / 2.0,
            HEIGHT - 6.0,
            escape(&self.x_label)
        );
        if self.points.is_empty() {
            out.push_str("</svg>\n");
            return out;
        }
        let line: Vec<String> = self
            .points
            .iter()
            .map(|&(a, b)| format!("{:.1},{:.1}", x(a), y(b)))
            .collect();
        if let Some(mid) = self.mid {
            // The area between the line and the rule, in each side's colour (clipped halves).
            let (x0, x1, ym) = (
                x(self.points[0].0),
                x(self.points[self.points.len() - 1].0),
                y(mid),
            );
            let area = format!("{x0:.1},{ym:.1} {} {x1:.1},{ym:.1}", line.join(" "));
            for (i, (top, height, colour)) in [
                (TOP, ym - TOP, self.colours.0),
                (ym, TOP + h - ym, self.colours.1),
            ]
            .into_iter()
            .enumerate()
            {
                let _ = writeln!(
                    out,
                    r#"<clipPath id="side{i}"><rect x="{LEFT}" y="{top:.1}" width="{w:.1}" height="{height:.1}"/></clipPath>"#
                );
                let _ = writeln!(
                    out,
                    r#"<polygon class="side" points="{area}" fill="{colour}" fill-opacity="0.35" clip-path="url(#side{i})"/>"#
                );
            }
        }
        let _ = writeln!(
            out,
            r##"<polyline class="line" points="{}" fill="none" stroke="#c62828" stroke-width="2" stroke-linejoin="round"/>"##,
            line.join(" ")
        );
        for &(a, b) in &self.points {
            let _ = writeln!(
                out,
                r##"<circle class="point" data-x="{a}" cx="{:.1}" cy="{:.1}" r="2.2" fill="#c62828"><title>{a}: {}</title></circle>"##,
                x(a),
                y(b),
                escape(&self.value_text(b))
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// A value as the ticks write it: a percentage on a 0–1 range, else the number.
    fn value_text(&self, v: f64) -> String {
        match self.y_range {
            (lo, hi) if lo == 0.0 && hi == 1.0 => format!("{:.0}%", v * 100.0),
            _ => format!("{v}"),
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_rate_graph_has_a_point_per_position_and_both_sides() {
        let svg =
            LineChart::win_rates("Black's chance <after> each move", &[0.5, 0.6, 0.3, 0.9]).svg();
        assert_eq!(svg.matches("class=\"point\"").count(), 4);
        assert_eq!(svg.matches("class=\"side\"").count(), 2);
        assert!(svg.contains("&lt;after&gt;"));
        assert!(svg.contains(">50%</text>") && svg.contains(">100%</text>"));
        assert!(svg.contains("<title>2: 30%</title>"));
        // The start sits on the left edge and the last move on the right.
        assert!(svg.contains(&format!("cx=\"{LEFT:.1}\"")));
        assert!(svg.contains(&format!("cx=\"{:.1}\"", WIDTH - RIGHT)));
    }

    #[test]
    fn an_empty_chart_is_still_a_picture() {
        let svg = LineChart::win_rates("nothing yet", &[]).svg();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("class=\"point\"").count(), 0);
    }
}
