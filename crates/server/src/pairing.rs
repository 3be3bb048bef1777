//! A tournament's rounds and standings, apart from where its games are played: who meets whom in
//! the next round (round robin by Berger's circle; Swiss by score, no pair twice, colours
//! balanced, a bye when the number is odd), and the table — points, Buchholz, Sonneborn-Berger —
//! with each player's results round by round (the crosstable).
//!
//! Players are numbered in the order they joined (their seed); a game is a [`Board`] of a round.

use serde::Serialize;

/// One board of a round: Black against White, or a bye (`white: None`, a point for `black`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub round: u32,
    pub black: usize,
    pub white: Option<usize>,
    /// `None` while the game is played.
    pub result: Option<Outcome>,
}

/// How a board ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Black,
    White,
    Draw,
}

/// The points each side takes from a board: (Black's, White's), in halves.
fn halves(board: &Board) -> Option<(u32, u32)> {
    match (board.white, board.result) {
        (None, _) => Some((2, 0)),
        (Some(_), Some(Outcome::Black)) => Some((2, 0)),
        (Some(_), Some(Outcome::White)) => Some((0, 2)),
        (Some(_), Some(Outcome::Draw)) => Some((1, 1)),
        (Some(_), None) => None,
    }
}

/// The rounds a round robin of `players` has: each meets each once (and with an odd number each
/// sits out once).
pub fn round_robin_rounds(players: usize) -> u32 {
    let n = players + players % 2;
    n.saturating_sub(1) as u32
}

/// Round `round` (from 1) of a round robin of `players` by Berger's circle: the first of each pair
/// plays Black; with an odd number, the one drawn against the missing player has the bye. Colours
/// alternate from round to round for all but the fixed player, who alternates too.
pub fn round_robin(players: usize, round: u32) -> Vec<(usize, Option<usize>)> {
    let n = players + players % 2;
    if n < 2 || round == 0 || round as usize > n - 1 {
        return Vec::new();
    }
    let r = (round - 1) as usize;
    // The circle: seat 0 fixed at n-1, the others turned by r.
    let seat = |i: usize| if i == n - 1 { n - 1 } else { (i + r) % (n - 1) };
    let mut pairs = Vec::new();
    for i in 0..n / 2 {
        let (mut a, mut b) = (seat(i), seat(n - 1 - i));
        if i == 0 && r % 2 == 1 {
            std::mem::swap(&mut a, &mut b);
        }
        let real = |p: usize| (p < players).then_some(p);
        match (real(a), real(b)) {
            (Some(a), Some(b)) => pairs.push((a, Some(b))),
            (Some(a), None) | (None, Some(a)) => pairs.push((a, None)),
            (None, None) => {}
        }
    }
    pairs
}

/// The next Swiss round of `players` after `boards` (every one finished): players by points (then
/// seed), each against the nearest below not yet met, backtracking when the rest cannot be paired;
/// with an odd number the lowest-ranked player without a bye yet has it. Each pair's colours go to
/// whoever had White fewer times (then Black last time). `None` when no pairing without a
/// rematch exists.
pub fn swiss(players: usize, boards: &[Board]) -> Option<Vec<(usize, Option<usize>)>> {
    let table = standings(players, boards);
    let order: Vec<usize> = table.iter().map(|s| s.player).collect();
    let met = |a: usize, b: usize| {
        boards
            .iter()
            .any(|g| (g.black == a && g.white == Some(b)) || (g.black == b && g.white == Some(a)))
    };
    let had_bye = |p: usize| boards.iter().any(|g| g.black == p && g.white.is_none());
    let candidates: Vec<Option<usize>> = if players % 2 == 1 {
        order
            .iter()
            .rev()
            .filter(|&&p| !had_bye(p))
            .map(|&p| Some(p))
            .collect()
    } else {
        vec![None]
    };
    for bye in candidates {
        let rest: Vec<usize> = order.iter().copied().filter(|&p| Some(p) != bye).collect();
        let mut pairs = Vec::new();
        if pair_up(&rest, &met, &mut pairs) {
            let mut round: Vec<(usize, Option<usize>)> = pairs
                .into_iter()
                .map(|(a, b)| colours(a, b, boards))
                .map(|(black, white)| (black, Some(white)))
                .collect();
            round.extend(bye.map(|p| (p, None)));
            return Some(round);
        }
    }
    None
}

/// Pairs `rest` (in rank order) so that no two have met: the first with the nearest possible.
fn pair_up(
    rest: &[usize],
    met: &impl Fn(usize, usize) -> bool,
    pairs: &mut Vec<(usize, usize)>,
) -> bool {
    let Some((&first, others)) = rest.split_first() else {
        return true;
    };
    for (i, &other) in others.iter().enumerate() {
        if met(first, other) {
            continue;
        }
        let left: Vec<usize> = others
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &p)| p)
            .collect();
        pairs.push((first, other));
        if pair_up(&left, met, pairs) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// (Black, White) for `a` and `b`: White to whoever had it fewer times, then to whoever had Black
