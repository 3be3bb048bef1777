//! The [`Game`] contract for Dots, plus the fast random move for playouts.

use crate::cell;
use crate::geometry::pt;
use crate::moves::{DotsIllegal, DotsMove};
use crate::play::in_rect;
use crate::rules::DotsRules;
use crate::state::DotsGame;
use stones_core::{
    Colour, Decorations, Game, Look, Mark, MoveSyntaxError, Point, Rng, RulesError, Score,
    SetupError, Status,
};

impl Game for DotsGame {
    type Move = DotsMove;
    type Rules = DotsRules;
    type Illegal = DotsIllegal;
    const ABOUT: &'static str =
        "Dots: enclose your opponent's dots with chains of your own; no pass, STOP to finish";
    const SIZES: &'static [&'static str] = &["[39, 32]", "[24, 24]", "[16, 16]", "[10, 10]"];
    const TEST_SIZES: &'static [&'static str] = &["2", "5", "9", "[7, 4]"];
    const SGF_GM: Option<u32> = Some(40);

    stones_core::game_talk!();

    fn alone_seconds(&self) -> Option<u64> {
        crate::talk::alone_seconds(self)
    }

    fn to_sgf(&self, _result: Option<&str>, _rule: &str) -> Option<String> {
        crate::sgf::write(self).ok()
    }

    fn new(rules: DotsRules) -> Result<Self, RulesError> {
        DotsGame::with_rules(rules)
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: to_move);

    /// Every dot of the setup is live: enclosures and free areas form only through moves. A player
    /// with dots in the setup counts as having moved (no first-move zone for it).
    fn set_position(
        &mut self,
        stones: &[Option<Colour>],
        to_move: Colour,
    ) -> Result<(), SetupError> {
        self.set_stones(stones, to_move)
    }

    fn status(&self) -> Status {
        self.status_now()
    }

    /// Free points in index order (inside the zone for a first move), then `stop`.
    fn legal_moves(&self, out: &mut Vec<DotsMove>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let zone = self.binding_zone(self.to_move);
        for p in self.topo.points() {
            if cell::is_free(self.cells[p.idx()])
                && zone.is_none_or(|z| in_rect(self.topo.xy(p), z))
            {
                out.push(DotsMove::Put(p));
            }
        }
        out.push(DotsMove::Stop);
    }

    fn check(&self, mv: DotsMove) -> Result<(), DotsIllegal> {
        self.check_as(self.to_move, mv)
    }

    fn play(&mut self, mv: DotsMove) -> Result<(), DotsIllegal> {
        self.play_as(self.to_move, mv)
    }

    fn undo(&mut self) -> bool {
        self.undo_move()
    }

    /// Reads `N16` (columns without I, rows from the bottom), the SGF form `qv` (x then y from the top
    /// left, `a`–`z` then `A`–`Z`), `stop` or `resign`.
    fn parse_move(&self, text: &str) -> Result<DotsMove, MoveSyntaxError> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "stop" => return Ok(DotsMove::Stop),
            "resign" => return Ok(DotsMove::Resign),
            _ => {}
        }
        if let Ok(p) = self.topo.parse_point(t) {
            return Ok(DotsMove::Put(p));
        }
        if let [a, b] = t.as_bytes() {
            if let Some(p) = crate::sgf::sgf_point(&self.topo, *a, *b) {
                return Ok(DotsMove::Put(p));
            }
        }
        let why = if t.eq_ignore_ascii_case("pass") {
            "there is no pass in Dots; expected a point, stop or resign".to_string()
        } else {
            format!(
                "expected {}, its SGF form (two letters a–z then A–Z, x then y from the top left), stop or resign",
                self.topo.describe_notation()
            )
        };
        Err(MoveSyntaxError {
            text: t.to_string(),
            why,
        })
    }

    fn move_text(&self, mv: DotsMove) -> String {
        match mv {
            DotsMove::Put(p) => self.topo.name(p),
            DotsMove::Stop => "stop".to_string(),
            DotsMove::Resign => "resign".to_string(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.dot(p)
    }

    fn captures(&self) -> [u32; 2] {
        self.score
    }

    fn score(&self) -> Score {
        self.score_now()
    }

    fn recount(&self) -> Score {
        self.recount_now()
    }

    fn hash(&self) -> u64 {
        self.hash_now()
    }

    fn render(&self, colour: bool) -> String {
        crate::render::render(self, colour, false)
    }

    /// Two columns a point and the row numbers on the left only: the 39 x 32 field in 80 columns.
    fn render_compact(&self, colour: bool) -> String {
        crate::render::render(self, colour, true)
    }

    /// Dots on squared paper: each enclosure filled along its chain, captured dots faded, the last
    /// dot ringed.
    fn decorations(&self) -> Decorations {
        Decorations {
            look: Look::Dots,
            last: self.last_point().into_iter().collect(),
            polygons: crate::sgf::enclosure_rings(self),
            marks: self.marks(),
            // The first-move zone, while it binds the player to move.
            zone: self
                .binding_zone(self.to_move)
                .and_then(|(x0, y0, x1, y1)| {
                    let at = |x: u16, y: u16| self.topo.at(x.into(), y.into());
                    Some((at(x0, y0)?, at(x1, y1)?))
                }),
            ..Decorations::default()
        }
    }

    /// The dots taken inside enclosures, and every point inside one with its owner.
    fn marks(&self) -> Vec<(Point, Mark)> {
        let mut marks = Vec::new();
        for p in self.topo.points() {
            if self.is_captured(p) {
                marks.push((p, Mark::Captured));
            }
            if let Some(owner) = self.enclosure_owner(p) {
                marks.push((p, Mark::Enclosed(owner)));
            }
        }
        marks
    }

    /// Random points on the unchecked fast path until the field is full or `cap` moves are played.
    fn playout(&mut self, rng: &mut Rng, cap: usize) -> usize {
        let mut n = 0;
        while n < cap {
            match self.random_move(rng) {
                Some(mv) => self.play_unchecked(mv),
                None => break,
            }
            n += 1;
        }
        n
    }

    /// A uniformly random free point (inside the zone for a first move) in O(1); never `stop`.
    /// `None` when the game is over.
    fn random_move(&self, rng: &mut Rng) -> Option<DotsMove> {
        if self.end.is_some() || self.free.list.is_empty() {
            return None;
        }
        if let Some(z) = self.zone.filter(|_| !self.moved[self.to_move.idx()]) {
            if let Some(p) = self.random_in_zone(rng, z) {
                return Some(DotsMove::Put(p));
            }
        }
        let list = &self.free.list;
        Some(DotsMove::Put(pt(list[rng.below(list.len())])))
    }
}

impl DotsGame {
    /// A uniformly random free point of the zone, or `None` when the zone has none.
    fn random_in_zone(
        &self,
        rng: &mut Rng,
        (x0, y0, x1, y1): (u16, u16, u16, u16),
    ) -> Option<Point> {
        let (w, h) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
        let at = |i: usize| {
            self.topo
                .at((x0 as usize + i % w) as i32, (y0 as usize + i / w) as i32)
                .filter(|p| cell::is_free(self.cells[p.idx()]))
        };
        for _ in 0..64 {
            if let Some(p) = at(rng.below(w * h)) {
                return Some(p);
            }
        }
        let free: Vec<Point> = (0..w * h).filter_map(at).collect();
        (!free.is_empty()).then(|| free[rng.below(free.len())])
    }
}
