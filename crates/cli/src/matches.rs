//! `stones match`: many refereed games between two player specs, in parallel, with a report (wins by
//! colour, score with a 95% confidence interval, Elo difference), a JSON file and saved games.

use crate::openings::Openings;
use crate::player::Player;
use crate::process_group::{stopping, until_stopped};
use crate::referee::{play_game, run_workers, GameRecord, Limits, PLAYED_OUT};
use crate::sprt::{Sprt, Verdict};
use crate::text_game::AnyGame;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use stones_ai::PlayerSpec;
use stones_core::Colour;

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    pub game: String,
    pub ruleset: String,
    /// The `--set` overrides as given, for saved case files.
    pub set: Vec<String>,
    pub players: [PlayerSpec; 2],
    pub games: usize,
    /// Swap colours every game (the first player takes Black in even games).
    pub alternate: bool,
    pub parallel: usize,
    pub limits: Limits,
    pub save: Option<PathBuf>,
    /// `--json`: written again as games end (at most every [`JSON_EVERY`], and after the last),
    /// so that a match cut short keeps its finished games.
    pub json: Option<PathBuf>,
    /// `--sprt`: no new game starts once the test decides (the games under way still count).
    pub sprt: Option<Sprt>,
    /// Where each game starts (`--openings`, `--random-openings`).
    pub openings: Openings,
}

/// How often at most `--json` is written again during a match.
pub const JSON_EVERY: Duration = Duration::from_secs(1);

/// One player's line of the report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerSummary {
    pub player: String,
    pub wins_as_black: u32,
    pub wins_as_white: u32,
    pub losses: u32,
    pub draws: u32,
    /// Wins plus half the draws, over the games.
    pub score: f64,
    /// The 95% confidence interval of `score`.
    pub score_low: f64,
    pub score_high: f64,
    /// Elo difference against the other player, and its 95% error.
    pub elo: f64,
    pub elo_error: f64,
    pub seconds_per_move: f64,
    /// Seconds of the longest move.
    pub longest_move: f64,
    /// Games this player lost by failing (crash, garbage, illegal move, time).
    pub failures: u32,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    pub games: usize,
    pub average_moves: f64,
    pub players: [PlayerSummary; 2],
}

/// What `--json` writes.
#[derive(Serialize)]
struct MatchJson<'a> {
    game: &'a str,
    ruleset: &'a str,
    players: [String; 2],
    games: &'a [GameRecord],
    summary: &'a MatchSummary,
}

