//! The games the server holds: creation from a JSON request, moves, undo, the computer's moves on a
//! background thread, and the state sent back.

use super::review::{self, MoveThought};
use super::seats::Seats;
pub use super::seats::UndoStep;
use super::store::{Change, NewGame, Rated, Store};
use super::timing::GameClock;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use stones_ai::PlayerSpec;
use stones_cli::case::{play_recorded, transcript, write_case, MoveRecord, Transcript};
use stones_cli::player::Player;
use stones_cli::registry::GameKind;
use stones_cli::text_game::AnyGame;
use stones_core::{Colour, Status};

/// Games in play at once: unfinished, with a move within [`IDLE`] (finished and abandoned games
/// free their slot); one client address may have created at most its share of them
/// (`super::http::SHARE`).
pub const MAX_LIVE: usize = 64;
/// Games held in memory in all; past it the finished ones longest untouched are let go.
pub const MAX_HELD: usize = 1024;
/// A game without a move for this long is abandoned: it no longer counts as in play.
pub const IDLE: Duration = Duration::from_secs(3600);
/// A game nobody has moved in since it came into memory (made, uploaded, or loaded because someone
/// asked about it) is abandoned sooner: an open seat nobody took, a game set up and left. Else one
/// address could hold its share of the games in play for an hour with requests alone.
pub const UNMOVED_IDLE: Duration = Duration::from_secs(300);
/// The computer plays only while someone watches: a request about the game within this time, by
/// default (`--watch`). An event stream is a request that lasts: it ends after three quarters of
/// this time ([`Limits::stream_life`]), and a browser's `EventSource` opens it again (a request),
/// so a stream nobody opens again stops counting.
pub const WATCH: Duration = Duration::from_secs(stones_cli::site::WATCH_SECONDS);
/// The largest board the server plays on, in points (Dots' 39 × 32 field has 1248).
pub const MAX_POINTS: usize = 2000;
/// The longest think the server allows a computer player per move, by default (`--max-think`).
pub const MAX_THINK: Duration = Duration::from_secs(stones_cli::site::MAX_THINK_SECONDS);
/// The longest `--max-think`.
pub const MAX_THINK_LIMIT: Duration =
    Duration::from_secs(stones_cli::site::MAX_THINK_LIMIT_SECONDS);
/// The computer's time per move when its spec sets no limit.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
/// The most memory one computer player's search trees may take (a game has at most two): what a
/// spec asks past it is cut to it.
pub const MAX_TREE_MEMORY: usize = 128 << 20;
/// How long a server runs a game's computer and clock once it took the game's lease, at least:
/// renewed while it runs them, taken over by another server once expired (longer with a
/// longer `--max-think`: see `Limits::lease`).
pub const LEASE: Duration = Duration::from_secs(15);

/// What bounds the computer in every game of a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// How long a request about a game keeps its computer playing ([`WATCH`]).
    pub watch: Duration,
    /// The longest think per move, whatever a player's spec says ([`MAX_THINK`]).
    pub max_think: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            watch: WATCH,
            max_think: MAX_THINK,
        }
    }
}

impl Limits {
    /// How long an event stream lasts: less than [`Limits::watch`], so that a browser opens it again
    /// while the game still counts as watched, and the computer does not pause meanwhile.
    pub fn stream_life(&self) -> Duration {
        self.watch * 3 / 4
    }

    /// A game's lease: [`LEASE`], or longer with a longer think, so that a think started on a lease
    /// renewed at two thirds ends before the lease does.
    fn lease(&self) -> Duration {
        LEASE.max(self.max_think * 3 / 2)
    }
}

/// A refused request: the HTTP status and the message for `{"error": …}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError(pub u16, pub String);

impl ApiError {
    pub fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(400, msg.into())
    }

    /// A database that failed: 503, its message.
    pub fn database(e: String) -> ApiError {
        ApiError::cannot("use the database")(e)
    }

    /// A database that failed at one task (`"store the game"`): 503, the task and the message.
    pub fn cannot(task: &str) -> impl FnOnce(String) -> ApiError + '_ {
        move |e| ApiError(503, format!("cannot {task}: {e}"))
    }
}

/// One game on the server.
pub struct Session {
    pub id: String,
    game: AnyGame,
    ruleset: String,
    set: Vec<String>,
    label: String,
    records: Vec<MoveRecord>,
    specs: [String; 2],
    /// `None` while a player is lent to the thread that thinks for it.
    players: [Option<Player>; 2],
    humans: [bool; 2],
    thinking: bool,
    /// The last request found the computer waiting for a watcher, and woke it.
    resumed: bool,
    /// The human seats' tokens and an undo asked for.
    seats: Seats,
    /// Tells event streams of each change (the value: [`Session::version`]).
    notify: tokio::sync::watch::Sender<u64>,
    /// Bumped by every change the state shows (moves, thinking, an undo asked); starts at the
    /// time the session was made, in milliseconds.
    version: u64,
    /// Bumped by every change, so that a move thought for an older position is dropped.
    generation: u64,
    /// The number of records when the search last marked the dead stones it sees, at the start of
    /// the marking step (so that it marks them once, and a person's changes stand).
    premarked: Option<usize>,
    /// What went wrong with the computer's last move, if anything.
    computer_error: Option<String>,
    /// The last move (or the creation): a game without one for [`IDLE`] is abandoned.
    moved: Instant,
    /// The last request about the game: the computer thinks only within [`Limits::watch`] of it.
    watched: Instant,
    limits: Limits,
    /// The legal points and actions of the current position (computed once per change).
    legal: (Vec<String>, Vec<String>, bool),
    /// Whether the game has an SGF form (its kind and size decide; asked once, at the start).
    has_sgf: bool,
    /// The players' names (guests: any name they give).
    names: [Option<String>; 2],
    /// The clock, when the game has one.
    clock: Option<GameClock>,
    /// Who sits at each seat, for the ratings: a guest's identity (its cookie), `bot:<spec>`.
    player_ids: [Option<String>; 2],
    /// Where the game is kept, and what is stored there: the moves, the result and the undo asked
    /// for (`None` before the first write).
    store: Option<Arc<Store>>,
    saved: Option<Stored>,
    /// The stored version this copy was made from or wrote.
    stored_version: i64,
    /// A write was refused: another server changed the game, which is to be reloaded.
    stale: bool,
    /// This server's name as a game's runner, and until when it holds this game's lease (or, when
    /// another server holds it, when to ask again).
    runner: Arc<str>,
    lease: Option<Instant>,
    lease_retry: Option<Instant>,
    /// What the computer thought of its moves still on the board (stored with the moves).
    thoughts: Vec<MoveThought>,
    /// The creation request, for a rematch.
    request: Value,
    /// The address of the client that made the game here (kept in memory only: it counts against
    /// that address's share of the games in play).
    creator: Option<IpAddr>,
    /// The moves the game had when it came into memory: until there are others it is abandoned
    /// after [`UNMOVED_IDLE`].
    entered: usize,
}

/// What a game's row holds of its play: moves, result, undo asked for.
type Stored = (Vec<String>, Option<String>, Option<String>);

/// The state of a game as the API sends it: the fields of `stones replay --json` and more.
#[derive(Serialize)]
struct State<'a> {
    id: &'a str,
    /// Bumped by every change: of two states of a game, the page shows the later.
    version: u64,
    #[serde(flatten)]
    transcript: Transcript,
    /// The points a click may use now (empty while the computer is to move).
    legal: &'a [String],
    /// The words that are moves now: `pass`, `stop`, `done`, `resign`.
    actions: &'a [String],
    /// A move is two points now (TriGo after the opening).
    two_points: bool,
    players: Players<'a>,
    thinking: bool,
    /// The computer had stopped for want of a watcher, and this request woke it.
    resumed: bool,
    /// The seat that asked to take back the last move, waiting for the other's answer.
    undo_request: Option<&'a str>,
    /// The seat still open in the lobby.
    open_seat: Option<&'a str>,
    /// The players' names, where given.
    names: Players<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    computer_error: Option<&'a str>,
    /// Which downloads there are: `case`, and `sgf` for the games with an SGF form.
    downloads: Vec<&'static str>,
    /// What the computer thought of each of its moves, oldest first.
    thoughts: &'a [MoveThought],
    /// The request that created the game (for a rematch).
    request: &'a Value,
}

#[derive(Serialize)]
struct Players<'a> {
    black: &'a str,
    white: &'a str,
}

