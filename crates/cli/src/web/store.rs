//! Where games last: one SQLite file (WAL), written as each game, move and result happens, so that a
//! restarted server — even one killed with SIGKILL mid-game — serves every game at the same address
//! with the same moves.
//!
//! A game is kept as the request that created it (replayed through the same checks on load), its
//! seats' tokens, its moves in order, and its result once over. Undo deletes the moves taken back.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A game as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The creation request, as JSON (`{"game", "ruleset", "set", "black", "white"}`).
    pub request: String,
    /// The human seats' tokens.
    pub tokens: [Option<String>; 2],
    /// The moves in order, as text.
    pub moves: Vec<String>,
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

/// The database (one connection; SQLite serialises writers anyway).
pub struct Store {
    conn: Mutex<Connection>,
    /// The file, `None` in memory.
    pub path: Option<PathBuf>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    request TEXT NOT NULL,
    token_black TEXT,
    token_white TEXT,
    created INTEGER NOT NULL,
    result TEXT,
    finished INTEGER,
    open_seat TEXT,
    name_black TEXT,
    name_white TEXT,
    clock_left TEXT,
    player_black TEXT,
    player_white TEXT,
    kind TEXT
);
CREATE TABLE IF NOT EXISTS ratings (
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    PRIMARY KEY (kind, player)
);

CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    mv TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game, n)
);
";

