//! Command-line parsing (clap derive) and the commands.

use crate::bench::bench;
use crate::case::{replay_case_file_with, replay_moves, Pictures, Transcript};
use crate::clock::TimeControl;
use crate::matches::{report, run_match, summarise, MatchPlan};
use crate::openings::Openings;
use crate::output::{exit_status, parse_error_status, print_out, CommandError};
use crate::play::{play, PlayOptions};
use crate::player::Player;
use crate::referee::Limits;
use crate::registry::{parse_overrides, GameKind};
use crate::save::{is_loadable, load as load_game, SaveInfo};
use crate::sgf_replay::replay_sgf_with;
use crate::sprt::Sprt;
use crate::text_game::AnyGame;
use crate::tournament::{run_tournament, TournamentPlan};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use stones_ai::PlayerSpec;

/// stones: abstract board games on the points of a grid — Go and friends.
#[derive(Parser, Debug)]
#[command(name = "stones", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// How refereed games are played (`match`, `tournament`): at once, their clock, their length and
/// their start.
#[derive(Args, Debug, Clone, Default)]
pub struct RefereeArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    parallel: usize,
    /// Seconds per move for every player (the search thinks all but a reserve; a player past 1.5
    /// times it, plus up to half a second, loses on time). At most a day.
    #[arg(long, value_name = "SECONDS")]
    move_time: Option<f64>,
    /// Seconds an external engine has to start and set up each game, before its first move's
    /// clock runs. At most a day.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::STARTUP_TIME.as_secs_f64())]
    startup_time: f64,
    /// Score a game as it stands after this many moves.
    #[arg(long)]
    max_moves: Option<usize>,
    /// Before each game, a GTP engine plays one genmove on the empty board within its start-up
    /// time, then clears it: an engine that loads lazily is not charged that on its first move.
    #[arg(long)]
    warmup: bool,
    /// Start the games from these openings: one a line, moves in the game's notation; each is
    /// played by two games in a row (with --alternate, once with each colour).
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    openings: Option<std::path::PathBuf>,
    /// Start each pair of games from this many random moves (the same for both games).
    #[arg(long, value_name = "N")]
    random_openings: Option<usize>,
    /// The seed of --random-openings.
    #[arg(long, default_value_t = 1, value_name = "SEED")]
    openings_seed: u64,
}

impl RefereeArgs {
    /// Games at once (1 to 64).
    fn parallel(&self) -> usize {
        self.parallel.clamp(1, 64)
    }

    /// The clock and length of each game, the times checked.
    fn limits(&self) -> Result<Limits, String> {
        Ok(Limits {
            move_time: (self.move_time)
                .map(|s| crate::clock::seconds_arg("--move-time", s))
                .transpose()?,
            startup_time: crate::clock::seconds_arg("--startup-time", self.startup_time)?,
            max_moves: self.max_moves,
            warmup: self.warmup,
        })
    }