/// Plays the match from `start`, drawing a progress bar on `progress`; the games in order.
///
/// It owns the process meanwhile ([`until_stopped`]): on SIGINT, SIGTERM or SIGHUP no game starts
/// any more, every engine ends with every process it started (also those that left its group, on
/// Linux), `--json` is written with the games finished (a game cut short is not one of them), a
/// line on `progress` says so, and stones exits with 128 + the signal's number.
pub fn run_match(
    start: &AnyGame,
    plan: &MatchPlan,
    progress: &mut (dyn Write + Send),
) -> Result<Vec<GameRecord>, String> {
    let labels = [plan.players[0].label(), plan.players[1].label()];
    let next = AtomicUsize::new(0);
    // The games done, in order, and when `--json` was last written.
    let done = Mutex::new((vec![None; plan.games], None::<Instant>));
    let bar = Mutex::new(progress);
    // The SPRT has decided: no new game.
    let decided = AtomicBool::new(false);
    let stop = |signal: &str| {
        // Whatever a worker holds, it lets go of without waiting for engines (they are gone).
        let guard = done.lock().unwrap_or_else(|e| e.into_inner());
        let records: Vec<GameRecord> = guard.0.iter().flatten().cloned().collect();
        let mut line = format!(
            "stones: match stopped by {signal} after {} of {} games",
            records.len(),
            plan.games
        );
        if let Some(path) = &plan.json {
            match write_json(path, plan, &records, &summarise(&records, &labels)) {
                Ok(()) => line.push_str(&format!("; they are in {}", path.display())),
                Err(e) => line.push_str(&format!("; {e}")),
            }
        }
        let mut out = bar.lock().unwrap_or_else(|e| e.into_inner());
        // Below the progress bar.
        let _ = writeln!(out, "\n{line}");
        let _ = out.flush();
    };
    let worker = || -> Result<(), String> {
        loop {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= plan.games || stopping() || decided.load(Ordering::Relaxed) {
                return Ok(());
            }
            let first_black = !plan.alternate || g.is_multiple_of(2);
            let (b, w) = if first_black { (0, 1) } else { (1, 0) };
            let mut black = Player::new(&plan.players[b], start)?;
            let mut white = Player::new(&plan.players[w], start)?;
            let opening = plan.openings.for_game(g, start);
            let mut record = play_game(
                start,
                [&mut black, &mut white],
                [labels[b].clone(), labels[w].clone()],
                &plan.limits,
                &opening,
                &mut |_, _| {},
            );
            // No process of an engine outlives its game.
            drop((black, white));
            if stopping() {
                // Cut short by the stop (its engines may have been ended under it): not kept.
                return Ok(());
            }
            record.black_player = b;
            if let Some(dir) = &plan.save {
                save_game(dir, g, start, plan, &record)?;
            }
            let line = game_line(g, &record);
            let mut guard = done.lock().expect("no panics while locked");
            let (all, written) = &mut *guard;
            all[g] = Some(record);
            let records: Vec<GameRecord> = all.iter().flatten().cloned().collect();
            let summary = summarise(&records, &labels);
            if let Some(sprt) = &plan.sprt {
                let (w, d, l) = first_player_results(&summary);
                if !matches!(sprt.verdict(w, d, l), Verdict::Continue(_)) {
                    decided.store(true, Ordering::Relaxed);
                }
            }
            if let Some(path) = &plan.json {
                // Under the lock: two games ending at once write in turn, the later with both.
                // At most once a second, and after the last game: quick games do not make the
                // match a loop of rewriting a growing file.
                let last_game = records.len() == plan.games;
                if last_game || written.is_none_or(|t| t.elapsed() >= JSON_EVERY) {
                    write_json(path, plan, &records, &summary)?;
                    *written = Some(Instant::now());
                }
            }
            drop(guard);
            let mut out = bar.lock().expect("no panics while locked");
            let bar = progress_line(&summary, plan.games);
            // The game's line over the bar's (padded to cover it), then the bar again below.
            let pad = bar.chars().count().saturating_sub(line.chars().count());
            let _ = write!(out, "\r{line}{}\n{bar}", " ".repeat(pad));
            let _ = out.flush();
        }
    };
    until_stopped(stop, || {
        run_workers(&plan.players, start, plan.parallel, worker)
    })?;
    let _ = writeln!(bar.lock().expect("no panics while locked"));
    Ok(done
        .into_inner()
        .expect("no panics while locked")
        .0
        .into_iter()
        .flatten()
        .collect())
}

/// `[########----] 12/40  mcts 9 – random 3 (0 draws)`.
fn progress_line(s: &MatchSummary, total: usize) -> String {
    let width = 24;
    let filled = s.games * width / total.max(1);
    let [a, b] = &s.players;
    format!(
        "[{}{}] {}/{total}  {} {} – {} {} ({} draws)",
        "#".repeat(filled),
        "-".repeat(width - filled),
        s.games,
        a.player,
        a.wins_as_black + a.wins_as_white,
        b.player,
        b.wins_as_black + b.wins_as_white,
        a.draws
    )
}