/// All the games, by id: those in play in memory, every one in the store.
pub struct Games {
    map: Arc<Map>,
    store: Arc<Store>,
    /// How long a request keeps the computer playing, and the longest think.
    limits: Limits,
    /// This server's name as a runner of games ([`super::runner::own_name`]: another server on the
    /// same database has another).
    runner: Arc<str>,
    /// The games in play one client address may have made ([`MAX_LIVE`] unless told).
    share: usize,
}

type Map = Mutex<HashMap<String, Arc<Mutex<Session>>>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The session behind the lock (a panic elsewhere does not lock it for good).
pub fn lock_session(s: &Mutex<Session>) -> MutexGuard<'_, Session> {
    lock(s)
}

/// The session's state as JSON.
pub fn lock_state(s: &Mutex<Session>) -> Value {
    lock(s).state()
}

impl Games {
    /// The games of `store`; the computer plays for `limits.watch` after each request about its
    /// game, each move within `limits.max_think`.
    pub fn new(limits: Limits, store: Store) -> Games {
        let games = Games {
            map: Arc::default(),
            store: Arc::new(store),
            limits,
            runner: super::runner::own_name().into(),
            share: MAX_LIVE,
        };
        // The flags fall on the server's own time, whether or not anyone is connected.
        let map = Arc::downgrade(&games.map);
        let _ = std::thread::Builder::new()
            .name("stones-clocks".into())
            .spawn(move || loop {
                std::thread::sleep(super::timing::SWEEP);
                let Some(map) = map.upgrade() else {
                    return;
                };
                let sessions: Vec<_> = lock(&map).values().cloned().collect();
                drop(map);
                for s in sessions {
                    let mut g = lock(&s);
                    if g.clock.as_ref().is_some_and(GameClock::ticking) && g.runs() {
                        g.check_flag();
                    }
                }
            });
        // Another server's change reloads the copy held here (its event streams show it).
        #[cfg(feature = "postgres")]
        if let Some(url) = games.store.shared_url() {
            let map = Arc::downgrade(&games.map);
            super::follow::follow(url.to_string(), move |notice| {
                let Some(map) = map.upgrade() else {
                    return false;
                };
                follow_notice(&map, notice);
                true
            });
        }
        // Games with a clock run, stored or not: load them so that their flags can fall.
        match games.store.clocked() {
            Ok(ids) => {
                for id in ids {
                    if let Ok(Some(session)) = games.load(&id) {
                        lock(&games.map).insert(id, Arc::new(Mutex::new(session)));
                    }
                }
            }
            Err(e) => note!("stones: cannot read the games with a clock: {e}"),
        }
        games
    }

    /// At most `share` games in play made by one client address.
    pub fn with_share(mut self, share: usize) -> Games {
        self.share = share;
        self
    }

    /// Starts a game from a request body `{"game", "ruleset", "set", "black", "white"}` for a client
    /// at `from`, and stores it.
    pub fn create(
        &self,
        body: &Value,
        player: Option<&str>,
        from: Option<IpAddr>,
    ) -> Result<Arc<Mutex<Session>>, ApiError> {
        let mut session = Session::build(body, self.limits, true)?;
        for i in 0..2 {
            if session.humans[i] && session.seats.open.map(Colour::idx) != Some(i) {
                session.player_ids[i] = player.map(str::to_string);
            }
        }
        self.insert(session, from)
    }

    /// Checks a creation request as [`Games::create`] would, making nothing.
    pub fn check_request(&self, body: &Value) -> Result<(), ApiError> {
        Session::build(body, self.limits, true).map(|_| ())
    }

    /// Starts a game between two people held by accounts (`[(id, name); 2]`: Black's, White's) —
    /// a tournament's board — and stores it: its id. Each takes its seat with [`sit`].
    pub fn create_seated(
        &self,
        body: &Value,
        players: [(String, String); 2],
    ) -> Result<String, ApiError> {
        let mut session = Session::build(body, self.limits, true)?;
        for (i, (id, name)) in players.into_iter().enumerate() {
            session.player_ids[i] = Some(id);
            session.names[i] = Some(name);
        }
        let session = self.insert(session, None)?;
        let id = lock(&session).id.clone();
        Ok(id)
    }

    /// Gives a new game its id, seats and room among the games in play, and stores it.
    fn insert(
        &self,
        mut session: Session,
        from: Option<IpAddr>,
    ) -> Result<Arc<Mutex<Session>>, ApiError> {
        let open = session.seats.open;
        session.seats = Seats::new(session.humans)?;
        session.seats.open = open;
        session.creator = from.map(super::http::share_key);
        let mut map = lock(&self.map);
        make_room(&mut map, session.creator, self.share)?;
        let id = loop {
            let id = super::ids::random_hex()?;
            if !map.contains_key(&id) {
                break id;
            }
        };
        self.store
            .insert_game(&NewGame {
                id: &id,
                request: &session.request.to_string(),
                kind: session.game.game_name(),
                tokens: session.seats.tokens(),
                open_seat: open.map(|c| ["black", "white"][c.idx()]),
                names: &session.names,
                players: &session.player_ids,
            })
            .map_err(ApiError::cannot("store the game"))?;
        session.id = id.clone();
        session.store = Some(Arc::clone(&self.store));
        session.runner = Arc::clone(&self.runner);
        session.refresh()?;
        let session = Arc::new(Mutex::new(session));
        map.insert(id, Arc::clone(&session));
        drop(map);
        kick(&session);
        Ok(session)
    }

    /// A game from an uploaded record `{"record": "…"}` (SGF or a case file, [`super::upload`])
    /// between two people, its moves played; nothing is kept of a record that does not replay.
    pub fn upload(
        &self,
        body: &Value,
        player: Option<&str>,
        from: Option<IpAddr>,
    ) -> Result<Arc<Mutex<Session>>, ApiError> {
        let expected =
            || ApiError::bad("expected {\"record\": \"…\"}: an SGF record or a case file");
        let obj = body.as_object().ok_or_else(expected)?;
        let Some(Value::String(text)) = obj.get("record") else {
            return Err(expected());
        };
        if obj.len() > 1 {
            return Err(expected());
        }
        let upload = super::upload::read_record(text)?;
        Session::build(&upload.request, self.limits, true)?.replay(&upload.moves)?;
        let session = self.create(&upload.request, player, from)?;
        let mut s = lock(&session);
        // A record to review is nobody's game in play: the lobby leaves it out.
        self.store
            .mark_review(&s.id)
            .map_err(ApiError::cannot("store the game"))?;
        s.replay(&upload.moves)?;
        s.entered = s.records.len();
        drop(s);
        Ok(session)
    }

    /// The lobby: games with a seat open (newest first) and games being played, at most 50 each.
    pub fn lobby(&self) -> Result<Value, ApiError> {
        let list = |open: bool| -> Result<Vec<Value>, ApiError> {
            let rows = self
                .store
                .lobby(open, 50)
                .map_err(ApiError::cannot("read the database"))?;
            Ok(rows
                .into_iter()
                .map(|g| {
                    let request: Value = serde_json::from_str(&g.request).unwrap_or_default();
                    let field = |k: &str, default: &str| {
                        request.get(k).cloned().filter(|v| !v.is_null()).unwrap_or_else(|| default.into())
                    };
                    serde_json::json!({
                        "id": g.id,
                        "game": field("game", ""),
                        "ruleset": field("ruleset", ""),
                        "set": field("set", ""),
                        "players": {"black": field("black", "human"), "white": field("white", "human")},
                        "names": {"black": g.names[0], "white": g.names[1]},
                        "open_seat": g.open_seat,
                        "moves": g.moves,
                        "created": g.created,
                    })
                })
                .collect())
        };
        Ok(serde_json::json!({"open": list(true)?, "playing": list(false)?}))
    }

