//! The `stones serve` JSON API over real sockets: games of every kind, moves accepted and refused,
//! undo, the computer's moves on a background thread, the SVG and downloads, and bad requests that
//! are answered with a 4xx and a clear message — the server stays up.

#[path = "support/http.rs"]
mod http;

use http::{bearer, get, send, send_at, Reply, Served};
use serde_json::{json, Value};
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn request(port: u16, method: &str, path: &str, body: &[u8]) -> Reply {
    request_as(port, &format!("localhost:{port}"), method, path, body)
}

fn request_as(port: u16, host: &str, method: &str, path: &str, body: &[u8]) -> Reply {
    request_with(port, host, method, path, body, None)
}

fn request_with(
    port: u16,
    host: &str,
    method: &str,
    path: &str,
    body: &[u8],
    token: Option<&str>,
) -> Reply {
    send(port, host, method, path, &bearer(token), body)
}

thread_local! {
    /// The seat tokens of the games this test created, by id.
    static TOKENS: std::cell::RefCell<std::collections::HashMap<String, Value>> = Default::default();
}

/// POST as the player to act: with the token (from the game's creation) of the seat to move, or of
/// any human seat when that one is the computer's.
fn post(port: u16, path: &str, body: &Value) -> Reply {
    let id = path.split('/').nth(3).unwrap_or("").to_string();
    let tokens = TOKENS.with(|t| t.borrow().get(&id).cloned());
    let token = tokens.and_then(|tokens| {
        let to_move = get(port, &format!("/api/games/{id}")).json()["to_move"].clone();
        let seat = tokens
            .get(to_move.as_str().unwrap_or(""))
            .or_else(|| tokens.as_object().and_then(|m| m.values().next()));
        seat.and_then(|t| t.as_str()).map(str::to_string)
    });
    post_with(port, path, body, token.as_deref())
}

fn post_with(port: u16, path: &str, body: &Value, token: Option<&str>) -> Reply {
    request_with(
        port,
        &format!("localhost:{port}"),
        "POST",
        path,
        body.to_string().as_bytes(),
        token,
    )
}

fn server() -> u16 {
    let server = stones_server::start("127.0.0.1", 0).expect("start the server");
    let port = server.port;
    std::thread::spawn(move || server.wait());
    port
}

/// A server where one address (this test's 127.0.0.1) may have every game in play, not only its
/// share (tests/web_shares.rs tests the shares).
fn server_unshared() -> u16 {
    let mut options = stones_server::Options::new("127.0.0.1", 0);
    options.creations_per_minute = 1000;
    options.shares = stones_server::http::ALL;
    let server = stones_server::start_with(&options).expect("start the server");
    let port = server.port;
    std::thread::spawn(move || server.wait());
    port
}

fn new_game(port: u16, body: Value) -> Value {
    let r = post(port, "/api/games", &body);
    assert_eq!(r.status, 201, "{}", r.body);
    let s = r.json();
    let id = s["id"].as_str().unwrap().to_string();
    TOKENS.with(|t| t.borrow_mut().insert(id, s["tokens"].clone()));
    s
}

/// Polls until the computer has finished and `moves` moves are on the record.
fn wait_for(port: u16, id: &str, moves: usize) -> Value {
    let start = Instant::now();
    loop {
        let s = get(port, &format!("/api/games/{id}")).json();
        if !s["thinking"].as_bool().unwrap() && s["moves"].as_array().unwrap().len() >= moves {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no computer move: {s}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_game_is_played_refused_undone_drawn_and_downloaded() {
    let port = server();
    let s = new_game(
        port,
        json!({"game": "go", "ruleset": "chinese", "set": {"size": 5}, "black": "human", "white": "human"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    for key in [
        "game", "ruleset", "moves", "to_move", "board", "captures", "status", "score", "legal",
        "players", "thinking",
    ] {
        assert!(s.get(key).is_some(), "state lacks {key}: {s}");
    }
    assert_eq!(s["game"], "go");
    assert_eq!(s["legal"].as_array().unwrap().len(), 25);
    assert_eq!(s["actions"], json!(["pass", "resign"]));
    assert_eq!(s["players"], json!({"black": "human", "white": "human"}));

    let s = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "c3"}),
    )
    .json();
    assert_eq!(s["moves"][0]["move"], "C3");
    assert_eq!(s["to_move"], "white");
    let r = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "C3"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.error().starts_with("occupied"), "{}", r.body);
    let r = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "Z9"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.error().contains("A1 to E5"), "{}", r.body);
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        1,
        "a refused move changed the game"
    );

    let svg = get(port, &format!("/api/games/{id}/svg"));
    assert_eq!(svg.status, 200);
    assert!(
        svg.headers.contains("content-type: image/svg+xml"),
        "{}",
        svg.headers
    );
    assert_eq!(svg.body.matches("data-point=").count(), 25);
    assert!(svg
        .body
        .contains("data-point=\"C3\" class=\"stone black last\""));

    let case = get(port, &format!("/api/games/{id}/case"));
    assert_eq!(case.status, 200);
    assert!(case.headers.contains("attachment"));
    assert!(case.body.contains("moves = [\"C3\"]"), "{}", case.body);
    let sgf = get(port, &format!("/api/games/{id}/sgf"));
    assert!(
        sgf.body.starts_with("(;") && sgf.body.contains("B[cc]"),
        "{}",
        sgf.body
    );

    // Between two people an undo is asked by one and accepted by the other.
    let tokens = TOKENS.with(|t| t.borrow()[&id].clone());
    let (black, white) = (
        tokens["black"].as_str().unwrap().to_string(),
        tokens["white"].as_str().unwrap().to_string(),
    );
    let undo = format!("/api/games/{id}/undo");
    let r = post_with(port, &undo, &json!({}), Some(&black));
    assert_eq!(r.status, 202, "{}", r.body);
    assert_eq!(r.json()["undo_request"], "black");
    assert_eq!(r.json()["moves"].as_array().unwrap().len(), 1);
    assert_eq!(post_with(port, &undo, &json!({}), Some(&black)).status, 409);
    let r = post_with(port, &undo, &json!({"decline": true}), Some(&white));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["undo_request"], Value::Null);
    assert_eq!(r.json()["moves"].as_array().unwrap().len(), 1);
    assert_eq!(post_with(port, &undo, &json!({}), Some(&black)).status, 202);
    let s = post_with(port, &undo, &json!({}), Some(&white)).json();
    assert_eq!(s["moves"], json!([]));
    let r = post_with(port, &undo, &json!({}), Some(&white));
    assert_eq!(r.status, 400);
    assert!(r.error().contains("no move"), "{}", r.body);
}

