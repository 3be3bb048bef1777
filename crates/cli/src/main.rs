//! The `stones` binary: see `stones --help`.

fn main() -> std::process::ExitCode {
    stones_cli::Stones::builtin().main()
}
