//! The object-safe, text-level face of every game, implemented once for all `G: SearchGame`.
//!
//! `Game` has associated types, so the CLI cannot hold `dyn Game`; it holds an [`AnyGame`], a boxed
//! [`TextGame`], which every game implements through the blanket impl — the built-in six and any
//! game a caller registers from outside this repository alike (see [`crate::Stones`]). The calls
//! through the box are the front ends' (a move, a picture, one search per move); the search and the
//! playouts run inside, on the game's own type.

use std::any::Any;
use std::time::Duration;
use stones_ai::{Mcts, Progress, SearchOptions};
pub use stones_core::replay::PlayError;
use stones_core::replay::Replay;
use stones_core::{Colour, MoveSyntaxError, Point, Rng, SearchGame, Shape, Trail};

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
    /// The mover's mean result over the search's playouts, 0–1 (see [`stones_ai::Thought::mean`]).
    pub mean: f32,
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

/// A game driven by text: what the CLI, case files and replays need ([`Replay`]'s calls too).
pub trait TextGame: Replay + Send + Sync + 'static {
    /// A copy of the game, boxed.
    fn boxed_clone(&self) -> Box<dyn TextGame>;
    /// Makes this game a copy of `src` in place (into its own buffers) when `src` is a game of the
    /// same type; false, changing nothing, when it is not.
    fn refresh_from(&mut self, src: &dyn TextGame) -> bool;
    /// The game as `Any`, for the few front-end features of one game (Gomocup's rule bits).
    fn as_any(&self) -> &dyn Any;
    /// Every legal move in text form.
    fn legal_moves_text(&self) -> Vec<String>;
    /// Takes back the last move; false when there is none.
    fn undo_move(&mut self) -> bool;
    /// The board drawn narrower ([`stones_core::Game::render_compact`]).
    fn render_board_compact(&self, colour: bool) -> String;
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
    /// The points of each drawn row, top row first, left to right, as point indices.
    fn point_rows(&self) -> Vec<Vec<usize>>;
    /// The stone on point `i`, if any.
    fn stone_at(&self, i: usize) -> Option<Colour>;
    /// The game's own help: its moves and notation, and what applies now ([`stones_core::Game::help`]).
    fn game_help_text(&self) -> String;
    /// What the move `mv` (its canonical text), just played by `mover`, did besides putting its
    /// stones; `before` are the captures before it ([`stones_core::Game::move_notes`]).
    fn move_notes_text(&self, mover: Colour, mv: &str, before: [u32; 2]) -> Vec<String>;
    /// The seconds the player moving alone after a STOP has ([`stones_core::Game::alone_seconds`]).
    fn alone_time(&self) -> Option<u64>;
    /// The text of the move that records a loss on time, if the game keeps one.
    fn timeout_move_text(&self) -> Option<String>;
    /// The game as an SGF record, before the `RU` is added ([`stones_core::Game::to_sgf`]).
    fn sgf_text(&self, result: Option<&str>, rule: &str) -> Option<String>;
    /// Reads an SGF node's `B`/`W` values as a move, in its canonical text ([`stones_core::Game::sgf_move`]).
    fn sgf_move_text(&self, values: &[&str]) -> Result<String, MoveSyntaxError>;
}

impl<G: SearchGame + Send + Sync + 'static> TextGame for G {
    fn boxed_clone(&self) -> Box<dyn TextGame> {
        Box::new(self.clone())
    }

    fn refresh_from(&mut self, src: &dyn TextGame) -> bool {
        match src.as_any().downcast_ref::<G>() {
            Some(src) => {
                self.clone_from(src);
                true
            }
            None => false,
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn legal_moves_text(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.move_text(m)).collect()
    }

    fn undo_move(&mut self) -> bool {
        self.undo()
    }

    fn render_board_compact(&self, colour: bool) -> String {
        self.render_compact(colour)
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
            mean: t.mean,
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
        // A chain in seki lives, whatever the playouts did with its shared liberties.
        let seki = self.seki_points();
        let dead = |p: Point| match self.stone(p) {
            _ if seki.get(p.idx()).copied().unwrap_or(false) => false,
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
        let options = SearchOptions::ownership_estimate(playouts);
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

/// A game of any registered kind: a boxed [`TextGame`], called through `Deref`.
pub struct AnyGame(Box<dyn TextGame>);

impl AnyGame {
    /// Boxes `game`.
    pub fn new<G: TextGame>(game: G) -> AnyGame {
        AnyGame(Box::new(game))
    }

    /// The game as `G`, when it is one.
    pub fn downcast_ref<G: 'static>(&self) -> Option<&G> {
        self.0.as_any().downcast_ref::<G>()
    }

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
        self.downcast_ref::<stones_gomoku::Gomoku>()
            .is_some_and(|g| stones_core::Game::rules(g).opening != stones_gomoku::Opening::None)
    }

    /// Whether a Hex game is played under the swap rule (`None` for other games).
    pub fn hex_swap_rule(&self) -> Option<bool> {
        self.downcast_ref::<stones_hex::HexGame>()
            .map(|g| stones_core::Game::rules(g).swap)
    }

    /// The Gomocup rule bitmask of a Gomoku game (0 for other games).
    pub fn gomocup_rule(&self) -> u32 {
        self.downcast_ref::<stones_gomoku::Gomoku>().map_or(0, |g| {
            stones_gomoku::gomocup::rule_for(stones_core::Game::rules(g))
        })
    }
}

impl<G: TextGame> From<G> for AnyGame {
    fn from(game: G) -> AnyGame {
        AnyGame::new(game)
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn TextGame;

    fn deref(&self) -> &(dyn TextGame + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn TextGame + 'static) {
        &mut *self.0
    }
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.boxed_clone())
    }

    /// Into the game's own buffers when both are of one kind (a Dots playout on the copy then
    /// allocates nothing).
    fn clone_from(&mut self, src: &Self) {
        if !self.0.refresh_from(&*src.0) {
            *self = src.clone();
        }
    }
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyGame({})", self.0.game_name())
    }
}

impl Replay for AnyGame {
    fn game_name(&self) -> &'static str {
        self.0.game_name()
    }

    fn play_text(&mut self, text: &str) -> Result<String, PlayError> {
        self.0.play_text(text)
    }

    fn render_board(&self, colour: bool) -> String {
        self.0.render_board(colour)
    }

    fn game_status(&self) -> stones_core::Status {
        self.0.game_status()
    }

    fn player_to_move(&self) -> Colour {
        self.0.player_to_move()
    }

    fn board_rows(&self) -> Vec<String> {
        self.0.board_rows()
    }

    fn capture_counts(&self) -> [u32; 2] {
        self.0.capture_counts()
    }

    fn current_score(&self) -> stones_core::Score {
        self.0.current_score()
    }

    fn setup_text(&mut self, board: &str, to_move: Colour) -> Result<(), stones_core::SetupError> {
        self.0.setup_text(board, to_move)
    }

    fn svg_picture(&self) -> String {
        self.0.svg_picture()
    }

    fn komi_points(&self) -> Option<f64> {
        self.0.komi_points()
    }

    fn score_parts_of(&self, colour: Colour) -> Vec<String> {
        self.0.score_parts_of(colour)
    }

    fn outcome_text(&self, outcome: &stones_core::Outcome) -> Option<String> {
        self.0.outcome_text(outcome)
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
