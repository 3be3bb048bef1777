//! The HTTP layer, made for the open network: hyper's HTTP/1 server on a small tokio runtime (two
//! worker threads, no thread per connection), with every limit enforced before anything is read
//! into memory.
//!
//! - request line and headers: at most [`MAX_HEAD`] bytes (hyper's read buffer; past it 431 and the
//!   connection closes), and they must arrive within [`HEAD_TIMEOUT`] (an idle keep-alive connection
//!   is closed after the same time);
//! - bodies: a `Content-Length` over [`MAX_BODY`] is refused from the header alone with 413 and the
//!   connection closed; a body that stops arriving for [`BODY_TIMEOUT`] is answered 408;
//! - writes: a client that stops reading its answers (an event stream too) for [`WRITE_TIMEOUT`] is
//!   dropped;
//! - at most [`ALL`] connections, event streams and requests being handled at once, and of each at
//!   most a [`SHARE`] from one client address (an IPv6 address counts by its /64, what one
//!   subscriber is usually given): past a share the answer is 429, past a bound in all 503 (a
//!   connection is told so in a fixed answer and closed). A request counts as being handled only once
//!   its body is in: a body that trickles in holds a connection, never a place in the work.
//!
//! Shares rather than bounds in all alone: with bounds alone, one address that opened 512 event
//! streams, or kept 64 bodies half-sent, or 520 idle connections, or 64 open games, shut everyone
//! else out.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

/// The largest request line and headers, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// The time a client has to send its request line and headers (and that an idle connection stays).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a request body may take to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// The time an answer may wait for a client that does not read it.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections held at once.
pub const MAX_CONNECTIONS: usize = 512;
/// Requests being handled at once, their bodies in (an event stream counts only while it starts).
pub const MAX_IN_FLIGHT: usize = 64;
/// Event streams open at once: half the connections, so that watchers never take every connection.
pub const MAX_STREAMS: usize = 256;

/// What the server holds at once, of each kind: in all ([`ALL`]), or for one client address
/// ([`SHARE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shares {
    pub connections: usize,
    pub streams: usize,
    pub in_flight: usize,
    /// Games in play ([`super::games::MAX_LIVE`]): unfinished, and not abandoned.
    pub games: usize,
}

/// The bounds in all.
pub const ALL: Shares = Shares {
    connections: MAX_CONNECTIONS,
    streams: MAX_STREAMS,
    in_flight: MAX_IN_FLIGHT,
    games: super::games::MAX_LIVE,
};

/// One client address's share of each bound, by default (`--per-address`): an eighth of the
/// connections (a browser opens six at most, and a page's event stream is one of them), sixteen
/// streams (a person watches a few games; sixteen tabs is a lot), a quarter of the requests at once
/// (a browser sends six at most) and an eighth of the games in play (eight games going at once is
/// more than one person plays). So it takes eight addresses to fill the connections or the games,
/// four to fill the requests being handled, and a share is still far more than a browser needs.
/// Behind a reverse proxy every client has the proxy's address: `--per-address off` there.
pub const SHARE: Shares = Shares {
    connections: 64,
    streams: 16,
    in_flight: 16,
    games: 8,
};

impl Shares {
    /// Reads `--per-address`: `off` (each share the bound in all), or some of
    /// `connections=N,streams=N,requests=N,games=N` (the rest as [`SHARE`]), each from 1 to the bound
    /// in all.
    pub fn parse(text: &str) -> Result<Shares, String> {
        if text.trim() == "off" {
            return Ok(ALL);
        }
        let bad = |why: String| {
            format!("--per-address {text}: {why}; expected off, or some of connections=N,streams=N,requests=N,games=N")
        };
        let mut shares = SHARE;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("{part} has no value")))?;
            let (field, all) = match key.trim() {
                "connections" => (&mut shares.connections, ALL.connections),
                "streams" => (&mut shares.streams, ALL.streams),
                "requests" => (&mut shares.in_flight, ALL.in_flight),
                "games" => (&mut shares.games, ALL.games),
                other => return Err(bad(format!("unknown share {other}"))),
            };
            *field = value
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=all).contains(n))
                .ok_or_else(|| bad(format!("{key} must be from 1 to {all}")))?;
        }
        Ok(shares)
    }
}

