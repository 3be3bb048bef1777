//! The tournaments' pages, made on the server from the same JSON the API answers
//! ([`super::tournaments`]): `/tournaments` (the list and a form to create one) and
//! `/tournaments/{id}` (players, rounds with their games, the standings and crosstable). The
//! buttons — create, join, start, play your game — are `tournaments.js`'s.

use super::stats::escape;
use serde_json::Value;

/// The page around `body`, titled `title`.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>stones: {t}</title><link rel=\"stylesheet\" href=\"/style.css\">\
         <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\
         <script src=\"/tournaments.js\" defer></script></head><body>\
         <header><h1>stones</h1><span>{t}</span> <a href=\"/\">play</a> \
         <a href=\"/tournaments\">tournaments</a></header>\
         <main class=\"tournament\">{body}<p id=\"message\" role=\"alert\"></p></main></body></html>",
        t = escape(title)
    )
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => escape(s),
        Value::Null => String::new(),
        other => escape(&other.to_string()),
    }
}

/// Points as people write them: `2`, `½`, `1½`.
fn points(v: &Value) -> String {
    let halves = (v.as_f64().unwrap_or(0.0) * 2.0).round() as i64;
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// `/tournaments`: the newest tournaments, and a form that creates one (for the games `games`;
/// the form needs an account: `logged_in`).
pub fn list(list: &Value, games: &[&str], logged_in: bool) -> String {
    let mut rows = String::new();
    for t in list["tournaments"].as_array().into_iter().flatten() {
        let round = match t["state"].as_str() {
            Some("running") => format!("round {} of {}", t["round"], t["rounds"]),
            Some(state) => state.to_string(),
            None => String::new(),
        };
        rows.push_str(&format!(
            "<tr><td><a href=\"/tournaments/{id}\">{name}</a></td><td>{game}</td><td>{system}</td>\
             <td>{clock}</td><td>{players}</td><td>{round}</td></tr>",
            id = text(&t["id"]),
            name = text(&t["name"]),
            game = text(&t["game"]),
            system = text(&t["system"]),
            clock = text(&t["clock"]),
            players = t["players"],
            round = escape(&round),
        ));
    }
    let table = if rows.is_empty() {
        "<p class=\"hint\">No tournament yet.</p>".to_string()
    } else {
        format!(
            "<div class=\"wide\"><table><tr><th>tournament</th><th>game</th><th>system</th>\
             <th>clock</th><th>players</th><th>state</th></tr>{rows}</table></div>"
        )
    };
    let options: String = games
        .iter()
        .map(|g| format!("<option>{}</option>", escape(g)))
        .collect();
    let form = if logged_in {
        format!(
            "<form id=\"create\"><h2>New tournament</h2>\
             <label>Name <input name=\"name\" maxlength=\"60\" placeholder=\"game and system\"></label>\
             <label>Game <select name=\"game\">{options}</select></label>\
             <label>Board size <input name=\"size\" type=\"number\" min=\"2\" max=\"40\" placeholder=\"the ruleset's\"></label>\
             <label>System <select name=\"system\"><option value=\"swiss\">Swiss</option>\
             <option value=\"round-robin\">round robin</option></select></label>\
             <label>Rounds (Swiss) <input name=\"rounds\" type=\"number\" min=\"1\" max=\"20\" value=\"3\"></label>\
             <label>Clock <select name=\"clock\"><option value=\"5m+3s\">5 min + 3 s a move</option>\
             <option value=\"10m+5s\">10 min + 5 s a move</option><option value=\"1m+2s\">1 min + 2 s a move</option>\
             <option value=\"30m+10s\">30 min + 10 s a move</option></select></label>\
             <button type=\"submit\">Create</button></form>"
        )
    } else {
        "<p class=\"hint\">Log in on the <a href=\"/\">main page</a> to create or join a tournament: \
         tournament games are rated, between accounts.</p>"
            .to_string()
    };
    page(
        "tournaments",
        &format!("<section><h2>Tournaments</h2>{table}</section><section>{form}</section>"),
    )
}

/// `/tournaments/{id}`: the tournament `t` (as `GET /api/tournaments/{id}` answers it, for the
/// account asking, `logged_in` or not).
pub fn show(t: &Value, logged_in: bool) -> String {
    let id = text(&t["id"]);
    let state = t["state"].as_str().unwrap_or("");
    let you = t["you"].as_u64();
    let players = t["players"].as_array().cloned().unwrap_or_default();
    let mut info = format!(
        "<p id=\"about\">{game}{set}, {system}, {rounds}, clock {clock}; made by {creator}. ",
        game = text(&t["game"]),
        set = match t["set"].as_object() {
            Some(set) if !set.is_empty() => format!(
                " ({})",
                escape(
                    &set.iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            ),
            _ => String::new(),
        },
        system = text(&t["system"]),
        rounds = match t["rounds"].as_u64() {
            _ if state == "open" && t["system"] == "round-robin" =>
                "as many rounds as needed".into(),
            Some(1) => "1 round".to_string(),
            n => format!("{} rounds", n.unwrap_or(0)),
        },
        clock = text(&t["clock"]),
        creator = text(&t["creator"]),
    );
    info.push_str(match state {
        "open" => "Joining until its creator starts it.",
        "running" => "Being played: the next round is paired when every game of this one is over.",
        _ => "Finished.",
    });
    info.push_str("</p>");
    let mut actions = String::new();
    if state == "open" && logged_in && you.is_none() {
        actions.push_str(&format!(
            "<button type=\"button\" data-action=\"join\" data-id=\"{id}\">Join</button>"
        ));
    }
    if state == "open" && t["yours"] == true {
        actions.push_str(&format!(
            "<button type=\"button\" data-action=\"start\" data-id=\"{id}\">Start</button>"
        ));
    }
    if state == "open" && !logged_in {
        actions
            .push_str("<p class=\"hint\">Log in on the <a href=\"/\">main page</a> to join.</p>");
    }
    let names: Vec<String> = players.iter().map(|p| text(&p["name"])).collect();
    let player_list = format!(
        "<h2>Players ({})</h2><ol id=\"players\">{}</ol>",
        names.len(),
        names
            .iter()
            .map(|n| format!("<li>{n}</li>"))
            .collect::<String>()
    );
    let your_name = you
        .and_then(|s| players.get(s as usize))
        .map(|p| &p["name"]);
    let mut schedule = String::new();
    for round in t["schedule"].as_array().into_iter().flatten().rev() {
        schedule.push_str(&format!(
            "<h3>Round {}</h3><ul class=\"boards\">",
            round["round"]
        ));
        for b in round["boards"].as_array().into_iter().flatten() {
            let line = match &b["white"] {
                Value::Null => format!("{} has the bye", text(&b["black"])),
                white => format!("{} (black) – {} (white)", text(&b["black"]), text(white)),
            };
            let result = match &b["result"] {
                Value::String(r) if r != "bye" => format!(": <b>{}</b>", escape(r)),
                _ => String::new(),
            };
            let mut links = String::new();
            if let Some(game) = b["game"].as_str() {
                let game = escape(game);
                let mine = your_name.is_some_and(|n| *n == b["black"] || *n == b["white"]);
                if mine && b["result"].is_null() {
                    links.push_str(&format!(
                        " <button type=\"button\" data-action=\"play\" data-game=\"{game}\">Play your game</button>"
                    ));
                } else {
                    links.push_str(&format!(" <a href=\"/#{game}\">watch</a>"));
                }
            }
            schedule.push_str(&format!("<li>{line}{result}{links}</li>"));
        }
        schedule.push_str("</ul>");
    }
    let standings = t["standings"].as_array().cloned().unwrap_or_default();
    let rounds_played = standings
        .first()
        .and_then(|s| s["rounds"].as_array())
        .map_or(0, Vec::len);
    let mut table = String::from(
        "<div class=\"wide\"><table id=\"standings\"><tr><th>#</th><th>player</th><th>points</th>\
         <th title=\"Buchholz: the opponents' points\">Buch.</th>\
         <th title=\"Sonneborn-Berger: the points of the opponents beaten, half those drawn\">SB</th>",
    );
    for r in 1..=rounds_played {
        table.push_str(&format!("<th>{r}</th>"));
    }
    table.push_str("</tr>");
    for s in &standings {
        table.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            s["place"],
            text(&s["name"]),
            points(&s["points"]),
            points(&s["buchholz"]),
            points(&s["sonneborn_berger"])
        ));
        for cell in s["rounds"].as_array().into_iter().flatten() {
            table.push_str(&format!("<td>{}</td>", text(cell)));
        }
        table.push_str("</tr>");
    }
    table.push_str("</table></div>");
    page(
        t["name"].as_str().unwrap_or("tournament"),
        &format!(
            "<section data-state=\"{state}\" id=\"tournament\"><h2>{name}</h2>{info}{actions}\
             <h2>Standings</h2>{table}<p class=\"hint\">A crosstable cell: + a win, = a draw, - a loss, \
             then the opponent's place and your colour (b, w).</p></section>\
             <section>{player_list}{schedule}</section>",
            state = escape(state),
            name = text(&t["name"]),
        ),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_are_written_with_halves() {
        for (v, text) in [(0.0, "0"), (0.5, "½"), (1.0, "1"), (2.5, "2½")] {
            assert_eq!(super::points(&serde_json::json!(v)), text);
        }
    }
}
