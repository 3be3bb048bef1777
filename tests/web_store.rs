//! Games that last: `stones serve --db PATH` killed with SIGKILL mid-game and started again on the
//! same file serves every game at the same address with the same moves, play goes on (the computer
//! to move thinks again), and finished games still download.

#[path = "support/http.rs"]
mod http;

use http::{call, get, moves, state, Served};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `stones serve --db DB`, and the first line it wrote to its standard error (where its database is).
fn serve(db: &Path) -> (Served, String) {
    let mut served = Served::start_heard(&["--db", db.to_str().expect("a UTF-8 path")]);
    let said = served.said();
    (served, said)
}

/// Kills the server as a crash would (SIGKILL: no chance to flush anything).
fn kill_9(mut served: Served) {
    served.child.kill().unwrap();
    served.child.wait().unwrap();
}

/// A game made by `request`: its id, and its answer (with the seats' tokens).
fn create(port: u16, request: Value) -> (String, Value) {
    let (status, body) = call(port, "POST", "/api/games", &request, None);
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).unwrap();
    (created["id"].as_str().unwrap().to_string(), created)
}

/// Plays `mv` in game `id` with the seat's `token`: the state after it.
fn play(port: u16, id: &str, mv: &str, token: &str) -> Value {
    let path = format!("/api/games/{id}/moves");
    let (status, body) = call(port, "POST", &path, &json!({"move": mv}), Some(token));
    assert_eq!(status, 200, "{mv}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn fresh_db(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("web-store-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("games.db")
}

#[test]
fn a_game_survives_kill_9_with_its_id_moves_and_seats() {
    let db = fresh_db("kill");
    let (served, said) = serve(&db);
    assert!(
        said.contains(&db.display().to_string()),
        "the start does not say where: {said}"
    );
    let port = served.port;
    let (id, created) = create(port, json!({"game": "go", "set": {"size": 5}}));
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    let white = created["tokens"]["white"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/moves");
    for (mv, token) in [("C3", &black), ("D3", &white), ("C2", &black)] {
        play(port, &id, mv, token);
    }
    // A finished game too.
    let (_, body) = call(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}}),
        None,
    );
    let done: Value = serde_json::from_str(&body).unwrap();
    let done_id = done["id"].as_str().unwrap().to_string();
    let (status, _) = call(
        port,
        "POST",
        &format!("/api/games/{done_id}/moves"),
        &json!({"move": "resign"}),
        done["tokens"]["black"].as_str(),
    );
    assert_eq!(status, 200);
    // A game waiting in the lobby.
    let (status, body) = call(
        port,
        "POST",
        "/api/games",
        &json!({"game": "go", "open": "white", "name": "Ann"}),
        None,
    );
    assert_eq!(status, 201, "{body}");
    let waiting: Value = serde_json::from_str(&body).unwrap();
    let waiting_id = waiting["id"].as_str().unwrap().to_string();
    let before = state(port, &id);
    kill_9(served);

    let (served, _) = serve(&db);
    let port = served.port;
    let after = state(port, &id);
    assert_eq!(moves(&after), ["C3", "D3", "C2"]);
    assert_eq!(after["board"], before["board"]);
    assert_eq!(after["to_move"], "white");
    // Play goes on, with the same seats.
    assert_eq!(
        call(port, "POST", &path, &json!({"move": "D2"}), Some(&black)).0,
        403
    );
    assert_eq!(
        call(port, "POST", &path, &json!({"move": "D2"}), Some(&white)).0,
        200
    );
    let lobby = get(port, "/api/lobby").body;
    let lobby: Value = serde_json::from_str(&lobby).unwrap();
    assert!(
        lobby["open"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == waiting_id.as_str() && g["names"]["black"] == "Ann"),
        "{lobby}"
    );
    let (status, body) = call(
        port,
        "POST",
        &format!("/api/games/{waiting_id}/join"),
        &json!({"name": "Bob"}),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let (status, _) = call(
        port,
        "POST",
        &format!("/api/games/{waiting_id}/join"),
        &json!({}),
        None,
    );
    assert_eq!(status, 409);
    let finished = state(port, &done_id);
    assert_eq!(finished["status"], "over");
    assert_eq!(finished["result"], "W+R");
    let sgf = get(port, &format!("/api/games/{done_id}/sgf"));
    assert_eq!(sgf.status, 200);
    let sgf = sgf.body;
    assert!(sgf.contains("RE[W+R]"), "{sgf}");
    let case = get(port, &format!("/api/games/{done_id}/case"));
    assert_eq!(case.status, 200);
    let case = case.body;
    assert!(case.contains("W+R"), "{case}");
    // An undo is stored too: after another kill the game has its three moves again.
    assert_eq!(
        call(
            port,
            "POST",
            &format!("/api/games/{id}/undo"),
            &json!({}),
            Some(&black)
        )
        .0,
        202
    );
    assert_eq!(
        call(
            port,
            "POST",
            &format!("/api/games/{id}/undo"),
            &json!({}),
            Some(&white)
        )
        .0,
        200
    );
    kill_9(served);
    let (served, _) = serve(&db);
    assert_eq!(moves(&state(served.port, &id)), ["C3", "D3", "C2"]);
}

