//! Where games last: one SQLite file (WAL) by default, or a PostgreSQL database that several
//! servers share, written as each game, move and result happens, so that a restarted server — even
//! one killed with SIGKILL mid-game — serves every game at the same address with the same moves.
//!
//! A game is kept as the request that created it (replayed through the same checks on load), its
//! seats' tokens, its moves in order, and its result once over. Undo deletes the moves taken back.
//! Every change bumps the game's `version`: a write made from an older version is refused (another
//! server changed the game), and a server holding an older copy reloads it. The computer's moves and
//! the flags of a game are run by the server holding its lease (`runner`, `lease_until`).
//!
//! The SQL is the same for both databases but for the schema's upgrade and PostgreSQL's change
//! notices (follow.rs, with the feature `postgres`).

use super::db::{Db, Row, Tx, Val};
use std::path::{Path, PathBuf};

/// A game as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The creation request, as JSON (`{"game", "ruleset", "set", "black", "white"}`).
    pub request: String,
    /// The human seats' tokens.
    pub tokens: [Option<String>; 2],
    /// The moves in order, as text.
    pub moves: Vec<String>,
    /// What the computer thought of each move, as JSON (`None`: a person's move).
    pub thoughts: Vec<Option<String>>,
    /// The result once the game is over.
    pub result: Option<String>,
    /// The seat still open in the lobby (`black` or `white`).
    pub open_seat: Option<String>,
    /// The players' names, as they gave them.
    pub names: [Option<String>; 2],
    /// Each side's time left at the last change, `"black_ms,white_ms"` (games with a clock).
    pub clock_left: Option<String>,
    /// Who sits at each seat: a guest's identity, or `bot:<spec>` for the computer.
    pub players: [Option<String>; 2],
    /// Bumped by every change.
    pub version: i64,
    /// The seat that asked to take back the last move.
    pub undo_request: Option<String>,
}

/// A game as it starts, to be stored.
#[derive(Debug, Clone, Copy)]
pub struct NewGame<'a> {
    pub id: &'a str,
    /// The creation request, as JSON.
    pub request: &'a str,
    /// The game's name (`go`).
    pub kind: &'a str,
    pub tokens: &'a [Option<String>; 2],
    /// The seat left open in the lobby (`black`, `white`).
    pub open_seat: Option<&'a str>,
    pub names: &'a [Option<String>; 2],
    /// The seats' identities (guests, `bot:<spec>`).
    pub players: &'a [Option<String>; 2],
}

/// A finished game's players, for the ratings: the game's kind, each seat's identity and name.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    pub kind: String,
    pub players: [String; 2],
    pub names: [String; 2],
}

/// A line of a ratings table.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub name: String,
    pub bot: bool,
    pub rating: super::glicko::Rating,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// A game as the lobby lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct LobbyGame {
    pub id: String,
    /// The creation request, as JSON.
    pub request: String,
    pub open_seat: Option<String>,
    pub names: [Option<String>; 2],
    pub moves: i64,
    /// Seconds since 1970 of its creation.
    pub created: i64,
}

/// What a server writes after a change of a game (see [`Store::sync`]).
#[derive(Debug, Clone, Copy)]
pub struct Change<'a> {
    pub id: &'a str,
    /// The version the change was made from: refused if the stored one is newer.
    pub version: i64,
    /// The moves from the first `keep` on are written again.
    pub keep: usize,
    pub moves: &'a [String],
    /// What the computer thought of each of them, as JSON (`None`: a person's move), by index.
    pub thoughts: &'a [Option<String>],
    pub result: Option<&'a str>,
    pub clock_left: Option<&'a str>,
    pub undo_request: Option<&'a str>,
    /// The players to rate when the game ends now.
    pub rated: Option<&'a Rated>,
}

/// The database.
pub struct Store {
    db: Db,
    /// The SQLite file (`None` in memory or on PostgreSQL).
    pub path: Option<PathBuf>,
    /// The PostgreSQL address, to listen for other servers' changes on a connection of its own.
    url: Option<String>,
    /// The SQLite file held open with an exclusive lock for as long as the store lives: a second
    /// server on the same file is refused (see [`claim`]).
    _claim: Option<std::fs::File>,
}

/// The channel on which PostgreSQL tells every server of a game's change: `<id> <version>`.
pub const CHANNEL: &str = "stones_games";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    request TEXT NOT NULL,
    token_black TEXT,
    token_white TEXT,
    created BIGINT NOT NULL,
    result TEXT,
    finished BIGINT,
    open_seat TEXT,
    name_black TEXT,
    name_white TEXT,
    clock_left TEXT,
    player_black TEXT,
    player_white TEXT,
    kind TEXT,
    version BIGINT NOT NULL DEFAULT 0,
    undo_request TEXT,
    runner TEXT,
    lease_until BIGINT,
    active BIGINT,
    review BIGINT
);
CREATE TABLE IF NOT EXISTS ratings (
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    PRIMARY KEY (kind, player)
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    n BIGINT NOT NULL,
    mv TEXT NOT NULL,
    at BIGINT NOT NULL,
    thought TEXT,
    PRIMARY KEY (game, n)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games (finished, created);
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(id),
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expiring ON sessions (expires);
CREATE TABLE IF NOT EXISTS opponents (
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    PRIMARY KEY (kind, player, opponent)
);
";

/// An account as stored: its id, name (as registered) and password hash (a PHC string).
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub password_hash: String,
}

