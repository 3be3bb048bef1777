//! `stones tournament`: any number of players, every pair (or, in a gauntlet, the first against each
//! of the others), each pairing played with both colours every round, games in parallel; then a
//! crosstable and each player's Elo with its error, fitted to all the results at once. The games
//! are written to `--json` as they end; a tournament stopped midway is resumed by running the same
//! command again: the games in the file are not played twice.

use crate::openings::Openings;
use crate::player::Player;
use crate::process_group::{stopping, until_stopped};
use crate::referee::{play_game, run_workers, Limits};
use crate::text_game::AnyGame;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use stones_ai::PlayerSpec;
use stones_core::Colour;

/// What to play.
#[derive(Clone, Debug)]
pub struct TournamentPlan {
    pub game: String,
    pub ruleset: String,
    pub players: Vec<PlayerSpec>,
    /// The first player against each of the others, instead of every pair.
    pub gauntlet: bool,
    /// Rounds: in each, every pairing is played twice, each player Black once.
    pub rounds: usize,
    pub parallel: usize,
    pub limits: Limits,
    /// Where each game starts: each pairing's two games of a round share their opening.
    pub openings: Openings,
    pub json: Option<PathBuf>,
}

/// One game of the schedule, as played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// Its place in the schedule.
    pub index: usize,
    pub round: usize,
    /// The players, by their place in the list.
    pub black: usize,
    pub white: usize,
    /// `B+3.5`, `W+R`, `Draw` …
    pub result: String,
    /// Black's score: 1, ½ or 0.
    pub black_score: f64,
    pub reason: String,
    pub moves: usize,
}

/// What `--json` holds: enough to check that a rerun is the same tournament, and the games.
#[derive(Serialize, Deserialize)]
struct TournamentJson {
    game: String,
    ruleset: String,
    players: Vec<String>,
    gauntlet: bool,
    rounds: usize,
    games: Vec<Played>,
    #[serde(default, skip_deserializing)]
    standings: Vec<Standing>,
}

/// One player's line of the table.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Standing {
    pub player: String,
    pub games: usize,
    /// Wins plus half the draws.
    pub score: f64,
    /// Elo, the players' mean 0, and its 95% error.
    pub elo: f64,
    pub elo_error: f64,
}

/// The games of the tournament in order: `(round, black, white)`.
pub fn schedule(players: usize, gauntlet: bool, rounds: usize) -> Vec<(usize, usize, usize)> {
    let pairs: Vec<(usize, usize)> = (0..players)
        .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
        .filter(|&(i, _)| !gauntlet || i == 0)
        .collect();
    (0..rounds)
        .flat_map(|r| pairs.iter().flat_map(move |&(i, j)| [(r, i, j), (r, j, i)]))
        .collect()
}