#[test]
fn the_computer_answers_on_a_background_thread_and_undo_takes_back_both_moves() {
    // Games left unfinished, more than one address's share of the games in play.
    let port = server_unshared();
    for (game, size, first) in [
        ("go", json!(5), "C3"),
        ("dots", json!([8, 8]), "D4"),
        ("gomoku", json!(9), "E5"),
        ("trigo", json!(3), "c3"),
    ] {
        for white in ["random", "mcts:playouts=30"] {
            let s = new_game(
                port,
                json!({"game": game, "set": {"size": size}, "black": "human", "white": white}),
            );
            let id = s["id"].as_str().unwrap().to_string();
            assert!(
                s["legal"].as_array().unwrap().iter().any(|p| p == first),
                "{game}: {s}"
            );
            let s = post(
                port,
                &format!("/api/games/{id}/moves"),
                &json!({"move": first}),
            )
            .json();
            // The POST returns at once; a quick computer may already have answered.
            assert_eq!(s["moves"][0]["player"], "black", "{game}: {s}");
            let s = wait_for(port, &id, 2);
            assert_eq!(s["moves"][1]["player"], "white", "{game}");
            assert_eq!(s["to_move"], "black", "{game}");
            if game == "trigo" {
                assert_eq!(s["two_points"], true, "{s}");
            }
            let s = post(port, &format!("/api/games/{id}/undo"), &json!({})).json();
            assert_eq!(s["moves"], json!([]), "{game}: undo takes back both moves");
        }
    }
    // The computer as Black moves first, by itself; a person's move out of turn is refused.
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "black": "random", "white": "human"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let s = wait_for(port, &id, 1);
    assert_eq!(s["to_move"], "white");
    // Two computers play a whole game of Gomoku.
    let s = new_game(
        port,
        json!({"game": "gomoku", "set": {"size": 7}, "ruleset": "freestyle", "black": "random", "white": "random"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let start = Instant::now();
    loop {
        let s = get(port, &format!("/api/games/{id}")).json();
        if s["status"] == "over" {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn bad_requests_are_answered_with_4xx_and_a_message() {
    let port = server();
    let cases: Vec<(&str, &str, Vec<u8>, u16, &str)> = vec![
        ("POST", "/api/games", b"{not json".to_vec(), 400, "not JSON"),
        ("POST", "/api/games", b"[1,2]".to_vec(), 400, "JSON object"),
        (
            "POST",
            "/api/games",
            br#"{"game":"chess"}"#.to_vec(),
            400,
            "unknown game 'chess'",
        ),
        (
            "POST",
            "/api/games",
            br#"{}"#.to_vec(),
            400,
            "\"game\" is missing",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","ruleset":"rulesets/go/classic.toml"}"#.to_vec(),
            400,
            "unknown ruleset",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","ruleset":"/etc/passwd"}"#.to_vec(),
            400,
            "expected one of classic",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","set":{"colour":1}}"#.to_vec(),
            400,
            "unknown field `colour`",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","set":{"size":1000}}"#.to_vec(),
            400,
            "size",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","set":{"komi":null}}"#.to_vec(),
            400,
            "null",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","set":7}"#.to_vec(),
            400,
            "must be an object",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","white":"gtp:/bin/sh -c true"}"#.to_vec(),
            400,
            "starts no other program",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","white":"mcts:time=100"}"#.to_vec(),
            400,
            "at most 10 seconds",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","white":"wizard"}"#.to_vec(),
            400,
            "white",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","colour":"black"}"#.to_vec(),
            400,
            "unknown field \"colour\"",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","set":{"size":3},"setup":{"board":"x x x\nx x x\nx x x"}}"#.to_vec(),
            400,
            "the chain at A3 has no liberty",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game":"go","setup":{"board":"","to_move":"red"}}"#.to_vec(),
            400,
            "setup.to_move: unknown colour 'red'",
        ),
        (
            "POST",
            "/api/games",
            vec![b' '; 70 * 1024],
            413,
            "over 65536 bytes",
        ),
        ("GET", "/api/games/nosuchgame", vec![], 404, "no game"),
        (
            "POST",
            "/api/games/nosuchgame/moves",
            br#"{"move":"D4"}"#.to_vec(),
            404,
            "no game",
        ),
        ("GET", "/etc/passwd", vec![], 404, "nothing at"),
        ("GET", "/../../etc/passwd", vec![], 404, "nothing at"),
        ("DELETE", "/api/games", vec![], 405, "DELETE"),
    ];
    for (method, path, body, status, needle) in cases {
        let r = request(port, method, path, &body);
        assert_eq!(r.status, status, "{method} {path}: {}", r.body);
        assert!(
            r.error().contains(needle),
            "{method} {path}: {} lacks {needle}",
            r.body
        );
    }
    let s = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    let id = s["id"].as_str().unwrap();
    for (body, needle) in [
        (json!({}), "expected {\"move\""),
        (json!({"move": 4}), "expected {\"move\""),
        (json!({"move": "x".repeat(200)}), "at most 100"),
        (json!({"move": "dead C3"}), "dead"),
    ] {
        let r = post(port, &format!("/api/games/{id}/moves"), &body);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert!(r.error().contains(needle), "{body}: {}", r.body);
    }
    // Only this computer's names: a page elsewhere cannot rebind its name to 127.0.0.1 and play.
    let r = request_as(port, "evil.example:80", "GET", "/api/catalog", b"");
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.error().contains("only to 127.0.0.1"), "{}", r.body);
    assert_eq!(
        request_as(port, &format!("127.0.0.1:{port}"), "GET", "/", b"").status,
        200
    );
    // Still serving.
    assert_eq!(get(port, "/api/catalog").status, 200);
    assert_eq!(get(port, "/").status, 200);
    assert!(
        get(port, "/app.js").body.contains("data-point")
            || get(port, "/app.js").body.contains("dataset.point")
    );
}

#[test]
fn at_most_64_games_in_play_and_finished_games_free_their_slot() {
    // The bound in all, from one address: its share is the whole here.
    let port = server_unshared();
    let mut ids = Vec::new();
    for _ in 0..64 {
        let s = new_game(port, json!({"game": "go", "set": {"size": 2}}));
        ids.push(s["id"].as_str().unwrap().to_string());
    }
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "set": {"size": 2}}),
    );
    assert_eq!(r.status, 503);
    assert!(r.error().contains("64 games in play"), "{}", r.body);
    // Resigned games no longer count: 64 new ones fit.
    for id in &ids {
        let s = post(
            port,
            &format!("/api/games/{id}/moves"),
            &json!({"move": "resign"}),
        )
        .json();
        assert_eq!(s["status"], "over", "{s}");
    }
    for _ in 0..64 {
        new_game(port, json!({"game": "go", "set": {"size": 2}}));
    }
    // The finished games are still there to look at.
    assert_eq!(
        get(port, &format!("/api/games/{}", ids[0])).json()["status"],
        "over"
    );
}

#[test]
fn ids_are_128_random_bits() {
    let port = server();
    let a = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    let b = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    for s in [&a, &b] {
        let id = s["id"].as_str().unwrap();
        assert_eq!(id.len(), 32, "{id}");
        assert!(
            id.bytes()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()),
            "{id}"
        );
    }
    assert_ne!(a["id"], b["id"]);
}

#[test]
fn a_computer_game_nobody_watches_pauses_and_a_visit_wakes_it() {
    let mut options = stones_server::Options::new("127.0.0.1", 0);
    options.watch = Duration::from_millis(300);
    let server = stones_server::start_with(&options).expect("start the server");
    let port = server.port;
    std::thread::spawn(move || server.wait());
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 9}, "black": "mcts:playouts=50", "white": "mcts:playouts=50"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["resumed"], false, "watched since its creation: {s}");
    // Nobody asks for a while: the computer finishes the move it was on, then waits.
    std::thread::sleep(Duration::from_millis(2500));
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["status"], "ongoing", "{s}");
    assert_eq!(
        s["resumed"], true,
        "the computer played on with nobody watching: {s}"
    );
    assert_eq!(s["thinking"], true, "a visit wakes it: {s}");
}

