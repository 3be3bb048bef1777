//! What `moves` shows at the prompt: how many legal moves there are and where, as a board overlay
//! (`*` on every point a move may use), never a line of thousands of moves.

use crate::text_game::AnyGame;
use std::collections::HashMap;
use stones_core::{Colour, Shape};

/// The legal moves now: a count, the words (`pass`, `stop`, `done`), and an overlay of the points.
/// TriGo's pairs are counted and shown as the points they use: `N pairs: any two of these points`.
/// `compact`: the overlay as the compact board draws it (row numbers on the left only).
pub fn legal_summary(game: &AnyGame, compact: bool) -> String {
    let moves = game.legal_moves_text();
    let index: HashMap<String, usize> = (0..game.point_count())
        .map(|i| (game.point_name(i), i))
        .collect();
    let mut marked = vec![false; game.point_count()];
    let (mut singles, mut pairs, mut words) = (0usize, 0usize, Vec::new());
    for mv in &moves {
        let point = mv.strip_prefix("dead ").unwrap_or(mv);
        if let Some((a, b)) = point.split_once('+') {
            pairs += 1;
            for p in [a, b] {
                if let Some(&i) = index.get(p) {
                    marked[i] = true;
                }
            }
        } else if let Some(&i) = index.get(point) {
            singles += 1;
            marked[i] = true;
        } else {
            words.push(mv.as_str());
        }
    }
    let words = if words.is_empty() {
        String::new()
    } else {
        format!(", and {}", words.join(", "))
    };
    let points = marked.iter().filter(|&&m| m).count();
    let marking = moves.iter().any(|m| m.starts_with("dead "));
    let mut out = if moves.is_empty() {
        return "no legal moves (resign is always possible while the game is on)".into();
    } else if pairs > 0 {
        let every = points * points.saturating_sub(1) / 2;
        let which = if every == pairs {
            "any two of these points".to_string()
        } else {
            format!("two of these {points} points, not every two")
        };
        format!("{pairs} pairs: {which}{words}")
    } else if marking {
        format!("{singles} stone(s) to mark dead or bring back (*){words}")
    } else if singles > 0 {
        format!(
            "{} legal moves: the {singles} points marked *{words}",
            moves.len()
        )
    } else {
        format!("{} legal moves{words}", moves.len())
    };
    if singles > 0 && pairs > 0 {
        out.push_str(&format!(" (or {singles} single stones)"));
    }
    if points > 0 {
        out.push('\n');
        out.push_str(&overlay(game, &marked, compact));
    }
    out
}

/// The board with `*` on the marked points and the stones as `X` and `O`, with coordinates;
/// `compact` leaves out a square board's right row numbers and narrows the left ones (Dots' 39
/// columns in 80).
pub fn overlay(game: &AnyGame, marked: &[bool], compact: bool) -> String {
    let rows = game.point_rows();
    let cell = |i: usize| {
        if marked[i] {
            '*'
        } else {
            match game.stone_at(i) {
                Some(Colour::Black) => 'X',
                Some(Colour::White) => 'O',
                None => '.',
            }
        }
    };
    let label = |i: usize| {
        let name = game.point_name(i);
        let split = name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len());
        (name[..split].to_string(), name[split..].to_string())
    };
    let mut out = String::new();
    // The left margin before the first point: the row numbers' field and a blank.
    let margin = if compact { 3 } else { 5 };
    match game.topology_shape() {
        Shape::Square { .. } => {
            let first = rows.first().cloned().unwrap_or_default();
            let columns: Vec<String> = first.iter().map(|&i| label(i).0).collect();
            // Two-letter columns (AA, AB, …) are written in two lines, one letter each, so every
            // point keeps two characters and a 39-column field fits in 100 columns.
            let line = |pick: &dyn Fn(&str) -> String| -> String {
                let text: String = columns.iter().map(|c| format!("{:<2}", pick(c))).collect();
                text.trim_end().to_string()
            };
            let pad = " ".repeat(margin);
            if columns.iter().any(|c| c.len() > 1) {
                out.push_str(&format!(
                    "{pad}{}\n",
                    line(&|c: &str| if c.len() > 1 {
                        c[..1].to_string()
                    } else {
                        String::new()
                    })
                ));
            }
            out.push_str(&format!(
                "{pad}{}\n",
                line(&|c: &str| c[c.len() - 1..].to_string())
            ));
            for row in &rows {
                let number = row.first().map(|&i| label(i).1).unwrap_or_default();
                let cells: Vec<String> = row.iter().map(|&i| cell(i).to_string()).collect();
                let cells = cells.join(" ");
                match compact {
                    true => out.push_str(&format!("{number:>2} {cells}\n")),
                    false => out.push_str(&format!(" {number:>3} {cells} {number}\n")),
                }
            }
        }
        // Each row of the rhombus half a cell right of the one above.
        Shape::Rhombus { .. } => {
            for (y, row) in rows.iter().enumerate() {
                let number = row.first().map(|&i| label(i).1).unwrap_or_default();
                let cells: Vec<String> = row.iter().map(|&i| cell(i).to_string()).collect();
                let indent = " ".repeat(y);
                out.push_str(&format!(
                    " {number:>3} {indent}{} {number}\n",
                    cells.join(" ")
                ));
            }
        }
        Shape::Hex { .. } => {
            let longest = rows.iter().map(Vec::len).max().unwrap_or(0);
            for row in &rows {
                let (Some(&a), Some(&b)) = (row.first(), row.last()) else {
                    continue;
                };
                let number = label(a).1;
                let indent = " ".repeat(longest - row.len());
                let cells: Vec<String> = row.iter().map(|&i| cell(i).to_string()).collect();
                let tail = " ".repeat(longest - row.len());
                out.push_str(&format!(
                    " {number:>3}  {indent}{}{tail}   {}–{}\n",
                    cells.join(" "),
                    game.point_name(a),
                    game.point_name(b)
                ));
            }
        }
    }
    out
}
