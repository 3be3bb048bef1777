//! A game as a learner sees it: actions are numbers, one placement each.
//!
//! Action `p` puts a stone on point `p` (the topology's index); the actions after the points are the
//! game's moves that place nothing, in the order of [`WORDS`] (`pass`, `stop`, `swap`) as far as the
//! game has them. A turn of two placements (TriGo, Connect6) is two actions by the same player, as
//! the search's tree takes it ([`SearchGame::legal_steps`]). [`Env`] is the object-safe face the
//! Python classes hold; [`Actions`] implements it once for every game.

use crate::planes::{self, Geometry};
use std::any::Any;
use std::sync::Arc;
use stones_ai::guided::{self, GuidedOptions, Judgement};
use stones_ai::{Mcts, SearchOptions};
use stones_core::replay::write_case;
use stones_core::{move_cap, Colour, Point, SearchGame, Status};
use stones_go::{GoGame, GoMove};

/// The moves that place no stone, each an action after the points when the game reads it.
pub const WORDS: [&str; 3] = ["pass", "stop", "swap"];

/// What does not change during a game: its name, rules and shape.
#[derive(Debug)]
pub struct Meta {
    pub game: &'static str,
    pub ruleset: String,
    /// The `key=value` overrides, as `--set` takes them.
    pub set: Vec<String>,
    /// The action after the points: the [`WORDS`] the game reads.
    pub words: Vec<&'static str>,
    pub geometry: Geometry,
    /// Moves (whole turns) after which the game is cut and scored as it stands.
    pub move_cap: usize,
}

impl Meta {
    /// How many actions there are: the points, then the words.
    pub fn num_actions(&self) -> usize {
        self.geometry.points + self.words.len()
    }
}

/// What the search found for a state.
pub struct SearchResult {
    pub action: Option<u32>,
    /// `(action, visits)` of every step the search tried here.
    pub visits: Vec<(u32, u64)>,
    /// The player to move's estimated win rate, 0–1.
    pub value: f32,
    /// Playouts (leaves evaluated, for the guided search), and the seconds the search itself took
    /// (as `stones bench --search` counts them: without making and freeing the tree).
    pub playouts: u64,
    pub seconds: f64,
}

/// Asks the evaluator about a batch of leaves: their observations (`leaves × planes × rows × cols`)
/// and legal masks (`leaves × actions`) in, a prior per action (`leaves × actions`) and a value per
/// leaf for its player to move (-1 lost to 1 won) out.
pub type Evaluate<'a> =
    dyn FnMut(&[f32], &[u8], usize) -> Result<(Vec<f32>, Vec<f32>), String> + 'a;

