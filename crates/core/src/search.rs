//! What a game tells the search (stones-ai) beyond [`Game`]: how a turn splits into placements, the
//! unchecked fast path, and optional knowledge (a playout policy, priors, a quick result).
//!
//! The search never names a game; it only calls these methods. Every method but [`SearchGame::steps`],
//! [`SearchGame::complete`] and [`SearchGame::play_fast`] has a default that needs no knowledge.

use crate::colour::Colour;
use crate::game::{Game, Status};
use crate::topology::Point;
use crate::zobrist::Rng;
use std::time::Instant;

/// What a game's own solver says before the tree search starts ([`SearchGame::presearch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presearch<M, S> {
    /// Nothing to add: search as usual.
    Search,
    /// A proven win starts with this move: play it without searching.
    Win(M),
    /// Only these first steps need searching: every other one is a proven loss (a threat the
    /// opponent wins by force after it) or cannot help. A single step whose turn it completes is
    /// played at once.
    Only(Vec<S>),
}

/// Who played first on each point during one playout, for AMAF statistics. A game's
/// [`SearchGame::rollout`] records its moves here; a game that records nothing (the default) gets
/// AMAF from the final board instead, which is exact where stones are never removed.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    /// Per point, [`Trail::code`] of who played there first.
    first: Vec<u8>,
    touched: Vec<u16>,
    /// Whether the rollout recorded its moves.
    pub recorded: bool,
}

impl Trail {
    /// An empty trail for a board of `points` points.
    pub fn new(points: usize) -> Trail {
        Trail {
            first: vec![0; points],
            touched: Vec::with_capacity(points),
            recorded: false,
        }
    }

    /// Forgets the last playout (in time proportional to what it recorded).
    pub fn clear(&mut self) {
        for &p in &self.touched {
            self.first[p as usize] = 0;
        }
        self.touched.clear();
        self.recorded = false;
    }

    /// Notes that `c` put a stone on `p` (only the first stone on a point counts).
    #[inline]
    pub fn record(&mut self, p: Point, c: Colour) {
        let slot = &mut self.first[p.idx()];
        if *slot == 0 {
            *slot = Trail::code(Some(c));
            self.touched.push(p.0);
        }
    }

    /// Per point index, [`Trail::code`] of who played there first: one byte to load and compare.
    #[inline]
    pub fn codes(&self) -> &[u8] {
        &self.first
    }

    /// The byte [`Trail::codes`] holds for `c`: 0 for nobody, 1 + the colour's index.
    #[inline]
    pub const fn code(c: Option<Colour>) -> u8 {
        match c {
            None => 0,
            Some(Colour::Black) => 1,
            Some(Colour::White) => 2,
        }
    }
}

/// UCT's exploration constant of a game that names none ([`SearchGame::exploration`]).
pub const DEFAULT_EXPLORATION: f32 = 0.25;

/// A game the search can play: one placement (a *step*) per tree level.
///
/// For most games a step is a whole move (`type Step = Self::Move`, [`SearchGame::complete`] returns
/// the one step). A game whose move is several placements (TriGo's pair, Connect6's pair) lists the
/// first placement, then the next given the ones chosen, and [`SearchGame::complete`] names the move
/// once the turn is whole. The player does not change within a turn.
///
/// # Examples
///
/// `Row`, the tiny game of the [crate doc](crate#a-whole-game), writes the four required items
/// with two macros; the search then calls these, and the defaults of the optional knowledge:
///
/// ```
/// # include!("../doc/row_game.rs");
/// use stones_core::{Presearch, Rng, SearchGame, Trail};
///
/// impl SearchGame for Row {
///     stones_core::move_steps!(); // `Step`, `steps`, `complete`: a step is a legal move
///     stones_core::placement_steps!(RowMove::Place); // `play_fast`, `step_point`
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let game = Row::new(RowRules::default())?;
/// let mut steps = Vec::new();
/// game.steps(&[], &mut steps);
/// assert_eq!(steps.len(), 9);
/// assert_eq!(game.complete(&steps[..1]), Some(steps[0])); // one step makes the move
/// assert_eq!(Row::step_point(steps[4]), Some(game.topology().parse_point("b2")?));
///
/// // Knowledge is optional: the defaults know nothing, and are correct.
/// assert_eq!(game.prior(&[], steps[4]), (0.5, 0.0));
/// assert_eq!(game.presearch(None, 1), Presearch::Search);
///
/// // A playout as the search runs one: a copy, played to the end, and who won.
/// let mut playout = game.search_copy();
/// let mut trail = Trail::new(game.topology().len());
/// let moves = playout.rollout(&mut Rng::new(3), 100, &mut trail);
/// assert!((5..=9).contains(&moves) && playout.status() != Status::Ongoing);
/// // The default rollout records each move's point (`move_point`, from `placement_steps!`) for
/// // AMAF: exactly the stones now on the board, each with its player, in this game.
/// assert!(trail.recorded);
/// for p in playout.topology().points() {
///     assert_eq!(trail.codes()[p.idx()], Trail::code(playout.stone(p)));
/// }
/// let winner: Option<Colour> = playout.rollout_winner(); // None: a draw
/// # let _ = winner;
/// # Ok(())
/// # }
/// ```
pub trait SearchGame: Game + Send + Sync {
    /// One placement, or a whole move that is not a placement (pass).
    type Step: Copy + Eq + std::fmt::Debug + Send + Sync;

