//! `stones serve`'s fair shares (issue 36, point 1): one client address cannot take more than its
//! share of the connections, event streams, requests being handled or games in play. Before, each
//! of these from one address shut everyone else out: 512 event streams never read (0 of 60 other
//! requests answered, the streams still open a minute later), 64 bodies kept half-sent (59 of 60
//! answered 503), 520 idle connections renewed as they closed (50 of 60 answered 503), 64 open
//! games (every creation and upload from every address 503 for an hour).
//!
//! Each test runs the real binary; the one address is 127.0.0.2 (Linux routes all of 127.0.0.0/8
//! to loopback, and the test binds its end of each connection there), everyone else 127.0.0.1,
//! which must get at least 59 of 60 ordinary requests answered within a second, and make a game.

#[path = "support/http.rs"]
mod http;

use http::{send, send_from, Served};
use serde_json::json;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The one address that tries to take everything.
const GREEDY: &str = "127.0.0.2";

/// How soon another client must be answered.
const PROMPT: Duration = Duration::from_secs(1);

/// `GET /api/catalog` from 127.0.0.1 on a new connection: the status, or `None` if no answer came
/// within `limit`.
fn catalog_within(port: u16, limit: Duration) -> Option<u16> {
    let start = Instant::now();
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(limit)).unwrap();
    let head =
        format!("GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    s.write_all(head.as_bytes()).ok()?;
    let mut buf = [0u8; 12];
    s.read_exact(&mut buf).ok()?;
    (start.elapsed() <= limit)
        .then(|| std::str::from_utf8(&buf[9..12]).ok()?.parse().ok())
        .flatten()
}

/// 60 ordinary requests from 127.0.0.1, one after another, spread over `over`: how many were
/// answered 200 within [`PROMPT`], and the other answers.
fn ordinary(port: u16, over: Duration) -> (usize, Vec<Option<u16>>) {
    let gap = over / 60;
    let mut answered = 0;
    let mut others = Vec::new();
    for _ in 0..60 {
        let start = Instant::now();
        match catalog_within(port, PROMPT) {
            Some(200) => answered += 1,
            other => others.push(other),
        }
        std::thread::sleep(gap.saturating_sub(start.elapsed()));
    }
    (answered, others)
}

/// Everyone else is served: 59 of 60 requests within a second, and a new game made.
fn others_are_served(port: u16, over: Duration) {
    let (answered, others) = ordinary(port, over);
    assert!(
        answered >= 59,
        "{answered} of 60 answered; the others: {others:?}"
    );
    let r = send(
        port,
        &format!("127.0.0.1:{port}"),
        "POST",
        "/api/games",
        "",
        br#"{"game": "go", "set": {"size": 9}}"#,
    );
    assert_eq!(r.status, 201, "a new game from 127.0.0.1: {}", r.body);
}

/// Reads what the server sent on `s` without waiting: the bytes, and whether it closed the
/// connection.
fn drain(s: &mut TcpStream) -> (Vec<u8>, bool) {
    s.set_nonblocking(true).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => return (got, false),
            Err(_) => return (got, true),
        }
    }
}

/// The status of an answer's first line.
fn status(raw: &[u8]) -> Option<u16> {
    std::str::from_utf8(raw.get(9..12)?).ok()?.parse().ok()
}

