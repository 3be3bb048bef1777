//! `stones serve`: a local web server (tiny_http, blocking, a few worker threads) with one page that
//! plays every game, and the JSON API the page uses.
//!
//! The page is static files compiled into the binary; it draws the SVG the server makes
//! ([`stones_core::replay::Replay::svg_picture`]), the same picture as `stones replay --svg`. Games live
//! in memory ([`games::Games`]); the server never reads or writes a file a client names.

pub mod games;

use games::{ApiError, Games};
use serde_json::{json, Value};
use std::io::Read;
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// Requests served at once.
const WORKERS: usize = 4;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// A running server.
pub struct WebServer {
    server: Arc<Server>,
    /// The port it listens on (useful after asking for port 0).
    pub port: u16,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl WebServer {
    /// Serves until the process ends.
    pub fn wait(self) {
        for w in self.workers {
            let _ = w.join();
        }
    }

    /// Stops accepting requests.
    pub fn stop(&self) {
        self.server.unblock();
    }
}

/// Starts the server on `bind:port` (port 0: any free port) with its worker threads.
pub fn start(bind: &str, port: u16) -> Result<WebServer, String> {
    let addr = format!("{bind}:{port}");
    let server = Server::http(&addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| format!("cannot listen on {addr}: not an IP address"))?;
    let server = Arc::new(server);
    let games = Arc::new(Games::default());
    // On a loopback address only this computer's names are answered, so that a web page elsewhere
    // cannot reach the games through a name it points at 127.0.0.1 (DNS rebinding).
    let loopback = bind
        .parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
        || bind.eq_ignore_ascii_case("localhost");
    let hosts: Option<Arc<Vec<String>>> = loopback.then(|| {
        Arc::new(
            ["127.0.0.1", "localhost", "[::1]"]
                .iter()
                .flat_map(|h| [h.to_string(), format!("{h}:{port}")])
                .collect(),
        )
    });
    let workers = (0..WORKERS)
        .map(|_| {
            let server = Arc::clone(&server);
            let games = Arc::clone(&games);
            let hosts = hosts.clone();
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    if let Some(hosts) = &hosts {
                        let header = |name: &'static str| {
                            request
                                .headers()
                                .iter()
                                .find(|h| h.field.equiv(name))
                                .map(|h| h.value.as_str().to_ascii_lowercase())
                        };
                        let host_ok = header("Host").is_some_and(|h| hosts.contains(&h));
                        // A page from elsewhere may not send moves here (its Origin says where it is from).
                        let origin_ok = header("Origin").is_none_or(|o| {
                            o.strip_prefix("http://")
                                .is_some_and(|h| hosts.contains(&h.to_string()))
                        });
                        if !(host_ok && origin_ok) {
                            respond_error(
                                request,
                                ApiError(
                                    403,
                                    "this server answers only to 127.0.0.1 or localhost".into(),
                                ),
                            );
                            continue;
                        }
                    }
                    handle(&games, request);
                }
            })
        })
        .collect();
    Ok(WebServer {
        server,
        port,
        workers,
    })
}

/// `stones serve`: starts the server, says where, opens a browser when asked, and serves.
pub fn serve(bind: &str, port: u16, open: bool) -> Result<(), String> {
    let server = start(bind, port)?;
    let host = if bind.contains(':') {
        format!("[{bind}]")
    } else {
        bind.to_string()
    };
    let url = format!("http://{host}:{}/", server.port);
    println!("stones: serving on {url} (Ctrl-C stops)");
    let _ = std::io::Write::flush(&mut std::io::stdout());
    if open {
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
            eprintln!("stones: cannot open a browser ({e}); open {url} yourself");
        }
    }
    server.wait();
    Ok(())
}

/// A response with a content type.
fn respond(request: Request, status: u16, content_type: &str, body: String) {
    let mut response = Response::from_string(body).with_status_code(status);
    for (k, v) in [
        ("Content-Type", content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(h) = Header::from_bytes(k, v) {
            response.add_header(h);
        }
    }
    let _ = request.respond(response);
}

fn respond_json(request: Request, status: u16, value: &Value) {
    respond(request, status, "application/json", value.to_string());
}

fn respond_error(request: Request, e: ApiError) {
    respond_json(request, e.0, &json!({ "error": e.1 }));
}

/// Reads a JSON body of at most [`MAX_BODY`] bytes (an empty body reads as `{}`).
fn read_json(request: &mut Request) -> Result<Value, ApiError> {
    let too_large = || ApiError(413, format!("the request body is over {MAX_BODY} bytes"));
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::bad(format!("cannot read the request body: {e}")))?;
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    serde_json::from_slice(&body).map_err(|e| ApiError::bad(format!("the body is not JSON: {e}")))
}