#[test]
fn trigo_and_the_marking_step_through_the_api() {
    let port = server();
    // TriGo: Black's opening is one stone, then two points a move.
    let s = new_game(port, json!({"game": "trigo", "set": {"size": 3}}));
    let id = s["id"].as_str().unwrap().to_string();
    assert_eq!(s["two_points"], false);
    let s = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "c3"}),
    )
    .json();
    assert_eq!(s["two_points"], true);
    assert!(!s["legal"].as_array().unwrap().iter().any(|p| p == "c3"));
    let r = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.error().contains("two"), "{}", r.body);
    let s = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1+b1"}),
    )
    .json();
    assert_eq!(s["moves"][1]["move"], "a1+b1");
    // Go: after two passes, clicking chains marks them dead; done counts the game.
    let s = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    let id = s["id"].as_str().unwrap().to_string();
    for mv in ["C3", "A1", "pass", "pass"] {
        post(
            port,
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv}),
        );
    }
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["status"], "scoring");
    assert!(
        s["legal"].as_array().unwrap().iter().any(|p| p == "A1"),
        "{s}"
    );
    assert!(
        s["actions"].as_array().unwrap().iter().any(|a| a == "done"),
        "{s}"
    );
    post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "dead A1"}),
    );
    let svg = get(port, &format!("/api/games/{id}/svg")).body;
    assert!(
        svg.contains("data-point=\"A1\" class=\"stone white dead\""),
        "{svg}"
    );
    let s = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "done"}),
    )
    .json();
    assert_eq!(s["status"], "over");
    let result = s["result"].as_str().unwrap();
    assert!(result.starts_with("B+"), "{s}");
    // The page shows the result in words, the terminal's, with the code and a line per player.
    let words = s["result_words"].as_str().unwrap();
    let first = words.lines().next().unwrap();
    assert!(
        first.starts_with("Black wins by ") && first.ends_with(&format!("({result})")),
        "{words}"
    );
    assert_eq!(words.lines().count(), 3, "{words}");
    assert!(
        words.contains("dead stones 1"),
        "A1 was marked dead: {words}"
    );
}

