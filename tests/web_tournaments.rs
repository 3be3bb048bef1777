//! Tournaments on the site, against the real binary (issue 37, point 1): five accounts in a Swiss
//! tournament of three rounds, run to its end through the API — a bye each round, no pair twice,
//! standings and crosstable that agree with the games — with the server killed (kill -9) and
//! started again on its file between two rounds; a round robin that pairs everyone with everyone;
//! who may create, join and start; and a player who does not show losing on time (on SQLite and on
//! PostgreSQL).

#[path = "support/http.rs"]
mod http;
#[cfg(feature = "postgres")]
#[path = "support/pg.rs"]
mod pg;

use http::{account_call, register, Served};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// A server on an SQLite file of its own (kept across a restart), and the file's path.
fn served(name: &str) -> (Served, String) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-tournaments-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db").to_string_lossy().into_owned();
    (Served::start(&["--db", &db]), db)
}

/// `GET /api/tournaments/{id}` as `cookie`.
fn tournament(port: u16, id: &str, cookie: &str) -> Value {
    let r = account_call(
        port,
        "GET",
        &format!("/api/tournaments/{id}"),
        &Value::Null,
        cookie,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Waits until tournament `id` has paired round `round` (or finished, for `None`).
fn wait_for(port: u16, id: &str, cookie: &str, round: Option<u64>) -> Value {
    let start = Instant::now();
    loop {
        let t = tournament(port, id, cookie);
        let made = |t: &Value| {
            t["schedule"].as_array().is_some_and(|rounds| {
                rounds
                    .iter()
                    .flat_map(|r| r["boards"].as_array().unwrap())
                    .all(|b| b["white"].is_null() || b["game"].is_string())
            })
        };
        let done = match round {
            Some(n) => t["round"] == n && t["state"] == "running" && made(&t),
            None => t["state"] == "finished",
        };
        if done {
            return t;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "waited for round {round:?}: {t}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Plays round `round` of `t`: each board's players take their seats (their accounts' cookies in
/// `cookies`, by name), and the player named by `loser` resigns.
fn play_round(
    port: u16,
    t: &Value,
    round: u64,
    cookies: &HashMap<String, String>,
    loser: impl Fn(&str, &str) -> bool,
) {
    let boards = t["schedule"][(round - 1) as usize]["boards"]
        .as_array()
        .unwrap();
    for b in boards.iter().filter(|b| !b["white"].is_null()) {
        let game = b["game"].as_str().unwrap();
        let (black, white) = (b["black"].as_str().unwrap(), b["white"].as_str().unwrap());
        let mut tokens = HashMap::new();
        for name in [black, white] {
            let r = account_call(
                port,
                "POST",
                &format!("/api/games/{game}/sit"),
                &json!({}),
                &cookies[name],
            );
            assert_eq!(r.status, 200, "{name} sits: {}", r.body);
            let seat = r.json()["seat"].as_str().unwrap().to_string();
            assert_eq!(seat, if name == black { "black" } else { "white" });
            tokens.insert(name, r.json()["token"].as_str().unwrap().to_string());
        }
        // Someone else's account has no seat there.
        let other = cookies.keys().find(|n| *n != black && *n != white).unwrap();
        let r = account_call(
            port,
            "POST",
            &format!("/api/games/{game}/sit"),
            &json!({}),
            &cookies[other],
        );
        assert_eq!(r.status, 403, "{}", r.body);
        // The loser resigns on its turn: Black at once, White after Black's first move.
        let moves = format!("/api/games/{game}/moves");
        let resigning = if loser(black, white) { black } else { white };
        let turns: &[(&str, &str)] = if resigning == black {
            &[(black, "resign")]
        } else {
            &[(black, "C3"), (white, "resign")]
        };
        for (who, mv) in turns {
            let (status, said) = http::call(
                port,
                "POST",
                &moves,
                &json!({ "move": mv }),
                Some(&tokens[who]),
            );
            assert_eq!(status, 200, "{said}");
        }
    }
}

#[test]
fn a_swiss_of_five_accounts_runs_three_rounds_to_its_end_across_a_restart() {
    let (mut server, db) = served("swiss");
    let mut port = server.port;
    let names = ["ann", "bob", "cy", "dee", "eve"];
    let cookies: HashMap<String, String> = names
        .iter()
        .map(|n| (n.to_string(), register(port, n)))
        .collect();
    // A guest may not create or join.
    let body = json!({"game": "go", "set": {"size": 9}, "system": "swiss", "rounds": 3, "clock": "10m+5s"});
    let r = account_call(port, "POST", "/api/tournaments", &body, "");
    assert_eq!(r.status, 401, "{}", r.body);
    let r = account_call(port, "POST", "/api/tournaments", &body, &cookies["ann"]);
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let join = format!("/api/tournaments/{id}/join");
    let start = format!("/api/tournaments/{id}/start");
    // Too few to start, and only the creator starts.
    for n in names {
        let r = account_call(port, "POST", &join, &json!({}), &cookies[n]);
        assert_eq!(r.status, 200, "{n}: {}", r.body);
    }
    let r = account_call(port, "POST", &join, &json!({}), &cookies["bob"]);
    assert_eq!(r.status, 409, "joined twice: {}", r.body);
    let r = account_call(port, "POST", &start, &json!({}), &cookies["bob"]);
    assert_eq!(r.status, 403, "{}", r.body);
    let listed = account_call(port, "GET", "/api/tournaments", &Value::Null, "").json();
    assert_eq!(listed["tournaments"][0]["id"], id.as_str(), "{listed}");
    assert_eq!(listed["tournaments"][0]["players"], 5);
    let r = account_call(port, "POST", &start, &json!({}), &cookies["ann"]);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = account_call(port, "POST", &join, &json!({}), &registered_late(port));
    assert_eq!(r.status, 409, "joined after the start: {}", r.body);
    // The lower name wins every game (ann beats everyone, eve loses to all).
    let lower_wins = |black: &str, white: &str| black > white;
    for round in 1..=3u64 {
        let t = wait_for(port, &id, &cookies["ann"], Some(round));
        play_round(port, &t, round, &cookies, lower_wins);
        if round == 1 {
            // kill -9 once the round's games are over, then the same file again: the server
            // pairs round 2 from what it finds there.
            std::thread::sleep(Duration::from_millis(300));
            server.child.kill().unwrap();
            server.child.wait().unwrap();
            server = Served::start(&["--db", &db]);
            port = server.port;
        }
    }
    let t = wait_for(port, &id, &cookies["ann"], None);
    eprintln!("{}", serde_json::to_string_pretty(&t["standings"]).unwrap());
    // A bye each round, to three different players; no pair twice; every board's result.
    let rounds = t["schedule"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let (mut byes, mut pairs) = (HashSet::new(), HashSet::new());
    let mut points: HashMap<String, f64> = HashMap::new();
    for r in rounds {
        let boards = r["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 3, "{r}");
        for b in boards {
            let black = b["black"].as_str().unwrap().to_string();
            match b["white"].as_str() {
                None => {
                    assert!(byes.insert(black.clone()), "two byes for {black}");
                    *points.entry(black).or_default() += 1.0;
                }
                Some(white) => {
                    let mut pair = [black.clone(), white.to_string()];
                    pair.sort();
                    assert!(pairs.insert(pair), "{black} and {white} met twice");
                    let result = b["result"].as_str().unwrap();
                    let winner = if result.starts_with("B+") {
                        black.clone()
                    } else {
                        white.to_string()
                    };
                    assert_eq!(winner, black.as_str().min(white), "{b}");
                    *points.entry(winner).or_default() += 1.0;
                }
            }
        }
    }
    assert_eq!(byes.len(), 3);
    // The standings agree with the games: points, wins and losses, each round's cell.
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 5);
    let mut last = f64::INFINITY;
    for s in standings {
        let name = s["name"].as_str().unwrap();
        let p = s["points"].as_f64().unwrap();
        assert_eq!(p, points.get(name).copied().unwrap_or(0.0), "{s}");
        assert!(p <= last, "the table is by points: {standings:?}");
        last = p;
        let cells = s["rounds"].as_array().unwrap();
        assert_eq!(cells.len(), 3, "{s}");
        let won = cells
            .iter()
            .filter(|c| c.as_str().unwrap().starts_with('+'))
            .count();
        assert_eq!(won as f64, p, "{s}");
    }
    let best = points.values().copied().fold(0.0, f64::max);
    assert_eq!(
        points["ann"], best,
        "ann won every game she played: {points:?}"
    );
    // Each game was an ordinary rated game between the two accounts.
    let game = rounds[0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"].is_string())
        .unwrap()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let s = http::state(port, &game);
    assert_eq!(s["rated"], true, "{s}");
    // The pages: the list and the tournament, its standings and crosstable.
    let page = http::get(port, "/tournaments");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains(&format!("/tournaments/{id}")),
        "{}",
        page.body
    );
    let page = http::get(port, &format!("/tournaments/{id}"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("id=\"standings\"") && page.body.contains("+bye"),
        "{}",
        page.body
    );
}

/// A sixth account, registered from another loopback address (127.0.0.1 has had its five).
fn registered_late(port: u16) -> String {
    http::register_from("127.0.0.3", port, "fay")
}

#[test]
fn a_round_robin_pairs_everyone_with_everyone_and_a_no_show_loses_on_time() {
    let (server, _db) = served("robin");
    round_robin_of_no_shows(&server);
}

#[cfg(feature = "postgres")]
#[test]
fn a_round_robin_runs_on_postgresql_too() {
    let Some(pg) = pg::postgres_or_skip("tournaments") else {
        return;
    };
    round_robin_of_no_shows(&Served::start(&["--db", &pg.url]));
}

/// Three accounts in a round robin of Hex where nobody moves.
fn round_robin_of_no_shows(server: &Served) {
    let port = server.port;
    let names = ["ann", "bob", "cy"];
    let cookies: HashMap<String, String> = names
        .iter()
        .map(|n| (n.to_string(), register(port, n)))
        .collect();
    // Hex 5x5 with a 2-second clock and no increment: nobody moves, every game is lost on time.
    let body = json!({"game": "hex", "set": {"size": 5}, "system": "round-robin", "clock": "2s"});
    let r = account_call(port, "POST", "/api/tournaments", &body, &cookies["cy"]);
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    for n in names {
        let r = account_call(
            port,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            &json!({}),
            &cookies[n],
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = account_call(
        port,
        "POST",
        &format!("/api/tournaments/{id}/start"),
        &json!({}),
        &cookies["cy"],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let t = wait_for(port, &id, "", None);
    assert_eq!(t["rounds"], 3, "three players: three rounds, a bye each");
    let mut pairs = HashSet::new();
    for r in t["schedule"].as_array().unwrap() {
        for b in r["boards"].as_array().unwrap() {
            if let Some(white) = b["white"].as_str() {
                let mut pair = [b["black"].as_str().unwrap().to_string(), white.to_string()];
                pair.sort();
                assert!(pairs.insert(pair), "{t}");
                // Black did not move: Black's time ran out.
                assert_eq!(b["result"], "W+T", "{b}");
            }
        }
    }
    assert_eq!(pairs.len(), 3, "{t}");
}

#[test]
fn a_tournament_asks_for_what_a_game_asks() {
    let (server, _db) = served("refusals");
    let port = server.port;
    let cookie = register(port, "ann");
    for (body, says) in [
        (json!({"game": "chess", "clock": "5m"}), "chess"),
        (
            json!({"game": "go", "system": "knockout", "clock": "5m"}),
            "swiss or round-robin",
        ),
        (json!({"game": "go"}), "clock"),
        (json!({"game": "go", "clock": "5m", "rounds": 0}), "rounds"),
        (
            json!({"game": "go", "clock": "5m", "set": {"size": 99}}),
            "size",
        ),
        (
            json!({"game": "go", "clock": "5m", "colour": "red"}),
            "unknown field",
        ),
    ] {
        let r = account_call(port, "POST", "/api/tournaments", &body, &cookie);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert!(r.error().contains(says), "{body}: {}", r.body);
    }
    let r = account_call(
        port,
        "GET",
        "/api/tournaments/0123456789abcdef0123456789abcdef",
        &Value::Null,
        "",
    );
    assert_eq!(r.status, 404, "{}", r.body);
}