/// The report's numbers from the games played so far.
pub fn summarise(records: &[GameRecord], labels: &[String; 2]) -> MatchSummary {
    let mut players: [PlayerSummary; 2] = Default::default();
    let mut moves = 0;
    for (i, p) in players.iter_mut().enumerate() {
        p.player = labels[i].clone();
        let mut seconds = 0.0;
        let mut count = 0;
        for r in records {
            let colour = if r.black_player == i {
                Colour::Black
            } else {
                Colour::White
            };
            let t = r.thinking[colour.idx()];
            seconds += t.seconds;
            count += t.moves;
            p.longest_move = p.longest_move.max(t.longest);
            match r.winner {
                None => p.draws += 1,
                Some(w) if w == colour => match colour {
                    Colour::Black => p.wins_as_black += 1,
                    Colour::White => p.wins_as_white += 1,
                },
                Some(_) => {
                    p.losses += 1;
                    if r.result.ends_with("+F") || r.result.ends_with("+T") {
                        p.failures += 1;
                    }
                }
            }
        }
        p.seconds_per_move = seconds / count.max(1) as f64;
        let n = records.len().max(1) as f64;
        let points = (p.wins_as_black + p.wins_as_white) as f64 + p.draws as f64 / 2.0;
        p.score = points / n;
        (p.score_low, p.score_high) = wilson(p.score, n);
        p.elo = elo(p.score);
        p.elo_error = (elo(p.score_high) - elo(p.score_low)) / 2.0;
    }
    for r in records {
        moves += r.moves.len();
    }
    MatchSummary {
        games: records.len(),
        average_moves: moves as f64 / records.len().max(1) as f64,
        players,
    }
}

/// The 95% Wilson interval of a score `p` over `n` games (sound at 0% and 100% too).
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference a score gives, clamped to ±800 at a perfect score.
fn elo(score: f64) -> f64 {
    let s = score.clamp(0.01, 0.99);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The report table, its first column as wide as the longest player's name.
pub fn report(summary: &MatchSummary) -> String {
    let name = summary
        .players
        .iter()
        .map(|p| p.player.chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    let mut out = format!(
        "{} games, {:.1} moves a game on average\n\n{:<name$} {:>6} {:>6} {:>6} {:>6}  {:<22} {:<14} {:>8} {:>8} {:>8}\n",
        summary.games,
        summary.average_moves,
        "player",
        "wins B",
        "wins W",
        "draws",
        "losses",
        "score (95% CI)",
        "Elo",
        "s/move",
        "longest",
        "failures"
    );
    for p in &summary.players {
        out.push_str(&format!(
            "{:<name$} {:>6} {:>6} {:>6} {:>6}  {:<22} {:<14} {:>8.3} {:>8.3} {:>8}\n",
            p.player,
            p.wins_as_black,
            p.wins_as_white,
            p.draws,
            p.losses,
            format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * p.score,
                100.0 * p.score_low,
                100.0 * p.score_high
            ),
            format!("{} ± {:.0}", signed(p.elo), p.elo_error),
            p.seconds_per_move,
            p.longest_move,
            p.failures
        ));
    }
    out
}

/// The first player's wins, draws and losses.
fn first_player_results(summary: &MatchSummary) -> (u32, u32, u32) {
    let p = &summary.players[0];
    (p.wins_as_black + p.wins_as_white, p.draws, p.losses)
}

/// The SPRT's line under the report: its hypotheses, the log-likelihood ratio against its bounds,
/// and what it decided.
pub fn sprt_line(sprt: &Sprt, summary: &MatchSummary) -> String {
    let (w, d, l) = first_player_results(summary);
    let (low, high) = sprt.bounds();
    let first = &summary.players[0].player;
    let llr = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
    let (ratio, said) = match sprt.verdict(w, d, l) {
        Verdict::H1(x) => (
            llr(Some(x)),
            format!(
                "H1 accepted: {first} is at least {} Elo stronger",
                signed(sprt.elo1)
            ),
        ),
        Verdict::H0(x) => (
            llr(Some(x)),
            format!(
                "H0 accepted: {first} is at most {} Elo stronger",
                signed(sprt.elo0)
            ),
        ),
        Verdict::Continue(x) => (llr(x), format!("no decision after {} games", summary.games)),
    };
    format!(
        "SPRT elo0 {}, elo1 {} (alpha {}, beta {}): LLR {ratio} [{low:.2}, {high:.2}]; {said}\n",
        signed(sprt.elo0),
        signed(sprt.elo1),
        sprt.alpha,
        sprt.beta
    )
}

/// The games of a match of at most this many are each listed under the report.
const LISTED_GAMES: usize = 10;

/// The [`game_line`] of every game of a match of at most `LISTED_GAMES`; of a longer one, of the
/// games a player lost by failing (`+F`) or on time (`+T`).
pub fn game_lines(records: &[GameRecord]) -> String {
    let listed = |r: &GameRecord| {
        records.len() <= LISTED_GAMES || r.result.ends_with("+F") || r.result.ends_with("+T")
    };
    let mut out = String::new();
    for (g, r) in records.iter().enumerate().filter(|(_, r)| listed(r)) {
        out.push_str(&game_line(g, r));
        out.push('\n');
    }
    out
}

/// `+12`, `-7`, and `0` for anything that rounds to zero (never `-0` or `+0`).
fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r:+.0}")
    }
}