/// Routes one request.
fn handle(games: &Games, mut request: Request) {
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let get = method == Method::Get || method == Method::Head;
    match (get, method == Method::Post, parts.as_slice()) {
        (true, _, [""] | ["index.html"]) => {
            respond(request, 200, "text/html; charset=utf-8", INDEX_HTML.into())
        }
        (true, _, ["app.js"]) => respond(
            request,
            200,
            "text/javascript; charset=utf-8",
            APP_JS.into(),
        ),
        (true, _, ["style.css"]) => {
            respond(request, 200, "text/css; charset=utf-8", STYLE_CSS.into())
        }
        (true, _, ["api", "catalog"]) => respond_json(request, 200, &catalog()),
        (_, true, ["api", "games"]) => {
            let result = read_json(&mut request).and_then(|body| games.create(&body));
            match result {
                Ok(s) => {
                    let state = games::lock_state(&s);
                    respond_json(request, 201, &state)
                }
                Err(e) => respond_error(request, e),
            }
        }
        (true, _, ["api", "games", id]) => match games.get(id) {
            Ok(s) => {
                let state = games::lock_state(&s);
                respond_json(request, 200, &state)
            }
            Err(e) => respond_error(request, e),
        },
        (true, _, ["api", "games", id, what @ ("svg" | "sgf" | "case")]) => {
            let what = what.to_string();
            match games.get(id) {
                Ok(s) => {
                    let (body, name) = {
                        let s = games::lock_session(&s);
                        let name = format!("stones-{}", s.id);
                        match what.as_str() {
                            "svg" => (Some(s.svg()), None),
                            "sgf" => (s.sgf(), Some(format!("{name}.sgf"))),
                            _ => (Some(s.case_file()), Some(format!("{name}.case"))),
                        }
                    };
                    let Some(body) = body else {
                        return respond_error(
                            request,
                            ApiError(
                                404,
                                "this game has no SGF form here: download the case file".into(),
                            ),
                        );
                    };
                    let content_type = match what.as_str() {
                        "svg" => "image/svg+xml",
                        "sgf" => "application/x-go-sgf",
                        _ => "text/plain; charset=utf-8",
                    };
                    let mut response = Response::from_string(body).with_status_code(200);
                    let mut headers = vec![
                        ("Content-Type".to_string(), content_type.to_string()),
                        ("Cache-Control".into(), "no-store".into()),
                    ];
                    if let Some(name) = name {
                        headers.push((
                            "Content-Disposition".into(),
                            format!("attachment; filename=\"{name}\""),
                        ));
                    }
                    for (k, v) in headers {
                        if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                            response.add_header(h);
                        }
                    }
                    let _ = request.respond(response);
                }
                Err(e) => respond_error(request, e),
            }
        }
        (_, true, ["api", "games", id, action @ ("moves" | "undo")]) => {
            let action = action.to_string();
            let result = games.get(id).and_then(|s| {
                let body = read_json(&mut request)?;
                match action.as_str() {
                    "moves" => games::play(&s, &body)?,
                    _ => games::undo(&s)?,
                }
                Ok(games::lock_state(&s))
            });
            match result {
                Ok(state) => respond_json(request, 200, &state),
                Err(e) => respond_error(request, e),
            }
        }
        (false, false, ["api", ..]) => respond_error(
            request,
            ApiError(405, format!("{method} is not used here: GET or POST")),
        ),
        _ => respond_error(
            request,
            ApiError(
                404,
                format!("nothing at {}", path.chars().take(80).collect::<String>()),
            ),
        ),
    }
}

/// The games, their rulesets and usual sizes, for the page's choices.
fn catalog() -> Value {
    let games: Vec<Value> = crate::registry::GameKind::all()
        .into_iter()
        .map(|kind| {
            let rulesets: Vec<Value> = kind
                .builtin_rulesets()
                .iter()
                .map(|b| json!({"name": b.name, "description": crate::registry::GameKind::ruleset_description(b)}))
                .collect();
            let sizes = serde_json::to_value(kind.usual_sizes()).unwrap_or_default();
            json!({"game": kind.name(), "description": kind.description(), "rulesets": rulesets, "sizes": sizes})
        })
        .collect();
    json!({ "games": games })
}