    /// The openings asked for, read and checked from `start`.
    fn openings(&self, start: &AnyGame) -> Result<Openings, String> {
        match (&self.openings, self.random_openings) {
            (Some(path), _) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Openings::read(&text, start).map_err(|e| format!("{}: {e}", path.display()))
            }
            (None, Some(n)) => Openings::random(n, self.openings_seed),
            (None, None) => Ok(Openings::None),
        }
    }
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
    /// Play a game at the terminal: people, the search, random play or external engines.
    Play {
        /// The game (`stones list` names them); or a saved game, case file or SGF record to play
        /// on from its end (PATH.case, PATH.sgf).
        game: Option<String>,
        /// A saved game, case file or SGF record to play on from its end.
        #[arg(long, value_name = "PATH", conflicts_with = "game")]
        load: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
        /// Who plays Black (the forms and options are those of the error for a bad one).
        #[arg(long, help = format!(
            "Who plays Black: {} [default: human, or the player a loaded case file recorded]",
            stones_ai::spec_help()
        ))]
        black: Option<String>,
        /// Who plays White (the same forms as --black).
        #[arg(long)]
        white: Option<String>,
        /// No ANSI colours even on a terminal.
        #[arg(long)]
        no_colour: bool,
        /// Draw the board narrow (Dots' 39 x 32 field in 80 columns); also when the usual
        /// picture is wider than the terminal's COLUMNS.
        #[arg(long)]
        compact: bool,
        /// A clock: main time per player, and an increment per move after `+` (`10m`, `10m+5s`,
        /// `90s`); a player out of time loses.
        #[arg(long, value_name = "MAIN[+INC]")]
        time: Option<String>,
    },
    /// Replay a case file, or a game's move list given with --moves, and print the transcript.
    Replay {
        /// A case file, an SGF record or a game name with --moves (the games with SGF listed).
        #[arg(help = format!(
            "A case file (.case), an SGF record (.sgf: {}; Dots records are replayed under the \
             `grounding` ruleset unless --ruleset says otherwise), or a game name with --moves",
            crate::sgf_replay::sgf_games()
        ))]
        target: String,
        /// Moves separated by spaces or commas (TriGo pairs as a1+b2), with a game name.
        #[arg(long)]
        moves: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
        /// Print one JSON object instead of the readable transcript.
        #[arg(long)]
        json: bool,
        /// Also write the final position as an SVG picture to this file.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<std::path::PathBuf>,
        /// Also write one SVG picture per step into this folder: 000.svg the start, then one after
        /// each move (a refused move repeats the picture before it).
        #[arg(long, value_name = "DIR")]
        svg_dir: Option<std::path::PathBuf>,
        /// Also write the win-rate graph of the game (Black's chance after each move, read by the
        /// search) as an SVG picture to this file.
        #[arg(long, value_name = "OUT.svg")]
        plot: Option<std::path::PathBuf>,
        /// Playouts of the search at each position for --plot.
        #[arg(long, default_value_t = 1000, value_name = "N")]
        plot_playouts: u64,
    },
    /// Referee games between two players and report wins, score with its 95% interval, and Elo.
    Match {
        /// The game (`stones list` names them).
        game: String,
        /// The first player (Black in the first game).
        #[arg(long)]
        black: String,
        /// The second player.
        #[arg(long)]
        white: String,
        /// How many games (default 2; with --sprt, the most: 10,000 by default).
        #[arg(long)]
        games: Option<usize>,
        /// Swap colours every game.
        #[arg(long)]
        alternate: bool,
        /// Stop as soon as a sequential probability ratio test decides between "the first player
        /// is ELO0 stronger" and "ELO1 stronger" (α = β = 5%), as cutechess-cli's -sprt: e.g. 0,50.
        #[arg(long, value_name = "ELO0,ELO1")]
        sprt: Option<String>,
        #[command(flatten)]
        referee: RefereeArgs,
        #[command(flatten)]
        rules: RulesArgs,
        /// Write every game into this folder (a case file each, and an SGF record for the games that
        /// have one).
        #[arg(long, value_name = "DIR")]
        save: Option<std::path::PathBuf>,
        /// Write the games and the summary as JSON, again as games end (a match cut short keeps its
        /// finished games).
        #[arg(long, value_name = "FILE")]
        json: Option<std::path::PathBuf>,
    },
    /// A tournament between any number of players: every pair (or a gauntlet of the first against
    /// the others) with both colours each round; a crosstable and Elo with its error. With --json it
    /// resumes: run the same command again after a stop, and the games played are not played again.
    Tournament {
        /// The game (`stones list` names them).
        game: String,
        /// A player (give two or more): the search, random, or an engine (gtp:…, gomocup:…).
        #[arg(long = "player", value_name = "SPEC", required = true)]
        players: Vec<String>,
        /// The first player against each of the others only.
        #[arg(long)]
        gauntlet: bool,
        /// Rounds: each plays every pairing twice, each side Black once.
        #[arg(long, default_value_t = 1)]
        rounds: usize,
        #[command(flatten)]
        referee: RefereeArgs,
        #[command(flatten)]
        rules: RulesArgs,
        /// Write the games and standings as JSON as games end, and resume from it.
        #[arg(long, value_name = "FILE")]
        json: Option<std::path::PathBuf>,
    },
    /// Be a GTP (Go Text Protocol 2) engine on standard input and output, for GUIs and other engines.
    Gtp {
        /// The game (go by default; every game speaks GTP in its own notation).
        #[arg(long, default_value = "go")]
        game: String,
        /// Who answers genmove: mcts (its time follows time_settings/time_left, else 1 s a move),
        /// mcts:…, or random.
        #[arg(long, default_value = "mcts")]
        player: String,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Serve a web page that plays every game (people, the search or random play on each side).
    Serve(crate::site::ServeArgs),
    /// Be a Gomocup (Piskvork) brain on standard input and output: START, BEGIN, TURN, BOARD, INFO, …
    Gomocup,
    /// Write a new game crate of its own (outside this repository) that gets the whole CLI.
    NewGame {
        /// The game's name: lower-case letters, digits and '-', such as `pente`.
        name: String,
        /// The folder to write it into (default: `./NAME`); it must not exist or be empty.
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
    },
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
        /// Also time the search: playouts per second with the tree, on 1 and 2 threads.
        #[arg(long)]
        search: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
}

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let command =
        Cli::command().mut_subcommand("play", |c| c.after_help(crate::help::games_list()));
    match command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => exit_status(run(cli.command)),
        Err(e) => parse_error_status(&e),
    }
}

