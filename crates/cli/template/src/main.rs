//! The whole `stones` command line — list, play, replay, gtp, match, serve, bench — with the
//! built-in games and __NAME__.

use __CRATE__::__TYPE__;

fn main() -> std::process::ExitCode {
    stones_cli::Stones::builtin().game::<__TYPE__>().main()
}
