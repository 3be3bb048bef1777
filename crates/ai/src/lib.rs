//! stones-ai: one Monte-Carlo tree search over [`stones_core::SearchGame`] for every game, and the
//! one syntax that names a player (`human`, `random`, `mcts:playouts=5000`, `gtp:COMMAND…`).
//!
//! The search is UCT with RAVE (AMAF statistics from the tree and the final board of each playout),
//! MCTS-Solver proofs of won and lost positions, one placement per tree level (so a two-stone move is
//! two levels), one tree shared by all its threads (statistics in atomics, a virtual loss on the way
//! down, a node's children made by the one thread that claims it), tree reuse from one move to the
//! next, and a node cap that bounds its memory. Before it searches, the game's own solver may
//! answer (`SearchGame::presearch`, given up to 80% of the move's time and the search's threads): a
//! proven win is played at once, and a list of the only moves worth searching narrows the root. It
//! never names a game.
//!
//! [`guided`] searches the same way without playouts: an evaluator (a network, say) gives priors and
//! values at the leaves, a batch at a time, and the tree follows them by AlphaZero's PUCT.

mod arena;
pub mod guided;
mod node;
mod options;
mod playout;
mod search;
mod spec;
mod tree;

pub use options::{OptionError, SearchOptions, PROMPT_RESIGN, RESIGN_MOVES};
pub use search::{summary_line, Mcts, Progress, Thought};
pub use spec::{spec_help, PlayerSpec, SpecError};
