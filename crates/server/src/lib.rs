//! stones-server: the site behind `stones serve` — a web server with one page that plays every game, and the JSON API the page uses.
//!
//! The HTTP layer ([`http`]) is hyper on a small tokio runtime with limits on every input; the routes
//! (`routes`) are axum's. The page is static files compiled into the binary; it draws the SVG the
//! server makes ([`stones_core::replay::Replay::svg_picture`]), the same picture as `stones replay
//! --svg`. Games in play live in memory ([`games::Games`]) and every game is written to SQLite as it
//! happens ([`store`]); the server never reads or writes a file a client names. Review, the
//! computer's view and the search's estimates are [`review`]'s; a record uploaded for review is read
//! by [`upload`] into a game like any other.

/// Tells the operator a line on standard error while serving. A closed standard error loses the
/// line, never the request (`eprintln!` would panic in the handler).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod accounts;
pub mod budget;
pub mod db;
#[cfg(feature = "postgres")]
pub mod follow;
pub mod games;
pub mod glicko;
pub mod http;
pub mod ids;
pub mod pairing;
#[cfg(feature = "postgres")]
pub mod pg;
pub mod review;
mod routes;
pub mod runner;
pub mod seats;
pub mod stats;
pub mod store;
pub mod timing;
mod tournament_page;
pub mod tournaments;
pub mod upload;

use games::Games;
use std::sync::{Arc, Mutex};
use stones_cli::site::ServeArgs;

pub use http::MAX_BODY;

pub use stones_cli::site::CREATIONS_PER_MINUTE;

/// How `stones serve` runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to listen on.
    pub bind: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The address people use (`https://games.example.org`): required to listen on an address other
    /// than loopback, and then the only `Host` and `Origin` answered.
    pub public_url: Option<String>,
    /// How long a request about a game keeps its computer playing ([`games::WATCH`]).
    pub watch: std::time::Duration,
    /// The longest a computer player thinks on a move, whatever its spec says
    /// ([`games::MAX_THINK`]).
    pub max_think: std::time::Duration,
    /// The SQLite file the games are kept in, or a PostgreSQL address (`postgres://…`: several
    /// servers share the games); `None`: in memory, gone with the process.
    pub db: Option<std::path::PathBuf>,
    /// Games one client address may create a minute (429 past it).
    pub creations_per_minute: u32,
    /// What one client address may hold at once: connections, event streams, requests being
    /// handled, games in play ([`http::SHARE`]; `--per-address`).
    pub shares: http::Shares,
    /// Search threads and bytes of trees all games' computer players share ([`budget`]; the
    /// first server a process starts sets it): `None` for this machine's cores and
    /// [`budget::TREE_MEMORY`].
    pub search: Option<(usize, usize)>,
}

impl Options {
    /// Listens on `bind:port`, loopback's rules, the usual watch and think times.
    pub fn new(bind: &str, port: u16) -> Options {
        Options {
            bind: bind.to_string(),
            port,
            public_url: None,
            watch: games::WATCH,
            max_think: games::MAX_THINK,
            db: None,
            creations_per_minute: CREATIONS_PER_MINUTE,
            shares: http::SHARE,
            search: None,
        }
    }
}

/// The names a server answers to: `Host` values and the origins a page may post from.
pub(crate) struct Allowed {
    pub hosts: Vec<String>,
    pub origins: Vec<String>,
}

