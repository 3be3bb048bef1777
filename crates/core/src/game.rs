//! The contract every rule crate implements.

use crate::colour::Colour;
use crate::error::{MoveSyntaxError, RulesError, SetupError};
use crate::rules::RuleSet;
use crate::svg::{Decorations, Mark};
use crate::topology::{Point, Topology};
use crate::zobrist::Rng;
use std::fmt;

/// Points for each player, komi included, counted as if the game ended now.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Score {
    pub black: f64,
    pub white: f64,
}

impl Score {
    /// The score of a game without points (n in a row): 1 for the winner of a finished game, 0 for
    /// everything else.
    pub fn of_winner(status: &Status) -> Score {
        let winner = match status {
            Status::Over(outcome) => outcome.winner,
            _ => None,
        };
        let one = |c: Colour| f64::from(u8::from(winner == Some(c)));
        Score {
            black: one(Colour::Black),
            white: one(Colour::White),
        }
    }

    /// The result string this score gives: `B+3`, `W+5.5`, or `Draw`.
    pub fn result(&self) -> String {
        let margin = self.black - self.white;
        if margin > 0.0 {
            format!("B+{}", fmt_points(margin))
        } else if margin < 0.0 {
            format!("W+{}", fmt_points(-margin))
        } else {
            "Draw".to_string()
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Colour> {
        if self.black > self.white {
            Some(Colour::Black)
        } else if self.white > self.black {
            Some(Colour::White)
        } else {
            None
        }
    }
}

/// Formats points as the shortest text that reads back as the same number, without a trailing `.0`
/// (`5`, `5.5`, `0` for −0). From 10^16 on, where `f64` no longer holds every whole number, and below
/// 10^-5 it uses an exponent (`1e308`, `1e-300`) instead of hundreds of digits; nothing saturates.
pub fn fmt_points(v: f64) -> String {
    if v == 0.0 {
        "0".to_string()
    } else if (1e-5..1e16).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// The most moves a game or a playout on `points` points is let run (10 a point + 100): far more
/// than any real game, and a bound on one that never ends (a long ko fight in a playout, a server
/// game, a match).
pub fn move_cap(points: usize) -> usize {
    10 * points + 100
}

/// A uniformly random move of [`Game::legal_moves`], or `None` when there is none: the default
/// [`Game::random_move`], and the fallback of games whose own draw covers only some phases.
pub fn random_legal<G: Game>(game: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// [`Game::play`] for a game whose [`Game::check`] is complete: checks `mv`, then plays it with
/// `unchecked` (the game's path without checks); a refused move changes nothing.
pub fn play_checked<G: Game>(
    game: &mut G,
    mv: G::Move,
    unchecked: fn(&mut G, G::Move),
) -> Result<(), G::Illegal> {
    game.check(mv)?;
    unchecked(game, mv);
    Ok(())
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Colour>,
    /// The result string, as SGF's `RE` writes it ([`crate::sgf_result`]): `B+R`, `W+5.5`, `B+T`,
    /// `B+` (a win with no score: five in a row, a connection), or `Draw (why)`.
    pub result: String,
}

impl Outcome {
    /// A win for `winner`, written `B+` and then `how` (`B+R`, `B+T`; `B+` alone for a win with no
    /// score). A number after the `+` is read as a margin of points.
    pub fn win(winner: Colour, how: &str) -> Outcome {
        let result = format!("{}+{how}", winner.letter());
        let winner = Some(winner);
        Outcome { winner, result }
    }

    /// A draw, written `Draw (why)`.
    pub fn draw(why: &str) -> Outcome {
        let result = format!("Draw ({why})");
        Outcome {
            winner: None,
            result,
        }
    }

    /// A win by resignation of `loser`.
    pub fn resignation(loser: Colour) -> Outcome {
        Outcome::win(loser.opponent(), "R")
    }

    /// The outcome a final score gives.
    pub fn from_score(score: &Score) -> Outcome {
        Outcome {
            winner: score.winner(),
            result: score.result(),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Moves are being played.
    Ongoing,
    /// Play has stopped and the players are agreeing on dead stones (Go, TriGo).
    Scoring,
    /// The game is over.
    Over(Outcome),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Scoring => f.write_str("scoring"),
            Status::Over(_) => f.write_str("over"),
        }
    }
}

/// One game's rules engine over its topology.
///
/// Three tiers of playing a move: [`Game::check`] says whether a move is legal and why not,
/// [`Game::play`] checks and applies it (for anything from outside), and each crate offers an unchecked
/// fast path for search and playouts where legality is already known.
///
/// Most items have a default; what a game must write is its rules. The random-game contract
/// ([`crate::contract::check_random_games`]) also wants the game `PartialEq`.
///
/// # Examples
///
/// The three tiers, with `Row`, the tiny game of the [crate doc](crate#a-whole-game)
/// (tic-tac-toe under its default rules):
///
/// ```
/// # include!("../doc/row_game.rs");
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Row::new(RowRules::default())?;
/// let b2 = game.parse_move("b2")?;
/// assert_eq!(game.check(b2), Ok(())); // 1. asks, and changes nothing
/// game.play(b2)?; // 2. checks, then plays
/// let refused = game.check(b2).unwrap_err();
/// assert_eq!(refused.to_string(), "occupied: B2 already has a stone");
/// game.play_unchecked(game.parse_move("a1")?); // 3. the game's own path, for moves known legal
///
/// let centre = game.topology().parse_point("b2")?;
/// assert_eq!((game.stone(centre), game.to_move()), (Some(Colour::Black), Colour::Black));
/// assert_eq!(game.move_text(b2), "B2");
/// let bad = game.parse_move("d4").unwrap_err().to_string();
/// assert!(bad.starts_with("cannot read move 'd4': expected a point from A1 to C3"), "{bad}");
///
/// // Undo restores the state and the hash exactly.
/// let (before, hash) = (game.clone(), game.hash());
/// game.play(game.parse_move("c3")?)?;
/// assert_ne!(game.hash(), hash);
/// assert!(game.undo());
/// assert_eq!((&game, game.hash()), (&before, hash));
///
/// // The items with defaults: no captures, no komi, the winner's point as the score.
/// assert_eq!((game.captures(), game.komi()), ([0, 0], None));
/// assert_eq!(game.score(), stones_core::Score::default());
/// # Ok(())
/// # }
/// ```
pub trait Game: Clone + fmt::Debug + Sized {
    /// A move in typed form.
    type Move: Copy + Eq + fmt::Debug;
    /// The typed ruleset.
    type Rules: RuleSet;
    /// Why a move was refused.
    type Illegal: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's name on the command line (`go`, `dots`, …): by default its rules' game
    /// ([`RuleSet::GAME`]), which names it in their errors and files.
    const NAME: &'static str = <Self::Rules as RuleSet>::GAME;

    /// A new game under `rules` (checked: sizes in range and so on).
    fn new(rules: Self::Rules) -> Result<Self, RulesError>;

    /// The rules this game is played under.
    fn rules(&self) -> &Self::Rules;

    /// The board geometry.
    fn topology(&self) -> &Topology;

    /// Replaces the position with `stones` (one entry per point, `None` = empty) and `to_move`.
    /// The move history is cleared: this is the new start.
    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError>;

    /// Whose turn it is.
    fn to_move(&self) -> Colour;

    /// Where the game stands.
    fn status(&self) -> Status;

    /// Appends every legal move to `out` (cleared first). Resignation is always legal and not listed.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Whether `mv` is legal now, and why not.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// Checks and plays `mv`; a refused move changes nothing.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// Takes back the last move played with [`Game::play`]; false when there is none.
    fn undo(&mut self) -> bool;

    /// Reads a move in text form (`D4`, `pass`, `resign`, …).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveSyntaxError>;

    /// The canonical text form of `mv`; `parse_move` reads it back to `mv`.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The stone on `p`, as a player would see it on the board.
    fn stone(&self, p: Point) -> Option<Colour>;

    /// Stones (or dots) each player has captured so far, Black first (none by default: games
    /// without captures).
    fn captures(&self) -> [u32; 2] {
        [0, 0]
    }

    /// The komi White receives, in games that have one.
    fn komi(&self) -> Option<f64> {
        None
    }

    /// The score as if the game ended now, kept incrementally where the game allows. The default is
    /// for games without points (n in a row): 1 for the winner of a finished game
    /// ([`Score::of_winner`]).
    fn score(&self) -> Score {
        Score::of_winner(&self.status())
    }

    /// The same score computed from scratch; the generic tests compare it with [`Game::score`].
    fn recount(&self) -> Score {
        self.score()
    }

    /// A Zobrist hash of the whole state that matters for legality (stones, side to move, …).
    fn hash(&self) -> u64;

    /// A text picture of the board, with coordinates; `colour` adds ANSI colours. The default is the
    /// shared renderer's picture of the stones and of [`Game::decorations`] (last move, winning row,
    /// dead stones): see [`crate::text_render::game_decorations`].
    fn render(&self, colour: bool) -> String {
        let deco = crate::text_render::game_decorations(self);
        crate::text_render::render(self.topology(), |p| self.stone(p), &deco, colour)
    }

    /// The text picture drawn narrower, for a terminal narrower than [`Game::render`]'s (Dots'
    /// 39 x 32 field: [`crate::text_render::GridLayout::COMPACT`]). The default is `render`'s.
    fn render_compact(&self, colour: bool) -> String {
        self.render(colour)
    }

    /// What the SVG picture ([`crate::svg::render_svg`]) shows besides the stones: last move, dead
    /// stones, territory, enclosures, a winning row, star points. The default shows none of it.
    fn decorations(&self) -> Decorations {
        Decorations::default()
    }

    /// The signs on points alone ([`Decorations::marks`]: the ko point, dots taken inside an
    /// enclosure), for a reader that wants them without the rest of the picture (a learner's
    /// observation, once per move). The default takes them from [`Game::decorations`].
    fn marks(&self) -> Vec<(Point, Mark)> {
        self.decorations().marks
    }

    /// The SVG picture of the position (see [`crate::svg`]).
    fn svg(&self) -> String {
        crate::svg::render_svg(self.topology(), |p| self.stone(p), &self.decorations())
    }

    // What front ends say about the game (the terminal, `stones list`, saved records). Every item
    // has a default, so a new game needs none of them.

    /// One line about the game, for `stones list`.
    const ABOUT: &'static str = "";

    /// Board sizes the generic contract test plays on, as TOML values of the `size` key: small, so
    /// that every step can check every point. None: the rulesets as they are (no `size` key).
    const TEST_SIZES: &'static [&'static str] = &["5", "9"];

    /// The usual board sizes, as TOML values of the `size` key, for the web page's choices (the
    /// default ruleset's size is always offered).
    const SIZES: &'static [&'static str] = &[];

    /// The game's own part of the `play` prompt's help: its moves and notation, and what applies
    /// now, a line each.
    fn help(&self) -> String {
        format!(
            "a move is {}; or `resign`.\n",
            self.topology().describe_notation()
        )
    }

    /// What `mv`, just played by `mover`, did besides putting its stones, one clause each
    /// (`Black passes (one more pass ends play)`, `White captures 3`, the ko point). `before` are
    /// the captures before it. The default says the captures ([`crate::talk::captures_said`]).
    fn move_notes(&self, mover: Colour, mv: Self::Move, before: [u32; 2]) -> Vec<String> {
        let _ = mv;
        crate::talk::captures_said(mover, before, self.captures())
    }

    /// How `colour`'s points are made, one part each (`stones 40`, `territory 12`); komi is added
    /// by the caller. The default has none.
    fn score_parts(&self, colour: Colour) -> Vec<String> {
        let _ = colour;
        Vec::new()
    }

    /// The result in words, for games whose results are not a count of points (`Black wins with
    /// five in a row`); `None` leaves it to the caller's words for points, resignation and time.
    fn outcome_words(&self, outcome: &Outcome) -> Option<String> {
        let _ = outcome;
        None
    }

    /// While one player moves on alone after the other's STOP (Dots): the seconds they have.
    fn alone_seconds(&self) -> Option<u64> {
        None
    }

    /// The move that records a loss on time, in games whose records keep one (Gomoku).
    fn timeout_move(&self) -> Option<Self::Move> {
        None
    }

    /// The SGF `GM` number of the game, when it has an SGF form.
    const SGF_GM: Option<u32> = None;

    /// The game so far as an SGF record with `result` in `RE` and `rule` (the ruleset as
    /// `name key=value…`) in `RU`; `None` when the game has no SGF form.
    fn to_sgf(&self, result: Option<&str>, rule: &str) -> Option<String> {
        let _ = (result, rule);
        None
    }

    /// Reads the move of an SGF node: `values` are the texts of its `B` or `W` property. The
    /// default reads them as the game's own notation, several values as one multi-point move.
    fn sgf_move(&self, values: &[&str]) -> Result<Self::Move, MoveSyntaxError> {
        self.parse_move(&values.join(" "))
    }

    /// Plays random moves until the game is over or `cap` moves are played; returns the moves played.
    /// Games override this with their fast, allocation-free path (it is what `stones bench` times).
    fn playout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        let mut n = 0;
        while n < cap && matches!(self.status(), Status::Ongoing) {
            match self.random_move(rng) {
                Some(mv) if self.play(mv).is_ok() => n += 1,
                _ => break,
            }
        }
        n
    }

    /// A uniformly random legal move, or `None` when there is none (the game is over): by default
    /// [`random_legal`], which lists them.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        random_legal(self, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_back_as_the_same_number_and_never_saturate() {
        for (v, text) in [
            (5.0, "5"),
            (5.5, "5.5"),
            (-3.0, "-3"),
            (-0.0, "0"),
            (0.1, "0.1"),
            (0.00001, "0.00001"),
            (-1e-300, "-1e-300"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (1e16, "1e16"),
            (9.3e18, "9.3e18"),
            (-1e20, "-1e20"),
            (1e308, "1e308"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(fmt_points(v), text, "{v:?}");
            if v.is_finite() {
                assert_eq!(text.parse::<f64>(), Ok(v), "{text}");
            }
        }
        let score = Score {
            black: 0.0,
            white: 1e308,
        };
        assert_eq!(score.result(), "W+1e308");
        let won = Status::Over(Outcome::resignation(Colour::Black));
        assert_eq!(
            (Score::of_winner(&won).black, Score::of_winner(&won).white),
            (0.0, 1.0)
        );
        assert_eq!(Score::of_winner(&Status::Ongoing), Score::default());
    }
}
