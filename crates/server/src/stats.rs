//! A game's statistics (games, results by colour and by reason, average length), its activity
//! graph (finished games per day, drawn as SVG here), and the page a person reads with them and the
//! TOP 20 tables.

use serde_json::{json, Value};

/// Days the activity graph shows.
pub const DAYS: i64 = 30;

/// One finished game: its result, its length in moves, when it ended (seconds since 1970).
pub struct Finished {
    pub result: String,
    pub moves: i64,
    pub at: i64,
}

/// What a result's reason is: `R` resignation, `T` time, a number: points, none (`B+`): a win on the
/// board with no margin (a row, a connection).
fn reason(result: &str) -> &'static str {
    match result.split_once('+').map(|(_, r)| r) {
        Some("R") => "resignation",
        Some("T") => "time",
        Some(r) if r.parse::<f64>().is_ok() => "points",
        Some("") => "on the board",
        Some(_) => "other",
        None => "draw",
    }
}

/// The statistics as JSON: `games`, `by_colour` {black, white, draw}, `by_reason`,
/// `average_moves`, `per_day` (the last [`DAYS`] days, oldest first, as of `now`).
pub fn stats(games: &[Finished], now: i64) -> Value {
    let mut black = 0;
    let mut white = 0;
    let mut draw = 0;
    let mut reasons = serde_json::Map::new();
    for g in games {
        match super::store::black_score(&g.result) {
            s if s > 0.75 => black += 1,
            s if s < 0.25 => white += 1,
            _ => draw += 1,
        }
        let r = reasons.entry(reason(&g.result)).or_insert(json!(0));
        *r = json!(r.as_i64().unwrap_or(0) + 1);
    }
    let today = now.div_euclid(86_400);
    let per_day: Vec<i64> = (0..DAYS)
        .map(|i| {
            let day = today - (DAYS - 1) + i;
            games
                .iter()
                .filter(|g| g.at.div_euclid(86_400) == day)
                .count() as i64
        })
        .collect();
    let average = if games.is_empty() {
        0.0
    } else {
        games.iter().map(|g| g.moves as f64).sum::<f64>() / games.len() as f64
    };
    json!({
        "games": games.len(),
        "by_colour": {"black": black, "white": white, "draw": draw},
        "by_reason": reasons,
        "average_moves": (average * 10.0).round() / 10.0,
        "per_day": per_day,
    })
}

/// The activity graph: a bar per day, the tallest the highest count.
pub fn activity_svg(per_day: &[i64]) -> String {
    let (w, h, bar) = (20 * per_day.len().max(1) + 40, 140, 16);
    let top = per_day.iter().copied().max().unwrap_or(0).max(1);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"activity\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"finished games per day, the last {} days\">",
        per_day.len()
    );
    svg.push_str(&format!(
        "<line x1=\"30\" y1=\"120\" x2=\"{}\" y2=\"120\" stroke=\"#555\"/><text x=\"2\" y=\"24\" font-size=\"11\">{top}</text><text x=\"2\" y=\"120\" font-size=\"11\">0</text>",
        w - 6
    ));
    for (i, n) in per_day.iter().enumerate() {
        let height = (100 * n / top) as usize;
        svg.push_str(&format!(
            "<rect class=\"day\" data-games=\"{n}\" x=\"{}\" y=\"{}\" width=\"{bar}\" height=\"{height}\" fill=\"#3b2a10\"><title>{n}</title></rect>",
            34 + 20 * i,
            120 - height
        ));
    }
    svg.push_str("<text x=\"34\" y=\"136\" font-size=\"11\">30 days ago</text>");
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"136\" font-size=\"11\" text-anchor=\"end\">today</text></svg>",
        w - 6
    ));
    svg
}

