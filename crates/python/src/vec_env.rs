//! Many games of one kind stepped at once in Rust, on every core, with the GIL released: one call
//! takes an action per game and gives back one array each of observations, rewards, ends and
//! legal masks (Pgx's and Gymnasium's vector environments).

use crate::env::Env;
use crate::planes;
use crate::pool::Pool;
use crate::state::Game;
use crate::{settings_of, value_error};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyTuple};
use std::sync::Mutex;

/// `num_envs` games of one kind. A game that ends in a step is started again in the same step: its
/// reward and `terminated` tell the end, its observation and mask are the new game's.
///
/// Each call writes its arrays straight into new numpy arrays (fresh ones every call: an array
/// returned before is never written again), with the GIL released, on `threads` threads kept for
/// its life (the caller's and `threads - 1` more, pool.rs).
#[pyclass(module = "stones")]
pub struct VecEnv {
    games: Vec<Slot>,
    /// The threads besides the caller's.
    pool: Pool,
    /// Floats in one observation, actions of one game.
    size: usize,
    actions: usize,
    /// The legal masks given last, kept to check the next actions against.
    masks: Vec<u8>,
    /// The observations' values: float32, or bool.
    bools: bool,
}

/// One game and the action it is to play.
struct Slot {
    env: Box<dyn Env>,
    action: u32,
}

/// One game's part of a call's output arrays.
struct Out<'a> {
    /// The observation's bytes: float32s, or bools.
    obs: &'a mut [u8],
    bools: bool,
    /// The kept mask and the returned one.
    mask: &'a mut [u8],
    mask_out: &'a mut [u8],
    /// Black's and White's rewards and `terminated`, in `step` only.
    reward: Option<(&'a mut [f32], &'a mut u8)>,
}

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `name` under `ruleset` with `settings` (as `load_game` takes them).
    /// `threads`: how many to step them on (default: every core). `obs_dtype`: the observations'
    /// values, `float32` (the default) or `bool` (as Pgx gives them: a quarter of the memory).
    /// `seed` is kept for Gymnasium's sake: the games have no chance, so it changes nothing.
    #[new]
    #[pyo3(signature = (name, num_envs, seed=None, ruleset=None, threads=None, obs_dtype=None, **settings))]
    #[allow(clippy::too_many_arguments)] // Python's keywords, as Gymnasium's vector envs take them
    fn new(
        py: Python<'_>,
        name: &str,
        num_envs: usize,
        seed: Option<u64>,
        ruleset: Option<String>,
        threads: Option<usize>,
        obs_dtype: Option<&Bound<'_, PyAny>>,
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
        let ((game, ruleset), set) = settings_of(name, ruleset, settings)?;
        let game = Game::create(crate::games(), &game, ruleset.as_deref(), &set)?;
        let games: Vec<Slot> = (0..num_envs)
            .map(|_| Slot {
                env: game.fresh(),
                action: 0,
            })
            .collect();
        let meta = games[0].env.meta();
        let (size, actions) = (meta.geometry.size(), meta.num_actions());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut env = VecEnv {
            pool: Pool::new(threads.unwrap_or(cores).clamp(1, 256) - 1),
            size,
            actions,
            masks: vec![0; num_envs * actions],
            games,
            bools,
        };
        // The masks of the starting positions, for a `step` before any `reset`.
        let (games, masks) = (&mut env.games, &mut env.masks);
        for (g, m) in games.iter_mut().zip(masks.chunks_mut(actions)) {
            g.env.legal_mask(m);
        }
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// `[planes, rows, cols]` of one game's observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.games[0].env.meta().geometry.shape().to_vec()
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }

    /// The player to act in each game (0 Black, 1 White).
    fn current_players(&self) -> Vec<i32> {
        self.games
            .iter()
            .map(|g| crate::state::player_id(g.env.to_act()))
            .collect()
    }

    /// Starts every game again: `(observations [N, planes, rows, cols] (float32, or bool as
    /// `obs_dtype` asks), legal masks [N, actions] bool)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.run(py, None, |g, out| {
            g.env.reset();
            describe(&mut g.env, out);
        })
    }

    /// Plays one action per game: `(observations, rewards [N, 2] float32 (Black, White),
    /// terminated [N] bool, legal masks)`. An illegal action raises `ValueError` naming the game and
    /// why, before any game moves.
    #[allow(clippy::type_complexity)] // four arrays, as Gymnasium's step returns them
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let actions = self.read_actions(py, actions)?;
        let width = self.actions;
        for (i, (g, &a)) in self.games.iter_mut().zip(&actions).enumerate() {
            // The mask given last says, as the game's legal list would.
            let legal =
                usize::try_from(a).is_ok_and(|a| a < width && self.masks[i * width + a] != 0);
            if !legal {
                let why = match u32::try_from(a) {
                    Ok(a) => g.env.boxed_clone().apply(a).err().unwrap_or_default(),
                    Err(_) => format!("action {a} is out of range"),
                };
                return Err(value_error(format!("game {i}: {why}")));
            }
            g.action = a as u32;
        }
        let n = self.games.len();
        let (rewards, reward_bytes) = Output::new(py, n * 2 * 4)?;
        let (ended, ended_bytes) = Output::new(py, n)?;
        let reward_floats = as_floats(reward_bytes)?;
        let (obs, masks) = self.run(py, Some((reward_floats, ended_bytes)), step_one)?;
        Ok((
            obs,
            rewards.array(py, "float32", &[n, 2])?,
            ended.array(py, "bool", &[n])?,
            masks,
        ))
    }
}

