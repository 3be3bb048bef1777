//! `stones serve` as a test starts it, and a plain HTTP/1.1 client for it (one connection a call,
//! and a reader of a game's event stream).

// Each test file uses a part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `stones serve --port 0 --db DB`, killed when dropped.
pub struct Served {
    pub child: Child,
    pub port: u16,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    /// Starts the server on `db` and reads its port from the first line it prints.
    pub fn start(db: &str) -> Served {
        Served::start_with(db, &[])
    }

    /// Starts the server on `db` with more arguments.
    pub fn start_with(db: &str, args: &[&str]) -> Served {
        // STONES_BIN: another build of the server (a release build, for the load test's figures).
        let bin = std::env::var("STONES_BIN").unwrap_or(env!("CARGO_BIN_EXE_stones").into());
        let mut child = Command::new(bin)
            .args(["serve", "--port", "0", "--db", db])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start stones serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Served { child, port }
    }

    /// `method path` with a JSON body and a seat's token: the status and the body.
    pub fn call(
        &self,
        method: &str,
        path: &str,
        body: &Value,
        token: Option<&str>,
    ) -> (u16, String) {
        call(self.port, method, path, body, token)
    }

    /// The state of game `id`.
    pub fn state(&self, id: &str) -> Value {
        let (status, body) = self.call("GET", &format!("/api/games/{id}"), &Value::Null, None);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }
}

/// One request on a connection of its own.
pub fn call(
    port: u16,
    method: &str,
    path: &str,
    body: &Value,
    token: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

/// The moves of a state, as text.
pub fn moves(s: &Value) -> Vec<String> {
    s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// A game's event stream, read state by state.
pub struct Events(BufReader<TcpStream>);

impl Events {
    /// Follows game `id`'s events on the server at `port`.
    pub fn open(port: u16, id: &str) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
        )
        .unwrap();
        Events(BufReader::new(stream))
    }

    /// The next state sent (30 s at most, else a failure).
    pub fn next_state(&mut self) -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.0.read_line(&mut line).expect("an event within 30 s");
            assert!(n > 0, "the event stream ended");
            if let Some(data) = line.strip_prefix("data: ") {
                return serde_json::from_str(data).unwrap();
            }
        }
    }

    /// The first state sent with `n` moves (earlier states are passed over).
    pub fn until_moves(&mut self, n: usize) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            assert!(
                std::time::Instant::now() < deadline,
                "no state with {n} moves within 30 s"
            );
            let s = self.next_state();
            if moves(&s).len() >= n {
                return s;
            }
        }
    }
}