/// The lobby lists games active within this many seconds (an hour, as the server's idle time).
pub const ACTIVE_SECS: i64 = 3600;

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn text(e: rusqlite::Error) -> String {
    e.to_string()
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
fn rate(tx: &rusqlite::Transaction<'_>, rated: &Rated, result: &str) -> rusqlite::Result<()> {
    let before: Vec<super::glicko::Rating> = rated
        .players
        .iter()
        .map(|p| {
            tx.query_row(
                "SELECT rating, deviation, volatility FROM ratings WHERE kind = ?1 AND player = ?2",
                params![rated.kind, p],
                |r| {
                    Ok(super::glicko::Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    })
                },
            )
            .optional()
            .map(Option::unwrap_or_default)
        })
        .collect::<rusqlite::Result<_>>()?;
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
               volatility = ?6, games = games + 1, wins = wins + ?7, losses = losses + ?8, draws = draws + ?9",
            params![rated.kind, rated.players[i], rated.names[i], after.rating, after.deviation, after.volatility, w, l, d],
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

impl Store {
    /// Opens (or creates, with its folder) the database at `path`, in WAL mode.
    pub fn open(path: &Path) -> Result<Store, String> {
        let fail = |e: String| format!("cannot open the database {}: {e}", path.display());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
        }
        let conn = Connection::open(path).map_err(|e| fail(text(e)))?;
        let store = Store::with(conn).map_err(fail)?;
        Ok(Store {
            path: Some(path.to_path_buf()),
            ..store
        })
    }

    /// A database in memory, gone with the process (for tests and `start` without `--db`).
    pub fn memory() -> Result<Store, String> {
        Store::with(Connection::open_in_memory().map_err(text)?)
    }

    fn with(conn: Connection) -> Result<Store, String> {
        // WAL: a commit is in the file's log before the call returns, so SIGKILL loses nothing;
        // NORMAL skips the fsync per commit (only a power cut could lose the last moves).
        let _: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(text)?;
        conn.execute_batch("PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;")
            .map_err(text)?;
        conn.execute_batch(SCHEMA).map_err(text)?;
        // A file from before the lobby lacks its columns: add them (a new file has them already).
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info('games')")
            .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
            .map_err(text)?;
        for column in [
            "open_seat",
            "name_black",
            "name_white",
            "clock_left",
            "player_black",
            "player_white",
            "kind",
        ] {
            if !columns.iter().any(|c| c == column) {
                conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} TEXT"))
                    .map_err(text)?;
            }
        }
        conn.execute_batch(
            "CREATE INDEX IF NOT EXISTS games_unfinished ON games (finished, created)",
        )
        .map_err(text)?;
        Ok(Store {
            conn: Mutex::new(conn),
            path: None,
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records a new game.
    pub fn insert_game(&self, g: &NewGame<'_>) -> Result<(), String> {
        self.conn()
            .execute(
                "INSERT INTO games (id, request, token_black, token_white, created, open_seat, name_black, name_white, player_black, player_white, kind) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![g.id, g.request, g.tokens[0], g.tokens[1], now(), g.open_seat, g.names[0], g.names[1], g.players[0], g.players[1], g.kind],
            )
            .map(|_| ())
            .map_err(text)
    }

    /// Gives the open seat `seat` (`black` or `white`) to the player named `name`.
    pub fn join(
        &self,
        id: &str,
        seat: &str,
        name: Option<&str>,
        player: Option<&str>,
    ) -> Result<(), String> {
        let side = if seat == "black" { "black" } else { "white" };
        self.conn()
            .execute(
                &format!(
                    "UPDATE games SET open_seat = NULL, name_{side} = ?2, player_{side} = ?3 WHERE id = ?1"
                ),
                params![id, name, player],
            )
            .map(|_| ())
            .map_err(text)
    }

    /// Unfinished games with a move (or their creation) within [`ACTIVE_SECS`], newest first, at
    /// most `limit`: those with a seat open (`open`) or the others (being played).
    pub fn lobby(&self, open: bool, limit: usize) -> Result<Vec<LobbyGame>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT id, request, open_seat, name_black, name_white, created,
                        (SELECT COUNT(*) FROM moves WHERE moves.game = games.id)
                 FROM games WHERE finished IS NULL AND open_seat IS {} NULL
                   AND COALESCE((SELECT MAX(at) FROM moves WHERE moves.game = games.id), created) > ?2
                 ORDER BY created DESC LIMIT ?1",
                if open { "NOT" } else { "" }
            ))
            .map_err(text)?;
        let rows = stmt
            .query_map(params![limit as i64, now() - ACTIVE_SECS], |r| {
                Ok(LobbyGame {
                    id: r.get(0)?,
                    request: r.get(1)?,
                    open_seat: r.get(2)?,
                    names: [r.get(3)?, r.get(4)?],
                    created: r.get(5)?,
                    moves: r.get(6)?,
                })
            })
            .map_err(text)?
            .collect::<Result<_, _>>()
            .map_err(text)?;
        Ok(rows)
    }

    /// Makes the stored moves `moves` (those from the first `keep` on are written again) and the
    /// result `result`, in one transaction.
    pub fn sync(
        &self,
        id: &str,
        keep: usize,
        moves: &[String],
        result: Option<&str>,
        clock_left: Option<&str>,
        rated: Option<&Rated>,
    ) -> Result<(), String> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(text)?;
        let was_finished: bool = tx
            .query_row(
                "SELECT finished IS NOT NULL FROM games WHERE id = ?1",
                params![id],
                |r| r.get(0),
            )
            .optional()
            .map_err(text)?
            .unwrap_or(true);
        if let (false, Some(result), Some(rated)) = (was_finished, result, rated) {
            rate(&tx, rated, result).map_err(text)?;
        }
        tx.execute(
            "DELETE FROM moves WHERE game = ?1 AND n > ?2",
            params![id, keep as i64],
        )
        .map_err(text)?;
        let at = now();
        for (i, mv) in moves.iter().enumerate().skip(keep) {
            tx.execute(
                "INSERT INTO moves (game, n, mv, at) VALUES (?1, ?2, ?3, ?4)",
                params![id, i as i64 + 1, mv, at],
            )
            .map_err(text)?;
        }
        tx.execute(
            "UPDATE games SET result = ?2, finished = CASE WHEN ?2 IS NULL THEN NULL ELSE COALESCE(finished, ?3) END, clock_left = ?4 WHERE id = ?1",
            params![id, result, at, clock_left],
        )
        .map_err(text)?;
        tx.commit().map_err(text)
    }

    /// The ratings table of a game's kind: the first `limit` by `order` (`rating`, `wins` or
    /// `games`).
    pub fn ratings(&self, kind: &str, order: &str, limit: usize) -> Result<Vec<RatingRow>, String> {
        let order = match order {
            "wins" => "wins DESC, rating DESC",
            "games" => "games DESC, rating DESC",
            _ => "rating DESC, games DESC",
        };
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT name, player LIKE 'bot:%', rating, deviation, volatility, games, wins, losses, draws
                 FROM ratings WHERE kind = ?1 ORDER BY {order} LIMIT ?2"
            ))
            .map_err(text)?;
        let rows = stmt
            .query_map(params![kind, limit as i64], |r| {
                Ok(RatingRow {
                    name: r.get(0)?,
                    bot: r.get(1)?,
                    rating: super::glicko::Rating {
                        rating: r.get(2)?,
                        deviation: r.get(3)?,
                        volatility: r.get(4)?,
                    },
                    games: r.get(5)?,
                    wins: r.get(6)?,
                    losses: r.get(7)?,
                    draws: r.get(8)?,
                })
            })
            .map_err(text)?
            .collect::<Result<_, _>>()
            .map_err(text)?;
        Ok(rows)
    }

    /// The finished games of a kind: result, length, when they ended.
    pub fn finished(&self, kind: &str) -> Result<Vec<super::stats::Finished>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT result, (SELECT COUNT(*) FROM moves WHERE moves.game = games.id), finished
                 FROM games WHERE kind = ?1 AND finished IS NOT NULL AND result IS NOT NULL",
            )
            .map_err(text)?;
        let rows = stmt
            .query_map(params![kind], |r| {
                Ok(super::stats::Finished {
                    result: r.get(0)?,
                    moves: r.get(1)?,
                    at: r.get(2)?,
                })
            })
            .map_err(text)?
            .collect::<Result<_, _>>()
            .map_err(text)?;
        Ok(rows)
    }

    /// Seconds since 1970, as stored.
    pub fn now() -> i64 {
        now()
    }

    /// The unfinished games with a clock (their flags must fall even with nobody connected).
    pub fn clocked(&self) -> Result<Vec<String>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT id FROM games WHERE finished IS NULL AND clock_left IS NOT NULL")
            .map_err(text)?;
        let ids = stmt
            .query_map([], |r| r.get(0))
            .map_err(text)?
            .collect::<Result<_, _>>()
            .map_err(text)?;
        Ok(ids)
    }

    /// The game with this id, if stored.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, String> {
        let conn = self.conn();
        let game = conn
            .query_row(
                "SELECT request, token_black, token_white, result, open_seat, name_black, name_white, clock_left, player_black, player_white FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(StoredGame {
                        request: r.get(0)?,
                        tokens: [r.get(1)?, r.get(2)?],
                        moves: Vec::new(),
                        result: r.get(3)?,
                        open_seat: r.get(4)?,
                        names: [r.get(5)?, r.get(6)?],
                        clock_left: r.get(7)?,
                        players: [r.get(8)?, r.get(9)?],
                    })
                },
            )
            .optional()
            .map_err(text)?;
        let Some(mut game) = game else {
            return Ok(None);
        };
        let mut stmt = conn
            .prepare("SELECT mv FROM moves WHERE game = ?1 ORDER BY n")
            .map_err(text)?;
        game.moves = stmt
            .query_map(params![id], |r| r.get(0))
            .map_err(text)?
            .collect::<Result<_, _>>()
            .map_err(text)?;
        Ok(Some(game))
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
            store.join("g1", "white", Some("Bob"), None).unwrap();
            assert!(store.lobby(true, 10).unwrap().is_empty());
            assert_eq!(
                store.lobby(false, 10).unwrap()[0].names[1].as_deref(),
                Some("Bob")
            );
            let moves: Vec<String> = ["C3", "D4", "E5"].map(String::from).to_vec();
            store
                .sync("g1", 0, &moves, None, Some("1,2"), None)
                .unwrap();
            assert_eq!(store.clocked().unwrap(), ["g1"]);
            // An undo of two moves, then another move.
            let moves: Vec<String> = ["C3", "B2"].map(String::from).to_vec();
            let rated = Rated {
                kind: "go".into(),
                players: ["ann".into(), "bot:random".into()],
                names: ["Ann".into(), "random".into()],
            };
            store
                .sync("g1", 1, &moves, Some("B+R"), None, Some(&rated))
                .unwrap();
            // Stored again as finished: the ratings move once.
            store
                .sync("g1", 1, &moves, Some("B+R"), None, Some(&rated))
                .unwrap();
            let table = store.ratings("go", "rating", 20).unwrap();
            assert_eq!(table.len(), 2);
            assert_eq!(
                (table[0].name.as_str(), table[0].games, table[0].wins),
                ("Ann", 1, 1)
            );
            assert!(table[0].rating.rating > 1500.0 && table[1].rating.rating < 1500.0);
            assert!(table[1].bot && !table[0].bot);
            let done = store.finished("go").unwrap();
            assert_eq!((done[0].result.as_str(), done[0].moves), ("B+R", 2));
            assert!(store.clocked().unwrap().is_empty());
        }
        let store = Store::open(&path).unwrap();
        let g = store.load("g1").unwrap().unwrap();
        assert_eq!(g.request, "{\"game\":\"go\"}");
        assert_eq!(g.tokens, tokens);
        assert_eq!(g.moves, ["C3", "B2"]);
        assert_eq!(g.result.as_deref(), Some("B+R"));
        assert_eq!(store.load("nope").unwrap(), None);
        drop(store);
        // A file of the first schema (no lobby columns) opens and gains them.
        let old = dir.join("old.db");
        let conn = Connection::open(&old).unwrap();
        conn.execute_batch("CREATE TABLE games (id TEXT PRIMARY KEY, request TEXT NOT NULL, token_black TEXT, token_white TEXT, created INTEGER NOT NULL, result TEXT, finished INTEGER); INSERT INTO games VALUES ('g', '{}', NULL, NULL, 0, NULL, NULL);").unwrap();
        drop(conn);
        let store = Store::open(&old).unwrap();
        assert_eq!(store.load("g").unwrap().unwrap().open_seat, None);
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
}