fn spec(text: &str) -> Result<PlayerSpec, String> {
    PlayerSpec::parse(text).map_err(|e| e.to_string())
}

/// A player of `play`: the search resigns a hopeless game there (below
/// [`stones_ai::PROMPT_RESIGN`] for [`stones_ai::RESIGN_MOVES`] moves) unless `resign=` says
/// otherwise, as a person expects of an opponent; `match` keeps playing to the end.
fn prompt_spec(text: &str) -> Result<PlayerSpec, String> {
    Ok(match spec(text)? {
        PlayerSpec::Mcts(mut o) => {
            o.resign_by_default(stones_ai::PROMPT_RESIGN);
            PlayerSpec::Mcts(o)
        }
        other => other,
    })
}

fn new_game(game: &str, rules: &RulesArgs) -> Result<(AnyGame, String), String> {
    let kind = GameKind::parse(game)?;
    let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
    kind.create(rules.ruleset.as_deref(), &overrides)
        .map_err(|e| e.to_string())
}

/// Runs one command; the error says what to print (see [`crate::output`]).
pub fn run(command: Command) -> Result<(), CommandError> {
    match command {
        Command::List => print_out(&list()),
        Command::Play {
            game,
            load,
            rules,
            black,
            white,
            no_colour,
            compact,
            time,
        } => {
            let clock = time.as_deref().map(TimeControl::parse).transpose()?;
            let live_clock = std::io::stdout().is_terminal();
            let Some(target) = load.or(game) else {
                return Err(format!(
                    "play needs a game (`stones play GAME`) or a saved one (`stones play PATH.case`)\n{}",
                    crate::help::games_list()
                )
                .into());
            };
            let (mut game, mut options, recorded) = if is_loadable(&target) {
                let loaded = load_game(Path::new(&target), &rules)?;
                for note in &loaded.notes {
                    eprintln!("{target}: {note}");
                }
                let options = PlayOptions {
                    history: loaded.history,
                    save: loaded.info,
                    clock,
                    compact,
                    live_clock,
                };
                (loaded.game, options, loaded.players)
            } else {
                let (game, ruleset) = new_game(&target, &rules)?;
                let save = SaveInfo {
                    ruleset,
                    set: rules.set.clone(),
                    ..SaveInfo::default()
                };
                (
                    game,
                    PlayOptions {
                        history: Vec::new(),
                        save,
                        clock,
                        compact,
                        live_clock,
                    },
                    [None, None],
                )
            };
            let ([black, white], notes) = crate::save::choose_players([black, white], &recorded);
            for note in &notes {
                eprintln!("{target}: {note}");
            }
            options.save.players = Some([black.clone(), white.clone()]);
            let colour = !no_colour
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            let players = [
                Player::new(&prompt_spec(&black)?, &game)?,
                Player::new(&prompt_spec(&white)?, &game)?,
            ];
            Ok(play(
                &mut game,
                players,
                options,
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
                colour,
            )?)
        }
        Command::Replay {
            target,
            moves,
            rules,
            json,
            svg,
            svg_dir,
            plot,
            plot_playouts,
        } => {
            let pictures = match (&svg, &svg_dir) {
                (_, Some(_)) => Pictures::Every,
                (Some(_), None) => Pictures::Last,
                (None, None) => Pictures::None,
            };
            let transcript = replay(&target, moves.as_deref(), &rules, pictures)?;
            write_pictures(&transcript, svg.as_deref(), svg_dir.as_deref())?;
            if let Some(out) = plot {
                let list = moves.as_deref().map(split_moves);
                let (start, played) =
                    crate::analysis::game_and_moves(&target, list.as_deref(), &rules)?;
                let rates = crate::analysis::win_rates(&start, &played, plot_playouts);
                let svg = crate::analysis::win_rate_svg(start.game_name(), &rates, plot_playouts);
                std::fs::write(&out, svg)
                    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            }
            if json {
                let text = serde_json::to_string_pretty(&transcript).map_err(|e| e.to_string())?;
                print_out(&format!("{text}\n"))
            } else {
                print_out(&transcript.readable())
            }
        }
        Command::Match {
            game,
            black,
            white,
            games,
            alternate,
            sprt,
            referee,
            rules,
            save,
            json,
        } => {
            let sprt = sprt.as_deref().map(Sprt::parse).transpose()?;
            let games = games.unwrap_or(if sprt.is_some() { 10_000 } else { 2 });
            let (start, ruleset) = new_game(&game, &rules)?;
            let plan = MatchPlan {
                game: start.game_name().to_string(),
                ruleset,
                set: rules.set.clone(),
                players: [spec(&black)?, spec(&white)?],
                games: games.max(1),
                alternate,
                parallel: referee.parallel(),
                limits: referee.limits()?,
                save,
                json,
                sprt,
                openings: referee.openings(&start)?,
            };
            let records = run_match(&start, &plan, &mut std::io::stderr())?;
            let labels = [plan.players[0].label(), plan.players[1].label()];
            let summary = summarise(&records, &labels);
            print_out(&report(&summary))?;
            if let Some(sprt) = &plan.sprt {
                print_out(&crate::matches::sprt_line(sprt, &summary))?;
            }
            print_out(&crate::matches::game_lines(&records))?;
            Ok(())
        }
        Command::Tournament {
            game,
            players,
            gauntlet,
            rounds,
            referee,
            rules,
            json,
        } => {
            let (start, ruleset) = new_game(&game, &rules)?;
            let plan = TournamentPlan {
                game: start.game_name().to_string(),
                ruleset,
                players: players.iter().map(|p| spec(p)).collect::<Result<_, _>>()?,
                gauntlet,
                rounds: rounds.clamp(1, 10_000),
                parallel: referee.parallel(),
                limits: referee.limits()?,
                openings: referee.openings(&start)?,
                json,
            };
            let games = run_tournament(&start, &plan, &mut std::io::stderr())?;
            print_out(&crate::tournament::report(
                &crate::tournament::labels(&plan.players),
                &games,
            ))?;
            Ok(())
        }
        Command::Gtp {
            game,
            player,
            rules,
        } if !game.eq_ignore_ascii_case("go") => {
            let kind = GameKind::parse(&game)?;
            let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
            Ok(crate::gtp_any::run(
                kind,
                rules.ruleset,
                overrides,
                spec(&player)?,
                std::io::stdin().lock(),
                std::io::stdout(),
            )?)
        }
        Command::Gtp { rules, player, .. } => {
            let overrides = parse_overrides(&rules.set).map_err(|e| e.to_string())?;
            let (rules, _) = stones_core::rules::load_with::<stones_go::GoRules>(
                rules.ruleset.as_deref(),
                &overrides,
            )
            .map_err(|e| e.to_string())?;
            let options = match spec(&player)? {
                PlayerSpec::Mcts(options) => Some(options),
                PlayerSpec::Random => None,
                other => {
                    return Err(format!(
                        "gtp --player {other}: the engine answers genmove with mcts or random"
                    )
                    .into())
                }
            };
            Ok(stones_gtp::run(
                std::io::stdin().lock(),
                std::io::stdout(),
                rules,
                options,
            )?)
        }
        Command::Serve(args) => Ok(crate::site::serve(&args)?),
        Command::Gomocup => Ok(stones_gomoku::gomocup::run_brain(
            std::io::stdin().lock(),
            std::io::stdout(),
        )?),
        Command::NewGame { name, dir } => {
            let dir = dir.unwrap_or_else(|| std::path::PathBuf::from(&name));
            let checkout = crate::new_game::checkout_crates();
            print_out(&crate::new_game::write(&name, &dir, checkout.as_deref())?)
        }
        Command::Bench {
            game,
            size,
            playouts,
            seed,
            search,
            mut rules,
        } => {
            if let Some(size) = size {
                rules.set.push(format!("size={size}"));
            }
            let (start, ruleset) = new_game(&game, &rules)?;
            let r = bench(&start, playouts.max(1), seed);
            print_out(&format!(
                "{} {} ({ruleset}): {} playouts in {:.2} s = {:.0} playouts/s, {:.1} moves per playout, {:.0} moves/s\n",
                start.game_name(),
                start.size_text(),
                r.playouts,
                r.seconds,
                r.per_second(),
                r.moves as f64 / r.playouts as f64,
                r.moves as f64 / r.seconds.max(1e-9)
            ))?;
            if search {
                for line in crate::bench::bench_search(&start, seed) {
                    print_out(&format!("{line}\n"))?;
                }
            }
            Ok(())
        }
    }
}

