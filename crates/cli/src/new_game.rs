//! `stones new-game NAME [--dir DIR]`: writes a game crate of its own, outside this repository —
//! a working k-in-a-row game to edit, its ruleset, two case files with their read snapshots, the
//! snapshot and contract tests, a `main.rs` that runs this whole command line with the built-in
//! games and the new one, and its Python module (a `python` feature and a `pyproject.toml`:
//! `pip install .`). The files are `crates/cli/template/`, compiled in.

use std::path::{Path, PathBuf};

/// The template's files: path in the new crate, text with `__NAME__`, `__CRATE__`, `__TYPE__`,
/// `__DEPS__` and `__PYTHON__` to fill in.
const FILES: &[(&str, &str)] = &[
    ("Cargo.toml", include_str!("../template/Cargo.toml.in")),
    ("README.md", include_str!("../template/README.md")),
    ("pyproject.toml", include_str!("../template/pyproject.toml")),
    (".gitignore", "/target\n*.snap.new\n"),
    ("src/lib.rs", include_str!("../template/src/lib.rs")),
    ("src/rules.rs", include_str!("../template/src/rules.rs")),
    ("src/game.rs", include_str!("../template/src/game.rs")),
    ("src/main.rs", include_str!("../template/src/main.rs")),
    (
        "rulesets/standard.toml",
        include_str!("../template/rulesets/standard.toml"),
    ),
    (
        "tests/contract.rs",
        include_str!("../template/tests/contract.rs"),
    ),
    (
        "tests/transcripts.rs",
        include_str!("../template/tests/transcripts.rs"),
    ),
    (
        "tests/cases/row-wins.case",
        include_str!("../template/tests/cases/row-wins.case"),
    ),
    (
        "tests/cases/refusals.case",
        include_str!("../template/tests/cases/refusals.case"),
    ),
    (
        "tests/snapshots/transcripts__cases@row-wins.case.snap",
        include_str!("../template/tests/snapshots/transcripts__cases@row-wins.case.snap"),
    ),
    (
        "tests/snapshots/transcripts__cases@refusals.case.snap",
        include_str!("../template/tests/snapshots/transcripts__cases@refusals.case.snap"),
    ),
];

/// The stones crates a new game depends on, with the folder of each in this checkout.
const CRATES: &[(&str, &str)] = &[("stones-core", "core"), ("stones-cli", "cli")];

/// The site behind `serve`, an optional dependency behind the game's `server` feature (the web
/// server and both databases are built only when the game asks for them).
const SERVER: (&str, &str) = ("stones-server", "server");

/// The crate of the game's Python module, an optional dependency behind the game's `python`
/// feature. It is not on crates.io (a wheel, `publish = false`), so it comes by path only.
const PYTHON: (&str, &str) = ("stones-python", "python");

/// Checks a new game's name: lower-case letters, digits and `-`, starting with a letter, and not
/// a built-in game's. The error says what is allowed.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = name.len() <= 40
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-');
    if !ok {
        return Err(format!(
            "game name '{}': expected lower-case letters, digits and '-' (up to 40, a letter first, \
             no '-' last), such as 'pente'",
            name.chars().take(40).collect::<String>()
        ));
    }
    if let Ok(kind) = crate::GameKind::parse(name) {
        return Err(format!("'{}' is already a game of stones", kind.name()));
    }
    Ok(())
}

/// The game's type name: `atari-go` is `AtariGo`.
pub fn type_name(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + c.as_str()
            })
        })
        .collect()
}

/// The `[dependencies]` lines of the stones crates: by path to this checkout while it is there
/// (with the version, so the same line works once the crates are published), else by version.
/// stones-python, optional, comes by path only; without a checkout a comment says so.
fn dependencies(checkout: Option<&Path>) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let by_path = |root: &Path, name: &str, dir: &str, more: &str| {
        let path = root.join(dir);
        let path = path.display().to_string().replace('\\', "/");
        format!("{name} = {{ version = \"{version}\", path = \"{path}\"{more} }}\n")
    };
    let mut lines: String = CRATES
        .iter()
        .map(|(name, dir)| match checkout {
            Some(root) => by_path(root, name, dir, ""),
            None => format!("{name} = \"{version}\"\n"),
        })
        .collect();
    let (name, dir) = SERVER;
    lines += &match checkout {
        Some(root) => by_path(root, name, dir, ", optional = true"),
        None => format!("{name} = {{ version = \"{version}\", optional = true }}\n"),
    };
    let (name, dir) = PYTHON;
    lines += &match checkout {
        Some(root) => by_path(root, name, dir, ", optional = true"),
        None => format!(
            "# {name} (the `python` feature) is not on crates.io: it comes by path, with the \
             stones crates above,\n# from a stones checkout (`stones new-game` run from one \
             writes them so).\n"
        ),
    };
    lines
}

/// The game's `python` feature: stones-python when it is a dependency.
fn python_feature(checkout: Option<&Path>) -> String {
    match checkout {
        Some(_) => format!("python = [\"dep:{}\"]", PYTHON.0),
        None => "python = []".to_string(),
    }
}

/// The folder of this checkout's crates, when the binary was built from one that is still there.
pub fn checkout_crates() -> Option<PathBuf> {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = cli.parent()?;
    let here = CRATES
        .iter()
        .chain([&SERVER, &PYTHON])
        .all(|(_, d)| crates.join(d).join("Cargo.toml").is_file());
    here.then(|| crates.to_path_buf())
}