/// The address a share is counted by: an IPv4 address, or an IPv6 address's /64 (an IPv4 address
/// written as IPv6 is the IPv4 address).
pub fn share_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// Why a place was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The bound in all is reached.
    All,
    /// The address has its share.
    Share,
}

/// Places of one kind (connections, streams, requests), counted in all and per address.
pub struct Tally {
    all: usize,
    share: usize,
    held: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// A place taken in a [`Tally`], given back when dropped.
pub struct Place {
    tally: Arc<Tally>,
    key: Option<IpAddr>,
}

impl Tally {
    /// At most `all` places, `share` of them for one address.
    pub fn new(all: usize, share: usize) -> Arc<Tally> {
        Arc::new(Tally {
            all,
            share,
            held: Mutex::default(),
        })
    }

    /// A place for a client at `ip` (`None`: not known, counted in all only).
    pub fn take(self: &Arc<Tally>, ip: Option<IpAddr>) -> Result<Place, Refused> {
        let key = ip.map(share_key);
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.0 >= self.all {
            return Err(Refused::All);
        }
        if let Some(key) = key {
            let mine = held.1.entry(key).or_insert(0);
            if *mine >= self.share {
                return Err(Refused::Share);
            }
            *mine += 1;
        }
        held.0 += 1;
        Ok(Place {
            tally: Arc::clone(self),
            key,
        })
    }

    /// The places one address may hold.
    pub fn share(&self) -> usize {
        self.share
    }

    /// The places held: in all, and by `ip`'s address.
    pub fn held(&self, ip: IpAddr) -> (usize, usize) {
        let held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        (held.0, held.1.get(&share_key(ip)).copied().unwrap_or(0))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.tally.held.lock().unwrap_or_else(|e| e.into_inner());
        held.0 -= 1;
        if let Some(key) = self.key {
            if let Some(mine) = held.1.get_mut(&key) {
                *mine -= 1;
                if *mine == 0 {
                    held.1.remove(&key);
                }
            }
        }
    }
}

/// The Content-Security-Policy of every answer.
macro_rules! csp {
    () => {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    };
}

/// The page's Content-Security-Policy, on every answer: its scripts, style sheet and icon are this
/// server's files (no inline script or style anywhere: the SVG pictures style themselves with
/// attributes and classes), it talks to this server only (`fetch`, the event stream), and no other
/// site may frame it. A JSON or SVG answer opened on its own is held to the same.
pub const CONTENT_SECURITY_POLICY: &str = csp!();

/// The answer to a connection refused a place, with the headers every answer has: 503 past
/// [`MAX_CONNECTIONS`], 429 past the address's share.
fn busy(refused: Refused) -> Vec<u8> {
    let (status, body) = match refused {
        Refused::All => (
            "503 Service Unavailable",
            "{\"error\":\"the server is busy: too many connections, retry\"}",
        ),
        Refused::Share => (
            "429 Too Many Requests",
            "{\"error\":\"too many connections from one address: close some, then retry\"}",
        ),
    };
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nContent-Security-Policy: {}\r\nX-Frame-Options: DENY\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: same-origin\r\nConnection: close\r\n\r\n{body}",
        body.len(),
        CONTENT_SECURITY_POLICY
    )
    .into_bytes()
}

/// The address a connection comes from (a request extension).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub std::net::IpAddr);

