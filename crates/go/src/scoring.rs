//! Counting the board: regions of empty points, territory, area, and seki — over any topology.

use crate::board::{ChainBoard, MAX_POINTS};
use stones_core::{Colour, Point, Topology};

/// Who owns each point once dead stones are removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Empty points (dead stones' points included) surrounded only by each colour.
    pub territory: [u32; 2],
    /// The same, leaving out regions that touch a chain in seki (territory scoring).
    pub territory_outside_seki: [u32; 2],
    /// Living stones of each colour.
    pub stones: [u32; 2],
    /// Dead stones of each colour (they become the other side's prisoners).
    pub dead: [u32; 2],
    /// Per point: the owner of the region or stone, or `None` for neutral points.
    pub owner: Vec<Option<Colour>>,
    /// Per point: true for stones of chains in seki.
    pub seki: Vec<bool>,
}

/// The points a count gives a player that are not its own living stones (empty points and dead
/// stones), for pictures.
pub fn territory_points(board: &ChainBoard, count: &Count) -> Vec<(Point, Colour)> {
    count
        .owner
        .iter()
        .enumerate()
        .filter_map(|(i, &owner)| {
            let p = Point(i as u16);
            owner.filter(|&c| board.get(p) != Some(c)).map(|c| (p, c))
        })
        .collect()
}

/// Counts `board`, treating stones with `dead[p]` as removed.
pub fn count(board: &ChainBoard, topo: &Topology, dead: &[bool]) -> Count {
    count_of(board, topo, dead, true)
}

/// Each side's area — living stones and the empty regions only its stones border — as [`count`]
/// gives it (`stones` + `territory`), without the seki test: a region counts the same whether it
/// touches a chain in seki or not, and the test (trial fills of the shared points on scratch
/// boards) costs more than the rest of the count.
pub fn area(board: &ChainBoard, topo: &Topology, dead: &[bool]) -> [u32; 2] {
    let c = count_of(board, topo, dead, false);
    [0, 1].map(|i| c.stones[i] + c.territory[i])
}

/// [`count`], with the seki test or without it (`seki` then all false and the territory outside
/// seki all of it: for [`area`] alone).
fn count_of(board: &ChainBoard, topo: &Topology, dead: &[bool], seki_test: bool) -> Count {
    let mut dead_count = [0u32; 2];
    // The board is copied only when a stone is marked dead (never at the end of a playout).
    let removed = topo
        .points()
        .any(|p| dead[p.idx()] && board.get(p).is_some())
        .then(|| {
            let mut live = board.clone();
            for p in topo.points() {
                if dead[p.idx()] {
                    if let Some(c) = live.get(p) {
                        dead_count[c.idx()] += live.remove_chain(topo, p);
                    }
                }
            }
            live
        });
    let live = removed.as_ref().unwrap_or(board);
    let n = topo.len();
    let mut owner: Vec<Option<Colour>> = (0..n).map(|i| live.get(Point(i as u16))).collect();
    let seki = match seki_test {
        true => seki_stones(live, topo),
        false => vec![false; n],
    };
    let mut region = vec![u32::MAX; n];
    let mut territory = [0u32; 2];
    let mut outside_seki = [0u32; 2];
    let mut stack = Vec::new();
    let mut members = Vec::new();
    for start in topo.points() {
        if live.get(start).is_some() || region[start.idx()] != u32::MAX {
            continue;
        }
        let (mut borders, mut touches_seki) = ([false; 2], false);
        members.clear();
        stack.push(start);
        region[start.idx()] = start.0 as u32;
        while let Some(p) = stack.pop() {
            members.push(p);
            for &q in topo.neighbours(p) {
                match live.get(Point(q)) {
                    Some(c) => {
                        borders[c.idx()] = true;
                        touches_seki |= seki[q as usize];
                    }
                    None if region[q as usize] == u32::MAX => {
                        region[q as usize] = start.0 as u32;
                        stack.push(Point(q));
                    }
                    None => {}
                }
            }
        }
        let who = match borders {
            [true, false] => Some(Colour::Black),
            [false, true] => Some(Colour::White),
            _ => None,
        };
        if let Some(c) = who {
            territory[c.idx()] += members.len() as u32;
            if !touches_seki {
                outside_seki[c.idx()] += members.len() as u32;
            }
        }
        for p in &members {
            owner[p.idx()] = who;
        }
    }
    Count {
        territory,
        territory_outside_seki: outside_seki,
        stones: [
            live.stone_count(Colour::Black),
            live.stone_count(Colour::White),
        ],
        dead: dead_count,
        owner,
        seki,
    }
}

/// Shared regions larger than this are open ground of an unfinished game, not seki liberties.
const SEKI_REGION_MAX: usize = 6;

