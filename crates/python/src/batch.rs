//! A `VecEnv`'s games in batches, and one call's work on them: the games cut into chunks of a few
//! dozen with their parts of the output arrays, each thread taking the next chunk left.

use crate::env::Env;
use crate::planes;
use std::cell::UnsafeCell;
use std::sync::Mutex;

/// Games in a chunk: small enough that a thread late to wake leaves little for the others to wait
/// on, large enough that taking one costs nothing beside it (64 Go 9x9 steps: tens of µs).
const CHUNK: usize = 64;

/// One game and the action it is to play.
pub struct Slot {
    pub env: Box<dyn Env>,
    pub action: u32,
}

/// A batch's games and the legal masks given last (to check the next actions against).
pub struct Games {
    pub slots: Vec<Slot>,
    pub masks: Vec<u8>,
}

/// A batch of games shared with the job stepping it: while the batch is sent only that job touches
/// the games, otherwise only the `VecEnv` (which keeps that rule: [`Batch::games`]).
pub struct Batch(UnsafeCell<Games>);

// SAFETY: the games are `Send` (`Env: Send`), and reached from one side at a time (above).
unsafe impl Sync for Batch {}

impl Batch {
    pub fn new(games: Games) -> Batch {
        Batch(UnsafeCell::new(games))
    }

    /// The games.
    ///
    /// # Safety
    /// No job that reaches this batch may be running, nor another reference from here be alive.
    #[allow(clippy::mut_from_ref)] // the caller's promise above stands in for `&mut self`
    pub unsafe fn games(&self) -> &mut Games {
        unsafe { &mut *self.0.get() }
    }
}

/// One game's part of a call's output arrays.
pub struct Out<'a> {
    /// The observation's bytes: float32s, or bools.
    pub obs: &'a mut [u8],
    pub bools: bool,
    /// The kept mask and the returned one.
    pub mask: &'a mut [u8],
    pub mask_out: &'a mut [u8],
    /// Black's and White's rewards and `terminated`.
    pub reward: (&'a mut [f32], &'a mut u8),
}

/// A call's output arrays (or one batch's part of them), as bytes to write.
pub struct Outputs<'a> {
    pub obs: &'a mut [u8],
    pub bools: bool,
    pub masks: &'a mut [u8],
    pub rewards: &'a mut [f32],
    pub ended: &'a mut [u8],
}

impl<'a> Outputs<'a> {
    /// The first `k` games' parts (`size` observation bytes and `actions` mask entries each),
    /// leaving the rest.
    fn take_front(&mut self, k: usize, size: usize, actions: usize) -> Outputs<'a> {
        let (obs, obs_rest) = std::mem::take(&mut self.obs).split_at_mut(k * size);
        let (masks, masks_rest) = std::mem::take(&mut self.masks).split_at_mut(k * actions);
        let (rewards, rewards_rest) = std::mem::take(&mut self.rewards).split_at_mut(k * 2);
        let (ended, ended_rest) = std::mem::take(&mut self.ended).split_at_mut(k);
        (self.obs, self.masks, self.rewards, self.ended) =
            (obs_rest, masks_rest, rewards_rest, ended_rest);
        Outputs {
            obs,
            bools: self.bools,
            masks,
            rewards,
            ended,
        }
    }
}

/// What a call does to each game with its part of the outputs.
pub type Each = fn(&mut Slot, &mut Out<'_>);

/// One chunk of games with their kept masks and their parts of the outputs.
pub struct Chunk<'a> {
    slots: &'a mut [Slot],
    kept: &'a mut [u8],
    out: Outputs<'a>,
}

/// A call's work: chunks left to take.
pub struct Work<'a> {
    left: Mutex<Vec<Chunk<'a>>>,
    each: Each,
}

impl<'a> Work<'a> {
    /// `each` on every game of `batches` (in order), writing `out` (the games' parts one after
    /// another).
    pub fn new(batches: Vec<&'a mut Games>, out: Outputs<'a>, each: Each) -> Work<'a> {
        let n: usize = batches.iter().map(|g| g.slots.len()).sum();
        let (size, actions) = (out.obs.len() / n, out.masks.len() / n);
        let mut rest = out;
        let mut chunks = Vec::with_capacity(n.div_ceil(CHUNK) + batches.len());
        for games in batches {
            let Games { slots, masks } = games;
            for (slots, kept) in slots
                .chunks_mut(CHUNK)
                .zip(masks.chunks_mut(CHUNK * actions))
            {
                let out = rest.take_front(slots.len(), size, actions);
                chunks.push(Chunk { slots, kept, out });
            }
        }
        Work {
            left: Mutex::new(chunks),
            each,
        }
    }

    /// Takes chunks and does them until none is left (on every thread at once: each chunk is done
    /// once, by whichever thread took it; the order does not matter).
    pub fn run(&self) {
        let take = || self.left.lock().unwrap_or_else(|e| e.into_inner()).pop();
        while let Some(Chunk { slots, kept, out }) = take() {
            let (size, actions) = (out.obs.len() / slots.len(), kept.len() / slots.len());
            for (i, g) in slots.iter_mut().enumerate() {
                let mut one = Out {
                    obs: &mut out.obs[i * size..(i + 1) * size],
                    bools: out.bools,
                    mask: &mut kept[i * actions..(i + 1) * actions],
                    mask_out: &mut out.masks[i * actions..(i + 1) * actions],
                    reward: (&mut out.rewards[i * 2..i * 2 + 2], &mut out.ended[i]),
                };
                (self.each)(g, &mut one);
            }
        }
    }
}

/// Writes the game's observation and legal mask (kept and returned).
fn describe(env: &mut Box<dyn Env>, out: &mut Out<'_>) {
    let obs = match out.bools {
        true => planes::Out::Bools(out.obs),
        // SAFETY: every bit pattern is a valid f32; the part is aligned (the array is, and each
        // game's part starts a whole number of floats in).
        false => planes::Out::Floats(unsafe { out.obs.align_to_mut::<f32>().1 }),
    };
    env.observe(None, obs);
    env.legal_mask(out.mask);
    out.mask_out.copy_from_slice(out.mask);
}

/// Plays the game's action (checked legal before), notes its reward and end, starts an ended game
/// again, and describes it.
pub fn step_one(g: &mut Slot, out: &mut Out<'_>) {
    g.env.apply_legal(g.action);
    let ended = g.env.to_act().is_none();
    let mut reward = [0.0; 2];
    if ended {
        let r = g.env.returns();
        reward = [r[0] as f32, r[1] as f32];
        g.env.reset();
    }
    out.reward.0.copy_from_slice(&reward);
    *out.reward.1 = u8::from(ended);
    describe(&mut g.env, out);
}

/// Starts the game again and describes it (no reward, not ended).
pub fn reset_one(g: &mut Slot, out: &mut Out<'_>) {
    g.env.reset();
    out.reward.0.fill(0.0);
    *out.reward.1 = 0;
    describe(&mut g.env, out);
}
