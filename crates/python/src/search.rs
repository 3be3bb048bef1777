//! The search (stones-ai's MCTS, the one every front end uses) from Python.

use crate::state::State;
use crate::{to_numpy, value_error};
use pyo3::prelude::*;
use std::time::Duration;
use stones_ai::guided::GuidedOptions;
use stones_ai::SearchOptions;

/// Searches `state` and returns `(action, visits, value)` (a [`SearchResult`], which also says
/// the playouts and the seconds): the action the search chooses (`None`
/// once the game is over), the visits of every action (a float32 array over all actions, 0 for
/// those not searched) and the player to act's estimated win rate (0–1). `playouts` and `time`
/// (seconds) bound it (neither: 10,000 playouts); `seed` makes a one-thread search repeatable.
///
/// Without `evaluator` it is the search every front end uses (playouts, the game's knowledge),
/// run with the GIL released. With one — a callable `evaluator(observations, masks) -> (priors,
/// values)` taking float32 `[B, planes, rows, cols]` and bool `[B, actions]` for a batch of `B`
/// leaves and giving priors `[B, actions]` and values `[B]` (-1 lost to 1 won, for each leaf's
/// player to act) — the search plays no playouts: it follows the priors by PUCT and backs the
/// values up (AlphaZero's way), `playouts` leaves in all (default 800), `batch_size` at a time.
#[pyfunction]
#[pyo3(signature = (state, playouts=None, time=None, threads=1, seed=None, evaluator=None, batch_size=8, c_puct=1.5))]
#[allow(clippy::too_many_arguments)] // OpenSpiel's and the keywords, each optional
pub fn mcts<'py>(
    py: Python<'py>,
    state: &State,
    playouts: Option<u64>,
    time: Option<f64>,
    threads: usize,
    seed: Option<u64>,
    evaluator: Option<&Bound<'py, PyAny>>,
    batch_size: usize,
    c_puct: f32,
) -> PyResult<SearchResult> {
    if threads == 0 || threads > 256 {
        return Err(value_error(format!("threads {threads}: expected 1 to 256")));
    }
    let time = match time {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= 86_400.0) => {
            return Err(value_error(format!(
                "time {t}: expected seconds, more than 0 and at most a day"
            )))
        }
        t => t.map(Duration::from_secs_f64),
    };
    if playouts == Some(0) {
        return Err(value_error("playouts 0: expected at least 1"));
    }
    let env = &state.env;
    let found = match evaluator {
        None => {
            let options = SearchOptions {
                playouts,
                time,
                threads,
                seed,
                reuse: false,
                resign: Some(0.0),
                ..SearchOptions::default()
            };
            py.detach(|| env.search(options))
        }
        Some(evaluator) => {
            if !((1..=4096).contains(&batch_size) && c_puct.is_finite() && c_puct > 0.0) {
                return Err(value_error(format!(
                    "batch_size {batch_size}, c_puct {c_puct}: expected 1 to 4096 and more than 0"
                )));
            }
            let options = GuidedOptions {
                evaluations: playouts.unwrap_or(if time.is_some() { u64::MAX } else { 800 }),
                time,
                batch: batch_size,
                c_puct,
            };
            let shape = env.meta().geometry.shape();
            let actions = env.meta().num_actions();
            let mut failure: Option<PyErr> = None;
            let mut evaluate = |obs: &[f32], masks: &[u8], n: usize| {
                let judged = call_evaluator(py, evaluator, obs, masks, n, shape, actions);
                judged.map_err(|e| {
                    let text = e.to_string();
                    failure = Some(e);
                    text
                })
            };
            match env.search_guided(&options, &mut evaluate) {
                Ok(found) => found,
                Err(text) => return Err(failure.unwrap_or_else(|| value_error(text))),
            }
        }
    };
    let mut visits = vec![0f32; env.meta().num_actions()];
    for (a, n) in found.visits {
        visits[a as usize] = n as f32;
    }
    let visits = to_numpy(py, crate::f32_bytes(&visits), "float32", &[visits.len()])?;
    Ok(SearchResult {
        action: found.action,
        visits: visits.unbind(),
        value: found.value,
        playouts: found.playouts,
        seconds: found.seconds,
    })
}

/// Calls the Python evaluator on a batch: its priors and values as flat lists of floats.
fn call_evaluator(
    py: Python<'_>,
    evaluator: &Bound<'_, PyAny>,
    obs: &[f32],
    masks: &[u8],
    n: usize,
    [planes, rows, cols]: [usize; 3],
    actions: usize,
) -> PyResult<(Vec<f32>, Vec<f32>)> {
    let obs = to_numpy(
        py,
        crate::f32_bytes(obs),
        "float32",
        &[n, planes, rows, cols],
    )?;
    let masks = to_numpy(py, masks, "bool", &[n, actions])?;
    let answer = evaluator.call1((obs, masks))?;
    let (priors, values): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
        answer.extract().map_err(|_| {
            value_error(
                "the evaluator must return (priors, values): two arrays, [B, actions] and [B]",
            )
        })?;
    Ok((floats(py, &priors)?, floats(py, &values)?))
}

/// Any array-like of numbers as float32s, read through numpy as one buffer.
fn floats(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<Vec<f32>> {
    let array = py
        .import("numpy")?
        .call_method1("ascontiguousarray", (values, "float32"))?;
    let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
    Ok(bytes
        .chunks_exact(4)
        .map(|b| f32::from_ne_bytes(b.try_into().expect("4 bytes")))
        .collect())
}

/// What `mcts` found: unpacks as `action, visits, value`; `playouts` and `seconds` (the search's
/// own time, as `stones bench --search` counts it) are attributes.
#[pyclass(module = "stones", frozen)]
pub struct SearchResult {
    #[pyo3(get)]
    action: Option<u32>,
    #[pyo3(get)]
    visits: Py<PyAny>,
    #[pyo3(get)]
    value: f32,
    #[pyo3(get)]
    playouts: u64,
    #[pyo3(get)]
    seconds: f64,
}

#[pymethods]
impl SearchResult {
    fn __len__(&self) -> usize {
        3
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Py<PyAny>> {
        let item = match i {
            0 | -3 => self.action.into_pyobject(py)?.into_any().unbind(),
            1 | -2 => self.visits.clone_ref(py),
            2 | -1 => self.value.into_pyobject(py)?.into_any().unbind(),
            _ => {
                return Err(pyo3::exceptions::PyIndexError::new_err(
                    "a search result holds 3 items: action, visits, value",
                ))
            }
        };
        Ok(item)
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchResult(action={:?}, value={:.3}, playouts={}, seconds={:.3})",
            self.action, self.value, self.playouts, self.seconds
        )
    }
}
