//! SVG pictures of every game: one element per point with its name and class, balanced tags, the
//! decorations each game adds, and `stones replay --svg` / `--svg-dir`.

use std::process::Command;
use stones_cli::GameKind;
use stones_core::Rng;

/// Every start tag is closed, in order; no stray `<` or `&` in text.
fn balanced(svg: &str) -> Result<(), String> {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        if text.contains('>') || text.replace("&amp;", "").replace("&lt;", "").contains('&') {
            return Err(format!("bad text {text:?}"));
        }
        rest = &rest[i + 1..];
        let end = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if !tag.matches('"').count().is_multiple_of(2) {
            return Err(format!("unbalanced quotes in <{tag}>"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("stray </{name}>"))?;
            if open != name {
                return Err(format!("<{open}> closed by </{name}>"));
            }
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap_or("").to_string());
        }
    }
    match stack.is_empty() {
        true => Ok(()),
        false => Err(format!("unclosed: {stack:?}")),
    }
}

/// The class attribute of the element for `point`.
fn class_of<'a>(svg: &'a str, point: &str) -> &'a str {
    let needle = format!("data-point=\"{point}\" class=\"");
    let at = svg
        .find(&needle)
        .unwrap_or_else(|| panic!("no element for {point}"))
        + needle.len();
    let rest = &svg[at..];
    &rest[..rest.find('"').expect("closing quote")]
}

#[test]
fn every_point_of_every_game_is_named_and_classed_along_random_games() {
    for kind in GameKind::all() {
        let size = match kind.name() {
            "trigo" => "size=4",
            "gomoku" => "size=9",
            _ => "size=7",
        };
        let set = stones_cli::registry::parse_overrides(&[size.to_string()]).unwrap();
        let (start, _) = kind.create(None, &set).unwrap();
        for seed in 1..4 {
            let mut game = start.clone();
            let mut rng = Rng::new(seed);
            for step in 0..200 {
                let svg = game.svg_picture();
                balanced(&svg).unwrap_or_else(|e| panic!("{} step {step}: {e}", kind.name()));
                assert_eq!(
                    svg.matches("data-point=").count(),
                    game.point_count(),
                    "{}",
                    kind.name()
                );
                let rows = game.board_rows().join(" ");
                let cells: Vec<&str> = rows.split_whitespace().collect();
                for (i, cell) in cells.iter().enumerate() {
                    let class = class_of(&svg, &game.point_name(i));
                    let want = match *cell {
                        "x" => "stone black",
                        "o" => "stone white",
                        _ => "empty",
                    };
                    assert!(
                        class.starts_with(want),
                        "{}: {class} vs {want}",
                        kind.name()
                    );
                }
                let Some(mv) = game.random_move_text(&mut rng) else {
                    break;
                };
                game.play_text(&mv).unwrap();
            }
        }
    }
}

fn replayed(game: &str, set: &[&str], moves: &str) -> String {
    let sets: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let (g, ruleset) = GameKind::parse(game)
        .unwrap()
        .create(None, &stones_cli::registry::parse_overrides(&sets).unwrap())
        .unwrap();
    let list: Vec<String> = moves.split(',').map(|m| m.trim().to_string()).collect();
    let mut g = g;
    let t =
        stones_cli::case::replay_moves(&mut g, ruleset, &list, stones_cli::case::Pictures::Last);
    assert!(t.moves.iter().all(|m| m.reason.is_none()), "{:?}", t.moves);
    t.svg.expect("the final picture was asked for")
}

#[test]
fn each_game_draws_its_decorations() {
    // Go: star points, the last stone, dead marks and territory in the marking step.
    let go = replayed("go", &["size=9"], "E5, D5, pass, pass, dead D5");
    assert_eq!(go.matches("class=\"star\"").count(), 5);
    assert!(class_of(&go, "D5").contains("dead"));
    assert!(go.contains("class=\"territory black\""));
    let go = replayed("go", &["size=9"], "E5, D5");
    assert_eq!(class_of(&go, "D5"), "stone white last");
    // Dots: an enclosure is one polygon along its chain, the captured dot is marked.
    let dots = replayed("dots", &["size=[8,8]"], "D5, E5, E6, H8, F5, H7, E4, A1");
    assert_eq!(
        dots.matches("<polygon class=\"enclosure black\"").count(),
        1
    );
    assert!(class_of(&dots, "E5").contains("captured"));
    // Gomoku: the winning row.
    let gomoku = replayed(
        "gomoku",
        &["size=15", "opening=\"none\""],
        "H8, A1, J8, A2, K8, A3, L8, A4, M8",
    );
    assert_eq!(gomoku.matches("class=\"win-line\"").count(), 1);
    assert!(class_of(&gomoku, "M8").contains("win"));
    // TriGo: both stones of the last pair.
    let trigo = replayed("trigo", &["size=4"], "d4, c3+e5");
    assert!(class_of(&trigo, "c3").contains("last"));
    assert!(class_of(&trigo, "e5").contains("last"));
    assert!(!class_of(&trigo, "d4").contains("last"));
}

#[test]
fn replay_writes_the_final_picture_and_one_per_step() {
    let dir = std::env::temp_dir().join(format!("stones-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("final.svg");
    let frames = dir.join("frames");
    let status = Command::new(env!("CARGO_BIN_EXE_stones"))
        .args(["replay", "go", "--set", "size=5", "--moves", "C3 D3 C3 B2"])
        .arg("--svg")
        .arg(&out)
        .arg("--svg-dir")
        .arg(&frames)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let last = std::fs::read_to_string(&out).unwrap();
    // C3 is refused (occupied), so B2 is Black's.
    assert_eq!(class_of(&last, "B2"), "stone black last");
    let mut names: Vec<String> = std::fs::read_dir(&frames)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The start and one per move (the refused C3 repeats the picture before it).
    assert_eq!(
        names,
        ["000.svg", "001.svg", "002.svg", "003.svg", "004.svg"]
    );
    let first = std::fs::read_to_string(frames.join("000.svg")).unwrap();
    assert_eq!(first.matches("class=\"empty\"").count(), 25);
    assert_eq!(
        std::fs::read_to_string(frames.join("004.svg")).unwrap(),
        last
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_stones"))
        .args([
            "replay",
            "go",
            "--moves",
            "D4",
            "--svg",
            "/nonexistent-dir/x.svg",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot write --svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's pictures are made by the project: crates/cli/pictures/<game>.svg is the final
/// position of <game>.case beside it. `STONES_UPDATE_PICTURES=1 cargo test --test svg` rewrites them.
#[test]
fn readme_pictures_are_the_replays_of_their_cases() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/cli/pictures");
    let update = std::env::var_os("STONES_UPDATE_PICTURES").is_some();
    for game in ["go", "dots", "gomoku", "trigo", "hex"] {
        let case = dir.join(format!("{game}.case"));
        let t = stones_cli::case::replay_case_file_with(&case, stones_cli::case::Pictures::Last)
            .unwrap();
        let picture = t.svg.clone().expect("the final picture was asked for");
        assert!(
            t.moves.iter().all(|m| m.reason.is_none()),
            "{game}: {:?}",
            t.moves
        );
        let svg = dir.join(format!("{game}.svg"));
        if update {
            std::fs::write(&svg, &picture).unwrap();
        }
        let committed = std::fs::read_to_string(&svg).unwrap_or_default();
        assert!(
            committed == picture,
            "{} is not the replay of {}: run STONES_UPDATE_PICTURES=1 cargo test --test svg",
            svg.display(),
            case.display()
        );
    }
}
