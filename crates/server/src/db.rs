//! The connections to the database the games are kept in, SQLite or PostgreSQL, behind one face: SQL
//! written once with `?1`-style parameters (PostgreSQL's `$1` are made from them), values as
//! [`Val`], rows as lists of them, and a transaction as a closure. Where the dialects differ (the
//! schema's upgrade, change notices) the caller asks [`Db::is_postgres`].
//!
//! PostgreSQL comes with the feature `postgres` (pg.rs); without it a `postgres://` database
//! is refused with [`NO_POSTGRES`]. Its client is synchronous: it runs a small runtime of its own,
//! which tokio forbids inside the server's runtime, so a call made from a runtime thread runs on a
//! scoped thread of its own (one thread start, a few microseconds, against a round trip).

use std::sync::{Mutex, MutexGuard};

/// A value sent to or read from the database.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Bool(bool),
}

impl From<&str> for Val {
    fn from(s: &str) -> Val {
        Val::Text(s.to_string())
    }
}

impl From<String> for Val {
    fn from(s: String) -> Val {
        Val::Text(s)
    }
}

impl From<i64> for Val {
    fn from(n: i64) -> Val {
        Val::Int(n)
    }
}

impl From<f64> for Val {
    fn from(x: f64) -> Val {
        Val::Real(x)
    }
}

impl<T: Into<Val>> From<Option<T>> for Val {
    fn from(v: Option<T>) -> Val {
        v.map_or(Val::Null, Into::into)
    }
}

/// A row: its columns in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Row(pub Vec<Val>);

impl Row {
    fn at(&self, i: usize) -> &Val {
        self.0.get(i).unwrap_or(&Val::Null)
    }

    /// Column `i` as text (`None` for NULL).
    pub fn text(&self, i: usize) -> Option<String> {
        match self.at(i) {
            Val::Text(s) => Some(s.clone()),
            Val::Int(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// Column `i` as an integer (0 for NULL).
    pub fn int(&self, i: usize) -> i64 {
        match self.at(i) {
            Val::Int(n) => *n,
            Val::Real(x) => *x as i64,
            Val::Bool(b) => i64::from(*b),
            _ => 0,
        }
    }

    /// Column `i` as a real number (0 for NULL).
    pub fn real(&self, i: usize) -> f64 {
        match self.at(i) {
            Val::Real(x) => *x,
            Val::Int(n) => *n as f64,
            _ => 0.0,
        }
    }

    /// Column `i` as a truth value (SQLite keeps them as integers).
    pub fn bool(&self, i: usize) -> bool {
        self.int(i) != 0
    }
}

/// The open connection.
enum Conn {
    Sqlite(rusqlite::Connection),
    #[cfg(feature = "postgres")]
    Postgres(Box<super::pg::PgConn>),
}

/// A connection in a transaction (or not: see [`Db::with`]).
pub struct Tx<'a>(&'a mut Conn);

/// The database: its connections, each used by one caller at a time — one for SQLite (which
/// serialises writers anyway), [`PG_CONNECTIONS`] for PostgreSQL.
pub struct Db {
    conns: Vec<Mutex<Conn>>,
    /// The connection to wait for when all are busy (turns round).
    next: std::sync::atomic::AtomicUsize,
    postgres: bool,
    /// The PostgreSQL address, to connect again after the server went away.
    #[cfg(feature = "postgres")]
    url: Option<String>,
}

/// Connections a server opens to PostgreSQL (requests wait for one past them).
pub const PG_CONNECTIONS: usize = 4;

/// `?1`, `?2` … as PostgreSQL's `$1`, `$2` … (our SQL has no `?` elsewhere).
pub fn dollars(sql: &str) -> String {
    sql.replace('?', "$")
}

fn sqlite_error(e: rusqlite::Error) -> String {
    e.to_string()
}

impl rusqlite::ToSql for Val {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value, ValueRef};
        Ok(match self {
            Val::Null => ToSqlOutput::Owned(Value::Null),
            Val::Int(n) => ToSqlOutput::Owned(Value::Integer(*n)),
            Val::Real(x) => ToSqlOutput::Owned(Value::Real(*x)),
            Val::Bool(b) => ToSqlOutput::Owned(Value::Integer(i64::from(*b))),
            Val::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
        })
    }
}

