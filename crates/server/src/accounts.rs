//! Accounts: a name and a password, kept as its argon2id hash, and sessions — a random token in a
//! cookie (`stones_session`), kept in the database as its SHA-256 like the seats' tokens
//! ([`super::seats::digest`]). Rated games are between two different accounts ([`rated_pair`]):
//! guests still play, unrated. Registrations and failed logins are counted per client address
//! ([`super::http::share_key`]).
//!
//! The hash is argon2id with the `argon2` crate's default parameters, which are OWASP's
//! recommendation (m = 19 MiB, t = 2, p = 1): at most [`HASHING`] hashes at once, so that a burst of
//! logins costs at most that many times 19 MiB.

use super::games::ApiError;
use super::store::{Account, Store};
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A seat's player held by an account: `acct:<account id>` (guests are 32 hex digits, the
/// computer `bot:<spec>`).
pub const PREFIX: &str = "acct:";

/// The session cookie's name.
pub const COOKIE: &str = "stones_session";

/// How long a session lasts (the cookie's `Max-Age`): 30 days.
pub const SESSION_SECS: i64 = 30 * 24 * 3600;

/// Accounts one client address may register in [`REGISTRATION_WINDOW`].
pub const REGISTRATIONS: u32 = 5;
pub const REGISTRATION_WINDOW: Duration = Duration::from_secs(3600);

/// Failed logins one client address may make in [`FAILURE_WINDOW`] (then 429 until it ends).
pub const FAILURES: u32 = 20;
pub const FAILURE_WINDOW: Duration = Duration::from_secs(600);

/// Password hashes made at once (each takes 19 MiB for a few tens of milliseconds).
pub const HASHING: usize = 2;

/// Passwords are this many bytes (the upper bound keeps the hashing's input small).
pub const PASSWORD_BYTES: std::ops::RangeInclusive<usize> = 8..=256;

/// Names are this many characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 1..=32;

/// Whether a game between these two seats' players is rated: two different accounts.
pub fn rated_pair(black: &str, white: &str) -> bool {
    black != white && black.starts_with(PREFIX) && white.starts_with(PREFIX)
}

/// The key a name is unique by (case-insensitive): the name in lower case; 400 for a name that is
/// not 1 to 32 ASCII letters, digits, `-` or `_`.
pub fn name_key(name: &str) -> Result<String, ApiError> {
    let ok = NAME_CHARS.contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !ok {
        return Err(ApiError::bad(format!(
            "a name is {} to {} letters (a-z, A-Z), digits, '-' or '_'",
            NAME_CHARS.start(),
            NAME_CHARS.end()
        )));
    }
    Ok(name.to_ascii_lowercase())
}

/// 400 for a password that is not 8 to 256 bytes.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    if PASSWORD_BYTES.contains(&password.len()) {
        return Ok(());
    }
    Err(ApiError::bad(format!(
        "a password is {} to {} bytes",
        PASSWORD_BYTES.start(),
        PASSWORD_BYTES.end()
    )))
}

/// `{"name", "password"}` of a request body (other keys refused), both strings.
pub fn credentials(body: &Value) -> Result<(String, String), ApiError> {
    let expected = || ApiError::bad("expected {\"name\": \"…\", \"password\": \"…\"}");
    let obj = body.as_object().ok_or_else(expected)?;
    if obj.keys().any(|k| k != "name" && k != "password") {
        return Err(expected());
    }
    match (obj.get("name"), obj.get("password")) {
        (Some(Value::String(n)), Some(Value::String(p))) => Ok((n.clone(), p.clone())),
        _ => Err(expected()),
    }
}

/// The argon2id hash of `password` (a PHC string, its salt 16 random bytes).
pub fn hash(password: &str) -> Result<String, ApiError> {
    let salt = argon2::password_hash::try_generate_salt()
        .map_err(|e| ApiError(503, format!("no randomness from the system: {e}")))?;
    Argon2::default()
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError(500, format!("cannot hash the password: {e}")))
}

/// Whether `password` is the one hashed in `stored`. Without an account (`None`) a dummy hash
/// is checked all the same, so that an unknown name takes as long as a wrong password.
pub fn verify(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| {
        Argon2::default()
            .hash_password_with_salt(b"no such account", b"stones-dummy-salt")
            .map(|h| h.to_string())
            .unwrap_or_default()
    });
    let ok = Argon2::default()
        .verify_password(password.as_bytes(), stored.unwrap_or(dummy))
        .is_ok();
    ok && stored.is_some()
}

