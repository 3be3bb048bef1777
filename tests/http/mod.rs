//! What the web tests share: a `stones serve` process that ends with the test, and a plain HTTP/1.1
//! client over a real socket (each request on a connection of its own, `Connection: close`).
#![allow(dead_code)] // each test file uses its own part of it

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `stones serve`, killed when the test ends, however it ends.
pub struct Served {
    pub child: Child,
    pub port: u16,
    /// The first line it printed (`stones: serving on http://127.0.0.1:PORT/ …`).
    pub line: String,
}

impl Served {
    /// `stones serve --port 0 ARGS`, its data folder under the tests' temporary folder (unless ARGS
    /// name a `--db`); returns once it has said where it serves. Its standard error is piped: read
    /// it with [`Served::said`] or leave it.
    pub fn start(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stones"))
            .env("XDG_DATA_HOME", env!("CARGO_TARGET_TMPDIR"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start stones serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .rsplit(':')
            .next()
            .and_then(|p| p.split('/').next())
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Served { child, port, line }
    }

    /// The first line the server wrote to its standard error.
    pub fn said(&mut self) -> String {
        let mut said = String::new();
        BufReader::new(
            self.child
                .stderr
                .take()
                .expect("standard error not read yet"),
        )
        .read_line(&mut said)
        .unwrap();
        said
    }

    /// A new connection to the server.
    pub fn connect(&self) -> TcpStream {
        TcpStream::connect(("127.0.0.1", self.port)).expect("connect")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: its status, its head (lower case) and its body.
pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The `error` of a JSON error answer.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// `Authorization: Bearer TOKEN`, as a header line (none without a token).
pub fn bearer(token: Option<&str>) -> String {
    token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default()
}

/// Sends one request to 127.0.0.1:`port` with `Host: host`, the `headers` lines given (each
/// ending in `\r\n`) and `body`, and reads the whole answer.
pub fn send(port: u16, host: &str, method: &str, path: &str, headers: &str, body: &[u8]) -> Reply {
    send_at("127.0.0.1", port, host, method, path, headers, body)
}

/// [`send`] to the address `ip` (another loopback address, say).
pub fn send_at(
    ip: &str,
    port: u16,
    host: &str,
    method: &str,
    path: &str,
    headers: &str,
    body: &[u8],
) -> Reply {
    let mut s = TcpStream::connect((ip, port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (and close) before reading all of an oversized body.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    Reply {
        status,
        headers: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}