fn sqlite_row(r: &rusqlite::Row<'_>, columns: usize) -> rusqlite::Result<Row> {
    use rusqlite::types::ValueRef;
    (0..columns)
        .map(|i| {
            Ok(match r.get_ref(i)? {
                ValueRef::Null => Val::Null,
                ValueRef::Integer(n) => Val::Int(n),
                ValueRef::Real(x) => Val::Real(x),
                ValueRef::Text(t) | ValueRef::Blob(t) => {
                    Val::Text(String::from_utf8_lossy(t).into_owned())
                }
            })
        })
        .collect::<rusqlite::Result<_>>()
        .map(Row)
}

impl Tx<'_> {
    /// Runs one statement; the rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, String> {
        match self.0 {
            Conn::Sqlite(c) => c
                .execute(sql, rusqlite::params_from_iter(params))
                .map(|n| n as u64)
                .map_err(sqlite_error),
            #[cfg(feature = "postgres")]
            Conn::Postgres(c) => c.execute(sql, params),
        }
    }

    /// Runs one query; its rows.
    pub fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Row>, String> {
        match self.0 {
            Conn::Sqlite(c) => {
                let mut st = c.prepare_cached(sql).map_err(sqlite_error)?;
                let columns = st.column_count();
                let rows = st
                    .query_map(rusqlite::params_from_iter(params), |r| {
                        sqlite_row(r, columns)
                    })
                    .map_err(sqlite_error)?;
                rows.collect::<Result<_, _>>().map_err(sqlite_error)
            }
            #[cfg(feature = "postgres")]
            Conn::Postgres(c) => c.query(sql, params),
        }
    }

    /// The first row of a query, if any.
    pub fn first(&mut self, sql: &str, params: &[Val]) -> Result<Option<Row>, String> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Runs statements without parameters, separated by `;`.
    pub fn batch(&mut self, sql: &str) -> Result<(), String> {
        match self.0 {
            Conn::Sqlite(c) => c.execute_batch(sql).map_err(sqlite_error),
            #[cfg(feature = "postgres")]
            Conn::Postgres(c) => c.batch(sql),
        }
    }
}

impl Db {
    /// An SQLite connection.
    pub fn sqlite(conn: rusqlite::Connection) -> Db {
        Db {
            conns: vec![Mutex::new(Conn::Sqlite(conn))],
            next: Default::default(),
            postgres: false,
            #[cfg(feature = "postgres")]
            url: None,
        }
    }

    /// Connections to the PostgreSQL server at `url` (`postgres://user:password@host/db`; no TLS:
    /// keep it on a private network or a local socket).
    #[cfg(feature = "postgres")]
    pub fn postgres(url: &str) -> Result<Db, String> {
        let conns = (0..PG_CONNECTIONS)
            .map(|_| pg_connect(url).map(Mutex::new))
            .collect::<Result<_, String>>()?;
        Ok(Db {
            conns,
            next: Default::default(),
            postgres: true,
            url: Some(url.to_string()),
        })
    }