    /// A game's tables: the first 20 players by rating, by wins and by games played.
    pub fn ratings(&self, kind: &str) -> Result<Value, ApiError> {
        let kind = GameKind::parse(kind).map_err(|e| ApiError(404, e))?;
        let table = |order: &str| -> Result<Vec<Value>, ApiError> {
            let rows = self
                .store
                .ratings(kind.name(), order, 20)
                .map_err(ApiError::cannot("read the database"))?;
            Ok(rows
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "name": r.name,
                        "bot": r.bot,
                        "rating": (r.rating.rating * 10.0).round() / 10.0,
                        "deviation": (r.rating.deviation * 10.0).round() / 10.0,
                        "games": r.games,
                        "wins": r.wins,
                        "losses": r.losses,
                        "draws": r.draws,
                    })
                })
                .collect())
        };
        Ok(serde_json::json!({
            "game": kind.name(),
            "by_rating": table("rating")?,
            "by_wins": table("wins")?,
            "by_games": table("games")?,
        }))
    }

    /// A game's statistics (see [`super::stats::stats`]).
    pub fn stats(&self, kind: &str) -> Result<Value, ApiError> {
        let kind = GameKind::parse(kind).map_err(|e| ApiError(404, e))?;
        let games = self
            .store
            .finished(kind.name())
            .map_err(ApiError::cannot("read the database"))?;
        let mut stats = super::stats::stats(&games, Store::now());
        stats["game"] = kind.name().into();
        Ok(stats)
    }

    /// Where the games (and the accounts) are kept.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// What bounds the computer in these games.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The stored game `id`, replayed (see [`load`]).
    fn load(&self, id: &str) -> Result<Option<Session>, ApiError> {
        let mut session = load(&self.store, id, self.limits)?;
        if let Some(s) = &mut session {
            s.runner = Arc::clone(&self.runner);
        }
        Ok(session)
    }

    /// The game with this id; asking counts as watching it, and wakes a computer that waited for a
    /// watcher (the answer's `resumed`).
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let missing = || ApiError(404, format!("no game '{}' on this server", short(id)));
        if !super::ids::well_formed(id) {
            return Err(missing());
        }
        let found = lock(&self.map).get(id).cloned();
        let s = match found {
            Some(s) => {
                // Another server may have changed it: a copy older than the stored game is reloaded.
                let stored = self
                    .store
                    .version(id)
                    .map_err(ApiError::cannot("read the database"))?;
                let mut g = lock(&s);
                if g.stale || stored.is_some_and(|v| v > g.stored_version) {
                    g.reload()?;
                }
                drop(g);
                s
            }
            None => {
                let session = self.load(id)?.ok_or_else(missing)?;
                let mut map = lock(&self.map);
                let _ = make_room(&mut map, None, self.share);
                Arc::clone(
                    map.entry(id.to_string())
                        .or_insert_with(|| Arc::new(Mutex::new(session))),
                )
            }
        };
        {
            let mut g = lock(&s);
            g.resumed = g.paused();
            g.watched = Instant::now();
        }
        kick(&s);
        Ok(s)
    }
}

/// Lets go of abandoned games and, past [`MAX_HELD`], of the finished ones longest untouched; refuses
/// when [`MAX_LIVE`] games are in play (503), or `share` of them made by the client at `from` (429).
fn make_room(
    map: &mut HashMap<String, Arc<Mutex<Session>>>,
    from: Option<IpAddr>,
    share: usize,
) -> Result<(), ApiError> {
    map.retain(|_, s| {
        let s = lock(s);
        s.thinking || s.moved.elapsed() < IDLE
    });
    let (mut live, mut mine) = (0, 0);
    for s in map.values() {
        let s = lock(s);
        if s.live() {
            live += 1;
            mine += usize::from(from.is_some() && s.creator == from);
        }
    }
    if live >= MAX_LIVE {
        return Err(ApiError(
            503,
            format!("the server has {MAX_LIVE} games in play already; try again later"),
        ));
    }
    if mine >= share {
        return Err(ApiError(
            429,
            format!("at most {share} games in play made from one address: finish or leave one (a game nobody moves in is let go after {} minutes)", UNMOVED_IDLE.as_secs() / 60),
        ));
    }
    if map.len() >= MAX_HELD {
        let mut finished: Vec<(Instant, String)> = map
            .iter()
            .filter_map(|(id, s)| {
                let s = lock(s);
                (!s.live()).then(|| (s.moved, id.clone()))
            })
            .collect();
        finished.sort();
        for (_, id) in finished.iter().take(map.len() + 1 - MAX_HELD) {
            map.remove(id);
        }
    }
    Ok(())
}

/// A request's `setup`, `{"board": "<case-file board rows>", "to_move": "black"|"white"}`:
/// a start position other than the ruleset's (an uploaded record's handicap stones, say).
fn start_setup(value: Option<&Value>) -> Result<Option<(String, Colour)>, ApiError> {
    let bad = || {
        ApiError::bad(
            "\"setup\" is {\"board\": rows of x, o and . as a case file writes them, \"to_move\": black or white}",
        )
    };
    let obj = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(obj)) => obj,
        Some(_) => return Err(bad()),
    };
    if obj.keys().any(|k| k != "board" && k != "to_move") {
        return Err(bad());
    }
    let Some(Value::String(board)) = obj.get("board") else {
        return Err(bad());
    };
    let to_move = match obj.get("to_move") {
        None => Colour::Black,
        Some(Value::String(c)) => c
            .parse()
            .map_err(|e| ApiError::bad(format!("setup.to_move: {e}")))?,
        Some(_) => return Err(bad()),
    };
    Ok(Some((board.clone(), to_move)))
}

/// The stored game `id`, replayed: its request through the same checks, then its moves.
fn load(store: &Arc<Store>, id: &str, limits: Limits) -> Result<Option<Session>, ApiError> {
    let stored = store
        .load(id)
        .map_err(ApiError::cannot("read the database"))?;
    let Some(stored) = stored else {
        return Ok(None);
    };
    let request: Value =
        serde_json::from_str(&stored.request).map_err(|e| broken(id, e.to_string()))?;
    let mut session = Session::build(&request, limits, false).map_err(|e| broken(id, e.1))?;
    session.id = id.to_string();
    session.store = Some(Arc::clone(store));
    session.catch_up(stored)?;
    session.entered = session.records.len();
    Ok(Some(session))
}

/// A stored game that does not replay.
fn broken(id: &str, e: String) -> ApiError {
    ApiError(
        500,
        format!("the stored game {} does not replay: {e}", short(id)),
    )
}

/// Acts on another server's change: the copy held here of the game, if older, is reloaded.
#[cfg(feature = "postgres")]
fn follow_notice(map: &Map, notice: super::follow::Notice) {
    use super::follow::Notice;
    let held: Vec<(Arc<Mutex<Session>>, Option<i64>)> = match notice {
        Notice::Quiet => return,
        Notice::Changed(id, version) => match lock(map).get(&id) {
            Some(s) => vec![(Arc::clone(s), Some(version))],
            None => return,
        },
        Notice::CheckAll => lock(map).values().map(|s| (Arc::clone(s), None)).collect(),
    };
    for (s, version) in held {
        let mut g = lock(&s);
        let stored = match (version, &g.store) {
            (Some(v), _) => Some(v),
            (None, Some(store)) => store.version(&g.id).ok().flatten(),
            (None, None) => None,
        };
        if stored.is_some_and(|v| v > g.stored_version) {
            if let Err(e) = g.reload() {
                note!("stones: cannot reload game {}: {}", g.id, e.1);
            }
        }
        drop(g);
        kick(&s);
    }
}

/// A guest's name: at most 40 characters, no control characters; empty is none.
fn player_name(text: &str) -> Result<Option<String>, ApiError> {
    let name = text.trim();
    if name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::bad(
            "a name is at most 40 characters, without control characters",
        ));
    }
    Ok((!name.is_empty()).then(|| name.to_string()))
}

/// Joins the open seat of `session` as the player named in `{"name": …}`: the seat and its token.
pub fn join(
    session: &Arc<Mutex<Session>>,
    body: &Value,
    player: Option<&str>,
) -> Result<Value, ApiError> {
    let name = match body.get("name") {
        None | Some(Value::Null) => None,
        Some(Value::String(n)) => player_name(n)?,
        Some(_) => return Err(ApiError::bad("\"name\" must be a string")),
    };
    let mut s = lock(session);
    let before = s.seats.clone();
    let (seat, token) = s.seats.join()?;
    let side = ["black", "white"][seat.idx()];
    if let Some(store) = s.store.clone() {
        let digest = s.seats.tokens()[seat.idx()].clone().unwrap_or_default();
        match store.join(&s.id, side, &digest, name.as_deref(), player) {
            Err(e) => {
                s.seats = before;
                return Err(ApiError::cannot("store the seat")(e));
            }
            // Taken through another server meanwhile.
            Ok(None) => {
                s.reload()?;
                return Err(ApiError(409, "no seat is open in this game".into()));
            }
            Ok(Some(version)) if version == s.stored_version + 1 => s.stored_version = version,
            // Joined, and the game had changed elsewhere too: the stored game has it all.
            Ok(Some(_)) => {
                s.reload()?;
                drop(s);
                kick(session);
                return Ok(serde_json::json!({"seat": side, "token": token}));
            }
        }
    }
    s.names[seat.idx()] = name;
    s.player_ids[seat.idx()] = player.map(str::to_string);
    s.refresh()?;
    s.settle()?;
    drop(s);
    kick(session);
    Ok(serde_json::json!({"seat": side, "token": token}))
}