    /// The steps the player to move may take next, given the steps `pending` already chosen this turn
    /// (`out` is cleared first). Only moves the search should consider: a game may leave out moves
    /// that never help (filling an own eye), but never lists an illegal one. Empty only when the game
    /// is over.
    fn steps(&self, pending: &[Self::Step], out: &mut Vec<Self::Step>);

    /// [`SearchGame::steps`], and whether the list is whole: it holds every step but those that never
    /// help. A game that keeps only the few best-looking steps says false, and the search then never
    /// takes a position for lost because every listed step loses. The default lists
    /// [`SearchGame::steps`] and says true.
    fn steps_whole(&self, pending: &[Self::Step], out: &mut Vec<Self::Step>) -> bool {
        self.steps(pending, out);
        true
    }

    /// Every legal step now, given the steps `pending` already chosen this turn: [`SearchGame::steps`]
    /// leaving nothing out, for front ends that take one placement at a time (an action per
    /// placement). The default lists [`SearchGame::steps`], which is right for a game whose steps
    /// leave nothing out (`move_steps!`); a game whose `steps` prune lists its legal moves here
    /// (a step a whole move) or every legal placement (a turn of several).
    fn legal_steps(&self, pending: &[Self::Step], out: &mut Vec<Self::Step>) {
        self.steps(pending, out);
    }

    /// The move `pending` makes when the turn is whole, else `None` (another placement follows).
    fn complete(&self, pending: &[Self::Step]) -> Option<Self::Move>;

    /// Plays a move known to be legal on the unchecked fast path (no undo record).
    fn play_fast(&mut self, mv: Self::Move);

    /// The point a step puts a stone on, if any (for AMAF statistics and priors).
    fn step_point(step: Self::Step) -> Option<Point>;

    /// A copy for the search: no undo history is needed (games override to drop it).
    fn search_copy(&self) -> Self {
        self.clone()
    }

    /// A copy in which play goes on, for estimating who owns what once play has stopped (Go after the
    /// closing passes: the dead-stone step). The default is [`SearchGame::search_copy`].
    fn play_on(&self) -> Self {
        self.search_copy()
    }

    /// The point a whole move puts its one stone on, if it does (default: none known). With it the
    /// default [`SearchGame::rollout`] records every playout move in the AMAF trail, which is what a
    /// game whose moves change other stones (captures, flips) needs; `placement_steps!` writes it.
    fn move_point(_mv: Self::Move) -> Option<Point> {
        None
    }