    /// Whether this is PostgreSQL (for the few statements of its own).
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// A free connection, else (all busy) the next in turn once free.
    fn lock(&self) -> MutexGuard<'_, Conn> {
        use std::sync::TryLockError;
        for c in &self.conns {
            match c.try_lock() {
                Ok(g) => return g,
                Err(TryLockError::Poisoned(e)) => return e.into_inner(),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % self.conns.len();
        self.conns[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on the connection, outside any transaction. On PostgreSQL, a connection the
    /// database closed (a restart, a network cut) is made again, and `f` run again if that is
    /// what made it fail.
    pub fn with<R: Send>(
        &self,
        f: impl Fn(&mut Tx<'_>) -> Result<R, String> + Send + Sync,
    ) -> Result<R, String> {
        let mut conn = self.lock();
        let conn = &mut *conn;
        match conn {
            Conn::Sqlite(_) => f(&mut Tx(conn)),
            #[cfg(feature = "postgres")]
            Conn::Postgres(_) => {
                let closed = |conn: &Conn| matches!(conn, Conn::Postgres(c) if c.is_closed());
                let url = self.url.as_deref().unwrap_or("");
                off_runtime(|| {
                    if closed(conn) {
                        *conn = pg_connect(url)?;
                    }
                    match f(&mut Tx(conn)) {
                        Err(_) if closed(conn) => {
                            *conn = pg_connect(url)?;
                            f(&mut Tx(conn))
                        }
                        r => r,
                    }
                })
            }
        }
    }

    /// Runs `f` in a transaction: committed if it returns `Ok`, rolled back otherwise. On SQLite
    /// the write lock is taken at the start (`BEGIN IMMEDIATE`): a transaction that first reads
    /// and then writes would otherwise fail at its first write when another connection wrote
    /// meanwhile, without waiting for the lock.
    pub fn transaction<R: Send>(
        &self,
        f: impl Fn(&mut Tx<'_>) -> Result<R, String> + Send + Sync,
    ) -> Result<R, String> {
        let begin = if self.postgres {
            "BEGIN"
        } else {
            "BEGIN IMMEDIATE"
        };
        self.with(|tx| {
            tx.batch(begin)?;
            match f(tx) {
                Ok(r) => tx.batch("COMMIT").map(|()| r),
                Err(e) => {
                    let _ = tx.batch("ROLLBACK");
                    Err(e)
                }
            }
        })
    }
}

/// A connection to PostgreSQL at `url`.
#[cfg(feature = "postgres")]
fn pg_connect(url: &str) -> Result<Conn, String> {
    super::pg::PgConn::connect(url).map(|c| Conn::Postgres(Box::new(c)))
}

/// What a server built without PostgreSQL says when given a `postgres://` database.
pub const NO_POSTGRES: &str = "this stones was built without PostgreSQL: build it with \
    `--features postgres` (cargo run --release --features postgres -- serve --db postgres://…)";

/// Runs `f` on a thread outside tokio's runtime when called from inside it (the synchronous
/// PostgreSQL client starts a runtime of its own).
pub fn off_runtime<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if tokio::runtime::Handle::try_current().is_err() {
        return f();
    }
    std::thread::scope(|s| match s.spawn(f).join() {
        Ok(r) => r,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sql_is_written_once_and_values_come_back_typed() {
        assert_eq!(dollars("a = ?1 AND b = ?12"), "a = $1 AND b = $12");
        let db = Db::sqlite(rusqlite::Connection::open_in_memory().unwrap());
        let rows = db
            .transaction(|tx| {
                tx.batch("CREATE TABLE t (a TEXT, b BIGINT, c DOUBLE PRECISION)")?;
                tx.execute(
                    "INSERT INTO t VALUES (?1, ?2, ?3)",
                    &["x".into(), 7i64.into(), Val::Null],
                )?;
                tx.query("SELECT a, b, c, b > 5 FROM t", &[])
            })
            .unwrap();
        let r = &rows[0];
        assert_eq!(
            (r.text(0), r.int(1), r.text(2), r.bool(3)),
            (Some("x".into()), 7, None, true)
        );
        // A failed transaction leaves nothing behind.
        let failed = db.transaction(|tx| {
            tx.execute("INSERT INTO t VALUES ('y', 1, 1.5)", &[])?;
            tx.execute("INSERT INTO nowhere VALUES (1)", &[])
        });
        assert!(failed.is_err());
        let n = db
            .with(|tx| tx.first("SELECT COUNT(*) FROM t", &[]))
            .unwrap()
            .unwrap();
        assert_eq!(n.int(0), 1);
    }
}
