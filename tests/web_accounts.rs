//! Accounts against the real binary (`stones serve` as a process): registering (`POST
//! /api/accounts`) gives a session cookie (HttpOnly, SameSite=Lax, Secure behind https), logging in
//! and out (`POST`/`DELETE /api/session`), the errors (400, 409, 401 without saying which half was
//! wrong, 429 past an address's registrations or failed logins); guests still play, unrated; a game
//! between two accounts is rated, and the TOP tables list an account only after 10 rated games
//! against 5 different opponents — so two cookies, or two accounts, cannot farm a place in them.
//! The same on PostgreSQL, with two servers sharing the accounts and sessions (a throw-away cluster,
//! tests/support/pg.rs; without PostgreSQL that test says so, and fails in CI).

#[path = "support/http.rs"]
mod http;
#[cfg(feature = "postgres")]
#[path = "support/pg.rs"]
mod pg;

use http::{account_call, account_call_from, call, register, send, session_cookie, Served};
use serde_json::{json, Value};

/// A server with its SQLite file at a known place (to read the ratings kept), and the file.
fn served(name: &str) -> (Served, std::path::PathBuf) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-accounts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    (Served::start(&["--db", db.to_str().unwrap()]), db)
}

/// Who the server says is logged in with `cookie`.
fn who(port: u16, cookie: &str) -> Value {
    let r = account_call(port, "GET", "/api/session", &Value::Null, cookie);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["account"].clone()
}

