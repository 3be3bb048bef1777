//! Legality of two-stone moves without playing them, from O(degree) liberty queries on the chains
//! next to the pair — never by copying the board or walking the own chains. Every answer is exact;
//! tests compare it with trial play.
//!
//! Why the neighbourhood is enough: an own chain next to a placed stone either keeps a liberty off the
//! pair (and so does the stone) or has all its liberties among the pair, so it touches `p` or `q`;
//! an enemy chain the pair captures has all its liberties among the pair too, so it touches `p` or
//! `q` as well. Only one case needs more than the two neighbourhoods (see `rescued`).

use stones_core::{Colour, Point, Topology};
use stones_go::ChainBoard;

/// What the neighbourhood of one placed stone says about its liberties after the move.
struct Local {
    /// Surely has a liberty: an empty neighbour other than the two placed points, a captured enemy
    /// neighbour, or an own neighbouring chain with a liberty elsewhere.
    alive: bool,
    /// Touches an own chain whose liberties are all among the two placed points: the local view is
    /// then not the whole story. Exact only when not `alive`, like `joined`.
    tight: bool,
    /// Touches an own chain whose liberties are exactly the two placed points, which links them.
    joined: bool,
}

/// A stone that surely has a liberty.
const ALIVE: Local = Local {
    alive: true,
    tight: false,
    joined: false,
};

/// [`Local`] for `s`, one of the pair `p`, `q`; `adjacent` says whether the two touch.
#[inline]
fn local(
    board: &ChainBoard,
    topo: &Topology,
    s: Point,
    pair: (Point, Point, bool),
    c: Colour,
) -> Local {
    // Cheap early accept, in line, from the packed neighbour counts alone: an empty neighbour off
    // the pair (the other placed point is the only empty neighbour on it, when they touch) is a
    // liberty whatever else happens.
    if board.empty_neighbours(s) > u32::from(pair.2) {
        return ALIVE;
    }
    local_chains(board, topo, s, pair, c)
}

/// [`local`] from the chains next to `s`.
#[inline(never)]
fn local_chains(
    board: &ChainBoard,
    topo: &Topology,
    s: Point,
    (p, q, _): (Point, Point, bool),
    c: Colour,
) -> Local {
    let nbrs = topo.neighbours(s);
    let (mut tight, mut joined) = (false, false);
    // Neighbours in a row often belong to one chain, which gives the same answer: asked once.
    let mut last = None;
    for &r in nbrs {
        let r = Point(r);
        let Some(o) = board.get(r) else { continue };
        let h = board.chain(r);
        if last == Some(h) {
            continue;
        }
        last = Some(h);
        let within = board.liberties_within(topo, r, p, q);
        if o == c && within {
            tight = true;
            // `s` is one of its liberties; the other placed point is one too unless it is in atari.
            joined |= board.atari_point(r).is_none();
        } else if o == c || within {
            // An own chain with a liberty elsewhere, or an enemy chain the pair captures.
            return ALIVE;
        }
    }
    Local {
        alive: false,
        tight,
        joined,
    }
}

/// The stone of the pair `p`, `q` (two different empty points) that `c` would leave without liberty
/// once both are placed and the captured enemy chains are removed, or `None` when the pair is not
/// suicide (`p` is named when both would be).
#[inline]
pub fn pair_suicide(
    board: &ChainBoard,
    topo: &Topology,
    p: Point,
    q: Point,
    c: Colour,
) -> Option<Point> {
    // The usual answer, from the packed counts alone and in line: a stone with two empty
    // neighbours keeps one that is not its partner, whatever else happens.
    if board.empty_neighbours(p) >= 2 && board.empty_neighbours(q) >= 2 {
        return None;
    }
    crowded_pair_suicide(board, topo, p, q, c)
}