/// One line a game, printed as it ends and under the report: the result in words (the terminal's
/// first line) with its code, and how it ended when it was not played to the end —
/// `game 2: mcts (Black) v random (White): White wins by resignation (W+R): Black resigned`.
pub fn game_line(g: usize, r: &GameRecord) -> String {
    let words = r.result_words.lines().next().unwrap_or(&r.result);
    let mut line = format!(
        "game {}: {} (Black) v {} (White): {words}",
        g + 1,
        r.black,
        r.white
    );
    if !words.contains(&format!("({})", r.result)) {
        line.push_str(&format!(" ({})", r.result));
    }
    if r.reason != PLAYED_OUT {
        line.push_str(&format!(": {}", r.reason));
    }
    line
}

/// Writes the match so far as JSON: into a file beside `path`, then renamed over it, so that the
/// file is always a whole match, even if stones is interrupted while writing.
fn write_json(
    path: &Path,
    plan: &MatchPlan,
    records: &[GameRecord],
    summary: &MatchSummary,
) -> Result<(), String> {
    let json = MatchJson {
        game: &plan.game,
        ruleset: &plan.ruleset,
        players: [plan.players[0].label(), plan.players[1].label()],
        games: records,
        summary,
    };
    crate::output::write_json_file(path, &json)
}

/// Saves game `g` as a case file (every game) and an SGF record (the games with an SGF form).
fn save_game(
    dir: &Path,
    g: usize,
    start: &AnyGame,
    plan: &MatchPlan,
    record: &GameRecord,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let stem = dir.join(format!("game-{:03}", g + 1));
    let case = crate::case::write_case(
        &plan.game,
        &plan.ruleset,
        &plan.set,
        &format!(
            "{} (Black) against {} (White): {}, {}",
            record.black, record.white, record.result, record.reason
        ),
        &record.moves,
        None,
    );
    let write = |path: PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(stem.with_extension("case"), case)?;
    let mut game = start.clone();
    for mv in &record.moves {
        let _ = game.play_text(mv);
    }
    let info = crate::save::SaveInfo {
        ruleset: plan.ruleset.clone(),
        set: plan.set.clone(),
        setup: None,
        players: None,
    };
    if let Some(sgf) = game.sgf(Some(&record.result), &crate::save::rule_text(&info)) {
        write(stem.with_extension("sgf"), sgf)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_never_show_minus_zero() {
        assert_eq!(signed(elo(0.5)), "0");
        assert_eq!(signed(-0.4), "0");
        assert_eq!(signed(0.4), "0");
        assert_eq!(signed(-0.6), "-1");
        assert_eq!(signed(191.2), "+191");
    }
}
