//! Replaying a record on the engine: its start, then each move for the colour the record names.

use super::chains::check_chains;
use super::read::bad;
use super::{SgfError, SgfMove, SgfRecord};
use crate::moves::{DotsIllegal, DotsMove};
use crate::rules::{DotsRules, Start};
use crate::state::DotsGame;
use stones_core::{BoardSize, Colour, Game};

/// A replayed record: the game after the last move, and what did not match.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: DotsGame,
    /// One line per capture chain whose inside differs from the engine's enclosure.
    pub warnings: Vec<String>,
}

impl SgfRecord {
    /// The game before the record's first move: `rules` with the record's field size, and the
    /// record's `AB`/`AW` dots as the start (not the ruleset's `start`). The first move's colour moves
    /// first.
    pub fn start(&self, rules: &DotsRules) -> Result<DotsGame, SgfError> {
        let rules = DotsRules {
            size: BoardSize {
                width: self.width,
                height: self.height,
            },
            start: Start::Empty,
            ..rules.clone()
        };
        let mut game =
            DotsGame::with_rules(rules).map_err(|e| SgfError::Unsupported(e.to_string()))?;
        if !self.setup.is_empty() {
            let topo = game.topology().clone();
            let mut dots = vec![None; topo.len()];
            for &(c, (x, y)) in &self.setup {
                if let Some(p) = topo.at(x as i32, y as i32) {
                    dots[p.idx()] = Some(c);
                }
            }
            let first = self.moves.first().map_or(Colour::Black, |m| m.colour);
            game.set_position(&dots, first)
                .map_err(|e| SgfError::Unsupported(e.to_string()))?;
        }
        Ok(game)
    }
}

/// Plays move `number` (from 1) of a record for the colour the record names, even out of turn. On
/// success, returns a warning when the capture chains written with the move enclose other points than
/// the engine's enclosure (the engine's count stands). A refused move changes nothing.
pub fn play_move(
    game: &mut DotsGame,
    m: &SgfMove,
    number: usize,
) -> Result<Option<String>, DotsIllegal> {
    let mv = match m.at {
        Some((x, y)) => DotsMove::Put(
            game.topology()
                .at(x as i32, y as i32)
                .ok_or(DotsIllegal::OffField)?,
        ),
        None => DotsMove::Stop,
    };
    game.play_as(m.colour, mv)?;
    Ok((!m.chains.is_empty())
        .then(|| check_chains(game, m, number))
        .flatten())
}

/// Replays `rec` from [`SgfRecord::start`] under `rules`; the first refused move is an error.
pub fn replay(rec: &SgfRecord, rules: &DotsRules) -> Result<Replay, SgfError> {
    let mut game = rec.start(rules)?;
    let mut warnings = Vec::new();
    for (i, m) in rec.moves.iter().enumerate() {
        let number = i + 1;
        let name = m.name(game.topology());
        let warning = play_move(&mut game, m, number)
            .map_err(|e| bad(number, &m.text, format!("{} at {name}: {e}", m.colour)))?;
        warnings.extend(warning);
    }
    Ok(Replay { game, warnings })
}
