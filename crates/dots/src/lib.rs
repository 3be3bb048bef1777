//! stones-dots: the Dots (enclosure) game on a square field.
//!
//! Players put dots in turn; live dots of one colour link in all eight directions, and a closed chain
//! of them around live enemy dots captures those dots and the whole minimal area inside (an
//! *enclosure*: nobody may play there again). A closed chain around no enemy dot leaves a *free area*
//! (base); an enemy dot put there is captured by it, unless that dot itself encloses something. Score
//! = enemy dots inside one's enclosures. See `rulesets/dots/*.toml` for the variants and
//! [`DotsRules`] for their keys.
//!
//! Text moves: `N16` (column letters without I, rows from the bottom), the SGF form `qv`, `stop`,
//! `resign`. Records: [`sgf`] reads and writes `GM[40]`.

mod cell;
mod enclosure;
mod game;
mod geometry;
mod moves;
mod playout;
pub mod render;
mod rules;
mod scratch;
pub mod sgf;
mod state;

pub use moves::{DotsIllegal, DotsMove};
pub use playout::{bench_random_games, random_playout, BenchResult, PlayoutResult};
pub use rules::{CaptureTiming, DotsRules, Start, StopRule};
pub use state::{DotsGame, End};
