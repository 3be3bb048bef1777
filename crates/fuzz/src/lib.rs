//! The properties behind the fuzz targets (one function per target in `fuzz_targets/`). Each takes
//! the fuzzer's bytes, feeds them to one reader of outside input, and checks what must hold of any
//! input it accepts, not only that it does not panic:
//!
//! - `go_sgf`: a Go record that reads is written and read back as the same game (stones, captures,
//!   player to move, history, status, komi), and writing it again gives the same text.
//! - `dots_sgf`: the same for Dots records (dots, captured points, capture counts; the chains written
//!   are the engine's own, so reading them back warns of nothing).
//! - `case_file`: a case that replays replays the same way again, and its accepted moves alone (the
//!   refused ones left out) reach the same board.
//! - `ruleset`: a ruleset text that loads serialises and loads back to the same rules; a game under
//!   it starts and keeps the contract for a few random moves.
//! - `gtp_stream`: after every line of a GTP stream (`stones_gtp::Engine::execute`), the board equals a
//!   replay of the accepted `play`/`genmove`/`undo`/`boardsize`/`clear_board` on a fresh `GoGame`, and
//!   at the end `list_stones` and `captures` say so too, and `printsgf` reads back to that board.
//! - `gomocup_stream`: every reply of the Gomocup brain is well-formed, and every move it answers is
//!   on the board and on a point that is empty in a model of the game built from the stream.
//! - `move_text`: text that parses as a move reads back from its canonical form to the same move, in
//!   every game, on small and large boards.

use std::collections::HashSet;
use stones_core::{Colour, Game, Rng, RuleSet};
use stones_dots::{DotsGame, DotsRules};
use stones_go::{GoGame, GoMove, GoRules};
use stones_gomoku::{Gomoku, GomokuRules};
use stones_trigo::{TrigoGame, TrigoRules};

/// Inputs longer than this are cut: the properties are about structure, and short inputs keep the
/// number of executions high.
const MAX_INPUT: usize = 1 << 14;

fn cut(data: &[u8]) -> &[u8] {
    &data[..data.len().min(MAX_INPUT)]
}

// ---------------------------------------------------------------------------------------------------
// Go SGF

fn go_points(g: &GoGame) -> Vec<Option<Colour>> {
    g.topology().points().map(|p| g.stone(p)).collect()
}

/// A record with set-up after its first move edits the board: the edited position is a new start
/// that keeps the captures made before the edit and the handicap of the rules, and the record written
/// from the game starts at the edit as plain set-up. SGF has no property for captures, and our reader
/// takes `HA` as a handicap only when the set-up is exactly that many black stones; so for such a
/// record the captures, the hash (it covers the captures' history) and the handicap may differ once,
/// and the written record is compared from its second writing on.
fn go_edits_the_board(data: &[u8]) -> bool {
    stones_go::GoRecord::parse(data).is_ok_and(|r| !r.later_setup.is_empty())
}

fn go_same_game(a: &GoGame, b: &GoGame, all: bool, text: &str) {
    let context = || format!("\nwritten as\n{text}");
    assert_eq!(a.rules().size, b.rules().size, "size{}", context());
    assert_eq!(go_points(a), go_points(b), "stones{}", context());
    assert_eq!(a.to_move(), b.to_move(), "to move{}", context());
    assert_eq!(a.history(), b.history(), "history{}", context());
    assert_eq!(a.status(), b.status(), "status{}", context());
    if all {
        assert_eq!(a.komi(), b.komi(), "komi{}", context());
        assert_eq!(a.captures(), b.captures(), "captures{}", context());
        assert_eq!(a.hash(), b.hash(), "hash{}", context());
        assert_eq!(
            a.rules().handicap,
            b.rules().handicap,
            "handicap{}",
            context()
        );
        assert_eq!(a.rules().ko, b.rules().ko, "ko{}", context());
    }
}

