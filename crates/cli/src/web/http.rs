//! The HTTP layer, made for the open network: hyper's HTTP/1 server on a small tokio runtime (two
//! worker threads, no thread per connection), with every limit enforced before anything is read
//! into memory.
//!
//! - request line and headers: at most [`MAX_HEAD`] bytes (hyper's read buffer; past it 431 and the
//!   connection closes), and they must arrive within [`HEAD_TIMEOUT`] (an idle keep-alive connection
//!   is closed after the same time);
//! - bodies: a `Content-Length` over [`MAX_BODY`] is refused from the header alone with 413 and the
//!   connection closed; a body that stops arriving for [`BODY_TIMEOUT`] is answered 408;
//! - writes: a client that stops reading its answers for [`WRITE_TIMEOUT`] is dropped;
//! - at most [`MAX_CONNECTIONS`] connections (past it a fixed 503 and close) and [`MAX_IN_FLIGHT`]
//!   requests being handled at once (past it 503).

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
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
/// Requests being handled at once (an event stream counts only while it starts).
pub const MAX_IN_FLIGHT: usize = 64;

/// The Content-Security-Policy of every answer, as a literal for [`BUSY`] too.
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

/// The answer to a connection past [`MAX_CONNECTIONS`], with the headers every answer has.
const BUSY: &[u8] = concat!(
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 59\r\n",
    "Content-Security-Policy: ",
    csp!(),
    "\r\nX-Frame-Options: DENY\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: same-origin\r\n",
    "Connection: close\r\n\r\n{\"error\":\"the server is busy: too many connections, retry\"}"
)
.as_bytes();

/// The address a connection comes from (a request extension).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub std::net::IpAddr);

/// Accepts connections until `shutdown` resolves, serving each with `app` on a task of its own.
pub async fn serve(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>) {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
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
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            tokio::spawn(async move {
                // A fresh connection's send buffer takes these few bytes at once.
                if let Ok(Ok(())) =
                    tokio::time::timeout(Duration::from_secs(2), stream.writable()).await
                {
                    let _ = stream.try_write(BUSY);
                }
            });
            continue;
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
    #[test]
    fn the_busy_answer_says_its_own_length_and_has_the_security_headers() {
        let text = std::str::from_utf8(super::BUSY).unwrap();
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
