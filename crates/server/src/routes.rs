//! The routes: the page's files, the catalog, and the games' JSON API (see README.md, "stones
//! serve"), behind one guard that checks sizes, names and load before a handler runs, and one layer
//! that puts the security headers (CSP, no framing, no sniffing, referrer) on every answer.

use super::games::{self, ApiError};
use super::http::{Peer, Refused, BODY_TIMEOUT, CONTENT_SECURITY_POLICY, MAX_BODY};
use super::review;
use super::tournaments;
use super::App;
use axum::body::Body;
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};
use std::sync::Arc;

const INDEX_HTML: &str = include_str!("assets/index.html");
const FAVICON_SVG: &str = include_str!("assets/favicon.svg");

/// The page's files: path, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", INDEX_HTML),
    ("/index.html", "text/html; charset=utf-8", INDEX_HTML),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/review.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/review.js"),
    ),
    (
        "/account.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/account.js"),
    ),
    (
        "/prefs.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/prefs.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "/zoom.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/zoom.js"),
    ),
    (
        "/tournaments.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/tournaments.js"),
    ),
    ("/favicon.svg", "image/svg+xml", FAVICON_SVG),
    ("/favicon.ico", "image/svg+xml", FAVICON_SVG),
];

type Shared = State<Arc<App>>;

/// The router with its guard.
pub(crate) fn router(app: Arc<App>) -> Router {
    let mut router = Router::new();
    for &(path, content_type, text) in ASSETS {
        router = router.route(path, get(move || async move { page(content_type, text) }));
    }
    router
        .route(
            "/api/catalog",
            get(|| async { json_response(200, &catalog()) }),
        )
        .route("/api/accounts", post(register))
        .route(
            "/api/session",
            get(session_get).post(log_in).delete(log_out),
        )
        .route("/api/games", post(create))
        .route("/api/uploads", post(upload))
        .route("/api/lobby", get(lobby))
        .route("/api/ratings/{game}", get(ratings))
        .route("/api/stats/{game}", get(stats))
        .route("/stats/{game}", get(stats_page))
        .route(
            "/api/tournaments",
            get(tournament_list).post(tournament_create),
        )
        .route("/api/tournaments/{id}", get(tournament_show))
        .route("/api/tournaments/{id}/{what}", post(tournament_act))
        .route("/tournaments", get(tournaments_page))
        .route("/tournaments/{id}", get(tournament_page))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/{what}", get(sub).post(action))
        .fallback(not_found)
        .method_not_allowed_fallback(not_allowed)
        .layer(middleware::from_fn_with_state(Arc::clone(&app), guard))
        .layer(middleware::map_response(protect))
        .with_state(app)
}

/// The headers every answer carries, whichever route (or refusal) made it: the CSP
/// ([`CONTENT_SECURITY_POLICY`]), no framing
/// (`X-Frame-Options` for browsers older than `frame-ancestors`), no type sniffing, and a referrer
/// only to this server. `same-origin` rather than `no-referrer`: under `no-referrer` the Fetch
/// standard has a POST carry `Origin: null` (Chromium sends the origin anyway), and the guard
/// refuses that origin.
async fn protect(mut r: Response) -> Response {
    let h = r.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ),
    ] {
        h.insert(name, value);
    }
    r
}

/// Runs before every handler: a body announced too large is refused unread (and the connection
/// closed), names other than this server's are refused, the body is read whole (within
/// [`BODY_TIMEOUT`]), and only then the request takes its place among those being handled: past
/// [`super::http::MAX_IN_FLIGHT`] requests at once the answer is 503, past the client address's
/// share of them 429. A body that trickles in holds no place that others need.
async fn guard(State(app): Shared, request: Request, next: Next) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return closing(error(ApiError(
            413,
            format!("the request body is over {MAX_BODY} bytes"),
        )));
    }
    if !host_allowed(request.headers(), &app.allowed) {
        return error(ApiError(
            403,
            format!(
                "this server answers only to {}",
                app.allowed
                    .hosts
                    .iter()
                    .take(2)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ));
    }
    let peer = request.extensions().get::<Peer>().map(|p| p.0);
    let (parts, body) = request.into_parts();
    let body = match read_body(body).await {
        Ok(bytes) => Body::from(bytes),
        Err(e) => return body_error(e),
    };
    let _place = match app.in_flight.take(peer) {
        Ok(place) => place,
        Err(Refused::All) => {
            return error(ApiError(
                503,
                "the server is busy: retry in a moment".into(),
            ))
        }
        Err(Refused::Share) => {
            return error(ApiError(
                429,
                format!(
                    "at most {} requests at once from one address: wait for the answers",
                    app.in_flight.share()
                ),
            ))
        }
    };
    next.run(Request::from_parts(parts, body)).await
}

