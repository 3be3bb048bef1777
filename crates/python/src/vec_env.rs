//! Many games of one kind stepped at once in Rust, on every core, with the GIL released: one call
//! takes an action per game and gives back one array each of observations, rewards, ends and
//! legal masks (Pgx's and Gymnasium's vector environments). Or, as EnvPool does, in batches sent
//! and received apart, so that one batch steps while Python chooses the next actions of another.

use crate::batch::{reset_one, step_one, Batch, Each, Games, Outputs, Slot, Work};
use crate::output::{as_floats, Output};
use crate::pool::{Pool, Ticket};
use crate::state::Game;
use crate::{settings_of, value_error};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};
use std::collections::VecDeque;
use std::sync::Arc;

/// `num_envs` games of one kind. A game that ends in a step is started again in the same step: its
/// reward and `terminated` tell the end, its observation and mask are the new game's.
///
/// Each call writes its arrays straight into new numpy arrays (fresh ones every call: an array
/// returned before is never written again), with the GIL released, on `threads` threads kept for
/// its life (the caller's and `threads - 1` more, pool.rs).
///
/// With `batch_size` (a divisor of `num_envs`) the games also step in batches: `send` starts one
/// and returns at once, `recv` gives the oldest sent back once done (EnvPool's asynchronous way).
#[pyclass(module = "stones")]
pub struct VecEnv {
    /// The games, `batch` to a batch.
    batches: Vec<Arc<Batch>>,
    batch: usize,
    /// The batches sent and not received yet, oldest first.
    sent: VecDeque<Sent>,
    /// The batch received last, while it has not been sent again: `send`'s default.
    received: Option<usize>,
    /// The threads besides the caller's.
    pool: Pool,
    /// Values in one observation, and its shape; actions of one game.
    size: usize,
    shape: [usize; 3],
    actions: usize,
    /// The observations' values: float32, or bool.
    bools: bool,
}

/// A batch being stepped (or started again) in the background, with its output arrays.
struct Sent {
    batch: usize,
    ticket: Ticket,
    arrays: [Py<PyByteArray>; 4],
}

/// A call's output arrays in Python: observations, rewards, terminated, masks.
struct Arrays<'py>([Output<'py>; 4]);

