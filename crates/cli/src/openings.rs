//! Varied starts for refereed games, as cutechess-cli's `-openings`: a file of move sequences, or a
//! few random moves. Game `g` of a match starts from opening `g / 2`, so with `--alternate` each
//! opening is played once with each colour, and a deterministic pair of players no longer repeats
//! one game over and over.

use crate::text_game::AnyGame;
use stones_core::{Rng, Status};

/// Where the games' openings come from.
#[derive(Clone, Debug, Default)]
pub enum Openings {
    /// Every game from the start position.
    #[default]
    None,
    /// These sequences, each checked legal from the start, in turn (and round again).
    Listed(Vec<Vec<String>>),
    /// This many random legal moves, drawn anew for each pair of games from `seed`.
    Random { moves: usize, seed: u64 },
}

/// The moves that place nothing, never drawn for a random opening.
const WORDS: [&str; 4] = ["pass", "stop", "swap", "resign"];

/// The most moves an opening may have (a file line or `--random-openings`).
pub const MAX_OPENING: usize = 60;

impl Openings {
    /// The openings of `text` (one a line, moves in the game's notation separated by spaces or
    /// commas; blank lines and lines starting with `#` are skipped), each played out from `start`
    /// to check it: the error names the line and the move refused.
    pub fn read(text: &str, start: &AnyGame) -> Result<Openings, String> {
        let mut listed = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let moves: Vec<String> = line
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|m| !m.is_empty())
                .map(str::to_string)
                .collect();
            if moves.len() > MAX_OPENING {
                return Err(format!(
                    "opening on line {}: {} moves, at most {MAX_OPENING}",
                    i + 1,
                    moves.len()
                ));
            }
            let mut game = start.clone();
            for mv in &moves {
                game.play_text(mv)
                    .map_err(|e| format!("opening on line {}: {mv}: {e}", i + 1))?;
            }
            if game.game_status() != Status::Ongoing {
                return Err(format!(
                    "opening on line {}: the game is over after it",
                    i + 1
                ));
            }
            listed.push(moves);
        }
        if listed.is_empty() {
            return Err("the openings file holds no opening".into());
        }
        Ok(Openings::Listed(listed))
    }

    /// `moves` random moves a pair of games (at most [`MAX_OPENING`]).
    pub fn random(moves: usize, seed: u64) -> Result<Openings, String> {
        if moves == 0 || moves > MAX_OPENING {
            return Err(format!(
                "--random-openings {moves}: expected 1 to {MAX_OPENING} moves"
            ));
        }
        Ok(Openings::Random { moves, seed })
    }

    /// The opening of game `g` from `start`: the same for games `2k` and `2k + 1`.
    pub fn for_game(&self, g: usize, start: &AnyGame) -> Vec<String> {
        let pair = g / 2;
        match self {
            Openings::None => Vec::new(),
            Openings::Listed(list) => list[pair % list.len()].clone(),
            Openings::Random { moves, seed } => {
                let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let mut game = start.clone();
                let mut played = Vec::new();
                while played.len() < *moves {
                    // Stones only: a pass, a STOP or a swap is no opening move (a few draws).
                    let placing = |m: &String| !WORDS.contains(&m.to_ascii_lowercase().as_str());
                    let Some(mv) = (0..20)
                        .filter_map(|_| game.random_move_text(&mut rng))
                        .find(placing)
                    else {
                        break;
                    };
                    // A random opening that ends the game is cut before the move that ends it.
                    let mut next = game.clone();
                    if next.play_text(&mv).is_err() || next.game_status() != Status::Ongoing {
                        break;
                    }
                    game = next;
                    played.push(mv);
                }
                played
            }
        }
    }
}