/// The `Host` is one of the server's names, and the `Origin`, if any, one of its origins (a page from
/// elsewhere may not send moves here).
fn host_allowed(headers: &HeaderMap, allowed: &super::Allowed) -> bool {
    let value = |name| {
        headers
            .get(name)
            .map(|v| v.to_str().unwrap_or("").to_ascii_lowercase())
    };
    let host_ok = value(header::HOST).is_some_and(|h| allowed.hosts.contains(&h));
    let origin_ok = value(header::ORIGIN).is_none_or(|o| allowed.origins.contains(&o));
    host_ok && origin_ok
}

/// A response of `status` with a body, its type, and not to be cached (the rest of the headers
/// every answer has are [`protect`]'s).
fn respond(status: u16, content_type: &str, body: String) -> Response {
    let mut r = (
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        body,
    )
        .into_response();
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(content_type) {
        h.insert(header::CONTENT_TYPE, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn page(content_type: &str, text: &str) -> Response {
    respond(200, content_type, text.to_string())
}

fn json_response(status: u16, value: &Value) -> Response {
    respond(status, "application/json", value.to_string())
}

fn error(e: ApiError) -> Response {
    json_response(e.0, &json!({ "error": e.1 }))
}

/// The response, and the connection closed after it (the body was not read).
fn closing(mut r: Response) -> Response {
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Runs `work` on tokio's blocking threads and answers with what it gives: the database, a record's
/// replay, a game's load and the search's start never hold up one of the two async workers that
/// every other request (a static file, a stream) waits for. How many run at once is bounded by the
/// requests in flight.
async fn off_worker(work: impl FnOnce() -> Response + Send + 'static) -> Response {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| error(ApiError(500, "the request failed on the server".into())))
}

fn answer(result: Result<Value, ApiError>, status: u16) -> Response {
    match result {
        Ok(v) => json_response(status, &v),
        Err(e) => error(e),
    }
}

/// Reads a body of at most [`MAX_BODY`] bytes within [`BODY_TIMEOUT`].
async fn read_body(body: Body) -> Result<axum::body::Bytes, ApiError> {
    match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await {
        Err(_) => Err(ApiError(
            408,
            format!(
                "the request body did not arrive within {} seconds",
                BODY_TIMEOUT.as_secs()
            ),
        )),
        Ok(Err(e)) => Err(ApiError(
            413,
            format!("cannot read the request body (at most {MAX_BODY} bytes): {e}"),
        )),
        Ok(Ok(b)) => Ok(b),
    }
}

/// Reads a JSON body (already in: [`guard`] read it) of at most [`MAX_BODY`] bytes (an empty body
/// reads as `{}`).
async fn read_json(body: Body) -> Result<Value, ApiError> {
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await
    {
        Err(_) => {
            return Err(ApiError(
                408,
                format!(
                    "the request body did not arrive within {} seconds",
                    BODY_TIMEOUT.as_secs()
                ),
            ))
        }
        Ok(Err(e)) => {
            return Err(ApiError(
                413,
                format!("cannot read the request body (at most {MAX_BODY} bytes): {e}"),
            ))
        }
        Ok(Ok(b)) => b,
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("the body is not JSON: {e}")))
}

/// A body that could not be read closes the connection (it may still be arriving).
fn body_error(e: ApiError) -> Response {
    if matches!(e.0, 408 | 413) {
        closing(error(e))
    } else {
        error(e)
    }
}

/// `POST /api/games`: the state, the human seats' tokens, and an invitation link per seat (the
/// page's address with the game and the seat's token after `#`).
async fn create(
    State(app): Shared,
    peer: Option<axum::Extension<super::http::Peer>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let from = peer.as_ref().map(|p| p.0 .0);
    make_game(app, peer, headers, body, move |app, body, player| {
        app.games.create(body, player, from)
    })
    .await
}

/// `POST /api/uploads` `{"record": "…"}`: a game from an SGF record or a case file, for review (and
/// play on, both seats this browser's), answered as a creation is.
async fn upload(
    State(app): Shared,
    peer: Option<axum::Extension<super::http::Peer>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let from = peer.as_ref().map(|p| p.0 .0);
    make_game(app, peer, headers, body, move |app, body, player| {
        app.games.upload(body, player, from)
    })
    .await
}

/// A new game from a JSON request, made by `make` for the guest who asks (within the address's
/// games a minute), answered as [`created`].
async fn make_game(
    app: Arc<App>,
    peer: Option<axum::Extension<super::http::Peer>>,
    headers: HeaderMap,
    body: Body,
    make: impl FnOnce(
            &App,
            &Value,
            Option<&str>,
        ) -> Result<Arc<std::sync::Mutex<games::Session>>, ApiError>
        + Send
        + 'static,
) -> Response {
    let body = match read_json(body).await {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    if let Some(refused) = too_many(&app, peer) {
        return refused;
    }
    off_worker(move || {
        let (player, fresh, account) = match identity(&app, &headers) {
            Ok(found) => found,
            Err(e) => return error(e),
        };
        let mut body = body;
        // An account plays under its name, whatever the request says.
        if let (Some(name), Some(obj)) = (account, body.as_object_mut()) {
            obj.insert("name".into(), json!(name));
        }
        match make(&app, &body, player.as_deref()) {
            Ok(session) => created(&app, &headers, &session, player.as_deref(), fresh),
            Err(e) => error(e),
        }
    })
    .await
}

/// 429 past [`App::may_create`]'s games a minute from the client's address.
fn too_many(app: &App, peer: Option<axum::Extension<super::http::Peer>>) -> Option<Response> {
    let axum::Extension(peer) = peer?;
    (!app.may_create(peer.0)).then(|| {
        error(ApiError(
            429,
            format!(
                "at most {} new games a minute from one address: wait a little",
                app.creations_per_minute
            ),
        ))
    })
}

/// The answer to a creation: 201, the state, the seats' tokens and invitation links.
fn created(
    app: &App,
    headers: &HeaderMap,
    session: &std::sync::Mutex<games::Session>,
    player: Option<&str>,
    fresh: bool,
) -> Response {
    let mut state = games::lock_state(session);
    let tokens = games::tokens_json(session);
    let base = match &app.public_url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => format!(
            "http://{}",
            headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .unwrap_or("127.0.0.1")
        ),
    };
    let id = state["id"].as_str().unwrap_or("").to_string();
    let mut invitations = serde_json::Map::new();
    if let Value::Object(t) = &tokens {
        for (seat, token) in t {
            let token = token.as_str().unwrap_or("");
            invitations.insert(seat.clone(), json!(format!("{base}/#{id}&{seat}={token}")));
        }
    }
    state["tokens"] = tokens;
    state["invitations"] = Value::Object(invitations);
    with_player(json_response(201, &state), player, fresh)
}

/// The name of the cookie that keeps a guest's identity (for the ratings).
const PLAYER_COOKIE: &str = "stones_player";

/// The guest's identity from its cookie, or a fresh one (then true: to be set).
fn player_of(headers: &HeaderMap) -> (Option<String>, bool) {
    match cookie(headers, PLAYER_COOKIE) {
        Some(id) => (Some(id), false),
        None => (super::ids::random_hex().ok(), true),
    }
}

/// The value of cookie `name`, if it has the form of a token.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, v)| *k == name && super::ids::well_formed(v))
        .map(|(_, v)| v.to_string())
}

/// Who asks: an account logged in (its `acct:…` id and name), else the guest of the identity
/// cookie (or a fresh guest: then true, the cookie to be set).
fn identity(
    app: &App,
    headers: &HeaderMap,
) -> Result<(Option<String>, bool, Option<String>), ApiError> {
    let token = cookie(headers, super::accounts::COOKIE);
    if let Some((id, name)) = super::accounts::session_of(app.games.store(), token.as_deref())? {
        return Ok((Some(id), false, Some(name)));
    }
    let (player, fresh) = player_of(headers);
    Ok((player, fresh, None))
}

/// The response with `Set-Cookie: cookie`.
fn with_cookie(mut r: Response, cookie: &str) -> Response {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    r
}

/// `POST /api/accounts` `{"name", "password"}`: 201, the account, and a session cookie; 400 a
/// name or password out of bounds, 409 the name taken, 429 past the address's registrations.
async fn register(State(app): Shared, peer: Option<axum::Extension<Peer>>, body: Body) -> Response {
    use super::accounts;
    let body = match read_json(body).await {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    let (name, password) = match accounts::credentials(&body).and_then(|(n, p)| {
        accounts::name_key(&n)?;
        accounts::check_password(&p)?;
        Ok((n, p))
    }) {
        Ok(found) => found,
        Err(e) => return error(e),
    };
    let ip = peer.map(|p| p.0 .0);
    if let Err(e) = app.accounts.may_register(ip) {
        return error(e);
    }
    let Ok(place) = Arc::clone(&app.accounts.hashing).acquire_owned().await else {
        return error(ApiError(503, "the server is stopping".into()));
    };
    off_worker(move || {
        let _place = place;
        let made = accounts::is_taken(app.games.store(), &name).and_then(|taken| {
            if taken {
                return Err(accounts::taken(&name));
            }
            accounts::register(app.games.store(), &name, accounts::hash(&password)?)
        });
        match made {
            Ok(token) => with_cookie(
                json_response(201, &accounts::who(Some(&name))),
                &app.accounts.cookie(&token),
            ),
            Err(e) => {
                if let Some(ip) = ip {
                    app.accounts.registrations.give_back(ip);
                }
                error(e)
            }
        }
    })
    .await
}

/// `POST /api/session` `{"name", "password"}`: 200, the account, and a session cookie; 401 a
/// wrong name or password (not saying which), 429 past the address's failures.
async fn log_in(State(app): Shared, peer: Option<axum::Extension<Peer>>, body: Body) -> Response {
    use super::accounts;
    let body = match read_json(body).await {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    let (name, password) = match accounts::credentials(&body) {
        Ok(found) => found,
        Err(e) => return error(e),
    };
    let ip = peer.map(|p| p.0 .0);
    if let Err(e) = app.accounts.may_log_in(ip) {
        return error(e);
    }
    let Ok(place) = Arc::clone(&app.accounts.hashing).acquire_owned().await else {
        return error(ApiError(503, "the server is stopping".into()));
    };
    off_worker(move || {
        let _place = place;
        // A password out of bounds is no account's: a wrong one, hashed all the same.
        let password = if accounts::check_password(&password).is_ok() {
            password
        } else {
            String::new()
        };
        match accounts::log_in(app.games.store(), &name, &password) {
            Ok((token, name)) => with_cookie(
                json_response(200, &accounts::who(Some(&name))),
                &app.accounts.cookie(&token),
            ),
            Err(e) => {
                if let (401, Some(ip)) = (e.0, ip) {
                    app.accounts.failures.take(ip);
                }
                error(e)
            }
        }
    })
    .await
}

/// `GET /api/session`: `{"account": {"name": …}}` logged in, else `{"account": null}`.
async fn session_get(State(app): Shared, headers: HeaderMap) -> Response {
    off_worker(move || {
        let token = cookie(&headers, super::accounts::COOKIE);
        match super::accounts::session_of(app.games.store(), token.as_deref()) {
            Ok(found) => json_response(
                200,
                &super::accounts::who(found.as_ref().map(|(_, n)| n.as_str())),
            ),
            Err(e) => error(e),
        }
    })
    .await
}

/// `DELETE /api/session`: the session ends (its cookie cleared): `{"account": null}`.
async fn log_out(State(app): Shared, headers: HeaderMap) -> Response {
    off_worker(move || {
        let token = cookie(&headers, super::accounts::COOKIE);
        match super::accounts::log_out(app.games.store(), token.as_deref()) {
            Ok(()) => with_cookie(
                json_response(200, &super::accounts::who(None)),
                &app.accounts.cleared(),
            ),
            Err(e) => error(e),
        }
    })
    .await
}

/// The response, setting the guest's identity cookie when it is new.
fn with_player(mut r: Response, player: Option<&str>, fresh: bool) -> Response {
    if let (Some(p), true) = (player, fresh) {
        let cookie =
            format!("{PLAYER_COOKIE}={p}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            r.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    r
}

/// `GET /api/stats/{game}`: games, results by colour and reason, average length, games a day.
async fn stats(State(app): Shared, Path(game): Path<String>) -> Response {
    off_worker(move || answer(app.games.stats(&game), 200)).await
}

/// `GET /stats/{game}`: the page of the TOP 20 tables, the statistics and the activity graph.
async fn stats_page(State(app): Shared, Path(game): Path<String>) -> Response {
    off_worker(move || {
        match app
            .games
            .ratings(&game)
            .and_then(|r| Ok((r, app.games.stats(&game)?)))
        {
            Ok((ratings, stats)) => respond(
                200,
                "text/html; charset=utf-8",
                super::stats::page(stats["game"].as_str().unwrap_or(""), &ratings, &stats),
            ),
            Err(e) => error(e),
        }
    })
    .await
}

/// `GET /api/ratings/{game}`: the game's TOP 20 by rating, wins and games played.
async fn ratings(State(app): Shared, Path(game): Path<String>) -> Response {
    off_worker(move || answer(app.games.ratings(&game), 200)).await
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = v.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
}

/// `GET /api/games/{id}/{what}`: the event stream, or a download (the board `svg?at=N` after
/// move N).
async fn sub(
    State(app): Shared,
    Path((id, what)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    peer: Option<axum::Extension<Peer>>,
) -> Response {
    match what.as_str() {
        "events" => events(&app, &id, peer.map(|p| p.0 .0)),
        "ownership" => ownership(&app, &id, query.as_deref()).await,
        "analysis" => analysis(&app, &id).await,
        _ => off_worker(move || download(&app, &id, &what, query.as_deref())).await,
    }
}

/// `GET /api/games/{id}/ownership?at=N`: the search's estimate of the position after move N (the
/// position now without `at`), one at a time on the server (503 while another is made).
async fn ownership(app: &App, id: &str, query: Option<&str>) -> Response {
    let game = match app.games.get(id).and_then(|session| {
        let s = games::lock_session(&session);
        let at = review::parse_at(query, s.played())?.unwrap_or(s.played());
        s.game_at(at)
    }) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    let Ok(_permit) = app.estimates.try_acquire() else {
        return error(ApiError(
            503,
            "the server is estimating another position: retry in a moment".into(),
        ));
    };
    match tokio::task::spawn_blocking(move || review::estimate(&game, review::ESTIMATE_PLAYOUTS))
        .await
    {
        Ok(v) => json_response(200, &v),
        Err(e) => error(ApiError(500, format!("the estimate failed: {e}"))),
    }
}

/// `GET /api/games/{id}/analysis`: the win-rate graph of the whole game read by the search, one
/// at a time with the estimates (503 while another is made).
async fn analysis(app: &App, id: &str) -> Response {
    let (start, moves) = match app.games.get(id).and_then(|session| {
        let s = games::lock_session(&session);
        Ok((s.game_at(0)?, s.move_texts()))
    }) {
        Ok(found) => found,
        Err(e) => return error(e),
    };
    let Ok(_permit) = app.estimates.try_acquire() else {
        return error(ApiError(
            503,
            "the server is analysing another position: retry in a moment".into(),
        ));
    };
    match tokio::task::spawn_blocking(move || review::analysis_svg(&start, &moves)).await {
        Ok(svg) => respond(200, "image/svg+xml", svg),
        Err(e) => error(ApiError(500, format!("the analysis failed: {e}"))),
    }
}

/// How often an idle event stream says it is alive (so that a dead client is noticed).
const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(15);

/// How soon a browser opens an event stream again once it ends (the SSE `retry` field).
const RECONNECT_MS: u32 = 1000;

/// Server-Sent Events: the state now, then again after every change, for
/// [`super::games::Limits::stream_life`]; then the stream ends, its connection closes, and a
/// browser's `EventSource` opens it again (a request, so the game counts as watched on). Opening it
/// counts as a request about the game; keeping it open does not, so a stream left open keeps no
/// computer playing. A stream holds one of [`super::http::MAX_STREAMS`] places, and of its address's
/// share, while it is open; one whose client stops reading is dropped as any answer is (the
/// connection's write deadline).
fn events(app: &App, id: &str, peer: Option<std::net::IpAddr>) -> Response {
    let place = match app.streams.take(peer) {
        Ok(place) => place,
        Err(Refused::All) => {
            return error(ApiError(
                503,
                "the server has too many event streams open: retry in a moment".into(),
            ))
        }
        Err(Refused::Share) => {
            return error(ApiError(
                429,
                format!(
                    "at most {} event streams at once from one address: close some",
                    app.streams.share()
                ),
            ))
        }
    };
    let session = match app.games.get(id) {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    let rx = games::subscribe(&session);
    let end = tokio::time::Instant::now() + app.games.limits().stream_life();
    let stream = futures_util::stream::unfold(
        (session, rx, true),
        move |(session, mut rx, first)| async move {
            if !first {
                let left = end.saturating_duration_since(tokio::time::Instant::now());
                if left.is_zero() {
                    return None;
                }
                match tokio::time::timeout(KEEP_ALIVE.min(left), rx.changed()).await {
                    Err(_) if tokio::time::Instant::now() >= end => return None,
                    Err(_) => {
                        return Some((
                            Ok::<String, std::convert::Infallible>(": alive\n\n".into()),
                            (session, rx, false),
                        ))
                    }
                    Ok(Err(_)) => return None,
                    Ok(Ok(())) => {}
                }
            }
            rx.borrow_and_update();
            let state = games::lock_state(&session);
            let retry = if first {
                format!("retry: {RECONNECT_MS}\n")
            } else {
                String::new()
            };
            Some((
                Ok(format!("{retry}event: state\ndata: {state}\n\n")),
                (session, rx, false),
            ))
        },
    );
    // The place goes with the stream: when it ends, or its connection does.
    let stream = futures_util::StreamExt::map(stream, move |event| {
        let _held = &place;
        event
    });
    let mut r = Body::from_stream(stream).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

async fn state(State(app): Shared, Path(id): Path<String>) -> Response {
    off_worker(move || answer(app.games.get(&id).map(|s| games::lock_state(&s)), 200)).await
}

fn download(app: &App, id: &str, what: &str, query: Option<&str>) -> Response {
    let session = match app.games.get(id) {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    let (body, name) = {
        let s = games::lock_session(&session);
        let name = format!("stones-{}", s.id);
        match what {
            "svg" => match review::parse_at(query, s.played()).and_then(|at| s.svg(at)) {
                Ok(svg) => (Some(svg), None),
                Err(e) => return error(e),
            },
            "plot" => (Some(s.win_rate_svg()), None),
            "sgf" => (s.sgf(), Some(format!("{name}.sgf"))),
            "case" => (Some(s.case_file()), Some(format!("{name}.case"))),
            _ => return not_found_at(&format!("/api/games/{id}/{what}")),
        }
    };
    let Some(body) = body else {
        return error(ApiError(
            404,
            "this game has no SGF form here: download the case file".into(),
        ));
    };
    let content_type = match what {
        "svg" | "plot" => "image/svg+xml",
        "sgf" => "application/x-go-sgf",
        _ => "text/plain; charset=utf-8",
    };
    let mut r = respond(200, content_type, body);
    if let Some(v) =
        name.and_then(|n| HeaderValue::from_str(&format!("attachment; filename=\"{n}\"")).ok())
    {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

/// `POST /api/games/{id}/moves` and `…/undo`, with the acting seat's token; `…/join` (the open
/// seat, no token); `…/claim`, with an invitation link's token: the seat and a new token for it
/// (`{"seat": "white", "token": …}`), the link's token then acting no more (claiming again with the
/// new one gives the same seat a fresh token); `…/seat`: the seat of the token sent, or 403.
async fn action(
    State(app): Shared,
    Path((id, what)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    if !matches!(
        what.as_str(),
        "moves" | "undo" | "join" | "claim" | "seat" | "sit"
    ) {
        return not_found_at(&format!("/api/games/{id}/{what}"));
    }
    let body = match read_json(body).await {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    off_worker(move || act(&app, &id, &what, &headers, &body)).await
}

/// The work of [`action`], once its body is in.
fn act(app: &App, id: &str, what: &str, headers: &HeaderMap, body: &Value) -> Response {
    let session = match app.games.get(id) {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    let body = body.clone();
    if what == "join" {
        let (player, fresh, account) = match identity(app, headers) {
            Ok(found) => found,
            Err(e) => return error(e),
        };
        let mut body = body;
        if let (Some(name), Some(obj)) = (account, body.as_object_mut()) {
            obj.insert("name".into(), json!(name));
        }
        return with_player(
            answer(games::join(&session, &body, player.as_deref()), 200),
            player.as_deref(),
            fresh,
        );
    }
    if what == "sit" {
        return answer(
            account(app, headers).and_then(|(id, _)| games::sit(&session, &id)),
            200,
        );
    }
    let token = bearer(headers);
    if what == "claim" {
        return answer(games::claim(&session, token.as_deref()), 200);
    }
    if what == "seat" {
        return answer(games::seat(&session, token.as_deref()), 200);
    }
    let result = match what {
        "moves" => games::play(&session, &body, token.as_deref()).map(|()| 200),
        _ => games::undo(&session, &body, token.as_deref()).map(|step| match step {
            games::UndoStep::Asked => 202,
            _ => 200,
        }),
    };
    match result {
        Ok(status) => json_response(status, &games::lock_state(&session)),
        Err(e) => error(e),
    }
}

/// The account logged in (its `acct:…` id and name), or 401.
fn account(app: &App, headers: &HeaderMap) -> Result<(String, String), ApiError> {
    let token = cookie(headers, super::accounts::COOKIE);
    super::accounts::session_of(app.games.store(), token.as_deref())?
        .ok_or_else(|| ApiError(401, "log in first: tournaments are between accounts".into()))
}

/// The account logged in, if any.
fn account_if_any(app: &App, headers: &HeaderMap) -> Option<String> {
    account(app, headers).ok().map(|(id, _)| id)
}

/// `GET /api/tournaments`: the newest tournaments.
async fn tournament_list(State(app): Shared) -> Response {
    off_worker(move || answer(tournaments::list(app.games.store()), 200)).await
}

/// `POST /api/tournaments` `{"name", "game", "ruleset", "set", "system", "rounds", "clock"}` by an
/// account: 201 and its id; 429 past the address's creations a minute.
async fn tournament_create(
    State(app): Shared,
    peer: Option<axum::Extension<super::http::Peer>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let body = match read_json(body).await {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    // A tournament counts as a creation, against the address's games a minute.
    if let Some(refused) = too_many(&app, peer) {
        return refused;
    }
    off_worker(move || {
        let made = account(&app, &headers).and_then(|(id, name)| {
            tournaments::create(&app.games, (&id, &name), &body).map(|t| json!({ "id": t }))
        });
        answer(made, 201)
    })
    .await
}

/// `GET /api/tournaments/{id}`: players, rounds, games and standings.
async fn tournament_show(
    State(app): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    off_worker(move || {
        let me = account_if_any(&app, &headers);
        answer(
            tournaments::show(app.games.store(), &id, me.as_deref()),
            200,
        )
    })
    .await
}

/// `POST /api/tournaments/{id}/join` (an account, until the start) and `/start` (its creator).
async fn tournament_act(
    State(app): Shared,
    Path((id, what)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    if !matches!(what.as_str(), "join" | "start") {
        return not_found_at(&format!("/api/tournaments/{id}/{what}"));
    }
    if let Err(e) = read_json(body).await {
        return body_error(e);
    }
    off_worker(move || {
        let done = account(&app, &headers).and_then(|(account, name)| match what.as_str() {
            "join" => tournaments::join(app.games.store(), &id, (&account, &name)),
            _ => tournaments::start(&app.games, &id, &account).map(|()| json!({"started": true})),
        });
        answer(done, 200)
    })
    .await
}

/// `/tournaments`: the list, and the form that creates one.
async fn tournaments_page(State(app): Shared, headers: HeaderMap) -> Response {
    off_worker(move || {
        let logged_in = account_if_any(&app, &headers).is_some();
        let names: Vec<&str> = stones_cli::registry::GameKind::all()
            .iter()
            .map(|g| g.name())
            .collect();
        match tournaments::list(app.games.store()) {
            Ok(list) => html(super::tournament_page::list(&list, &names, logged_in)),
            Err(e) => error(e),
        }
    })
    .await
}

/// `/tournaments/{id}`: the tournament's page.
async fn tournament_page(
    State(app): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    off_worker(move || {
        let me = account_if_any(&app, &headers);
        match tournaments::show(app.games.store(), &id, me.as_deref()) {
            Ok(t) => html(super::tournament_page::show(&t, me.is_some())),
            Err(e) => error(e),
        }
    })
    .await
}

fn html(page: String) -> Response {
    respond(200, "text/html; charset=utf-8", page)
}

/// `GET /api/lobby`: games with a seat open, and games being played.
async fn lobby(State(app): Shared) -> Response {
    off_worker(move || answer(app.games.lobby(), 200)).await
}

fn not_found_at(path: &str) -> Response {
    error(ApiError(
        404,
        format!("nothing at {}", path.chars().take(80).collect::<String>()),
    ))
}

async fn not_found(request: Request) -> Response {
    not_found_at(request.uri().path())
}

async fn not_allowed(method: Method) -> Response {
    error(ApiError(
        405,
        format!(
            "{} is not used here: GET or POST (DELETE /api/session)",
            method.as_str().chars().take(20).collect::<String>()
        ),
    ))
}

/// The settings the page offers that a ruleset's text has, with its value when it is one number
/// (`null`: it depends on the size): `{"komi": 7.5, "handicap": 0}`.
fn settings(text: &str) -> Value {
    let table: toml::Table = text.parse().unwrap_or_default();
    let offered = ["komi", "handicap"]
        .into_iter()
        .filter_map(|key| {
            let value = match table.get(key)? {
                toml::Value::Integer(i) => json!(i),
                toml::Value::Float(f) => json!(f),
                _ => Value::Null,
            };
            Some((key.to_string(), value))
        })
        .collect();
    Value::Object(offered)
}

/// The games, their rulesets and usual sizes, for the page's choices.
fn catalog() -> Value {
    let games: Vec<Value> = stones_cli::registry::GameKind::all()
        .into_iter()
        .map(|kind| {
            let rulesets: Vec<Value> = kind
                .builtin_rulesets()
                .iter()
                .map(|b| json!({"name": b.name, "description": stones_cli::registry::GameKind::ruleset_description(b), "settings": settings(b.text)}))
                .collect();
            let sizes = serde_json::to_value(kind.usual_sizes()).unwrap_or_default();
            json!({"game": kind.name(), "description": kind.description(), "rulesets": rulesets, "sizes": sizes})
        })
        .collect();
    json!({ "games": games })
}
