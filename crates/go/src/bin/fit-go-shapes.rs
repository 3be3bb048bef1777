//! Fits the Go search's move predictor to the games of SGF folders and prints the gammas, the text
//! `crates/go/src/search/shapes.txt` holds:
//!
//! ```sh
//! cargo run --release -p stones-go --bin fit-go-shapes -- \
//!   crates/go/tests/data/real-games crates/go/tests/data/gnugo-selfplay > crates/go/src/search/shapes.txt
//! ```
//!
//! Every stone of every record is a sample (its position and the points its mover could take);
//! records that do not replay are named on stderr and skipped.

use std::path::Path;
use stones_core::move_predictor::{add_all, files_in, header, tell_round};
use stones_core::{Game, RuleSet};
use stones_go::search::shapes_fit::{fit, Samples};
use stones_go::{GoMove, GoRecord, GoRules};

/// Rounds of the fit: the likelihood changes by less than 0.001 a round after about ten.
const ROUNDS: usize = 16;

fn main() {
    let folders: Vec<String> = std::env::args().skip(1).collect();
    if folders.is_empty() {
        eprintln!("usage: fit-go-shapes FOLDER... (folders of Go SGF records) > shapes.txt");
        std::process::exit(2);
    }
    let files = files_in(&folders, "sgf").unwrap_or_else(|e| {
        eprintln!("fit-go-shapes: {e}");
        std::process::exit(1);
    });
    let base = match GoRules::load(Some("classic"), &[]) {
        Ok((rules, _)) => rules,
        Err(e) => {
            eprintln!("fit-go-shapes: {e}");
            std::process::exit(1);
        }
    };
    let mut samples = Samples::new();
    let games = add_all("fit-go-shapes", &files, |path| {
        add_record(path, &base, &mut samples)
    });
    eprintln!("{games} games, {} positions", samples.len());
    let mut last = (0.0, 0.0);
    let gammas = fit(samples, ROUNDS, |round, q| {
        tell_round(round, q);
        last = q;
    });
    let what = "The Go search's move predictor (crates/go/src/search/shapes.rs)";
    let made_by = format!("fit-go-shapes from {games} games of {}", folders.join(", "));
    print!("{}", header(what, &made_by, last));
    print!("{}", gammas.write());
}

/// Adds every stone of the record at `path` to `samples`.
fn add_record(path: &Path, base: &GoRules, samples: &mut Samples) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let record = GoRecord::parse(bytes).map_err(|e| e.to_string())?;
    let mut game = record.start(base).map_err(|e| e.to_string())?;
    for i in 0..record.moves.len() {
        record.prepare(&mut game, i).map_err(|e| e.to_string())?;
        let mv = record.go_move(&game, i);
        if let GoMove::Play(p) = mv {
            samples.add(&game, p);
        }
        game.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(())
}
