//! The whole `stones` command line for any list of games: the built-in six, plus any a caller
//! writes in a crate of its own.

use crate::registry::{self, Entry};
use std::process::ExitCode;
use stones_core::SearchGame;

/// The `stones` program with its games. A game crate anywhere gets every subcommand — `list`,
/// `play`, `replay`, `gtp --game`, `match`, `serve`, `bench`, `--svg` — for its game, exactly as the
/// built-in games have them, with a `main.rs` of one line:
///
/// ```no_run
/// # type MyGame = stones_hex::HexGame; // a stand-in: any `G: SearchGame + PartialEq`
/// fn main() -> std::process::ExitCode {
///     stones_cli::Stones::builtin().game::<MyGame>().main()
/// }
/// ```
///
/// `serve` needs the site too, from the crate `stones-server`:
/// `Stones::builtin().game::<MyGame>().site(stones_server::serve).main()`.
#[derive(Clone)]
pub struct Stones {
    games: Vec<Entry>,
    site: Option<crate::site::Site>,
}

impl Stones {
    /// The built-in games: Go, Dots, Gomoku, TriGo, Connect6 and Hex.
    pub fn builtin() -> Stones {
        Stones {
            games: registry::builtin(),
            site: None,
        }
    }

    /// No game yet: a program of only the caller's games.
    pub fn empty() -> Stones {
        Stones {
            games: Vec::new(),
            site: None,
        }
    }

    /// Adds the game `G`, listed after those already added. Its name (`G::NAME`) must be new.
    pub fn game<G: SearchGame + PartialEq + Send + Sync + 'static>(mut self) -> Stones {
        self.games.push(Entry::of::<G>());
        self
    }

    /// Gives `stones serve` its site: `stones_server::serve` (without one, `serve` says how to get
    /// it, and nothing of a web server or database is built).
    pub fn site(mut self, site: crate::site::Site) -> Stones {
        self.site = Some(site);
        self
    }

    /// The names of the games, in the order `stones list` shows them.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(Entry::name).collect()
    }

    /// Runs the command line (`std::env::args`) with these games; the exit code to return from
    /// `main`. Two games of one name, or no game at all, is an error said before anything runs.
    pub fn main(self) -> ExitCode {
        if self.games.is_empty() {
            eprintln!("stones: no game was added");
            return ExitCode::from(2);
        }
        if let Err(e) = registry::install(self.games) {
            eprintln!("stones: {e}");
            return ExitCode::from(2);
        }
        if let Some(site) = self.site {
            crate::site::install(site);
        }
        crate::cli::main()
    }
}
