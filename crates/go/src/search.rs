//! What Go tells the search: a stone or a pass per step, no own-eye fills in the tree, and a quick
//! count of a played-out board. Also the quick count TriGo shares.

use crate::board::ChainBoard;
use crate::game::{GoGame, GoMove};
use crate::rules::Scoring;
use stones_core::{Colour, Game, Point, Rng, SearchGame, Topology};

/// A played-out board counted quickly: stones, and empty points whose neighbours all hold one colour
/// (the eyes a playout leaves). Exact on the boards playouts end with; an estimate elsewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuickCount {
    pub stones: [u32; 2],
    pub eyes: [u32; 2],
}

/// Counts `board` as [`QuickCount`] says.
pub fn quick_count(board: &ChainBoard, topo: &Topology) -> QuickCount {
    let mut count = QuickCount::default();
    for p in topo.points() {
        match board.get(p) {
            Some(c) => count.stones[c.idx()] += 1,
            None => {
                let mut around = topo.neighbours(p).iter().map(|&q| board.get(Point(q)));
                if let Some(Some(first)) = around.next() {
                    if around.all(|s| s == Some(first)) {
                        count.eyes[first.idx()] += 1;
                    }
                }
            }
        }
    }
    count
}

/// The winner of a quick count with `komi` for White (`None`: a draw).
pub fn quick_winner(black: f64, white: f64, komi: f64) -> Option<Colour> {
    let margin = black - white - komi;
    (margin != 0.0).then_some(if margin > 0.0 {
        Colour::Black
    } else {
        Colour::White
    })
}

impl GoGame {
    /// The playout policy: take a chain the last move left in atari, else save an own chain the last
    /// move put in atari (when extending gains liberties), else [`GoGame::playout_move`].
    pub fn policy_move(&self, rng: &mut Rng) -> GoMove {
        if let Some(GoMove::Play(last)) = self.last_move() {
            if self.board().get(last).is_some() {
                if let Some(p) = self.urgent_point(last) {
                    return GoMove::Play(p);
                }
            }
        }
        self.playout_move(rng)
    }

    /// A capture of an enemy chain in atari at or beside `last`, or an escape of an own chain beside
    /// it; only points that are legal and not an own eye.
    fn urgent_point(&self, last: Point) -> Option<Point> {
        let board = self.board();
        let topo = self.topology();
        let me = self.to_move();
        let ok = |p: Point| {
            self.ko_point() != Some(p)
                && !board.is_own_eye(topo, p, me)
                && !board.is_suicide(topo, p, me)
        };
        let mut around =
            std::iter::once(last).chain(topo.neighbours(last).iter().map(|&q| Point(q)));
        let capture = around.clone().find_map(|q| match board.get(q) {
            Some(c) if c != me => board.atari_point(q).filter(|&a| ok(a)),
            _ => None,
        });
        capture.or_else(|| {
            around.find_map(|q| match board.get(q) {
                Some(c) if c == me => board
                    .atari_point(q)
                    .filter(|&a| ok(a) && escapes(board, topo, a)),
                _ => None,
            })
        })
    }
}

/// Whether a stone on `a` (the last liberty of a chain) has room: two or more empty neighbours.
fn escapes(board: &ChainBoard, topo: &Topology, a: Point) -> bool {
    topo.neighbours(a)
        .iter()
        .filter(|&&q| board.get(Point(q)).is_none())
        .count()
        >= 2
}

impl SearchGame for GoGame {
    type Step = GoMove;

    /// Stones on empty points that are legal and do not fill an own eye, then pass.
    fn steps(&self, _pending: &[GoMove], out: &mut Vec<GoMove>) {
        out.clear();
        if !self.in_play() {
            return;
        }
        let board = self.board();
        let topo = self.topology();
        let c = self.to_move();
        out.extend(
            board
                .empty_points()
                .filter(|&p| !board.is_own_eye(topo, p, c) && self.check_stone(p).is_ok())
                .map(GoMove::Play),
        );
        if self.handicap_left() == 0 {
            out.push(GoMove::Pass);
        }
    }

    fn complete(&self, pending: &[GoMove]) -> Option<GoMove> {
        pending.first().copied()
    }

    fn play_fast(&mut self, mv: GoMove) {
        self.play_unchecked(mv);
    }

    fn step_point(step: GoMove) -> Option<Point> {
        match step {
            GoMove::Play(p) => Some(p),
            _ => None,
        }
    }

    fn search_copy(&self) -> Self {
        self.fork()
    }

    /// [`GoGame::policy_move`] on the fast path until play stops or `cap` moves.
    fn rollout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        let mut moves = 0;
        while self.in_play() && moves < cap {
            let mv = self.policy_move(rng);
            self.play_unchecked(mv);
            moves += 1;
        }
        moves
    }

    fn play_on(&self) -> Self {
        let mut copy = self.fork();
        copy.resume_play();
        copy
    }

    /// The quick count under the ruleset's scoring (area: stones and eyes; territory: eyes and
    /// captures), with komi.
    fn rollout_winner(&self) -> Option<Colour> {
        if let stones_core::Status::Over(outcome) = self.status() {
            return outcome.winner;
        }
        let count = quick_count(self.board(), self.topology());
        let caps = self.captures();
        let (b, w) = (Colour::Black.idx(), Colour::White.idx());
        let (black, white) = match self.rules().scoring {
            Scoring::Area => (
                count.stones[b] + count.eyes[b],
                count.stones[w] + count.eyes[w],
            ),
            Scoring::Territory => (count.eyes[b] + caps[b], count.eyes[w] + caps[w]),
        };
        quick_winner(black as f64, white as f64, self.rules().effective_komi())
    }
}