/// Claims the seat whose token is `token` (an invitation link's): the seat and a new token for
/// it, `{"seat": "white", "token": …}`; the old token acts no more. A token that is no seat's: 403.
pub fn claim(session: &Arc<Mutex<Session>>, token: Option<&str>) -> Result<Value, ApiError> {
    let mut s = lock(session);
    let before = s.seats.clone();
    let (seat, fresh) = s.seats.claim(token)?;
    let side = ["black", "white"][seat.idx()];
    if let Some(store) = s.store.clone() {
        let digest = s.seats.tokens()[seat.idx()].clone().unwrap_or_default();
        match store.claim(&s.id, side, token.unwrap_or_default(), &digest) {
            Err(e) => {
                s.seats = before;
                return Err(ApiError::cannot("store the seat")(e));
            }
            // Claimed through another server meanwhile: this token is no seat's now.
            Ok(None) => {
                s.reload()?;
                return Err(ApiError(
                    403,
                    "this link's seat token is no seat's here (claimed already from another page?)"
                        .into(),
                ));
            }
            Ok(Some(version)) if version == s.stored_version + 1 => s.stored_version = version,
            Ok(Some(_)) => s.reload()?,
        }
    }
    // The pages following the game hear of it (the creator's checks the tokens it holds).
    s.changed();
    drop(s);
    kick(session);
    Ok(serde_json::json!({"seat": side, "token": fresh}))
}

/// The seat the account `account` (`acct:…`) was entered in (a tournament's game): a new token
/// for it, `{"seat": "black", "token": …}`, the seat's other tokens acting no more; 403 when the
/// account holds no seat here.
pub fn sit(session: &Arc<Mutex<Session>>, account: &str) -> Result<Value, ApiError> {
    let mut s = lock(session);
    let seat = [Colour::Black, Colour::White]
        .into_iter()
        .find(|c| s.humans[c.idx()] && s.player_ids[c.idx()].as_deref() == Some(account))
        .ok_or_else(|| ApiError(403, "your account holds no seat in this game".into()))?;
    let before = s.seats.clone();
    let token = s.seats.reissue(seat)?;
    let side = ["black", "white"][seat.idx()];
    if let Some(store) = s.store.clone() {
        let digest = s.seats.tokens()[seat.idx()].clone().unwrap_or_default();
        match store.reseat(&s.id, side, &digest) {
            Err(e) => {
                s.seats = before;
                return Err(ApiError::cannot("store the seat")(e));
            }
            Ok(Some(version)) if version == s.stored_version + 1 => s.stored_version = version,
            Ok(_) => s.reload()?,
        }
    }
    s.changed();
    drop(s);
    kick(session);
    Ok(serde_json::json!({"seat": side, "token": token}))
}

/// The seat whose token is `token`, `{"seat": "black"}`, or 403: how a page learns that a token it
/// holds was claimed from an invitation link (and acts for that seat no more).
pub fn seat(session: &Mutex<Session>, token: Option<&str>) -> Result<Value, ApiError> {
    let seat = lock(session).seats.require_any(token)?;
    let side = ["black", "white"][seat.idx()];
    Ok(serde_json::json!({ "seat": side }))
}

/// At most 40 characters of client text, for messages.
fn short(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// The computer's move, its search given threads and tree memory from the server's budget
/// ([`super::budget`]) for this move only: the tree goes with the grant (no reuse into the next
/// move, whose memory the budget could not bound).
fn choose_within_budget(
    player: &mut Player,
    game: &AnyGame,
    history: &[(Colour, String)],
) -> Result<stones_cli::player::Choice, stones_cli::engine::Failure> {
    let Player::Mcts { options, .. } = player else {
        return player.choose(game, history, None, &mut |_| {});
    };
    let asked = (options.threads, options.memory);
    let grant = super::budget::server().take(asked.0, asked.1);
    (options.threads, options.memory) = (grant.threads, grant.memory);
    let choice = player.choose(game, history, None, &mut |_| {});
    if let Player::Mcts { options, brain } = player {
        (options.threads, options.memory) = asked;
        *brain = Default::default();
    }
    drop(grant);
    choice
}

/// A player spec the server accepts: human, random or mcts, at most 2 threads and
/// [`MAX_TREE_MEMORY`] of trees, resigning as at the prompt (below [`stones_ai::PROMPT_RESIGN`]
/// unless `resign=` is set). Every search stops at `max_think` whatever else it says: `time` is cut
/// to it (refused over it when `new`, so that nobody is told one time and given another), and set to
/// it when only `playouts` is given (to [`DEFAULT_THINK`] when nothing is). External engines are
/// refused: the server starts no program a client names.
pub fn web_spec(text: &str, max_think: Duration, new: bool) -> Result<PlayerSpec, String> {
    let spec = PlayerSpec::parse(text).map_err(|e| e.to_string())?;
    match spec {
        PlayerSpec::Human | PlayerSpec::Random => Ok(spec),
        PlayerSpec::Mcts(mut o) => {
            if new && o.time.is_some_and(|t| t > max_think) {
                return Err(format!(
                    "'{}': at most {} seconds a move here",
                    short(text),
                    max_think.as_secs_f64()
                ));
            }
            if o.playouts.is_some_and(|p| p > 1_000_000) {
                return Err(format!("'{}': at most 1000000 playouts here", short(text)));
            }
            let asked = match (o.time, o.playouts) {
                (Some(t), _) => t,
                (None, Some(_)) => max_think,
                (None, None) => DEFAULT_THINK,
            };
            o.time = Some(asked.min(max_think));
            o.threads = o.threads.min(2);
            o.memory = o.memory.min(MAX_TREE_MEMORY);
            // As at the prompt: a hopeless game is resigned unless `resign=` says otherwise.
            o.resign_by_default(stones_ai::PROMPT_RESIGN);
            Ok(PlayerSpec::Mcts(o))
        }
        PlayerSpec::Gtp(_) | PlayerSpec::Gomocup(_) | PlayerSpec::Oppai(_) => Err(format!(
            "'{}': the server plays human, random or mcts (it starts no other program)",
            short(text)
        )),
    }
}

/// A JSON value as a TOML value for a ruleset override.
fn to_toml(v: &Value) -> Result<toml::Value, String> {
    Ok(match v {
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().ok_or("a number out of range")?),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(a) => toml::Value::Array(a.iter().map(to_toml).collect::<Result<_, _>>()?),
        Value::Object(o) => toml::Value::Table(
            o.iter()
                .map(|(k, v)| Ok((k.clone(), to_toml(v)?)))
                .collect::<Result<_, String>>()?,
        ),
        Value::Null => return Err("null is not a value".into()),
    })
}

