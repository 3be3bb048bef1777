//! The object-safe, text-level face of every game, implemented once for all `G: Game`.
//!
//! `Game` has associated types, so the CLI cannot hold `dyn Game`; it holds an [`AnyGame`] whose
//! variants all implement this trait through the blanket impl, and enum_dispatch forwards the calls
//! without `Box<dyn>`. The trait and the enum live together in this one module on purpose:
//! enum_dispatch generates nothing, silently, when they are in different crates, and emits its impl
//! beside whichever of the two it reads last.

use enum_dispatch::enum_dispatch;
use std::any::Any;
use std::time::Duration;
use stones_ai::{Mcts, Progress, SearchOptions};
use stones_core::board_text::{board_rows, parse_board};
use stones_core::{
    Colour, MoveSyntaxError, Outcome, Point, Rng, Score, SearchGame, SetupError, Shape, Status,
    Trail,
};
use thiserror::Error;

// The registry: one line per game, `Variant: crate::Type` (see crate::registry).
crate::registry::games! {
    Go: stones_go::GoGame,
    Dots: stones_dots::DotsGame,
    Gomoku: stones_gomoku::Gomoku,
    Trigo: stones_trigo::TrigoGame,
    Connect6: stones_connect6::Connect6,
    Hex: stones_hex::HexGame,
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

/// What the search thought of a move, in text.
#[derive(Clone, Debug, Default)]
pub struct TextThought {
    /// The move (`None` when the game is over).
    pub mv: Option<String>,
    /// The search advises resigning.
    pub resign: bool,
    pub playouts: u64,
    /// Tree nodes made for this move.
    pub nodes: u64,
    /// The mover's estimated win rate, 0–1.
    pub win_rate: f32,
    /// Whether the win rate is proven.
    pub proven: bool,
    /// The line the search expects, the move first.
    pub pv: Vec<String>,
    pub elapsed: Duration,
}

impl TextThought {
    /// One line for people ([`stones_ai::summary_line`]).
    pub fn summary(&self) -> String {
        stones_ai::summary_line(
            self.playouts,
            self.elapsed,
            self.nodes,
            (self.win_rate, self.proven),
            &self.pv,
        )
    }
}

/// The search's memory between moves (its trees), of whatever game it searched.
#[derive(Default)]
pub struct Brain(Option<Box<dyn Any + Send>>);

impl std::fmt::Debug for Brain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Brain")
    }
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
    /// The board drawn narrower ([`Game::render_compact`]).
    fn render_board_compact(&self, colour: bool) -> String;
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
    /// Plays `playouts` games from here with the search's own playout policy, each on a copy
    /// refreshed as the search refreshes its own (no tree); returns the moves played.
    fn search_rollouts(&self, rng: &mut Rng, playouts: usize) -> usize;
    /// How points are written on this board.
    fn notation_help(&self) -> String;
    /// The board's size in words: `19x19`, `hexagon of side 8, 169 points`.
    fn size_text(&self) -> String;
    /// Searches for a move with `options`, keeping the trees in `brain` for the next move.
    fn think(
        &self,
        options: &SearchOptions,
        brain: &mut Brain,
        progress: &mut dyn FnMut(&Progress),
    ) -> TextThought;
    /// A uniformly random legal move, or `None` when the game is over.
    fn random_move_text(&self, rng: &mut Rng) -> Option<String>;
    /// The stones the search thinks are dead (one per chain, to mark), from `playouts` playouts of
    /// ownership as if play went on.
    fn dead_estimate(&self, playouts: u64) -> Vec<String>;
    /// Per point (in topology order), Black's ownership from -1 to 1, from `playouts` playouts.
    fn ownership(&self, playouts: u64) -> Vec<f32>;
    /// The name of point `i` in the game's notation.
    fn point_name(&self, i: usize) -> String;
    /// The board's shape.
    fn topology_shape(&self) -> Shape;
    /// How many points the board has.
    fn point_count(&self) -> usize;
    /// The `(x, y)` of a point given by name (see [`Shape`]), if the text is one point.
    fn point_xy(&self, text: &str) -> Option<(u16, u16)>;
    /// The name of the point at `(x, y)`, if that is on the board.
    fn point_at(&self, x: i32, y: i32) -> Option<String>;
    /// The komi White receives, in games that have one.
    fn komi_points(&self) -> Option<f64>;
    /// The SVG picture of the position (the same for `replay --svg` and the web page).
    fn svg_picture(&self) -> String;
    /// The points of each drawn row, top row first, left to right, as point indices.
    fn point_rows(&self) -> Vec<Vec<usize>>;
    /// The stone on point `i`, if any.
    fn stone_at(&self, i: usize) -> Option<Colour>;
    /// The game's own help: its moves and notation, and what applies now ([`Game::help`]).
    fn game_help_text(&self) -> String;
    /// What the move `mv` (its canonical text), just played by `mover`, did besides putting its
    /// stones; `before` are the captures before it ([`Game::move_notes`]).
    fn move_notes_text(&self, mover: Colour, mv: &str, before: [u32; 2]) -> Vec<String>;
    /// How `colour`'s points are made ([`Game::score_parts`]).
    fn score_parts_of(&self, colour: Colour) -> Vec<String>;
    /// The result in words, when it is not a count of points ([`Game::outcome_words`]).
    fn outcome_text(&self, outcome: &Outcome) -> Option<String>;
    /// The seconds the player moving alone after a STOP has ([`Game::alone_seconds`]).
    fn alone_time(&self) -> Option<u64>;
    /// The text of the move that records a loss on time, if the game keeps one.
    fn timeout_move_text(&self) -> Option<String>;
    /// The game as an SGF record, before the `RU` is added ([`Game::to_sgf`]).
    fn sgf_text(&self, result: Option<&str>, rule: &str) -> Option<String>;
    /// Reads an SGF node's `B`/`W` values as a move, in its canonical text ([`Game::sgf_move`]).
    fn sgf_move_text(&self, values: &[&str]) -> Result<String, MoveSyntaxError>;
}