#[test]
fn stones_serve_listens_on_loopback_unless_told_and_says_where() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("stones: serving on http://127.0.0.1:"),
        "{line}"
    );
    let port: u16 = line
        .trim_start_matches("stones: serving on http://127.0.0.1:")
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_ne!(port, 0);
    // Another computer's address needs the public URL people use.
    let open = Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0", "--bind", "0.0.0.0"])
        .output()
        .unwrap();
    assert!(!open.status.success());
    let err = String::from_utf8_lossy(&open.stderr);
    assert!(err.contains("--public-url"), "{err}");
    let bad = Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0", "--bind", "not an address"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("cannot listen on not an address:0"), "{err}");
}

#[test]
fn two_computers_play_go_to_the_end_and_agree_on_dead_stones() {
    let port = server();
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "black": "random", "white": "random"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let start = Instant::now();
    loop {
        let s = get(port, &format!("/api/games/{id}")).json();
        if s["status"] == "over" {
            assert!(s["result"].is_string(), "{s}");
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn request_to(ip: &str, port: u16, host: &str, origin: Option<&str>) -> u16 {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    send_at(ip, port, host, "GET", "/api/catalog", &origin, b"").status
}

#[test]
fn any_loopback_address_serves_its_own_name() {
    let served = Served::start(&["--bind", "127.0.0.2"]);
    let (port, line) = (served.port, &served.line);
    assert!(line.contains("http://127.0.0.2:"), "{line}");
    let status = request_to("127.0.0.2", port, &format!("127.0.0.2:{port}"), None);
    let evil = request_to("127.0.0.2", port, "evil.example", None);
    assert_eq!(status, 200);
    assert_eq!(evil, 403);
}

#[test]
fn a_public_url_is_the_only_name_answered_and_the_server_warns_of_no_tls() {
    use std::io::Read as _;
    let mut served = Served::start_heard(&["--public-url", "https://games.example.org"]);
    let port = served.port;
    let ok = request_to(
        "127.0.0.1",
        port,
        "games.example.org",
        Some("https://games.example.org"),
    );
    let other_origin = request_to(
        "127.0.0.1",
        port,
        "games.example.org",
        Some("http://games.example.org"),
    );
    let loopback_name = request_to("127.0.0.1", port, &format!("127.0.0.1:{port}"), None);
    let _ = served.child.kill();
    let _ = served.child.wait();
    let mut err = String::new();
    served
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(ok, 200);
    assert_eq!(other_origin, 403);
    assert_eq!(loopback_name, 403);
    assert!(
        err.contains("no TLS") && err.contains("reverse proxy"),
        "{err}"
    );
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0", "--public-url", "games.example.org"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("expected http://HOST"));
}

#[test]
fn only_the_seat_to_act_may_move_and_anyone_watches() {
    let port = server();
    let s = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    let id = s["id"].as_str().unwrap().to_string();
    let (black, white) = (
        s["tokens"]["black"].as_str().unwrap().to_string(),
        s["tokens"]["white"].as_str().unwrap().to_string(),
    );
    assert_eq!(black.len(), 32);
    assert_ne!(black, white);
    for (seat, token) in [("black", &black), ("white", &white)] {
        let link = s["invitations"][seat].as_str().unwrap();
        assert!(
            link.starts_with(&format!("http://localhost:{port}/#{id}&{seat}={token}")),
            "{link}"
        );
    }
    // The state others see carries no token.
    let watched = get(port, &format!("/api/games/{id}"));
    assert_eq!(watched.status, 200);
    assert!(!watched.body.contains(&black) && !watched.body.contains(&white));
    let moves = format!("/api/games/{id}/moves");
    for token in [
        None,
        Some(white.as_str()),
        Some("0123456789abcdef0123456789abcdef"),
    ] {
        let r = post_with(port, &moves, &json!({"move": "C3"}), token);
        assert_eq!(r.status, 403, "{token:?}: {}", r.body);
        assert!(r.error().contains("black is to act"), "{}", r.body);
    }
    let r = post_with(port, &moves, &json!({"move": "resign"}), Some(&white));
    assert_eq!(r.status, 403, "white resigns out of turn: {}", r.body);
    assert_eq!(
        post_with(port, &moves, &json!({"move": "C3"}), Some(&black)).status,
        200
    );
    assert_eq!(
        post_with(port, &moves, &json!({"move": "D3"}), Some(&black)).status,
        403
    );
    assert_eq!(
        post_with(port, &format!("/api/games/{id}/undo"), &json!({}), None).status,
        403
    );
    assert_eq!(
        post_with(port, &moves, &json!({"move": "D3"}), Some(&white)).status,
        200
    );
    // Against the computer only the person's seat has a token, and undo needs no consent.
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "white": "random"}),
    );
    assert_eq!(s["tokens"].as_object().unwrap().len(), 1, "{s}");
    assert!(s["invitations"]["white"].is_null());
}

