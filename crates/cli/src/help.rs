//! What the `play` prompt's `help` says: each game's own moves and notation, what applies now, and
//! the terminal's commands.

use crate::text_game::AnyGame;
use stones_core::Status;

/// The terminal's own commands, the same in every game but what `save` writes: an SGF record only
/// for the games that have one.
pub fn commands(game: &AnyGame) -> String {
    let files = match game.sgf_text(None, "") {
        Some(_) => ".sgf or .case",
        None => "a .case file; this game has no SGF form",
    };
    format!(
        "commands: `undo` takes back your last move, `moves` shows the legal moves, `save PATH` \
         writes the game ({files}), `help`, `quit` (`quit!` without asking)"
    )
}

/// The help for `game` as it stands: its moves and notation, then the terminal's commands; lines
/// of at most 100 characters.
pub fn game_help(game: &AnyGame) -> String {
    game_help_in(game, 100)
}

/// [`game_help`] in lines of at most `width` characters (a narrow terminal's).
pub fn game_help_in(game: &AnyGame, width: usize) -> String {
    let mut out = format!("stones {} ({})\n", game.game_name(), game.size_text());
    out.push_str(&game.game_help_text());
    if let Status::Over(_) = game.game_status() {
        out.push_str("now: the game is over; `undo` takes back the last move\n");
    }
    out.push_str(&commands(game));
    wrap(&out, width)
}

/// Wraps each line of `text` at spaces so that no line is longer than `width` characters (a
/// single longer word stays whole); continuation lines are indented by two spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut current = String::new();
        for word in line.split(' ') {
            let len = current.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                out.push(std::mem::replace(&mut current, format!("  {word}")));
            } else if len > 0 {
                current.push(' ');
                current.push_str(word);
            } else {
                current.push_str(word);
            }
        }
        out.push(current);
    }
    out.join("\n")
}

/// The games `stones play` knows, one line each (for `stones play --help` and a bare `stones play`).
pub fn games_list() -> String {
    let mut out = String::from("games:\n");
    for kind in crate::registry::GameKind::iter() {
        out.push_str(&format!("  {:<8} {}\n", kind.name(), kind.description()));
    }
    out.push_str("(`stones list` shows their rulesets)");
    out
}