/// Stones of chains in seki. On a scratch board, the points of small shared regions (empty regions
/// bordered by both colours) that either side can fill harmlessly — its stone keeps two liberties,
/// captures nothing and puts no enemy chain in atari — are filled one at a time until none is left.
/// Then a chain is in seki when it touches a shared point that neither side can fill without being
/// left with at most one liberty.
pub fn seki_stones(board: &ChainBoard, topo: &Topology) -> Vec<bool> {
    let mut seki = vec![false; topo.len()];
    // Without a shared point there is nothing to fill and no seki: no scratch board.
    let shared = shared_points(board, topo);
    if shared.is_empty() {
        return seki;
    }
    // Two boards for the whole count: the filled one and a scratch one every trial refreshes.
    let mut boards = SCRATCH
        .with(|s| s.take())
        .unwrap_or_else(|| Box::new((board.clone(), board.clone())));
    let (filled, trial) = &mut *boards;
    filled.clone_from(board);
    trial.clone_from(board);
    for p in fill_safe_dame(filled, trial, topo, shared) {
        let mut self_atari =
            |c: Colour| fill(trial, filled, topo, p, c) && trial.liberties(topo, p) <= 1;
        if self_atari(Colour::Black) && self_atari(Colour::White) {
            for &q in topo.neighbours(p) {
                if filled.get(Point(q)).is_some() {
                    for s in filled.chain_stones(Point(q)) {
                        seki[s.idx()] = board.get(s).is_some();
                    }
                }
            }
        }
    }
    SCRATCH.with(|s| s.set(Some(boards)));
    seki
}

thread_local! {
    /// [`seki_stones`]'s two boards, kept for the thread's next count: a new board is 21 KB to
    /// clear and move, a refresh copies only the board's own points. (A game scored by territory
    /// is counted with the seki test when it ends, a `VecEnv`'s thousands a second: new boards
    /// were a fifth of their steps' work.)
    static SCRATCH: std::cell::Cell<Option<Box<(ChainBoard, ChainBoard)>>> =
        const { std::cell::Cell::new(None) };
}

/// The points of small empty regions bordered by stones of both colours.
fn shared_points(board: &ChainBoard, topo: &Topology) -> Vec<Point> {
    let mut seen = vec![false; topo.len()];
    let mut shared = Vec::new();
    let mut region = Vec::new();
    for start in board.empty_points() {
        if seen[start.idx()] {
            continue;
        }
        seen[start.idx()] = true;
        region.clear();
        region.push(start);
        let mut borders = [false; 2];
        let mut i = 0;
        while i < region.len() {
            for &q in topo.neighbours(region[i]) {
                match board.get(Point(q)) {
                    Some(c) => borders[c.idx()] = true,
                    None if !seen[q as usize] => {
                        seen[q as usize] = true;
                        region.push(Point(q));
                    }
                    None => {}
                }
            }
            i += 1;
        }
        if borders == [true, true] && region.len() <= SEKI_REGION_MAX {
            shared.extend_from_slice(&region);
        }
    }
    shared.sort_unstable();
    shared
}

/// Makes `trial` `board` with a `c` stone on empty `p` (refreshed in place, no new board), unless
/// that stone would capture: false then, as it is no dame.
fn fill(trial: &mut ChainBoard, board: &ChainBoard, topo: &Topology, p: Point, c: Colour) -> bool {
    if board.would_capture(topo, p, c) {
        return false;
    }
    trial.clone_from(board);
    trial.put(topo, p, c);
    true
}

/// Fills the shared points of `filled` that cost their filler nothing, one at a time, until none is
/// left, and gives the shared points then left; `shared` are `filled`'s now, `trial` is scratch.
fn fill_safe_dame(
    filled: &mut ChainBoard,
    trial: &mut ChainBoard,
    topo: &Topology,
    mut shared: Vec<Point>,
) -> Vec<Point> {
    let harmless = |trial: &ChainBoard, p: Point, c: Colour| {
        trial.liberties(topo, p) >= 2
            && topo.neighbours(p).iter().all(|&q| {
                trial.get(Point(q)) != Some(c.opponent()) || trial.liberties(topo, Point(q)) >= 2
            })
    };
    'fill: loop {
        for &p in &shared {
            for c in Colour::BOTH {
                if fill(trial, filled, topo, p, c) && harmless(trial, p, c) {
                    filled.put(topo, p, c);
                    shared = shared_points(filled, topo);
                    continue 'fill;
                }
            }
        }
        return shared;
    }
}

/// Marks the chain through stone `p` dead, or alive again if it was marked (the dead-stone step).
pub fn toggle_dead(board: &ChainBoard, dead: &mut [bool], p: Point) {
    let now = !dead[p.idx()];
    for s in board.chain_stones(p) {
        dead[s.idx()] = now;
    }
}

/// A per-point mask with no stone marked dead.
pub fn nothing_dead() -> [bool; MAX_POINTS] {
    [false; MAX_POINTS]
}
