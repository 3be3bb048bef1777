//! The `stones` binary: see `stones --help`. Every built-in game, and the site behind `stones serve`.

fn main() -> std::process::ExitCode {
    stones_cli::Stones::builtin()
        .site(stones_server::serve)
        .main()
}
