//! The whole `stones` command line — list, play, replay, gtp, match, serve, bench — with the
//! built-in games and atari-go.

fn main() -> std::process::ExitCode {
    stones_cli::Stones::builtin()
        .game::<atari_go::AtariGo>()
        .main()
}