impl Session {
    /// A game from a creation request (no id, no tokens, not stored yet): a new one (`new`: a
    /// player's time over [`Limits::max_think`] is refused), or a stored one read again (its
    /// players' time cut to it, should the server's be shorter now).
    fn build(body: &Value, limits: Limits, new: bool) -> Result<Session, ApiError> {
        let obj = body
            .as_object()
            .ok_or_else(|| ApiError::bad("expected a JSON object with \"game\""))?;
        for key in obj.keys() {
            if ![
                "game", "ruleset", "set", "setup", "black", "white", "open", "name", "clock",
            ]
            .contains(&key.as_str())
            {
                return Err(ApiError::bad(format!(
                    "unknown field \"{key}\": expected game, ruleset, set, setup, black, white, open, name, clock"
                )));
            }
        }
        let text = |key: &str, default: &str| -> Result<String, ApiError> {
            match obj.get(key) {
                None | Some(Value::Null) => Ok(default.to_string()),
                Some(Value::String(s)) => Ok(s.clone()),
                Some(_) => Err(ApiError::bad(format!("\"{key}\" must be a string"))),
            }
        };
        let name = text("game", "")?;
        if name.is_empty() {
            let names: Vec<&str> = GameKind::iter().map(GameKind::name).collect();
            return Err(ApiError::bad(format!(
                "\"game\" is missing: expected one of {}",
                names.join(", ")
            )));
        }
        let kind = GameKind::parse(&name).map_err(ApiError::bad)?;
        let ruleset = text("ruleset", kind.builtin_rulesets()[0].name)?;
        // Only builtin rulesets: a path would make the server read a file a client names.
        if !kind.builtin_rulesets().iter().any(|b| b.name == ruleset) {
            let names: Vec<&str> = kind.builtin_rulesets().iter().map(|b| b.name).collect();
            return Err(ApiError::bad(format!(
                "unknown ruleset '{ruleset}' for {}: expected one of {}",
                kind.name(),
                names.join(", ")
            )));
        }
        let mut overrides = Vec::new();
        let mut set_texts = Vec::new();
        match obj.get("set") {
            None | Some(Value::Null) => {}
            Some(Value::Object(set)) => {
                for (key, value) in set {
                    let v = to_toml(value).map_err(|e| ApiError::bad(format!("set.{key}: {e}")))?;
                    set_texts.push(format!("{key}={v}"));
                    overrides.push((key.clone(), v));
                }
            }
            Some(_) => {
                return Err(ApiError::bad(
                    "\"set\" must be an object of ruleset keys, e.g. {\"size\": 9}",
                ))
            }
        }
        let (mut game, ruleset) = kind
            .create(Some(&ruleset), &overrides)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        if game.point_count() > MAX_POINTS {
            return Err(ApiError::bad(format!(
                "the board has {} points; the server plays on at most {MAX_POINTS}",
                game.point_count()
            )));
        }
        if let Some((board, to_move)) = &start_setup(obj.get("setup"))? {
            game.setup_text(board, *to_move)
                .map_err(|e| ApiError::bad(e.to_string()))?;
        }
        let specs = [text("black", "human")?, text("white", "human")?];
        let mut players = [None, None];
        for (i, spec) in specs.iter().enumerate() {
            let side = ["black", "white"][i];
            let parsed = web_spec(spec, limits.max_think, new)
                .map_err(|e| ApiError::bad(format!("{side}: {e}")))?;
            players[i] = Some(
                Player::new(&parsed, &game).map_err(|e| ApiError::bad(format!("{side}: {e}")))?,
            );
        }
        let humans = [0, 1].map(|i| players[i].as_ref().is_some_and(Player::is_human));
        let open =
            match text("open", "")?.as_str() {
                "" => None,
                "black" => Some(Colour::Black),
                "white" => Some(Colour::White),
                _ => return Err(ApiError::bad(
                    "\"open\" is the seat left for whoever joins from the lobby: black or white",
                )),
            };
        if open.is_some_and(|c| !humans[c.idx()]) {
            return Err(ApiError::bad(
                "the open seat must be a person's (\"human\")",
            ));
        }
        let name = player_name(&text("name", "")?)?;
        let clock = match text("clock", "")?.as_str() {
            "" => None,
            t => Some(GameClock::parse(t)?),
        };
        let names = [0, 1].map(|i| {
            (humans[i] && open.map(Colour::idx) != Some(i))
                .then(|| name.clone())
                .flatten()
        });
        let label = if set_texts.is_empty() {
            ruleset.clone()
        } else {
            format!("{ruleset} ({})", set_texts.join(", "))
        };
        let has_sgf = game.sgf_text(None, "").is_some();
        Ok(Session {
            id: String::new(),
            game,
            ruleset,
            set: set_texts,
            label,
            records: Vec::new(),
            specs: specs.clone(),
            players,
            humans,
            thinking: false,
            generation: 0,
            premarked: None,
            computer_error: None,
            resumed: false,
            seats: Seats::from_tokens([None, None], open),
            names,
            clock,
            player_ids: [0, 1].map(|i| (!humans[i]).then(|| format!("bot:{}", specs[i]))),
            notify: tokio::sync::watch::Sender::new(0),
            // From the clock, so that a game loaded again after a restart counts on from later.
            version: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
            moved: Instant::now(),
            watched: Instant::now(),
            limits,
            legal: Default::default(),
            has_sgf,
            store: None,
            saved: None,
            stored_version: 0,
            stale: false,
            runner: Arc::from(""),
            lease: None,
            lease_retry: None,
            thoughts: Vec::new(),
            request: body.clone(),
            creator: None,
            entered: 0,
        })
    }

    /// Plays a record's moves, each by the colour the record gives it (if it gives one); the first
    /// refused or out of turn is the error.
    fn replay(&mut self, moves: &[(Option<Colour>, String)]) -> Result<(), ApiError> {
        for (colour, mv) in moves {
            let n = self.records.len() + 1;
            if n > stones_core::move_cap(self.game.point_count()) {
                return Err(ApiError::bad("the game is too long for the server"));
            }
            let to_move = self.game.player_to_move();
            if let Some(c) = colour.filter(|&c| c != to_move) {
                return Err(ApiError::bad(format!(
                    "move {n} ({}) is {c}'s in the record, but it is {to_move}'s turn: records that play out of turn are not reviewed here",
                    short(mv)
                )));
            }
            let record = play_recorded(&mut self.game, mv, n);
            if let Some(reason) = record.reason {
                return Err(ApiError::bad(format!("move {n} ({}): {reason}", short(mv))));
            }
            self.records.push(record);
        }
        self.refresh()
    }

    /// In play: not over, and moved within [`IDLE`] (or the computer is thinking); a game without a
    /// move since it came into memory, within [`UNMOVED_IDLE`].
    fn live(&self) -> bool {
        let idle = if self.records.len() == self.entered {
            UNMOVED_IDLE
        } else {
            IDLE
        };
        self.thinking
            || (!matches!(self.game.game_status(), Status::Over(_))
                && self.flagged().is_none()
                && self.moved.elapsed() < idle)
    }

    /// The colour whose flag fell (the game is over).
    fn flagged(&self) -> Option<Colour> {
        self.clock.as_ref().and_then(|c| c.flagged)
    }

    /// The result: a loss on time, or the game's own once over.
    fn result(&self) -> Option<String> {
        if let Some(r) = self.clock.as_ref().and_then(GameClock::result) {
            return Some(r);
        }
        match self.game.game_status() {
            Status::Over(o) => Some(o.result),
            _ => None,
        }
    }

    /// Drops the flag of the side to move if its time is out (the game is then over).
    pub fn check_flag(&mut self) {
        // After a Dots STOP, the time alone is up: the player moving alone stops too.
        if self.clock.as_ref().is_some_and(GameClock::alone_over) {
            let n = self.records.len() + 1;
            let record = play_recorded(&mut self.game, "stop", n);
            match record.reason {
                None => self.records.push(record),
                // Not a move now (it should be): the time alone starts again rather than the
                // sweep trying at every turn.
                Some(_) => {
                    if let Some(c) = &mut self.clock {
                        c.alone(None);
                    }
                }
            }
            self.refresh_unattended();
            return;
        }
        if self.clock.as_mut().is_some_and(GameClock::check) {
            self.refresh_unattended();
        }
    }

    /// `mover` has made a move of play: its clock gets the increment (or its flag falls).
    fn clock_moved(&mut self, mover: Colour, was: Status) {
        if was == Status::Ongoing {
            if let Some(c) = &mut self.clock {
                c.moved(mover);
            }
        }
    }

    /// Someone asked about the game lately, or follows its events.
    fn watched_now(&self) -> bool {
        self.watched.elapsed() < self.limits.watch
    }