impl<G: SearchGame + 'static> TextGame for G {
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

    fn render_board_compact(&self, colour: bool) -> String {
        self.render_compact(colour)
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
        let cap = stones_core::move_cap(self.topology().len());
        self.playout(rng, cap)
    }

    fn search_rollouts(&self, rng: &mut Rng, playouts: usize) -> usize {
        let cap = stones_core::move_cap(self.topology().len());
        let mut trail = Trail::new(self.topology().len());
        let root = self.search_copy();
        let mut game = root.clone();
        let mut moves = 0;
        for _ in 0..playouts {
            game.clone_from(&root);
            trail.clear();
            moves += game.rollout(rng, cap, &mut trail);
            std::hint::black_box(game.rollout_winner());
        }
        moves
    }

    fn notation_help(&self) -> String {
        self.topology().describe_notation()
    }

    fn size_text(&self) -> String {
        self.topology().size_text()
    }

    fn think(
        &self,
        options: &SearchOptions,
        brain: &mut Brain,
        progress: &mut dyn FnMut(&Progress),
    ) -> TextThought {
        let mcts = match brain.0.as_mut().and_then(|b| b.downcast_mut::<Mcts<G>>()) {
            Some(m) => m,
            None => brain
                .0
                .insert(Box::new(Mcts::<G>::new(options.clone())))
                .downcast_mut::<Mcts<G>>()
                .expect("just made"),
        };
        if mcts.options != *options {
            mcts.options = options.clone();
        }
        let t = mcts.think(self, progress);
        TextThought {
            mv: t.mv.map(|m| self.move_text(m)),
            resign: t.resign,
            playouts: t.playouts,
            nodes: t.nodes,
            win_rate: t.win_rate,
            proven: t.proven,
            pv: t.pv.iter().map(|&m| self.move_text(m)).collect(),
            elapsed: t.elapsed,
        }
    }

    fn random_move_text(&self, rng: &mut Rng) -> Option<String> {
        self.random_move(rng).map(|m| self.move_text(m))
    }

    fn dead_estimate(&self, playouts: u64) -> Vec<String> {
        let own = self.ownership(playouts);
        if own.is_empty() {
            return Vec::new();
        }
        let topo = self.topology();
        let dead = |p: Point| match self.stone(p) {
            Some(Colour::Black) => own[p.idx()] < -0.4,
            Some(Colour::White) => own[p.idx()] > 0.4,
            None => false,
        };
        // One stone per chain of dead stones (a mark takes the whole chain).
        let mut seen = vec![false; topo.len()];
        let mut marks = Vec::new();
        for p in topo.points().filter(|&p| dead(p)) {
            if seen[p.idx()] {
                continue;
            }
            marks.push(topo.name(p));
            let colour = self.stone(p);
            let mut stack = vec![p];
            seen[p.idx()] = true;
            while let Some(q) = stack.pop() {
                for &r in topo.neighbours(q) {
                    let r = Point(r);
                    if !seen[r.idx()] && self.stone(r) == colour {
                        seen[r.idx()] = true;
                        stack.push(r);
                    }
                }
            }
        }
        marks
    }

    fn ownership(&self, playouts: u64) -> Vec<f32> {
        let position = self.play_on();
        let options = SearchOptions {
            playouts: Some(playouts),
            seed: Some(1),
            ownership: true,
            ..SearchOptions::default()
        };
        Mcts::new(options).think(&position, |_| {}).ownership
    }

    fn point_name(&self, i: usize) -> String {
        self.topology().name(Point(i as u16))
    }

    fn topology_shape(&self) -> Shape {
        self.topology().shape()
    }

    fn point_count(&self) -> usize {
        self.topology().len()
    }

    fn point_xy(&self, text: &str) -> Option<(u16, u16)> {
        let topo = self.topology();
        topo.parse_point(text).ok().map(|p| topo.xy(p))
    }

    fn point_at(&self, x: i32, y: i32) -> Option<String> {
        let topo = self.topology();
        topo.at(x, y).map(|p| topo.name(p))
    }

    fn komi_points(&self) -> Option<f64> {
        self.komi()
    }

    fn svg_picture(&self) -> String {
        self.svg()
    }

    fn point_rows(&self) -> Vec<Vec<usize>> {
        stones_core::board_text::row_layout(self.topology())
            .into_iter()
            .map(|row| row.into_iter().map(|p| p.idx()).collect())
            .collect()
    }

    fn game_help_text(&self) -> String {
        self.help()
    }

    fn move_notes_text(&self, mover: Colour, mv: &str, before: [u32; 2]) -> Vec<String> {
        match self.parse_move(mv) {
            Ok(mv) => self.move_notes(mover, mv, before),
            Err(_) => Vec::new(),
        }
    }

    fn score_parts_of(&self, colour: Colour) -> Vec<String> {
        self.score_parts(colour)
    }

    fn outcome_text(&self, outcome: &Outcome) -> Option<String> {
        self.outcome_words(outcome)
    }

    fn alone_time(&self) -> Option<u64> {
        self.alone_seconds()
    }

    fn timeout_move_text(&self) -> Option<String> {
        self.timeout_move().map(|mv| self.move_text(mv))
    }

    fn sgf_text(&self, result: Option<&str>, rule: &str) -> Option<String> {
        self.to_sgf(result, rule)
    }

    fn sgf_move_text(&self, values: &[&str]) -> Result<String, MoveSyntaxError> {
        self.sgf_move(values).map(|mv| self.move_text(mv))
    }

    fn stone_at(&self, i: usize) -> Option<Colour> {
        (i < self.topology().len())
            .then(|| self.stone(Point(i as u16)))
            .flatten()
    }
}