/// Counts per client address within a window of time: at most `limit` in `span`.
pub struct Window {
    limit: u32,
    span: Duration,
    counts: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Window {
    pub fn new(limit: u32, span: Duration) -> Window {
        Window {
            limit,
            span,
            counts: Mutex::default(),
        }
    }

    fn with<R>(&self, ip: IpAddr, f: impl FnOnce(&mut (Instant, u32)) -> R) -> R {
        let mut map = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 10_000 {
            let span = self.span;
            map.retain(|_, (start, _)| start.elapsed() < span);
        }
        let entry = map
            .entry(super::http::share_key(ip))
            .or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= self.span {
            *entry = (Instant::now(), 0);
        }
        f(entry)
    }

    /// Whether `ip` has used up its count.
    pub fn full(&self, ip: IpAddr) -> bool {
        self.with(ip, |e| e.1 >= self.limit)
    }

    /// Counts one for `ip`: false (and nothing counted) when it has used up its count.
    pub fn take(&self, ip: IpAddr) -> bool {
        self.with(ip, |e| {
            let room = e.1 < self.limit;
            e.1 += u32::from(room);
            room
        })
    }

    /// Takes back one counted for `ip`.
    pub fn give_back(&self, ip: IpAddr) {
        self.with(ip, |e| e.1 = e.1.saturating_sub(1));
    }

    /// The limit and its span in minutes, for messages.
    fn says(&self) -> String {
        format!("{} in {} minutes", self.limit, self.span.as_secs() / 60)
    }
}

/// What the server keeps of accounts in memory: the counts per address, the hashing's places, and
/// whether its cookies are `Secure` (its public address is https).
pub struct Accounts {
    pub registrations: Window,
    pub failures: Window,
    pub hashing: std::sync::Arc<tokio::sync::Semaphore>,
    pub secure: bool,
}

impl Accounts {
    pub fn new(public_url: Option<&str>) -> Accounts {
        Accounts {
            registrations: Window::new(REGISTRATIONS, REGISTRATION_WINDOW),
            failures: Window::new(FAILURES, FAILURE_WINDOW),
            hashing: std::sync::Arc::new(tokio::sync::Semaphore::new(HASHING)),
            secure: public_url.is_some_and(|u| u.to_ascii_lowercase().starts_with("https://")),
        }
    }

    /// `Set-Cookie` for a new session's token.
    pub fn cookie(&self, token: &str) -> String {
        let secure = if self.secure { "; Secure" } else { "" };
        format!("{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={SESSION_SECS}{secure}")
    }

    /// `Set-Cookie` that ends the session's cookie.
    pub fn cleared(&self) -> String {
        let secure = if self.secure { "; Secure" } else { "" };
        format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}")
    }