    /// Writes the moves and result not yet stored. A failed write is an error (503) and the game in
    /// memory goes back to the stored one: nothing is acknowledged that is not stored.
    fn persist(&mut self) -> Result<(), ApiError> {
        let Some(store) = self.store.clone() else {
            return Ok(());
        };
        if self.stale {
            return Ok(());
        }
        let now = self.snapshot();
        if self.saved.as_ref() == Some(&now) {
            return Ok(());
        }
        let (moves, result, undo_request) = now;
        let keep = self.saved.as_ref().map_or(0, |(saved, _, _)| {
            saved.iter().zip(&moves).take_while(|(a, b)| a == b).count()
        });
        let clock = self.clock.as_ref().map(GameClock::stored);
        // Rated: two different accounts (guests and the computer play unrated).
        let rated = match &self.player_ids {
            [Some(b), Some(w)] if super::accounts::rated_pair(b, w) => Some(Rated {
                kind: self.game.game_name().to_string(),
                players: [b.clone(), w.clone()],
                names: [0, 1].map(|i| {
                    self.names[i].clone().unwrap_or_else(|| {
                        if self.humans[i] {
                            "guest".into()
                        } else {
                            self.specs[i].clone()
                        }
                    })
                }),
            }),
            _ => None,
        };
        // The thoughts of the moves written (from `keep` on), by index.
        let mut thoughts = vec![None; moves.len()];
        for t in self
            .thoughts
            .iter()
            .filter(|t| t.n > keep && t.n <= moves.len())
        {
            thoughts[t.n - 1] = serde_json::to_string(t).ok();
        }
        let change = Change {
            id: &self.id,
            version: self.stored_version,
            keep,
            moves: &moves,
            thoughts: &thoughts,
            result: result.as_deref(),
            clock_left: clock.as_deref(),
            undo_request: undo_request.as_deref(),
            rated: rated.as_ref(),
        };
        match store.sync(&change) {
            Ok(Some(version)) => {
                self.stored_version = version;
                self.saved = Some((moves, result, undo_request));
            }
            // Another server changed the game since this copy was made: it is to be reloaded.
            Ok(None) => self.stale = true,
            Err(e) => {
                note!("stones: cannot store game {}: {e}", self.id);
                // Back to what is stored; if even reading fails, the copy stays stale and the next
                // request reloads it (or answers 503 in turn).
                self.stale = true;
                if let Err(again) = self.reload() {
                    note!("stones: cannot reload game {}: {}", self.id, again.1);
                }
                return Err(ApiError(
                    503,
                    format!("cannot store the change, so it was not made: {e}; try again"),
                ));
            }
        }
        Ok(())
    }

    /// The moves, result and undo asked for, as stored.
    fn snapshot(&self) -> Stored {
        (
            self.records.iter().map(|r| r.mv.clone()).collect(),
            self.result(),
            self.seats
                .undo_request
                .map(|c| ["black", "white"][c.idx()].to_string()),
        )
    }

    /// Replaces this copy with the stored game (changed through another server), keeping its event
    /// streams, watchers and lease; a move being thought for the old position is dropped.
    fn reload(&mut self) -> Result<(), ApiError> {
        let Some(store) = self.store.clone() else {
            return Ok(());
        };
        let missing = || ApiError(404, format!("no game '{}' on this server", short(&self.id)));
        let stored = store
            .load(&self.id)
            .map_err(ApiError::cannot("read the database"))?
            .ok_or_else(missing)?;
        // Moves added after ours (the usual case): played on this copy, not replayed from the start.
        let ours = self.records.len();
        if stored.moves.len() >= ours
            && self
                .records
                .iter()
                .zip(&stored.moves)
                .all(|(r, m)| &r.mv == m)
        {
            self.stale = false;
            return self.catch_up(stored);
        }
        let mut fresh = load(&store, &self.id, self.limits)?.ok_or_else(missing)?;
        fresh.notify = std::mem::replace(&mut self.notify, tokio::sync::watch::Sender::new(0));
        fresh.version = self.version;
        fresh.generation = self.generation + 1;
        fresh.watched = self.watched;
        fresh.thinking = self.thinking;
        fresh.runner = Arc::clone(&self.runner);
        fresh.lease = self.lease;
        fresh.lease_retry = self.lease_retry;
        *self = fresh;
        self.changed();
        Ok(())
    }

    /// Brings this copy up to the stored game, whose moves begin with this copy's: the seats, names
    /// and clock as stored, and the moves past this copy's played.
    fn catch_up(&mut self, stored: super::store::StoredGame) -> Result<(), ApiError> {
        let seat = |s: Option<&str>| match s {
            Some("black") => Some(Colour::Black),
            Some("white") => Some(Colour::White),
            _ => None,
        };
        self.seats = Seats::from_tokens(stored.tokens, seat(stored.open_seat.as_deref()));
        self.names = stored.names;
        for i in 0..2 {
            if self.humans[i] {
                self.player_ids[i] = stored.players[i].clone();
            }
        }
        if let Some(clock) = &mut self.clock {
            if let Some(left) = &stored.clock_left {
                clock.resume(left);
            }
            clock.flagged = stored.result.as_deref().and_then(GameClock::loser_in);
        }
        for (i, mv) in stored.moves.iter().enumerate().skip(self.records.len()) {
            let record = play_recorded(&mut self.game, mv, i + 1);
            if let Some(reason) = record.reason {
                return Err(broken(&self.id, format!("move {mv}: {reason}")));
            }
            self.records.push(record);
            // What the computer thought of it (a thought that no longer reads is left out).
            let thought = stored.thoughts.get(i).cloned().flatten();
            if let Some(t) = thought.and_then(|t| serde_json::from_str::<MoveThought>(&t).ok()) {
                self.thoughts.push(t);
            }
        }
        self.stored_version = stored.version;
        self.recompute();
        self.seats.undo_request = seat(stored.undo_request.as_deref());
        self.saved = Some(self.snapshot());
        Ok(())
    }

    /// After the computer's move or a flag: another server's change wins (this one is dropped).
    fn reload_if_stale(&mut self) {
        if self.stale {
            if let Err(e) = self.reload() {
                note!("stones: cannot reload game {}: {}", self.id, e.1);
            }
        }
    }

    /// After a person's action: when another server had changed the game meanwhile (the write was
    /// refused), reloads it and answers 409.
    fn settle(&mut self) -> Result<(), ApiError> {
        if !self.stale {
            return Ok(());
        }
        self.reload()?;
        Err(ApiError(
            409,
            "the game changed through another server meanwhile: see its state, and try again"
                .into(),
        ))
    }

    /// Whether this server runs the game's computer and clock: it holds the game's lease (taken now
    /// if free or expired). With one server it always does: in memory, and on an SQLite file, which
    /// one server owns alone (a lease found there is a dead predecessor's, after a crash, and must
    /// not make the computer wait for it to run out).
    fn runs(&mut self) -> bool {
        let Some(store) = self.store.clone().filter(|s| s.shared_url().is_some()) else {
            return true;
        };
        let now = Instant::now();
        let lease = self.limits.lease();
        if self.lease.is_some_and(|until| until > now + lease * 2 / 3) {
            return true;
        }
        if self.lease_retry.is_some_and(|t| t > now) {
            return false;
        }
        let until = super::store::now_ms() + lease.as_millis() as i64;
        // A lease held by a server of this machine that died is taken at once.
        let taken = store.lease(&self.id, &self.runner, until).and_then(|ours| {
            Ok(ours
                || store.take_dead_lease(&self.id, &self.runner, until, super::runner::is_dead)?)
        });
        match taken {
            Ok(true) => {
                self.lease = Some(now + lease);
                true
            }
            Ok(false) => {
                self.lease = None;
                self.lease_retry = Some(now + lease / 3);
                false
            }
            Err(e) => {
                note!("stones: cannot take game {}'s lease: {e}", self.id);
                self.lease_retry = Some(now + lease / 3);
                false
            }
        }
    }

    /// Tells the event streams that the game changed.
    fn changed(&mut self) {
        self.version += 1;
        self.notify.send_replace(self.version);
    }

    /// The computer would move (or mark dead stones) but waits for someone to watch.
    fn paused(&self) -> bool {
        !self.thinking
            && self.computer_error.is_none()
            && self.computer_due()
            && !self.watched_now()
    }

    /// The computer has something to do: its move, or the dead stones — all of the marking step
    /// when both sides are computers, the first marks for people to confirm otherwise.
    fn computer_due(&self) -> bool {
        self.computer_to_move()
            || (self.game.game_status() == Status::Scoring && !self.humans.contains(&true))
            || self.premark_due()
    }

    /// The marking step has just begun (its last record is the closing pass) and the search has not
    /// marked what it sees dead yet.
    fn premark_due(&self) -> bool {
        self.game.game_status() == Status::Scoring
            && self.records.last().is_some_and(|r| r.mv == "pass")
            && self.premarked != Some(self.records.len())
    }

    /// The side to move is played by the computer (and play is on).
    fn computer_to_move(&self) -> bool {
        self.game.game_status() == Status::Ongoing
            && !self.humans[self.game.player_to_move().idx()]
            && self.flagged().is_none()
    }

    /// Recomputes what depends on the position (legal points and actions) and stores the change:
    /// an error when it could not be stored, the game then back as stored.
    fn refresh(&mut self) -> Result<(), ApiError> {
        self.seats.undo_request = None;
        self.recompute();
        self.persist()
    }

