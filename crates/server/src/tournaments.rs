//! Tournaments on the site: round robin or Swiss between accounts, for any game and ruleset, with
//! one clock for every game. An account creates one; accounts join it until its creator starts
//! it; then the server pairs it round by round ([`super::pairing`]), each board an ordinary rated
//! game between the two accounts, whose clock runs from the start (a player who does not show
//! loses on time). Everything lives in the database, and [`advance`] reads it afresh each time —
//! a result seen, the next round paired, its games made — so a restarted server, or any of several
//! on one PostgreSQL database, goes on where the last left off.

use super::db::{Tx, Val};
use super::games::{ApiError, Games};
use super::pairing::{self, Board, Outcome};
use super::store::Store;
use serde_json::{json, Value};

/// The most players a tournament takes.
pub const MAX_PLAYERS: usize = 64;
/// The most rounds of a Swiss tournament.
pub const MAX_ROUNDS: u32 = 20;
/// How often the server looks for finished rounds.
pub const SWEEP: std::time::Duration = std::time::Duration::from_secs(1);
/// How long a board's game may be in the making by one server before another makes it (the first
/// died meanwhile), in milliseconds.
const MAKING_MS: i64 = 60_000;

/// The tables, made when the server starts (SQLite and PostgreSQL alike).
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    creator TEXT NOT NULL,
    creator_name TEXT NOT NULL,
    request TEXT NOT NULL,
    system TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    state TEXT NOT NULL,
    round BIGINT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    seed BIGINT NOT NULL,
    account TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (tournament, seed),
    UNIQUE (tournament, account)
);
CREATE TABLE IF NOT EXISTS tournament_boards (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    black BIGINT NOT NULL,
    white BIGINT,
    game TEXT,
    result TEXT,
    PRIMARY KEY (tournament, round, board)
);
CREATE INDEX IF NOT EXISTS tournaments_state ON tournaments (state, created);
";

/// How players meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Each meets each once.
    RoundRobin,
    /// By score, no pair twice, for a set number of rounds.
    Swiss,
}

impl System {
    fn parse(text: &str) -> Result<System, ApiError> {
        match text {
            "swiss" => Ok(System::Swiss),
            "round-robin" => Ok(System::RoundRobin),
            _ => Err(ApiError::bad(format!(
                "system '{}': expected swiss or round-robin",
                text.chars().take(40).collect::<String>()
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round-robin",
        }
    }
}

/// A tournament as stored.
#[derive(Debug, Clone)]
struct Tournament {
    id: String,
    name: String,
    creator: String,
    creator_name: String,
    /// The games' request: `{"game", "ruleset", "set", "clock"}`.
    request: Value,
    system: System,
    rounds: u32,
    /// `open` (joining), `running`, `finished`.
    state: String,
    /// The round being played (0 before the first).
    round: u32,
}

/// A player: the seed (the order of joining, from 0), the account and its name.
#[derive(Debug, Clone)]
struct Player {
    seed: usize,
    account: String,
    name: String,
}

/// A board as stored: its pairing, the game played on it, the game's result.
#[derive(Debug, Clone)]
struct StoredBoard {
    round: u32,
    board: u32,
    black: usize,
    white: Option<usize>,
    game: Option<String>,
    result: Option<String>,
}

impl StoredBoard {
    fn pairing(&self) -> Board {
        Board {
            round: self.round,
            black: self.black,
            white: self.white,
            result: self.result.as_deref().map(outcome),
        }
    }
}

/// A result as a board's outcome: `B+…` Black's, `W+…` White's, anything else a draw.
fn outcome(result: &str) -> Outcome {
    match super::store::black_score(result) {
        s if s > 0.75 => Outcome::Black,
        s if s < 0.25 => Outcome::White,
        _ => Outcome::Draw,
    }
}

fn text(v: &Value, key: &str) -> Result<Option<String>, ApiError> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ApiError::bad(format!("\"{key}\": expected a string"))),
    }
}

/// Makes the tables (when the server starts).
pub fn make_tables(store: &Store) -> Result<(), String> {
    store.db().with(|tx| tx.batch(SCHEMA))
}

