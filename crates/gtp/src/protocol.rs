//! GTP's framing: cleaning an input line, splitting off the id, and formatting responses.

use stones_core::input::MAX_LINE;

/// One command line after preprocessing: the optional id, the command name and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id digits as given (echoed back in the response).
    pub id: Option<String>,
    /// The command name (case-sensitive, as GTP says).
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// Applies GTP's preprocessing to one input line and reads it. Returns `None` for a line that is to
/// be ignored (empty, blank, or only a comment once cleaned).
///
/// Control characters other than tab and newline are removed, everything from `#` on is a comment,
/// tabs are spaces. A first word of digits is the id.
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .chars()
        .filter(|&c| !c.is_control() || c == '\t' || c == '\n')
        .take_while(|&c| c != '#')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        (
            Some(first.to_string()),
            words.next().unwrap_or("").to_string(),
        )
    } else {
        (None, first.to_string())
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// The response to a line longer than [`MAX_LINE`] bytes, of which `start` is the beginning: an
/// error, with the command's id when the line begins with one.
pub fn too_long_response(start: &str) -> String {
    let id = parse_line(start).and_then(|c| c.id);
    let why = format!("line too long (at most {MAX_LINE} bytes)");
    format_response(id.as_deref(), &Err(why))
}

/// A full response: `=id text` or `?id text`, ended by a blank line. A multi-line text starts on the
/// line after the `=` when it begins with a newline.
pub fn format_response(id: Option<&str>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t.as_str()),
        Err(t) => ('?', t.as_str()),
    };
    // A blank line would end the response early: never send one inside it.
    let mut body = String::with_capacity(text.len());
    for (i, line) in text.trim_end().split('\n').enumerate() {
        if i > 0 && line.trim().is_empty() {
            continue;
        }
        if i > 0 {
            body.push('\n');
        }
        body.push_str(line.trim_end());
    }
    format!("{mark}{} {body}\n\n", id.unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(id: Option<&str>, name: &str, args: &[&str]) -> Option<Command> {
        Some(Command {
            id: id.map(str::to_string),
            name: name.to_string(),
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn preprocessing() {
        assert_eq!(
            parse_line("play black D4\n"),
            cmd(None, "play", &["black", "D4"])
        );
        assert_eq!(
            parse_line("12 play\tb  d4\r\n"),
            cmd(Some("12"), "play", &["b", "d4"])
        );
        assert_eq!(
            parse_line("pl\x01ay b\x7f d4 # a comment"),
            cmd(None, "play", &["b", "d4"])
        );
        assert_eq!(parse_line("# only a comment"), None);
        assert_eq!(parse_line("   \t \r\n"), None);
        assert_eq!(parse_line(""), None);
        assert_eq!(parse_line("7"), cmd(Some("7"), "", &[]));
        assert_eq!(parse_line("1a name"), cmd(None, "1a", &["name"]));
    }

    #[test]
    fn responses() {
        assert_eq!(format_response(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format_response(Some("3"), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(
            format_response(Some("4"), &Err("illegal move".into())),
            "?4 illegal move\n\n"
        );
        assert_eq!(
            format_response(None, &Ok("\na\n\nb\n".into())),
            "= \na\nb\n\n"
        );
    }
}