#[test]
fn the_computer_to_move_thinks_again_after_a_restart_and_its_thoughts_are_kept() {
    let db = fresh_db("computer");
    let (served, _) = serve(&db);
    let port = served.port;
    let (id, created) = create(
        port,
        json!({"game": "go", "set": {"size": 5}, "black": "human", "white": "mcts:time=3"}),
    );
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    play(port, &id, "C3", &black);
    // Killed while the computer thinks (it takes 3 s a move).
    kill_9(served);
    let (served, _) = serve(&db);
    let port = served.port;
    let start = Instant::now();
    let moved = loop {
        let s = state(port, &id);
        if moves(&s).len() == 2 {
            assert_eq!(s["moves"][1]["player"], "white");
            break s;
        }
        assert_eq!(moves(&s), ["C3"]);
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the computer never moved: {s}"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    // What it thought of its move (the review's win rate and line) outlasts the next kill.
    assert_eq!(
        moved["thoughts"].as_array().map(Vec::len),
        Some(1),
        "{moved}"
    );
    kill_9(served);
    let (served, _) = serve(&db);
    assert_eq!(state(served.port, &id)["thoughts"], moved["thoughts"]);
}

#[test]
fn an_uploaded_handicap_game_keeps_its_stones_after_kill_9() {
    let db = fresh_db("handicap");
    let (served, _) = serve(&db);
    let record = "(;GM[1]FF[4]SZ[9]HA[2]KM[0.5]AB[gc][cg];W[ee])";
    let (status, body) = call(
        served.port,
        "POST",
        "/api/uploads",
        &json!({ "record": record }),
        None,
    );
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    kill_9(served);
    let (served, _) = serve(&db);
    let port = served.port;
    let s = state(port, &id);
    assert_eq!(moves(&s), ["E5"]);
    let stones = |at: &str| {
        let svg = get(port, &format!("/api/games/{id}/svg{at}")).body;
        svg.matches("class=\"stone ").count()
    };
    assert_eq!((stones("?at=0"), stones("")), (2, 3));
    let sgf = get(port, &format!("/api/games/{id}/sgf")).body;
    assert!(
        sgf.contains("AB[cg][gc]") || sgf.contains("AB[gc][cg]"),
        "{sgf}"
    );
}

#[test]
fn the_clock_is_the_same_after_kill_9_and_runs_on() {
    let db = fresh_db("clock");
    let (served, _) = serve(&db);
    let port = served.port;
    let (id, created) = create(
        port,
        json!({"game": "go", "set": {"size": 5}, "clock": "10m+5s"}),
    );
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    let before = play(port, &id, "C3", &black);
    kill_9(served);
    let (served, _) = serve(&db);
    let after = state(served.port, &id);
    assert_eq!(after["clock"]["running"], "white");
    assert_eq!(
        after["clock"]["black"], before["clock"]["black"],
        "Black's time, stopped, is kept to the millisecond"
    );
    // White's time ran only while a server did: at most what it had at Black's move.
    let (w0, w1) = (
        before["clock"]["white"].as_u64().unwrap(),
        after["clock"]["white"].as_u64().unwrap(),
    );
    assert!(w1 <= w0 && w1 > w0 - 60_000, "white {w0} then {w1}");
}

/// Acknowledged means stored: while another process holds the SQLite file's write lock a move is
/// refused (503) and not made, never answered 200 and lost; a second server on the same file
/// refuses to start; the file is its owner's alone; after a SIGKILL every acknowledged move is there.
#[test]
fn a_move_is_acknowledged_only_once_stored_and_one_server_owns_the_file() {
    let db = fresh_db("locked");
    // Its standard error is closed after the first line: the failed write's note is lost, not the
    // request.
    let (served, _) = serve(&db);
    let port = served.port;
    let (id, created) = create(port, json!({"game": "go", "set": {"size": 5}}));
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    let white = created["tokens"]["white"].as_str().unwrap().to_string();
    play(port, &id, "C3", &black);

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&db).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the database is readable by others");
    }

    // Another process (this test) takes the write lock and keeps it.
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let path = format!("/api/games/{id}/moves");
    let (status, body) = call(port, "POST", &path, &json!({"move": "D3"}), Some(&white));
    assert_eq!(status, 503, "a move not stored was answered: {body}");
    assert!(body.contains("cannot store"), "{body}");
    // Not made: the game in memory is the stored one, and White is still to move.
    let now = state(port, &id);
    assert_eq!(moves(&now), ["C3"]);
    assert_eq!(now["to_move"], "white");
    holder.execute_batch("ROLLBACK").unwrap();
    drop(holder);
    play(port, &id, "D3", &white);
    play(port, &id, "C2", &black);

    // A second server on the same file says why and stops.
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_stones"))
        .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
        .args(["serve", "--port", "0", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!second.status.success(), "a second server started");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("another stones server"), "{said}");

    kill_9(served);
    let (served, _) = serve(&db);
    assert_eq!(moves(&state(served.port, &id)), ["C3", "D3", "C2"]);
}