/// `POST /api/tournaments`: a new tournament from `{"name", "game", "ruleset", "set", "system",
/// "rounds", "clock"}` by the account `creator` (its id and name); its id. The game, ruleset, set
/// and clock are checked as a game's would be; `rounds` is for Swiss (a round robin has as many as
/// it needs).
pub fn create(games: &Games, creator: (&str, &str), body: &Value) -> Result<String, ApiError> {
    let obj = body
        .as_object()
        .ok_or_else(|| ApiError::bad("expected a JSON object"))?;
    const KEYS: &str = "name, game, ruleset, set, system, rounds, clock";
    if let Some(key) = obj
        .keys()
        .find(|k| !KEYS.split(", ").any(|x| x == k.as_str()))
    {
        return Err(ApiError::bad(format!(
            "unknown field \"{}\": expected {KEYS}",
            key.chars().take(40).collect::<String>()
        )));
    }
    let system = System::parse(&text(body, "system")?.unwrap_or_else(|| "swiss".into()))?;
    let rounds = match (system, body.get("rounds")) {
        (System::RoundRobin, _) => 0,
        (System::Swiss, None) => 3,
        (System::Swiss, Some(v)) => match v.as_u64() {
            Some(n @ 1..) if n <= u64::from(MAX_ROUNDS) => n as u32,
            _ => {
                return Err(ApiError::bad(format!(
                    "\"rounds\": expected a whole number from 1 to {MAX_ROUNDS}"
                )))
            }
        },
    };
    let clock = text(body, "clock")?
        .ok_or_else(|| ApiError::bad("\"clock\": every tournament game has one, such as 10m+5s"))?;
    let mut request =
        json!({"game": body.get("game").cloned().unwrap_or(Value::Null), "clock": clock});
    for key in ["ruleset", "set"] {
        if let Some(v) = body.get(key) {
            request[key] = v.clone();
        }
    }
    games.check_request(&board_request(&request))?;
    let name = text(body, "name")?.unwrap_or_default();
    let name = name.trim();
    if name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(ApiError::bad(
            "\"name\": at most 60 characters, no control characters",
        ));
    }
    let name = if name.is_empty() {
        format!(
            "{} {}",
            request["game"].as_str().unwrap_or(""),
            system.name()
        )
    } else {
        name.to_string()
    };
    let id = super::ids::random_hex()?;
    let params = [
        id.as_str().into(),
        name.into(),
        creator.0.into(),
        creator.1.into(),
        request.to_string().into(),
        system.name().into(),
        Val::Int(i64::from(rounds)),
        Val::Int(super::store::now_ms()),
    ];
    games
        .store()
        .db()
        .with(|tx| {
            tx.execute(
                "INSERT INTO tournaments (id, name, creator, creator_name, request, system, rounds,
                                          state, round, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'open', 0, ?8)",
                &params,
            )
        })
        .map_err(ApiError::database)?;
    Ok(id)
}

/// A board's game request: both seats people, the tournament's game, ruleset, set and clock.
fn board_request(request: &Value) -> Value {
    let mut r = request.clone();
    r["black"] = "human".into();
    r["white"] = "human".into();
    r
}

fn load(tx: &mut Tx<'_>, id: &str) -> Result<Option<Tournament>, String> {
    let Some(row) = tx.first(
        "SELECT id, name, creator, creator_name, request, system, rounds, state, round
         FROM tournaments WHERE id = ?1",
        &[id.into()],
    )?
    else {
        return Ok(None);
    };
    Ok(Some(Tournament {
        id: row.text(0).unwrap_or_default(),
        name: row.text(1).unwrap_or_default(),
        creator: row.text(2).unwrap_or_default(),
        creator_name: row.text(3).unwrap_or_default(),
        request: serde_json::from_str(&row.text(4).unwrap_or_default()).unwrap_or(Value::Null),
        system: if row.text(5).as_deref() == Some("round-robin") {
            System::RoundRobin
        } else {
            System::Swiss
        },
        rounds: row.int(6) as u32,
        state: row.text(7).unwrap_or_default(),
        round: row.int(8) as u32,
    }))
}