/// Accepts connections until `shutdown` resolves, serving each with `app` on a task of its own,
/// at most `connections` at once (and its share from one address).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    connections: Arc<Tally>,
    shutdown: impl Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of file descriptors and the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => return,
        };
        let _ = stream.set_nodelay(true);
        let permit = match connections.take(Some(peer.ip())) {
            Ok(place) => place,
            Err(refused) => {
                tokio::spawn(async move {
                    // A fresh connection's send buffer takes these few bytes at once.
                    if let Ok(Ok(())) =
                        tokio::time::timeout(Duration::from_secs(2), stream.writable()).await
                    {
                        let _ = stream.try_write(&busy(refused));
                    }
                });
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone().layer(axum::Extension(Peer(peer.ip()))));
        tokio::spawn(async move {
            let io = TokioIo::new(WriteDeadline::new(stream, WRITE_TIMEOUT));
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .max_buf_size(MAX_HEAD)
                .serve_connection(io, service)
                .await;
            drop(permit);
        });
    }
}

/// A TCP stream whose writes fail once they have made no progress for a while: a client that stops
/// reading cannot hold a connection (and its answers) for ever.
struct WriteDeadline {
    io: TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl WriteDeadline {
    fn new(io: TcpStream, limit: Duration) -> WriteDeadline {
        WriteDeadline {
            io,
            limit,
            stalled: None,
        }
    }

    /// Starts the clock when a write cannot go on, stops it when one does.
    fn check<T>(&mut self, cx: &mut Context<'_>, r: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if r.is_ready() {
            self.stalled = None;
            return r;
        }
        let limit = self.limit;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for WriteDeadline {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteDeadline {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write(cx, buf);
        this.check(cx, r)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.check(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_flush(cx);
        this.check(cx, r)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_busy_answers_say_their_own_length_and_have_the_security_headers() {
        for refused in [Refused::All, Refused::Share] {
            check_busy(refused);
        }
    }

    fn check_busy(refused: Refused) {
        let raw = busy(refused);
        let text = std::str::from_utf8(&raw).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(length, body.len());
        assert!(serde_json::from_str::<serde_json::Value>(body).is_ok());
        for line in [
            format!(
                "Content-Security-Policy: {}",
                super::CONTENT_SECURITY_POLICY
            ),
            "X-Frame-Options: DENY".into(),
            "X-Content-Type-Options: nosniff".into(),
            "Referrer-Policy: same-origin".into(),
        ] {
            assert!(head.lines().any(|l| l == line), "{line} in {head}");
        }
    }
}

#[cfg(test)]
mod share_tests {
    use super::*;

    #[test]
    fn one_address_takes_its_share_and_no_more_and_others_still_find_places() {
        let tally = Tally::new(5, 2);
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.1".parse().unwrap();
        let a1 = tally.take(Some(a)).unwrap();
        let _a2 = tally.take(Some(a)).unwrap();
        assert_eq!(tally.take(Some(a)).err(), Some(Refused::Share));
        let _b1 = tally.take(Some(b)).unwrap();
        let _b2 = tally.take(Some(b)).unwrap();
        let _c = tally.take(None).unwrap();
        // Five in all: the bound in all, whoever asks.
        assert_eq!(
            tally.take(Some("10.0.0.1".parse().unwrap())).err(),
            Some(Refused::All)
        );
        assert_eq!(tally.held(a), (5, 2));
        drop(a1);
        assert_eq!(tally.held(a), (4, 1));
        let _a3 = tally.take(Some(a)).unwrap();
    }

    #[test]
    fn an_ipv6_address_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let key = |s: &str| share_key(s.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:bbbb::7"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:10.1.2.3"), key("10.1.2.3"));
    }

    #[test]
    fn per_address_reads_off_and_some_shares() {
        assert_eq!(Shares::parse("off").unwrap(), ALL);
        // `stones serve`'s default.
        assert_eq!(
            Shares::parse("connections=64,streams=16,requests=16,games=8").unwrap(),
            SHARE
        );
        assert_eq!(Shares::parse("").unwrap(), SHARE);
        let s = Shares::parse("games=2,requests=4").unwrap();
        assert_eq!(
            s,
            Shares {
                games: 2,
                in_flight: 4,
                ..SHARE
            }
        );
        for bad in ["games", "games=0", "games=65", "cookies=3", "streams=x"] {
            assert!(Shares::parse(bad).is_err(), "{bad}");
        }
    }
}
