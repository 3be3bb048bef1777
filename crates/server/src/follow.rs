//! Other servers' changes, as PostgreSQL tells them: a thread with a connection of its own LISTENs
//! on [`CHANNEL`] and hands each `<id> <version>` to the server, which reloads the game if it holds
//! an older copy (and so its event streams show the move made elsewhere).
//!
//! LISTEN/NOTIFY rather than polling a version column: a move reaches a browser on another server
//! within a round trip, and an idle site sends no query at all. A notice sent while the connection
//! is down is lost, so after each (re)connection the server is told to check every game it holds
//! ([`Notice::CheckAll`]); a request about a game checks its version anyway.

use super::store::CHANNEL;
use std::time::Duration;

/// What the server is told.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// A game and its new version.
    Changed(String, i64),
    /// Check every game held (notices may have been missed).
    CheckAll,
    /// Nothing for a while (the server answers whether it is still there).
    Quiet,
}

/// Reads `<id> <version>`.
fn parse(payload: &str) -> Option<(String, i64)> {
    let (id, version) = payload.split_once(' ')?;
    Some((id.to_string(), version.parse().ok()?))
}

/// Follows the changes of the database at `url` on a thread of its own, for as long as `tell`
/// returns true (the server is there).
pub fn follow(url: String, tell: impl Fn(Notice) -> bool + Send + 'static) {
    let _ = std::thread::Builder::new()
        .name("stones-follow".into())
        .spawn(move || loop {
            match postgres::Client::connect(&url, postgres::NoTls) {
                Ok(mut client) => {
                    if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")) {
                        note!("stones: cannot follow other servers' changes: {e}");
                    } else {
                        if !tell(Notice::CheckAll) {
                            return;
                        }
                        let mut notices = client.notifications();
                        let mut iter = notices.timeout_iter(Duration::from_secs(5));
                        use postgres::fallible_iterator::FallibleIterator;
                        loop {
                            match iter.next() {
                                Ok(Some(n)) => {
                                    if let Some((id, version)) = parse(n.payload()) {
                                        if !tell(Notice::Changed(id, version)) {
                                            return;
                                        }
                                    }
                                }
                                // Quiet for a while: is the server still there?
                                Ok(None) => {
                                    if !tell(Notice::Quiet) {
                                        return;
                                    }
                                }
                                Err(e) => {
                                    note!("stones: lost the database's change notices: {e}");
                                    break;
                                }
                            }
                        }
                    }
                }
                Err(e) => note!("stones: cannot follow other servers' changes: {e}"),
            }
            std::thread::sleep(Duration::from_secs(1));
        });
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_notice_is_an_id_and_a_version() {
        assert_eq!(super::parse("abc 12"), Some(("abc".into(), 12)));
        assert_eq!(super::parse("abc"), None);
        assert_eq!(super::parse("abc x"), None);
    }
}
