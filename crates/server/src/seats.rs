//! Who may act in a game: a secret token per human seat (sent as `Authorization: Bearer <token>`),
//! the two-step undo between two people (one asks, the other accepts or declines), a seat left
//! open in the lobby for whoever joins first, and an invitation link's token exchanged for a new one
//! by the page that opens it ([`Seats::claim`]), so the seat is the invitee's alone.

use super::games::ApiError;
use super::ids::random_hex;
use serde_json::{json, Map, Value};
use stones_core::Colour;

/// The tokens of a game's human seats, and an undo asked for and not yet answered.
///
/// A seat's token is kept only as its digest ([`digest`]), here and in the database: whoever
/// reads the database file learns no token. The token itself is known only where it is made —
/// at the game's creation (given to the creator once) and when an open seat is joined (a new one,
/// given to the joiner).
#[derive(Debug, Clone, Default)]
pub struct Seats {
    /// The seats' token digests.
    tokens: [Option<String>; 2],
    /// The tokens made in this process at the game's creation, for the creator's answer.
    made: [Option<String>; 2],
    /// The seat that asked to take back the last move.
    pub undo_request: Option<Colour>,
    /// A human seat left open in the lobby: its token goes to whoever joins first.
    pub open: Option<Colour>,
}

/// What an undo request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoStep {
    /// Take back now: the other person agreed, or there is no other person.
    TakeBack,
    /// Asked: the other person is to accept or decline.
    Asked,
    /// The other person said no.
    Declined,
}

fn side(c: Colour) -> &'static str {
    ["black", "white"][c.idx()]
}