/// Text for HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The page of a game's tables and statistics.
pub fn page(game: &str, ratings: &Value, stats: &Value) -> String {
    let table = |title: &str, key: &str| {
        let mut t = format!("<h2>{}</h2><table><tr><th>#</th><th>player</th><th>rating</th><th>games</th><th>wins</th><th>losses</th><th>draws</th></tr>", escape(title));
        for (i, p) in ratings[key]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let name = p["name"].as_str().unwrap_or("");
            let bot = if p["bot"] == true { " (computer)" } else { "" };
            t.push_str(&format!(
                "<tr><td>{}</td><td>{}{bot}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                i + 1,
                escape(name),
                p["rating"].as_f64().unwrap_or(0.0).round(),
                p["games"],
                p["wins"],
                p["losses"],
                p["draws"]
            ));
        }
        t.push_str("</table>");
        t
    };
    let per_day: Vec<i64> = stats["per_day"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default();
    let reasons: Vec<String> = stats["by_reason"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| format!("{} {v}", escape(k)))
                .collect()
        })
        .unwrap_or_default();
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>stones: {g}</title><link rel=\"stylesheet\" href=\"/style.css\"></head><body><header><h1>stones</h1><span>{g}: players and statistics</span> <a href=\"/\">play</a></header><main class=\"stats\"><section><h2>Statistics</h2><p id=\"games\">{n} games finished; Black won {b}, White {w}, drawn {d}; by {r}; {avg} moves on average.</p><h2>Finished games a day</h2>{svg}</section><section>{t1}{t2}{t3}<p class=\"hint\" id=\"top-rule\">Rated games are between two accounts; an account is listed once it has played {top_games} rated games against at least {top_opponents} different opponents.</p></section></main></body></html>",
        g = escape(game),
        n = stats["games"],
        b = stats["by_colour"]["black"],
        w = stats["by_colour"]["white"],
        d = stats["by_colour"]["draw"],
        r = if reasons.is_empty() { "no reason yet".into() } else { reasons.join(", ") },
        avg = stats["average_moves"],
        svg = activity_svg(&per_day),
        t1 = table("TOP 20 by rating", "by_rating"),
        t2 = table("TOP 20 by wins", "by_wins"),
        t3 = table("TOP 20 by games played", "by_games"),
        top_games = super::store::TOP_GAMES,
        top_opponents = super::store::TOP_OPPONENTS,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_counted_by_colour_reason_length_and_day() {
        let day = 86_400;
        let now = 100 * day + 5;
        let games = [
            Finished {
                result: "B+R".into(),
                moves: 10,
                at: now,
            },
            Finished {
                result: "W+T".into(),
                moves: 20,
                at: now - day,
            },
            Finished {
                result: "B+3.5".into(),
                moves: 30,
                at: now,
            },
            Finished {
                result: "Draw".into(),
                moves: 40,
                at: now - 40 * day,
            },
            Finished {
                result: "W+".into(),
                moves: 25,
                at: now,
            },
        ];
        let s = stats(&games, now);
        assert_eq!(s["games"], 5);
        assert_eq!(s["by_colour"], json!({"black": 2, "white": 2, "draw": 1}));
        assert_eq!(
            s["by_reason"],
            json!({"resignation": 1, "time": 1, "points": 1, "draw": 1, "on the board": 1})
        );
        assert_eq!(s["average_moves"], 25.0);
        let per_day = s["per_day"].as_array().unwrap();
        assert_eq!(per_day.len(), DAYS as usize);
        assert_eq!(per_day[DAYS as usize - 1], 3);
        assert_eq!(per_day[DAYS as usize - 2], 1);
        let svg = activity_svg(&[0, 3, 1]);
        assert_eq!(svg.matches("<rect class=\"day\"").count(), 3);
        assert!(
            svg.contains("data-games=\"3\" x=\"54\" y=\"20\" width=\"16\" height=\"100\""),
            "{svg}"
        );
        let html = page(
            "go",
            &json!({"by_rating": [{"name": "<b>Eve</b>", "bot": false, "rating": 1600.0, "games": 1, "wins": 1, "losses": 0, "draws": 0}]}),
            &s,
        );
        assert!(html.contains("&lt;b&gt;Eve&lt;/b&gt;") && !html.contains("<b>Eve"));
        assert!(
            html.contains("name=\"viewport\""),
            "a phone draws the page at its own width"
        );
        assert!(
            html.contains("played 10 rated games against at least 5 different opponents"),
            "the page says who is listed"
        );
    }
}