#[test]
fn moves_reach_a_watcher_through_server_sent_events() {
    use std::io::BufRead;
    let port = server();
    let s = new_game(port, json!({"game": "go", "set": {"size": 5}}));
    let id = s["id"].as_str().unwrap().to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"
    )
    .unwrap();
    let mut lines = std::io::BufReader::new(stream);
    let mut next_state = || -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            lines.read_line(&mut line).expect("an event");
            if let Some(data) = line.strip_prefix("data: ") {
                return serde_json::from_str(data).unwrap();
            }
        }
    };
    let first = next_state();
    assert_eq!(first["id"], id.as_str());
    assert_eq!(first["moves"], json!([]));
    post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "C3"}),
    );
    let second = next_state();
    assert_eq!(second["moves"][0]["move"], "C3", "{second}");
}

#[test]
fn one_address_creates_a_bounded_number_of_games_a_minute() {
    let port = server();
    for _ in 0..stones_server::CREATIONS_PER_MINUTE {
        let s = new_game(port, json!({"game": "go", "set": {"size": 2}}));
        let id = s["id"].as_str().unwrap().to_string();
        post(
            port,
            &format!("/api/games/{id}/moves"),
            &json!({"move": "resign"}),
        );
    }
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "set": {"size": 2}}),
    );
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.error().contains("a minute"), "{}", r.body);
    // Playing and watching go on.
    assert_eq!(get(port, "/api/catalog").status, 200);
}

#[test]
fn the_lobby_lists_open_games_and_the_first_to_join_gets_the_seat() {
    let port = server();
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}, "open": "white", "name": "Ann"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let s = r.json();
    let id = s["id"].as_str().unwrap().to_string();
    // The creator holds Black only; White's token is for whoever joins.
    assert!(
        s["tokens"]["black"].is_string() && s["tokens"]["white"].is_null(),
        "{s}"
    );
    assert!(s["invitations"]["white"].is_null());
    assert_eq!(s["open_seat"], "white");
    assert_eq!(s["names"]["black"], "Ann");
    let lobby = get(port, "/api/lobby").json();
    let open = lobby["open"].as_array().unwrap();
    let listed = open
        .iter()
        .find(|g| g["id"] == id.as_str())
        .expect("listed");
    assert_eq!(listed["game"], "go");
    assert_eq!(listed["open_seat"], "white");
    assert_eq!(listed["names"]["black"], "Ann");
    let r = post_with(
        port,
        &format!("/api/games/{id}/join"),
        &json!({"name": "Bob"}),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let joined = r.json();
    assert_eq!(joined["seat"], "white");
    let white = joined["token"].as_str().unwrap().to_string();
    assert_eq!(white.len(), 32);
    let r = post_with(
        port,
        &format!("/api/games/{id}/join"),
        &json!({"name": "Eve"}),
        None,
    );
    assert_eq!(r.status, 409, "the seat is given once: {}", r.body);
    let lobby = get(port, "/api/lobby").json();
    assert!(!lobby["open"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str()));
    let playing = lobby["playing"].as_array().unwrap();
    let listed = playing
        .iter()
        .find(|g| g["id"] == id.as_str())
        .expect("being played");
    assert_eq!(listed["names"]["white"], "Bob");
    let black = s["tokens"]["black"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(
        post_with(port, &moves, &json!({"move": "C3"}), Some(black)).status,
        200
    );
    assert_eq!(
        post_with(port, &moves, &json!({"move": "D3"}), Some(&white)).status,
        200
    );
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "open": "white", "white": "random"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.error().contains("person's"), "{}", r.body);
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "name": "x".repeat(41)}),
    );
    assert_eq!(r.status, 400);
}

#[test]
fn clocks_run_on_the_server_and_a_flag_falls_with_nobody_connected() {
    let port = server();
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "clock": "10m+5s"}),
    );
    assert_eq!(s["clock"]["control"], "10m+5s");
    assert_eq!(s["clock"]["running"], "black");
    let id = s["id"].as_str().unwrap().to_string();
    let s = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "C3"}),
    )
    .json();
    // Black's increment is added; White's time runs now.
    assert!(s["clock"]["black"].as_u64().unwrap() > 600_000, "{s}");
    assert_eq!(s["clock"]["running"], "white");
    // A one-second game: after Black's move nobody asks anything, and White's flag falls anyway
    // (the lobby, read from the database, no longer lists the game as being played).
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "clock": "1s"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let black = s["tokens"]["black"].as_str().unwrap().to_string();
    let r = post_with(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "C3"}),
        Some(&black),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let start = Instant::now();
    while get(port, "/api/lobby").json()["playing"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str())
    {
        assert!(start.elapsed() < Duration::from_secs(30), "no flag fell");
        std::thread::sleep(Duration::from_millis(100));
    }
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["status"], "over", "{s}");
    assert_eq!(s["result"], "B+T");
    assert_eq!(s["clock"]["flagged"], "white");
    assert_eq!(s["legal"], json!([]));
    let white = s["tokens"].as_str().map(str::to_string);
    assert!(white.is_none(), "the state carries no token");
    let r = post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "D3"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.error().contains("ran out of time"), "{}", r.body);
    assert!(get(port, &format!("/api/games/{id}/sgf"))
        .body
        .contains("RE[B+T]"));
    let r = post(port, "/api/games", &json!({"game": "go", "clock": "soon"}));
    assert_eq!(r.status, 400);
    assert!(r.error().contains("\"clock\""), "{}", r.body);
}

/// A request with a guest's identity cookie.
fn as_guest(
    port: u16,
    method: &str,
    path: &str,
    body: &Value,
    cookie: &str,
    token: Option<&str>,
) -> Reply {
    let headers = format!("Cookie: stones_player={cookie}\r\n{}", bearer(token));
    let host = format!("localhost:{port}");
    send(
        port,
        &host,
        method,
        path,
        &headers,
        body.to_string().as_bytes(),
    )
}

