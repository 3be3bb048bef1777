//! `stones serve` bounds the computer (issue 36, point 3): each move within `--max-think` whatever
//! the player's spec says, and a game between computers goes on only while someone asks about it
//! (`--watch`): an event stream counts as a request when it opens, and ends by itself before the
//! watch does, so a stream nobody opens again keeps no computer playing.

#[path = "support/http.rs"]
mod http;

use http::{get, moves, Served};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

/// POSTs `body` to `path` with `token`: the answer's JSON (a failure unless `status`).
fn post(server: &Served, path: &str, body: &Value, token: Option<&str>, status: u16) -> Value {
    let (got, text) = server.call("POST", path, body, token);
    assert_eq!(got, status, "POST {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The moves the lobby shows for game `id` (reading the lobby does not count as watching a game).
fn lobby_moves(port: u16, id: &str) -> i64 {
    let lobby = get(port, "/api/lobby").json();
    lobby["playing"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("game {id} is not in the lobby: {lobby}"))["moves"]
        .as_i64()
        .unwrap()
}

#[test]
fn a_search_of_a_million_playouts_answers_within_the_servers_longest_think() {
    let server = Served::start(&["--max-think", "2"]);
    let port = server.port;
    let s = post(
        &server,
        "/api/games",
        &json!({"game": "go", "set": {"size": 19}, "black": "human", "white": "mcts:playouts=1000000"}),
        None,
        201,
    );
    let id = s["id"].as_str().unwrap().to_string();
    let token = s["tokens"]["black"].as_str().unwrap().to_string();
    let played = Instant::now();
    post(
        &server,
        &format!("/api/games/{id}/moves"),
        &json!({"move": "D4"}),
        Some(&token),
        200,
    );
    let answer = loop {
        let s = http::state(port, &id);
        if moves(&s).len() == 2 && s["thinking"] == false {
            break played.elapsed();
        }
        assert!(
            played.elapsed() < Duration::from_secs(30),
            "no answer in 30 s: {s}"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    eprintln!("the computer answered in {answer:?} (--max-think 2)");
    // Two seconds of search, and a margin for a debug build on a busy machine.
    assert!(answer < Duration::from_secs(5), "answered in {answer:?}");
    // A longer time is refused, saying the server's.
    let (status, body) = server.call(
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 9}, "white": "mcts:time=3"}),
        None,
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("at most 2 seconds a move"), "{body}");
}

#[test]
fn a_computer_game_stops_between_moves_when_nobody_asks_and_goes_on_when_asked() {
    let server = Served::start(&["--watch", "2"]);
    let port = server.port;
    let computer = "mcts:time=0.2,resign=0";
    let s = post(
        &server,
        "/api/games",
        &json!({"game": "go", "set": {"size": 19}, "black": computer, "white": computer}),
        None,
        201,
    );
    let id = s["id"].as_str().unwrap().to_string();
    // A watcher's event stream: the moves arrive, and the stream ends by itself (within three
    // quarters of the watch), the connection kept.
    let opened = Instant::now();
    let mut stream = server.connect();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut seen = 0;
    loop {
        let mut line = String::new();
        let n = reader
            .read_line(&mut line)
            .expect("the stream goes on or ends");
        assert!(n > 0, "the connection closed");
        if let Some(data) = line.strip_prefix("data: ") {
            seen = seen.max(moves(&serde_json::from_str(data).unwrap()).len());
        }
        // The last chunk of a chunked body: the stream is over.
        if line == "0\r\n" {
            break;
        }
    }
    let ended = opened.elapsed();
    assert!(
        ended >= Duration::from_millis(1400) && ended < Duration::from_millis(2500),
        "the stream ended after {ended:?}"
    );
    assert!(seen >= 1, "no move while watched");
    // Nobody asks: the computer finishes the move it is on and waits.
    std::thread::sleep(
        Duration::from_secs(2).saturating_sub(opened.elapsed()) + Duration::from_secs(1),
    );
    let stopped = lobby_moves(port, &id);
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(
        lobby_moves(port, &id),
        stopped,
        "the computer played on with nobody watching"
    );
    assert!(stopped < 40, "{stopped} moves in about 3 s of watching");
    // Asked again: it goes on.
    let s = http::state(port, &id);
    assert_eq!(s["resumed"], true, "{s}");
    let asked = Instant::now();
    while lobby_moves(port, &id) <= stopped {
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "no move after the request"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// CPU seconds process `pid` has used, user and system, read from /proc (in USER_HZ ticks, 100 a
/// second on Linux).
#[cfg(target_os = "linux")]
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command's name in parentheses: state, then fields 4.. — utime and stime are the
    // 14th and 15th.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    (fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap()) / 100.0
}

#[cfg(target_os = "linux")]
#[test]
fn every_game_shares_the_servers_search_threads_and_each_gets_its_turn() {
    let server = Served::start(&["--search-threads", "1", "--watch", "30"]);
    let port = server.port;
    let computer = "mcts:time=0.4,threads=2,resign=0";
    let ids: Vec<String> = (0..4)
        .map(|_| {
            let s = post(
                &server,
                "/api/games",
                &json!({"game": "go", "set": {"size": 9}, "black": computer, "white": computer}),
                None,
                201,
            );
            s["id"].as_str().unwrap().to_string()
        })
        .collect();
    let played = |ids: &[String]| -> Vec<usize> {
        ids.iter()
            .map(|id| moves(&http::state(port, id)).len())
            .collect()
    };
    // Four games of two-thread players, watched: one search thread's worth of CPU between them.
    std::thread::sleep(Duration::from_secs(1));
    let (before, cpu0, t0) = (played(&ids), cpu_seconds(server.child.id()), Instant::now());
    std::thread::sleep(Duration::from_secs(8));
    let (cpu, wall) = (cpu_seconds(server.child.id()) - cpu0, t0.elapsed());
    let after = played(&ids);
    eprintln!("{cpu:.2} s of CPU in {wall:?}; moves {before:?} -> {after:?}");
    assert!(
        cpu <= wall.as_secs_f64() * 1.3,
        "{cpu:.2} s of CPU in {wall:?} with one search thread for all"
    );
    // One thread: the moves are thought one after another, 0.4 s each (and the four in hand at
    // either end), where 8 threads would play the four games side by side (about 85 moves here).
    let made: usize = after.iter().sum::<usize>() - before.iter().sum::<usize>();
    assert!(
        made as f64 <= wall.as_secs_f64() / 0.4 + 4.0,
        "{made} moves in {wall:?}: thought side by side"
    );
    // First come, first served: every game moved.
    for (b, a) in before.iter().zip(&after) {
        assert!(
            a > b,
            "a game waited 8 s for its turn: {before:?} -> {after:?}"
        );
    }
}