/// Plays the tournament from `start` (resuming the games already in `--json`), drawing progress on
/// `progress`; every game of the schedule, in order.
pub fn run_tournament(
    start: &AnyGame,
    plan: &TournamentPlan,
    progress: &mut (dyn Write + Send),
) -> Result<Vec<Played>, String> {
    if plan.players.len() < 2 {
        return Err("a tournament needs at least two --player".into());
    }
    let labels = labels(&plan.players);
    let games = schedule(plan.players.len(), plan.gauntlet, plan.rounds.max(1));
    let mut done: Vec<Option<Played>> = vec![None; games.len()];
    for p in resumed(plan, &labels)? {
        if let Some(slot) = done.get_mut(p.index) {
            *slot = Some(p);
        }
    }
    let already = done.iter().flatten().count();
    if already > 0 {
        let _ = writeln!(
            progress,
            "resuming: {already} of {} games already played",
            games.len()
        );
    }
    let next = AtomicUsize::new(0);
    let done = Mutex::new(done);
    let out = Mutex::new(progress);
    // SIGINT, SIGTERM, SIGHUP: the engines end (`until_stopped`), the games finished are kept.
    let stop = |signal: &str| {
        let all = lock(&done);
        let played: Vec<Played> = all.iter().flatten().cloned().collect();
        let mut line = format!(
            "stones: tournament stopped by {signal} after {} of {} games",
            played.len(),
            games.len()
        );
        if let Some(path) = &plan.json {
            match write_json(path, plan, &labels, &played) {
                Ok(()) => line.push_str("; the same command resumes it"),
                Err(e) => line.push_str(&format!("; {e}")),
            }
        }
        let mut out = lock(&out);
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    let worker = || -> Result<(), String> {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(round, b, w)) = games.get(index) else {
                return Ok(());
            };
            if stopping() {
                return Ok(());
            }
            if lock(&done)[index].is_some() {
                continue;
            }
            let mut black = Player::new(&plan.players[b], start)?;
            let mut white = Player::new(&plan.players[w], start)?;
            let record = play_game(
                start,
                [&mut black, &mut white],
                [labels[b].clone(), labels[w].clone()],
                &plan.limits,
                &plan.openings.for_game(index, start),
                &mut |_, _| {},
            );
            drop((black, white));
            if stopping() {
                // Cut short by the stop (its engines may have been ended under it): not kept.
                return Ok(());
            }
            let played = Played {
                index,
                round,
                black: b,
                white: w,
                black_score: match record.winner {
                    Some(Colour::Black) => 1.0,
                    Some(Colour::White) => 0.0,
                    None => 0.5,
                },
                result: record.result,
                reason: record.reason,
                moves: record.moves.len(),
            };
            let line = format!(
                "game {}/{}: {} (Black) v {} (White): {}",
                index + 1,
                games.len(),
                labels[b],
                labels[w],
                played.result
            );
            let mut all = lock(&done);
            all[index] = Some(played);
            if let Some(path) = &plan.json {
                let played: Vec<Played> = all.iter().flatten().cloned().collect();
                write_json(path, plan, &labels, &played)?;
            }
            let finished = all.iter().flatten().count();
            drop(all);
            let _ = writeln!(lock(&out), "{line}  [{finished}/{}]", games.len());
        }
    };
    until_stopped(stop, || {
        run_workers(&plan.players, start, plan.parallel, worker)
    })?;
    Ok(done
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The players' labels, numbered where two are the same (`mcts #1`, `mcts #2`).
pub fn labels(players: &[PlayerSpec]) -> Vec<String> {
    let plain: Vec<String> = players.iter().map(PlayerSpec::label).collect();
    plain
        .iter()
        .enumerate()
        .map(|(i, l)| match plain.iter().filter(|o| *o == l).count() {
            1 => l.clone(),
            _ => format!("{l} #{}", i + 1),
        })
        .collect()
}

/// The games of an earlier run of the same tournament, from `--json` (none when there is no file).
fn resumed(plan: &TournamentPlan, labels: &[String]) -> Result<Vec<Played>, String> {
    let Some(path) = &plan.json else {
        return Ok(Vec::new());
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let old: TournamentJson = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a tournament's JSON: {e}", path.display()))?;
    let same = old.game == plan.game
        && old.ruleset == plan.ruleset
        && old.players == labels
        && old.gauntlet == plan.gauntlet
        && old.rounds == plan.rounds.max(1);
    if !same {
        return Err(format!(
            "{} holds another tournament ({} {}, {} round(s), players {}): give another --json to start a new one",
            path.display(),
            old.game,
            old.ruleset,
            old.rounds,
            old.players.join(", ")
        ));
    }
    Ok(old.games)
}

fn write_json(
    path: &std::path::Path,
    plan: &TournamentPlan,
    labels: &[String],
    games: &[Played],
) -> Result<(), String> {
    let json = TournamentJson {
        game: plan.game.clone(),
        ruleset: plan.ruleset.clone(),
        players: labels.to_vec(),
        gauntlet: plan.gauntlet,
        rounds: plan.rounds.max(1),
        games: games.to_vec(),
        standings: standings(labels, games),
    };
    crate::output::write_json_file(path, &json)
}

/// Each player's games, score and Elo, best first.
pub fn standings(labels: &[String], games: &[Played]) -> Vec<Standing> {
    let (elo, error) = fit_elo(labels.len(), games);
    let mut table: Vec<Standing> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mine = games.iter().filter(|g| g.black == i || g.white == i);
            let score = mine
                .clone()
                .map(|g| match g.black == i {
                    true => g.black_score,
                    false => 1.0 - g.black_score,
                })
                .sum();
            Standing {
                player: l.clone(),
                games: mine.count(),
                score,
                elo: elo[i],
                elo_error: error[i],
            }
        })
        .collect();
    table.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    table
}

