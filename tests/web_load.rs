//! The load test: N clients each play games of 9×9 Go at once against `stones serve` on 127.0.0.1
//! (one keep-alive connection per client and server, random legal moves, a resignation after 80
//! moves, then a new game), for a bounded time. It reports moves a second, the latency of a move
//! (p50, p95, p99, max) and the servers' memory (VmRSS from /proc, sampled every second), on SQLite
//! with one server and on PostgreSQL with two (each client's moves alternate between them).
//!
//! A test rather than a subcommand: it drives the real binary as clients would, ships nothing in
//! `stones`, and reuses the PostgreSQL cluster of the other tests. By default it runs for 3 s (CI
//! runs that: every move answered 200, memory bounded); for figures, in release:
//!
//! ```sh
//! STONES_LOAD_SECS=30 STONES_LOAD_CLIENTS=16 cargo test --release --test web_load -- --nocapture --test-threads 1
//! ```
//!
//! (`STONES_BIN=path/to/stones` runs another build of the server.)

#[path = "support/http.rs"]
mod http;
#[cfg(feature = "postgres")]
#[path = "support/pg.rs"]
mod pg;

use http::Served;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest resident memory a server may reach under this load, in MiB.
const MAX_RSS_MB: u64 = 400;

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One keep-alive connection to a server.
struct Conn {
    port: u16,
    reader: BufReader<TcpStream>,
}

impl Conn {
    fn open(port: u16) -> Conn {
        let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        s.set_nodelay(true).unwrap();
        Conn {
            port,
            reader: BufReader::new(s),
        }
    }

    /// POST `path` with `body` (and a token): the status, the JSON answer, and the time from the
    /// request's first byte sent to the answer's last read (the JSON is read after).
    fn post(&mut self, path: &str, body: &Value, token: Option<&str>) -> (u16, Value, Duration) {
        let body = body.to_string();
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        let started = Instant::now();
        self.reader.get_mut().write_all(request.as_bytes()).unwrap();
        let mut status = 0;
        let mut length = 0;
        let mut line = String::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if status == 0 {
                status = l.split_whitespace().nth(1).unwrap().parse().unwrap();
            } else if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap();
                }
            }
        }
        let mut buf = vec![0; length];
        self.reader.read_exact(&mut buf).unwrap();
        let took = started.elapsed();
        (
            status,
            serde_json::from_slice(&buf).unwrap_or(Value::Null),
            took,
        )
    }
}

/// What the clients saw.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: Vec<String>,
    games: usize,
}

/// One client: games one after another until `until`, each move through the next server in turn.
fn client(ports: &[u16], seed: u64, until: Instant, tally: &Mutex<Tally>) {
    let mut conns: Vec<Conn> = ports.iter().map(|p| Conn::open(*p)).collect();
    let mut rng = seed | 1;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut k = seed as usize;
    while Instant::now() < until {
        let (status, state, _) = conns[k % ports.len()].post(
            "/api/games",
            &json!({"game": "go", "set": {"size": 9}}),
            None,
        );
        if status != 201 {
            tally
                .lock()
                .unwrap()
                .errors
                .push(format!("create: {status} {state}"));
            return;
        }
        let id = state["id"].as_str().unwrap().to_string();
        let tokens = [
            state["tokens"]["black"].as_str().unwrap().to_string(),
            state["tokens"]["white"].as_str().unwrap().to_string(),
        ];
        let path = format!("/api/games/{id}/moves");
        let mut state = state;
        let mut latencies = Vec::new();
        for n in 0.. {
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            let mv = if n >= 80 || legal.is_empty() || Instant::now() >= until {
                "resign".to_string()
            } else {
                legal[next(legal.len())].as_str().unwrap().to_string()
            };
            let seat = usize::from(state["to_move"] == "white");
            k += 1;
            let (status, answer, took) =
                conns[k % ports.len()].post(&path, &json!({"move": mv}), Some(&tokens[seat]));
            latencies.push(took);
            if status != 200 {
                tally
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("{mv}: {status} {answer}"));
                return;
            }
            state = answer;
            if mv == "resign" || state["status"] != "ongoing" {
                break;
            }
        }
        let mut t = tally.lock().unwrap();
        t.latencies.extend(latencies);
        t.games += 1;
    }
}

/// Seconds since the start, and each server's resident memory then (MiB).
type Sample = (u64, Vec<u64>);