/// `n` connections from [`GREEDY`], each having sent `opening`, never reading: any the server
/// answers or closes is opened again at once (every 20 ms), until dropped.
struct Siege {
    stop: Arc<AtomicBool>,
    /// Connections opened in all (renewals included).
    opened: Arc<AtomicUsize>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Siege {
    fn start(port: u16, n: usize, opening: String) -> Siege {
        let stop = Arc::new(AtomicBool::new(false));
        let opened = Arc::new(AtomicUsize::new(0));
        let (stop2, opened2) = (Arc::clone(&stop), Arc::clone(&opened));
        let open = move || {
            let mut s = http::connect_from(GREEDY, port).ok()?;
            s.write_all(opening.as_bytes()).ok()?;
            opened2.fetch_add(1, Ordering::Relaxed);
            Some(s)
        };
        let thread = std::thread::spawn(move || {
            let mut held: Vec<Option<TcpStream>> = (0..n).map(|_| open()).collect();
            while !stop2.load(Ordering::Relaxed) {
                for slot in &mut held {
                    let done = match slot {
                        Some(s) => {
                            let (got, closed) = drain(s);
                            closed || !got.is_empty()
                        }
                        None => true,
                    };
                    if done {
                        *slot = open();
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        Siege {
            stop,
            opened,
            thread: Some(thread),
        }
    }
}

impl Drop for Siege {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[test]
fn event_streams_never_read_from_one_address_leave_room_for_others_and_end() {
    // Streams last three quarters of the watch: 3 s here.
    let served = Served::start(&["--watch", "4"]);
    let port = served.port;
    let made = send_from(
        GREEDY,
        port,
        "POST",
        "/api/games",
        "",
        br#"{"game": "go", "set": {"size": 9}}"#,
    );
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.json()["id"].as_str().unwrap().to_string();
    let ask = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    let mut streams: Vec<TcpStream> = (0..512)
        .filter_map(|_| {
            let mut s = served.connect_from(GREEDY).ok()?;
            s.write_all(ask.as_bytes()).ok()?;
            Some(s)
        })
        .collect();
    // Which of them are event streams still open: at most the address's share (16) at once. (On a
    // slow machine opening the 512 can outlast a stream; one that ended gives its place to another.)
    std::thread::sleep(Duration::from_millis(300));
    let mut open = Vec::new();
    for (i, s) in streams.iter_mut().enumerate() {
        let (got, closed) = drain(s);
        if status(&got) == Some(200) {
            assert!(
                String::from_utf8_lossy(&got).contains("text/event-stream"),
                "{}",
                String::from_utf8_lossy(&got)
            );
            if !closed {
                open.push(i);
            }
        }
    }
    assert!(
        (1..=16).contains(&open.len()),
        "{} event streams open at once from one address",
        open.len()
    );
    others_are_served(port, Duration::from_secs(2));
    // Every stream has ended by now (3 s), and closed its connection: a browser opens it again.
    let start = Instant::now();
    for &i in &open {
        loop {
            if drain(&mut streams[i]).1 {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "an event stream still open after {:?}",
                start.elapsed() + Duration::from_secs(2)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn bodies_kept_half_sent_from_one_address_leave_room_for_others() {
    let served = Served::start(&[]);
    let port = served.port;
    // Twice the address's connections, each a creation whose body never comes, renewed as the server
    // answers 408 (after 5 s) or refuses the connection: the server holds no place among the
    // requests being handled for a body still arriving.
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"game\":"
    );
    let siege = Siege::start(port, 128, head);
    std::thread::sleep(Duration::from_millis(300));
    // Over 6 s: the first bodies run out of time and are renewed meanwhile.
    others_are_served(port, Duration::from_secs(6));
    assert!(siege.opened.load(Ordering::Relaxed) >= 128);
}

#[test]
fn idle_connections_renewed_from_one_address_leave_room_for_others() {
    let served = Served::start(&[]);
    let port = served.port;
    let siege = Siege::start(port, 520, String::new());
    std::thread::sleep(Duration::from_millis(300));
    others_are_served(port, Duration::from_secs(3));
    // Past its 64 the address was refused (and came again): on a machine busy with other tests
    // the siege may need longer than those 3 s to open its 520, so it gets up to 20 s more.
    let start = Instant::now();
    while siege.opened.load(Ordering::Relaxed) <= 520 && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(siege.opened.load(Ordering::Relaxed) > 520);
    // A refused connection is told why.
    let mut s = served.connect_from(GREEDY).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    assert_eq!(status(&raw), Some(429), "{text}");
    assert!(
        text.contains("too many connections from one address"),
        "{text}"
    );
}

#[test]
fn open_games_from_one_address_leave_room_for_others() {
    // Creations a minute are not what is tested here.
    let served = Served::start(&["--creations-per-minute", "1000"]);
    let port = served.port;
    let open = json!({"game": "go", "set": {"size": 9}, "open": "white", "name": "Greedy"});
    let mut made = 0;
    for _ in 0..64 {
        let r = send_from(
            GREEDY,
            port,
            "POST",
            "/api/games",
            "",
            open.to_string().as_bytes(),
        );
        match r.status {
            201 => made += 1,
            429 => assert!(r.error().contains("games in play"), "{}", r.body),
            other => panic!("{other}: {}", r.body),
        }
    }
    assert_eq!(made, 8, "open games made from one address");
    others_are_served(port, Duration::from_secs(1));
    // An upload too (it is a game in play as well).
    let record = json!({"record": "(;GM[1]FF[4]SZ[9];B[ee];W[cc])"});
    let r = send(
        port,
        &format!("127.0.0.1:{port}"),
        "POST",
        "/api/uploads",
        "",
        record.to_string().as_bytes(),
    );
    assert_eq!(r.status, 201, "an upload from 127.0.0.1: {}", r.body);
    let r = send_from(
        GREEDY,
        port,
        "POST",
        "/api/uploads",
        "",
        record.to_string().as_bytes(),
    );
    assert_eq!(r.status, 429, "{}", r.body);
}