pub fn go_sgf(data: &[u8]) {
    let data = cut(data);
    let rules = GoRules::default();
    let Ok(game) = stones_go::sgf::read(data, &rules) else {
        return;
    };
    let read = |text: &str| {
        stones_go::sgf::read(text, &rules)
            .unwrap_or_else(|e| panic!("the written record does not read back: {e}\n{text}"))
    };
    let edits = go_edits_the_board(data);
    let text = stones_go::sgf::write(&game, None);
    let again = read(&text);
    go_same_game(&game, &again, !edits, &text);
    let twice = stones_go::sgf::write(&again, None);
    let third = read(&twice);
    go_same_game(&again, &third, true, &twice);
    if !edits {
        assert_eq!(
            text, twice,
            "writing the game read back gives another record"
        );
    }
    assert_eq!(
        twice,
        stones_go::sgf::write(&third, None),
        "writing the game read back gives another record"
    );
}

// ---------------------------------------------------------------------------------------------------
// Dots SGF

fn dots_state(g: &DotsGame) -> Vec<(Option<Colour>, bool)> {
    g.topology()
        .points()
        .map(|p| (g.dot(p), g.is_captured(p)))
        .collect()
}

pub fn dots_sgf(data: &[u8]) {
    let data = cut(data);
    // Dots records default to the grounding ruleset, as `stones replay` reads them.
    let Ok((rules, _)) = DotsRules::load(Some("grounding"), &[]) else {
        panic!("the grounding ruleset does not load");
    };
    let Ok(record) = stones_dots::sgf::parse(data) else {
        return;
    };
    let Ok(replay) = stones_dots::sgf::replay(&record, &rules) else {
        return;
    };
    let game = replay.game;
    let Ok(text) = stones_dots::sgf::write(&game) else {
        return; // a field too wide for SGF coordinates: refused with a reason
    };
    let record2 = stones_dots::sgf::parse(&text)
        .unwrap_or_else(|e| panic!("the written record does not parse: {e}\n{text}"));
    let again = stones_dots::sgf::replay(&record2, game.rules())
        .unwrap_or_else(|e| panic!("the written record does not replay: {e}\n{text}"));
    assert!(
        again.warnings.is_empty(),
        "our own chains warn: {:?}\n{text}",
        again.warnings
    );
    assert_eq!(
        dots_state(&game),
        dots_state(&again.game),
        "dots or captured points differ\n{text}"
    );
    assert_eq!(
        game.captured(),
        again.game.captured(),
        "capture counts\n{text}"
    );
    let twice = stones_dots::sgf::write(&again.game).expect("it was written once");
    // RE is the game's own result: compare the moves (STOPs included) and their chains.
    let record3 = stones_dots::sgf::parse(&twice).expect("written twice");
    assert_eq!(
        record2.setup, record3.setup,
        "start dots written again differently"
    );
    assert_eq!(
        record2.moves, record3.moves,
        "moves written again differently\n{text}\n{twice}"
    );
}

// ---------------------------------------------------------------------------------------------------
// Case files

pub fn case_file(data: &[u8]) {
    use stones_cli::case::replay_case;
    use stones_core::case_file::CaseFile;
    let Ok(text) = std::str::from_utf8(cut(data)) else {
        return;
    };
    let Ok(case) = toml::from_str::<CaseFile>(text) else {
        return;
    };
    // A ruleset path would read files: only builtin names here.
    if case
        .ruleset
        .as_deref()
        .is_some_and(|r| r.contains(['/', '\\', '.']))
    {
        return;
    }
    let Ok(first) = replay_case(&case, None) else {
        return;
    };
    let _ = first.readable();
    let json = serde_json::to_string(&first).expect("a transcript serialises");
    let second = replay_case(&case, None).expect("it replayed once");
    assert_eq!(
        json,
        serde_json::to_string(&second).unwrap(),
        "the same case replays differently"
    );
    if !case.all_dead().is_ok_and(|d| d.is_empty()) {
        return;
    }
    let accepted: Vec<String> = first
        .moves
        .iter()
        .filter(|m| m.result == "ok")
        .map(|m| m.mv.clone())
        .collect();
    let mut only = case.clone();
    if let Some(setup) = &mut only.setup {
        setup.moves.clear();
        setup.dead.clear();
    }
    only.moves = accepted.clone();
    let replayed = replay_case(&only, None).expect("the same case without its refused moves");
    for m in &replayed.moves {
        assert_eq!(
            m.result, "ok",
            "accepted move {} ({}) refused when replayed alone: {:?}",
            m.n, m.mv, m.reason
        );
    }
    assert_eq!(replayed.board, first.board, "{accepted:?}");
    assert_eq!(replayed.captures, first.captures, "{accepted:?}");
    assert_eq!(replayed.status, first.status, "{accepted:?}");
}