/// Elo per player (their mean 0) and its 95% error, by maximum likelihood of every game's result
/// under the logistic (Bradley–Terry) model, a draw counting as half a win each way. Each player
/// also gets one virtual draw against the mean, so that a player who won (or lost) every game has
/// a finite rating. The errors ignore the covariance between players.
pub fn fit_elo(players: usize, games: &[Played]) -> (Vec<f64>, Vec<f64>) {
    const ELO: f64 = 400.0 / std::f64::consts::LN_10;
    let sigma = |d: f64| 1.0 / (1.0 + (-d).exp());
    let mut r = vec![0.0f64; players];
    let mut info = vec![0.0f64; players];
    for _ in 0..500 {
        let mut grad = vec![0.0f64; players];
        info.iter_mut().for_each(|x| *x = 0.0);
        for (i, ri) in r.iter().enumerate() {
            // The virtual draw against the mean (rating 0).
            let p = sigma(*ri);
            grad[i] += 0.5 - p;
            info[i] += p * (1.0 - p);
        }
        for g in games {
            let p = sigma(r[g.black] - r[g.white]);
            grad[g.black] += g.black_score - p;
            grad[g.white] -= g.black_score - p;
            info[g.black] += p * (1.0 - p);
            info[g.white] += p * (1.0 - p);
        }
        let mut moved = 0.0f64;
        for i in 0..players {
            let step = grad[i] / info[i].max(1e-9);
            r[i] += step.clamp(-1.0, 1.0);
            moved = moved.max(step.abs());
        }
        let mean = r.iter().sum::<f64>() / players.max(1) as f64;
        r.iter_mut().for_each(|x| *x -= mean);
        if moved < 1e-9 {
            break;
        }
    }
    let elo = r.iter().map(|x| x * ELO).collect();
    let error = info
        .iter()
        .map(|i| 1.96 * ELO / i.max(1e-9).sqrt())
        .collect();
    (elo, error)
}

/// The crosstable and the standings, as printed: one row per player, best first; the cells are
/// the row player's points against each column's player over their games.
pub fn report(labels: &[String], games: &[Played]) -> String {
    let table = standings(labels, games);
    let order: Vec<usize> = table
        .iter()
        .map(|s| labels.iter().position(|l| *l == s.player).unwrap_or(0))
        .collect();
    let width = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "{:<4} {:<width$} {:>6} {:>5} {:>7} {:>5}",
        "rank", "player", "elo", "±", "score", "games"
    );
    for n in 1..=labels.len() {
        out.push_str(&format!(" {:>7}", n));
    }
    out.push('\n');
    for (rank, (s, &i)) in table.iter().zip(&order).enumerate() {
        out.push_str(&format!(
            "{:<4} {:<width$} {:>+6.0} {:>5.0} {:>7} {:>5}",
            rank + 1,
            s.player,
            s.elo,
            s.elo_error,
            points(s.score),
            s.games
        ));
        for &j in &order {
            let between: Vec<f64> = games
                .iter()
                .filter_map(|g| match (g.black, g.white) {
                    (b, w) if b == i && w == j => Some(g.black_score),
                    (b, w) if b == j && w == i => Some(1.0 - g.black_score),
                    _ => None,
                })
                .collect();
            let cell = match (i == j, between.is_empty()) {
                (true, _) => "·".to_string(),
                (false, true) => "-".to_string(),
                (false, false) => {
                    format!("{}/{}", points(between.iter().sum()), between.len())
                }
            };
            out.push_str(&format!(" {cell:>7}"));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "{} games; Elo: the players' mean is 0, ± the 95% error; columns in the order of the rows\n",
        games.len()
    ));
    out
}

