//! PostgreSQL's side of [`super::db`] (the feature `postgres`): a client with its statements
//! prepared once, values and rows converted to and from [`Val`] and [`Row`].
//!
//! The `postgres` client is synchronous: it runs a small runtime of its own, which tokio forbids
//! inside the server's runtime, so [`super::db::Db::with`] calls it off the runtime.

use super::db::{dollars, Row, Val};

/// A connection, and its statements prepared once (each saves a round trip per use).
pub struct PgConn {
    client: postgres::Client,
    statements: std::collections::HashMap<String, postgres::Statement>,
}

/// An error as PostgreSQL says it: its code and message.
pub fn pg_error(e: postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.code().code(), db.message()),
        None => e.to_string(),
    }
}

impl PgConn {
    /// Connects to `url` (no TLS: keep it on a private network or a local socket).
    pub fn connect(url: &str) -> Result<PgConn, String> {
        let client = super::db::off_runtime(|| postgres::Client::connect(url, postgres::NoTls))
            .map_err(pg_error)?;
        Ok(PgConn {
            client,
            statements: Default::default(),
        })
    }

    /// Whether the server closed it (a restart, a network cut).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// The statement `sql`, prepared on first use.
    fn prepared(&mut self, sql: &str) -> Result<postgres::Statement, String> {
        if let Some(st) = self.statements.get(sql) {
            return Ok(st.clone());
        }
        let st = self.client.prepare(&dollars(sql)).map_err(pg_error)?;
        // Statements made with format! are few (a handful of orders and sides); bound the cache.
        if self.statements.len() < 256 {
            self.statements.insert(sql.to_string(), st.clone());
        }
        Ok(st)
    }

    /// Runs one statement; the rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, String> {
        let st = self.prepared(sql)?;
        self.client
            .execute(&st, &pg_params(params))
            .map_err(pg_error)
    }

    /// Runs one query; its rows.
    pub fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Row>, String> {
        let st = self.prepared(sql)?;
        let rows = self
            .client
            .query(&st, &pg_params(params))
            .map_err(pg_error)?;
        rows.iter().map(pg_row).collect()
    }

    /// Runs statements without parameters, separated by `;`.
    pub fn batch(&mut self, sql: &str) -> Result<(), String> {
        self.client.batch_execute(sql).map_err(pg_error)
    }
}

impl postgres::types::ToSql for Val {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::{IsNull, Type};
        match self {
            Val::Null => Ok(IsNull::Yes),
            Val::Int(n) if *ty == Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
            Val::Int(n) => n.to_sql(ty, out),
            Val::Real(x) => x.to_sql(ty, out),
            Val::Bool(b) => b.to_sql(ty, out),
            Val::Text(s) => s.as_str().to_sql(ty, out),
        }
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        use postgres::types::Type;
        [
            Type::INT8,
            Type::INT4,
            Type::FLOAT8,
            Type::BOOL,
            Type::TEXT,
            Type::VARCHAR,
        ]
        .contains(ty)
    }

    postgres::types::to_sql_checked!();
}

fn pg_row(r: &postgres::Row) -> Result<Row, String> {
    use postgres::types::Type;
    (0..r.len())
        .map(|i| {
            let ty = r.columns()[i].type_();
            let v = if *ty == Type::INT8 {
                r.try_get::<_, Option<i64>>(i).map(|v| v.map(Val::Int))
            } else if *ty == Type::INT4 {
                r.try_get::<_, Option<i32>>(i)
                    .map(|v| v.map(|n| Val::Int(n.into())))
            } else if *ty == Type::FLOAT8 {
                r.try_get::<_, Option<f64>>(i).map(|v| v.map(Val::Real))
            } else if *ty == Type::BOOL {
                r.try_get::<_, Option<bool>>(i).map(|v| v.map(Val::Bool))
            } else {
                r.try_get::<_, Option<String>>(i).map(|v| v.map(Val::Text))
            };
            v.map(|v| v.unwrap_or(Val::Null)).map_err(pg_error)
        })
        .collect::<Result<_, _>>()
        .map(Row)
}

fn pg_params(params: &[Val]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    params
        .iter()
        .map(|p| p as &(dyn postgres::types::ToSql + Sync))
        .collect()
}
