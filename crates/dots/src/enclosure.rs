//! Enclosure detection: which regions a new dot closes, capturing, free areas (bases), grounding.
//!
//! Live dots of a player are walls that link in all eight directions; the points between them form
//! regions that link only orthogonally (the two connectivities are dual, so a region is cut off exactly
//! when a closed chain of walls surrounds it, diagonal links included). A region holding an edge point is
//! open: a chain cannot pass outside the field. The regions a new dot can close are the ones it splits
//! off from the region it stood in; the dot's ring of eight neighbours tells locally which orthogonal
//! neighbours it separates; chain sets (union-find over dots, see `DotsGame::set_of`) then tell whether
//! two of the wall runs around the dot were already linked — without that no chain can close. Only then
//! do fills run, interleaved one step at a time, so that a small closed region is settled in about as
//! many steps as it has points however large the open region beside it (an open fill stops at the
//! first edge point it reaches). Once a single region is left undecided, a depth-first probe toward
//! the nearest edge usually shows it open in a few steps, where the breadth-first fill would have
//! covered a disc reaching to the edge.
//! Each region found is minimal by construction (figure-eights give two regions, tails none).

use crate::cell;
use crate::geometry::{on_field, pt};
use crate::scratch::Scratch;
use crate::state::DotsGame;
use stones_core::Colour;

impl DotsGame {
    /// After `who` put a dot on `p`: captures the newly closed regions holding live enemy dots, marks the
    /// other newly closed regions as free areas of `who`. Returns the enemy dots captured. `walls`:
    /// bit `i` set when ring slot `i` of `p` holds a live dot of `who` ([`DotsGame::ring_masks`]).
    pub(crate) fn enclose_around(&mut self, p: usize, who: Colour, walls: u8) -> u32 {
        let ring = self.geo.ring[p];
        let wall = |i: usize| walls >> (i % 8) & 1 != 0;
        let gap = |j: usize| !wall(2 * j);
        // Orthogonal neighbours j-1 and j are linked around the ring when neither is a wall and the
        // diagonal point between them is not one either.
        let linked = |j: usize| gap(j) && gap((j + 3) % 4) && !wall((2 * j + 7) % 8);
        let Some(first) = (0..4).find(|&j| !linked(j)) else {
            return 0;
        };
        let mut seeds = [0u16; 4];
        let mut k = 0;
        for step in 0..4 {
            let j = (first + step) % 4;
            if gap(j) && !linked(j) {
                seeds[k] = ring[2 * j];
                k += 1;
            }
        }
        if k < 2 {
            return 0;
        }
        // The wall runs around the dot alternate with its `k` gap groups. A new closed chain needs
        // two runs already linked elsewhere: when every run lies in its own chain set, none is.
        // Neighbouring ring slots touch, so one run is one chain set: look up only each run's first
        // wall (here `k >= 2`, so the ring is not all walls and every run has a first wall).
        let mut roots = [u16::MAX; 4];
        let mut distinct = 0;
        let mut firsts = walls & !walls.rotate_left(1);
        while firsts != 0 {
            let i = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let r = self.set_of(ring[i] as usize);
            if !roots[..distinct].contains(&r) {
                roots[distinct] = r;
                distinct += 1;
            }
        }
        if distinct >= k {
            return 0;
        }
        let mut s = std::mem::take(&mut self.scratch);
        let captured = self.split_regions(&mut s, p, &seeds[..k], who);
        self.scratch = s;
        captured
    }