/// last, then to the higher seed (`a` is the higher-ranked).
fn colours(a: usize, b: usize, boards: &[Board]) -> (usize, usize) {
    let whites = |p: usize| boards.iter().filter(|g| g.white == Some(p)).count();
    let last_black = |p: usize| {
        boards
            .iter()
            .filter(|g| g.white.is_some() && (g.black == p || g.white == Some(p)))
            .max_by_key(|g| g.round)
            .is_some_and(|g| g.black == p)
    };
    let a_white = match whites(a).cmp(&whites(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (last_black(a), last_black(b)) {
            (true, false) => true,
            (false, true) => false,
            _ => true,
        },
    };
    if a_white {
        (b, a)
    } else {
        (a, b)
    }
}

/// A player's line in the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// The player's number (the order they joined).
    pub player: usize,
    /// Points: a win or a bye 1, a draw ½.
    pub points: f64,
    /// The sum of the opponents' points (byes count nothing).
    pub buchholz: f64,
    /// The points of the opponents beaten, and half those of the opponents drawn.
    pub sonneborn_berger: f64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Each round's result: `+`, `=`, `-` and the opponent's place in this table (from 1) and
    /// colour (`w`/`b`), `+bye`, or `…` while it is played — the crosstable's row.
    pub rounds: Vec<String>,
}

/// The table after `boards` (finished ones count): by points, Buchholz, Sonneborn-Berger, then
/// seed.
pub fn standings(players: usize, boards: &[Board]) -> Vec<Standing> {
    let mut points = vec![0u32; players];
    let mut lines: Vec<Standing> = (0..players)
        .map(|player| Standing {
            player,
            points: 0.0,
            buchholz: 0.0,
            sonneborn_berger: 0.0,
            wins: 0,
            draws: 0,
            losses: 0,
            rounds: Vec::new(),
        })
        .collect();
    for board in boards {
        let Some((b, w)) = halves(board) else {
            continue;
        };
        points[board.black] += b;
        if let Some(white) = board.white {
            points[white] += w;
        }
        for (p, mine, theirs) in [(Some(board.black), b, w), (board.white, w, b)] {
            let Some(p) = p else { continue };
            let line = &mut lines[p];
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => line.wins += 1,
                std::cmp::Ordering::Equal => line.draws += 1,
                std::cmp::Ordering::Less => line.losses += 1,
            }
        }
    }
    let half = |h: u32| f64::from(h) / 2.0;
    for board in boards.iter().filter(|g| g.white.is_some()) {
        let Some((b, w)) = halves(board) else {
            continue;
        };
        let white = board.white.unwrap_or_default();
        for (me, them, mine) in [(board.black, white, b), (white, board.black, w)] {
            lines[me].buchholz += half(points[them]);
            lines[me].sonneborn_berger += half(points[them]) * half(mine);
        }
    }
    for (line, &p) in lines.iter_mut().zip(&points) {
        line.points = half(p);
    }
    lines.sort_by(|a, b| {
        (b.points, b.buchholz, b.sonneborn_berger)
            .partial_cmp(&(a.points, a.buchholz, a.sonneborn_berger))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.player.cmp(&b.player))
    });
    let mut place = vec![0usize; players];
    for (i, line) in lines.iter().enumerate() {
        place[line.player] = i + 1;
    }
    let last_round = boards.iter().map(|g| g.round).max().unwrap_or(0);
    for line in &mut lines {
        line.rounds = (1..=last_round)
            .map(|round| cell(line.player, round, boards, &place))
            .collect();
    }
    lines
}