/// Seat tokens are kept as digests: the database file (and its log) never holds a token, and the
/// tokens work across a restart; joining an open seat hands out a token of its own.
#[test]
fn the_database_holds_no_seat_token() {
    let db = fresh_db("digests");
    let (served, _) = serve(&db);
    let port = served.port;
    let (id, created) = create(port, json!({"game": "go", "set": {"size": 5}}));
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    let white = created["tokens"]["white"].as_str().unwrap().to_string();
    let (open_id, open) = create(port, json!({"game": "go", "open": "white", "name": "Ann"}));
    let ann = open["tokens"]["black"].as_str().unwrap().to_string();
    let (status, body) = call(
        port,
        "POST",
        &format!("/api/games/{open_id}/join"),
        &json!({"name": "Bob"}),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let joined: Value = serde_json::from_str(&body).unwrap();
    let joiner = joined["token"].as_str().unwrap().to_string();
    assert_ne!(joiner, white);
    play(port, &id, "C3", &black);
    let files: Vec<u8> = ["", "-wal"]
        .iter()
        .flat_map(|ext| {
            let mut path = db.as_os_str().to_owned();
            path.push(ext);
            std::fs::read(path).unwrap_or_default()
        })
        .collect();
    let text = String::from_utf8_lossy(&files);
    for token in [&black, &white, &ann, &joiner] {
        assert!(
            !text.contains(token.as_str()),
            "a token is in the database file"
        );
    }
    assert!(text.contains("sha256:"), "the digests are there");
    kill_9(served);
    let (served, _) = serve(&db);
    play(served.port, &id, "D3", &white);
    play(served.port, &open_id, "D4", &ann);
    play(served.port, &open_id, "Q16", &joiner);
}

/// After a SIGKILL and a restart on the same SQLite file, the computer answers at once: the lease
/// the dead server held on the game (for 15 s and more) does not make the new one wait.
#[test]
fn after_a_crash_the_computer_does_not_wait_for_its_dead_predecessors_lease() {
    let db = fresh_db("lease");
    let (served, _) = serve(&db);
    let request = json!({"game": "go", "set": {"size": 5}, "white": "mcts:playouts=30"});
    let (id, created) = create(served.port, request);
    let black = created["tokens"]["black"].as_str().unwrap().to_string();
    play(served.port, &id, "C3", &black);
    let answered = |port: u16, n: usize| {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            if moves(&state(port, &id)).len() >= n {
                return start.elapsed();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the computer did not answer within 30 s");
    };
    answered(served.port, 2);
    // The lease taken for that answer is still running when the server dies.
    kill_9(served);
    let (served, _) = serve(&db);
    // Any point still free (the computer chose its own).
    let now = state(served.port, &id);
    let free = now["legal"][0].as_str().expect("a legal point").to_string();
    play(served.port, &id, &free, &black);
    let waited = answered(served.port, 4);
    assert!(
        waited < Duration::from_secs(5),
        "the computer waited {waited:?} after the restart"
    );
}
