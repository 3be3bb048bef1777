//! Legality of two-stone moves without playing them: cheap local tests (O(degree) liberty queries on
//! the neighbouring chains) decide nearly every pair, and only the rare doubtful ones (a stone whose
//! last liberties run through an own chain) are settled by walking the chains the pair would join —
//! never by copying the board. Every answer is exact; tests compare it with trial play.

use stones_core::{Colour, Point, Topology};
use stones_go::board::MAX_POINTS;
use stones_go::ChainBoard;

/// What the neighbourhood of one placed stone says about its liberties after the move.
struct Local {
    /// Surely has a liberty: an empty neighbour other than the two placed points, a captured enemy
    /// neighbour, or an own neighbouring chain with a liberty elsewhere.
    alive: bool,
    /// Touches an own chain whose liberties are all among the two placed points: the local view is
    /// then not the whole story.
    tight: bool,
}

fn local(board: &ChainBoard, topo: &Topology, s: Point, p: Point, q: Point, c: Colour) -> Local {
    let nbrs = topo.neighbours(s);
    // Cheap early accept, no chain looked at: an empty neighbour off the pair is a liberty whatever
    // else happens (`tight` only matters for a stone that is not alive).
    if nbrs
        .iter()
        .any(|&r| r != p.0 && r != q.0 && board.get(Point(r)).is_none())
    {
        return Local {
            alive: true,
            tight: false,
        };
    }
    let mut tight = false;
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
        } else if o == c || within {
            // An own chain with a liberty elsewhere, or an enemy chain the pair captures.
            return Local { alive: true, tight };
        }
    }
    Local {
        alive: false,
        tight,
    }
}

/// The stone of the pair `p`, `q` (two different empty points) that `c` would leave without liberty
/// once both are placed and the captured enemy chains are removed, or `None` when the pair is not
/// suicide.
pub fn pair_suicide(
    board: &ChainBoard,
    topo: &Topology,
    p: Point,
    q: Point,
    c: Colour,
) -> Option<Point> {
    let lp = local(board, topo, p, p, q, c);
    let adjacent = topo.neighbours(p).contains(&q.0);
    match (adjacent, lp.alive, lp.tight) {
        // One chain with a liberty.
        (true, true, _) => return None,
        // A lone dead stone on `p` (see below): `q` need not be looked at.
        (false, false, false) => return Some(p),
        _ => {}
    }
    let lq = local(board, topo, q, p, q, c);
    if lp.alive && lq.alive {
        return None;
    }
    if adjacent {
        // One chain: alive if either stone is; exactly dead if no own chain joins it.
        if lp.alive || lq.alive {
            return None;
        }
        if !lp.tight && !lq.tight {
            return Some(p);
        }
    } else {
        // A stone with no own neighbour and no liberty is a lone dead stone, whatever the other does.
        for (s, l) in [(p, &lp), (q, &lq)] {
            if !l.alive && !l.tight {
                return Some(s);
            }
        }
    }
    simulated_suicide(board, topo, p, q, c)
}

/// The exact answer by walking the chains the pair would join: a search from each placed stone over
/// own stones and the pair, stopping at the first liberty (an empty point off the pair, or an enemy
/// stone whose chain the pair captures). Fixed-size stack arrays: no board copy, no allocation.
fn simulated_suicide(
    board: &ChainBoard,
    topo: &Topology,
    p: Point,
    q: Point,
    c: Colour,
) -> Option<Point> {
    [p, q]
        .into_iter()
        .find(|&s| !chain_has_liberty(board, topo, s, p, q, c))
}

/// Does the chain through `s` after `c` plays `p` and `q` have a liberty?
fn chain_has_liberty(
    board: &ChainBoard,
    topo: &Topology,
    s: Point,
    p: Point,
    q: Point,
    c: Colour,
) -> bool {
    let mut seen = [0u64; MAX_POINTS.div_ceil(64)];
    let mut mark = |r: Point| {
        let (w, bit) = (r.idx() / 64, 1u64 << (r.idx() % 64));
        let fresh = seen[w] & bit == 0;
        seen[w] |= bit;
        fresh
    };
    let mut stack = [0u16; MAX_POINTS];
    let mut top = 1;
    stack[0] = s.0;
    mark(s);
    while top > 0 {
        top -= 1;
        let u = Point(stack[top]);
        for &r in topo.neighbours(u) {
            let r = Point(r);
            let placed = r == p || r == q;
            match board.get(r) {
                None if !placed => return true,
                Some(o) if o != c => {
                    if board.liberties_within(topo, r, p, q) {
                        return true;
                    }
                    continue;
                }
                _ => {}
            }
            if mark(r) {
                stack[top] = r.0;
                top += 1;
            }
        }
    }
    false
}

/// True when no legal pair can include a `c` stone on empty `s`: every neighbour is an enemy stone
/// whose chain has at least three liberties (so no two stones capture it). Such points (an enemy's
/// eyes, typically) are dropped from playout candidates; a pass then comes only when no pair is legal.
pub fn hopeless(board: &ChainBoard, topo: &Topology, s: Point, c: Colour) -> bool {
    let enemy = Some(c.opponent());
    let nbrs = topo.neighbours(s);
    // The colour test first (cheap and usually decisive), then each enemy chain once (neighbours in a
    // row often share one).
    if !nbrs.iter().all(|&r| board.get(Point(r)) == enemy) {
        return false;
    }
    let mut last = None;
    nbrs.iter().all(|&r| {
        let r = Point(r);
        let h = board.chain(r);
        if last == Some(h) {
            return true;
        }
        last = Some(h);
        board.atari_point(r).is_none() && board.second_liberty(topo, r, s).is_none()
    })
}