// ---------------------------------------------------------------------------------------------------
// Rulesets

fn ruleset_for<G: Game + PartialEq>(text: &str, seed: u64) {
    let Ok(rules) = stones_core::rules::from_text::<G::Rules>("fuzz.toml", text, &[]) else {
        return;
    };
    let written = toml::to_string(&rules).expect("loaded rules serialise");
    let again = stones_core::rules::from_text::<G::Rules>("written.toml", &written, &[])
        .unwrap_or_else(|e| panic!("written rules do not load: {e}\n{written}"));
    assert_eq!(rules, again, "rules change when written\n{written}");
    let Ok(game) = G::new(rules) else {
        return;
    };
    if game.topology().len() <= 400 {
        stones_core::contract::check_random_games(&game, seed, 1, 12)
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
    }
}

pub fn ruleset(data: &[u8]) {
    let Some((&which, rest)) = cut(data).split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match which % 4 {
        0 => ruleset_for::<GoGame>(&text, which as u64),
        1 => ruleset_for::<DotsGame>(&text, which as u64),
        2 => ruleset_for::<Gomoku>(&text, which as u64),
        _ => ruleset_for::<TrigoGame>(&text, which as u64),
    }
}

// ---------------------------------------------------------------------------------------------------
// Move text

fn move_text_in<G: Game + PartialEq>(rules: G::Rules, moves: u8, text: &str) {
    let Ok(mut game) = G::new(rules) else {
        return;
    };
    let mut rng = Rng::new(moves as u64);
    for _ in 0..moves % 16 {
        match game.random_move(&mut rng) {
            Some(mv) if game.play(mv).is_ok() => {}
            _ => break,
        }
    }
    let Ok(mv) = game.parse_move(text) else {
        return;
    };
    let canonical = game.move_text(mv);
    assert_eq!(
        game.parse_move(&canonical),
        Ok(mv),
        "{text:?} reads as {mv:?}, written {canonical:?}, which does not read back"
    );
    assert_eq!(
        game.parse_move(&canonical.to_lowercase()),
        Ok(mv),
        "lower case"
    );
    assert_eq!(
        game.parse_move(&canonical.to_uppercase()),
        Ok(mv),
        "upper case"
    );
    if game.check(mv).is_ok() {
        let (before, hash) = (game.clone(), game.hash());
        game.play(mv).expect("a checked move plays");
        if game.undo() {
            assert_eq!(game.hash(), hash, "undo of {canonical}");
            assert!(
                game == before,
                "undo of {canonical} did not restore the game"
            );
        }
    }
}

fn load<R: RuleSet>(name: Option<&str>, set: &[&str]) -> Option<R> {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    R::load(name, &set).ok().map(|(r, _)| r)
}

