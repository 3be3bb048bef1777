//! The security headers of `stones serve` (issue 36, point 9): every answer — the page, a static
//! file, an API answer, an error, a refusal by the guard, the event stream — carries the
//! Content-Security-Policy, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff` and a
//! `Referrer-Policy`; and the page's HTML has no inline script or style the CSP would block (the
//! browser test, tests/browser.rs, plays the page under it).

#[path = "support/http.rs"]
mod http;

use http::{get, send, Reply, Served};
use std::io::{BufRead, BufReader, Read, Write};

/// The policy the page is served under: its own files only, its own server only, never framed.
const CSP: &str = "content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The head (lower case) carries every header every answer must.
fn protected(what: &str, head: &str) {
    for line in [
        CSP,
        "x-frame-options: deny",
        "x-content-type-options: nosniff",
        "referrer-policy: same-origin",
    ] {
        assert!(
            head.lines().any(|l| l.trim_end() == line),
            "{what}: no `{line}` in\n{head}"
        );
    }
    assert!(!head.contains("unsafe-inline"), "{what}: {head}");
}

#[test]
fn every_answer_carries_the_security_headers() {
    let server = Served::start(&[]);
    let port = server.port;
    let host = format!("127.0.0.1:{port}");
    let check = |what: &str, r: &Reply, status: u16| {
        assert_eq!(r.status, status, "{what}: {}", r.body);
        protected(what, &r.headers);
    };
    check("the page", &get(port, "/"), 200);
    check("the page as index.html", &get(port, "/index.html"), 200);
    for file in [
        "/app.js",
        "/review.js",
        "/prefs.js",
        "/style.css",
        "/favicon.svg",
    ] {
        check(file, &get(port, file), 200);
    }
    check("the catalog", &get(port, "/api/catalog"), 200);
    check("the lobby", &get(port, "/api/lobby"), 200);
    check("the statistics page", &get(port, "/stats/go"), 200);
    let created = send(
        port,
        &host,
        "POST",
        "/api/games",
        "",
        br#"{"game":"go","set":{"size":5}}"#,
    );
    check("a new game", &created, 201);
    let id = created.json()["id"].as_str().unwrap().to_string();
    check(
        "a game's state",
        &get(port, &format!("/api/games/{id}")),
        200,
    );
    check(
        "a game's picture",
        &get(port, &format!("/api/games/{id}/svg")),
        200,
    );
    check(
        "a download",
        &get(port, &format!("/api/games/{id}/sgf")),
        200,
    );
    // Errors: the handlers', the router's and the guard's.
    check("no such game", &get(port, "/api/games/0123"), 404);
    check("no such path", &get(port, "/nothing/here"), 404);
    check(
        "a move without a token",
        &send(
            port,
            &host,
            "POST",
            &format!("/api/games/{id}/moves"),
            "",
            br#"{"move":"c3"}"#,
        ),
        403,
    );
    check(
        "a body that is not JSON",
        &send(port, &host, "POST", "/api/games", "", b"{"),
        400,
    );
    check(
        "a method not used",
        &send(port, &host, "DELETE", "/api/catalog", "", b""),
        405,
    );
    check(
        "another Host (refused by the guard)",
        &send(port, "evil.example:80", "GET", "/", "", b""),
        403,
    );
    // A body announced too large, refused by the guard from the header alone.
    let mut s = server.connect();
    write!(
        s,
        "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Length: 99999999\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    let head = answer
        .split("\r\n\r\n")
        .next()
        .unwrap()
        .to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 413"), "{head}");
    protected("a body announced too large", &head);
    // The event stream: its head, before any event.
    let mut stream = server.connect();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {host}\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
    }
    assert!(head.starts_with("http/1.1 200"), "{head}");
    protected("the event stream", &head);
}

/// What a CSP without `'unsafe-inline'` blocks: a script or style sheet in the page, a `style` or
/// event-handler attribute, a `javascript:` link.
fn inline_code(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut found = Vec::new();
    for (i, _) in lower.match_indices("<script") {
        let tag = &lower[i..i + lower[i..].find('>').unwrap_or(0)];
        if !tag.contains(" src=") {
            found.push(tag.to_string());
        }
    }
    for pattern in ["<style", " style=", "javascript:"] {
        if lower.contains(pattern) {
            found.push(pattern.to_string());
        }
    }
    for (i, _) in lower.match_indices(" on") {
        let word: String = lower[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if lower[i + 1 + word.len()..].starts_with('=') {
            found.push(word);
        }
    }
    found
}

#[test]
fn the_pages_have_no_inline_script_or_style() {
    let server = Served::start(&[]);
    let port = server.port;
    for path in ["/", "/stats/go", "/stats/dots"] {
        let r = get(port, path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(inline_code(&r.body), Vec::<String>::new(), "{path}");
    }
    // The pictures the page puts into itself style themselves by attributes and classes only.
    let (status, body) = server.call(
        "POST",
        "/api/games",
        &serde_json::json!({"game": "go", "set": {"size": 5}}),
        None,
    );
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<serde_json::Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    for what in ["svg", "plot"] {
        let r = get(port, &format!("/api/games/{id}/{what}"));
        assert_eq!(r.status, 200, "{what}");
        assert_eq!(inline_code(&r.body), Vec::<String>::new(), "{what}");
    }
    // The checker finds what it looks for.
    assert_eq!(
        inline_code(r#"<p style="x" onclick="y"><script>z</script><script src="/a.js"></script>"#),
        ["<script", " style=", "onclick"]
    );
}