/// Observations, rewards, terminated, masks.
type Returned<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `name` under `ruleset` with `settings` (as `load_game` takes them).
    /// `threads`: how many to step them on (default: every core). `obs_dtype`: the observations'
    /// values, `float32` (the default) or `bool` (as Pgx gives them: a quarter of the memory).
    /// `batch_size`: the games `send` and `recv` take at once (default: all of them).
    /// `seed` is kept for Gymnasium's sake: the games have no chance, so it changes nothing.
    #[new]
    #[pyo3(signature = (name, num_envs, seed=None, ruleset=None, threads=None, obs_dtype=None, batch_size=None, **settings))]
    #[allow(clippy::too_many_arguments)] // Python's keywords, as Gymnasium's vector envs take them
    fn new(
        py: Python<'_>,
        name: &str,
        num_envs: usize,
        seed: Option<u64>,
        ruleset: Option<String>,
        threads: Option<usize>,
        obs_dtype: Option<&Bound<'_, PyAny>>,
        batch_size: Option<usize>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VecEnv> {
        let _ = seed;
        let bools = match obs_dtype {
            None => false,
            Some(d) => {
                let dtype = py.import("numpy")?.call_method1("dtype", (d,));
                match dtype.and_then(|d| d.getattr("name")?.extract::<String>()) {
                    Ok(n) if n == "float32" => false,
                    Ok(n) if n == "bool" => true,
                    _ => {
                        return Err(value_error(format!(
                            "obs_dtype {d}: expected float32 or bool"
                        )))
                    }
                }
            }
        };
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_error(format!(
                "num_envs {num_envs}: expected 1 to {}",
                1 << 20
            )));
        }
        let batch = batch_size.unwrap_or(num_envs);
        if batch == 0 || !num_envs.is_multiple_of(batch) {
            return Err(value_error(format!(
                "batch_size {batch}: expected a divisor of num_envs ({num_envs})"
            )));
        }
        let ((game, ruleset), set) = settings_of(name, ruleset, settings)?;
        let game = Game::create(crate::games(), &game, ruleset.as_deref(), &set)?;
        let mut first = game.fresh();
        let meta = first.meta().clone();
        let (size, actions) = (meta.geometry.size(), meta.num_actions());
        let mut mask = vec![0; actions];
        first.legal_mask(&mut mask);
        let batches = (0..num_envs / batch)
            .map(|_| {
                Arc::new(Batch::new(Games {
                    slots: (0..batch)
                        .map(|_| Slot {
                            env: game.fresh(),
                            action: 0,
                        })
                        .collect(),
                    // The masks of the starting positions, for a `step` before any `reset`.
                    masks: mask.repeat(batch),
                }))
            })
            .collect();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Ok(VecEnv {
            batches,
            batch,
            sent: VecDeque::new(),
            received: None,
            pool: Pool::new(threads.unwrap_or(cores).clamp(1, 256) - 1),
            size,
            shape: meta.geometry.shape(),
            actions,
            bools,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.batches.len() * self.batch
    }

    /// The games `send` and `recv` take at once.
    #[getter]
    fn batch_size(&self) -> usize {
        self.batch
    }

    /// `[planes, rows, cols]` of one game's observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.shape.to_vec()
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }

    /// The player to act in each game (0 Black, 1 White).
    fn current_players(&mut self) -> PyResult<Vec<i32>> {
        Ok(self
            .all_games()?
            .iter()
            .flat_map(|g| g.slots.iter())
            .map(|g| crate::state::player_id(g.env.to_act()))
            .collect())
    }

    /// Starts every game again: `(observations [N, planes, rows, cols] (float32, or bool as
    /// `obs_dtype` asks), legal masks [N, actions] bool)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let (obs, _, _, masks) = self.run_all(py, reset_one)?;
        Ok((obs, masks))
    }

    /// Plays one action per game: `(observations, rewards [N, 2] float32 (Black, White),
    /// terminated [N] bool, legal masks)`. An illegal action raises `ValueError` naming the game and
    /// why, before any game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Returned<'py>> {
        let actions = read_ints(py, actions, self.num_envs(), "actions (one per game)")?;
        let (width, n) = (self.actions, self.batch);
        for (b, games) in self.all_games()?.into_iter().enumerate() {
            take_actions(games, b * n, &actions[b * n..][..n], width)?;
        }
        self.run_all(py, step_one)
    }

    /// Starts every game again in the background, each batch to be received by `recv` (whose
    /// rewards are then 0 and `terminated` false).
    fn async_reset(&mut self, py: Python<'_>) -> PyResult<()> {
        self.none_sent()?;
        self.received = None;
        for b in 0..self.batches.len() {
            self.post(py, b, reset_one)?;
        }
        Ok(())
    }

    /// Plays one action per game of a batch in the background and returns at once. `env_id`: the
    /// batch's games as `recv` gave them (default: the batch received last). An illegal action
    /// raises `ValueError` naming the game and why, before any game moves.
    #[pyo3(signature = (actions, env_id=None))]
    fn send(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        env_id: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let b = match env_id {
            Some(ids) => self.batch_of(py, ids)?,
            None => self.received.ok_or_else(|| {
                value_error("send: no batch received to send: give env_id, or recv() first")
            })?,
        };
        if self.sent.iter().any(|s| s.batch == b) {
            return Err(value_error(format!(
                "send: games {}..{} are stepping already: recv() them first",
                b * self.batch,
                (b + 1) * self.batch
            )));
        }
        let actions = read_ints(
            py,
            actions,
            self.batch,
            "actions (one per game of the batch)",
        )?;
        // SAFETY: the batch is not sent (above), and no other reference to its games is alive.
        let games = unsafe { self.batches[b].games() };
        take_actions(games, b * self.batch, &actions, self.actions)?;
        self.received = None;
        self.post(py, b, step_one)
    }

    /// The oldest batch sent, once done: `(observations, rewards, terminated, masks, env_id)`, as
    /// `step` gives them for the batch's games, whose indices `env_id` holds.
    #[allow(clippy::type_complexity)] // five arrays, as EnvPool's `recv` returns them
    fn recv<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let sent = self.sent.pop_front().ok_or_else(|| {
            value_error("recv: no batch sent: call async_reset() or send() first")
        })?;
        let pool = &self.pool;
        py.detach(|| pool.finish(sent.ticket));
        let b = sent.batch;
        self.received = Some(b);
        let n = self.batch;
        let arrays = Arrays(sent.arrays.map(|kept| Output::bind(py, kept)));
        let (obs, rewards, ended, masks) = self.numpy(py, n, arrays)?;
        let ids = py
            .import("numpy")?
            .call_method1("arange", (b * n, (b + 1) * n))?;
        Ok((obs, rewards, ended, masks, ids))
    }
}