#[test]
fn guests_play_unrated_and_the_statistics_count_their_games() {
    let port = server();
    let (ann, bob) = ("a".repeat(32), "b".repeat(32));
    // A guest without a cookie is given an identity.
    let r = post(
        port,
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}}),
    );
    assert!(
        r.headers.contains("set-cookie: stones_player="),
        "{}",
        r.headers
    );
    // Ann opens a seat, Bob joins from the lobby, Ann resigns.
    let r = as_guest(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}, "open": "white", "name": "Ann"}),
        &ann,
        None,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(
        !r.headers.contains("set-cookie"),
        "a known guest keeps its identity"
    );
    let s = r.json();
    let id = s["id"].as_str().unwrap().to_string();
    let ann_token = s["tokens"]["black"].as_str().unwrap().to_string();
    let r = as_guest(
        port,
        "POST",
        &format!("/api/games/{id}/join"),
        &json!({"name": "Bob"}),
        &bob,
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let empty = get(port, "/api/ratings/go").json();
    assert_eq!(
        empty["by_rating"],
        json!([]),
        "nothing is rated before a game ends"
    );
    let r = post_with(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "resign"}),
        Some(&ann_token),
    );
    assert_eq!(r.json()["result"], "W+R");
    assert_eq!(r.json()["rated"], false, "{}", r.body);
    // The result stands: no undo after the end.
    let r = post_with(
        port,
        &format!("/api/games/{id}/undo"),
        &json!({}),
        Some(&ann_token),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // Rated games are between accounts (tests/web_accounts.rs): two guests' is not.
    let t = get(port, "/api/ratings/go").json();
    assert_eq!(t["by_rating"], json!([]), "{t}");
    // Against the computer, and one person on both seats: unrated too.
    let r = as_guest(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}, "white": "random", "name": "Ann"}),
        &ann,
        None,
    );
    let s = r.json();
    let token = s["tokens"]["black"].as_str().unwrap().to_string();
    let id = s["id"].as_str().unwrap().to_string();
    post_with(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "resign"}),
        Some(&token),
    );
    let r = as_guest(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}}),
        &ann,
        None,
    );
    let s = r.json();
    let id = s["id"].as_str().unwrap().to_string();
    post_with(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "resign"}),
        s["tokens"]["black"].as_str(),
    );
    let t = get(port, "/api/ratings/go").json();
    for table in ["by_rating", "by_wins", "by_games"] {
        assert_eq!(t[table], json!([]), "{t}");
    }
    assert_eq!(get(port, "/api/ratings/chess").status, 404);
    // The statistics and the activity graph show the three finished games.
    let st = get(port, "/api/stats/go").json();
    assert_eq!(st["games"], 3, "{st}");
    assert_eq!(st["by_colour"], json!({"black": 0, "white": 3, "draw": 0}));
    assert_eq!(st["by_reason"], json!({"resignation": 3}));
    assert_eq!(st["per_day"].as_array().unwrap().last().unwrap(), 3);
    let page = get(port, "/stats/go");
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("content-type: text/html"));
    assert!(
        page.body.contains("<rect class=\"day\" data-games=\"3\""),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Bob") && page.body.contains("TOP 20 by wins"));
    assert_eq!(get(port, "/stats/chess").status, 404);
}

#[test]
fn review_the_computers_view_the_graph_and_the_estimate() {
    let port = server();
    let body =
        json!({"game": "go", "set": {"size": 5}, "black": "human", "white": "mcts:playouts=60"});
    let s = new_game(port, body.clone());
    let id = s["id"].as_str().unwrap().to_string();
    assert_eq!(s["request"], body, "the request is kept for a rematch");
    assert_eq!(s["thoughts"], json!([]));
    post(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "C3"}),
    );
    let s = wait_for(port, &id, 2);
    assert!(s["version"].as_u64().unwrap() > 0, "{s}");
    // The computer's thought behind move 2.
    let t = &s["thoughts"][0];
    assert_eq!(
        (t["n"].as_u64(), t["player"].as_str()),
        (Some(2), Some("white")),
        "{s}"
    );
    assert_eq!(
        t["pv"][0], s["moves"][1]["move"],
        "the line starts with the move played"
    );
    for key in ["win_rate", "black"] {
        assert!(
            (0.0..=1.0).contains(&t[key].as_f64().unwrap()),
            "{key}: {t}"
        );
    }
    // The board after each move, and the position now.
    let stones = |path: &str| {
        let r = get(port, path);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        assert!(r.headers.contains("image/svg+xml"), "{path}");
        r.body.matches("class=\"stone ").count()
    };
    for (at, n) in [(0, 0), (1, 1), (2, 2)] {
        assert_eq!(
            stones(&format!("/api/games/{id}/svg?at={at}")),
            n,
            "at={at}"
        );
    }
    assert_eq!(stones(&format!("/api/games/{id}/svg")), 2);
    for bad in ["at=3", "at=x", "at=-1", "from=1"] {
        let r = get(port, &format!("/api/games/{id}/svg?{bad}"));
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert!(r.error().contains("from 0 to 2"), "{bad}: {}", r.error());
    }
    // The win-rate graph: the computer's one move so far.
    let r = get(port, &format!("/api/games/{id}/plot"));
    assert_eq!(r.status, 200);
    assert!(r.headers.contains("image/svg+xml"));
    assert_eq!(r.body.matches("class=\"point\"").count(), 1, "{}", r.body);
    // The estimate: every point's ownership, of the position now or after a move.
    for path in ["ownership", "ownership?at=1"] {
        let r = get(port, &format!("/api/games/{id}/{path}"));
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        let e = r.json();
        let points = e["points"].as_object().unwrap();
        assert_eq!(points.len(), 25, "{path}");
        assert!(points.values().all(|v| v.as_f64().unwrap().abs() <= 1.0));
        assert!(points.contains_key("C3"));
        let komi = e["komi"].as_f64().unwrap();
        assert!(komi > 0.0 && e["white"].as_f64().unwrap() >= komi, "{e}");
    }
    let r = get(port, &format!("/api/games/{id}/ownership?at=7"));
    assert_eq!(r.status, 400, "{}", r.body);
    // An undo takes the thought back with the move.
    let s = post(port, &format!("/api/games/{id}/undo"), &json!({})).json();
    assert_eq!(s["thoughts"], json!([]), "{s}");
}