impl AnyGame {
    /// The game as an SGF record, for the games that have an SGF form, with `rule` (a ruleset name
    /// and overrides) in `RU` when the game's writer left it out.
    pub fn sgf(&self, result: Option<&str>, rule: &str) -> Option<String> {
        let text = self.sgf_text(result, rule)?;
        let mut nodes = stones_core::sgf::read_main_line(text.as_bytes()).ok()?;
        if let Some(root) = nodes.first_mut() {
            if root.first("RU").is_none() {
                root.push("RU", vec![rule.to_string()]);
            }
        }
        Some(stones_core::sgf::write(&nodes))
    }

    /// Whether the game restricts where the opening stones may go (Gomoku's `opening` rule).
    pub fn has_opening_rule(&self) -> bool {
        match self {
            AnyGame::Gomoku(g) => {
                stones_core::Game::rules(g).opening != stones_gomoku::Opening::None
            }
            _ => false,
        }
    }

    /// The Gomocup rule bitmask of a Gomoku game (0 for other games).
    pub fn gomocup_rule(&self) -> u32 {
        match self {
            AnyGame::Gomoku(g) => stones_gomoku::gomocup::rule_for(stones_core::Game::rules(g)),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::GameKind;

    #[test]
    fn black_and_white_look_the_same_in_every_game() {
        for kind in GameKind::iter() {
            let (mut game, _) = kind.create(None, &[]).unwrap();
            let mut rng = Rng::new(7);
            for _ in 0..3 {
                let mv = game.random_move_text(&mut rng).unwrap();
                game.play_text(&mv).unwrap();
            }
            let picture = game.render_board(true);
            for c in Colour::BOTH {
                assert!(
                    picture.contains(stones_core::paint::stone(c)),
                    "{}: {c} is not painted {:?}",
                    kind.name(),
                    stones_core::paint::stone(c)
                );
            }
            assert!(
                !game.render_board(false).contains('\x1b'),
                "{}",
                kind.name()
            );
        }
    }
}