/// Writes the SVG pictures `replay --svg` / `--svg-dir` ask for.
fn write_pictures(t: &Transcript, svg: Option<&Path>, dir: Option<&Path>) -> Result<(), String> {
    if let Some(path) = svg {
        let picture = t.svg.as_deref().unwrap_or_default();
        std::fs::write(path, picture)
            .map_err(|e| format!("cannot write --svg {}: {e}", path.display()))?;
    }
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make --svg-dir {}: {e}", dir.display()))?;
        for (i, picture) in t.frames.iter().enumerate() {
            let path = dir.join(format!("{i:03}.svg"));
            std::fs::write(&path, picture)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Replays a case file, or a move list for a named game; `frames` keeps a picture of every step.
/// The moves of `--moves`: separated by commas when there is one, else by spaces.
fn split_moves(moves: &str) -> Vec<String> {
    if moves.contains(',') {
        moves
            .split(',')
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect()
    } else {
        moves.split_whitespace().map(str::to_string).collect()
    }
}

pub fn replay(
    target: &str,
    moves: Option<&str>,
    rules: &RulesArgs,
    frames: Pictures,
) -> Result<Transcript, String> {
    if let Some(moves) = moves {
        let (game, ruleset) = new_game(target, rules)?;
        let list = split_moves(moves);
        let mut game = game;
        return Ok(replay_moves(&mut game, ruleset, &list, frames));
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
        let bytes = stones_core::input::read_file(path, stones_core::sgf::MAX_SGF_FILE)
            .map_err(|e| format!("cannot read SGF file {}: {e}", path.display()))?;
        return replay_sgf_with(&bytes, rules, frames)
            .map_err(|e| format!("SGF file {}: {e}", path.display()));
    }
    if rules.ruleset.is_some() || !rules.set.is_empty() {
        return Err(
            "--ruleset and --set go with --moves or an SGF file; a case file names its own ruleset"
                .into(),
        );
    }
    replay_case_file_with(path, frames)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_resigns_a_hopeless_game_and_match_does_not() {
        let resign = |spec: PlayerSpec| match spec {
            PlayerSpec::Mcts(o) => o.resign_threshold(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            resign(prompt_spec("mcts").unwrap()),
            stones_ai::PROMPT_RESIGN
        );
        assert_eq!(resign(prompt_spec("mcts:resign=0").unwrap()), 0.0);
        // `match` reads its players with `spec`: never, unless asked.
        assert_eq!(resign(spec("mcts").unwrap()), 0.0);
        assert_eq!(resign(spec("mcts:resign=0.15").unwrap()), 0.15);
    }
}
