//! The solver over narrowed step lists: when a game keeps only some of its moves at a node and every
//! kept one loses, the node is not proven lost (a left-out move may hold); over a whole list it is.

mod common;
use common::{game, with_stones};
use stones_ai::{Mcts, SearchOptions};
use stones_core::{
    Colour, Game, MoveSyntaxError, Point, Rng, SearchGame, SetupError, Status, Topology, Trail,
};
use stones_gomoku::{Gomoku, GomokuRules, Move};

/// Gomoku whose search lists every legal move but, for White, the points in `left_out`, and says
/// when it left one out.
#[derive(Clone, Debug)]
struct Narrowed {
    inner: Gomoku,
    left_out: Vec<Point>,
}

impl Game for Narrowed {
    type Move = Move;
    type Rules = GomokuRules;
    type Illegal = stones_gomoku::Illegal;

    fn new(rules: GomokuRules) -> Result<Self, stones_core::RulesError> {
        let inner = Gomoku::new(rules)?;
        Ok(Narrowed {
            inner,
            left_out: Vec::new(),
        })
    }
    fn rules(&self) -> &GomokuRules {
        self.inner.rules()
    }
    fn topology(&self) -> &Topology {
        self.inner.topology()
    }
    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        self.inner.set_position(stones, to_move)
    }
    fn to_move(&self) -> Colour {
        self.inner.to_move()
    }
    fn status(&self) -> Status {
        self.inner.status()
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.inner.legal_moves(out)
    }
    fn check(&self, mv: Move) -> Result<(), Self::Illegal> {
        self.inner.check(mv)
    }
    fn play(&mut self, mv: Move) -> Result<(), Self::Illegal> {
        self.inner.play(mv)
    }
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveSyntaxError> {
        self.inner.parse_move(text)
    }
    fn move_text(&self, mv: Move) -> String {
        self.inner.move_text(mv)
    }
    fn stone(&self, p: Point) -> Option<Colour> {
        self.inner.stone(p)
    }
    fn hash(&self) -> u64 {
        self.inner.hash()
    }
}

impl SearchGame for Narrowed {
    type Step = Move;

    fn steps(&self, pending: &[Move], out: &mut Vec<Move>) {
        self.steps_whole(pending, out);
    }

    /// The legal moves but White's left-out points: whole when none was left out.
    fn steps_whole(&self, _pending: &[Move], out: &mut Vec<Move>) -> bool {
        self.inner.legal_moves(out);
        let before = out.len();
        let white = self.inner.to_move() == Colour::White;
        out.retain(|m| !matches!(m, Move::Place(p) if white && self.left_out.contains(p)));
        out.len() == before
    }

    fn complete(&self, pending: &[Move]) -> Option<Move> {
        pending.first().copied()
    }

    fn play_fast(&mut self, mv: Move) {
        self.inner.play_fast(mv)
    }

    fn step_point(step: Move) -> Option<Point> {
        Gomoku::step_point(step)
    }

    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        self.inner.rollout(rng, cap, trail)
    }
}

/// A 7x7 freestyle board with Black (on B4 C4 D4) to move against White's stones `white`:
/// `left_out` are points White's search may not play.
fn black_to_move(white: &str, left_out: &[&str]) -> Narrowed {
    let g: Narrowed = game("freestyle", &[("size", "7")]);
    let mut g = with_stones(g, "B4 C4 D4", white, Colour::Black);
    g.left_out = left_out
        .iter()
        .map(|name| g.topology().parse_point(name).unwrap())
        .collect();
    g
}

/// A search of `g` on `threads` threads (one tree they share).
fn think(g: &Narrowed, threads: usize) -> stones_ai::Thought<Move> {
    let opts = SearchOptions::parse(&format!("playouts=20000,seed=1,threads={threads}")).unwrap();
    Mcts::new(opts).think(g, |_| {})
}

#[test]
fn every_kept_move_losing_proves_nothing_when_moves_were_left_out() {
    // E4 makes Black's four B4-E4, closed at A4. White's list leaves out F4, its one block, so
    // every move it keeps loses; but F4 holds, and Black has no win.
    for threads in [1, 2] {
        let t = think(&black_to_move("A4 G1 A7", &["F4"]), threads);
        assert!(
            !(t.proven && t.win_rate == 1.0),
            "a win proven over White's narrowed list on {threads} threads: {t:?}"
        );
    }
}

#[test]
fn every_move_losing_proves_the_loss_over_a_whole_list() {
    // With A4 empty, E4 (or A4) makes an open four: every White move loses, and White's list is
    // whole, so Black's win is proven.
    for threads in [1, 2] {
        let t = think(&black_to_move("A1 G1 A7", &[]), threads);
        assert!(t.proven && t.win_rate == 1.0, "{threads} threads: {t:?}");
    }
}