    /// Plays the rest of the game with the game's playout policy, recording the stones it places
    /// in `trail` (and setting `trail.recorded`) where it can. The default plays
    /// [`Game::random_move`]s on the fast path ([`SearchGame::play_fast`]), recording each move's
    /// [`SearchGame::move_point`]; a game with a faster playout of its own ([`Game::playout`])
    /// overrides this to run it.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        let mut n = 0;
        while n < cap && matches!(self.status(), Status::Ongoing) {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            if let Some(p) = Self::move_point(mv) {
                trail.record(p, self.to_move());
                trail.recorded = true;
            }
            self.play_fast(mv);
            n += 1;
        }
        n
    }

    /// Who won, once a rollout has stopped (over, scoring, or out of moves): the outcome when the game
    /// is over, else the score as it stands. `None` is a draw.
    fn rollout_winner(&self) -> Option<Colour> {
        match self.status() {
            Status::Over(outcome) => outcome.winner,
            _ => self.score().winner(),
        }
    }

    /// Prior knowledge of a step, as `(value, weight)`: the step starts with `weight` visits worth
    /// `value` (0 = loss, 1 = win for the mover), AMAF ones or, where
    /// [`SearchGame::priors_as_visits`], real ones. The default knows nothing.
    fn prior(&self, _pending: &[Self::Step], _step: Self::Step) -> (f32, f32) {
        (0.5, 0.0)
    }

    /// The priors of all `steps` at once, in their order, into `out` (cleared first): for a game
    /// whose priors weigh the steps against each other (a move predictor's probabilities). The
    /// default asks [`SearchGame::prior`] of each step.
    fn priors(&self, pending: &[Self::Step], steps: &[Self::Step], out: &mut Vec<(f32, f32)>) {
        out.clear();
        out.extend(steps.iter().map(|&s| self.prior(pending, s)));
    }

    /// A solver's word before the search: a proven win to play at once, or the only first steps worth
    /// searching (say, the defences against the opponent's forced win). It may think until
    /// `deadline` (`None`: the search has no clock, so the game bounds the work itself, the same way
    /// every time) on up to `threads` threads (the search's own, idle until it starts). The default
    /// says nothing.
    fn presearch(
        &self,
        _deadline: Option<Instant>,
        _threads: usize,
    ) -> Presearch<Self::Move, Self::Step> {
        Presearch::Search
    }

    /// Whether the priors' visits count with the real ones in a step's value, fading as real
    /// visits come (Pachi's way), rather than with its AMAF visits, fading as RAVE hands the value
    /// over to the real visits (Michi's way: the default). Either way they are never counted in
    /// the visits reported or in the choice of the move.
    fn priors_as_visits(&self) -> bool {
        false
    }

    /// How many AMAF visits weigh as much as one real visit (RAVE's equivalence parameter); 0 turns
    /// AMAF off. Games where a point's value depends little on when it is played want more.
    fn rave_equivalence(&self) -> f32 {
        600.0
    }

    /// UCT's exploration constant for this game where `mcts:explore=` sets none: the weight of the
    /// visit-count bonus on top of the RAVE mix and the priors. Games with priors and playouts that
    /// know their tactics want less. The default: [`DEFAULT_EXPLORATION`].
    fn exploration(&self) -> f32 {
        DEFAULT_EXPLORATION
    }

    /// The move that answers the opponent's closing move in kind, when there is one now (Go: a pass
    /// after the opponent's pass). The search then sums who owns each point over its playouts and
    /// plays this move when [`SearchGame::closing_wins`] says it keeps a settled win. The default:
    /// none.
    fn closing_move(&self) -> Option<Self::Move> {
        None
    }

    /// The step that trades places with the opponent, when it is legal now (Hex's swap): after it
    /// the mover holds the position the opponent holds now, with the opponent to move, so it is
    /// worth to the mover what the position is worth now to the opponent. The search leaves it out
    /// of the tree and takes it when the opponent's side of the position, as searched, wins more
    /// than half the time. The default: none.
    fn swap_step(&self) -> Option<Self::Step> {
        None
    }

    /// Whether [`SearchGame::closing_move`] keeps a win for the player to move that nothing left on
    /// the board can change, given per point Black's ownership from -1 (White's) to 1 (Black's)
    /// over the search's playouts. The default: false.
    fn closing_wins(&self, _ownership: &[f32]) -> bool {
        false
    }

    /// Per point, whether its stone belongs to a chain the board's count finds in seki: never
    /// dead, whatever the playouts' ownership says (playouts fill the shared liberties that neither
    /// player would, and one side dies at random). The default: none (an empty list).
    fn seki_points(&self) -> Vec<bool> {
        Vec::new()
    }
}

/// The [`SearchGame`] items of a game whose every move is one step and whose steps are its legal
/// moves (tic-tac-toe, Hex): `type Step` (the move), `steps` ([`Game::legal_moves`]) and
/// `complete` (the one step). Written inside `impl SearchGame for …`: `stones_core::move_steps!();`
///
/// # Examples
///
/// With `Row`, the tiny game of the [crate doc](crate#a-whole-game), whose moves are one stone
/// each:
///
/// ```
/// # include!("../doc/row_game.rs");
/// use stones_core::SearchGame;
///
/// impl SearchGame for Row {
///     stones_core::move_steps!();
///     stones_core::placement_steps!(RowMove::Place);
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Row::new(RowRules::default())?;
/// game.play(game.parse_move("b2")?)?;
/// let (mut steps, mut moves) = (Vec::new(), Vec::new());
/// game.steps(&[], &mut steps);
/// game.legal_moves(&mut moves);
/// assert_eq!((steps.len(), &steps), (8, &moves)); // the steps are the legal moves
/// let a1: RowMove = game.parse_move("a1")?; // `type Step` is the move
/// assert_eq!((game.complete(&[a1]), game.complete(&[])), (Some(a1), None));
/// # Ok(())
/// # }
/// ```
#[macro_export]
macro_rules! move_steps {
    () => {
        type Step = <Self as $crate::Game>::Move;

        fn steps(&self, _pending: &[Self::Step], out: &mut Vec<Self::Step>) {
            $crate::Game::legal_moves(self, out);
        }

        fn complete(&self, pending: &[Self::Step]) -> Option<Self::Move> {
            pending.first().copied()
        }
    };
}