/// The TOP tables list a player only after this many rated games of the kind …
pub const TOP_GAMES: i64 = 10;
/// … against at least this many different opponents (so that two accounts of one person cannot
/// climb them by playing each other).
pub const TOP_OPPONENTS: i64 = 5;

/// Columns added since the first schema, by table, with their types: an older database gains them.
const ADDED: [(&str, &str, &str); 14] = [
    ("games", "open_seat", "TEXT"),
    ("games", "name_black", "TEXT"),
    ("games", "name_white", "TEXT"),
    ("games", "clock_left", "TEXT"),
    ("games", "player_black", "TEXT"),
    ("games", "player_white", "TEXT"),
    ("games", "kind", "TEXT"),
    ("games", "version", "BIGINT NOT NULL DEFAULT 0"),
    ("games", "undo_request", "TEXT"),
    ("games", "runner", "TEXT"),
    ("games", "lease_until", "BIGINT"),
    ("games", "active", "BIGINT"),
    ("games", "review", "BIGINT"),
    ("moves", "thought", "TEXT"),
];

/// After the tables and their added columns: the lobby's index of recent activity (the last
/// change of each unfinished game), filled in for the games of an older database.
const ACTIVITY: &str = "
CREATE INDEX IF NOT EXISTS games_active ON games (finished, active);
UPDATE games SET active = COALESCE((SELECT MAX(at) FROM moves WHERE moves.game = games.id), created)
    WHERE active IS NULL;
";

/// The lobby lists games active within this many seconds (an hour, as the server's idle time).
pub const ACTIVE_SECS: i64 = 3600;

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Milliseconds since 1970 (leases are kept in them).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Black's score in `result`: 1 for `B+…`, 0 for `W+…`, a half otherwise (a draw).
pub fn black_score(result: &str) -> f64 {
    if result.starts_with("B+") {
        1.0
    } else if result.starts_with("W+") {
        0.0
    } else {
        0.5
    }
}

/// Moves both players' Glicko-2 ratings (and counts) for a game of `rated.kind` that ended
/// `result`.
fn rate(tx: &mut Tx<'_>, rated: &Rated, result: &str) -> Result<(), String> {
    let mut before = Vec::new();
    for p in &rated.players {
        let row = tx.first(
            "SELECT rating, deviation, volatility FROM ratings WHERE kind = ?1 AND player = ?2",
            &[rated.kind.as_str().into(), p.as_str().into()],
        )?;
        before.push(
            row.map_or_else(Default::default, |r| super::glicko::Rating {
                rating: r.real(0),
                deviation: r.real(1),
                volatility: r.real(2),
            }),
        );
    }
    let mut names = rated.names.clone();
    for (i, p) in rated.players.iter().enumerate() {
        // An account is shown by its name, whatever the seat was called.
        if let Some(id) = p.strip_prefix(super::accounts::PREFIX) {
            if let Some(row) = tx.first("SELECT name FROM accounts WHERE id = ?1", &[id.into()])? {
                names[i] = row.text(0).unwrap_or_default();
            }
        }
        tx.execute(
            "INSERT INTO opponents (kind, player, opponent) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            &[
                rated.kind.as_str().into(),
                p.as_str().into(),
                rated.players[1 - i].as_str().into(),
            ],
        )?;
    }
    let black = black_score(result);
    for (i, score) in [black, 1.0 - black].into_iter().enumerate() {
        let after = before[i].after(&[(before[1 - i], score)]);
        let (w, l, d) = match score {
            s if s > 0.75 => (1, 0, 0),
            s if s < 0.25 => (0, 1, 0),
            _ => (0, 0, 1),
        };
        tx.execute(
            "INSERT INTO ratings (kind, player, name, rating, deviation, volatility, games, wins, losses, draws)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8, ?9)
             ON CONFLICT (kind, player) DO UPDATE SET name = ?3, rating = ?4, deviation = ?5,
               volatility = ?6, games = ratings.games + 1, wins = ratings.wins + ?7,
               losses = ratings.losses + ?8, draws = ratings.draws + ?9",
            &[
                rated.kind.as_str().into(),
                rated.players[i].as_str().into(),
                names[i].as_str().into(),
                after.rating.into(),
                after.deviation.into(),
                after.volatility.into(),
                Val::Int(w),
                Val::Int(l),
                Val::Int(d),
            ],
        )?;
    }
    Ok(())
}

