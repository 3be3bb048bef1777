//! Command-line parsing (clap derive) and the commands.

use crate::bench::bench;
use crate::case::{replay_case_file, replay_moves, Transcript};
use crate::play::play;
use crate::registry::{parse_overrides, GameKind};
use crate::sgf_replay::replay_sgf;
use crate::text_game::{AnyGame, TextGame};
use clap::{Args, Parser, Subcommand};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use strum::IntoEnumIterator;

/// stones: abstract board games on the points of a grid — Go and friends.
#[derive(Parser, Debug)]
#[command(name = "stones", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The ruleset options every game command takes.
#[derive(Args, Debug, Clone, Default)]
pub struct RulesArgs {
    /// A builtin ruleset name (see `stones list`) or a path to a TOML file.
    #[arg(long, short)]
    pub ruleset: Option<String>,
    /// Override one ruleset key, e.g. `--set komi=7.5 --set size=9`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and their rulesets.
    List,
    /// Play a game at the terminal, two people taking turns.
    Play {
        /// The game: go.
        game: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// No ANSI colours even on a terminal.
        #[arg(long)]
        no_colour: bool,
    },
    /// Replay a case file, or a game's move list given with --moves, and print the transcript.
    Replay {
        /// A case file (.case), an SGF record (.sgf: Go, or Dots — replayed under the `grounding`
        /// ruleset unless --ruleset says otherwise), or a game name with --moves.
        target: String,
        /// Moves separated by spaces or commas (TriGo pairs as a1+b2), with a game name.
        #[arg(long)]
        moves: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
        /// Print one JSON object instead of the readable transcript.
        #[arg(long)]
        json: bool,
    },
    /// Be a GTP (Go Text Protocol 2) engine on standard input and output, for GUIs and other engines.
    Gtp {
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Be a Gomocup (Piskvork) brain on standard input and output: START, BEGIN, TURN, BOARD, INFO, …
    Gomocup,
    /// Random playouts per second on the game's fast path.
    Bench {
        /// The game to measure.
        game: String,
        /// Board size (sets the ruleset key `size`).
        #[arg(long)]
        size: Option<String>,
        /// Number of random games to play.
        #[arg(long, default_value_t = 2000)]
        playouts: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        rules: RulesArgs,
    },
}

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("stones: {message}");
            ExitCode::FAILURE
        }
    }
}

fn new_game(game: &str, rules: &RulesArgs) -> Result<(AnyGame, String), String> {
    let kind = GameKind::parse(game)?;
    let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
    kind.create(rules.ruleset.as_deref(), &overrides)
        .map_err(|e| e.to_string())
}

/// Runs one command; the error is the message to print.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::List => {
            print!("{}", list());
            Ok(())
        }
        Command::Play {
            game,
            rules,
            no_colour,
        } => {
            let (mut game, _) = new_game(&game, &rules)?;
            let colour = !no_colour
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none();
            play(
                &mut game,
                std::io::stdin().lock(),
                std::io::stdout(),
                colour,
            )
            .map_err(|e| e.to_string())
        }
        Command::Replay {
            target,
            moves,
            rules,
            json,
        } => {
            let transcript = replay(&target, moves.as_deref(), &rules)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&transcript).map_err(|e| e.to_string())?
                );
            } else {
                print!("{}", transcript.readable());
            }
            Ok(())
        }
        Command::Gtp { rules } => {
            let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
            let (rules, _) = stones_core::rules::load_with::<stones_go::GoRules>(
                rules.ruleset.as_deref(),
                &overrides,
            )
            .map_err(|e| e.to_string())?;
            stones_gtp::run(std::io::stdin().lock(), std::io::stdout(), rules)
                .map_err(|e| e.to_string())
        }
        Command::Gomocup => {
            stones_gomoku::gomocup::run_brain(std::io::stdin().lock(), std::io::stdout())
                .map_err(|e| e.to_string())
        }
        Command::Bench {
            game,
            size,
            playouts,
            seed,
            mut rules,
        } => {
            if let Some(size) = size {
                rules.set.push(format!("size={size}"));
            }
            let (start, ruleset) = new_game(&game, &rules)?;
            let r = bench(&start, playouts.max(1), seed);
            println!(
                "{} {} ({ruleset}): {} playouts in {:.2} s = {:.0} playouts/s, {:.1} moves per playout, {:.0} moves/s",
                start.game_name(),
                start.size_text(),
                r.playouts,
                r.seconds,
                r.per_second(),
                r.moves as f64 / r.playouts as f64,
                r.moves as f64 / r.seconds.max(1e-9)
            );
            Ok(())
        }
    }
}

/// Replays a case file, or a move list for a named game.
pub fn replay(target: &str, moves: Option<&str>, rules: &RulesArgs) -> Result<Transcript, String> {
    if let Some(moves) = moves {
        let (game, ruleset) = new_game(target, rules)?;
        let list: Vec<String> = if moves.contains(',') {
            moves
                .split(',')
                .map(|m| m.trim().to_string())
                .filter(|m| !m.is_empty())
                .collect()
        } else {
            moves.split_whitespace().map(str::to_string).collect()
        };
        return Ok(replay_moves(game, ruleset, &list));
    }
    let path = Path::new(target);
    if !path.exists() && GameKind::parse(target).is_ok() {
        return Err(format!(
            "replay {target} needs --moves \"D4 Q16 …\" (or give a case file)"
        ));
    }
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
    {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read SGF file {}: {e}", path.display()))?;
        return replay_sgf(&bytes, rules).map_err(|e| format!("SGF file {}: {e}", path.display()));
    }
    if rules.ruleset.is_some() || !rules.set.is_empty() {
        return Err(
            "--ruleset and --set go with --moves or an SGF file; a case file names its own ruleset"
                .into(),
        );
    }
    replay_case_file(path)
}

/// The text of `stones list`.
pub fn list() -> String {
    let mut out = String::new();
    for kind in GameKind::iter() {
        out.push_str(&format!("{:<8} {}\n", kind.name(), kind.description()));
        for (i, b) in kind.builtin_rulesets().iter().enumerate() {
            let default = if i == 0 { " (default)" } else { "" };
            out.push_str(&format!(
                "  --ruleset {:<14} {}{default}\n",
                b.name,
                GameKind::ruleset_description(b)
            ));
        }
    }
    out
}