    /// Fills the regions of `seeds` (points beside the new dot `p`, in different local groups) at the
    /// same pace, merging fills that meet; then handles each closed region. When one region is left
    /// undecided, a quick depth-first probe toward the nearest edge (see [`escapes`]) usually proves it
    /// open long before the fill would reach the edge; the fill goes on only if the probe fails.
    fn split_regions(&mut self, s: &mut Scratch, p: usize, seeds: &[u16], who: Colour) -> u32 {
        let k = seeds.len();
        let n = s.len;
        // Stamps `first..first + 4` mark the fills' points, `first + 4` the probe's.
        let first = s.stamps(5);
        let probe = Probe {
            stamp: first + 4,
            order: self.toward_nearest_edge(p),
        };
        let mut probed = false;
        let mut head = [0usize; 4];
        let mut tail = [0usize; 4];
        let mut parent = [0usize, 1, 2, 3];
        let mut open = [false; 4];
        fn find(parent: &[usize; 4], mut g: usize) -> usize {
            while parent[g] != g {
                g = parent[g];
            }
            g
        }
        for (g, &q) in seeds.iter().enumerate() {
            if !on_field(q) {
                open[g] = true;
                continue;
            }
            s.mark[q as usize] = first + g as u32;
            s.queue[g * n] = q;
            tail[g] = 1;
            open[g] = self.geo.is_edge(q as usize);
        }
        // Plain slices, so the loop does not reload them through `self` after every write.
        let (ring, edge, cells) = (&self.geo.ring[..], &self.geo.edge[..], &self.cells[..]);
        let (mark, queue, stack) = (&mut s.mark[..], &mut s.queue[..], &mut s.stack[..]);
        loop {
            let mut active = false;
            for g in 0..k {
                let r = find(&parent, g);
                if open[r] || head[g] == tail[g] {
                    continue;
                }
                active = true;
                let own = first + g as u32;
                let c = queue[g * n + head[g]] as usize;
                head[g] += 1;
                for i in 0..4 {
                    let nb = ring[c][2 * i];
                    if !on_field(nb) {
                        continue;
                    }
                    // A wall, or a point this fill has seen: one branch for both, as it is hard to
                    // predict.
                    let m = mark[nb as usize];
                    if cell::is_live(cells[nb as usize], who) | (m == own) {
                        continue;
                    }
                    if m >= first && m < first + 4 {
                        let (rg, rh) = (find(&parent, g), find(&parent, (m - first) as usize));
                        if rg != rh {
                            parent[rh] = rg;
                            open[rg] |= open[rh];
                        }
                        continue;
                    }
                    mark[nb as usize] = own;
                    queue[g * n + tail[g]] = nb;
                    tail[g] += 1;
                    if edge[nb as usize] {
                        open[r] = true;
                        break;
                    }
                }
            }
            if !active {
                break;
            }
            // One root left undecided (every other one open, or closed and fully filled): probe it.
            let undecided = |r: usize| {
                find(&parent, r) == r
                    && !open[r]
                    && (0..k).any(|g| find(&parent, g) == r && head[g] < tail[g])
            };
            if !probed && (0..k).filter(|&r| undecided(r)).count() == 1 {
                probed = true;
                let r = (0..k).find(|&r| undecided(r)).unwrap_or(0);
                let mut len = 0;
                for g in (0..k).filter(|&g| find(&parent, g) == r) {
                    for j in head[g]..tail[g] {
                        stack[len] = queue[g * n + j];
                        len += 1;
                    }
                }
                let others_open = |m: u32| {
                    m >= first && m < first + 4 && open[find(&parent, (m - first) as usize)]
                };
                let world = (ring, edge, cells, who);
                if escapes(world, mark, stack, len, &probe, others_open) {
                    open[r] = true;
                }
            }
        }
        let mut captured = 0;
        let roots = (0..k).filter(|&r| find(&parent, r) == r && !open[r]);
        for r in roots {
            let mut len = 0;
            for g in (0..k).filter(|&g| find(&parent, g) == r) {
                s.region[len..len + tail[g]].copy_from_slice(&s.queue[g * n..g * n + tail[g]]);
                len += tail[g];
            }
            captured += self.settle_region(s, len, who);
        }
        captured
    }

    /// The four orthogonal directions (0 north, 1 east, 2 south, 3 west) ordered for [`escapes`]:
    /// the one toward the edge nearest to `p` last, so that it is tried first.
    fn toward_nearest_edge(&self, p: usize) -> [usize; 4] {
        let (x, y) = self.topo.xy(pt(p as u16));
        let (w, h) = (self.rules.size.width, self.rules.size.height);
        let dist = [y, w - 1 - x, h - 1 - y, x];
        let best = (0..4).min_by_key(|&d| dist[d]).unwrap_or(0);
        [(best + 2) % 4, (best + 1) % 4, (best + 3) % 4, best]
    }