    /// 429 when `ip` may register no more accounts now; else one counted (to give back if the
    /// registration fails).
    pub fn may_register(&self, ip: Option<IpAddr>) -> Result<(), ApiError> {
        match ip {
            Some(ip) if !self.registrations.take(ip) => Err(ApiError(
                429,
                format!(
                    "at most {} new accounts from one address: wait a little",
                    self.registrations.says()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// 429 when `ip` has failed to log in too often lately.
    pub fn may_log_in(&self, ip: Option<IpAddr>) -> Result<(), ApiError> {
        match ip {
            Some(ip) if self.failures.full(ip) => Err(ApiError(
                429,
                format!(
                    "at most {} failed logins from one address: wait a little",
                    self.failures.says()
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// `{"account": {"name": …}}`, or `{"account": null}`.
pub fn who(name: Option<&str>) -> Value {
    json!({ "account": name.map(|n| json!({ "name": n })) })
}

/// Registers `name` with the password's `hash` (made already): its session's token, or 409 when
/// the name is taken.
pub fn register(store: &Store, name: &str, hash: String) -> Result<String, ApiError> {
    let key = name_key(name)?;
    let id = super::ids::random_hex()?;
    let account = Account {
        id: id.clone(),
        name: name.to_string(),
        password_hash: hash,
    };
    if !store
        .create_account(&account, &key)
        .map_err(ApiError::database)?
    {
        return Err(taken(name));
    }
    start_session(store, &id)
}

/// 409: the name is taken.
pub fn taken(name: &str) -> ApiError {
    ApiError(
        409,
        format!("the name {name} is taken (names are unique without regard to case)"),
    )
}

/// Whether the name is taken (before the work of hashing a password for it).
pub fn is_taken(store: &Store, name: &str) -> Result<bool, ApiError> {
    Ok(store
        .account_named(&name_key(name)?)
        .map_err(ApiError::database)?
        .is_some())
}

/// Logs in: the session's token and the account's name, or 401 without saying whether the name or
/// the password was wrong (an unknown name costs a hash too).
pub fn log_in(store: &Store, name: &str, password: &str) -> Result<(String, String), ApiError> {
    let account = match name_key(name) {
        Ok(key) => store.account_named(&key).map_err(ApiError::database)?,
        Err(_) => None,
    };
    // Without an account the dummy hash is checked: as long as a wrong password takes.
    let right = verify(password, account.as_ref().map(|a| a.password_hash.as_str()));
    match account {
        Some(a) if right => Ok((start_session(store, &a.id)?, a.name)),
        _ => Err(ApiError(401, "wrong name or password".into())),
    }
}

/// A new session of account `id`: its token (the database keeps its digest).
fn start_session(store: &Store, id: &str) -> Result<String, ApiError> {
    let token = super::ids::random_hex()?;
    let expires = Store::now() + SESSION_SECS;
    store
        .create_session(&super::seats::digest(&token), id, expires)
        .map_err(ApiError::database)?;
    Ok(token)
}

/// The account (its player id, `acct:…`, and name) of a session token, if it is one's.
pub fn session_of(
    store: &Store,
    token: Option<&str>,
) -> Result<Option<(String, String)>, ApiError> {
    let Some(token) = token.filter(|t| super::ids::well_formed(t)) else {
        return Ok(None);
    };
    let found = store
        .session_account(&super::seats::digest(token))
        .map_err(ApiError::database)?;
    Ok(found.map(|(id, name)| (format!("{PREFIX}{id}"), name)))
}

/// Ends the session of a token (nothing when there is none).
pub fn log_out(store: &Store, token: Option<&str>) -> Result<(), ApiError> {
    match token.filter(|t| super::ids::well_formed(t)) {
        Some(t) => store
            .end_session(&super::seats::digest(t))
            .map_err(ApiError::database),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_passwords_within_their_bounds() {
        assert_eq!(name_key("Ann_1-x").unwrap(), "ann_1-x");
        for bad in ["", "a b", "é", "a".repeat(33).as_str(), "a;b"] {
            assert_eq!(name_key(bad).unwrap_err().0, 400, "{bad:?}");
        }
        assert!(name_key(&"a".repeat(32)).is_ok());
        assert!(check_password("12345678").is_ok());
        assert_eq!(check_password("1234567").unwrap_err().0, 400);
        assert_eq!(check_password(&"x".repeat(257)).unwrap_err().0, 400);
    }

    #[test]
    fn only_two_different_accounts_are_rated() {
        assert!(rated_pair("acct:1", "acct:2"));
        assert!(!rated_pair("acct:1", "acct:1"));
        assert!(!rated_pair("acct:1", "bot:random"));
        assert!(!rated_pair("ab12", "cd34"));
    }

    #[test]
    fn a_hash_verifies_its_password_only_and_no_account_never() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify("correct horse", Some(&h)));
        assert!(!verify("correct horsf", Some(&h)));
        assert!(!verify("no such account", None));
    }

    #[test]
    fn accounts_and_sessions_in_the_store() {
        let store = Store::memory().unwrap();
        let token = register(&store, "Ann", hash("password1").unwrap()).unwrap();
        assert_eq!(
            register(&store, "ANN", "x".into()).unwrap_err().0,
            409,
            "unique without regard to case"
        );
        let (id, name) = session_of(&store, Some(&token)).unwrap().unwrap();
        assert!(id.starts_with(PREFIX) && name == "Ann");
        assert_eq!(log_in(&store, "ann", "password2").unwrap_err().0, 401);
        assert_eq!(log_in(&store, "bob", "password1").unwrap_err().0, 401);
        let (again, name) = log_in(&store, "aNN", "password1").unwrap();
        assert_eq!(name, "Ann");
        log_out(&store, Some(&token)).unwrap();
        assert_eq!(session_of(&store, Some(&token)).unwrap(), None);
        assert!(session_of(&store, Some(&again)).unwrap().is_some());
        assert_eq!(session_of(&store, Some("nonsense")).unwrap(), None);
    }

    #[test]
    fn a_window_counts_per_address() {
        let w = Window::new(2, Duration::from_secs(60));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(w.take(a) && w.take(a) && !w.take(a) && w.full(a));
        assert!(w.take(b));
        w.give_back(a);
        assert!(w.take(a));
    }
}