/// A game state in actions, whatever the game.
pub trait Env: Send + Sync {
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn Env>;
    fn meta(&self) -> &Arc<Meta>;
    /// The player to act, `None` once the game is over.
    fn to_act(&self) -> Option<Colour>;
    /// The legal actions, ascending (computed once per position).
    fn legal(&mut self) -> &[u32];
    /// Plays action `a`, or says why it is refused (changing nothing).
    fn apply(&mut self, a: u32) -> Result<(), String>;
    /// The legal mask (1 where an action is legal) into `mask` (`num_actions` bytes): what
    /// [`Env::legal`] lists, without the list where the game has a quicker way (Go's board).
    fn legal_mask(&mut self, mask: &mut [u8]);
    /// Plays action `a`, known legal ([`VecEnv`](crate::vec_env::VecEnv) checked it against the
    /// mask): [`Env::apply`] without making the legal list first where the game allows (Go's, which
    /// also keeps no record of the move — no undo record, history nor move list: [`Env::history`],
    /// [`Env::sgf`] and [`Env::case_file`] miss those moves; a VecEnv reads none of them).
    fn apply_legal(&mut self, a: u32);
    /// Black's and White's results once over: 1 a win, -1 a loss, 0 a draw (0s while playing).
    fn returns(&self) -> [f64; 2];
    /// The result as SGF writes it (`B+R`, `W+3.5`, `Draw`) once over.
    fn result(&self) -> Option<String>;
    /// Every action played so far.
    fn history(&self) -> &[u32];
    /// The text of action `a` in the game's notation (a point's name, `pass`…).
    fn action_text(&self, a: u32) -> Result<String, String>;
    /// The action a text names (a point's name, `pass`…).
    fn text_action(&self, text: &str) -> Result<u32, String>;
    /// The planes of [`planes`] from `me`'s side (`None`: the player to move's), into `out`
    /// (`planes × rows × cols` values).
    fn observe(&self, me: Option<Colour>, out: planes::Out<'_>);
    /// The board as text, with the result once over.
    fn render(&self) -> String;
    /// The game so far as SGF, for games with an SGF form.
    fn sgf(&self) -> Option<String>;
    /// The game so far as a case file (`stones replay` reads it).
    fn case_file(&self) -> String;
    /// Back to the start.
    fn reset(&mut self);
    /// Runs the search here.
    fn search(&self, options: SearchOptions) -> SearchResult;
    /// Runs the search guided by `evaluate` here ([`guided`]: no playouts).
    fn search_guided(
        &self,
        options: &GuidedOptions,
        evaluate: &mut Evaluate<'_>,
    ) -> Result<SearchResult, String>;
}

/// [`Env`] for the game `G`.
pub struct Actions<G: SearchGame> {
    meta: Arc<Meta>,
    start: G,
    game: G,
    /// The steps chosen so far this turn.
    pending: Vec<G::Step>,
    history: Vec<u32>,
    /// The whole moves played (their text is made only for a record), and how many: a VecEnv's
    /// games count them without keeping them ([`Actions::go_apply`]).
    moves: Vec<G::Move>,
    turns: usize,
    /// The legal steps and their actions, when `fresh`.
    steps: Vec<G::Step>,
    legal: Vec<u32>,
    fresh: bool,
    /// Steps that place nothing, met so far, with their actions.
    word_steps: Vec<(G::Step, u32)>,
}

impl<G: SearchGame<Move: Send + Sync> + 'static> Clone for Actions<G> {
    fn clone(&self) -> Self {
        Actions {
            meta: Arc::clone(&self.meta),
            start: self.start.clone(),
            game: self.game.clone(),
            pending: self.pending.clone(),
            history: self.history.clone(),
            moves: self.moves.clone(),
            turns: self.turns,
            steps: self.steps.clone(),
            legal: self.legal.clone(),
            fresh: self.fresh,
            word_steps: self.word_steps.clone(),
        }
    }
}

impl<G: SearchGame<Move: Send + Sync> + 'static> Actions<G> {
    /// The game `start` (`ruleset` and `set` as it was made, for its records) as actions.
    pub fn new(start: G, ruleset: String, set: Vec<String>) -> Actions<G> {
        let words = WORDS
            .into_iter()
            .filter(|w| start.parse_move(w).is_ok())
            .collect();
        let geometry = Geometry::of(start.topology());
        let meta = Meta {
            game: G::NAME,
            ruleset,
            set,
            words,
            move_cap: move_cap(geometry.points),
            geometry,
        };
        Actions {
            meta: Arc::new(meta),
            game: start.clone(),
            start,
            pending: Vec::new(),
            history: Vec::new(),
            moves: Vec::new(),
            turns: 0,
            steps: Vec::new(),
            legal: Vec::new(),
            fresh: false,
            word_steps: Vec::new(),
        }
    }

    /// Play has stopped: the game is over, in its dead-stone step (Go's closing passes end the game
    /// here: every stone on the board counts as alive), or cut at the move cap.
    fn stopped(&self) -> bool {
        self.game.status() != Status::Ongoing || self.turns >= self.meta.move_cap
    }

    /// The action of a step (`None`: a step that places nothing and is no word of the game's).
    #[inline]
    fn action_of(&mut self, step: G::Step) -> Option<u32> {
        match G::step_point(step) {
            Some(p) => Some(u32::from(p.0)),
            None => self.word_action(step),
        }
    }

    /// The action of a step that places nothing: found by its text once, then remembered.
    #[inline]
    fn word_action(&mut self, step: G::Step) -> Option<u32> {
        match self.word_steps.iter().find(|(s, _)| *s == step) {
            Some(&(_, a)) => Some(a),
            None => self.learn_word_action(step),
        }
    }

    /// [`Actions::word_action`] the first time: by the step's text.
    #[cold]
    fn learn_word_action(&mut self, step: G::Step) -> Option<u32> {
        let a = self.action_in(&self.game, &self.pending, step)?;
        self.word_steps.push((step, a));
        Some(a)
    }

    fn refresh_legal(&mut self) {
        if self.fresh {
            return;
        }
        self.fresh = true;
        self.legal.clear();
        self.steps.clear();
        if self.stopped() {
            return;
        }
        let mut steps = std::mem::take(&mut self.steps);
        self.game.legal_steps(&self.pending, &mut steps);
        // Usually the steps come in point order, then the words: their actions ascend as they are.
        let mut in_order = true;
        for &s in &steps {
            match self.action_of(s) {
                Some(a) if self.legal.last().is_none_or(|&l| l < a) => self.legal.push(a),
                _ => in_order = false,
            }
        }
        if !in_order {
            let mut pairs: Vec<(u32, G::Step)> = Vec::with_capacity(steps.len());
            for &s in &steps {
                if let Some(a) = self.action_of(s) {
                    pairs.push((a, s));
                }
            }
            pairs.sort_unstable_by_key(|&(a, _)| a);
            pairs.dedup_by_key(|&mut (a, _)| a);
            self.legal.clear();
            steps.clear();
            for (a, s) in pairs {
                self.legal.push(a);
                steps.push(s);
            }
        }
        self.steps = steps;
    }

    /// The search's choice and visit counts at this state (mid-turn: below the steps chosen).
    fn search_here(&self, options: SearchOptions) -> SearchResult {
        let mut me = self.clone();
        let mut mcts = Mcts::<G>::new(options);
        let thought = mcts.think_after(&self.game, &self.pending, |_| {});
        me.refresh_legal();
        let visits: Vec<(u32, u64)> = mcts
            .visits_after(&self.pending)
            .into_iter()
            .filter_map(|(s, n)| Some((me.action_of(s)?, n)))
            .collect();
        // The search's move when one legal step here completes it (a forced move, a swap, a pass
        // back), else the most visited step.
        let named = thought.mv.and_then(|mv| {
            let at = me.steps.iter().position(|&s| {
                let mut turn = self.pending.clone();
                turn.push(s);
                self.game.complete(&turn) == Some(mv)
            })?;
            Some(me.legal[at])
        });
        let action = named.or_else(|| visits.iter().max_by_key(|(_, n)| *n).map(|&(a, _)| a));
        SearchResult {
            action: action.or_else(|| me.legal.first().copied()),
            visits,
            value: thought.win_rate,
            playouts: thought.playouts,
            seconds: thought.elapsed.as_secs_f64(),
        }
    }
}