/// A 5×5 Go game between `first` (the creator, at `seat`) and `second` (joining the other seat
/// from the lobby), whose `loser` seat resigns at once: the final state.
fn play(port: u16, first: &str, second: &str, seat: &str, loser: &str) -> Value {
    let open = if seat == "black" { "white" } else { "black" };
    let r = account_call(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}, "open": open, "name": "Mallory"}),
        first,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let s = r.json();
    assert_eq!(s["rated"], false, "a seat is open: {s}");
    let id = s["id"].as_str().unwrap().to_string();
    let mut tokens = json!({ seat: s["tokens"][seat].clone() });
    let r = account_call(
        port,
        "POST",
        &format!("/api/games/{id}/join"),
        &json!({"name": "Mallory"}),
        second,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    tokens[open] = r.json()["token"].clone();
    // Black is to move: Black resigns at once; else Black passes and White resigns.
    let moves = format!("/api/games/{id}/moves");
    let token = |side: &str| tokens[side].as_str().map(str::to_string);
    if loser == "white" {
        let (status, body) = call(
            port,
            "POST",
            &moves,
            &json!({"move": "pass"}),
            token("black").as_deref(),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = call(
        port,
        "POST",
        &moves,
        &json!({"move": "resign"}),
        token(loser).as_deref(),
    );
    assert_eq!(status, 200, "{body}");
    let s: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(s["status"], "over", "{s}");
    s
}

/// The ratings kept in the database (not only those the tables show): player, name, games.
fn kept(db: &std::path::Path) -> Vec<(String, String, i64)> {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let mut st = conn
        .prepare("SELECT player, name, games FROM ratings ORDER BY name")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The names in the game's TOP tables (by rating, wins and games, all three).
fn top(port: u16) -> Vec<String> {
    let r = account_call(port, "GET", "/api/ratings/go", &Value::Null, "");
    assert_eq!(r.status, 200, "{}", r.body);
    let t = r.json();
    let mut names = Vec::new();
    for table in ["by_rating", "by_wins", "by_games"] {
        for row in t[table].as_array().unwrap() {
            names.push(row["name"].as_str().unwrap().to_string());
        }
    }
    names
}

#[test]
fn an_account_registers_logs_in_and_out_with_a_session_cookie() {
    let (server, _db) = served("session");
    let port = server.port;
    assert_eq!(who(port, ""), Value::Null);

    let r = account_call(
        port,
        "POST",
        "/api/accounts",
        &json!({"name": "Ann_1", "password": "correct horse"}),
        "",
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json(), json!({"account": {"name": "Ann_1"}}));
    let line = r
        .headers
        .lines()
        .find(|l| l.starts_with("set-cookie: stones_session="))
        .unwrap();
    for flag in ["httponly", "samesite=lax", "path=/", "max-age=2592000"] {
        assert!(line.contains(flag), "{flag}: {line}");
    }
    assert!(!line.contains("secure"), "plain http: no Secure: {line}");
    let ann = session_cookie(&r);
    assert_eq!(ann.len(), "stones_session=".len() + 32, "{ann}");
    assert_eq!(who(port, &ann), json!({"name": "Ann_1"}));

    // The name is taken whatever its case; bad names and passwords say what is allowed.
    let r = account_call(
        port,
        "POST",
        "/api/accounts",
        &json!({"name": "ann_1", "password": "something else"}),
        "",
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.error().contains("taken"), "{}", r.body);
    for (body, says) in [
        (json!({"name": "a b", "password": "12345678"}), "letters"),
        (
            json!({"name": "x".repeat(33), "password": "12345678"}),
            "1 to 32",
        ),
        (
            json!({"name": "Bob", "password": "1234567"}),
            "8 to 256 bytes",
        ),
        (
            json!({"name": "Bob", "password": "x".repeat(257)}),
            "8 to 256 bytes",
        ),
        (json!({"name": "Bob"}), "\"password\""),
        (
            json!({"name": "Bob", "password": "12345678", "admin": true}),
            "\"password\"",
        ),
    ] {
        let r = account_call(port, "POST", "/api/accounts", &body, "");
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert!(r.error().contains(says), "{body}: {}", r.body);
    }

    // A wrong password and an unknown name are refused alike.
    let mut refusals = Vec::new();
    for (name, password) in [("Ann_1", "correct horsE"), ("Nobody", "correct horse")] {
        let r = account_call(
            port,
            "POST",
            "/api/session",
            &json!({"name": name, "password": password}),
            "",
        );
        assert_eq!(r.status, 401, "{}", r.body);
        assert!(!r.headers.contains("set-cookie"), "{}", r.headers);
        refusals.push(r.body);
    }
    assert_eq!(refusals[0], refusals[1]);
    assert!(
        refusals[0].contains("wrong name or password"),
        "{refusals:?}"
    );

    // Logged in (any case of the name): a second session, as the first.
    let r = account_call(
        port,
        "POST",
        "/api/session",
        &json!({"name": "ANN_1", "password": "correct horse"}),
        "",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let again = session_cookie(&r);
    assert_ne!(again, ann);
    assert_eq!(who(port, &again), json!({"name": "Ann_1"}));

    // Logged out: the cookie is cleared and the session ends on the server.
    let r = account_call(port, "DELETE", "/api/session", &Value::Null, &ann);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({"account": null}));
    assert!(
        r.headers.contains("set-cookie: stones_session=;") && r.headers.contains("max-age=0"),
        "{}",
        r.headers
    );
    assert_eq!(
        who(port, &ann),
        Value::Null,
        "the old cookie logs in no more"
    );
    assert_eq!(
        who(port, &again),
        json!({"name": "Ann_1"}),
        "the other session stays"
    );
    assert_eq!(
        who(port, "stones_session=0123456789abcdef0123456789abcdef"),
        Value::Null
    );

    // Guessing passwords from one address: 20 failures in 10 minutes, then 429, even for the
    // right one; another address may still log in.
    for i in 0..20 {
        let guess = json!({"name": "Ann_1", "password": format!("guess {i:04}")});
        let r = account_call_from("127.0.0.3", port, "POST", "/api/session", &guess, "");
        assert_eq!(r.status, 401, "{i}: {}", r.body);
    }
    let right = json!({"name": "Ann_1", "password": "correct horse"});
    let r = account_call_from("127.0.0.3", port, "POST", "/api/session", &right, "");
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.error().contains("failed logins"), "{}", r.body);
    let r = account_call_from("127.0.0.4", port, "POST", "/api/session", &right, "");
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn behind_https_the_session_cookie_is_secure() {
    let server = Served::start(&["--public-url", "https://games.example.org"]);
    let r = send(
        server.port,
        "games.example.org",
        "POST",
        "/api/accounts",
        "Origin: https://games.example.org\r\n",
        json!({"name": "Ann", "password": "password1"})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let line = r
        .headers
        .lines()
        .find(|l| l.starts_with("set-cookie: stones_session="))
        .unwrap();
    assert!(
        line.ends_with("; secure") || line.contains("; secure;"),
        "{line}"
    );
    assert!(
        line.contains("httponly") && line.contains("samesite=lax"),
        "{line}"
    );
}

#[test]
fn guests_play_unrated_and_a_new_accounts_rated_game_puts_it_in_no_top_table() {
    let (server, db) = served("rated");
    let port = server.port;

    // Two guests (two identity cookies) play to the end: nothing is rated.
    let (g1, g2) = (
        format!("stones_player={}", "a".repeat(32)),
        format!("stones_player={}", "b".repeat(32)),
    );
    for _ in 0..3 {
        let s = play(port, &g1, &g2, "black", "white");
        assert_eq!(
            (s["result"].as_str(), &s["rated"]),
            (Some("B+R"), &json!(false)),
            "{s}"
        );
    }
    assert!(kept(&db).is_empty(), "{:?}", kept(&db));
    assert!(top(port).is_empty());

    // An account against a guest, against the computer, or on both seats: unrated too.
    let ann = register(port, "Ann");
    let s = play(port, &ann, &g2, "black", "white");
    assert_eq!(s["rated"], false, "{s}");
    for body in [
        json!({"game": "go", "set": {"size": 5}, "white": "random"}),
        json!({"game": "go", "set": {"size": 5}}),
    ] {
        let r = account_call(port, "POST", "/api/games", &body, &ann);
        assert_eq!(r.status, 201, "{}", r.body);
        let s = r.json();
        assert_eq!(s["rated"], false, "{s}");
        let token = s["tokens"]["black"].as_str().unwrap();
        let (_, body) = call(
            port,
            "POST",
            &format!("/api/games/{}/moves", s["id"].as_str().unwrap()),
            &json!({"move": "resign"}),
            Some(token),
        );
        let over: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(over["status"], "over", "{body}");
    }
    assert!(kept(&db).is_empty(), "{:?}", kept(&db));

    // Two accounts: rated (each seat named by its account, whatever the request said), but a
    // new account is in no TOP table.
    let bob = register(port, "Bob");
    let s = play(port, &ann, &bob, "black", "black");
    assert_eq!(s["result"], "W+R");
    assert_eq!(s["rated"], true, "{s}");
    assert_eq!(s["names"], json!({"black": "Ann", "white": "Bob"}), "{s}");
    let rows = kept(&db);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows
        .iter()
        .all(|(p, _, games)| p.starts_with("acct:") && *games == 1));
    assert_eq!((rows[0].1.as_str(), rows[1].1.as_str()), ("Ann", "Bob"));
    assert!(top(port).is_empty(), "{:?}", top(port));
    let page = account_call(port, "GET", "/stats/go", &Value::Null, "");
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("Bob") && !page.body.contains("Ann"));
}

#[test]
fn registrations_are_limited_per_address_and_the_top_tables_need_ten_games_against_five_opponents()
{
    let (server, db) = served("top");
    let port = server.port;
    let mut players: Vec<String> = ["Ann", "Bob", "Cy", "Di", "Ed"]
        .iter()
        .map(|n| register(port, n))
        .collect();
    // The sixth account from the same address waits; from another address it is made.
    let body = json!({"name": "Flo", "password": "password1"});
    let r = account_call_from("127.0.0.1", port, "POST", "/api/accounts", &body, "");
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.error().contains("new accounts"), "{}", r.body);
    let r = account_call_from("127.0.0.2", port, "POST", "/api/accounts", &body, "");
    assert_eq!(r.status, 201, "{}", r.body);
    players.push(session_cookie(&r));
    let ann = players[0].clone();

    // Farming: Ann beats Bob 10 times — 10 rated games, one opponent: in no table.
    for _ in 0..10 {
        let s = play(port, &ann, &players[1], "white", "black");
        assert_eq!(
            (s["result"].as_str(), &s["rated"]),
            (Some("W+R"), &json!(true))
        );
    }
    assert!(top(port).is_empty(), "{:?}", top(port));
    // Three more opponents: 13 games against 4, still none.
    for opponent in &players[2..5] {
        play(port, &ann, opponent, "white", "black");
    }
    assert!(top(port).is_empty(), "{:?}", top(port));
    // The fifth opponent: Ann is listed (14 games), alone — the others have played 1 to 10.
    play(port, &ann, &players[5], "white", "black");
    let t = account_call(port, "GET", "/api/ratings/go", &Value::Null, "").json();
    for table in ["by_rating", "by_wins", "by_games"] {
        let rows = t[table].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{t}");
        assert_eq!(rows[0]["name"], "Ann", "{t}");
    }
    assert_eq!(t["by_games"][0]["games"], 14);
    assert_eq!(t["by_wins"][0]["wins"], 14);
    assert_eq!(t["by_rating"][0]["bot"], false);
    assert!(
        t["by_rating"][0]["rating"].as_f64().unwrap() > 1500.0,
        "{t}"
    );
    assert_eq!(kept(&db).len(), 6);
    let page = account_call(port, "GET", "/stats/go", &Value::Null, "");
    assert!(page.body.contains("Ann") && !page.body.contains("Bob"));

    // The rule outlasts a restart: the opponents are kept.
    drop(server);
    let server = Served::start(&["--db", db.to_str().unwrap()]);
    assert_eq!(top(server.port), ["Ann", "Ann", "Ann"]);
}

#[cfg(feature = "postgres")]
#[test]
fn on_postgresql_two_servers_share_the_accounts_sessions_and_the_top_rule() {
    let Some(pg) = pg::postgres_or_skip("accounts") else {
        return;
    };
    let a = Served::start(&["--db", &pg.url]);
    let b = Served::start(&["--db", &pg.url]);
    let ann = register(a.port, "Ann");
    assert_eq!(who(b.port, &ann), json!({"name": "Ann"}));
    let r = account_call(
        b.port,
        "POST",
        "/api/accounts",
        &json!({"name": "ANN", "password": "password1"}),
        "",
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let r = account_call(
        b.port,
        "POST",
        "/api/session",
        &json!({"name": "ann", "password": "password2"}),
        "",
    );
    assert_eq!(r.status, 401, "{}", r.body);
    let others: Vec<String> = ["Bob", "Cy", "Di", "Ed", "Flo"]
        .iter()
        .map(|n| register(b.port, n))
        .collect();
    // Ten wins over Bob, the games alternating between the servers: no table yet.
    for i in 0..10 {
        let port = [a.port, b.port][i % 2];
        let s = play(port, &ann, &others[0], "white", "black");
        assert_eq!(s["rated"], true, "{s}");
    }
    for opponent in &others[1..4] {
        play(a.port, &ann, opponent, "white", "black");
    }
    assert!(top(a.port).is_empty() && top(b.port).is_empty());
    play(b.port, &ann, &others[4], "white", "black");
    assert_eq!(top(a.port), ["Ann", "Ann", "Ann"]);
    let t = account_call(b.port, "GET", "/api/ratings/go", &Value::Null, "").json();
    assert_eq!(t["by_games"][0]["games"], 14, "{t}");
    // Logged out through one server: the session ends on both.
    let r = account_call(a.port, "DELETE", "/api/session", &Value::Null, &ann);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(who(b.port, &ann), Value::Null);
}