impl Allowed {
    /// On loopback: this computer's names (and the bound address), on this port or none, over http.
    fn loopback(bind: &str, port: u16) -> Allowed {
        let own = match bind.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V6(ip)) => format!("[{ip}]"),
            Ok(ip) => ip.to_string(),
            Err(_) => bind.to_ascii_lowercase(),
        };
        let mut names = vec!["127.0.0.1".to_string(), "localhost".into(), "[::1]".into()];
        if !names.contains(&own) {
            names.push(own);
        }
        let hosts: Vec<String> = names
            .iter()
            .flat_map(|h| [h.clone(), format!("{h}:{port}")])
            .collect();
        let origins = hosts.iter().map(|h| format!("http://{h}")).collect();
        Allowed { hosts, origins }
    }

    /// Behind a public address: its host only, and its origin.
    fn public(url: &str) -> Result<Allowed, String> {
        let bad = || {
            format!("--public-url {url}: expected http://HOST[:PORT] or https://HOST[:PORT], as people type it")
        };
        let (scheme, rest) = url.split_once("://").ok_or_else(bad)?;
        let scheme = scheme.to_ascii_lowercase();
        let host = rest.split('/').next().unwrap_or("").to_ascii_lowercase();
        if !matches!(scheme.as_str(), "http" | "https")
            || host.is_empty()
            || host.contains(['@', ' ', '?', '#'])
        {
            return Err(bad());
        }
        Ok(Allowed {
            origins: vec![format!("{scheme}://{host}")],
            hosts: vec![host],
        })
    }
}

/// What the routes share: the games and the names this server answers to.
pub(crate) struct App {
    pub games: Games,
    /// The `Host` values answered and the origins a page may send moves from.
    pub allowed: Allowed,
    /// The address people use, for invitation links (else the request's `Host`).
    pub public_url: Option<String>,
    /// Requests being handled now, their bodies in (see [`http::MAX_IN_FLIGHT`]), in all and per
    /// address.
    pub in_flight: Arc<http::Tally>,
    /// Event streams open now (see [`http::MAX_STREAMS`]), in all and per address.
    pub streams: Arc<http::Tally>,
    /// Score estimates and analyses being made now (one at a time: each is a search).
    pub estimates: tokio::sync::Semaphore,
    /// Games created lately, per client address: (the minute's start, how many).
    pub creations: Mutex<std::collections::HashMap<std::net::IpAddr, (std::time::Instant, u32)>>,
    pub creations_per_minute: u32,
    /// Accounts' counts per address, hashing places and cookie flags.
    pub accounts: accounts::Accounts,
}

impl App {
    /// Counts a game created by `ip`; false past [`Options::creations_per_minute`] this minute.
    pub fn may_create(&self, ip: std::net::IpAddr) -> bool {
        let minute = std::time::Duration::from_secs(60);
        let mut map = self.creations.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 10_000 {
            map.retain(|_, (start, _)| start.elapsed() < minute);
        }
        let entry = map
            .entry(http::share_key(ip))
            .or_insert((std::time::Instant::now(), 0));
        if entry.0.elapsed() >= minute {
            *entry = (std::time::Instant::now(), 0);
        }
        if entry.1 >= self.creations_per_minute {
            return false;
        }
        entry.1 += 1;
        true
    }
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
    start_with(&Options::new(bind, port))
}

