//! `stones serve`'s command line, and the site it starts. The site is `stones-server`'s, a crate
//! above this one: a program hands it over with [`crate::Stones::site`], so that a game crate builds
//! no web server or database unless it asks for them.

use std::path::PathBuf;
use std::sync::OnceLock;

/// Games one client address may create a minute, by default.
pub const CREATIONS_PER_MINUTE: u32 = 60;
/// The longest a computer player thinks on a move, by default (`--max-think`).
pub const MAX_THINK_SECONDS: u64 = 10;
/// The most `--max-think` may be.
pub const MAX_THINK_LIMIT_SECONDS: u64 = 60;
/// How long a request about a game keeps its computer playing, by default (`--watch`).
pub const WATCH_SECONDS: u64 = 20;

/// Megabytes of search trees all games share, by default (`--search-memory`).
pub const SEARCH_MEMORY_MB: usize = 512;

/// `stones serve`'s options, as typed.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port (0: any free port; the line printed at the start says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; only this computer can connect unless you name another.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// The address people use (such as `https://games.example.org`): required with a --bind other than
    /// loopback; only this Host and Origin are answered. There is no TLS: use a reverse proxy.
    #[arg(long)]
    pub public_url: Option<String>,
    /// The SQLite file games are kept in (default: $XDG_DATA_HOME/stones/stones.db, else
    /// ~/.local/share/stones/stones.db), or a PostgreSQL database (postgres://user@host/db) that
    /// several servers share.
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Games one client address may create a minute (429 past it). Behind a reverse proxy every
    /// client has the proxy's address: raise it there (and for load tests).
    #[arg(long, default_value_t = CREATIONS_PER_MINUTE)]
    pub creations_per_minute: u32,
    /// What one client address may hold at once, of the server's 512 connections, 256 event
    /// streams, 64 requests being handled and 64 games in play: some of
    /// `connections=N,streams=N,requests=N,games=N` (the rest by default: 64, 16, 16, 8), or
    /// `off` (each the whole). Behind a reverse proxy every client has the proxy's address: off
    /// there, and let the proxy share.
    #[arg(
        long,
        value_name = "SHARES",
        default_value = "connections=64,streams=16,requests=16,games=8"
    )]
    pub per_address: String,
    /// The longest a computer player thinks on a move, whatever its spec says (`playouts=`
    /// stops there too; a longer `time=` is refused); from just over 0 to 60.
    #[arg(long, value_name = "SECONDS", default_value_t = MAX_THINK_SECONDS as f64)]
    pub max_think: f64,
    /// How long a request about a game (an event stream's opening included) keeps its computer
    /// playing: a game nobody asks about stops between moves, and goes on at the next request.
    #[arg(long, value_name = "SECONDS", default_value_t = WATCH_SECONDS as f64)]
    pub watch: f64,
    /// Search threads all games' computer players share (default: this machine's cores): a move
    /// waits its turn when they are taken.
    #[arg(long, value_name = "N")]
    pub search_threads: Option<usize>,
    /// Megabytes of search trees all games' computer players share (each move's tree is freed
    /// when the move is made).
    #[arg(long, value_name = "MB", default_value_t = SEARCH_MEMORY_MB)]
    pub search_memory: usize,
    /// Open the page in a browser (xdg-open).
    #[arg(long)]
    pub open: bool,
}

/// Serves the site as the options say, until the process ends; the error is the message to print.
pub type Site = fn(&ServeArgs) -> Result<(), String>;

static SITE: OnceLock<Site> = OnceLock::new();

/// Gives `stones serve` its site (the first one given stays).
pub(crate) fn install(site: Site) {
    let _ = SITE.set(site);
}

/// Runs `stones serve`: the site given, or a message saying how to get one.
pub(crate) fn serve(args: &ServeArgs) -> Result<(), String> {
    match SITE.get() {
        Some(site) => site(args),
        None => Err(
            "this program was built without the site behind `serve`: a game crate made \
             by `stones new-game` builds it with `cargo run --features server -- serve`; another \
             main.rs gives it with `.site(stones_server::serve)` (the crate stones-server)"
                .to_string(),
        ),
    }
}