impl VecEnv {
    /// Refuses while any batch is sent (the synchronous calls' condition).
    fn none_sent(&self) -> PyResult<()> {
        match self.sent.len() {
            0 => Ok(()),
            k => Err(value_error(format!(
                "{k} batch(es) sent and not received: recv() them first"
            ))),
        }
    }

    /// Every batch's games, when none is sent. The caller holds no other reference to them (each
    /// caller takes `&mut self`, and drops these before it asks again).
    #[allow(clippy::mut_from_ref)] // the callers' `&mut self` and the rule above keep these unique
    fn all_games(&self) -> PyResult<Vec<&mut Games>> {
        self.none_sent()?;
        // SAFETY: no batch is sent, so no job reaches any; the rule above keeps these unique.
        Ok(self.batches.iter().map(|b| unsafe { b.games() }).collect())
    }

    /// `each` on every game with the GIL released, with a call's new arrays.
    fn run_all<'py>(&mut self, py: Python<'py>, each: Each) -> PyResult<Returned<'py>> {
        let n = self.num_envs();
        let (arrays, bytes) = self.new_arrays(py, n)?;
        let work = Work::new(self.all_games()?, bytes, each);
        let pool = &self.pool;
        py.detach(|| pool.run(&|| work.run()));
        self.numpy(py, n, arrays)
    }

    /// Posts `each` on batch `b`'s games (not sent) for the pool's threads, with new arrays.
    fn post(&mut self, py: Python<'_>, b: usize, each: Each) -> PyResult<()> {
        let (arrays, bytes) = self.new_arrays(py, self.batch)?;
        let batch = Arc::clone(&self.batches[b]);
        // SAFETY: the caller passes a batch not sent, and from now until `recv` finishes the job
        // only the job reaches the games (`send`, `all_games` and `Drop` wait for it). The bytes
        // are the bytearrays' kept in `Sent` until then, which nothing else knows: 'static stands
        // for "until the job is finished".
        let work: Work<'static> = unsafe {
            let games: &'static mut Games = &mut *std::ptr::from_mut(batch.games());
            let bytes = std::mem::transmute::<Outputs<'_>, Outputs<'static>>(bytes);
            Work::new(vec![games], bytes, each)
        };
        let ticket = self.pool.post(Box::new(move || {
            let _keep = &batch;
            work.run()
        }));
        self.sent.push_back(Sent {
            batch: b,
            ticket,
            arrays: arrays.0.map(Output::unbind),
        });
        Ok(())
    }

    /// New arrays for `n` games' outputs, and their bytes to write.
    fn new_arrays<'py>(&self, py: Python<'py>, n: usize) -> PyResult<(Arrays<'py>, Outputs<'py>)> {
        let width = if self.bools { 1 } else { 4 };
        let (obs, obs_bytes) = Output::new(py, n * self.size * width)?;
        // Checked here once: each game's part starts a whole number of floats in.
        as_floats(obs_bytes)?;
        let (rewards, reward_bytes) = Output::new(py, n * 2 * 4)?;
        let (ended, ended_bytes) = Output::new(py, n)?;
        let (masks, mask_bytes) = Output::new(py, n * self.actions)?;
        let bytes = Outputs {
            obs: obs_bytes,
            bools: self.bools,
            masks: mask_bytes,
            rewards: as_floats(reward_bytes)?,
            ended: ended_bytes,
        };
        Ok((Arrays([obs, rewards, ended, masks]), bytes))
    }

    /// The numpy arrays of `n` games' outputs, written.
    fn numpy<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        arrays: Arrays<'py>,
    ) -> PyResult<Returned<'py>> {
        let [obs, rewards, ended, masks] = arrays.0;
        let dtype = if self.bools { "bool" } else { "float32" };
        let [p, r, c] = self.shape;
        Ok((
            obs.array(py, dtype, &[n, p, r, c])?,
            rewards.array(py, "float32", &[n, 2])?,
            ended.array(py, "bool", &[n])?,
            masks.array(py, "bool", &[n, self.actions])?,
        ))
    }

    /// The batch whose games `ids` are, in order (as `recv` gave them).
    fn batch_of(&self, py: Python<'_>, ids: &Bound<'_, PyAny>) -> PyResult<usize> {
        let ids = read_ints(py, ids, self.batch, "env_id (the batch's games)")?;
        let b = usize::try_from(ids[0]).map_or(usize::MAX, |i| i / self.batch);
        let whole = b < self.batches.len()
            && ids
                .iter()
                .zip(b * self.batch..)
                .all(|(&i, want)| usize::try_from(i) == Ok(want));
        if !whole {
            return Err(value_error(format!(
                "env_id: expected one batch's games as recv gives them ({} from a multiple of {}, \
                 below {})",
                self.batch,
                self.batch,
                self.num_envs()
            )));
        }
        Ok(b)
    }
}