/// Starts the server as `options` say, on a thread of its own.
pub fn start_with(options: &Options) -> Result<WebServer, String> {
    if let Some((threads, memory)) = options.search {
        budget::set_server(threads, memory);
    }
    let bind = options.bind.as_str();
    let addr = format!("{bind}:{}", options.port);
    let listener =
        std::net::TcpListener::bind(&addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let port = local.port();
    // Only the server's own names are answered, so that a web page elsewhere cannot reach the games
    // through a name it points at this address (DNS rebinding), nor send moves from its origin.
    let loopback = local.ip().is_loopback();
    let allowed = match (&options.public_url, loopback) {
        (Some(url), _) => Allowed::public(url)?,
        (None, true) => Allowed::loopback(bind, port),
        (None, false) => {
            return Err(format!(
                "--bind {bind} lets other computers in: say the address they use with --public-url URL (e.g. https://games.example.org)"
            ))
        }
    };
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let store = match &options.db {
        Some(db) if store::is_postgres_url(&db.to_string_lossy()) => {
            store::Store::postgres(&db.to_string_lossy())?
        }
        Some(path) => store::Store::open(path)?,
        None => store::Store::memory()?,
    };
    tournaments::make_tables(&store)?;
    let app = Arc::new(App {
        games: Games::new(
            games::Limits {
                watch: options.watch,
                max_think: options.max_think,
            },
            store,
        )
        .with_share(options.shares.games),
        allowed,
        public_url: options.public_url.clone(),
        in_flight: http::Tally::new(http::ALL.in_flight, options.shares.in_flight),
        streams: http::Tally::new(http::ALL.streams, options.shares.streams),
        estimates: tokio::sync::Semaphore::new(1),
        creations: Mutex::default(),
        creations_per_minute: options.creations_per_minute,
        accounts: accounts::Accounts::new(options.public_url.as_deref()),
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
    tournaments::follow(Arc::downgrade(&app));
    let router = routes::router(app);
    let connections = http::Tally::new(http::ALL.connections, options.shares.connections);
    let thread = std::thread::Builder::new()
        .name("stones-serve".into())
        .spawn(move || {
            runtime.block_on(http::serve(listener, router, connections, async {
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

/// `stones serve`: reads its command line's options and serves until the process ends (what
/// [`stones_cli::Stones::site`] takes).
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    use stones_cli::clock::seconds_arg;
    let mut options = Options::new(&args.bind, args.port);
    options.public_url = args.public_url.clone();
    options.creations_per_minute = args.creations_per_minute;
    options.shares = http::Shares::parse(&args.per_address)?;
    options.max_think = seconds_arg("--max-think", args.max_think)?;
    if options.max_think.is_zero() || options.max_think > games::MAX_THINK_LIMIT {
        return Err(format!(
            "--max-think {}: expected seconds over 0 and at most {}",
            args.max_think,
            games::MAX_THINK_LIMIT.as_secs()
        ));
    }
    options.watch = seconds_arg("--watch", args.watch)?;
    if options.watch.is_zero() {
        return Err(format!("--watch {}: expected seconds over 0", args.watch));
    }
    if args.search_threads == Some(0) || !(16..=1 << 20).contains(&args.search_memory) {
        return Err(format!(
            "--search-threads {} --search-memory {}: expected at least 1 thread and from 16 to \
             1048576 MB",
            args.search_threads
                .map_or("(cores)".into(), |n| n.to_string()),
            args.search_memory
        ));
    }
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    options.search = Some((
        args.search_threads.unwrap_or(cores),
        args.search_memory << 20,
    ));
    options.db = Some(
        args.db.clone().or_else(store::default_path).ok_or(
            "no place for the database ($HOME and $XDG_DATA_HOME are unset): give --db PATH"
                .to_string(),
        )?,
    );
    serve_with(&options, args.open)
}

/// `stones serve`: starts the server, says where, opens a browser when asked, and serves.
pub fn serve_with(options: &Options, open: bool) -> Result<(), String> {
    let server = start_with(options)?;
    let bind = options.bind.as_str();
    let host = if bind.contains(':') {
        format!("[{bind}]")
    } else {
        bind.to_string()
    };
    let url = format!("http://{host}:{}/", server.port);
    println!("stones: serving on {url} (Ctrl-C stops)");
    match &options.db {
        Some(db) if store::is_postgres_url(&db.to_string_lossy()) => eprintln!(
            "stones: games are kept in {} (shared with the servers on it)",
            store::redacted(&db.to_string_lossy())
        ),
        Some(db) => eprintln!("stones: games are kept in {}", db.display()),
        None => eprintln!("stones: games are kept in memory only (no --db)"),
    }
    if let Some(public) = &options.public_url {
        eprintln!("stones: answering to {public} only");
        eprintln!(
            "stones: warning: this server has no TLS of its own: put it behind a reverse proxy that serves {public} over HTTPS"
        );
    }
    let _ = std::io::Write::flush(&mut std::io::stdout());
    if open {
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
            eprintln!("stones: cannot open a browser ({e}); open {url} yourself");
        }
    }
    server.wait();
    Ok(())
}
