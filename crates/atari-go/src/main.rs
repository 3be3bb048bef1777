//! The whole `stones` command line — list, play, replay, gtp, match, bench, and `serve` with the
//! feature `server` — with the built-in games and atari-go.

fn main() -> std::process::ExitCode {
    let stones = stones_cli::Stones::builtin().game::<atari_go::AtariGo>();
    // The site behind `serve`, when the crate is built with `--features server`.
    #[cfg(feature = "server")]
    let stones = stones.site(stones_server::serve);
    stones.main()
}