/// A crosstable cell: player `p`'s board in `round`.
fn cell(p: usize, round: u32, boards: &[Board], place: &[usize]) -> String {
    let Some(board) = boards
        .iter()
        .find(|g| g.round == round && (g.black == p || g.white == Some(p)))
    else {
        return String::new();
    };
    let Some(white) = board.white else {
        return "+bye".into();
    };
    let (them, colour) = if board.black == p {
        (white, 'b')
    } else {
        (board.black, 'w')
    };
    let sign = match (board.result, board.black == p) {
        (None, _) => return format!("…{}{colour}", place[them]),
        (Some(Outcome::Draw), _) => '=',
        (Some(Outcome::Black), true) | (Some(Outcome::White), false) => '+',
        _ => '-',
    };
    format!("{sign}{}{colour}", place[them])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(
        round: &[(usize, Option<usize>)],
        n: u32,
        winner: impl Fn(usize, usize) -> Outcome,
    ) -> Vec<Board> {
        round
            .iter()
            .map(|&(black, white)| Board {
                round: n,
                black,
                white,
                result: white.map(|w| winner(black, w)),
            })
            .collect()
    }

    #[test]
    fn a_round_robin_meets_everyone_once_with_colours_shared() {
        for players in 2..=9 {
            let rounds = round_robin_rounds(players);
            let mut met = std::collections::HashSet::new();
            let mut blacks = vec![0usize; players];
            let mut byes = vec![0; players];
            for r in 1..=rounds {
                let round = round_robin(players, r);
                let mut seen = std::collections::HashSet::new();
                for (b, w) in round {
                    assert!(seen.insert(b));
                    match w {
                        Some(w) => {
                            assert!(seen.insert(w));
                            assert!(met.insert((b.min(w), b.max(w))), "{b} and {w} twice");
                            blacks[b] += 1;
                        }
                        None => byes[b] += 1,
                    }
                }
                assert_eq!(seen.len(), players, "everyone plays or sits out round {r}");
            }
            assert_eq!(met.len(), players * (players - 1) / 2, "{players} players");
            for p in 0..players {
                assert!(byes[p] == players % 2, "player {p}: {} byes", byes[p]);
                let games = players - 1;
                assert!(
                    blacks[p].abs_diff(games - blacks[p]) <= 1 + players % 2,
                    "{players}: {blacks:?}"
                );
            }
        }
        assert!(round_robin(4, 4).is_empty());
    }

    #[test]
    fn five_players_three_swiss_rounds_a_bye_each_round_no_pair_twice() {
        let mut boards: Vec<Board> = Vec::new();
        for n in 1..=3 {
            let round = swiss(5, &boards).expect("a pairing");
            assert_eq!(round.len(), 3, "{round:?}");
            let byes: Vec<usize> = round
                .iter()
                .filter(|p| p.1.is_none())
                .map(|p| p.0)
                .collect();
            assert_eq!(byes.len(), 1);
            // The lower seed wins each game.
            boards.extend(play(&round, n, |b, w| {
                if b < w {
                    Outcome::Black
                } else {
                    Outcome::White
                }
            }));
        }
        // Three different byes, no pair twice.
        let byes: std::collections::HashSet<usize> = boards
            .iter()
            .filter(|g| g.white.is_none())
            .map(|g| g.black)
            .collect();
        assert_eq!(byes.len(), 3);
        let mut pairs = std::collections::HashSet::new();
        for g in boards.iter().filter(|g| g.white.is_some()) {
            let w = g.white.unwrap();
            assert!(pairs.insert((g.black.min(w), g.black.max(w))), "{boards:?}");
        }
        // Points: 3 rounds, 1 a board: 2 games and a bye a round.
        let table = standings(5, &boards);
        let total: f64 = table.iter().map(|s| s.points).sum();
        assert_eq!(total, 9.0);
        for s in &table {
            assert_eq!(s.rounds.len(), 3);
            assert_eq!(
                f64::from(s.wins) + 0.5 * f64::from(s.draws),
                s.points,
                "{s:?}"
            );
        }
        // No colour more than twice in a row over three games for anyone (balanced).
        for p in 0..5 {
            let whites = boards.iter().filter(|g| g.white == Some(p)).count();
            let blacks = boards
                .iter()
                .filter(|g| g.black == p && g.white.is_some())
                .count();
            assert!(
                whites.abs_diff(blacks) <= 2,
                "player {p}: {whites} white, {blacks} black"
            );
        }
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one_and_leaders_meet() {
        // Round 1 of 3 players: seeds 0 and 1 play, 2 has the bye.
        let round = swiss(3, &[]).unwrap();
        assert!(round.contains(&(2, None)), "{round:?}");
        let boards = play(&round, 1, |_, _| Outcome::Draw);
        // Now 2 leads (a bye is a point): the bye goes to the lowest who has not had one.
        let round2 = swiss(3, &boards).unwrap();
        let bye = round2.iter().find(|p| p.1.is_none()).unwrap().0;
        assert_ne!(bye, 2, "{round2:?}");
        // When every pairing would be a rematch, there is none.
        let mut all = boards.clone();
        all.extend(play(&round2, 2, |_, _| Outcome::Draw));
        let round3 = swiss(3, &all).unwrap();
        all.extend(play(&round3, 3, |_, _| Outcome::Draw));
        assert_eq!(swiss(3, &all), None, "everyone met everyone and had a bye");
    }

    #[test]
    fn the_table_breaks_ties_by_buchholz_then_sonneborn_berger() {
        // 0 beats 1, 2 beats 3; then 0 beats 2, 1 draws 3.
        let boards = vec![
            Board {
                round: 1,
                black: 0,
                white: Some(1),
                result: Some(Outcome::Black),
            },
            Board {
                round: 1,
                black: 2,
                white: Some(3),
                result: Some(Outcome::Black),
            },
            Board {
                round: 2,
                black: 2,
                white: Some(0),
                result: Some(Outcome::White),
            },
            Board {
                round: 2,
                black: 3,
                white: Some(1),
                result: Some(Outcome::Draw),
            },
        ];
        let t = standings(4, &boards);
        assert_eq!(
            t.iter().map(|s| s.player).collect::<Vec<_>>(),
            vec![0, 2, 1, 3]
        );
        assert_eq!(
            (t[0].points, t[0].buchholz, t[0].sonneborn_berger),
            (2.0, 1.5, 1.5)
        );
        assert_eq!((t[1].points, t[1].buchholz), (1.0, 2.5));
        // 1 and 3 are level on points (½); Buchholz: 1 met 0 (2) and 3 (½), 3 met 2 (1) and 1 (½).
        assert_eq!((t[2].buchholz, t[3].buchholz), (2.5, 1.5));
        assert_eq!(t[0].rounds, ["+3b", "+2w"]);
    }
}