    /// [`Session::refresh`] after a change nobody waits for (the computer's move, a clock): a failed
    /// write is told on stderr, the game is back as stored, and the computer may try again.
    fn refresh_unattended(&mut self) {
        if let Err(e) = self.refresh() {
            note!("stones: game {}: {}", self.id, e.1);
        }
        self.reload_if_stale();
    }

    /// Recomputes what depends on the position (legal points and actions, whose clock runs) and
    /// tells the event streams, without writing anything.
    fn recompute(&mut self) {
        self.generation += 1;
        self.moved = Instant::now();
        let played = self.records.len();
        self.thoughts.retain(|t| t.n <= played);
        let running = (self.game.game_status() == Status::Ongoing && self.seats.open.is_none())
            .then(|| self.game.player_to_move());
        let alone = self.game.alone_time();
        if let Some(c) = &mut self.clock {
            c.alone(alone);
            c.run(running);
        }
        self.changed();
        let mut points = Vec::new();
        let mut actions = Vec::new();
        let mut two = false;
        let status = self.game.game_status();
        let human_turn = status == Status::Scoring
            || (status == Status::Ongoing && self.humans[self.game.player_to_move().idx()]);
        if human_turn {
            let mut seen = std::collections::HashSet::new();
            for mv in self.game.legal_moves_text() {
                let parts: Vec<&str> = if let Some(p) = mv.strip_prefix("dead ") {
                    vec![p]
                } else if mv.contains('+') {
                    two = true;
                    mv.split('+').collect()
                } else {
                    vec![mv.as_str()]
                };
                for part in parts {
                    if self.game.point_xy(part).is_some() {
                        if seen.insert(part.to_string()) {
                            points.push(part.to_string());
                        }
                    } else if !actions.iter().any(|a| a == part) {
                        actions.push(part.to_string());
                    }
                }
            }
            if status == Status::Ongoing {
                actions.push("resign".to_string());
            }
        }
        self.legal = (points, actions, two);
    }

    /// The state as JSON.
    pub fn state(&self) -> Value {
        let t = transcript(
            &self.game,
            self.label.clone(),
            String::new(),
            self.records.clone(),
            None,
        );
        let mut downloads = vec!["case"];
        if self.has_sgf {
            downloads.push("sgf");
        }
        let state = State {
            id: &self.id,
            version: self.version,
            transcript: t,
            legal: &self.legal.0,
            actions: &self.legal.1,
            two_points: self.legal.2,
            players: Players {
                black: &self.specs[0],
                white: &self.specs[1],
            },
            thinking: self.thinking,
            resumed: self.resumed,
            undo_request: self.seats.undo_request.map(|c| ["black", "white"][c.idx()]),
            open_seat: self.seats.open.map(|c| ["black", "white"][c.idx()]),
            names: Players {
                black: self.names[0].as_deref().unwrap_or(""),
                white: self.names[1].as_deref().unwrap_or(""),
            },
            computer_error: self.computer_error.as_deref(),
            downloads,
            thoughts: &self.thoughts,
            request: &self.request,
        };
        let mut value = serde_json::to_value(state).unwrap_or(Value::Null);
        value["rated"] = matches!(&self.player_ids,
            [Some(b), Some(w)] if super::accounts::rated_pair(b, w))
        .into();
        if let Some(c) = &self.clock {
            value["clock"] = c.json();
            if let Some(result) = c.result() {
                value["status"] = "over".into();
                value["result"] = result.into();
                value["legal"] = serde_json::json!([]);
                value["actions"] = serde_json::json!([]);
                value["two_points"] = false.into();
            }
        }
        value
    }

    /// The SVG picture of the position, or of the position after move `at`.
    pub fn svg(&self, at: Option<usize>) -> Result<String, ApiError> {
        match at {
            None => Ok(self.game.svg_picture()),
            Some(at) => self.game_at(at).map(|g| g.svg_picture()),
        }
    }

    /// A copy of the game as it stood after move `at`.
    pub fn game_at(&self, at: usize) -> Result<AnyGame, ApiError> {
        review::position_at(&self.game, self.records.len(), at)
    }

    /// How many moves have been played.
    pub fn played(&self) -> usize {
        self.records.len()
    }

    /// The moves played, as text.
    pub fn move_texts(&self) -> Vec<String> {
        self.records.iter().map(|r| r.mv.clone()).collect()
    }

    /// The win-rate graph of the game so far ([`review::win_rate_chart`]).
    pub fn win_rate_svg(&self) -> String {
        let end = match (self.flagged(), self.game.game_status()) {
            (Some(loser), _) => Some(Some(loser.opponent())),
            (None, Status::Over(o)) => Some(o.winner),
            _ => None,
        };
        review::win_rate_chart(
            self.game.game_name(),
            &self.thoughts,
            end.map(|w| (self.records.len(), w)),
        )
    }

    /// The start position the creation request set up, if it set one (checked when the game was made).
    fn setup(&self) -> Option<(String, Colour)> {
        start_setup(self.request.get("setup")).ok().flatten()
    }

    /// The game as a case file.
    pub fn case_file(&self) -> String {
        let moves: Vec<String> = self.records.iter().map(|r| r.mv.clone()).collect();
        let mut text = write_case(
            self.game.game_name(),
            &self.ruleset,
            &self.set,
            &format!(
                "played in stones serve: {} (black) v {} (white)",
                self.specs[0], self.specs[1]
            ),
            &moves,
            self.setup().as_ref().map(|(b, c)| (b.as_str(), *c)),
        );
        if let Some(result) = self.result() {
            text = format!("# result: {result}\n{text}");
        }
        text
    }

    /// The game as SGF, for the games with an SGF form.
    pub fn sgf(&self) -> Option<String> {
        let result = self.result();
        let info = stones_cli::save::SaveInfo {
            ruleset: self.ruleset.clone(),
            set: self.set.clone(),
            setup: self.setup(),
            players: None,
        };
        self.game
            .sgf(result.as_deref(), &stones_cli::save::rule_text(&info))
    }

    /// Plays a person's move, sent with `token`: the seat to move's (either person's while dead
    /// stones are marked). A refused move changes nothing.
    fn play_human(&mut self, text: &str, token: Option<&str>) -> Result<(), ApiError> {
        self.check_flag();
        if let Some(c) = self.flagged() {
            return Err(ApiError(
                409,
                format!("the game is over: {c} ran out of time"),
            ));
        }
        let status = self.game.game_status();
        let c = self.game.player_to_move();
        if status == Status::Ongoing && !self.humans[c.idx()] {
            return Err(ApiError(
                409,
                format!("it is {c}'s turn, and the computer plays {c}"),
            ));
        }
        match status {
            Status::Ongoing => self.seats.require(token, c)?,
            Status::Scoring => {
                self.seats.require_any(token)?;
            }
            Status::Over(_) => {}
        }
        if self.records.len() >= stones_core::move_cap(self.game.point_count()) {
            return Err(ApiError::bad("the game is too long for the server"));
        }
        let record = play_recorded(&mut self.game, text, self.records.len() + 1);
        if let Some(reason) = record.reason {
            return Err(ApiError::bad(reason));
        }
        self.records.push(record);
        self.clock_moved(c, status);
        self.computer_error = None;
        self.refresh()
    }

    /// Takes back the last move and, against the computer, its moves before it too, so that a person
    /// is to move.
    fn undo(&mut self) -> Result<(), ApiError> {
        if self.result().is_some() {
            return Err(ApiError(409, "the game is over: its result stands".into()));
        }
        if let Some(c) = self.flagged() {
            return Err(ApiError(
                409,
                format!("the game is over: {c} ran out of time"),
            ));
        }
        if self.records.is_empty() || !self.game.undo_move() {
            return Err(ApiError::bad("there is no move to take back"));
        }
        self.records.pop();
        if self.humans.contains(&true) {
            while self.computer_to_move() && !self.records.is_empty() && self.game.undo_move() {
                self.records.pop();
            }
        }
        self.computer_error = None;
        self.refresh()
    }
}

/// Plays a person's move in `session`, then lets the computer answer.
pub fn play(
    session: &Arc<Mutex<Session>>,
    body: &Value,
    token: Option<&str>,
) -> Result<(), ApiError> {
    let text = match body.get("move") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(ApiError::bad(
                "expected {\"move\": \"D4\"} (a move in the game's notation)",
            ))
        }
    };
    if text.len() > 100 {
        return Err(ApiError::bad("a move is at most 100 characters"));
    }
    {
        let mut s = lock(session);
        s.play_human(&text, token)?;
        s.settle()?;
    }
    kick(session);
    Ok(())
}

