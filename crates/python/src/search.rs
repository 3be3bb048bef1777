//! The search (stones-ai's MCTS, the one every front end uses) from Python.

use crate::state::State;
use crate::{to_numpy, value_error};
use pyo3::prelude::*;
use std::time::Duration;
use stones_ai::SearchOptions;

/// Searches `state` and returns `(action, visits, value)`: the action the search chooses (`None`
/// once the game is over), the visits of every action (a float32 array over all actions, 0 for
/// those not searched) and the player to act's estimated win rate (0–1). `playouts` and `time`
/// (seconds) bound it (neither: 10,000 playouts); `seed` makes a one-thread search repeatable.
/// The search runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (state, playouts=None, time=None, threads=1, seed=None, evaluator=None))]
pub fn mcts<'py>(
    py: Python<'py>,
    state: &State,
    playouts: Option<u64>,
    time: Option<f64>,
    threads: usize,
    seed: Option<u64>,
    evaluator: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Option<u32>, Bound<'py, PyAny>, f32)> {
    if evaluator.is_some() {
        return Err(pyo3::exceptions::PyNotImplementedError::new_err(
            "mcts(evaluator=…) is not built yet: the search runs its own playouts",
        ));
    }
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
    let options = SearchOptions {
        playouts,
        time,
        threads,
        seed,
        reuse: false,
        resign: Some(0.0),
        ..SearchOptions::default()
    };
    let env = &state.env;
    let found = py.detach(|| env.search(options));
    let mut visits = vec![0f32; env.meta().num_actions()];
    for (a, n) in found.visits {
        visits[a as usize] = n as f32;
    }
    let visits = to_numpy(py, crate::f32_bytes(&visits), "float32", &[visits.len()])?;
    Ok((found.action, visits, found.value))
}
