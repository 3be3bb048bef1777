//! Writing a game as a `GM[40]` record.

use super::{last_chains, point_name, SgfError};
use crate::moves::DotsMove;
use crate::state::DotsGame;
use stones_core::sgf::{self, Node};
use stones_core::{Colour, Game, Point};

/// Writes `game` as a `GM[40]` record: size, start dots, every move with its colour — each dot with
/// the capture chains it closed, each STOP — and the result.
///
/// A STOP is written as an empty move, `B[]` or `W[]`: SGF has no STOP of its own, and an empty
/// value is how KataGo's Dots fork and the Kotlin DotsGame editor write the grounding STOP (Go's
/// pass, which a Dots player does not have), and how [`super::parse`] reads it back. Under the
/// `play-on` STOP rule both STOPs are written, so a replay ends where the game ended. Resignation is
/// not a move in SGF: it is `RE[B+R]`/`RE[W+R]`, as in Go records.
pub fn write(game: &DotsGame) -> Result<String, SgfError> {
    let topo = game.topology();
    let (w, h) = topo.bounding_box();
    if w > 52 || h > 52 {
        return Err(SgfError::Unsupported(format!(
            "a {w}:{h} field cannot be written: SGF coordinates reach 52"
        )));
    }
    let name = |p: Point| point_name(topo, p).unwrap_or_default();
    let mut root = Node::default();
    for (ident, value) in [
        ("FF", "4".to_string()),
        ("GM", "40".into()),
        ("CA", "UTF-8".into()),
        ("AP", "stones".into()),
        ("SZ", format!("{w}:{h}")),
    ] {
        root.push(ident, vec![value]);
    }
    for c in Colour::BOTH {
        let dots: Vec<String> = topo
            .points()
            .filter(|p| crate::cell::dot(game.start[p.idx()]) == Some(c))
            .map(name)
            .collect();
        if !dots.is_empty() {
            root.push(&format!("A{}", c.letter()), dots);
        }
    }
    if let stones_core::Status::Over(o) = game.status() {
        root.push("RE", vec![o.result]);
    }
    let mut nodes = vec![root];
    let history: Vec<(Colour, DotsMove)> = game.history().collect();
    let mut replay = game.clone();
    while replay.undo_move() {}
    if replay.cells != *game.start {
        return Err(SgfError::Unsupported(
            "the game's history does not reach back to its start: moves played on the fast \
             path (playouts, the search) keep none, so the record cannot be written"
                .into(),
        ));
    }
    for (c, mv) in history {
        replay.play_as(c, mv).map_err(|e| {
            SgfError::Unsupported(format!("the game does not replay from its start: {e}"))
        })?;
        let value = match mv {
            DotsMove::Put(p) => {
                let mut value = name(p);
                for chain in last_chains(&replay) {
                    value.push('.');
                    chain.iter().for_each(|&q| value.push_str(&name(q)));
                }
                value
            }
            DotsMove::Stop => String::new(),
            DotsMove::Resign => continue,
        };
        let mut node = Node::default();
        node.push(&c.letter().to_string(), vec![value]);
        nodes.push(node);
    }
    Ok(sgf::write(&nodes))
}
