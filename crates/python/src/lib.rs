//! Every stones game from Python, with OpenSpiel's names (`load_game`, `new_initial_state`,
//! `legal_actions`, `apply_action`, `returns`, `observation_tensor` …), many games stepped at once
//! in Rust ([`VecEnv`](vec_env::VecEnv)) and the search ([`search`]).
//!
//! The built-in module is `stones._stones`, re-exported by the `stones` package (python/stones).
//! A game written in another crate gets a module of its own with [`game_module!`]. What an action
//! is and what an observation holds: [`mod@env`] and [`planes`].

mod batch;
pub mod env;
mod output;
pub mod planes;
mod pool;
pub mod registry;
pub mod search;
pub mod state;
pub mod vec_env;

/// The pyo3 this crate is built with, which [`game_module!`] uses: a game crate needs no pyo3 of
/// its own.
pub use pyo3;
pub use registry::Entry;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::OnceLock;

/// The games of this module (set once, when it is imported).
static GAMES: OnceLock<Vec<Entry>> = OnceLock::new();

fn games() -> &'static [Entry] {
    GAMES.get_or_init(registry::builtin)
}

/// A `ValueError` with `msg`.
pub(crate) fn value_error(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}

/// Fills module `m` with the classes and functions, for `games`.
pub fn init_module(m: &Bound<'_, PyModule>, games: Vec<Entry>) -> PyResult<()> {
    GAMES
        .set(games)
        .map_err(|_| value_error("the games of this module were set already"))?;
    m.add_class::<state::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<vec_env::VecEnv>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_function(wrap_pyfunction!(registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(search::mcts, m)?)?;
    m.add("OBSERVATION_PLANES", planes::PLANES)?;
    Ok(())
}

/// The names of the games `load_game` takes.
#[pyfunction]
fn registered_names() -> Vec<&'static str> {
    games().iter().map(|e| e.name).collect()
}

/// The game `name` under `ruleset` (a built-in name or a path to a `.toml` file; `None`: the
/// game's default) with `settings`, the ruleset's keys as `stones … --set` takes them:
/// `load_game("go", ruleset="chinese", size=9, komi=7)`. OpenSpiel's string form works too:
/// `load_game("go(size=9,komi=7)")`. A bad name, key or value raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (name, ruleset=None, **settings))]
fn load_game(
    name: &str,
    ruleset: Option<String>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<state::Game> {
    let (spec, settings) = settings_of(name, ruleset, settings)?;
    state::Game::create(games(), &spec.0, spec.1.as_deref(), &settings)
}

/// `(name, ruleset)` and the settings, from the string form and the keywords together (a
/// `ruleset` among the string form's settings names the ruleset).
type Spec = (String, Option<String>);

pub(crate) fn settings_of(
    name: &str,
    ruleset: Option<String>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Spec, Vec<(String, toml::Value)>)> {
    let (game, mut set) = registry::parse_spec(name).map_err(value_error)?;
    let mut ruleset = ruleset;
    if let Some(i) = set.iter().position(|(k, _)| k == "ruleset") {
        let (_, v) = set.remove(i);
        ruleset = Some(match v {
            toml::Value::String(s) => s,
            other => other.to_string(),
        });
    }
    if let Some(d) = settings {
        for (k, v) in d.iter() {
            let key: String = k.extract()?;
            set.push((key.clone(), to_toml(&key, &v)?));
        }
    }
    Ok(((game, ruleset), set))
}

/// A Python setting as TOML: bool, int, float, text (read as TOML where it reads, as `--set`
/// does), and lists or tuples of those.
fn to_toml(key: &str, v: &Bound<'_, PyAny>) -> PyResult<toml::Value> {
    if let Ok(b) = v.extract::<bool>() {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(toml::Value::Boolean(b));
        }
    }
    if let Ok(n) = v.extract::<i64>() {
        return Ok(toml::Value::Integer(n));
    }
    if let Ok(x) = v.extract::<f64>() {
        return Ok(toml::Value::Float(x));
    }
    if let Ok(s) = v.extract::<String>() {
        return Ok(registry::value_of(&s));
    }
    if v.is_instance_of::<pyo3::types::PyList>() || v.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = v.extract()?;
        return items
            .iter()
            .map(|i| to_toml(key, i))
            .collect::<PyResult<_>>()
            .map(toml::Value::Array);
    }
    Err(value_error(format!(
        "setting {key}: expected a bool, number, text or list, not {}",
        v.get_type().name()?
    )))
}

/// The Python module of a game crate, in one line:
///
/// ```ignore
/// #[cfg(feature = "python")]
/// stones_python::game_module!(my_game, my_game::MyGame);
/// ```
///
/// makes the extension module `my_game` — `load_game("my-game")`, `registered_names`, `Game`,
/// `State`, `VecEnv`, `mcts`, as `stones._stones` has them — for `MyGame` (list more games after
/// it to offer them too: `stones_go::GoGame`, …). The module's name must be the crate's library
/// name (`my-game` is `my_game`), which is the name maturin gives the extension.
///
/// What the game crate needs besides that line, and why it is so little (`stones new-game`
/// writes all of it):
///
/// - **No pyo3 dependency**: this crate re-exports its own [`pyo3`], and the module is made with
///   `#[pyo3(crate = "::stones_python::pyo3")]`, so every path pyo3's macro writes goes through
///   it — the game's pyo3 is always the one this crate was built against. (That attribute takes a
///   path written out, not `$crate`: the dependency must keep its name, `stones-python`.)
/// - **An optional dependency and a feature**: `stones-python = { path = "…", optional = true }`
///   and `[features] python = ["dep:stones-python"]`, with the line above behind
///   `#[cfg(feature = "python")]`. A user who never builds the module builds nothing of pyo3,
///   and the game's own binary is linked as before.
/// - **No `crate-type`**: maturin builds the library as a `cdylib` itself (`cargo rustc
///   --crate-type cdylib`), and sets `PYO3_BUILD_EXTENSION_MODULE` (maturin 1.9.4 or later), so
///   the crate keeps its `rlib`, its `main.rs` and its tests unchanged. A `pyproject.toml` asks
///   for the feature (`[tool.maturin] features = ["python"]`), and `pip install .` builds it.
#[macro_export]
macro_rules! game_module {
    ($module:ident, $($game:ty),+ $(,)?) => {
        #[$crate::pyo3::pymodule]
        #[pyo3(crate = "::stones_python::pyo3")]
        fn $module(
            m: &$crate::pyo3::Bound<'_, $crate::pyo3::types::PyModule>,
        ) -> $crate::pyo3::PyResult<()> {
            $crate::init_module(m, ::std::vec![$($crate::Entry::of::<$game>()),+])
        }
    };
}

/// The built-in games' module, `stones._stones`.
#[pymodule]
fn _stones(m: &Bound<'_, PyModule>) -> PyResult<()> {
    init_module(m, registry::builtin())
}

/// `data` as a numpy array of `dtype` and `shape` (one copy, writable).
pub(crate) fn to_numpy<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let (array, to_write) = output::Output::new(py, bytes.len())?;
    to_write.copy_from_slice(bytes);
    array.array(py, dtype, shape)
}

/// The bytes of `data` (f32 has no padding and any bit pattern is a valid byte).
pub(crate) fn f32_bytes(data: &[f32]) -> &[u8] {
    // SAFETY: the slice covers exactly the memory of `data`, which lives as long as the result;
    // u8 has alignment 1.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data)) }
}