pub fn move_text(data: &[u8]) {
    let data = cut(data);
    let [which, moves, rest @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    let size = |sizes: &[&'static str]| sizes[(which / 8) as usize % sizes.len()];
    match which % 4 {
        0 => {
            let s = size(&["size=19", "size=5", "size=25", "size=[2, 25]"]);
            if let Some(r) = load::<GoRules>(None, &[s]) {
                move_text_in::<GoGame>(r, *moves, text);
            }
        }
        1 => {
            let s = size(&["size=[39, 32]", "size=5", "size=[52, 40]", "size=[60, 3]"]);
            if let Some(r) = load::<DotsRules>(Some("grounding"), &[s]) {
                move_text_in::<DotsGame>(r, *moves, text);
            }
        }
        2 => {
            let s = size(&["size=15", "size=7", "size=[30, 20]"]);
            if let Some(r) = load::<GomokuRules>(Some("freestyle"), &[s]) {
                move_text_in::<Gomoku>(r, *moves, text);
            }
        }
        _ => {
            let s = size(&["size=8", "size=2", "size=3", "size=13"]);
            if let Some(r) = load::<TrigoRules>(None, &[s]) {
                move_text_in::<TrigoGame>(r, *moves, text);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// GTP

/// GTP commands left out of the stream: they read or write files, or set up handicap stones that
/// the model does not follow.
const GTP_SKIPPED: &[&str] = &[
    "loadsgf",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
];

fn gtp_ok(response: &str) -> Option<String> {
    let rest = response.strip_prefix('=')?;
    Some(
        rest.trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string(),
    )
}

fn gtp_fresh(size: u16) -> GoGame {
    let rules = GoRules {
        size: stones_core::BoardSize::square(size),
        ..GoRules::default()
    };
    GoGame::new(rules).expect("a size GTP accepted")
}

/// The model plays `mv` for `c` as GTP asks (any colour, play resumes after the closing passes).
fn gtp_model_play(model: &mut GoGame, c: Colour, mv: GoMove, line: &str) {
    model.resume_play();
    model.set_to_move(c);
    model
        .play(mv)
        .unwrap_or_else(|e| panic!("`{line}` was accepted, but the model refuses it: {e}"));
}

pub fn gtp_stream(data: &[u8]) {
    use stones_gtp::protocol::parse_line;
    use stones_gtp::vertex::{parse_colour, parse_vertex, Vertex};
    let text = String::from_utf8_lossy(cut(data));
    let mut engine = stones_gtp::Engine::new(GoRules::default(), 7).expect("default rules");
    let mut model = gtp_fresh(engine.game().rules().size.width);
    let mut size = model.rules().size.width;
    let mut genmoves = 0;
    for line in text.split('\n') {
        let Some(cmd) = parse_line(line) else {
            assert!(engine.execute(line).is_none(), "{line:?} is not ignored");
            continue;
        };
        let name = cmd.name.as_str();
        if GTP_SKIPPED.contains(&name) || (name == "printsgf" && !cmd.args.is_empty()) {
            continue;
        }
        if name == "genmove" {
            genmoves += 1;
            if genmoves > 50 {
                continue;
            }
        }
        let response = engine
            .execute(line)
            .unwrap_or_else(|| panic!("no response to {line:?}"));
        assert!(response.ends_with("\n\n"), "{response:?}");
        assert!(
            !response[..response.len() - 2].contains("\n\n"),
            "a blank line inside {response:?}"
        );
        let Some(answer) = gtp_ok(&response) else {
            assert!(response.starts_with('?'), "{response:?}");
            continue;
        };
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match (name, args.as_slice()) {
            ("boardsize", [n]) => {
                size = n.parse().expect("an accepted size");
                model = gtp_fresh(size);
            }
            ("clear_board", _) => model = gtp_fresh(size),
            ("play", [c, v]) => {
                let c = parse_colour(c).expect("an accepted colour");
                let mv = match parse_vertex(model.topology(), v).expect("an accepted vertex") {
                    Vertex::Pass => GoMove::Pass,
                    Vertex::Point(p) => GoMove::Play(p),
                };
                gtp_model_play(&mut model, c, mv, line);
            }
            ("genmove", [c]) => {
                let c = parse_colour(c).expect("an accepted colour");
                let mv = if answer.eq_ignore_ascii_case("resign") {
                    GoMove::Resign
                } else {
                    match parse_vertex(model.topology(), &answer) {
                        Ok(Vertex::Pass) => GoMove::Pass,
                        Ok(Vertex::Point(p)) => GoMove::Play(p),
                        Err(_) => panic!("genmove answered {answer:?}"),
                    }
                };
                gtp_model_play(&mut model, c, mv, line);
            }
            ("undo", _) => assert!(model.undo(), "`undo` accepted, but the model has no move"),
            _ => {}
        }
        assert_eq!(
            go_points(engine.game()),
            go_points(&model),
            "after {line:?}: the engine's board is not the replay of its accepted moves"
        );
        assert_eq!(engine.game().captures(), model.captures(), "after {line:?}");
    }
    let topo = model.topology().clone();
    for (c, name) in [(Colour::Black, "black"), (Colour::White, "white")] {
        let response = engine.execute(&format!("list_stones {name}")).unwrap();
        let listed = gtp_ok(&response).unwrap_or_else(|| panic!("{response:?}"));
        let mut listed: Vec<String> = listed.split_whitespace().map(str::to_string).collect();
        let mut expected: Vec<String> = topo
            .points()
            .filter(|&p| model.stone(p) == Some(c))
            .map(|p| stones_gtp::vertex::vertex_name(&topo, p))
            .collect();
        listed.sort();
        expected.sort();
        assert_eq!(listed, expected, "list_stones {name}");
        let response = engine.execute(&format!("captures {name}")).unwrap();
        assert_eq!(
            gtp_ok(&response),
            Some(model.captures()[c.idx()].to_string()),
            "captures {name}"
        );
    }
    // `printsgf` writes the game that `loadsgf` (the same reader) reads back to the same board.
    let response = engine.execute("printsgf").unwrap();
    let record = gtp_ok(&response).unwrap_or_else(|| panic!("{response:?}"));
    let read = stones_go::sgf::read(&record, engine.game().rules())
        .unwrap_or_else(|e| panic!("printsgf does not read back: {e}\n{record}"));
    assert_eq!(go_points(&read), go_points(&model), "printsgf\n{record}");
    assert_eq!(read.captures(), model.captures(), "printsgf\n{record}");
    // Not the player to move: GTP may give a move to either colour, and undo comes back to the
    // position with the colour the undone move was given to (`GoGame::set_to_move`), which SGF's
    // moves do not show (`play b A3`, `play b A1`, `undo` leaves Black to move after `;B[..]`).
}

// ---------------------------------------------------------------------------------------------------
// Gomocup

/// The brain's idea of a game, kept from the stream: the board size and the occupied points, or
/// `None` after a `BOARD` (its stones are not followed) until the next `START`/`RESTART`.
struct GomocupModel {
    size: Option<(u16, u16)>,
    stones: Option<HashSet<(u16, u16)>>,
}

fn gomocup_pair(text: &str) -> Option<(u16, u16)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// Splits like the brain's line reader: lines end in CR LF, LF or CR.
fn gomocup_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['\r', '\n']) {
        lines.push(&rest[..i]);
        let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[i + skip..];
    }
    if !rest.is_empty() {
        lines.push(rest);
    }
    lines
}

pub fn gomocup_stream(data: &[u8]) {
    const SYNC: &str = "ABOUT";
    let text = String::from_utf8_lossy(cut(data));
    // Each command is followed by ABOUT, whose reply marks where the command's replies end; time
    // settings are pinned to the shortest search, and at most 8 commands may ask for a move.
    let mut commands: Vec<String> = vec!["INFO timeout_turn 0".into()];
    let mut in_board = false;
    let mut thinking = 0;
    let mut plan: Vec<(String, bool)> = Vec::new(); // (command, followed by SYNC)
    for line in gomocup_lines(&text) {
        if line.len() > 200 {
            continue;
        }
        let trimmed = line.trim();
        let word = trimmed
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        if in_board {
            let done = trimmed.eq_ignore_ascii_case("DONE");
            plan.push((line.to_string(), done));
            in_board = !done;
            continue;
        }
        match word.as_str() {
            // ABOUT is the marker between replies: the stream's own would shift them.
            "" | "END" | "ABOUT" => continue,
            "INFO" => {
                let key = trimmed
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or("")
                    .to_ascii_lowercase();
                if key.starts_with("time") || key.starts_with("max_memory") {
                    continue;
                }
            }
            "BEGIN" | "TURN" | "BOARD" => {
                thinking += 1;
                if thinking > 8 {
                    continue;
                }
            }
            _ => {}
        }
        let board = word == "BOARD";
        plan.push((line.to_string(), !board));
        in_board = board;
    }
    if in_board {
        plan.push(("DONE".into(), true));
    }
    for (line, sync) in &plan {
        commands.push(line.clone());
        if *sync {
            commands.push(SYNC.into());
        }
    }
    let input = commands.join("\n") + "\n";
    let output = stones_gomoku::gomocup::replies(&input);
    let mut replies = output.iter().map(String::as_str);
    let mut model = GomocupModel {
        size: None,
        stones: None,
    };
    let mut board_lines: Vec<&str> = Vec::new();
    for (line, sync) in &plan {
        if !*sync {
            board_lines.push(line);
            continue;
        }
        let command = board_lines.first().copied().unwrap_or(line.as_str());
        board_lines.clear();
        let mut these = Vec::new();
        loop {
            let reply = replies
                .next()
                .unwrap_or_else(|| panic!("the brain stopped answering after {command:?}"));
            if reply.starts_with("name=") {
                break;
            }
            these.push(reply);
        }
        for r in &these {
            let ok = r.starts_with("ERROR ")
                || r.starts_with("UNKNOWN ")
                || r.starts_with("MESSAGE ")
                || r.starts_with("DEBUG ")
                || *r == "OK"
                || gomocup_pair(r).is_some();
            assert!(ok, "{command:?} answered {r:?}");
        }
        gomocup_follow(&mut model, command, &these);
    }
}

fn gomocup_follow(model: &mut GomocupModel, command: &str, replies: &[&str]) {
    let trimmed = command.trim();
    let (word, rest) = trimmed
        .split_once(char::is_whitespace)
        .unwrap_or((trimmed, ""));
    let rest = rest.trim();
    let word = word.to_ascii_uppercase();
    let answered_ok = replies.contains(&"OK");
    let mv = replies.iter().find_map(|r| gomocup_pair(r));
    match word.as_str() {
        "START" if answered_ok => {
            let n: u16 = rest.parse().expect("an accepted START");
            model.size = Some((n, n));
            model.stones = Some(HashSet::new());
        }
        "RECTSTART" if answered_ok => {
            model.size = gomocup_pair(rest);
            assert!(model.size.is_some(), "RECTSTART {rest:?} accepted");
            model.stones = Some(HashSet::new());
        }
        "RESTART" if answered_ok => model.stones = Some(HashSet::new()),
        "BOARD" => model.stones = None,
        "TAKEBACK" if answered_ok => {
            if let (Some(stones), Some(p)) = (&mut model.stones, gomocup_pair(rest)) {
                assert!(
                    stones.remove(&p),
                    "TAKEBACK {p:?} of an empty point accepted"
                );
            }
        }
        "TURN" | "BEGIN" if mv.is_some() => {
            let reply = mv.unwrap();
            let (w, h) = model.size.expect("a move before any START");
            assert!(
                reply.0 < w && reply.1 < h,
                "{command:?}: {reply:?} is off the {w}x{h} board"
            );
            if let Some(stones) = &mut model.stones {
                if word == "TURN" {
                    let theirs = gomocup_pair(rest).expect("an accepted TURN");
                    assert!(stones.insert(theirs), "{command:?}: the point was taken");
                } else {
                    assert!(stones.is_empty(), "BEGIN accepted on a board with stones");
                }
                assert!(
                    stones.insert(reply),
                    "{command:?}: the brain answered {reply:?}, an occupied point"
                );
            }
        }
        _ => {}
    }
    if matches!(word.as_str(), "TURN" | "BEGIN" | "BOARD") {
        assert!(
            replies.len() <= 1 || replies.iter().all(|r| !r.starts_with("ERROR")),
            "{command:?}: {replies:?}"
        );
    }
}
