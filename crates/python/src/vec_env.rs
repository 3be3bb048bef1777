//! Many games of one kind stepped at once in Rust, on every core, with the GIL released: one call
//! takes an action per game and gives back one array each of observations, rewards, ends and
//! legal masks (Pgx's and Gymnasium's vector environments).

use crate::env::Env;
use crate::state::Game;
use crate::{f32_bytes, settings_of, to_numpy, value_error};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `num_envs` games of one kind. A game that ends in a step is started again in the same step: its
/// reward and `terminated` tell the end, its observation and mask are the new game's.
#[pyclass(module = "stones")]
pub struct VecEnv {
    games: Vec<Slot>,
    threads: usize,
    obs: Vec<f32>,
    masks: Vec<u8>,
}

/// One game, the action it is to play and what the last step did to it.
struct Slot {
    env: Box<dyn Env>,
    action: u32,
    reward: [f32; 2],
    ended: bool,
}

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `name` under `ruleset` with `settings` (as `load_game` takes them).
    /// `threads`: how many to step them on (default: every core). `seed` is kept for Gymnasium's
    /// sake: the games have no chance, so it changes nothing.
    #[new]
    #[pyo3(signature = (name, num_envs, seed=None, ruleset=None, threads=None, **settings))]
    fn new(
        name: &str,
        num_envs: usize,
        seed: Option<u64>,
        ruleset: Option<String>,
        threads: Option<usize>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VecEnv> {
        let _ = seed;
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
                reward: [0.0; 2],
                ended: false,
            })
            .collect();
        let meta = games[0].env.meta();
        let (size, actions) = (meta.geometry.size(), meta.num_actions());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Ok(VecEnv {
            threads: threads.unwrap_or(cores).clamp(1, 256),
            obs: vec![0.0; num_envs * size],
            masks: vec![0; num_envs * actions],
            games,
        })
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
        self.games[0].env.meta().num_actions()
    }

    /// The player to act in each game (0 Black, 1 White).
    fn current_players(&self) -> Vec<i32> {
        self.games
            .iter()
            .map(|g| crate::state::player_id(g.env.to_act()))
            .collect()
    }

    /// Starts every game again: `(observations [N, planes, rows, cols] float32, legal masks
    /// [N, actions] bool)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let threads = self.threads;
        let (games, obs, masks) = (&mut self.games, &mut self.obs, &mut self.masks);
        py.detach(|| {
            run_chunks(games, obs, masks, threads, |g, o, m| {
                g.env.reset();
                describe(&mut g.env, o, m);
            })
        });
        Ok((self.observations(py)?, self.legal_masks(py)?))
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
        for (i, (g, &a)) in self.games.iter_mut().zip(&actions).enumerate() {
            let legal = u32::try_from(a).is_ok_and(|a| g.env.legal().binary_search(&a).is_ok());
            if !legal {
                let why = match u32::try_from(a) {
                    Ok(a) => g.env.boxed_clone().apply(a).err().unwrap_or_default(),
                    Err(_) => format!("action {a} is out of range"),
                };
                return Err(value_error(format!("game {i}: {why}")));
            }
            g.action = a as u32;
        }
        let threads = self.threads;
        let (games, obs, masks) = (&mut self.games, &mut self.obs, &mut self.masks);
        py.detach(|| run_chunks(games, obs, masks, threads, step_one));
        let n = self.games.len();
        let rewards: Vec<f32> = self.games.iter().flat_map(|g| g.reward).collect();
        let ended: Vec<u8> = self.games.iter().map(|g| u8::from(g.ended)).collect();
        let rewards = to_numpy(py, f32_bytes(&rewards), "float32", &[n, 2])?;
        let ended = to_numpy(py, &ended, "bool", &[n])?;
        Ok((
            self.observations(py)?,
            rewards,
            ended,
            self.legal_masks(py)?,
        ))
    }
}
impl VecEnv {
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let [p, r, c] = self.games[0].env.meta().geometry.shape();
        to_numpy(
            py,
            f32_bytes(&self.obs),
            "float32",
            &[self.games.len(), p, r, c],
        )
    }

    fn legal_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let actions = self.games[0].env.meta().num_actions();
        to_numpy(py, &self.masks, "bool", &[self.games.len(), actions])
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

/// Writes `env`'s observation into `obs` and its legal mask into `mask`.
fn describe(env: &mut Box<dyn Env>, obs: &mut [f32], mask: &mut [u8]) {
    env.observe(None, obs);
    mask.fill(0);
    for &a in env.legal() {
        mask[a as usize] = 1;
    }
}

/// Plays the game's action (checked legal before), notes its reward and end, starts an ended game
/// again, and describes it.
fn step_one(g: &mut Slot, obs: &mut [f32], mask: &mut [u8]) {
    // Checked legal before: a refusal cannot happen here, and would leave the game as it was.
    let _ = g.env.apply(g.action);
    g.ended = g.env.to_act().is_none();
    g.reward = [0.0; 2];
    if g.ended {
        let r = g.env.returns();
        g.reward = [r[0] as f32, r[1] as f32];
        g.env.reset();
    }
    describe(&mut g.env, obs, mask);
}

/// Runs `f` on every game with its slices of `obs` and `masks`, `threads` chunks at once.
fn run_chunks(
    games: &mut [Slot],
    obs: &mut [f32],
    masks: &mut [u8],
    threads: usize,
    f: impl Fn(&mut Slot, &mut [f32], &mut [u8]) + Sync,
) {
    let n = games.len();
    let (size, actions) = (obs.len() / n, masks.len() / n);
    let per = n.div_ceil(threads.min(n));
    std::thread::scope(|s| {
        for ((e, o), m) in games
            .chunks_mut(per)
            .zip(obs.chunks_mut(per * size))
            .zip(masks.chunks_mut(per * actions))
        {
            let f = &f;
            s.spawn(move || {
                for (i, g) in e.iter_mut().enumerate() {
                    f(
                        g,
                        &mut o[i * size..(i + 1) * size],
                        &mut m[i * actions..(i + 1) * actions],
                    );
                }
            });
        }
    });
}