/// [`pair_suicide`] when a stone of the pair has fewer than two empty neighbours.
#[inline(never)]
fn crowded_pair_suicide(
    board: &ChainBoard,
    topo: &Topology,
    p: Point,
    q: Point,
    c: Colour,
) -> Option<Point> {
    let (ep, eq) = (board.empty_neighbours(p), board.empty_neighbours(q));
    // Next, still from the counts: apart, each stone keeps an empty neighbour; side by side, the one
    // chain they make keeps the empty neighbour of either that is not the other. Either way, with
    // an empty neighbour each and two for one of them, the pair lives; a stone without one is not
    // next to the other (an empty point), so only one empty neighbour each asks where they are.
    let both = ep > 0 && eq > 0;
    if both && (ep.max(eq) >= 2 || !topo.neighbours(p).contains(&q.0)) {
        return None;
    }
    // Past that, an empty neighbour each means one each, and the stones side by side. A stone on
    // an enemy's eye that no pair captures dies (and is named first when it is `p`), in O(1).
    let adjacent = both;
    if ep == 0 && board.surrounded_by(p, c.opponent()) && eye_holds(board, topo, p) {
        return Some(p);
    }
    let lp = local(board, topo, p, (p, q, adjacent), c);
    match (adjacent, lp.alive, lp.tight) {
        // One chain with a liberty.
        (true, true, _) => return None,
        // A stone with no liberty and no own chain next to it is dead whatever `q` does.
        (false, false, false) => return Some(p),
        _ => {}
    }
    let lq = local(board, topo, q, (p, q, adjacent), c);
    if lp.alive && lq.alive {
        return None;
    }
    // `joined` is symmetric; read it from a stone that is not alive, where it is exact.
    let joined = adjacent || if lp.alive { lq.joined } else { lp.joined };
    if joined {
        // One chain made of the pair and the own chains next to it: every liberty it can have is seen
        // from `p` or `q`.
        return (!lp.alive && !lq.alive).then_some(p);
    }
    // Two chains: each is its stone and the own chains in atari on it. A rescue needs a captured
    // enemy chain next to the other stone, which that stone's neighbourhood would have called alive,
    // and an own chain in atari on this one (`tight`).
    let p_lives = lp.alive || (lq.alive && rescued(board, topo, p, q, c));
    if !p_lives {
        return Some(p);
    }
    let q_lives = lq.alive || (lp.alive && lq.tight && rescued(board, topo, q, p, c));
    (!q_lives).then_some(q)
}

/// The one liberty the neighbourhood of `s` cannot see: an enemy chain next to `t` only, captured by
/// the pair, that touches an own chain in atari on `s` (and joined to it by the move). Walks only the
/// captured chains, which are rare and small.
fn rescued(board: &ChainBoard, topo: &Topology, s: Point, t: Point, c: Colour) -> bool {
    let enemy = Some(c.opponent());
    // Neighbours in a row often belong to one chain: walked once.
    let mut last = None;
    topo.neighbours(t).iter().any(|&e| {
        let e = Point(e);
        if board.get(e) != enemy || last == Some(board.chain(e)) {
            return false;
        }
        last = Some(board.chain(e));
        board.liberties_within(topo, e, s, t)
            && board.chain_stones(e).any(|x| {
                topo.neighbours(x).iter().any(|&r| {
                    let r = Point(r);
                    board.get(r) == Some(c) && board.atari_point(r) == Some(s)
                })
            })
    })
}

/// True when no legal pair can include a `c` stone on empty `s`, because `s` has no empty neighbour,
/// every enemy chain next to it has at least three liberties (no two stones capture it), every own
/// chain next to it has `s` as its only liberty, and no enemy chain next to those own chains is in
/// atari. The stone's chain is then `s` and those own chains, the partner cannot touch it (it would
/// be a liberty), and no capture frees a point next to it: an enemy chain next to `s` keeps a
/// liberty, one next to the own chains only loses its liberties to the pair when its only one is
/// the partner. Such points (an enemy's eyes, an own chain's last liberty inside enemy walls) are
/// dropped from playout candidates; a pass then comes only when no pair is legal.
///
/// `topo` is a hexagon ([`Topology::hex`]), where the neighbours of a point form one connected arc
/// (each touches the next): neighbours all of one colour are then one chain.
#[inline(always)]
pub fn hopeless(board: &ChainBoard, topo: &Topology, s: Point, c: Colour) -> bool {
    // The empty-neighbour test first, in line (one load of the packed counts, usually decisive).
    if board.empty_neighbours(s) != 0 {
        return false;
    }
    // The usual case, an enemy's eye, in O(1).
    if board.surrounded_by(s, c.opponent()) {
        return eye_holds(board, topo, s);
    }
    walled_in(board, topo, s, c)
}