#[test]
fn the_catalog_offers_komi_and_handicap_where_a_ruleset_has_them_and_there_is_a_favicon() {
    let port = server();
    let catalog = get(port, "/api/catalog").json();
    let settings = |game: &str| {
        catalog["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["game"] == game)
            .unwrap()["rulesets"][0]["settings"]
            .clone()
    };
    let go = settings("go");
    assert!(go.get("komi").is_some() && go["handicap"] == 0, "{go}");
    assert_eq!(settings("trigo").get("handicap"), None);
    assert_eq!(settings("gomoku"), json!({}));
    for path in ["/favicon.ico", "/favicon.svg"] {
        let r = get(port, path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.headers.contains("image/svg+xml") && r.body.starts_with("<svg"));
    }
}

#[test]
fn an_uploaded_record_is_a_game_to_review_and_play_on() {
    let port = server();
    let upload = |record: &str| post(port, "/api/uploads", &json!({ "record": record }));
    // SGF: its size and komi, its moves; both seats to the uploader, who may play on.
    let r = upload("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gg])");
    assert_eq!(r.status, 201, "{}", r.body);
    let s = r.json();
    let id = s["id"].as_str().unwrap().to_string();
    let moves: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["E5", "C7", "G3"]);
    assert_eq!(s["request"]["set"], json!({"size": [9, 9], "komi": 6.5}));
    // A record to review is nobody's game in play: not in the lobby.
    let lobby = get(port, "/api/lobby").json();
    assert!(!lobby.to_string().contains(&id), "{lobby}");
    let r = get(port, &format!("/api/games/{id}/svg?at=1"));
    assert_eq!(r.body.matches("class=\"stone ").count(), 1);
    let r = post_with(
        port,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "D4"}),
        s["tokens"]["white"].as_str(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A set-up start (handicap stones) is the game's start: its pictures, its case file.
    let s = upload("(;GM[1]FF[4]SZ[9]HA[2]KM[0.5]AB[gc][cg];W[ee])").json();
    let id = s["id"].as_str().unwrap().to_string();
    assert_eq!(s["request"]["setup"]["to_move"], "white", "{s}");
    let r = get(port, &format!("/api/games/{id}/svg?at=0"));
    assert_eq!(r.body.matches("class=\"stone ").count(), 2);
    let case = get(port, &format!("/api/games/{id}/case")).body;
    assert!(
        case.contains("[setup]") && case.contains("to_move = \"white\""),
        "{case}"
    );
    // A case file, to its end: the result in words.
    let case = "game = \"gomoku\"\nruleset = \"freestyle\"\nmoves = [\"H8\", \"A1\", \"H9\", \"A2\", \"H10\", \"A3\", \"H11\", \"A4\", \"H12\"]\n[set]\nsize = 15\n";
    let s = upload(case).json();
    assert_eq!(s["status"], "over", "{s}");
    assert!(
        s["result_words"]
            .as_str()
            .unwrap()
            .contains("five in a row"),
        "{s}"
    );
    // Refused, with the reason, and no game left behind.
    let before = get(port, "/api/lobby").json()["playing"]
        .as_array()
        .unwrap()
        .len();
    for (record, words) in [
        ("(;GM[1]SZ[9];B[ee];B[cc])", "out of turn"),
        ("(;GM[1]SZ[9];B[ee];AW[cc];B[dd])", "after its start"),
        ("(;GM[1]SZ[5];B[cc];W[cc])", "occupied"),
        (
            "game = \"go\"\nruleset = \"../x.toml\"\n",
            "unknown ruleset",
        ),
        (
            "game = \"go\"\nmoves = [\"C3\", \"C3\"]\n",
            "move 2 (C3): occupied",
        ),
        ("not a record", "expected an SGF record or a case file"),
    ] {
        let r = upload(record);
        assert_eq!(r.status, 400, "{record}: {}", r.body);
        assert!(r.error().contains(words), "{record}: {}", r.error());
    }
    let r = post(port, "/api/uploads", &json!({"sgf": "(;)"}));
    assert_eq!(r.status, 400);
    assert!(r.error().contains("{\"record\""), "{}", r.error());
    assert_eq!(
        get(port, "/api/lobby").json()["playing"]
            .as_array()
            .unwrap()
            .len(),
        before
    );
}