impl<G: SearchGame<Move: Send + Sync> + 'static> Env for Actions<G> {
    fn boxed_clone(&self) -> Box<dyn Env> {
        Box::new(self.clone())
    }

    fn meta(&self) -> &Arc<Meta> {
        &self.meta
    }

    fn to_act(&self) -> Option<Colour> {
        (!self.stopped()).then(|| self.game.to_move())
    }

    fn legal(&mut self) -> &[u32] {
        self.refresh_legal();
        &self.legal
    }

    fn apply(&mut self, a: u32) -> Result<(), String> {
        self.refresh_legal();
        let Ok(i) = self.legal.binary_search(&a) else {
            return Err(self.refusal(a));
        };
        let step = self.steps[i];
        self.pending.push(step);
        if let Some(mv) = self.game.complete(&self.pending) {
            if let Err(e) = self.game.play(mv) {
                self.pending.pop();
                return Err(format!("{}: {e}", self.game.move_text(mv)));
            }
            self.pending.clear();
            self.moves.push(mv);
            self.turns += 1;
        }
        self.history.push(a);
        self.fresh = false;
        Ok(())
    }

    fn legal_mask(&mut self, mask: &mut [u8]) {
        if let Some(go) = (self as &mut dyn Any).downcast_mut::<Actions<GoGame>>() {
            if go.go_mask(mask) {
                return;
            }
        }
        mask.fill(0);
        for &a in self.legal() {
            mask[a as usize] = 1;
        }
    }

    fn apply_legal(&mut self, a: u32) {
        if let Some(go) = (self as &mut dyn Any).downcast_mut::<Actions<GoGame>>() {
            if go.go_apply(a) {
                return;
            }
        }
        // Known legal: a refusal cannot happen here, and would leave the game as it was.
        let _ = self.apply(a);
    }

    fn returns(&self) -> [f64; 2] {
        if !self.stopped() {
            return [0.0, 0.0];
        }
        match self.winner() {
            Some(Colour::Black) => [1.0, -1.0],
            Some(Colour::White) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    fn result(&self) -> Option<String> {
        if !self.stopped() {
            return None;
        }
        Some(match self.game.status() {
            Status::Over(o) => o.result,
            _ => self.game.score().result(),
        })
    }

    fn history(&self) -> &[u32] {
        &self.history
    }

    fn action_text(&self, a: u32) -> Result<String, String> {
        let points = self.meta.geometry.points;
        match (a as usize).checked_sub(points) {
            None => Ok(self.game.topology().name(stones_core::Point(a as u16))),
            Some(w) => self
                .meta
                .words
                .get(w)
                .map(|w| w.to_string())
                .ok_or_else(|| {
                    format!(
                        "no action {a}: {} has {} actions (0–{} the points, then {})",
                        self.meta.game,
                        self.meta.num_actions(),
                        points - 1,
                        self.meta.words.join(", ")
                    )
                }),
        }
    }

    fn text_action(&self, text: &str) -> Result<u32, String> {
        let t = text.trim();
        if let Some(i) = self
            .meta
            .words
            .iter()
            .position(|w| w.eq_ignore_ascii_case(t))
        {
            return Ok((self.meta.geometry.points + i) as u32);
        }
        match self.game.topology().parse_point(t) {
            Ok(p) => Ok(u32::from(p.0)),
            Err(e) => Err(format!(
                "'{t}' is no action of {}: {e}{}",
                self.meta.game,
                match self.meta.words.is_empty() {
                    true => String::new(),
                    false => format!(", or one of {}", self.meta.words.join(", ")),
                }
            )),
        }
    }

    fn observe(&self, me: Option<Colour>, out: planes::Out<'_>) {
        let me = me.unwrap_or(self.game.to_move());
        let pending: Vec<_> = self
            .pending
            .iter()
            .filter_map(|&s| G::step_point(s))
            .collect();
        planes::write(&self.game, &self.meta.geometry, me, &pending, out);
    }

    fn render(&self) -> String {
        let mut text = self.game.render(false);
        if let Some(r) = self.result() {
            text.push_str(&format!("result: {r}\n"));
        }
        text
    }

    fn sgf(&self) -> Option<String> {
        let rule = self.meta.ruleset.clone();
        self.game.to_sgf(self.result().as_deref(), &rule)
    }

    fn case_file(&self) -> String {
        let text = write_case(
            self.meta.game,
            &self.meta.ruleset,
            &self.meta.set,
            "played from Python (stones)",
            &self.move_texts(),
            None,
        );
        match self.result() {
            Some(r) => format!("# result: {r}\n{text}"),
            None => text,
        }
    }

    fn reset(&mut self) {
        self.game.clone_from(&self.start);
        self.pending.clear();
        self.history.clear();
        self.moves.clear();
        self.turns = 0;
        self.fresh = false;
    }

    fn search_guided(
        &self,
        options: &GuidedOptions,
        evaluate: &mut Evaluate<'_>,
    ) -> Result<SearchResult, String> {
        let geo = &self.meta.geometry;
        let (size, actions) = (geo.size(), self.meta.num_actions());
        let started = std::time::Instant::now();
        let found = guided::search(&self.game, &self.pending, options, |leaves| {
            let n = leaves.len();
            let (mut obs, mut masks) = (vec![0f32; n * size], vec![0u8; n * actions]);
            let mut leaf_actions = Vec::with_capacity(n);
            for (i, leaf) in leaves.iter().enumerate() {
                let placed: Vec<_> = leaf
                    .pending
                    .iter()
                    .filter_map(|&s| G::step_point(s))
                    .collect();
                let me = leaf.game.to_move();
                planes::fill(
                    &leaf.game,
                    geo,
                    me,
                    &placed,
                    &mut obs[i * size..(i + 1) * size],
                );
                let acts: Vec<Option<u32>> = (leaf.steps.iter())
                    .map(|&s| self.action_in(&leaf.game, &leaf.pending, s))
                    .collect();
                for a in acts.iter().flatten() {
                    masks[i * actions + *a as usize] = 1;
                }
                leaf_actions.push(acts);
            }
            let (priors, values) = evaluate(&obs, &masks, n)?;
            if priors.len() != n * actions || values.len() != n {
                return Err(format!(
                    "the evaluator must return priors of shape [{n}, {actions}] and values of shape [{n}], not {} and {} numbers",
                    priors.len(),
                    values.len()
                ));
            }
            Ok((leaf_actions.iter().enumerate())
                .map(|(i, acts)| Judgement {
                    priors: (acts.iter())
                        .map(|a| a.map_or(0.0, |a| priors[i * actions + a as usize]))
                        .collect(),
                    value: (values[i] + 1.0) / 2.0,
                })
                .collect())
        })?;
        let action = |s| self.action_in(&self.game, &self.pending, s);
        Ok(SearchResult {
            action: found.step.and_then(action),
            visits: (found.visits.iter())
                .filter_map(|&(s, n)| Some((action(s)?, n)))
                .collect(),
            value: found.value,
            playouts: found.evaluations,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    fn search(&self, options: SearchOptions) -> SearchResult {
        if self.stopped() {
            return SearchResult {
                action: None,
                visits: Vec::new(),
                value: 0.5,
                playouts: 0,
                seconds: 0.0,
            };
        }
        self.search_here(options)
    }
}

impl<G: SearchGame<Move: Send + Sync> + 'static> Actions<G> {
    /// Who won, once play has stopped (the score as it stands in the dead-stone step or at the cap).
    fn winner(&self) -> Option<Colour> {
        match self.game.status() {
            Status::Over(o) => o.winner,
            _ => self.game.score().winner(),
        }
    }

    /// The action of `step` in `game` after `pending` (without the cache of
    /// [`Actions::action_of`], for positions inside a search).
    fn action_in(&self, game: &G, pending: &[G::Step], step: G::Step) -> Option<u32> {
        if let Some(p) = G::step_point(step) {
            return Some(p.0 as u32);
        }
        let mut turn = pending.to_vec();
        turn.push(step);
        let text = game.move_text(game.complete(&turn)?);
        let i = self.meta.words.iter().position(|w| *w == text)?;
        Some((self.meta.geometry.points + i) as u32)
    }

    /// The moves played, as text: each named in the position it was played in.
    fn move_texts(&self) -> Vec<String> {
        let mut game = self.start.clone();
        let mut texts = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            texts.push(game.move_text(mv));
            if game.play(mv).is_err() {
                break;
            }
        }
        texts
    }

    /// Why action `a` is refused here.
    fn refusal(&self, a: u32) -> String {
        if self.stopped() {
            return format!(
                "the game is over ({}): no action is legal",
                self.result().unwrap_or_default()
            );
        }
        let text = match self.action_text(a) {
            Ok(t) => t,
            Err(e) => return e,
        };
        let why = match self.game.parse_move(&text) {
            Ok(mv) if self.pending.is_empty() => match self.game.check(mv) {
                Err(e) => e.to_string(),
                Ok(()) => "not a move now".into(),
            },
            _ if !self.pending.is_empty() => "it does not complete this turn's placements".into(),
            Ok(_) => "not a move now".into(),
            Err(e) => e.to_string(),
        };
        format!("action {a} ({text}) is illegal: {why}")
    }
}

/// Go's quick ways for [`VecEnv`](crate::vec_env::VecEnv): the mask from the board, a move from its
/// action without the legal list.
impl Actions<GoGame> {
    /// The legal mask into `mask` (every entry written): the points from the board
    /// ([`GoGame::legal_points`]), and pass. `false` (mask unfinished) where the game's list must
    /// say: not in play (the dead-stone step), handicap stones to place, no pass action.
    fn go_mask(&mut self, mask: &mut [u8]) -> bool {
        if self.stopped() {
            mask.fill(0);
            return true;
        }
        if !self.game.in_play() || self.game.handicap_left() > 0 {
            return false;
        }
        let Some(pass) = self.action_of(GoMove::Pass) else {
            return false;
        };
        self.game.legal_points(mask);
        mask[self.meta.geometry.points..].fill(0);
        mask[pass as usize] = 1;
        true
    }

    /// Plays legal action `a` (a point or pass) as [`Env::apply`] does, without the legal list;
    /// `false` (nothing played) for any other action, which `apply` then takes.
    fn go_apply(&mut self, a: u32) -> bool {
        let mv = if (a as usize) < self.meta.geometry.points {
            GoMove::Play(Point(a as u16))
        } else if self.action_of(GoMove::Pass) == Some(a) {
            GoMove::Pass
        } else {
            return false;
        };
        if !self.pending.is_empty() {
            return false;
        }
        // Known legal (the mask said): played without the check again and without the undo record
        // (the playouts' path, `play` less those two), and counted without keeping the move or
        // the action: a VecEnv's games are never taken back nor written down.
        self.game.play_unchecked(mv);
        self.turns += 1;
        self.fresh = false;
        true
    }
}
