//! The object-safe, text-level face of every game, implemented once for all `G: Game`.
//!
//! `Game` has associated types, so the CLI cannot hold `dyn Game`; it holds an [`AnyGame`] whose
//! variants all implement this trait through the blanket impl, and enum_dispatch forwards the calls
//! without `Box<dyn>`. The trait and the enum live together in this one module on purpose:
//! enum_dispatch generates nothing, silently, when they are in different crates, and emits its impl
//! beside whichever of the two it reads last.

use enum_dispatch::enum_dispatch;
use stones_core::board_text::{board_rows, parse_board};
use stones_core::{Colour, Game, MoveSyntaxError, Rng, Score, SetupError, Shape, Status};
use stones_dots::DotsGame;
use stones_go::GoGame;
use stones_gomoku::Gomoku;
use stones_trigo::TrigoGame;
use thiserror::Error;

/// A game of any kind, dispatched without `Box<dyn>`. One line per game.
#[enum_dispatch(TextGame)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    GoGame,
    DotsGame,
    TrigoGame,
    Gomoku,
}

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PlayError {
    /// The text is not a move of this game.
    #[error("{0}")]
    Syntax(#[from] MoveSyntaxError),
    /// The move is not legal now; the text is the reason.
    #[error("illegal move {text}: {reason}")]
    Illegal { text: String, reason: String },
}

/// A game driven by text: what the CLI, case files and replays need.
#[enum_dispatch]
pub trait TextGame {
    /// The game's name (`go`, …).
    fn game_name(&self) -> &'static str;
    /// Plays a move given as text; returns its canonical text.
    fn play_text(&mut self, text: &str) -> Result<String, PlayError>;
    /// Every legal move in text form.
    fn legal_moves_text(&self) -> Vec<String>;
    /// Takes back the last move; false when there is none.
    fn undo_move(&mut self) -> bool;
    /// The picture of the board.
    fn render_board(&self, colour: bool) -> String;
    /// Where the game stands.
    fn game_status(&self) -> Status;
    /// Whose turn it is.
    fn player_to_move(&self) -> Colour;
    /// Board rows, top first, `x`/`o`/`.` separated by spaces.
    fn board_rows(&self) -> Vec<String>;
    /// Captures of each player, Black first.
    fn capture_counts(&self) -> [u32; 2];
    /// The score as if the game ended now.
    fn current_score(&self) -> Score;
    /// Replaces the position with case-file board rows and the player to move.
    fn setup_text(&mut self, board: &str, to_move: Colour) -> Result<(), SetupError>;
    /// Plays one random game to the end on the fast path; returns the moves played.
    fn random_playout(&mut self, rng: &mut Rng) -> usize;
    /// How points are written on this board.
    fn notation_help(&self) -> String;
    /// The board's size in words: `19x19`, `hexagon of side 8, 169 points`.
    fn size_text(&self) -> String;
}

impl<G: Game> TextGame for G {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn play_text(&mut self, text: &str) -> Result<String, PlayError> {
        let mv = self.parse_move(text)?;
        let canonical = self.move_text(mv);
        self.play(mv).map_err(|e| PlayError::Illegal {
            text: canonical.clone(),
            reason: e.to_string(),
        })?;
        Ok(canonical)
    }

    fn legal_moves_text(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.move_text(m)).collect()
    }

    fn undo_move(&mut self) -> bool {
        self.undo()
    }

    fn render_board(&self, colour: bool) -> String {
        self.render(colour)
    }

    fn game_status(&self) -> Status {
        self.status()
    }

    fn player_to_move(&self) -> Colour {
        self.to_move()
    }

    fn board_rows(&self) -> Vec<String> {
        board_rows(self.topology(), |p| self.stone(p))
    }

    fn capture_counts(&self) -> [u32; 2] {
        self.captures()
    }

    fn current_score(&self) -> Score {
        self.score()
    }

    fn setup_text(&mut self, board: &str, to_move: Colour) -> Result<(), SetupError> {
        let stones = parse_board(self.topology(), board)?;
        self.set_position(&stones, to_move)
    }

    fn random_playout(&mut self, rng: &mut Rng) -> usize {
        let cap = 10 * self.topology().len() + 100;
        self.playout(rng, cap)
    }

    fn notation_help(&self) -> String {
        self.topology().describe_notation()
    }

    fn size_text(&self) -> String {
        let topo = self.topology();
        match topo.shape() {
            Shape::Square { width, height, .. } => format!("{width}x{height}"),
            Shape::Hex { side } => format!("hexagon of side {side}, {} points", topo.len()),
        }
    }
}
