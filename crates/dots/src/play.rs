//! Playing moves: legality, putting a dot, STOP, the end of play, intruders waiting for capture.

use crate::cell;
use crate::moves::{DotsIllegal, DotsMove};
use crate::rules::{CaptureTiming, StopRule};
use crate::state::{Change, DotsGame, End, Frame};
use stones_core::topology::column_label;
use stones_core::{Colour, Point};

impl DotsGame {
    /// Queues `intruder` for capture by `owner` at its next move.
    pub(crate) fn push_pending(&mut self, owner: Colour, intruder: u16) {
        self.pending[owner.idx()].push(intruder);
        self.record(Change::PendingPush(owner));
    }

    /// Captures, for `owner`, every queued intruder still live inside one of its bases.
    pub(crate) fn resolve_pending(&mut self, owner: Colour) {
        while let Some(r) = self.pending[owner.idx()].pop() {
            self.record(Change::PendingTake(owner, r));
            let v = self.cells[r as usize];
            if cell::is_live(v, owner.opponent()) && cell::in_base(v, owner) {
                self.capture_component(owner, r as usize);
            }
        }
    }

    /// Whether `who` may put a dot on `p` now, and why not.
    pub fn check_point(&self, who: Colour, p: Point) -> Result<(), DotsIllegal> {
        if self.end.is_some() {
            return Err(DotsIllegal::GameOver);
        }
        let v = self.cells[p.idx()];
        if cell::dot(v).is_some() {
            return Err(DotsIllegal::Occupied(self.topo.name(p)));
        }
        if cell::owner(v).is_some() {
            return Err(DotsIllegal::InsideEnclosure);
        }
        if let Some(z) = self.binding_zone(who) {
            if !in_rect(self.topo.xy(p), z) {
                return Err(DotsIllegal::OutsideZone {
                    zone: self.zone_text(z),
                });
            }
        }
        Ok(())
    }

    /// The zone `who`'s next dot must lie in: its first move, while the zone still has a free point.
    pub(crate) fn binding_zone(&self, who: Colour) -> Option<(u16, u16, u16, u16)> {
        let z = self.zone?;
        if self.moved[who.idx()] {
            return None;
        }
        let any_free = (z.1..=z.3).any(|y| {
            (z.0..=z.2).any(|x| {
                self.topo
                    .at(x as i32, y as i32)
                    .is_some_and(|p| cell::is_free(self.cells[p.idx()]))
            })
        });
        any_free.then_some(z)
    }

    /// The zone in words: `columns N–AB, rows 13–20`.
    /// The first-move zone `who` must still play in, in words (`columns N–AB, rows 13–20`), or
    /// `None` once that player has moved (or the field has no zone).
    pub fn zone_now(&self, who: Colour) -> Option<String> {
        self.binding_zone(who).map(|z| self.zone_text(z))
    }

    fn zone_text(&self, (x0, y0, x1, y1): (u16, u16, u16, u16)) -> String {
        let h = self.rules.size.height;
        format!(
            "columns {}–{}, rows {}–{}",
            column_label(x0),
            column_label(x1),
            h - y1,
            h - y0
        )
    }

    /// Whether `mv` is legal for `who` now.
    pub fn check_as(&self, who: Colour, mv: DotsMove) -> Result<(), DotsIllegal> {
        if self.end.is_none() && self.stopped == Some(who) && mv != DotsMove::Resign {
            return Err(DotsIllegal::Stopped);
        }
        match mv {
            DotsMove::Put(p) if p.idx() < self.cells.len() => self.check_point(who, p),
            DotsMove::Put(_) if self.end.is_some() => Err(DotsIllegal::GameOver),
            DotsMove::Put(_) => Err(DotsIllegal::OffField),
            DotsMove::Stop | DotsMove::Resign if self.end.is_some() => Err(DotsIllegal::GameOver),
            DotsMove::Stop | DotsMove::Resign => Ok(()),
        }
    }

    /// Checks and plays `mv` for `who`, even out of turn (for records with extra moves); the turn
    /// passes as after any move of `who`. A refused move changes nothing; a played one can be undone.
    pub fn play_as(&mut self, who: Colour, mv: DotsMove) -> Result<(), DotsIllegal> {
        self.check_as(who, mv)?;
        self.recording = true;
        self.apply(who, mv);
        Ok(())
    }

    /// Plays `mv` for the player to move without checking it: the fast path for playouts and the
    /// search. The move must be legal (as from `Game::random_move` or a successful check). It
    /// records nothing for undo (as the other games' fast paths), and the history there was is
    /// dropped, so that undo and [`DotsGame::history`] never describe moves this one skipped:
    /// undo stops here.
    #[inline]
    pub fn play_unchecked(&mut self, mv: DotsMove) {
        self.drop_history();
        self.apply(self.to_move, mv);
    }

    fn apply(&mut self, who: Colour, mv: DotsMove) {
        if self.recording {
            self.push_frame(who, mv);
        }
        self.to_move = who;
        match mv {
            DotsMove::Put(p) => self.put(p.idx()),
            DotsMove::Stop => self.stop(),
            DotsMove::Resign => self.end = Some(End::Resigned(who)),
        }
    }

    /// Records what undo needs besides the change log, before `who` plays `mv`.
    fn push_frame(&mut self, who: Colour, mv: DotsMove) {
        self.frames.push(Frame {
            mv,
            player: who,
            log_len: self.log.len() as u32,
            to_move: self.to_move,
            moved: self.moved,
            stopped: self.stopped,
            end: self.end,
            bonus: self.bonus,
        });
    }

    fn put(&mut self, p: usize) {
        let me = self.to_move;
        let opp = me.opponent();
        let before = self.cells[p];
        self.set_cell(p, cell::with_dot(before, me) & !cell::base_bit(me));
        self.moved[me.idx()] = true;
        // Captures change owners and bases, never which dot a point holds: the ring's dots of `me`
        // read before them are still the ones to join.
        let (mine, walls) = self.ring_masks(p, me);
        let captured = self.enclose_around(p, me, walls);
        self.join_ring(p, mine);
        if cell::in_base(before, opp) {
            if captured > 0 {
                self.break_base(p, opp);
            } else if self.rules.capture_timing == CaptureTiming::Immediate {
                self.capture_component(opp, p);
            } else {
                self.push_pending(opp, p as u16);
            }
        }
        self.resolve_pending(me);
        if self.free.list.is_empty() {
            self.finish();
        } else if self.stopped.is_none() && !(self.rules.extra_move && captured > 0) {
            self.to_move = opp;
        }
    }

    fn stop(&mut self) {
        let me = self.to_move;
        let opp = me.opponent();
        self.resolve_pending(me);
        match self.rules.stop {
            StopRule::Grounding => {
                // Queued intruders are taken first, so that no dot counts twice.
                self.resolve_pending(opp);
                self.bonus[opp.idx()] += self.ungrounded(me);
                self.finish();
            }
            StopRule::PlayOn if self.stopped.is_some() => self.finish(),
            StopRule::PlayOn => {
                self.stopped = Some(me);
                self.to_move = opp;
            }
        }
    }

    /// Ends play: every queued intruder is captured, then the score decides.
    fn finish(&mut self) {
        self.resolve_pending(Colour::Black);
        self.resolve_pending(Colour::White);
        self.end = Some(End::Finished);
    }
}

/// True when `(x, y)` lies in the inclusive rectangle.
#[inline]
pub(crate) fn in_rect((x, y): (u16, u16), (x0, y0, x1, y1): (u16, u16, u16, u16)) -> bool {
    (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
}