/// Writes the crate of the game `name` into `dir` (which must not exist, or be empty); returns
/// what was written, for the person who asked.
pub fn write(name: &str, dir: &Path, checkout: Option<&Path>) -> Result<String, String> {
    check_name(name)?;
    if dir.exists() && std::fs::read_dir(dir).map_or(true, |mut d| d.next().is_some()) {
        return Err(format!(
            "{} already exists and is not an empty folder: give a new one with --dir",
            dir.display()
        ));
    }
    let fill = |text: &str| {
        text.replace("__DEPS__", &dependencies(checkout))
            .replace("__PYTHON__", &python_feature(checkout))
            .replace("__NAME__", name)
            .replace("__CRATE__", &name.replace('-', "_"))
            .replace("__TYPE__", &type_name(name))
            .replace(
                "__SOURCE__",
                match checkout {
                    Some(_) => "by path to the stones checkout it was written from (with the version, for when the crates are published)",
                    None => "by version, from crates.io",
                },
            )
    };
    for (path, text) in FILES {
        let file = dir.join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        std::fs::write(&file, fill(text))
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(format!(
        "wrote the game '{name}' into {} ({} files). Next:\n  cd {}\n  cargo test\n  cargo run -- play {name} --white mcts\n",
        dir.display(),
        FILES.len(),
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_typed() {
        assert_eq!(type_name("atari-go"), "AtariGo");
        assert_eq!(type_name("pente"), "Pente");
        for bad in ["", "Pente", "1go", "go", "a_b", "x-", "a b"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name("pente").is_ok());
    }

    #[test]
    fn every_placeholder_is_filled() {
        let dir = std::env::temp_dir().join(format!("stones-new-game-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write("tiny-row", &dir, checkout_crates().as_deref()).unwrap();
        for (path, _) in FILES {
            let text = std::fs::read_to_string(dir.join(path)).unwrap();
            assert!(!text.contains("__"), "{path}: {text}");
        }
        assert!(write("tiny-row", &dir, None).is_err(), "an existing folder");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The site: stones-server an optional dependency behind the `server` feature, which main.rs
    /// hands to `serve`; nothing of it is built by default.
    #[test]
    fn the_site_is_behind_a_feature() {
        let dir = std::env::temp_dir().join(format!("stones-new-game-site-{}", std::process::id()));
        for checkout in [checkout_crates(), None] {
            let _ = std::fs::remove_dir_all(&dir);
            write("tiny-row", &dir, checkout.as_deref()).unwrap();
            let cargo: toml::Table = std::fs::read_to_string(dir.join("Cargo.toml"))
                .unwrap()
                .parse()
                .unwrap();
            let server = &cargo["dependencies"]["stones-server"];
            assert_eq!(server["optional"].as_bool(), Some(true));
            assert_eq!(server["version"].as_str(), Some(env!("CARGO_PKG_VERSION")));
            let feature = cargo["features"]["server"].as_array().unwrap();
            assert_eq!(feature, &[toml::Value::from("dep:stones-server")]);
            assert!(cargo["features"].get("default").is_none());
            let main = std::fs::read_to_string(dir.join("src/main.rs")).unwrap();
            assert!(
                main.contains("#[cfg(feature = \"server\")]")
                    && main.contains(".site(stones_server::serve)"),
                "{main}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The Python module: stones-python an optional dependency behind the `python` feature, the
    /// one line in lib.rs behind it, and a pyproject.toml that asks for it — and without a
    /// checkout, a `python` feature that names nothing (lib.rs's `cfg` must name a feature).
    #[test]
    fn the_python_module_is_behind_a_feature() {
        let dir = std::env::temp_dir().join(format!("stones-new-game-py-{}", std::process::id()));
        let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
        for checkout in [checkout_crates(), None] {
            let _ = std::fs::remove_dir_all(&dir);
            write("tiny-row", &dir, checkout.as_deref()).unwrap();
            let cargo: toml::Table = read("Cargo.toml").parse().unwrap();
            let python = cargo["dependencies"].get("stones-python");
            let feature = cargo["features"]["python"].as_array().unwrap();
            if let Some(root) = &checkout {
                let python = python.unwrap();
                assert_eq!(python["optional"].as_bool(), Some(true));
                let path = std::path::PathBuf::from(python["path"].as_str().unwrap());
                assert_eq!(path, root.join("python"));
                assert!(path.join("Cargo.toml").is_file());
                assert_eq!(feature, &[toml::Value::from("dep:stones-python")]);
            } else {
                assert!(python.is_none());
                assert!(feature.is_empty());
            }
            assert!(
                cargo["features"].get("default").is_none(),
                "Python is never the default"
            );
            let lib = read("src/lib.rs");
            let line =
                "#[cfg(feature = \"python\")]\nstones_python::game_module!(tiny_row, TinyRow);";
            assert!(lib.contains(line), "{lib}");
            let py: toml::Table = read("pyproject.toml").parse().unwrap();
            assert_eq!(py["project"]["name"].as_str(), Some("tiny-row"));
            let maturin = &py["tool"]["maturin"];
            assert_eq!(
                maturin["module-name"].as_str(),
                Some("tiny_row"),
                "the lib's name"
            );
            let features = maturin["features"].as_array().unwrap();
            assert_eq!(features, &[toml::Value::from("python")]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
