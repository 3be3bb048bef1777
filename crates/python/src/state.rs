//! `Game` and `State`, with OpenSpiel's method names so that code written for `pyspiel` runs.

use crate::env::Env;
use crate::planes::{self, PLANES};
use crate::registry::{self, Entry};
use crate::{f32_bytes, to_numpy, value_error};
use pyo3::prelude::*;
use pyo3::types::PyList;
use stones_core::Colour;

/// OpenSpiel's player id of a finished game.
pub const TERMINAL_PLAYER: i32 = -4;

/// A game and its rules: makes states (OpenSpiel's `Game`).
#[pyclass(module = "stones")]
pub struct Game {
    proto: Box<dyn Env>,
}

impl Game {
    /// The game `name` under `ruleset` with `set`.
    pub fn create(
        games: &[Entry],
        name: &str,
        ruleset: Option<&str>,
        set: &[(String, toml::Value)],
    ) -> PyResult<Game> {
        let proto = registry::create(games, name, ruleset, set).map_err(value_error)?;
        Ok(Game { proto })
    }

    /// A fresh game of these rules.
    pub fn fresh(&self) -> Box<dyn Env> {
        let mut env = self.proto.boxed_clone();
        env.reset();
        env
    }
}

#[pymethods]
impl Game {
    /// The start of a game.
    fn new_initial_state(&self) -> State {
        State { env: self.fresh() }
    }

    /// Actions there are: one per point, then the moves that place nothing (`pass`, `stop`, `swap`
    /// as the game has them).
    fn num_distinct_actions(&self) -> usize {
        self.proto.meta().num_actions()
    }

    fn num_players(&self) -> usize {
        2
    }

    /// `[planes, rows, cols]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.proto.meta().geometry.shape().to_vec()
    }

    fn observation_tensor_size(&self) -> usize {
        self.proto.meta().geometry.size()
    }

    /// The most actions a game takes: it is cut and scored as it stands after the server's move cap
    /// (10 moves a point + 100), and a move is at most two placements.
    fn max_game_length(&self) -> usize {
        self.proto.meta().move_cap * 2
    }

    /// Wins count 1, losses -1.
    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// The game's name (`go`, `dots` …).
    fn name(&self) -> &'static str {
        self.proto.meta().game
    }

    /// The ruleset's name and the settings given.
    fn parameters(&self) -> (String, Vec<String>) {
        let m = self.proto.meta();
        (m.ruleset.clone(), m.set.clone())
    }

    fn __str__(&self) -> String {
        let m = self.proto.meta();
        format!("{}({})", m.game, settings_text(&m.ruleset, &m.set))
    }

    fn __repr__(&self) -> String {
        format!("stones.load_game({:?})", self.__str__())
    }
}

fn settings_text(ruleset: &str, set: &[String]) -> String {
    std::iter::once(format!("ruleset={ruleset}"))
        .chain(set.iter().cloned())
        .collect::<Vec<_>>()
        .join(",")
}

/// A position of a game and how it got there (OpenSpiel's `State`).
#[pyclass(module = "stones")]
pub struct State {
    pub(crate) env: Box<dyn Env>,
}

/// A player number as OpenSpiel gives it.
pub fn player_id(c: Option<Colour>) -> i32 {
    match c {
        Some(c) => c.idx() as i32,
        None => TERMINAL_PLAYER,
    }
}

#[pymethods]
impl State {
    /// 0 Black, 1 White; -4 once the game is over.
    fn current_player(&self) -> i32 {
        player_id(self.env.to_act())
    }

    /// The legal actions, ascending (none once over). `player`, when given, must be the player
    /// to act for any to be listed, as in OpenSpiel.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyList>> {
        if player.is_some_and(|p| p != player_id(self.env.to_act())) {
            return PyList::empty(py).into_pyobject(py).map_err(Into::into);
        }
        PyList::new(py, self.env.legal())
    }

    /// 1 for each legal action, 0 for the others, over every action.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask(&mut self, player: Option<i32>) -> Vec<i32> {
        let mut mask = vec![0; self.env.meta().num_actions()];
        if player.is_none_or(|p| p == player_id(self.env.to_act())) {
            for &a in self.env.legal() {
                mask[a as usize] = 1;
            }
        }
        mask
    }

    /// Plays action `a`; an illegal one raises `ValueError` with the game's reason and changes
    /// nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = u32::try_from(action).map_err(|_| {
            value_error(format!(
                "action {action} is out of range: 0–{}",
                self.env.meta().num_actions() - 1
            ))
        })?;
        self.env.apply(a).map_err(value_error)
    }

    /// Plays the action a text names (`D4`, `pass`).
    fn apply_action_text(&mut self, text: &str) -> PyResult<()> {
        let a = self.env.text_action(text).map_err(value_error)?;
        self.env.apply(a).map_err(value_error)
    }

    fn is_terminal(&self) -> bool {
        self.env.to_act().is_none()
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn is_player_node(&self) -> bool {
        !self.is_terminal()
    }

    /// Black's and White's results: 1 a win, -1 a loss, 0 a draw or while playing.
    fn returns(&self) -> Vec<f64> {
        self.env.returns().to_vec()
    }

    /// The rewards of the last action: the returns when it ended the game, else 0s.
    fn rewards(&self) -> Vec<f64> {
        self.env.returns().to_vec()
    }

    fn player_return(&self, player: usize) -> PyResult<f64> {
        self.env
            .returns()
            .get(player)
            .copied()
            .ok_or_else(|| value_error(format!("player {player}: expected 0 or 1")))
    }

    /// The result as SGF writes it (`B+3.5`, `W+R`, `Draw`), `None` while playing.
    fn result(&self) -> Option<String> {
        self.env.result()
    }

    /// Every action played so far.
    fn history(&self) -> Vec<u32> {
        self.env.history().to_vec()
    }

    fn move_number(&self) -> usize {
        self.env.history().len()
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            env: self.env.boxed_clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The action's text in the game's notation (`D4`, `pass`).
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        // OpenSpiel takes (player, action) or (action).
        let a = action.unwrap_or(player_or_action);
        let a = u32::try_from(a).map_err(|_| value_error(format!("no action {a}")))?;
        self.env.action_text(a).map_err(value_error)
    }

    /// The action a text names (`D4`, `pass`), legal or not.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.env.text_action(text).map_err(value_error)
    }

    /// The planes of [`crate::planes`] from `player`'s side (0 Black, 1 White; default: the
    /// player to move's), a float32 array `[planes, rows, cols]`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let me = match player {
            None => None,
            Some(0) => Some(Colour::Black),
            Some(1) => Some(Colour::White),
            Some(p) => return Err(value_error(format!("player {p}: expected 0 or 1"))),
        };
        let geo = &self.env.meta().geometry;
        let mut out = vec![0f32; geo.size()];
        self.env.observe(me, planes::Out::Floats(&mut out));
        to_numpy(
            py,
            f32_bytes(&out),
            "float32",
            &[PLANES, geo.rows, geo.cols],
        )
    }

    /// The game so far as SGF (`None` for a game without an SGF form).
    fn sgf(&self) -> Option<String> {
        self.env.sgf()
    }

    /// The game so far as a case file (`stones replay` reads it).
    fn case_file(&self) -> String {
        self.env.case_file()
    }

    fn serialize(&self) -> String {
        self.env.case_file()
    }

    /// The board as text (and the result once over).
    fn __str__(&self) -> String {
        self.env.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<stones.State of {} after {} actions>",
            self.env.meta().game,
            self.env.history().len()
        )
    }
}
