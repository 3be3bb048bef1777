//! A GTP engine on stdin/stdout, until the CLI's `stones gtp` exists:
//! `cargo run -p stones-gtp --example gtp -- [ruleset] [key=value ...]`.

use stones_core::RuleSet;
use stones_go::GoRules;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (which, overrides) = match args.split_first() {
        Some((first, rest)) if !first.contains('=') => (Some(first.as_str()), rest.to_vec()),
        _ => (None, args.clone()),
    };
    let rules = match GoRules::load(which, &overrides) {
        Ok((rules, _)) => rules,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    stones_gtp::run(std::io::stdin().lock(), std::io::stdout().lock(), rules)
}