/// One step of an undo sent with `token` (body `{}` to ask or accept, `{"decline": true}` to say
/// no): between two people the first asks and the other accepts. Moves are taken back (the
/// session's own `undo`) once agreed, then the computer moves if it is its turn.
pub fn undo(
    session: &Arc<Mutex<Session>>,
    body: &Value,
    token: Option<&str>,
) -> Result<UndoStep, ApiError> {
    let decline = match body.get("decline") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(ApiError::bad("\"decline\" must be true or false")),
    };
    let mut s = lock(session);
    if s.result().is_some() {
        return Err(ApiError(409, "the game is over: its result stands".into()));
    }
    let has_moves = !s.records.is_empty();
    let step = s.seats.undo_step(token, decline, has_moves)?;
    match step {
        UndoStep::TakeBack => s.undo()?,
        UndoStep::Asked | UndoStep::Declined => {
            s.persist()?;
            s.changed();
        }
    }
    s.settle()?;
    drop(s);
    kick(session);
    Ok(step)
}

/// A receiver told of every change of the game (for its event stream). An open one does not keep
/// the game watched: the request that opened it does, for [`Limits::watch`].
pub fn subscribe(session: &Mutex<Session>) -> tokio::sync::watch::Receiver<u64> {
    lock(session).notify.subscribe()
}

/// The tokens of the human seats, `{"black": …, "white": …}`.
pub fn tokens_json(session: &Mutex<Session>) -> Value {
    lock(session).seats.tokens_json()
}

/// Starts the computer's move on a background thread when it is the computer's turn; when both
/// sides are computers and play has stopped for the dead-stone step, marks what the search thinks is
/// dead and agrees.
pub fn kick(session: &Arc<Mutex<Session>>) {
    let mut s = lock(session);
    if s.thinking || !s.watched_now() || !s.computer_due() {
        return;
    }
    // With several servers on one database, the one holding the game's lease thinks.
    if !s.runs() {
        return;
    }
    if s.game.game_status() == Status::Scoring {
        // The estimate takes a moment: think off the lock, as for a move. Between computers they
        // agree at once; people see the search's marks and confirm or change them.
        let agree = !s.humans.contains(&true);
        s.premarked = Some(s.records.len());
        s.thinking = true;
        s.changed();
        let game = s.game.clone();
        let generation = s.generation;
        drop(s);
        let session = Arc::clone(session);
        std::thread::spawn(move || {
            let dead = {
                let _grant = super::budget::server().take(1, 0);
                game.dead_estimate(300)
            };
            let mut s = lock(&session);
            s.thinking = false;
            if s.generation == generation {
                let done = agree.then(|| "done".to_string());
                for text in dead.iter().map(|d| format!("dead {d}")).chain(done) {
                    let n = s.records.len() + 1;
                    let r = play_recorded(&mut s.game, &text, n);
                    if r.reason.is_none() {
                        s.records.push(r);
                    }
                }
            }
            s.refresh_unattended();
        });
        return;
    }
    if !s.computer_to_move() || s.computer_error.is_some() {
        return;
    }
    if s.records.len() >= stones_core::move_cap(s.game.point_count()) {
        s.computer_error = Some("the game is too long for the server".into());
        return;
    }
    let side = s.game.player_to_move().idx();
    let Some(mut player) = s.players[side].take() else {
        return;
    };
    s.thinking = true;
    s.changed();
    let game = s.game.clone();
    let history: Vec<(Colour, String)> =
        s.records.iter().map(|r| (r.player, r.mv.clone())).collect();
    let generation = s.generation;
    drop(s);
    let session = Arc::clone(session);
    std::thread::spawn(move || {
        let choice = choose_within_budget(&mut player, &game, &history);
        let mut s = lock(&session);
        s.players[side] = Some(player);
        s.thinking = false;
        if s.generation == generation {
            match choice {
                Ok(choice) => {
                    let n = s.records.len() + 1;
                    let (mover, was) = (s.game.player_to_move(), s.game.game_status());
                    let record = play_recorded(&mut s.game, &choice.mv, n);
                    match &record.reason {
                        None => {
                            s.records.push(record);
                            if let Some(t) = &choice.thought {
                                s.thoughts.push(MoveThought::new(n, mover, t));
                            }
                            s.clock_moved(mover, was);
                        }
                        Some(reason) => {
                            s.computer_error = Some(format!(
                                "the computer's move {} was refused: {reason}",
                                record.mv
                            ))
                        }
                    }
                }
                Err(e) => s.computer_error = Some(format!("the computer failed: {e}")),
            }
        }
        s.refresh_unattended();
        drop(s);
        kick(&session);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_has_its_share_of_the_games_in_play_until_one_is_left_unmoved() {
        let games = Games::new(Limits::default(), Store::memory().unwrap()).with_share(2);
        let open = serde_json::json!({"game": "go", "set": {"size": 5}, "open": "white"});
        let (a, b) = (
            Some("127.0.0.2".parse().unwrap()),
            Some("127.0.0.1".parse().unwrap()),
        );
        let first = games.create(&open, None, a).unwrap();
        games.create(&open, None, a).unwrap();
        let refused = games.create(&open, None, a).err().unwrap();
        assert_eq!(refused.0, 429, "{}", refused.1);
        // Another address, and a client whose address is not known, still make games.
        games.create(&open, None, b).unwrap();
        games.create(&open, None, None).unwrap();
        // A game nobody moved in leaves the count after UNMOVED_IDLE, not IDLE.
        let Some(past) = Instant::now().checked_sub(UNMOVED_IDLE + Duration::from_secs(1)) else {
            return; // a clock that started less than five minutes ago
        };
        lock(&first).moved = past;
        games.create(&open, None, a).unwrap();
        // A game with a move made here stays in play for IDLE.
        let mut s = lock(&first);
        s.replay(&[(None, "C3".to_string())]).unwrap();
        s.moved = past;
        assert!(s.live());
    }

    #[test]
    fn the_page_resigns_a_hopeless_game_unless_told_not_to() {
        let resign = |text: &str| match web_spec(text, MAX_THINK, true).unwrap() {
            PlayerSpec::Mcts(o) => o.resign,
            other => panic!("{other:?}"),
        };
        assert_eq!(resign("mcts"), Some(stones_ai::PROMPT_RESIGN));
        assert_eq!(resign("mcts:resign=0.2"), Some(0.2));
        assert_eq!(resign("mcts:resign=0"), Some(0.0));
    }

    #[test]
    fn every_search_stops_at_the_servers_longest_think_whatever_its_spec_says() {
        let cap = Duration::from_secs(2);
        let search = |text: &str, new: bool| match web_spec(text, cap, new) {
            Ok(PlayerSpec::Mcts(o)) => Ok((o.time, o.playouts, o.threads, o.memory)),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        let secs = |t: f64| Some(Duration::from_secs_f64(t));
        // Playouts alone: they stop at the cap.
        let (time, playouts, ..) = search("mcts:playouts=1000000", true).unwrap();
        assert_eq!((time, playouts), (secs(2.0), Some(1_000_000)));
        // Nothing: the default think; a shorter time is kept.
        assert_eq!(search("mcts", true).unwrap().0, secs(1.0));
        assert_eq!(search("mcts:time=0.5", true).unwrap().0, secs(0.5));
        assert_eq!(
            web_spec("mcts", Duration::from_millis(300), true)
                .map(|s| match s {
                    PlayerSpec::Mcts(o) => o.time,
                    _ => None,
                })
                .unwrap(),
            secs(0.3)
        );
        // A longer time: refused for a new game, cut to the cap for a stored one.
        let e = search("mcts:time=5,playouts=9", true).unwrap_err();
        assert!(e.contains("at most 2 seconds a move"), "{e}");
        assert_eq!(search("mcts:time=5", false).unwrap().0, secs(2.0));
        // Threads and memory whatever the spec asks.
        let (.., threads, memory) = search("mcts:threads=64,memory=100000", true).unwrap();
        assert_eq!((threads, memory), (2, MAX_TREE_MEMORY));
        assert!(search("mcts:playouts=1000001", true).is_err());
        assert!(search("gtp:gnugo --mode gtp", true).is_err());
    }
}