/// For `s`, an enemy's eye (every neighbour an enemy stone): true when no two stones, one on `s`,
/// capture the one enemy chain around it (on the hexagon the neighbours are one chain, touching
/// `s` with all of them), so that a stone on `s` dies whatever its partner does. O(1).
#[inline(always)]
fn eye_holds(board: &ChainBoard, topo: &Topology, s: Point) -> bool {
    let r = Point(topo.neighbours(s)[0]);
    board.two_liberties_besides(r, s, topo.degree(s) as u32)
}

/// [`hopeless`] for a point without empty neighbours, not an enemy's eye: the own chains first,
/// since one with a liberty besides `s` (the usual case) answers at once; then each enemy chain
/// once, with the number of its stones next to `s` counted on the way (at most six chains); then,
/// only when all that holds, the own chains' stones.
#[inline(never)]
fn walled_in(board: &ChainBoard, topo: &Topology, s: Point, c: Colour) -> bool {
    let nbrs = topo.neighbours(s);
    // Own chains have no liberty besides `s`.
    let mut own = false;
    for &r in nbrs {
        let r = Point(r);
        if board.get(r) == Some(c) {
            if !board.liberties_within(topo, r, s, s) {
                return false;
            }
            own = true;
        }
    }
    // Enemy chains keep two liberties besides `s`.
    let mut chains = [(0u16, 0u32); 6];
    let mut k = 0;
    for &r in nbrs {
        let r = Point(r);
        if board.get(r) == Some(c) {
            continue;
        }
        let h = board.chain(r).0;
        match chains[..k].iter_mut().find(|e| e.0 == h) {
            Some(e) => e.1 += 1,
            None => {
                chains[k] = (h, 1);
                k += 1;
            }
        }
    }
    let walls = chains[..k]
        .iter()
        .all(|&(h, m)| board.two_liberties_besides(Point(h), s, m));
    walls && (!own || no_rescue(board, topo, s, c))
}

/// True when no enemy chain next to the own chains next to `s` is in atari: no capture frees a
/// point next to them. Walks their stones (each chain once when its stones next to `s` are in a
/// row); rare: only points that are otherwise hopeless with own neighbours ask.
#[cold]
fn no_rescue(board: &ChainBoard, topo: &Topology, s: Point, c: Colour) -> bool {
    let enemy = Some(c.opponent());
    let mut last = None;
    topo.neighbours(s).iter().all(|&r| {
        let r = Point(r);
        if board.get(r) != Some(c) || last == Some(board.chain(r)) {
            return true;
        }
        last = Some(board.chain(r));
        board.chain_stones(r).all(|x| {
            topo.neighbours(x).iter().all(|&e| {
                let e = Point(e);
                board.get(e) != enemy || board.atari_point(e).is_none()
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`hopeless`]'s O(1) enemy-eye case stands on: on every hexagon TriGo plays, the
    /// neighbours of each point form one connected set (one chain when all are of one colour).
    #[test]
    fn the_neighbours_of_a_hexagon_point_are_connected() {
        for side in 2..=13 {
            let topo = Topology::hex(side);
            for s in topo.points() {
                let nbrs = topo.neighbours(s);
                let mut reached = vec![nbrs[0]];
                while let Some(&r) = nbrs.iter().find(|&&r| {
                    !reached.contains(&r)
                        && reached
                            .iter()
                            .any(|&x| topo.neighbours(Point(x)).contains(&r))
                }) {
                    reached.push(r);
                }
                assert_eq!(reached.len(), nbrs.len(), "side {side}, point {s:?}");
            }
        }
    }
}