#[test]
fn a_game_is_analysed_position_by_position() {
    let port = server();
    let s = new_game(
        port,
        json!({"game": "gomoku", "ruleset": "freestyle", "set": {"size": 9}, "black": "human", "white": "human"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    for mv in ["E5", "A1", "E6", "A2", "E7", "A3", "E8", "A4", "E9"] {
        let r = post(
            port,
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv}),
        );
        assert_eq!(r.status, 200, "{mv}: {}", r.body);
    }
    let r = get(port, &format!("/api/games/{id}/analysis"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.headers.contains("image/svg+xml"));
    // The start and each of the nine moves; the last, Black's five, reads won.
    assert_eq!(r.body.matches("class=\"point\"").count(), 10, "{}", r.body);
    assert!(r.body.contains("<title>9: 100%</title>"), "{}", r.body);
    assert_eq!(get(port, "/api/games/0123/analysis").status, 404);
}

#[test]
fn in_dots_the_time_alone_after_a_stop_runs_on_the_server_and_ends_the_game() {
    let port = server();
    let s = new_game(
        port,
        json!({"game": "dots", "set": {"size": [8, 8], "stop_time": 1}, "clock": "10m"}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/moves");
    for mv in ["D4", "E5", "stop"] {
        let r = post(port, &path, &json!({"move": mv}));
        assert_eq!(r.status, 200, "{mv}: {}", r.body);
    }
    // White moves alone: its own time stands still, the time alone runs.
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["clock"]["running"], Value::Null, "{s}");
    assert!(s["clock"]["alone_ms"].as_i64().unwrap() <= 1000, "{s}");
    // Nobody moves: the server ends the game when the second is up (checked every 0.2 s).
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let s = loop {
        let s = get(port, &format!("/api/games/{id}")).json();
        if s["status"] != "ongoing" {
            break s;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game goes on: {s}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(moves.last().unwrap()["move"], "stop", "{s}");
    assert_eq!(moves.last().unwrap()["player"], "white", "{s}");
    assert_eq!(s["clock"]["flagged"], Value::Null, "{s}");
}

#[test]
fn an_uploaded_finished_record_opens_at_its_end() {
    let port = server();
    let upload = |record: &str| post(port, "/api/uploads", &json!({ "record": record }));
    // Go counted after marking the White stone on B3 dead (TB holds it), as `stones` saves it: the
    // game opens counted, not in the marking step.
    let go = "(;GM[1]FF[4]SZ[5]KM[5.5]RE[B+0.5]RU[classic];B[ce];W[de];B[cd];W[dd];B[cc];W[dc];\
              B[cb];W[db];B[ca];W[da];B[];W[bc];B[];W[]TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]\
              TW[ea][eb][ec][ed][ee])";
    // Dots ended by both STOPs (empty moves), and a resignation that is only the record's RE.
    let dots = "(;FF[4]GM[40]SZ[5:5]RE[B+1]RU[official first_move_zone=false];B[bc];W[cc];B[cb];\
                W[ae];B[dc];W[aa];B[cd.cddccbbccd];W[];B[])";
    let resigned = "(;GM[1]SZ[9]RE[B+R];B[ee])";
    for (record, result, last) in [
        (go, "B+0.5", "done"),
        (dots, "B+1", "stop"),
        (resigned, "B+R", "resign"),
    ] {
        let r = upload(record);
        assert_eq!(r.status, 201, "{}", r.body);
        let s = r.json();
        assert_eq!(s["status"], "over", "{record}: {s}");
        assert_eq!(s["result"], result, "{record}");
        let moves = s["moves"].as_array().unwrap();
        assert_eq!(moves.last().unwrap()["move"], last, "{record}: {s}");
        // Stored: read again, it is the same finished game.
        let id = s["id"].as_str().unwrap();
        let again = get(port, &format!("/api/games/{id}")).json();
        assert_eq!(again["status"], "over", "{again}");
        assert_eq!(again["result"], result);
    }
    let s = upload(go).json();
    let dead = s["moves"].as_array().unwrap()[14].clone();
    assert_eq!(dead["move"], "dead B3", "{s}");
}

#[test]
fn the_marking_step_opens_with_the_searchs_dead_stones_marked_for_people_to_confirm() {
    let port = server();
    // Black's wall on B, White's on D; White's A1 inside Black's side, Black's E5 inside White's.
    let board = ". x . o x\n. x . o .\n. x . o .\n. x . o .\no x . o .";
    let s = new_game(
        port,
        json!({"game": "go", "set": {"size": 5}, "setup": {"board": board, "to_move": "black"}}),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    for _ in 0..2 {
        let r = post(port, &moves, &json!({"move": "pass"}));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let start = std::time::Instant::now();
    let s = loop {
        let s = get(port, &format!("/api/games/{id}")).json();
        if s["thinking"] == false && s["moves"].as_array().unwrap().len() > 2 {
            break s;
        }
        assert!(start.elapsed().as_secs() < 30, "no marks: {s}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let mut marked: Vec<&str> = s["moves"].as_array().unwrap()[2..]
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    marked.sort();
    assert_eq!(marked, ["dead A1", "dead E5"], "{s}");
    // Marked, not agreed: the people confirm (or change the marks) with done.
    assert_eq!(s["status"], "scoring", "{s}");
    // Unmarking stands: the search does not mark again.
    let r = post(port, &moves, &json!({"move": "dead A1"}));
    assert_eq!(r.status, 200, "{}", r.body);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let s = get(port, &format!("/api/games/{id}")).json();
    assert_eq!(s["moves"].as_array().unwrap().len(), 5, "{s}");
    let r = post(port, &moves, &json!({"move": "done"}));
    assert_eq!(r.status, 200, "{}", r.body);
}
