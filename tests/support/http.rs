//! What the web tests share: a `stones serve` process that ends with the test, a plain HTTP/1.1
//! client over a real socket (each request on a connection of its own, `Connection: close`), and a
//! reader of a game's event stream.
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
    /// Its data folder, removed when it stops.
    data: std::path::PathBuf,
}

impl Served {
    /// `stones serve --port 0 ARGS`, its data folder a new one under the tests' temporary folder
    /// (unless ARGS name a `--db`); returns once it has said where it serves. Its standard error is
    /// the test's.
    /// `STONES_BIN` names another build to start (a release build, for the load test's figures).
    pub fn start(args: &[&str]) -> Served {
        Served::spawn(args, Stdio::inherit())
    }

    /// [`Served::start`] with its standard error piped, for [`Served::said`] or to read after it
    /// stops (a test that reads it must not let it fill).
    pub fn start_heard(args: &[&str]) -> Served {
        Served::spawn(args, Stdio::piped())
    }

    fn spawn(args: &[&str], stderr: Stdio) -> Served {
        let bin = std::env::var("STONES_BIN").unwrap_or(env!("CARGO_BIN_EXE_stones").into());
        // A data folder of its own: a server locks its SQLite file, and the tests run at once.
        static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let data = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("serve-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let mut child = Command::new(bin)
            .env("XDG_DATA_HOME", &data)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
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
        Served {
            child,
            port,
            line,
            data,
        }
    }

    /// `method path` with a JSON body (none for `null`) and a seat's token: the status and body.
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
        state(self.port, id)
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

    /// A new connection to the server from the loopback address `from` (`127.0.0.2`: another
    /// client, as the server sees it; Linux routes all of 127.0.0.0/8 to loopback).
    pub fn connect_from(&self, from: &str) -> std::io::Result<TcpStream> {
        connect_from(from, self.port)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
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

/// A connection to 127.0.0.1:`port` from the local address `from` (another loopback address).
pub fn connect_from(from: &str, port: u16) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    let local: std::net::SocketAddr = format!("{from}:0").parse().expect("an IPv4 address");
    socket.bind(&local.into())?;
    socket.connect(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into())?;
    Ok(socket.into())
}

/// [`send`] from the local address `from` (another loopback address: another client).
pub fn send_from(
    from: &str,
    port: u16,
    method: &str,
    path: &str,
    headers: &str,
    body: &[u8],
) -> Reply {
    let s = connect_from(from, port).expect("connect");
    exchange(s, &format!("127.0.0.1:{port}"), method, path, headers, body)
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
    let s = TcpStream::connect((ip, port)).expect("connect");
    exchange(s, host, method, path, headers, body)
}

/// Sends one request on `s` and reads the whole answer.
fn exchange(
    mut s: TcpStream,
    host: &str,
    method: &str,
    path: &str,
    headers: &str,
    body: &[u8],
) -> Reply {
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

/// One request with a JSON body (none for `null`) and a seat's token: the status and the body.
pub fn call(
    port: u16,
    method: &str,
    path: &str,
    body: &Value,
    token: Option<&str>,
) -> (u16, String) {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let host = format!("127.0.0.1:{port}");
    let r = send(port, &host, method, path, &bearer(token), body.as_bytes());
    (r.status, r.body)
}

/// `GET path`.
pub fn get(port: u16, path: &str) -> Reply {
    send(port, &format!("localhost:{port}"), "GET", path, "", b"")
}

/// The state of game `id`.
pub fn state(port: u16, id: &str) -> Value {
    let r = get(port, &format!("/api/games/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
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

/// `method path` with `body` (none when null) and the cookie line `Cookie: cookie` (none when
/// empty), from 127.0.0.1: an account's request.
pub fn account_call(port: u16, method: &str, path: &str, body: &Value, cookie: &str) -> Reply {
    account_call_from("127.0.0.1", port, method, path, body, cookie)
}

/// [`account_call`] from the local address `from`.
pub fn account_call_from(
    from: &str,
    port: u16,
    method: &str,
    path: &str,
    body: &Value,
    cookie: &str,
) -> Reply {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let headers = if cookie.is_empty() {
        String::new()
    } else {
        format!("Cookie: {cookie}\r\n")
    };
    send_from(from, port, method, path, &headers, body.as_bytes())
}

/// The `stones_session=…` an answer sets (the cookie to send back), or panics.
pub fn session_cookie(r: &Reply) -> String {
    let line = r
        .headers
        .lines()
        .find(|l| l.starts_with("set-cookie: stones_session="))
        .unwrap_or_else(|| panic!("no session cookie in {}", r.headers));
    line["set-cookie: ".len()..]
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// Registers the account `name` (password `password1`) from 127.0.0.1: its session cookie.
pub fn register(port: u16, name: &str) -> String {
    register_from("127.0.0.1", port, name)
}

/// [`register`] from the local address `from` (each address may register 5 an hour).
pub fn register_from(from: &str, port: u16, name: &str) -> String {
    let body = serde_json::json!({"name": name, "password": "password1"});
    let r = account_call_from(from, port, "POST", "/api/accounts", &body, "");
    assert_eq!(r.status, 201, "{name}: {}", r.body);
    session_cookie(&r)
}
