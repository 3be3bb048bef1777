//! Seats handed over: an invitation link's token is exchanged for a new one (`POST
//! /api/games/{id}/claim`), after which the link's token — also on the creator's page — acts no
//! more; the new token holds across a restart (it is stored as its digest); `…/seat` tells a page
//! whether a token it holds is still a seat's.

#[path = "support/http.rs"]
mod http;

use http::Served;
use serde_json::{json, Value};

fn token(v: &Value) -> String {
    v["token"].as_str().expect("a token").to_string()
}

#[test]
fn an_invitation_claimed_hands_the_seat_over_and_the_links_token_stops_acting() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-seats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let db = db.to_str().unwrap();
    let served = Served::start(&["--db", db]);
    let (status, body) = served.call(
        "POST",
        "/api/games",
        &json!({"game": "go", "set": {"size": 5}, "black": "human", "white": "human"}),
        None,
    );
    assert_eq!(status, 201, "{body}");
    let s: Value = serde_json::from_str(&body).unwrap();
    let id = s["id"].as_str().unwrap().to_string();
    let black = s["tokens"]["black"].as_str().unwrap().to_string();
    let link = s["tokens"]["white"].as_str().unwrap().to_string();
    let (claim, moves, seat) = (
        format!("/api/games/{id}/claim"),
        format!("/api/games/{id}/moves"),
        format!("/api/games/{id}/seat"),
    );
    let version = served.state(&id)["version"].as_u64().unwrap();

    // Before: the link's token is White's.
    let (status, body) = served.call("POST", &seat, &Value::Null, Some(&link));
    assert_eq!((status, body.contains("white")), (200, true), "{body}");

    // Claimed: White's seat and a new token; the game's version moves (the pages hear of it).
    let (status, body) = served.call("POST", &claim, &Value::Null, Some(&link));
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["seat"], "white", "{r}");
    let white = token(&r);
    assert_eq!(white.len(), 32);
    assert_ne!(white, link);
    assert!(served.state(&id)["version"].as_u64().unwrap() > version);

    // Nobody else's token and no token claim anything; the link's token claims no more.
    for bogus in [
        Some("0123456789abcdef0123456789abcdef"),
        None,
        Some(link.as_str()),
    ] {
        let (status, body) = served.call("POST", &claim, &Value::Null, bogus);
        assert_eq!(status, 403, "{bogus:?}: {body}");
    }
    let (status, _) = served.call("POST", &seat, &Value::Null, Some(&link));
    assert_eq!(
        status, 403,
        "the creator's page learns its White token is gone"
    );

    // Black moves; then White's turn: the link's token is refused, the new one plays.
    let (status, body) = served.call("POST", &moves, &json!({"move": "C3"}), Some(&black));
    assert_eq!(status, 200, "{body}");
    let (status, body) = served.call("POST", &moves, &json!({"move": "D3"}), Some(&link));
    assert_eq!(status, 403, "{body}");
    let (status, body) = served.call("POST", &moves, &json!({"move": "D3"}), Some(&white));
    assert_eq!(status, 200, "{body}");

    // Claiming one's own seat again is harmless: the same seat, a fresh token (the last one acts).
    let (status, body) = served.call("POST", &claim, &Value::Null, Some(&white));
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["seat"], "white");
    let white2 = token(&r);
    assert_ne!(white2, white);

    // Stored as its digest: a restarted server knows the new token, not the old ones.
    drop(served);
    let served = Served::start(&["--db", db]);
    assert!(served.state(&id)["moves"].as_array().unwrap().len() == 2);
    let (status, _) = served.call("POST", &moves, &json!({"move": "B2"}), Some(&black));
    assert_eq!(status, 200);
    for (t, want) in [(&link, 403), (&white, 403), (&white2, 200)] {
        let (status, body) = served.call("POST", &moves, &json!({"move": "pass"}), Some(t));
        assert_eq!(status, want, "{body}");
    }
    let stored = std::fs::read(dir.join("games.db")).unwrap();
    assert!(!String::from_utf8_lossy(&stored).contains(&white2));
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}
