//! Reading the position: status, score, recount, hash, and what is on each point.

use crate::cell;
use crate::geometry::pt;
use crate::rules::DotsRules;
use crate::state::{DotsGame, End};
use stones_core::zobrist::splitmix64;
use stones_core::{Colour, Outcome, Point, Score, Status, Topology};

impl DotsGame {
    /// Where the game stands.
    pub fn status_now(&self) -> Status {
        match self.end {
            None => Status::Ongoing,
            Some(End::Resigned(loser)) => Status::Over(Outcome::resignation(loser)),
            Some(End::Finished) => Status::Over(Outcome::from_score(&self.score_now())),
        }
    }

    /// Each player's points: enemy dots in its enclosures plus grounding.
    pub fn score_now(&self) -> Score {
        Score {
            black: (self.score[0] + self.bonus[0]) as f64,
            white: (self.score[1] + self.bonus[1]) as f64,
        }
    }

    /// The score counted from scratch over every point.
    pub fn recount_now(&self) -> Score {
        let mut n = self.bonus;
        for &v in &self.cells {
            if let Some(c) = cell::captor(v) {
                n[c.idx()] += 1;
            }
        }
        Score {
            black: n[0] as f64,
            white: n[1] as f64,
        }
    }

    /// The Zobrist hash of everything that matters for play.
    pub fn hash_now(&self) -> u64 {
        let mut h = self.cells_hash;
        if self.to_move == Colour::White {
            h ^= self.topo.side_key();
        }
        let code = |c: Option<Colour>| c.map_or(0u64, |c| c.idx() as u64 + 1);
        let end = match self.end {
            None => 0,
            Some(End::Finished) => 1,
            Some(End::Resigned(c)) => 2 + c.idx() as u64,
        };
        let misc = self.moved[0] as u64
            | (self.moved[1] as u64) << 1
            | code(self.stopped) << 2
            | end << 4
            | (self.bonus[0] as u64) << 8
            | (self.bonus[1] as u64) << 32;
        if misc != 0 {
            let mut s = misc ^ self.topo.side_key();
            h ^= splitmix64(&mut s);
        }
        for c in Colour::BOTH {
            for &r in &self.pending[c.idx()] {
                h ^= self.topo.key(pt(r), c).rotate_left(7);
            }
        }
        h
    }

    /// The ruleset.
    pub fn rules(&self) -> &DotsRules {
        &self.rules
    }

    /// The field's geometry.
    pub fn topology(&self) -> &Topology {
        &self.topo
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Colour {
        self.to_move
    }

    /// The dot on `p` (live or captured).
    pub fn dot(&self, p: Point) -> Option<Colour> {
        cell::dot(self.cells[p.idx()])
    }

    /// The owner of the enclosure holding `p`, if any.
    pub fn enclosure_owner(&self, p: Point) -> Option<Colour> {
        cell::owner(self.cells[p.idx()])
    }

    /// True when the dot on `p` is captured.
    pub fn is_captured(&self, p: Point) -> bool {
        cell::captor(self.cells[p.idx()]).is_some()
    }

    /// True when `p` lies in a free area (base) of `who`.
    pub fn in_base(&self, p: Point, who: Colour) -> bool {
        cell::in_base(self.cells[p.idx()], who)
    }

    /// Enemy dots inside each player's enclosures, Black first (grounding not included).
    pub fn captured(&self) -> [u32; 2] {
        self.score
    }

    /// The player who said STOP first, if any.
    pub fn stopped(&self) -> Option<Colour> {
        self.stopped
    }

    /// Intruders waiting to be captured at the next move of `owner` (on-owner-move timing).
    pub fn pending(&self, owner: Colour) -> impl Iterator<Item = Point> + '_ {
        self.pending[owner.idx()].iter().map(|&r| pt(r))
    }
}
