//! What Go tells the search: a stone or a pass per step, no own-eye fills in the tree, and a quick
//! count of a played-out board. Also the quick count TriGo shares.

use crate::board::ChainBoard;
use crate::game::{GoGame, GoMove};
use crate::rules::{DeadStones, Scoring};
use stones_core::{Colour, Game, Point, Rng, SearchGame, Topology, Trail};

#[cfg(test)]
mod closing_tests;
mod patterns;
#[cfg(test)]
mod policy_tests;
#[cfg(test)]
mod prior_tests;
pub mod shapes;
pub mod shapes_fit;
pub mod tactics;
#[cfg(test)]
mod test_boards;

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

/// The winner by territory: the eyes of a quick count plus `captures`, with `komi` (Go's territory
/// rulesets and TriGo).
pub fn territory_winner(
    board: &ChainBoard,
    topo: &Topology,
    captures: [u32; 2],
    komi: f64,
) -> Option<Colour> {
    let count = quick_count(board, topo);
    let (b, w) = (Colour::Black.idx(), Colour::White.idx());
    quick_winner(
        (count.eyes[b] + captures[b]) as f64,
        (count.eyes[w] + captures[w]) as f64,
        komi,
    )
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

/// How far from 0 a point's ownership must be for the point to count as settled, and a stone's
/// against its colour for the stone to count as dead.
const SETTLED: f32 = 0.6;
const DEAD: f32 = 0.4;

impl GoGame {
    /// The stones of the count's seki chains ([`crate::scoring::seki_stones`]) where an empty point
    /// touches seki chains of three stones or more of both colours: a seki takes two. What the count
    /// calls seki around one or two stones is most often those stones dead, or thrown in to shape
    /// a dead eye (GNU Go's record in the GTP regression's sgf.tst: two Black stones in the corner
    /// that, sacrificed, leave White a straight three), with the walls around them.
    pub fn mutual_seki(&self) -> Vec<bool> {
        let seki = self.count().seki;
        let board = self.board();
        let topo = self.topology();
        let mut mutual = vec![false; seki.len()];
        if !seki.contains(&true) {
            return mutual;
        }
        let mut stack = Vec::new();
        for p in board.empty_points() {
            let around = || topo.neighbours(p).iter().map(|&q| Point(q));
            let touches = |c: Colour| {
                around()
                    .any(|q| seki[q.idx()] && board.get(q) == Some(c) && board.chain_size(q) >= 3)
            };
            if !(touches(Colour::Black) && touches(Colour::White)) {
                continue;
            }
            stack.extend(around().filter(|q| seki[q.idx()] && !mutual[q.idx()]));
            while let Some(q) = stack.pop() {
                if mutual[q.idx()] {
                    continue;
                }
                mutual[q.idx()] = true;
                let c = board.get(q);
                for &r in topo.neighbours(q) {
                    let r = Point(r);
                    if !mutual[r.idx()] && c.is_some() && board.get(r) == c {
                        stack.push(r);
                    }
                }
            }
        }
        mutual
    }

    /// The stones that `ownership` (per point, Black's from -1 to 1, as the search sums it) gives
    /// to the other colour: every stone of a chain the playouts mostly captured.
    /// Chains in a seki of both colours ([`GoGame::mutual_seki`]) are never dead.
    pub fn dead_by_ownership(&self, ownership: &[f32]) -> Vec<Point> {
        let board = self.board();
        let seki = self.mutual_seki();
        self.topology()
            .points()
            .filter(|&p| !seki.get(p.idx()).copied().unwrap_or(false))
            .filter(|&p| match (board.get(p), ownership.get(p.idx())) {
                (Some(Colour::Black), Some(&o)) => o < -DEAD,
                (Some(Colour::White), Some(&o)) => o > DEAD,
                _ => false,
            })
            .collect()
    }

    /// Per point, whether it is a dame by `ownership`: an empty point beside a stone of each colour,
    /// every stone beside it in a chain the ownership settles alive (as far from 0 as `SETTLED`, on
    /// its own colour's side) or in a seki of both colours ([`GoGame::mutual_seki`]). Once play
    /// stops such a point is no one's under every count, whoever the playouts let fill it; its
    /// ownership sits near 0 only because they fill it at random.
    pub fn dame_points(&self, ownership: &[f32]) -> Vec<bool> {
        let board = self.board();
        let topo = self.topology();
        let seki = self.mutual_seki();
        let mut dame = vec![false; topo.len()];
        if ownership.len() != topo.len() {
            return dame;
        }
        let alive = |q: Point| match board.get(q) {
            _ if seki[q.idx()] => true,
            Some(Colour::Black) => ownership[q.idx()] >= SETTLED,
            Some(Colour::White) => ownership[q.idx()] <= -SETTLED,
            None => false,
        };
        for p in board.empty_points() {
            let around = || topo.neighbours(p).iter().map(|&q| Point(q));
            let beside = |c: Colour| around().any(|q| board.get(q) == Some(c));
            let all_alive = around().all(|q| board.get(q).is_none() || alive(q));
            dame[p.idx()] = beside(Colour::Black) && beside(Colour::White) && all_alive;
        }
        dame
    }

    /// Whether play stopping now wins for the player to move, whatever happens on the points
    /// `ownership` leaves unsettled: the score under the ruleset (with the dead stones
    /// [`GoGame::dead_by_ownership`] finds, where the players mark them; the board as it stands
    /// under `dead_stones = "none"`) by more than two points for each point whose ownership is
    /// nearer 0 than `SETTLED`, except dame ([`GoGame::dame_points`]: no count gives them to anyone
    /// once play stops) and the stones and shared liberties of a seki of both colours (never dead).
    /// Before dame were left out, three dame between settled walls (ownership near 0: playouts fill
    /// them at random) kept a game won by 1.5 points from being passed back until the search had
    /// filled them, after the person's pass, one move each (issue 37).
    pub fn stopping_wins(&self, ownership: &[f32]) -> bool {
        if ownership.len() != self.topology().len() {
            return false;
        }
        let score = match self.rules().dead_stones {
            DeadStones::None => self.score(),
            DeadStones::Agree => self.score_with_dead(&self.dead_by_ownership(ownership)),
        };
        let margin = match self.to_move() {
            Colour::Black => score.black - score.white,
            Colour::White => score.white - score.black,
        };
        let seki = self.mutual_seki();
        let dame = self.dame_points(ownership);
        let unsettled = (0..ownership.len())
            .filter(|&i| ownership[i].abs() < SETTLED && !seki[i] && !dame[i])
            .count();
        margin > 2.0 * unsettled as f64
    }

    /// The playout policy: the urgent capture or rescue beside the last move
    /// (`GoGame::urgent_point`), else the vital point of a three-point eye space the last move
    /// encloses, else (19 times in 20) a point beside the
    /// last move where a 3×3 pattern matches, else [`GoGame::playout_move_except`] big self-ataris
    /// (a pass when nothing else is left: a seki's shared liberties stay open to the count).
    pub fn policy_move(&self, rng: &mut Rng) -> GoMove {
        let board = self.board();
        let topo = self.topology();
        let me = self.to_move();
        if let Some(GoMove::Play(last)) = self.last_move() {
            if board.get(last).is_some() {
                if let Some(p) = self.urgent_point(last) {
                    return GoMove::Play(p);
                }
                if let Some(p) = tactics::nakade_point(board, topo, last) {
                    if self.ko_point() != Some(p) && !board.is_suicide(topo, p, me) {
                        return GoMove::Play(p);
                    }
                }
            }
            // Nearly always, a reply next to the last move that makes one of Mogo's shapes.
            if rng.below(20) != 0 {
                let mut near = [Point(0); 8];
                let mut n = 0;
                let around = topo.neighbours(last).iter().map(|&q| Point(q));
                for p in around.chain(topo.diagonals(last)) {
                    if board.get(p).is_none()
                        && patterns::matches(board, topo, p)
                        && self.ko_point() != Some(p)
                        && !board.is_own_eye(topo, p, me)
                        && !board.is_suicide(topo, p, me)
                        && !big_self_atari(board, topo, p, me)
                    {
                        near[n] = p;
                        n += 1;
                    }
                }
                if n > 0 {
                    return GoMove::Play(near[rng.below(n)]);
                }
            }
        }
        self.playout_move_except(rng, |p| big_self_atari(board, topo, p, me))
    }

    /// The most urgent point beside `last`: the capture of the largest enemy chain in atari at,
    /// beside or diagonal to it, or the rescue of the largest own chain it put in atari (by taking an enemy chain in
    /// atari that touches it, else by extending when that is not caught in a ladder), whichever
    /// saves or takes more stones; only points that are legal and not an own eye.
    fn urgent_point(&self, last: Point) -> Option<Point> {
        let board = self.board();
        let topo = self.topology();
        let me = self.to_move();
        let ok = |p: Point| {
            self.ko_point() != Some(p)
                && !board.is_own_eye(topo, p, me)
                && !board.is_suicide(topo, p, me)
        };
        let beside = std::iter::once(last).chain(topo.neighbours(last).iter().map(|&q| Point(q)));
        let mut capture: Option<(Point, u32)> = None;
        let mut rescue: Option<(Point, u32)> = None;
        // Captures are looked for on the diagonals too (Michi's neighbourhood of the last move).
        for (q, diagonal) in beside
            .map(|q| (q, false))
            .chain(topo.diagonals(last).map(|q| (q, true)))
        {
            let Some(c) = board.get(q) else { continue };
            if diagonal && c == me {
                continue;
            }
            let Some(a) = board.atari_point(q) else {
                continue;
            };
            let size = board.chain_size(q);
            if c != me {
                if capture.is_none_or(|(_, s)| size > s) && ok(a) {
                    capture = Some((a, size));
                }
            } else if rescue.is_none_or(|(_, s)| size > s) {
                let by_capture = tactics::counter_capture(board, topo, q)
                    .map(|(p, _)| p)
                    .filter(|&p| ok(p));
                let saving = by_capture.or_else(|| {
                    (ok(a) && tactics::extension_escapes(board, topo, a, me)).then_some(a)
                });
                if let Some(p) = saving {
                    rescue = Some((p, size));
                }
            }
        }
        match (capture, rescue) {
            (Some((c, cs)), Some((r, rs))) => Some(if rs > cs { r } else { c }),
            (c, r) => c.or(r).map(|(p, _)| p),
        }
    }
}

/// Whether a `c` stone on empty `p` would leave a chain of two or more stones with one liberty and
/// capture nothing (a self-atari that playouts should not make).
pub fn big_self_atari(board: &ChainBoard, topo: &Topology, p: Point, c: Colour) -> bool {
    let mut liberty: Option<Point> = None;
    let mut size = 1;
    let mut heads = [Point(u16::MAX); 6];
    let more_than_one = |l: Point, liberty: &mut Option<Point>| match liberty {
        None => {
            *liberty = Some(l);
            false
        }
        Some(first) => *first != l,
    };
    for (k, &q) in topo.neighbours(p).iter().enumerate() {
        let q = Point(q);
        match board.get(q) {
            None => {
                if more_than_one(q, &mut liberty) {
                    return false;
                }
            }
            Some(o) if o != c => {
                if board.atari_point(q) == Some(p) {
                    return false;
                }
            }
            Some(_) => {
                let head = board.chain(q);
                if heads.contains(&head) {
                    continue;
                }
                heads[k.min(5)] = head;
                size += board.chain_size(q);
                if board.atari_point(q) == Some(p) {
                    continue;
                }
                match board.second_liberty(topo, q, p) {
                    Some(l) if !more_than_one(l, &mut liberty) => {}
                    _ => return false,
                }
            }
        }
    }
    size >= 2
}

/// The visits of the even prior every step of the Go tree starts with (Pachi's 14 on 9x9 is of the
/// same size).
const EVEN_PRIOR: f32 = 10.0;

/// The wins a step's move-predictor probability `p` is worth, times `√p` (Pachi: 210 on 9x9).
/// Chosen at 9x9, 0.3 s a move, one thread a side: 200 beat 100 65.0% over 60 games, 400 lost to
/// 200.
const SHAPE_PRIOR: f32 = 200.0;

impl GoGame {
    /// The search's prior of a pass, a capture, a self-atari or an escape from atari; `None` for
    /// other stones. Captures and escapes that get away are worth more the more stones they take or
    /// save; a pass is bad while the opponent has not passed, and after its pass good only when the
    /// board as it stands (every stone alive) wins: ending a game that is still open on an estimate
    /// of the dead stones loses it to a referee that counts as it stands.
    fn tactical_prior(&self, step: GoMove) -> Option<(f32, f32)> {
        let board = self.board();
        let topo = self.topology();
        let me = self.to_move();
        let p = match step {
            GoMove::Play(p) => p,
            _ if self.last_move() == Some(GoMove::Pass) => {
                return Some(match self.score().winner() {
                    Some(w) if w == me => (0.9, 20.0),
                    _ => (0.1, 40.0),
                });
            }
            _ => return Some((0.1, 40.0)),
        };
        // The prior of taking (or saving) that many stones in atari on `p`.
        let in_atari_on_p = |c: Colour| tactics::in_atari_on(board, topo, p, c);
        let stones_worth = |size: u32| (1.0, 10.0 + 5.0 * size.min(6) as f32);
        if let Some(size) = in_atari_on_p(me.opponent()) {
            return Some(stones_worth(size));
        }
        if big_self_atari(board, topo, p, me) {
            return Some((0.05, 30.0));
        }
        if let Some(size) = in_atari_on_p(me) {
            // Running from atari is good when it gets away (as good as taking as many stones), and
            // a waste when a ladder catches it.
            return Some(match tactics::extension_escapes(board, topo, p, me) {
                true => stones_worth(size),
                false => (0.2, 20.0),
            });
        }
        None
    }
}

impl SearchGame for GoGame {
    type Step = GoMove;

    /// Stones on empty points that are legal and do not fill an own eye, then pass.
    fn steps(&self, _pending: &[GoMove], out: &mut Vec<GoMove>) {
        out.clear();
        if !self.in_play() {
            return;
        }
        let ok = |&p: &Point| !self.is_own_eye(p) && self.stone_ok(p);
        out.extend(self.board().empty_points().filter(ok).map(GoMove::Play));
        if self.handicap_left() == 0 {
            out.push(GoMove::Pass);
        }
    }

    /// Every legal move: a step is a whole move.
    fn legal_steps(&self, _pending: &[GoMove], out: &mut Vec<GoMove>) {
        self.legal_moves(out);
    }

    fn complete(&self, pending: &[GoMove]) -> Option<GoMove> {
        pending.first().copied()
    }

    /// Captures and escapes look good, self-ataris bad (`GoGame::tactical_prior`); other stones
    /// are left to [`SearchGame::priors`], which weighs them against each other.
    fn prior(&self, _pending: &[GoMove], step: GoMove) -> (f32, f32) {
        self.tactical_prior(step).unwrap_or((0.5, 0.0))
    }

    /// Each step's [`prior`](SearchGame::prior), plus an even prior (half a win in each of
    /// `EVEN_PRIOR` visits) and the move predictor's word ([`shapes`], fitted to professional
    /// games): `SHAPE_PRIOR · √p` wins, `p` its probability of the step among all of them, as in
    /// Pachi. It replaced hand-set priors (lone first-line stones bad, replies beside the last stone
    /// good): at 9x9, 0.3 s a move, one thread a side, it beat them 79.2% over 60 games with
    /// `SHAPE_PRIOR` 100 (crates/ai/README.md).
    fn priors(&self, pending: &[GoMove], steps: &[GoMove], out: &mut Vec<(f32, f32)>) {
        let board = self.board();
        let topo = self.topology();
        let me = self.to_move();
        let recent = shapes::recent_stones(self);
        let gammas = shapes::Gammas::shipped();
        let strength = |s: GoMove| match s {
            GoMove::Play(p) => gammas.strength(&shapes::features(board, topo, p, me, recent)),
            _ => 0.0,
        };
        out.clear();
        out.extend(steps.iter().map(|&s| (strength(s), 0.0)));
        let prior = |s| self.prior(pending, s);
        stones_core::move_predictor::mix_priors(out, steps, EVEN_PRIOR, SHAPE_PRIOR, prior);
    }

    /// Yes, as in Pachi: the move predictor's word keeps its weight in a step's value until the
    /// step has had as many real visits, where as AMAF visits RAVE handed it over to the real
    /// ones after a few hundred. Self-play at 9x9, 0.3 s a move, one thread a side, against the
    /// priors as AMAF visits: 61.3% [52.3, 69.5] over 120 games (crates/ai/README.md).
    fn priors_as_visits(&self) -> bool {
        true
    }

    /// Little: the RAVE mix and the priors steer the tree, as in MoGo and Pachi, and the bonus keeps
    /// a move they misjudge from going unvisited (with none, the rescue of three stones in atari
    /// that genmove.tst asks for was played in 1 of 5 searches; with 0.05, 6 of 8). Against Pachi
    /// 12.90 at 0.3 s a move, one thread each, 9x9, `mcts` scored 20.5% over 100 games with the
    /// general 0.25, 40.0% with 0.1, 40.8% with 0.05 and 51.7% with 0, over 60 each
    /// (crates/ai/README.md).
    fn exploration(&self) -> f32 {
        0.05
    }

    stones_core::placement_steps!(GoMove::Play, copy: fork);

    /// [`GoGame::policy_move`] on the fast path until play stops or `cap` moves.
    fn rollout(&mut self, rng: &mut Rng, cap: usize, trail: &mut Trail) -> usize {
        let next = |g: &GoGame, rng: &mut Rng| g.in_play().then(|| g.policy_move(rng));
        crate::rollout::rollout(self, rng, cap, trail, next)
    }

    /// A pass after the opponent's pass.
    fn closing_move(&self) -> Option<GoMove> {
        let after_pass = self.in_play() && self.last_move() == Some(GoMove::Pass);
        (after_pass && self.handicap_left() == 0).then_some(GoMove::Pass)
    }

    /// [`GoGame::mutual_seki`].
    fn seki_points(&self) -> Vec<bool> {
        self.mutual_seki()
    }

    /// [`GoGame::stopping_wins`]: passing back never fills the mover's own territory or eyes in a
    /// won game, under territory scoring where filling costs points as under area scoring.
    fn closing_wins(&self, ownership: &[f32]) -> bool {
        self.stopping_wins(ownership)
    }

    fn play_on(&self) -> Self {
        let mut copy = self.fork();
        copy.resume_play();
        copy
    }

    /// The quick count under the ruleset's scoring (area: stones and eyes; territory: eyes and
    /// captures), with komi.
    fn rollout_winner(&self) -> Option<Colour> {
        let area = self.rules().scoring == Scoring::Area;
        crate::rollout::winner(self, self.board(), self.rules().effective_komi(), area)
    }
}