impl VecEnv {
    /// Runs `f` on every game with the GIL released, with its parts of a call's new observations
    /// and masks (returned) and of `rewards` (Black's and White's, and the ends) when given.
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        rewards: Option<(&mut [f32], &mut [u8])>,
        f: impl Fn(&mut Slot, &mut Out<'_>) + Send + Sync,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let (n, width) = (self.games.len(), self.actions);
        let (obs, obs_bytes) = self.observations(py)?;
        let (masks, mask_bytes) = Output::new(py, n * width)?;
        let (pool, games, kept, bools) = (&self.pool, &mut self.games, &mut self.masks, self.bools);
        py.detach(|| {
            run_chunks(
                pool,
                games,
                kept,
                (obs_bytes, bools),
                mask_bytes,
                rewards,
                f,
            )
        });
        Ok((obs, masks.array(py, "bool", &[n, width])?))
    }

    /// A call's observations `[N, planes, rows, cols]` of the values asked for, and their bytes
    /// to write (every one) before the array is read.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, &'py mut [u8])> {
        let n = self.games.len();
        let (dtype, width) = match self.bools {
            true => ("bool", 1),
            false => ("float32", 4),
        };
        let (obs, bytes) = Output::new(py, n * self.size * width)?;
        // Checked here once: each game's part starts a whole number of floats in.
        as_floats(bytes)?;
        let [p, r, c] = self.games[0].env.meta().geometry.shape();
        Ok((obs.array(py, dtype, &[n, p, r, c])?, bytes))
    }

    /// One action per game, from any sequence of integers (a numpy array is read as one buffer).
    fn read_actions(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("ascontiguousarray", (actions, "int64"))?;
        let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
        let actions: Vec<i64> = bytes
            .chunks_exact(8)
            .map(|b| i64::from_ne_bytes(b.try_into().expect("8 bytes")))
            .collect();
        if actions.len() != self.games.len() {
            return Err(value_error(format!(
                "expected {} actions (one per game), got {}",
                self.games.len(),
                actions.len()
            )));
        }
        Ok(actions)
    }
}

/// A new Python `bytearray`, not initialised: a call's output, written in Rust (every byte) and
/// then given to numpy as an array's memory, without a copy.
struct Output<'py>(Bound<'py, PyByteArray>);

impl<'py> Output<'py> {
    /// `len` bytes, and their memory to write.
    fn new(py: Python<'py>, len: usize) -> PyResult<(Output<'py>, &'py mut [u8])> {
        let size = isize::try_from(len).map_err(|_| value_error("output too large"))?;
        // SAFETY: a null source asks CPython for a new bytearray of `size` bytes, not initialised
        // (a null result is an error set, which `from_owned_ptr_or_err` takes). Its buffer is
        // `size` bytes (plus a 0), and it never moves: nothing else knows the bytearray, which
        // lives (held by the `Output`, then by the numpy array made of it) longer than the slice
        // is used. Any byte is a valid u8; the callers write every byte before numpy sees them.
        unsafe {
            let object = ffi::PyByteArray_FromStringAndSize(std::ptr::null(), size);
            let array =
                Bound::from_owned_ptr_or_err(py, object)?.cast_into_unchecked::<PyByteArray>();
            let data = ffi::PyByteArray_AsString(array.as_ptr()).cast::<u8>();
            if data.is_null() {
                return Err(PyErr::fetch(py));
            }
            let bytes = match len {
                0 => &mut [][..],
                _ => std::slice::from_raw_parts_mut(data, len),
            };
            Ok((Output(array), bytes))
        }
    }

