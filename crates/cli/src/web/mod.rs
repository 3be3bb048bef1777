//! `stones serve`: a web server with one page that plays every game, and the JSON API the page uses.
//!
//! The HTTP layer ([`http`]) is hyper on a small tokio runtime with limits on every input; the routes
//! ([`routes`]) are axum's. The page is static files compiled into the binary; it draws the SVG the
//! server makes ([`stones_core::replay::Replay::svg_picture`]), the same picture as `stones replay
//! --svg`. Games live in memory ([`games::Games`]); the server never reads or writes a file a client
//! names.

pub mod games;
pub mod http;
mod routes;

use games::Games;
use std::sync::{Arc, Mutex};

pub use http::MAX_BODY;

/// How `stones serve` runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to listen on.
    pub bind: String,
    /// The port (0: any free port).
    pub port: u16,
}

/// What the routes share: the games and the names this server answers to.
pub(crate) struct App {
    pub games: Games,
    /// The `Host` values answered (`None`: any), and the origins a page may send moves from.
    pub hosts: Option<Vec<String>>,
    /// Requests being handled now (see [`http::MAX_IN_FLIGHT`]).
    pub in_flight: tokio::sync::Semaphore,
}

/// A running server.
pub struct WebServer {
    /// The port it listens on (useful after asking for port 0).
    pub port: u16,
    thread: std::thread::JoinHandle<()>,
    stop: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
}

impl WebServer {
    /// Serves until the process ends (or [`WebServer::stop`]).
    pub fn wait(self) {
        let _ = self.thread.join();
    }

    /// Stops accepting connections.
    pub fn stop(&self) {
        if let Some(stop) = self.stop.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = stop.send(());
        }
    }
}

/// Starts the server on `bind:port` (port 0: any free port).
pub fn start(bind: &str, port: u16) -> Result<WebServer, String> {
    start_with(&Options {
        bind: bind.to_string(),
        port,
    })
}

/// Starts the server as `options` say, on a thread of its own.
pub fn start_with(options: &Options) -> Result<WebServer, String> {
    let bind = options.bind.as_str();
    let addr = format!("{bind}:{}", options.port);
    let listener =
        std::net::TcpListener::bind(&addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let port = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?
        .port();
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    // On a loopback address only this computer's names are answered, so that a web page elsewhere
    // cannot reach the games through a name it points at 127.0.0.1 (DNS rebinding).
    let loopback = bind
        .parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
        || bind.eq_ignore_ascii_case("localhost");
    let hosts = loopback.then(|| {
        ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .flat_map(|h| [h.to_string(), format!("{h}:{port}")])
            .collect()
    });
    let app = Arc::new(App {
        games: Games::default(),
        hosts,
        in_flight: tokio::sync::Semaphore::new(http::MAX_IN_FLIGHT),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(4)
        .thread_name("stones-web")
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let listener = {
        let _entered = runtime.enter();
        tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let router = routes::router(app);
    let thread = std::thread::Builder::new()
        .name("stones-serve".into())
        .spawn(move || {
            runtime.block_on(http::serve(listener, router, async {
                let _ = stopped.await;
            }))
        })
        .map_err(|e| format!("cannot start the server: {e}"))?;
    Ok(WebServer {
        port,
        thread,
        stop: Mutex::new(Some(stop)),
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
