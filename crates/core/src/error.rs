//! Errors shared by every game: bad coordinates, bad rulesets, bad setups.

use crate::input::quote;
use thiserror::Error;

/// A point name that is malformed or off the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} is not a point on this board: expected {allowed}", quote(.text))]
pub struct CoordError {
    /// What was given.
    pub text: String,
    /// What is allowed, in words.
    pub allowed: String,
}

/// A move given as text that does not name a move of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move {}: {why}", quote(.text))]
pub struct MoveSyntaxError {
    /// What was given.
    pub text: String,
    /// What was wrong and what is allowed.
    pub why: String,
}

impl From<CoordError> for MoveSyntaxError {
    fn from(e: CoordError) -> Self {
        MoveSyntaxError {
            why: format!("expected {} or pass", e.allowed),
            text: e.text,
        }
    }
}

/// A ruleset that could not be found, read or understood.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("ruleset {source_name}: {message}")]
pub struct RulesError {
    /// Which ruleset: a built-in name, a file path, or an override.
    pub source_name: String,
    /// What was wrong, naming the key and the allowed values.
    pub message: String,
}

impl RulesError {
    /// An error about the ruleset called `source_name`.
    pub fn new(source_name: impl Into<String>, message: impl Into<String>) -> Self {
        RulesError {
            source_name: source_name.into(),
            message: message.into(),
        }
    }
}

/// A starting position that cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad setup: {0}")]
pub struct SetupError(pub String);

/// The refusals every placement game shares (Gomoku, Hex, Connect6 wrap it in their own refusals).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlaceRefused {
    /// The game has ended; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// A point index that is not on this board.
    #[error("point #{0} is not on this board")]
    OffBoard(u16),
    /// The point (named) already holds a stone.
    #[error("occupied: {0} already has a stone")]
    Occupied(String),
    /// A pass in a game that has none.
    #[error("there is no pass in this game: play a point or resign")]
    NoPass,
}

impl PlaceRefused {
    /// Why stones on `points` are refused, in this order: the game is `over`, a point is past the
    /// board `topo`, a point is `taken` (asked only of points on the board).
    pub fn check(
        over: bool,
        topo: &crate::Topology,
        points: impl IntoIterator<Item = crate::Point> + Clone,
        taken: impl Fn(crate::Point) -> bool,
    ) -> Result<(), PlaceRefused> {
        if over {
            return Err(PlaceRefused::GameOver);
        }
        if let Some(p) = points.clone().into_iter().find(|p| p.idx() >= topo.len()) {
            return Err(PlaceRefused::OffBoard(p.0));
        }
        match points.into_iter().find(|&p| taken(p)) {
            Some(p) => Err(PlaceRefused::Occupied(topo.name(p))),
            None => Ok(()),
        }
    }
}