/// `3`, `2.5`.
fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: usize, black: usize, white: usize, black_score: f64) -> Played {
        Played {
            index,
            round: 0,
            black,
            white,
            result: String::new(),
            black_score,
            reason: String::new(),
            moves: 0,
        }
    }

    #[test]
    fn every_pair_plays_both_colours_each_round_and_a_gauntlet_only_the_first() {
        let s = schedule(3, false, 2);
        assert_eq!(s.len(), 12);
        assert_eq!(&s[..2], &[(0, 0, 1), (0, 1, 0)]);
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            assert_eq!(s.iter().filter(|g| (g.1, g.2) == (i, j)).count(), 2);
            assert_eq!(s.iter().filter(|g| (g.1, g.2) == (j, i)).count(), 2);
        }
        let g = schedule(4, true, 1);
        assert_eq!(g.len(), 6);
        assert!(g.iter().all(|&(_, b, w)| b == 0 || w == 0));
    }

    #[test]
    fn elo_orders_the_players_by_their_results_and_keeps_a_perfect_score_finite() {
        // 0 beats 1 and 2 every time; 1 and 2 share their games.
        let mut games = Vec::new();
        for k in 0..4 {
            games.push(game(games.len(), 0, 1, 1.0));
            games.push(game(games.len(), 2, 0, 0.0));
            games.push(game(games.len(), 1, 2, if k % 2 == 0 { 1.0 } else { 0.0 }));
        }
        let (elo, error) = fit_elo(3, &games);
        assert!(elo[0] > 150.0 && elo[0].is_finite(), "{elo:?}");
        assert!((elo[1] - elo[2]).abs() < 1.0, "{elo:?}");
        assert!((elo.iter().sum::<f64>()).abs() < 1e-6);
        assert!(error.iter().all(|e| *e > 0.0 && e.is_finite()));
        // Even results: everyone near 0.
        let even: Vec<Played> = (0..6).map(|i| game(i, i % 2, 1 - i % 2, 0.5)).collect();
        let (elo, _) = fit_elo(2, &even);
        assert!(elo.iter().all(|e| e.abs() < 1e-6));
    }

    #[test]
    fn the_crosstable_gives_each_pairs_points_from_the_row_players_side() {
        let labels = vec!["a".to_string(), "b".to_string()];
        let games = vec![game(0, 0, 1, 1.0), game(1, 1, 0, 0.5)];
        let text = report(&labels, &games);
        let rows: Vec<&str> = text.lines().collect();
        assert!(
            rows[1].starts_with("1    a") && rows[1].ends_with("1.5/2"),
            "{text}"
        );
        assert!(
            rows[2].starts_with("2    b") && rows[2].contains(" 0.5/2"),
            "{text}"
        );
    }

    #[test]
    fn labels_of_the_same_spec_are_numbered() {
        let specs: Vec<PlayerSpec> = ["random", "random", "mcts"]
            .iter()
            .map(|s| PlayerSpec::parse(s).unwrap())
            .collect();
        let l = labels(&specs);
        assert_eq!(l[0], format!("{} #1", specs[0].label()));
        assert_eq!(l[1], format!("{} #2", specs[1].label()));
        assert_eq!(l[2], specs[2].label());
    }
}