/// The default file: `$XDG_DATA_HOME/stones/stones.db`, else `~/.local/share/stones/stones.db`.
pub fn default_path() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })?;
    Some(data.join("stones").join("stones.db"))
}

/// Whether `--db` names a PostgreSQL database rather than a file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// The address without its password, to print.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some((a, h)) => (a, h),
        None => return url.to_string(),
    };
    let user = auth.split(':').next().unwrap_or("");
    format!("{scheme}://{user}@{host}")
}

/// Opens the SQLite file at `path` (created readable and writable by its owner only: it holds the
/// games and their seats) and locks it for this process alone. SQLite lets several processes
/// write one file, but a server keeps the games it runs in memory and would not see another's
/// moves: a second server on the same file is refused (PostgreSQL is the way to share games).
/// The lock (`flock`) is apart from SQLite's own (`fcntl`) locks, and the file stays open while the
/// store lives, so that closing it cannot drop SQLite's locks either.
fn claim(path: &Path) -> Result<std::fs::File, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: flock on a descriptor this function owns; no memory is passed.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            return Err(
                "another stones server is using it: stop that one first, or give this one a \
                 --db of its own (servers that share their games use one PostgreSQL database)"
                    .into(),
            );
        }
    }
    Ok(file)
}

impl Store {
    /// Opens (or creates, with its folder) the SQLite database at `path`, in WAL mode.
    pub fn open(path: &Path) -> Result<Store, String> {
        let fail = |e: String| format!("cannot open the database {}: {e}", path.display());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
        }
        let claim = claim(path).map_err(fail)?;
        let conn = rusqlite::Connection::open(path).map_err(|e| fail(e.to_string()))?;
        let store = Store::sqlite(conn).map_err(fail)?;
        Ok(Store {
            path: Some(path.to_path_buf()),
            _claim: Some(claim),
            ..store
        })
    }

    /// A database in memory, gone with the process (for tests and `start` without `--db`).
    pub fn memory() -> Result<Store, String> {
        Store::sqlite(rusqlite::Connection::open_in_memory().map_err(|e| e.to_string())?)
    }

    /// Without the feature `postgres`: a message saying how to build with it.
    #[cfg(not(feature = "postgres"))]
    pub fn postgres(_url: &str) -> Result<Store, String> {
        Err(super::db::NO_POSTGRES.to_string())
    }

    /// The games at the PostgreSQL database `url`, its tables made (or upgraded) if needed.
    #[cfg(feature = "postgres")]
    pub fn postgres(url: &str) -> Result<Store, String> {
        let fail = |e: String| format!("cannot open the database {}: {e}", redacted(url));
        let db = Db::postgres(url).map_err(fail)?;
        db.transaction(|tx| {
            // Two servers starting at once would race to make the tables: one at a time.
            tx.batch("SELECT pg_advisory_xact_lock(7405501)")?;
            tx.batch(SCHEMA)?;
            for (table, column, ty) in ADDED {
                tx.batch(&format!(
                    "ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {ty}"
                ))?;
            }
            tx.batch(ACTIVITY)
        })
        .map_err(fail)?;
        Ok(Store {
            db,
            path: None,
            url: Some(url.to_string()),
            _claim: None,
        })
    }

    fn sqlite(conn: rusqlite::Connection) -> Result<Store, String> {
        // WAL: a commit is in the file's log before the call returns, so SIGKILL loses nothing;
        // NORMAL skips the fsync per commit (only a power cut could lose the last moves).
        let _: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(|e| e.to_string())?;
        let db = Db::sqlite(conn);
        db.with(|tx| {
            tx.batch("PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;")?;
            // A file from before the lobby lacks its columns: add them before the index on them.
            for table in ["games", "moves"] {
                let columns: Vec<String> = tx
                    .query(
                        &format!("SELECT name FROM pragma_table_info('{table}')"),
                        &[],
                    )?
                    .iter()
                    .filter_map(|r| r.text(0))
                    .collect();
                // No columns: a new file, made whole by the schema.
                if columns.is_empty() {
                    continue;
                }
                for (_, column, ty) in ADDED.iter().filter(|a| a.0 == table) {
                    if !columns.iter().any(|c| c == column) {
                        tx.batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {ty}"))?;
                    }
                }
            }
            tx.batch(SCHEMA)?;
            tx.batch(ACTIVITY)
        })?;
        Ok(Store {
            db,
            path: None,
            url: None,
            _claim: None,
        })
    }

    /// The PostgreSQL address, when the games are kept there (other servers may change them).
    pub fn shared_url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// Records a new game.
    pub fn insert_game(&self, g: &NewGame<'_>) -> Result<(), String> {
        let params = [
            g.id.into(),
            g.request.into(),
            g.tokens[0].clone().into(),
            g.tokens[1].clone().into(),
            Val::Int(now()),
            g.open_seat.into(),
            g.names[0].clone().into(),
            g.names[1].clone().into(),
            g.players[0].clone().into(),
            g.players[1].clone().into(),
            g.kind.into(),
        ];
        self.db
            .with(|tx| {
                tx.execute(
                "INSERT INTO games (id, request, token_black, token_white, created, open_seat, name_black, name_white, player_black, player_white, kind, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?5)",
                &params,
            )
            })
            .map(|_| ())
    }

    /// Tells the other servers (PostgreSQL) that game `id` is at `version` now, at commit.
    fn announce(&self, tx: &mut Tx<'_>, id: &str, version: i64) -> Result<(), String> {
        if self.db.is_postgres() {
            tx.execute(
                "SELECT pg_notify(?1, ?2)",
                &[CHANNEL.into(), format!("{id} {version}").into()],
            )?;
        }
        Ok(())
    }

    /// Gives the open seat `seat` (`black` or `white`) to the player named `name`, with its new
    /// token's digest: the game's new version, or `None` when the seat is no longer open (taken
    /// through another server).
    pub fn join(
        &self,
        id: &str,
        seat: &str,
        token_digest: &str,
        name: Option<&str>,
        player: Option<&str>,
    ) -> Result<Option<i64>, String> {
        let side = if seat == "black" { "black" } else { "white" };
        let params = [
            id.into(),
            name.into(),
            player.into(),
            seat.into(),
            token_digest.into(),
        ];
        self.versioned(
            id,
            &format!(
                "UPDATE games SET open_seat = NULL, name_{side} = ?2, player_{side} = ?3, token_{side} = ?5, version = version + 1
                 WHERE id = ?1 AND open_seat = ?4 RETURNING version"
            ),
            &params,
        )
    }

    /// Runs `update` (an `UPDATE … RETURNING version` of game `id`) in a transaction and tells the
    /// other servers of the new version: it, or `None` when no row matched.
    fn versioned(&self, id: &str, update: &str, params: &[Val]) -> Result<Option<i64>, String> {
        self.db.transaction(|tx| {
            let Some(version) = tx.first(update, params)?.map(|r| r.int(0)) else {
                return Ok(None);
            };
            self.announce(tx, id, version)?;
            Ok(Some(version))
        })
    }

    /// Replaces seat `seat`'s (`black` or `white`) token `old` (as presented; stored as its digest,
    /// or as itself by an older server) by the digest `new` (an invitation claimed): the game's new
    /// version, or `None` when the seat's token is no longer `old` (claimed through another server).
    pub fn claim(&self, id: &str, seat: &str, old: &str, new: &str) -> Result<Option<i64>, String> {
        let side = if seat == "black" { "black" } else { "white" };
        let params = [
            id.into(),
            super::seats::digest(old).into(),
            new.into(),
            old.into(),
        ];
        self.versioned(
            id,
            &format!(
                "UPDATE games SET token_{side} = ?3, version = version + 1
                 WHERE id = ?1 AND (token_{side} = ?2 OR token_{side} = ?4) RETURNING version"
            ),
            &params,
        )
    }

    /// Marks game `id` as a record uploaded for review: the lobby does not list it.
    pub fn mark_review(&self, id: &str) -> Result<(), String> {
        self.db
            .with(|tx| tx.execute("UPDATE games SET review = 1 WHERE id = ?1", &[id.into()]))
            .map(|_| ())
    }

    /// Replaces the token digest of game `id`'s `seat` (an account taking the seat it was entered
    /// in): the game's new version.
    pub fn reseat(&self, id: &str, seat: &str, digest: &str) -> Result<Option<i64>, String> {
        let side = if seat == "black" { "black" } else { "white" };
        self.versioned(
            id,
            &format!(
                "UPDATE games SET token_{side} = ?2, version = version + 1 WHERE id = ?1
                 RETURNING version"
            ),
            &[id.into(), digest.into()],
        )
    }

    /// The database, for the tables kept beside the games' ([`super::tournaments`]).
    pub fn db(&self) -> &super::db::Db {
        &self.db
    }

    /// Unfinished games changed (or made) within [`ACTIVE_SECS`], newest first, at most `limit`:
    /// those with a seat open (`open`) or the others (being played). Read through the index of
    /// activity, so that many abandoned games cost the lobby nothing.
    pub fn lobby(&self, open: bool, limit: usize) -> Result<Vec<LobbyGame>, String> {
        let sql = format!(
            "SELECT id, request, open_seat, name_black, name_white, created,
                    (SELECT COUNT(*) FROM moves WHERE moves.game = games.id)
             FROM games WHERE finished IS NULL AND active > ?2 AND open_seat IS {} NULL
                   AND review IS NULL
             ORDER BY created DESC LIMIT ?1",
            if open { "NOT" } else { "" }
        );
        let params = [Val::Int(limit as i64), Val::Int(now() - ACTIVE_SECS)];
        let rows = self.db.with(|tx| tx.query(&sql, &params))?;
        Ok(rows
            .iter()
            .map(|r| LobbyGame {
                id: r.text(0).unwrap_or_default(),
                request: r.text(1).unwrap_or_default(),
                open_seat: r.text(2),
                names: [r.text(3), r.text(4)],
                created: r.int(5),
                moves: r.int(6),
            })
            .collect())
    }

    /// Writes a change of a game in one transaction: the moves from `keep` on, the result, the
    /// clock, an undo asked for, and the ratings if the game ends now. The new version, or `None`
    /// when the stored game is newer than `change.version` (changed through another server: nothing
    /// is written).
    pub fn sync(&self, change: &Change<'_>) -> Result<Option<i64>, String> {
        let id = change.id;
        self.db.transaction(|tx| {
            let at = now();
            let was_finished = tx
                .first("SELECT finished IS NOT NULL FROM games WHERE id = ?1", &[id.into()])?
                .is_none_or(|r| r.bool(0));
            // Made from the stored version, or refused: another server changed the game meanwhile.
            let row = tx.first(
                "UPDATE games SET result = ?2,
                   finished = CASE WHEN CAST(?2 AS TEXT) IS NULL THEN NULL ELSE COALESCE(finished, ?3) END,
                   clock_left = ?4, undo_request = ?5, version = version + 1, active = ?3
                 WHERE id = ?1 AND version = ?6
                 RETURNING version",
                &[
                    id.into(),
                    change.result.into(),
                    Val::Int(at),
                    change.clock_left.into(),
                    change.undo_request.into(),
                    Val::Int(change.version),
                ],
            )?;
            let Some(version) = row.map(|r| r.int(0)) else {
                return Ok(None);
            };
            if let (false, Some(result), Some(rated)) = (was_finished, change.result, change.rated) {
                rate(tx, rated, result)?;
            }
            tx.execute(
                "DELETE FROM moves WHERE game = ?1 AND n > ?2",
                &[id.into(), Val::Int(change.keep as i64)],
            )?;
            for (i, mv) in change.moves.iter().enumerate().skip(change.keep) {
                let thought = change.thoughts.get(i).cloned().flatten();
                tx.execute(
                    "INSERT INTO moves (game, n, mv, at, thought) VALUES (?1, ?2, ?3, ?4, ?5)",
                    &[
                        id.into(),
                        Val::Int(i as i64 + 1),
                        mv.as_str().into(),
                        Val::Int(at),
                        thought.into(),
                    ],
                )?;
            }
            self.announce(tx, id, version)?;
            Ok(Some(version))
        })
    }

    /// The stored version of game `id` (`None`: no such game).
    pub fn version(&self, id: &str) -> Result<Option<i64>, String> {
        let params = [id.into()];
        let row = self
            .db
            .with(|tx| tx.first("SELECT version FROM games WHERE id = ?1", &params))?;
        Ok(row.map(|r| r.int(0)))
    }

    /// Takes (or keeps) the lease of game `id` for `runner` until `until_ms`: true when it is
    /// `runner`'s now — no other runner holds an unexpired one.
    pub fn lease(&self, id: &str, runner: &str, until_ms: i64) -> Result<bool, String> {
        let params = [
            id.into(),
            runner.into(),
            Val::Int(until_ms),
            Val::Int(now_ms()),
        ];
        let n = self.db.with(|tx| {
            tx.execute(
                "UPDATE games SET runner = ?2, lease_until = ?3
                 WHERE id = ?1 AND (runner IS NULL OR runner = ?2 OR lease_until < ?4)",
                &params,
            )
        })?;
        Ok(n == 1)
    }

    /// Takes the lease of game `id` for `runner` until `until_ms` from a holder that `gone` says
    /// is dead (its unexpired lease is not waited out): true when it is `runner`'s now.
    pub fn take_dead_lease(
        &self,
        id: &str,
        runner: &str,
        until_ms: i64,
        gone: impl Fn(&str) -> bool,
    ) -> Result<bool, String> {
        let rows = self.db.with(|tx| {
            tx.query(
                "SELECT runner FROM games WHERE id = ?1 AND runner IS NOT NULL",
                &[id.into()],
            )
        })?;
        let Some(holder) = rows.first().and_then(|r| r.text(0)) else {
            return Ok(false);
        };
        if holder == runner || !gone(&holder) {
            return Ok(false);
        }
        let params = [
            id.into(),
            runner.into(),
            Val::Int(until_ms),
            holder.as_str().into(),
        ];
        let n = self.db.with(|tx| {
            tx.execute(
                "UPDATE games SET runner = ?2, lease_until = ?3 WHERE id = ?1 AND runner = ?4",
                &params,
            )
        })?;
        Ok(n == 1)
    }

    /// The ratings table of a game's kind: the first `limit` by `order` (`rating`, `wins` or
    /// `games`), of the accounts with [`TOP_GAMES`] rated games against [`TOP_OPPONENTS`]
    /// different opponents (ratings of guests and bots kept by an older server are not shown).
    pub fn ratings(&self, kind: &str, order: &str, limit: usize) -> Result<Vec<RatingRow>, String> {
        let order = match order {
            "wins" => "wins DESC, rating DESC",
            "games" => "games DESC, rating DESC",
            _ => "rating DESC, games DESC",
        };
        let sql = format!(
            "SELECT name, player LIKE 'bot:%', rating, deviation, volatility, games, wins, losses, draws
             FROM ratings WHERE kind = ?1 AND player LIKE 'acct:%' AND games >= ?3
               AND (SELECT COUNT(*) FROM opponents o WHERE o.kind = ratings.kind AND o.player = ratings.player) >= ?4
             ORDER BY {order} LIMIT ?2"
        );
        let params = [
            kind.into(),
            Val::Int(limit as i64),
            Val::Int(TOP_GAMES),
            Val::Int(TOP_OPPONENTS),
        ];
        let rows = self.db.with(|tx| tx.query(&sql, &params))?;
        Ok(rows
            .iter()
            .map(|r| RatingRow {
                name: r.text(0).unwrap_or_default(),
                bot: r.bool(1),
                rating: super::glicko::Rating {
                    rating: r.real(2),
                    deviation: r.real(3),
                    volatility: r.real(4),
                },
                games: r.int(5),
                wins: r.int(6),
                losses: r.int(7),
                draws: r.int(8),
            })
            .collect())
    }

    /// Registers an account: false when its name (by `name_key`) is taken.
    pub fn create_account(&self, account: &Account, name_key: &str) -> Result<bool, String> {
        let params = [
            account.id.as_str().into(),
            account.name.as_str().into(),
            name_key.into(),
            account.password_hash.as_str().into(),
            Val::Int(now()),
        ];
        let row = self.db.with(|tx| {
            tx.first(
                "INSERT INTO accounts (id, name, name_key, password_hash, created)
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING RETURNING id",
                &params,
            )
        })?;
        Ok(row.is_some())
    }

    /// The account whose name has this key (lower case), if any.
    pub fn account_named(&self, name_key: &str) -> Result<Option<Account>, String> {
        let params = [name_key.into()];
        let row = self.db.with(|tx| {
            tx.first(
                "SELECT id, name, password_hash FROM accounts WHERE name_key = ?1",
                &params,
            )
        })?;
        Ok(row.map(|r| Account {
            id: r.text(0).unwrap_or_default(),
            name: r.text(1).unwrap_or_default(),
            password_hash: r.text(2).unwrap_or_default(),
        }))
    }

    /// Starts a session of `account` whose token has the digest `token_digest`, until `expires`
    /// (seconds since 1970); the expired sessions go.
    pub fn create_session(
        &self,
        token_digest: &str,
        account: &str,
        expires: i64,
    ) -> Result<(), String> {
        let at = now();
        self.db.transaction(|tx| {
            tx.execute("DELETE FROM sessions WHERE expires <= ?1", &[Val::Int(at)])?;
            tx.execute(
                "INSERT INTO sessions (token, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
                &[
                    token_digest.into(),
                    account.into(),
                    Val::Int(at),
                    Val::Int(expires),
                ],
            )
            .map(|_| ())
        })
    }

    /// The account (id, name) of the unexpired session whose token has this digest.
    pub fn session_account(&self, token_digest: &str) -> Result<Option<(String, String)>, String> {
        let params = [token_digest.into(), Val::Int(now())];
        let row = self.db.with(|tx| {
            tx.first(
                "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.token = ?1 AND s.expires > ?2",
                &params,
            )
        })?;
        Ok(row.map(|r| (r.text(0).unwrap_or_default(), r.text(1).unwrap_or_default())))
    }

    /// Ends the session whose token has this digest (nothing when there is none).
    pub fn end_session(&self, token_digest: &str) -> Result<(), String> {
        let params = [token_digest.into()];
        self.db
            .with(|tx| tx.execute("DELETE FROM sessions WHERE token = ?1", &params))
            .map(|_| ())
    }

    /// The finished games of a kind: result, length, when they ended.
    pub fn finished(&self, kind: &str) -> Result<Vec<super::stats::Finished>, String> {
        let params = [kind.into()];
        let rows = self.db.with(|tx| {
            tx.query(
                "SELECT result, (SELECT COUNT(*) FROM moves WHERE moves.game = games.id), finished
                 FROM games WHERE kind = ?1 AND finished IS NOT NULL AND result IS NOT NULL",
                &params,
            )
        })?;
        Ok(rows
            .iter()
            .map(|r| super::stats::Finished {
                result: r.text(0).unwrap_or_default(),
                moves: r.int(1),
                at: r.int(2),
            })
            .collect())
    }

    /// Seconds since 1970, as stored.
    pub fn now() -> i64 {
        now()
    }

    /// The unfinished games with a clock (their flags must fall even with nobody connected).
    pub fn clocked(&self) -> Result<Vec<String>, String> {
        let rows = self.db.with(|tx| {
            tx.query(
                "SELECT id FROM games WHERE finished IS NULL AND clock_left IS NOT NULL",
                &[],
            )
        })?;
        Ok(rows.iter().filter_map(|r| r.text(0)).collect())
    }

    /// The game with this id, if stored.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, String> {
        let params = [id.into()];
        let (game, moves): (Option<Row>, Vec<Row>) = self.db.with(|tx| {
            let game = tx.first(
                "SELECT request, token_black, token_white, result, open_seat, name_black, name_white,
                        clock_left, player_black, player_white, version, undo_request
                 FROM games WHERE id = ?1",
                &params,
            )?;
            let moves = tx.query(
                "SELECT mv, thought FROM moves WHERE game = ?1 ORDER BY n",
                &params,
            )?;
            Ok((game, moves))
        })?;
        Ok(game.map(|r| StoredGame {
            request: r.text(0).unwrap_or_default(),
            tokens: [r.text(1), r.text(2)],
            moves: moves.iter().filter_map(|m| m.text(0)).collect(),
            thoughts: moves.iter().map(|m| m.text(1)).collect(),
            result: r.text(3),
            open_seat: r.text(4),
            names: [r.text(5), r.text(6)],
            clock_left: r.text(7),
            players: [r.text(8), r.text(9)],
            version: r.int(10),
            undo_request: r.text(11),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_its_moves_an_undo_and_its_result_come_back() {
        let dir = std::env::temp_dir().join(format!("stones-store-{}", std::process::id()));
        let path = dir.join("sub/games.db");
        let tokens = [Some("b".to_string()), None];
        {
            let store = Store::open(&path).unwrap();
            let names = [Some("Ann".to_string()), None];
            store
                .insert_game(&NewGame {
                    id: "g1",
                    request: "{\"game\":\"go\"}",
                    kind: "go",
                    tokens: &tokens,
                    open_seat: Some("white"),
                    names: &names,
                    players: &[None, None],
                })
                .unwrap();
            assert_eq!(store.lobby(true, 10).unwrap()[0].id, "g1");
            assert_eq!(
                store
                    .join("g1", "white", "sha256:b0b", Some("Bob"), None)
                    .unwrap(),
                Some(1)
            );
            // The seat is taken: a second join (through another server) finds it so.
            assert_eq!(
                store
                    .join("g1", "white", "sha256:c4", Some("Cy"), None)
                    .unwrap(),
                None
            );
            let joined = store.load("g1").unwrap().unwrap();
            assert_eq!(
                joined.tokens[1].as_deref(),
                Some("sha256:b0b"),
                "the joiner's digest"
            );
            assert!(store.lobby(true, 10).unwrap().is_empty());
            assert_eq!(
                store.lobby(false, 10).unwrap()[0].names[1].as_deref(),
                Some("Bob")
            );
            let moves: Vec<String> = ["C3", "D4", "E5"].map(String::from).to_vec();
            let change = Change {
                id: "g1",
                version: 1,
                keep: 0,
                moves: &moves,
                thoughts: &[None, Some("{\"n\":2}".into())],
                result: None,
                clock_left: Some("1,2"),
                undo_request: None,
                rated: None,
            };
            assert_eq!(store.sync(&change).unwrap(), Some(2));
            // Made from an older version (another server wrote meanwhile): refused, unwritten.
            assert_eq!(store.sync(&change).unwrap(), None);
            assert_eq!(store.version("g1").unwrap(), Some(2));
            // One runner holds a game's lease until it expires.
            let later = now_ms() + 60_000;
            assert!(store.lease("g1", "a", later).unwrap());
            assert!(store.lease("g1", "a", later).unwrap());
            assert!(!store.lease("g1", "b", later).unwrap());
            assert!(store.lease("g1", "a", now_ms() - 1).unwrap());
            assert!(store.lease("g1", "b", later).unwrap());
            assert_eq!(store.clocked().unwrap(), ["g1"]);
            // An undo of two moves, then another move.
            let moves: Vec<String> = ["C3", "B2"].map(String::from).to_vec();
            let rated = Rated {
                kind: "go".into(),
                players: ["acct:ann".into(), "acct:bob".into()],
                names: ["Ann".into(), "Bob".into()],
            };
            let thoughts = [None, Some("{\"n\":2,\"pv\":[]}".to_string())];
            let change = Change {
                version: 2,
                keep: 1,
                moves: &moves,
                thoughts: &thoughts,
                result: Some("B+R"),
                clock_left: None,
                rated: Some(&rated),
                ..change
            };
            assert_eq!(store.sync(&change).unwrap(), Some(3));
            // Stored again as finished: the ratings move once.
            store
                .sync(&Change {
                    version: 3,
                    ..change
                })
                .unwrap();
            let row = |p: &str| {
                store
                    .db
                    .with(|tx| {
                        tx.first(
                            "SELECT games, wins, rating FROM ratings WHERE kind = 'go' AND player = ?1",
                            &[p.into()],
                        )
                    })
                    .unwrap()
                    .unwrap()
            };
            assert_eq!((row("acct:ann").int(0), row("acct:ann").int(1)), (1, 1));
            assert!(row("acct:ann").real(2) > 1500.0 && row("acct:bob").real(2) < 1500.0);
            // One game: in no TOP table yet.
            assert!(store.ratings("go", "rating", 20).unwrap().is_empty());
            let done = store.finished("go").unwrap();
            assert_eq!((done[0].result.as_str(), done[0].moves), ("B+R", 2));
            assert!(store.clocked().unwrap().is_empty());
        }
        let store = Store::open(&path).unwrap();
        let g = store.load("g1").unwrap().unwrap();
        assert_eq!(g.request, "{\"game\":\"go\"}");
        assert_eq!(g.tokens, [Some("b".into()), Some("sha256:b0b".into())]);
        assert_eq!(g.moves, ["C3", "B2"]);
        // What the computer thought: of the move written again, the new thought.
        assert_eq!(g.thoughts, [None, Some("{\"n\":2,\"pv\":[]}".into())]);
        assert_eq!(g.result.as_deref(), Some("B+R"));
        assert_eq!(g.version, 4);
        assert_eq!(store.load("nope").unwrap(), None);
        drop(store);
        // A file of the first schema (no lobby columns) opens and gains them.
        let old = dir.join("old.db");
        let conn = rusqlite::Connection::open(&old).unwrap();
        conn.execute_batch("CREATE TABLE games (id TEXT PRIMARY KEY, request TEXT NOT NULL, token_black TEXT, token_white TEXT, created INTEGER NOT NULL, result TEXT, finished INTEGER); INSERT INTO games VALUES ('g', '{}', NULL, NULL, 0, NULL, NULL);
            CREATE TABLE moves (game TEXT NOT NULL REFERENCES games(id), n BIGINT NOT NULL, mv TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (game, n)); INSERT INTO moves VALUES ('g', 1, 'C3', 0);").unwrap();
        drop(conn);
        let store = Store::open(&old).unwrap();
        let g = store.load("g").unwrap().unwrap();
        assert_eq!(
            (g.open_seat, g.moves, g.thoughts),
            (None, vec!["C3".into()], vec![None])
        );
        store
            .insert_game(&NewGame {
                id: "h",
                request: "{}",
                kind: "go",
                tokens: &tokens,
                open_seat: Some("white"),
                names: &[None, None],
                players: &[None, None],
            })
            .unwrap();
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_top_tables_list_an_account_after_ten_rated_games_against_five_opponents() {
        let store = Store::memory().unwrap();
        let mut n = 0;
        let mut play = |opponent: &str| {
            n += 1;
            let rated = Rated {
                kind: "go".into(),
                players: ["acct:ann".into(), format!("acct:{opponent}")],
                names: ["Ann".into(), opponent.into()],
            };
            db_game(&store, &format!("g{n}"), &rated);
        };
        // Ten games against four opponents: not yet.
        for opponent in ["b", "c", "d", "e", "b", "c", "d", "e", "b", "c"] {
            play(opponent);
        }
        assert!(store.ratings("go", "games", 20).unwrap().is_empty());
        // The fifth opponent: Ann is listed, the others (fewer games) not.
        play("f");
        let table = store.ratings("go", "games", 20).unwrap();
        assert_eq!(table.len(), 1);
        assert_eq!((table[0].name.as_str(), table[0].games), ("Ann", 11));
        assert!(store.ratings("dots", "games", 20).unwrap().is_empty());
    }

    /// A game `id` between `rated.players` that Black wins by resignation, stored and rated.
    fn db_game(store: &Store, id: &str, rated: &Rated) {
        store
            .insert_game(&NewGame {
                id,
                request: "{}",
                kind: &rated.kind,
                tokens: &[None, None],
                open_seat: None,
                names: &[None, None],
                players: &[None, None],
            })
            .unwrap();
        let change = Change {
            id,
            version: 0,
            keep: 0,
            moves: &[],
            thoughts: &[],
            result: Some("B+R"),
            clock_left: None,
            undo_request: None,
            rated: Some(rated),
        };
        assert!(store.sync(&change).unwrap().is_some());
    }

    #[test]
    fn the_lobby_reads_the_index_of_activity_not_every_unfinished_game() {
        let store = Store::memory().unwrap();
        let plan = store
            .db
            .with(|tx| {
                tx.query(
                    "EXPLAIN QUERY PLAN SELECT id FROM games WHERE finished IS NULL AND active > 5 AND open_seat IS NULL ORDER BY created DESC LIMIT 50",
                    &[],
                )
            })
            .unwrap();
        let said: Vec<String> = plan.iter().filter_map(|r| r.text(3)).collect();
        assert!(
            said.iter().any(|l| l.contains("USING INDEX games_active")),
            "{said:?}"
        );
    }
}