impl Drop for VecEnv {
    fn drop(&mut self) {
        // The jobs reach the games and the arrays: they end before either goes.
        for sent in self.sent.drain(..) {
            let pool = &self.pool;
            let _ =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| pool.finish(sent.ticket)));
        }
    }
}

/// Gives each game of a batch (the first being game `first`) its action, refusing an illegal one
/// (`ValueError` naming the game and why) before any is given.
fn take_actions(games: &mut Games, first: usize, actions: &[i64], width: usize) -> PyResult<()> {
    for (i, (g, &a)) in games.slots.iter().zip(actions).enumerate() {
        // The mask given last says, as the game's legal list would.
        let legal = usize::try_from(a).is_ok_and(|a| a < width && games.masks[i * width + a] != 0);
        if !legal {
            let why = match u32::try_from(a) {
                Ok(a) => g.env.boxed_clone().apply(a).err().unwrap_or_default(),
                Err(_) => format!("action {a} is out of range"),
            };
            return Err(value_error(format!("game {}: {why}", first + i)));
        }
    }
    for (g, &a) in games.slots.iter_mut().zip(actions) {
        g.action = a as u32;
    }
    Ok(())
}

/// `n` integers from any sequence of them (a numpy array is read as one buffer).
fn read_ints(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    n: usize,
    what: &str,
) -> PyResult<Vec<i64>> {
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("ascontiguousarray", (values, "int64"))?;
    let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
    let values: Vec<i64> = bytes
        .chunks_exact(8)
        .map(|b| i64::from_ne_bytes(b.try_into().expect("8 bytes")))
        .collect();
    if values.len() != n {
        return Err(value_error(format!(
            "expected {n} {what}, got {}",
            values.len()
        )));
    }
    Ok(values)
}
