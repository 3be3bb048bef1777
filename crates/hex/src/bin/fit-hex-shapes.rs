//! Fits the Hex search's move predictor to the games of case-file folders (as `stones match
//! --save` writes them) and prints the gammas, the text `crates/hex/src/shapes.txt` holds:
//!
//! ```sh
//! cargo run --release -p stones-hex --bin fit-hex-shapes -- --skip 2 crates/hex/tests/data/mohex-selfplay \
//!   > crates/hex/src/shapes.txt
//! ```
//!
//! Every stone of every game is a sample (its position and the empty cells its mover could take),
//! but the first `--skip N` of each game (say, random opening moves the players did not choose);
//! games that do not replay are named on stderr and skipped.

use std::path::Path;
use stones_core::move_predictor::{add_all, files_in, header, tell_round};
use stones_core::replay::{case_overrides, read_case_file};
use stones_core::Game;
use stones_hex::shapes::{fit, Samples};
use stones_hex::{HexGame, Move};

/// Rounds of the fit.
const ROUNDS: usize = 12;

fn main() {
    let mut folders: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: fit-hex-shapes [--skip N] FOLDER... (folders of Hex case files) > shapes.txt"
        );
        std::process::exit(2);
    };
    let mut skip = 0;
    if folders.first().is_some_and(|a| a == "--skip") {
        skip = match folders.get(1).and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => usage(),
        };
        folders.drain(..2);
    }
    if folders.is_empty() {
        usage();
    }
    let files = files_in(&folders, "case").unwrap_or_else(|e| {
        eprintln!("fit-hex-shapes: {e}");
        std::process::exit(1);
    });
    let mut samples = Samples::new();
    let games = add_all("fit-hex-shapes", &files, |path| {
        add_game(path, skip, &mut samples)
    });
    eprintln!("{games} games, {} positions", samples.len());
    let mut last = (0.0, 0.0);
    let gammas = fit(samples, ROUNDS, |round, q| {
        tell_round(round, q);
        last = q;
    });
    let what = "The Hex search's move predictor (crates/hex/src/shapes.rs)";
    let made_by = format!(
        "fit-hex-shapes --skip {skip} from {games} games of {}",
        folders.join(", ")
    );
    print!("{}", header(what, &made_by, last));
    print!("{}", gammas.write());
}

/// Adds every stone of the case file at `path` but the first `skip` moves to `samples`.
fn add_game(path: &Path, skip: usize, samples: &mut Samples) -> Result<(), String> {
    let (case, ruleset) = read_case_file(path)?;
    if !case.game.eq_ignore_ascii_case(HexGame::NAME) {
        return Err(format!("a game of {}, not of hex", case.game));
    }
    let rules = stones_core::rules::load_with(ruleset.as_deref(), &case_overrides(&case))
        .map_err(|e| e.to_string())?
        .0;
    let mut game = HexGame::new(rules).map_err(|e| e.message)?;
    for (i, text) in case.moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        if let (Move::Place(p), true) = (mv, i >= skip) {
            samples.add(&game, p);
        }
        game.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(())
}
