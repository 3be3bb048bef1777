//! The whole `stones` command line — list, play, replay, gtp, match, serve, bench — with the
//! built-in games and __NAME__.

fn main() -> std::process::ExitCode {
    stones_cli::Stones::builtin().game::<__CRATE__::__TYPE__>().main()
}
