//! Several servers on one PostgreSQL database (`stones serve --db postgres://…`): a game created
//! through one is played through both, a move made through one reaches a watcher of the other through
//! its event stream, a seat's token is checked by both, and the computer's move is made once though
//! both servers hold the game, and a server killed mid-thought has its game taken over by its
//! restart at once (a dead process of this machine holds no lease; another machine's is waited out). The database is a throw-away cluster (tests/support/pg.rs), or
//! `STONES_TEST_POSTGRES`; without PostgreSQL the test says so, and fails in CI.

#[path = "support/http.rs"]
mod http;
#[path = "support/pg.rs"]
mod pg;

use http::{moves, Events, Served};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn created(served: &Served, request: Value) -> Value {
    let (status, body) = served.call("POST", "/api/games", &request, None);
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Two servers on `pg`'s database, and a game made through the first by `request`: its id and
/// Black's token.
fn two_servers_and_a_game(pg: &pg::Postgres, request: Value) -> (Served, Served, String, String) {
    let a = Served::start(&["--db", &pg.url]);
    let b = Served::start(&["--db", &pg.url]);
    let game = created(&a, request);
    let id = game["id"].as_str().unwrap().to_string();
    let black = game["tokens"]["black"].as_str().unwrap().to_string();
    (a, b, id, black)
}

#[test]
fn two_servers_on_one_database_play_one_game_and_watchers_of_each_see_every_move() {
    let Some(pg) = pg::postgres_or_skip("two") else {
        return;
    };
    let a = Served::start(&["--db", &pg.url]);
    let b = Served::start(&["--db", &pg.url]);
    let game = created(&a, json!({"game": "go", "set": {"size": 5}, "name": "Ann"}));
    let id = game["id"].as_str().unwrap().to_string();
    let black = game["tokens"]["black"].as_str().unwrap().to_string();
    let white = game["tokens"]["white"].as_str().unwrap().to_string();
    // A watcher on B, of a game B has never seen.
    let mut watcher = Events::open(b.port, &id);
    assert_eq!(moves(&watcher.next_state()), Vec::<String>::new());
    let path = format!("/api/games/{id}/moves");
    let plays = [
        ("C3", &a, &black),
        ("D3", &b, &white),
        ("C2", &b, &black),
        ("D2", &a, &white),
        ("C4", &a, &black),
    ];
    let mut played: Vec<String> = Vec::new();
    for (mv, server, token) in plays {
        // The other seat's token is refused by either server.
        let other = if token == &black { &white } else { &black };
        let (status, body) = server.call("POST", &path, &json!({"move": mv}), Some(other));
        assert_eq!(status, 403, "{mv} with the other seat's token: {body}");
        let (status, body) = server.call("POST", &path, &json!({"move": mv}), Some(token));
        assert_eq!(status, 200, "{mv}: {body}");
        played.push(mv.to_string());
        // B's event stream shows it, made through A or B.
        let seen = watcher.until_moves(played.len());
        assert_eq!(moves(&seen), played, "B's watcher after {mv}");
        // And both servers answer the same state.
        assert_eq!(moves(&a.state(&id)), played);
        assert_eq!(moves(&b.state(&id)), played);
    }
    // The lobby of either lists it as being played.
    let (_, lobby) = b.call("GET", "/api/lobby", &Value::Null, None);
    assert!(lobby.contains(&id), "{lobby}");
    // A resignation through B ends it for A.
    let (status, body) = b.call("POST", &path, &json!({"move": "resign"}), Some(&white));
    assert_eq!(status, 200, "{body}");
    assert_eq!(a.state(&id)["result"], "B+R");
}

#[test]
fn the_computer_moves_once_though_two_servers_hold_the_game() {
    let Some(pg) = pg::postgres_or_skip("once") else {
        return;
    };
    let (a, b, id, black) = two_servers_and_a_game(
        &pg,
        json!({"game": "go", "set": {"size": 7}, "black": "human", "white": "mcts:playouts=300"}),
    );
    let path = format!("/api/games/{id}/moves");
    // Both servers hold the game and are asked about it all along (both count it as watched).
    let _ = b.state(&id);
    for round in 0..4 {
        let (to, other) = if round % 2 == 0 { (&b, &a) } else { (&a, &b) };
        let state = to.state(&id);
        let point = state["legal"][0]
            .as_str()
            .expect("a legal point")
            .to_string();
        let (status, body) = to.call("POST", &path, &json!({"move": point}), Some(&black));
        assert_eq!(status, 200, "round {round}: {body}");
        let want = 2 * (round + 1);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (sa, sb) = (a.state(&id), b.state(&id));
            let (ma, mb) = (moves(&sa), moves(&sb));
            assert!(
                ma.len() <= want && mb.len() <= want,
                "a move too many: {ma:?} {mb:?}"
            );
            if ma.len() == want && ma == mb && sa["thinking"] == false && sb["thinking"] == false {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "no answer from the computer: {ma:?} {mb:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = other;
    }
    // Black, White, Black, White …: each person's move answered by exactly one computer move.
    let s = b.state(&id);
    let colours: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["player"].as_str().unwrap())
        .collect();
    assert_eq!(colours, ["black", "white"].repeat(4), "{s}");
}

#[test]
fn when_the_server_running_the_computer_dies_its_restart_takes_its_lease_at_once() {
    let Some(pg) = pg::postgres_or_skip("takeover") else {
        return;
    };
    // White thinks 3 s a move: long enough to be killed in the middle of it.
    let (mut a, _b, id, black) = two_servers_and_a_game(
        &pg,
        json!({"game": "go", "set": {"size": 7}, "black": "human", "white": "mcts:time=3"}),
    );
    let path = format!("/api/games/{id}/moves");
    let (status, body) = a.call("POST", &path, &json!({"move": "D4"}), Some(&black));
    assert_eq!(status, 200, "{body}");
    assert_eq!(a.state(&id)["thinking"], true);
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    // a restarts (as a supervisor would): a's lease (15 s) is a dead process's of this machine,
    // so the restart takes it at once and thinks its 3 s.
    let restarted = Served::start(&["--db", &pg.url]);
    let start = Instant::now();
    loop {
        let s = restarted.state(&id);
        if moves(&s).len() == 2 {
            assert_eq!(s["moves"][1]["player"], "white", "{s}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the restart waited for its dead predecessor's lease: {s}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_seat_is_joined_and_an_undo_agreed_through_different_servers() {
    let Some(pg) = pg::postgres_or_skip("join") else {
        return;
    };
    let a = Served::start(&["--db", &pg.url]);
    let b = Served::start(&["--db", &pg.url]);
    let game = created(
        &a,
        json!({"game": "go", "set": {"size": 5}, "open": "white", "name": "Ann"}),
    );
    let id = game["id"].as_str().unwrap().to_string();
    let black = game["tokens"]["black"].as_str().unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    let (status, body) = b.call("POST", &join, &json!({"name": "Bob"}), None);
    assert_eq!(status, 200, "{body}");
    let white = serde_json::from_str::<Value>(&body).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    // The seat is taken for A too.
    let (status, body) = a.call("POST", &join, &json!({"name": "Cy"}), None);
    assert_eq!(status, 409, "{body}");
    assert_eq!(a.state(&id)["names"]["white"], "Bob");
    let path = format!("/api/games/{id}/moves");
    assert_eq!(
        a.call("POST", &path, &json!({"move": "C3"}), Some(&black))
            .0,
        200
    );
    assert_eq!(
        b.call("POST", &path, &json!({"move": "D3"}), Some(&white))
            .0,
        200
    );
    // White asks through B, Black agrees through A.
    let undo = format!("/api/games/{id}/undo");
    let (status, body) = b.call("POST", &undo, &json!({}), Some(&white));
    assert_eq!(status, 202, "{body}");
    assert_eq!(a.state(&id)["undo_request"], "white");
    let (status, body) = a.call("POST", &undo, &json!({}), Some(&black));
    assert_eq!(status, 200, "{body}");
    assert_eq!(moves(&b.state(&id)), ["C3"]);
    assert_eq!(b.state(&id)["undo_request"], Value::Null);
}

#[test]
fn after_the_database_restarts_the_servers_connect_again_and_play_on() {
    let Some(pg) = pg::postgres_or_skip("restart") else {
        return;
    };
    let a = Served::start(&["--db", &pg.url]);
    let b = Served::start(&["--db", &pg.url]);
    let game = created(&a, json!({"game": "go", "set": {"size": 5}}));
    let id = game["id"].as_str().unwrap().to_string();
    let black = game["tokens"]["black"].as_str().unwrap().to_string();
    let white = game["tokens"]["white"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/moves");
    assert_eq!(
        a.call("POST", &path, &json!({"move": "C3"}), Some(&black))
            .0,
        200
    );
    if !pg.restart() {
        eprintln!("SKIPPED the restart: STONES_TEST_POSTGRES is not this test's to restart");
        return;
    }
    // Every connection the servers had is closed: the next requests make them again.
    let (status, body) = b.call("POST", &path, &json!({"move": "D3"}), Some(&white));
    assert_eq!(status, 200, "{body}");
    let (status, body) = a.call("POST", &path, &json!({"move": "C2"}), Some(&black));
    assert_eq!(status, 200, "{body}");
    assert_eq!(moves(&b.state(&id)), ["C3", "D3", "C2"]);
    // And the moves are stored: a third server reads them from the database.
    let c = Served::start(&["--db", &pg.url]);
    assert_eq!(moves(&c.state(&id)), ["C3", "D3", "C2"]);
}