/// A server's resident memory now, in MiB.
fn rss_mb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0)
        / 1024
}

/// Runs `clients` clients against `servers` for `secs` seconds; prints the figures and checks that
/// every move was answered and memory stayed bounded.
fn run(label: &str, servers: &[Served], clients: u64, secs: u64) {
    let ports: Vec<u16> = servers.iter().map(|s| s.port).collect();
    let pids: Vec<u32> = servers.iter().map(|s| s.child.id()).collect();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let started = Instant::now();
    let until = started + Duration::from_secs(secs);
    let samples: Arc<Mutex<Vec<Sample>>> = Arc::default();
    let sampler = {
        let samples = Arc::clone(&samples);
        let pids = pids.clone();
        std::thread::spawn(move || {
            while Instant::now() < until {
                let rss = pids.iter().map(|p| rss_mb(*p)).collect();
                samples
                    .lock()
                    .unwrap()
                    .push((started.elapsed().as_secs(), rss));
                std::thread::sleep(Duration::from_secs(1));
            }
        })
    };
    let threads: Vec<_> = (0..clients)
        .map(|i| {
            let (ports, tally) = (ports.clone(), Arc::clone(&tally));
            std::thread::spawn(move || client(&ports, i * 7919 + 1, until, &tally))
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    sampler.join().unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    let mut t = tally.lock().unwrap();
    t.latencies.sort();
    let pct = |p: f64| {
        let i = ((t.latencies.len() as f64 * p).ceil() as usize).clamp(1, t.latencies.len().max(1));
        t.latencies
            .get(i - 1)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let samples = samples.lock().unwrap();
    let rss_at = |i: usize| {
        samples.get(i).map_or("-".into(), |(s, r)| {
            format!(
                "{s}s {}",
                r.iter()
                    .map(|m| format!("{m}"))
                    .collect::<Vec<_>>()
                    .join("+")
            )
        })
    };
    let max_rss = samples
        .iter()
        .flat_map(|(_, r)| r.iter().copied())
        .max()
        .unwrap_or(0);
    let every = (samples.len() / 10).max(1);
    let series: Vec<String> = (0..samples.len()).step_by(every).map(rss_at).collect();
    eprintln!(
        "load {label}: {clients} clients, {} server(s), {elapsed:.1} s: {} moves in {} finished games, {:.0} moves/s; move latency ms p50 {:.2} p95 {:.2} p99 {:.2} max {:.2}; RSS MiB (time, per server) {} … {}, max {max_rss}; series: {}",
        servers.len(),
        t.latencies.len(),
        t.games,
        t.latencies.len() as f64 / elapsed,
        pct(0.50),
        pct(0.95),
        pct(0.99),
        pct(1.0),
        rss_at(0),
        rss_at(samples.len().saturating_sub(1)),
        series.join(", "),
    );
    assert!(
        t.errors.is_empty(),
        "refused under load: {:?}",
        &t.errors[..t.errors.len().min(5)]
    );
    assert!(!t.latencies.is_empty(), "no move was made");
    assert!(max_rss < MAX_RSS_MB, "a server grew to {max_rss} MiB");
}

/// Every client is on 127.0.0.1: one address, which may here create games as fast as it likes and
/// hold every connection, request and game in play (16 clients play 16 games at once; one
/// address's share is 8).
const SERVE: [&str; 4] = ["--creations-per-minute", "100000", "--per-address", "off"];

#[test]
fn clients_play_at_once_on_sqlite() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-load");
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("games.db");
    let server = Served::start(&[&["--db", &db.display().to_string()], &SERVE[..]].concat());
    run(
        "sqlite",
        &[server],
        env_or("STONES_LOAD_CLIENTS", 8),
        env_or("STONES_LOAD_SECS", 3),
    );
}

#[cfg(feature = "postgres")]
#[test]
fn clients_play_at_once_on_postgres_through_two_servers() {
    let Some(pg) = pg::postgres_or_skip("load") else {
        return;
    };
    let servers = [
        Served::start(&[&["--db", pg.url.as_str()], &SERVE[..]].concat()),
        Served::start(&[&["--db", pg.url.as_str()], &SERVE[..]].concat()),
    ];
    run(
        "postgres",
        &servers,
        env_or("STONES_LOAD_CLIENTS", 8),
        env_or("STONES_LOAD_SECS", 3),
    );
}