fn players(tx: &mut Tx<'_>, id: &str) -> Result<Vec<Player>, String> {
    Ok(tx
        .query(
            "SELECT seed, account, name FROM tournament_players WHERE tournament = ?1 ORDER BY seed",
            &[id.into()],
        )?
        .iter()
        .map(|r| Player {
            seed: r.int(0) as usize,
            account: r.text(1).unwrap_or_default(),
            name: r.text(2).unwrap_or_default(),
        })
        .collect())
}

fn boards(tx: &mut Tx<'_>, id: &str) -> Result<Vec<StoredBoard>, String> {
    Ok(tx
        .query(
            "SELECT round, board, black, white, game, result FROM tournament_boards
             WHERE tournament = ?1 ORDER BY round, board",
            &[id.into()],
        )?
        .iter()
        .map(|r| StoredBoard {
            round: r.int(0) as u32,
            board: r.int(1) as u32,
            black: r.int(2) as usize,
            white: (!matches!(r.0.get(3), None | Some(Val::Null))).then(|| r.int(3) as usize),
            game: r.text(4),
            result: r.text(5),
        })
        .collect())
}

/// `POST /api/tournaments/{id}/join` by `account` (its id and name): its seed; 409 once started,
/// full, or joined already.
pub fn join(store: &Store, id: &str, account: (&str, &str)) -> Result<Value, ApiError> {
    let joined = store
        .db()
        .transaction(|tx| {
            let Some(t) = load(tx, id)? else {
                return Ok(Err(ApiError(404, "no such tournament".into())));
            };
            if t.state != "open" {
                return Ok(Err(ApiError(409, "the tournament has started: joining is over".into())));
            }
            let all = players(tx, id)?;
            if all.iter().any(|p| p.account == account.0) {
                return Ok(Err(ApiError(409, "you have joined this tournament already".into())));
            }
            if all.len() >= MAX_PLAYERS {
                return Ok(Err(ApiError(409, format!("the tournament is full ({MAX_PLAYERS} players)"))));
            }
            let seed = all.len() as i64;
            tx.execute(
                "INSERT INTO tournament_players (tournament, seed, account, name) VALUES (?1, ?2, ?3, ?4)",
                &[id.into(), Val::Int(seed), account.0.into(), account.1.into()],
            )?;
            Ok(Ok(seed))
        })
        .map_err(ApiError::database)??;
    Ok(json!({"seed": joined}))
}

/// `POST /api/tournaments/{id}/start` by its creator: the first round is paired (by [`advance`]);
/// 403 for anyone else, 409 with fewer than two players or once started.
pub fn start(games: &Games, id: &str, account: &str) -> Result<(), ApiError> {
    games
        .store()
        .db()
        .transaction(|tx| {
            let Some(t) = load(tx, id)? else {
                return Ok(Err(ApiError(404, "no such tournament".into())));
            };
            if t.creator != account {
                return Ok(Err(ApiError(
                    403,
                    "only the tournament's creator starts it".into(),
                )));
            }
            if t.state != "open" {
                return Ok(Err(ApiError(
                    409,
                    "the tournament has started already".into(),
                )));
            }
            let n = players(tx, id)?.len();
            if n < 2 {
                return Ok(Err(ApiError(
                    409,
                    "a tournament needs two players to start".into(),
                )));
            }
            let rounds = match t.system {
                System::RoundRobin => pairing::round_robin_rounds(n),
                System::Swiss => t.rounds,
            };
            tx.execute(
                "UPDATE tournaments SET state = 'running', rounds = ?2 WHERE id = ?1",
                &[id.into(), Val::Int(i64::from(rounds))],
            )?;
            Ok(Ok(()))
        })
        .map_err(ApiError::database)??;
    advance(games, id).map_err(ApiError::database)
}