/// What the database keeps of a token: `sha256:` and its SHA-256 in hex. The tokens are 128 random
/// bits, so one unsalted hash is enough (nothing to guess).
pub fn digest(token: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(token.as_bytes());
    let mut out = String::from(DIGEST);
    for b in hash.iter() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// The prefix of a token's digest (a stored value without it is a token of an older server).
const DIGEST: &str = "sha256:";

/// Equal without leaking where they first differ through the time taken.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Seats {
    /// A fresh token for each human seat.
    pub fn new(humans: [bool; 2]) -> Result<Seats, ApiError> {
        let mut seats = Seats::default();
        for (i, human) in humans.iter().enumerate() {
            if *human {
                let token = random_hex()?;
                seats.tokens[i] = Some(digest(&token));
                seats.made[i] = Some(token);
            }
        }
        Ok(seats)
    }

    /// Seats with these token digests (as stored; a plain token of an older server is digested
    /// here), `open` still to be joined.
    pub fn from_tokens(tokens: [Option<String>; 2], open: Option<Colour>) -> Seats {
        let digested = tokens.map(|t| {
            t.map(|t| match t.starts_with(DIGEST) {
                true => t,
                false => digest(&t),
            })
        });
        Seats {
            tokens: digested,
            open,
            ..Seats::default()
        }
    }

    /// Gives the open seat to whoever asks first: its colour and a new token for it (its digest
    /// replaces the seat's, to be stored); 409 when none is open.
    pub fn join(&mut self) -> Result<(Colour, String), ApiError> {
        let seat = self
            .open
            .filter(|c| self.tokens[c.idx()].is_some())
            .ok_or_else(|| ApiError(409, "no seat is open in this game".into()))?;
        let token = random_hex()?;
        self.tokens[seat.idx()] = Some(digest(&token));
        self.open = None;
        Ok((seat, token))
    }

    /// Exchanges a seat's token (the invitation link's) for a new one: the seat, and the new token,
    /// whose digest replaces the seat's (to be stored); the old token acts no more, wherever it is
    /// kept (the creator's page). Claiming again with the new token is harmless: the same seat, a
    /// fresh token. A token that is no seat's: 403.
    pub fn claim(&mut self, token: Option<&str>) -> Result<(Colour, String), ApiError> {
        let seat = self.seat_of(token).ok_or_else(|| {
            ApiError(
                403,
                "this link's seat token is no seat's here (claimed already from another page?)"
                    .into(),
            )
        })?;
        let token = random_hex()?;
        self.tokens[seat.idx()] = Some(digest(&token));
        self.made[seat.idx()] = None;
        Ok((seat, token))
    }

    /// A new token for `seat` (a person's), whose digest replaces the seat's (to be stored): how an
    /// account takes the seat it was entered in (a tournament's game); every token the seat had
    /// acts no more. 403 for a computer's seat.
    pub fn reissue(&mut self, seat: Colour) -> Result<String, ApiError> {
        if self.tokens[seat.idx()].is_none() {
            return Err(ApiError(403, "that seat is the computer's".into()));
        }
        let token = random_hex()?;
        self.tokens[seat.idx()] = Some(digest(&token));
        self.made[seat.idx()] = None;
        Ok(token)
    }

    /// The token digests, `None` for a computer's seat.
    pub fn tokens(&self) -> &[Option<String>; 2] {
        &self.tokens
    }

    /// `{"black": token, "white": token}` for the human seats made in this process (not the open
    /// one): the creator's, right after the creation.
    pub fn tokens_json(&self) -> Value {
        let mut m = Map::new();
        for c in [Colour::Black, Colour::White] {
            if self.open == Some(c) {
                continue;
            }
            if let Some(t) = &self.made[c.idx()] {
                m.insert(side(c).into(), json!(t));
            }
        }
        Value::Object(m)
    }

    /// The seat whose token this is.
    pub fn seat_of(&self, token: Option<&str>) -> Option<Colour> {
        let presented = digest(token?);
        [Colour::Black, Colour::White].into_iter().find(|c| {
            self.tokens[c.idx()]
                .as_deref()
                .is_some_and(|t| same(t, &presented))
        })
    }

    /// The token is `colour`'s seat's, or 403.
    pub fn require(&self, token: Option<&str>, colour: Colour) -> Result<(), ApiError> {
        if self.seat_of(token) == Some(colour) {
            return Ok(());
        }
        Err(ApiError(
            403,
            format!(
                "{} is to act here: send {}'s seat token (Authorization: Bearer …, from the invitation link)",
                side(colour),
                side(colour)
            ),
        ))
    }

    /// The token is some human seat's, or 403.
    pub fn require_any(&self, token: Option<&str>) -> Result<Colour, ApiError> {
        self.seat_of(token).ok_or_else(|| {
            ApiError(
                403,
                "only a player may do this: send your seat token (Authorization: Bearer …, from the invitation link)"
                    .into(),
            )
        })
    }

    /// One step of taking back the last move, asked with `token`: alone against the computer it is
    /// done at once; between two people the first asks and the other accepts (or declines).
    pub fn undo_step(
        &mut self,
        token: Option<&str>,
        decline: bool,
        has_moves: bool,
    ) -> Result<UndoStep, ApiError> {
        let seat = self.require_any(token)?;
        if self.open.is_some() {
            return Err(ApiError(
                409,
                "the other seat is still open: nobody to ask".into(),
            ));
        }
        let people = self.tokens.iter().filter(|t| t.is_some()).count();
        let other = seat.opponent();
        if decline {
            if self.undo_request != Some(other) {
                return Err(ApiError(
                    409,
                    format!("{} has not asked to take back a move", side(other)),
                ));
            }
            self.undo_request = None;
            return Ok(UndoStep::Declined);
        }
        if !has_moves {
            return Err(ApiError::bad("there is no move to take back"));
        }
        if people < 2 || self.undo_request == Some(other) {
            self.undo_request = None;
            return Ok(UndoStep::TakeBack);
        }
        if self.undo_request == Some(seat) {
            return Err(ApiError(
                409,
                format!("you asked already: {} is to accept or decline", side(other)),
            ));
        }
        self.undo_request = Some(seat);
        Ok(UndoStep::Asked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens a creator is given.
    fn made(s: &Seats) -> [String; 2] {
        let json = s.tokens_json();
        ["black", "white"].map(|c| json[c].as_str().unwrap().to_string())
    }

    #[test]
    fn between_two_people_an_undo_is_asked_then_accepted_or_declined() {
        let mut s = Seats::new([true, true]).unwrap();
        let [b, w] = made(&s);
        assert_eq!(s.undo_step(None, false, true).unwrap_err().0, 403);
        assert_eq!(s.undo_step(Some("x"), false, true).unwrap_err().0, 403);
        assert_eq!(s.undo_step(Some(&b), false, true), Ok(UndoStep::Asked));
        assert_eq!(s.undo_step(Some(&b), false, true).unwrap_err().0, 409);
        assert_eq!(s.undo_step(Some(&w), true, true), Ok(UndoStep::Declined));
        assert_eq!(s.undo_request, None);
        assert_eq!(s.undo_step(Some(&b), false, true), Ok(UndoStep::Asked));
        assert_eq!(s.undo_step(Some(&w), false, true), Ok(UndoStep::TakeBack));
        assert_eq!(s.undo_request, None);
    }

    #[test]
    fn alone_against_the_computer_an_undo_is_at_once() {
        let mut s = Seats::new([true, false]).unwrap();
        let b = s.tokens_json()["black"].as_str().unwrap().to_string();
        assert!(s.tokens()[1].is_none() && s.tokens_json().get("white").is_none());
        assert_eq!(s.undo_step(Some(&b), false, true), Ok(UndoStep::TakeBack));
        assert_eq!(s.undo_step(Some(&b), false, false).unwrap_err().0, 400);
        assert_eq!(s.require(Some(&b), Colour::White).unwrap_err().0, 403);
        assert!(s.require(Some(&b), Colour::Black).is_ok());
    }

    #[test]
    fn an_open_seat_is_given_once_and_its_token_is_not_shown_before() {
        let mut s = Seats::new([true, true]).unwrap();
        s.open = Some(Colour::White);
        assert!(s.tokens_json().get("white").is_none());
        assert!(s.tokens_json().get("black").is_some());
        let old = s.tokens()[1].clone();
        let (seat, token) = s.join().unwrap();
        assert_eq!(seat, Colour::White);
        // A new token, kept as its digest: the joiner's works, the one made at creation not.
        assert_eq!(s.tokens()[1], Some(digest(&token)));
        assert_ne!(s.tokens()[1], old);
        assert_eq!(s.seat_of(Some(&token)), Some(Colour::White));
        assert_eq!(s.join().unwrap_err().0, 409);
    }

    #[test]
    fn a_claimed_seat_gets_a_new_token_and_the_links_stops_acting() {
        let mut s = Seats::new([true, true]).unwrap();
        let [b, w] = made(&s);
        let (seat, fresh) = s.claim(Some(&w)).unwrap();
        assert_eq!(seat, Colour::White);
        assert_eq!(s.tokens()[1], Some(digest(&fresh)));
        assert_eq!(s.require(Some(&w), Colour::White).unwrap_err().0, 403);
        assert!(s.require(Some(&fresh), Colour::White).is_ok());
        assert_eq!(s.claim(Some(&w)).unwrap_err().0, 403);
        assert_eq!(s.claim(Some("bogus")).unwrap_err().0, 403);
        assert_eq!(s.claim(None).unwrap_err().0, 403);
        // Again with the new token: the same seat, once more a fresh token.
        let (again, newer) = s.claim(Some(&fresh)).unwrap();
        assert_eq!((again, newer != fresh), (Colour::White, true));
        assert_eq!(s.seat_of(Some(&fresh)), None);
        // Black's is untouched.
        assert_eq!(s.seat_of(Some(&b)), Some(Colour::Black));
    }

    #[test]
    fn only_digests_are_kept_and_an_older_servers_plain_tokens_still_work() {
        let s = Seats::new([true, true]).unwrap();
        let [b, _] = made(&s);
        assert!(s
            .tokens()
            .iter()
            .flatten()
            .all(|t| t.starts_with("sha256:") && !t.contains(&b)));
        // Loaded from the database: the digests, nothing to hand out again.
        let loaded = Seats::from_tokens(s.tokens().clone(), None);
        assert_eq!(loaded.seat_of(Some(&b)), Some(Colour::Black));
        assert_eq!(loaded.tokens_json(), json!({}));
        assert_eq!(
            loaded.seat_of(Some(s.tokens()[0].as_deref().unwrap())),
            None
        );
        // A row an older server wrote holds the token itself.
        let legacy = Seats::from_tokens([Some("abc".into()), None], None);
        assert_eq!(legacy.seat_of(Some("abc")), Some(Colour::Black));
        assert_eq!(legacy.tokens()[0], Some(digest("abc")));
    }
}