    /// Settles the closed region in `s.region[..len]` for `who`: with its holes (whatever `who`'s
    /// islands inside it surround, so the whole area strictly inside the chain), it becomes an
    /// enclosure if it holds a live enemy dot, else a free area. Returns the enemy dots captured.
    fn settle_region(&mut self, s: &mut Scratch, len: usize, who: Colour) -> u32 {
        let len = self.add_holes(s, len);
        let region = &s.region[..len];
        if region
            .iter()
            .any(|&q| cell::is_live(self.cells[q as usize], who.opponent()))
        {
            region
                .iter()
                .map(|&q| self.enclose_point(q as usize, who))
                .sum()
        } else {
            for &q in region {
                let v = self.cells[q as usize];
                if cell::is_free(v) {
                    self.set_cell(q as usize, v | cell::base_bit(who));
                }
            }
            0
        }
    }

    /// Appends to `s.region[..len]` its holes: the eight-way connected sets of other points it
    /// surrounds. A fill that reaches the region's bounding box border, or a point an earlier fill found
    /// outside, is outside. Returns the new length.
    fn add_holes(&self, s: &mut Scratch, mut len: usize) -> usize {
        let first = s.stamps(3);
        let (inside, current, outside) = (first, first + 1, first + 2);
        let (mut x0, mut y0, mut x1, mut y1) = (u16::MAX, u16::MAX, 0, 0);
        for &q in &s.region[..len] {
            s.mark[q as usize] = inside;
            let (x, y) = self.topo.xy(pt(q));
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let border = |q: u16| {
            let (x, y) = self.topo.xy(pt(q));
            x <= x0 || x >= x1 || y <= y0 || y >= y1
        };
        let original = len;
        for i in 0..original {
            for &start in &self.geo.ring[s.region[i] as usize] {
                if !on_field(start) || [inside, outside].contains(&s.mark[start as usize]) {
                    continue;
                }
                // Fill from `start`; the stack keeps every point visited.
                s.mark[start as usize] = current;
                s.stack[0] = start;
                let (mut head, mut tail) = (0, 1);
                let mut hole = !border(start);
                while hole && head < tail {
                    let c = s.stack[head];
                    head += 1;
                    for &nb in &self.geo.ring[c as usize] {
                        if !on_field(nb) {
                            continue;
                        }
                        let m = s.mark[nb as usize];
                        if m == outside || (m != inside && m != current && border(nb)) {
                            hole = false;
                            break;
                        }
                        if m != inside && m != current {
                            s.mark[nb as usize] = current;
                            s.stack[tail] = nb;
                            tail += 1;
                        }
                    }
                }
                let to = if hole { inside } else { outside };
                for j in 0..tail {
                    let c = s.stack[j];
                    s.mark[c as usize] = to;
                    if hole {
                        s.region[len] = c;
                        len += 1;
                    }
                }
            }
        }
        len
    }

    /// Puts `q` inside an enclosure of `who`; returns 1 when that captures a live enemy dot.
    #[inline]
    fn enclose_point(&mut self, q: usize, who: Colour) -> u32 {
        let v = self.cells[q];
        let newly = cell::is_live(v, who.opponent()) as u32;
        self.set_cell(q, cell::with_owner(v, who));
        newly
    }

    /// Captures for `who` the region of `start` bounded by `who`'s live dots, if it is closed (holds no
    /// edge point): the innermost free area around an intruder. Returns the enemy dots captured.
    pub(crate) fn capture_component(&mut self, who: Colour, start: usize) -> u32 {
        let mut s = std::mem::take(&mut self.scratch);
        let stamp = s.stamps(1);
        s.mark[start] = stamp;
        s.queue[0] = start as u16;
        let (mut head, mut tail) = (0, 1);
        let mut closed = !self.geo.is_edge(start);
        while closed && head < tail {
            let c = s.queue[head] as usize;
            head += 1;
            for i in 0..4 {
                let nb = self.geo.orth(c, i);
                if !on_field(nb)
                    || s.mark[nb as usize] == stamp
                    || cell::is_live(self.cells[nb as usize], who)
                {
                    continue;
                }
                if self.geo.is_edge(nb as usize) {
                    closed = false;
                    break;
                }
                s.mark[nb as usize] = stamp;
                s.queue[tail] = nb;
                tail += 1;
            }
        }
        let mut captured = 0;
        if closed {
            s.region[..tail].copy_from_slice(&s.queue[..tail]);
            let len = self.add_holes(&mut s, tail);
            for i in 0..len {
                captured += self.enclose_point(s.region[i] as usize, who);
            }
        }
        self.scratch = s;
        captured
    }

    /// Breaks the free area of `owner` holding `start`: clears `owner`'s base mark over the orthogonally
    /// connected marked points around it.
    pub(crate) fn break_base(&mut self, start: usize, owner: Colour) {
        let bit = cell::base_bit(owner);
        let mut s = std::mem::take(&mut self.scratch);
        let mut tail = 0;
        let v = self.cells[start];
        if v & bit != 0 {
            self.set_cell(start, v & !bit);
            s.queue[0] = start as u16;
            tail = 1;
        }
        while tail > 0 {
            tail -= 1;
            let c = s.queue[tail] as usize;
            for i in 0..4 {
                let nb = self.geo.orth(c, i);
                if on_field(nb) && self.cells[nb as usize] & bit != 0 {
                    let w = self.cells[nb as usize];
                    self.set_cell(nb as usize, w & !bit);
                    s.queue[tail] = nb;
                    tail += 1;
                }
            }
        }
        self.scratch = s;
    }

    /// Live dots of `who` not connected to the field's edge through `who`'s live dots and enclosures
    /// (eight-way links): what grounding counts against the stopper.
    pub(crate) fn ungrounded(&mut self, who: Colour) -> u32 {
        let mut s = std::mem::take(&mut self.scratch);
        let stamp = s.stamps(1);
        let mine = |v: cell::Cell| cell::is_live(v, who) || cell::owner(v) == Some(who);
        let mut total = 0;
        for p in 0..self.cells.len() {
            if s.mark[p] == stamp || !cell::is_live(self.cells[p], who) {
                continue;
            }
            s.mark[p] = stamp;
            s.queue[0] = p as u16;
            let (mut head, mut tail) = (0, 1);
            let mut grounded = false;
            let mut dots = 0;
            while head < tail {
                let c = s.queue[head] as usize;
                head += 1;
                grounded |= self.geo.is_edge(c);
                dots += cell::is_live(self.cells[c], who) as u32;
                for &nb in &self.geo.ring[c] {
                    if on_field(nb) && s.mark[nb as usize] != stamp && mine(self.cells[nb as usize])
                    {
                        s.mark[nb as usize] = stamp;
                        s.queue[tail] = nb;
                        tail += 1;
                    }
                }
            }
            if !grounded {
                total += dots;
            }
        }
        self.scratch = s;
        total
    }
}

/// How [`escapes`] searches: its mark stamp, and the order it pushes directions in (the last one is
/// tried first).
struct Probe {
    stamp: u32,
    order: [usize; 4],
}

/// Whether the region of `who`'s non-wall points around the first `len` points of `stack` (the
/// unexpanded points of an unfinished fill) reaches the edge, or a point for which `known_open` holds.
/// A depth-first search through points no fill has taken; it marks what it visits with the probe's
/// stamp and leaves the fills untouched, so a fill can go on after a failed probe.
fn escapes(
    (ring, edge, cells, who): (&[[u16; 8]], &[bool], &[cell::Cell], Colour),
    mark: &mut [u32],
    stack: &mut [u16],
    mut len: usize,
    probe: &Probe,
    known_open: impl Fn(u32) -> bool,
) -> bool {
    while len > 0 {
        len -= 1;
        let c = stack[len] as usize;
        for &i in &probe.order {
            let nb = ring[c][2 * i];
            if !on_field(nb) {
                continue;
            }
            let m = mark[nb as usize];
            if cell::is_live(cells[nb as usize], who) | (m == probe.stamp) {
                continue;
            }
            if known_open(m) || edge[nb as usize] {
                return true;
            }
            if m >= probe.stamp - 4 && m < probe.stamp {
                continue;
            }
            mark[nb as usize] = probe.stamp;
            stack[len] = nb;
            len += 1;
        }
    }
    false
}