/// Moves tournament `id` on as far as it goes now: the results of its round's finished games
/// copied to their boards; once every board of the round has one, the next round paired (or the
/// tournament finished); the games of the round's boards made. Safe to call any time, from any
/// server: each step is one transaction that checks it is still due.
pub fn advance(games: &Games, id: &str) -> Result<(), String> {
    let db = games.store().db();
    db.transaction(|tx| {
        let Some(t) = load(tx, id)? else {
            return Ok(());
        };
        if t.state != "running" {
            return Ok(());
        }
        tx.execute(
            "UPDATE tournament_boards SET result = (SELECT result FROM games
                 WHERE games.id = tournament_boards.game AND games.finished IS NOT NULL)
             WHERE tournament = ?1 AND round = ?2 AND result IS NULL AND game IS NOT NULL
                   AND game NOT LIKE 'making:%'",
            &[id.into(), Val::Int(i64::from(t.round))],
        )?;
        let all = boards(tx, id)?;
        if all.iter().any(|b| b.round == t.round && b.result.is_none()) {
            return Ok(());
        }
        let n = players(tx, id)?.len();
        let done: Vec<Board> = all.iter().map(StoredBoard::pairing).collect();
        let next = t.round + 1;
        let pairs = match t.system {
            _ if next > t.rounds => None,
            System::RoundRobin => Some(pairing::round_robin(n, next)),
            System::Swiss => pairing::swiss(n, &done),
        };
        let Some(pairs) = pairs.filter(|p| !p.is_empty()) else {
            tx.execute(
                "UPDATE tournaments SET state = 'finished' WHERE id = ?1 AND round = ?2",
                &[id.into(), Val::Int(i64::from(t.round))],
            )?;
            return Ok(());
        };
        if tx.execute(
            "UPDATE tournaments SET round = ?2 WHERE id = ?1 AND round = ?3",
            &[
                id.into(),
                Val::Int(i64::from(next)),
                Val::Int(i64::from(t.round)),
            ],
        )? != 1
        {
            return Ok(());
        }
        for (i, (black, white)) in pairs.iter().enumerate() {
            tx.execute(
                "INSERT INTO tournament_boards (tournament, round, board, black, white, result)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                &[
                    id.into(),
                    Val::Int(i64::from(next)),
                    Val::Int(i as i64 + 1),
                    Val::Int(*black as i64),
                    white.map(|w| w as i64).into(),
                    // A bye is a point, and nothing to play.
                    white.is_none().then_some("bye").into(),
                ],
            )?;
        }
        Ok(())
    })?;
    make_games(games, id)
}

/// Makes the games of the boards that have none yet (or whose making another server began over
/// [`MAKING_MS`] ago and did not finish).
fn make_games(games: &Games, id: &str) -> Result<(), String> {
    let db = games.store().db();
    let (t, all, people) = db.with(|tx| {
        let t = load(tx, id)?;
        Ok((t, boards(tx, id)?, players(tx, id)?))
    })?;
    let Some(t) = t else { return Ok(()) };
    let now = super::store::now_ms();
    let due = all.iter().filter(|b| {
        b.round == t.round
            && b.white.is_some()
            && b.result.is_none()
            && match b.game.as_deref() {
                None => true,
                Some(g) => g
                    .strip_prefix("making:")
                    .and_then(|ms| ms.parse::<i64>().ok())
                    .is_some_and(|since| now - since > MAKING_MS),
            }
    });
    for board in due {
        let key = [
            id.into(),
            Val::Int(i64::from(board.round)),
            Val::Int(i64::from(board.board)),
        ];
        let mut claim = key.to_vec();
        claim.push(format!("making:{now}").into());
        claim.push(board.game.clone().into());
        let claimed = db.with(|tx| {
            tx.execute(
                "UPDATE tournament_boards SET game = ?4
                 WHERE tournament = ?1 AND round = ?2 AND board = ?3
                       AND (game IS NULL OR game = ?5)",
                &claim,
            )
        })?;
        if claimed != 1 {
            continue;
        }
        let seat = |seed: usize| {
            let p = &people[seed];
            (p.account.clone(), p.name.clone())
        };
        let (black, white) = (seat(board.black), seat(board.white.unwrap_or_default()));
        let game = games
            .create_seated(&board_request(&t.request), [black, white])
            .map_err(|e| e.1)?;
        let mut made = key.to_vec();
        made.push(game.into());
        db.with(|tx| {
            tx.execute(
                "UPDATE tournament_boards SET game = ?4
                 WHERE tournament = ?1 AND round = ?2 AND board = ?3",
                &made,
            )
        })?;
    }
    Ok(())
}