    /// The numpy array of `dtype` and `shape` over the bytes.
    fn array(self, py: Python<'py>, dtype: &str, shape: &[usize]) -> PyResult<Bound<'py, PyAny>> {
        static FROMBUFFER: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
        let frombuffer = FROMBUFFER.get_or_try_init(py, || {
            py.import("numpy")?.getattr("frombuffer").map(Bound::unbind)
        })?;
        let array = frombuffer.bind(py).call1((self.0, dtype))?;
        array.call_method1("reshape", (PyTuple::new(py, shape)?,))
    }
}

/// Bytes as the f32s they will hold (CPython's allocations are aligned far beyond 4 bytes).
fn as_floats(bytes: &mut [u8]) -> PyResult<&mut [f32]> {
    // SAFETY: every bit pattern is a valid f32; the middle part is aligned by construction.
    let (before, floats, after) = unsafe { bytes.align_to_mut::<f32>() };
    if !before.is_empty() || !after.is_empty() {
        return Err(value_error("an output buffer is not aligned for float32"));
    }
    Ok(floats)
}

/// Writes the game's observation and legal mask (kept and returned).
fn describe(env: &mut Box<dyn Env>, out: &mut Out<'_>) {
    let obs = match out.bools {
        true => planes::Out::Bools(out.obs),
        // SAFETY: every bit pattern is a valid f32; the part is aligned (`VecEnv::observations`).
        false => planes::Out::Floats(unsafe { out.obs.align_to_mut::<f32>().1 }),
    };
    env.observe(None, obs);
    env.legal_mask(out.mask);
    out.mask_out.copy_from_slice(out.mask);
}

/// Plays the game's action (checked legal before), notes its reward and end, starts an ended game
/// again, and describes it.
fn step_one(g: &mut Slot, out: &mut Out<'_>) {
    g.env.apply_legal(g.action);
    let ended = g.env.to_act().is_none();
    let mut reward = [0.0; 2];
    if ended {
        let r = g.env.returns();
        reward = [r[0] as f32, r[1] as f32];
        g.env.reset();
    }
    if let Some((rw, e)) = out.reward.as_mut() {
        rw.copy_from_slice(&reward);
        **e = u8::from(ended);
    }
    describe(&mut g.env, out);
}

/// One chunk of games with their parts of the outputs.
type Chunk<'a> = (
    &'a mut [Slot],
    &'a mut [u8],
    &'a mut [u8],
    &'a mut [u8],
    Option<(&'a mut [f32], &'a mut [u8])>,
);

/// Runs `f` on every game with its parts of the outputs, on `pool`'s threads and this one: the
/// games cut into chunks of a few dozen, each thread taking the next chunk left.
fn run_chunks(
    pool: &Pool,
    games: &mut [Slot],
    kept: &mut [u8],
    (obs, bools): (&mut [u8], bool),
    masks: &mut [u8],
    rewards: Option<(&mut [f32], &mut [u8])>,
    f: impl Fn(&mut Slot, &mut Out<'_>) + Sync,
) {
    let n = games.len();
    let (size, actions) = (obs.len() / n, masks.len() / n);
    let per = CHUNK.min(n);
    let (mut rw, mut ended) = match rewards {
        Some((r, e)) => (Some(r.chunks_mut(per * 2)), Some(e.chunks_mut(per))),
        None => (None, None),
    };
    let mut chunks: Vec<Chunk<'_>> = Vec::with_capacity(n.div_ceil(per));
    for (((e, o), k), m) in games
        .chunks_mut(per)
        .zip(obs.chunks_mut(per * size))
        .zip(kept.chunks_mut(per * actions))
        .zip(masks.chunks_mut(per * actions))
    {
        let r = rw.as_mut().zip(ended.as_mut()).map(|(r, e)| {
            let r = r.next().expect("a rewards chunk per games' chunk");
            (r, e.next().expect("an ends chunk per games' chunk"))
        });
        chunks.push((e, o, k, m, r));
    }
    // Taken from the end: the order does not matter, each chunk is done once.
    let left = Mutex::new(chunks);
    let take = || left.lock().unwrap_or_else(|e| e.into_inner()).pop();
    pool.run(&|| {
        while let Some((e, o, k, m, mut r)) = take() {
            for (i, g) in e.iter_mut().enumerate() {
                let mut out = Out {
                    obs: &mut o[i * size..(i + 1) * size],
                    bools,
                    mask: &mut k[i * actions..(i + 1) * actions],
                    mask_out: &mut m[i * actions..(i + 1) * actions],
                    reward: r
                        .as_mut()
                        .map(|(r, e)| (&mut r[i * 2..i * 2 + 2], &mut e[i])),
                };
                f(g, &mut out);
            }
        }
    });
}

/// Games in a chunk: small enough that a thread late to wake leaves little for the others to wait
/// on, large enough that taking one costs nothing beside it (64 Go 9x9 steps: tens of µs).
const CHUNK: usize = 64;