/// Moves every running tournament on ([`advance`]) every [`SWEEP`], on a thread of its own, for
/// as long as the server runs.
pub(crate) fn follow(app: std::sync::Weak<super::App>) {
    let _ = std::thread::Builder::new()
        .name("stones-tournaments".into())
        .spawn(move || loop {
            std::thread::sleep(SWEEP);
            let Some(app) = app.upgrade() else {
                return;
            };
            match running(app.games.store()) {
                Ok(ids) => {
                    for id in ids {
                        if let Err(e) = advance(&app.games, &id) {
                            note!("stones: tournament {id}: {e}");
                        }
                    }
                }
                Err(e) => note!("stones: cannot read the tournaments: {e}"),
            }
        });
}

/// The running tournaments' ids.
pub fn running(store: &Store) -> Result<Vec<String>, String> {
    Ok(store
        .db()
        .with(|tx| tx.query("SELECT id FROM tournaments WHERE state = 'running'", &[]))?
        .iter()
        .filter_map(|r| r.text(0))
        .collect())
}

/// `GET /api/tournaments`: the newest 100, each with its state and number of players.
pub fn list(store: &Store) -> Result<Value, ApiError> {
    let rows = store
        .db()
        .with(|tx| {
            tx.query(
                "SELECT id, name, system, state, round, rounds, creator_name, request,
                        (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament = t.id)
                 FROM tournaments t ORDER BY created DESC LIMIT 100",
                &[],
            )
        })
        .map_err(ApiError::database)?;
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            let request: Value =
                serde_json::from_str(&r.text(7).unwrap_or_default()).unwrap_or(Value::Null);
            json!({
                "id": r.text(0), "name": r.text(1), "system": r.text(2), "state": r.text(3),
                "round": r.int(4), "rounds": r.int(5), "creator": r.text(6),
                "game": request["game"], "clock": request["clock"], "players": r.int(8),
            })
        })
        .collect();
    Ok(json!({ "tournaments": list }))
}

/// `GET /api/tournaments/{id}`: the tournament, its players, its rounds with their boards and
/// games, and the standings (points, Buchholz, Sonneborn-Berger, each round's result); `you`, the
/// seed of the account asking when it plays.
pub fn show(store: &Store, id: &str, account: Option<&str>) -> Result<Value, ApiError> {
    let (t, people, all) = store
        .db()
        .with(|tx| Ok((load(tx, id)?, players(tx, id)?, boards(tx, id)?)))
        .map_err(ApiError::database)?;
    let t = t.ok_or_else(|| ApiError(404, "no such tournament".into()))?;
    let name = |seed: usize| people.get(seed).map(|p| p.name.clone());
    let done: Vec<Board> = all.iter().map(StoredBoard::pairing).collect();
    let standings: Vec<Value> = pairing::standings(people.len(), &done)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let mut v = serde_json::to_value(&s).unwrap_or(Value::Null);
            v["place"] = (i + 1).into();
            v["name"] = name(s.player).into();
            v
        })
        .collect();
    let rounds: Vec<Value> = (1..=t.round)
        .map(|round| {
            let boards: Vec<Value> = all
                .iter()
                .filter(|b| b.round == round)
                .map(|b| {
                    json!({
                        "board": b.board,
                        "black": name(b.black),
                        "white": b.white.and_then(name),
                        "game": b.game.as_deref().filter(|g| !g.starts_with("making:")),
                        "result": b.result,
                    })
                })
                .collect();
            json!({"round": round, "boards": boards})
        })
        .collect();
    let you = account.and_then(|a| people.iter().find(|p| p.account == a).map(|p| p.seed));
    Ok(json!({
        "id": t.id,
        "name": t.name,
        "creator": t.creator_name,
        "yours": account == Some(t.creator.as_str()),
        "game": t.request["game"],
        "ruleset": t.request.get("ruleset"),
        "set": t.request.get("set"),
        "clock": t.request["clock"],
        "system": t.system.name(),
        "rounds": t.rounds,
        "state": t.state,
        "round": t.round,
        "players": people.iter().map(|p| json!({"seed": p.seed, "name": p.name})).collect::<Vec<_>>(),
        "you": you,
        "schedule": rounds,
        "standings": standings,
    }))
}
