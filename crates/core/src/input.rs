//! Reading input that nobody vouches for, within bounds: protocol lines of at most [`MAX_LINE`]
//! bytes, files of a known kind and size ([`read_file`]), and bad input quoted briefly ([`quote`]) in
//! error messages.

use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest input line a protocol reads (GTP, Gomocup), in bytes, without its line end.
pub const MAX_LINE: usize = 64 * 1024;

/// The most characters of bad input an error message quotes.
pub const MAX_QUOTE: usize = 100;

/// One input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line without its end; bytes that are not UTF-8 read as replacement characters.
    Text(String),
    /// A line longer than [`MAX_LINE`]: its first `MAX_LINE` bytes (read as [`Line::Text`] is); the
    /// rest was read and dropped.
    TooLong(String),
}

/// Reads lines of at most [`MAX_LINE`] bytes: memory stays bounded however long a line is, and an
/// over-long line is reported as [`Line::TooLong`], after which reading goes on at the next line.
pub struct LineReader<R> {
    inner: R,
    /// Whether a lone CR also ends a line (then an LF right after it is skipped).
    cr_ends_line: bool,
    /// The last line ended in CR: an LF that comes next belongs to it.
    skip_lf: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines ended by LF (GTP: a CR before it stays in the line).
    pub fn lf(inner: R) -> Self {
        LineReader {
            inner,
            cr_ends_line: false,
            skip_lf: false,
        }
    }

    /// Lines ended by CR LF, LF or CR (Gomocup). After a CR the line is returned at once (the other
    /// side may be waiting for the reply); an LF right after it is skipped when it comes.
    pub fn any_end(inner: R) -> Self {
        LineReader {
            cr_ends_line: true,
            ..Self::lf(inner)
        }
    }

    /// The next line, or `None` at the end of the input (a last line without its end counts).
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        let mut too_long = false;
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                return Ok((!line.is_empty()).then(|| finish(line, too_long)));
            }
            let start = usize::from(std::mem::take(&mut self.skip_lf) && buf[0] == b'\n');
            let end = buf[start..]
                .iter()
                .position(|&b| b == b'\n' || (self.cr_ends_line && b == b'\r'))
                .map(|k| start + k);
            let piece = &buf[start..end.unwrap_or(buf.len())];
            let room = MAX_LINE - line.len();
            too_long |= piece.len() > room;
            line.extend_from_slice(&piece[..piece.len().min(room)]);
            let used = match end {
                Some(e) => {
                    self.skip_lf = buf[e] == b'\r';
                    e + 1
                }
                None => buf.len(),
            };
            self.inner.consume(used);
            if end.is_some() {
                return Ok(Some(finish(line, too_long)));
            }
        }
    }
}

/// The line read so far as a [`Line`].
fn finish(bytes: Vec<u8>, too_long: bool) -> Line {
    let text = String::from_utf8_lossy(&bytes).into_owned();
    if too_long {
        Line::TooLong(text)
    } else {
        Line::Text(text)
    }
}

/// Reads the whole file at `path` when it is a regular file of at most `limit` bytes: a directory, a
/// device (`/dev/zero`) or a pipe is refused before anything is read, and so is a larger file; the
/// read itself stops past `limit` in case the file grows meanwhile. The error says what is wrong
/// (for the caller to put after the path) and never quotes the file.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let cannot = |e: io::Error| format!("cannot read the file: {e}");
    let too_big = |len: u64| format!("the file has {len} bytes, more than the {limit} allowed");
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    if meta.len() > limit {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// [`read_file`] for a file that must be UTF-8 text.
pub fn read_text_file(path: &Path, limit: u64) -> Result<String, String> {
    String::from_utf8(read_file(path, limit)?)
        .map_err(|_| "not a text file (not UTF-8)".to_string())
}

/// Quotes bad input for an error message: `'text'`, or for more than [`MAX_QUOTE`] characters its
/// start, `…` and the whole length (`'abc…' (70000 bytes)`).
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTE) {
        None => format!("'{text}'"),
        Some((cut, _)) => format!("'{}…' ({} bytes)", &text[..cut], text.len()),
    }
}

/// `text` with every control character (C0, DEL, C1: escape sequences, carriage returns, bells) and
/// every bidirectional-text override written as a visible escape (`\u{1b}`, `\r`, `\u{202e}`), so
/// that text from another program can reach a terminal or a file without acting on it.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let acts = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(acts) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(reader: &mut LineReader<impl BufRead>) -> Vec<Line> {
        std::iter::from_fn(|| reader.next_line().unwrap()).collect()
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn line_ends() {
        let input = &b"A\r\nB\nC\rD\r\r\nE"[..];
        assert_eq!(
            lines(&mut LineReader::any_end(input)),
            [
                text("A"),
                text("B"),
                text("C"),
                text("D"),
                text(""),
                text("E")
            ]
        );
        assert_eq!(
            lines(&mut LineReader::lf(input)),
            [text("A\r"), text("B"), text("C\rD\r\r"), text("E")]
        );
        assert_eq!(lines(&mut LineReader::lf(&b""[..])), []);
        assert_eq!(lines(&mut LineReader::lf(&b"\n"[..])), [text("")]);
    }

    #[test]
    fn a_line_over_the_limit_is_cut_and_the_next_one_read() {
        let exact = "x".repeat(MAX_LINE);
        let over = "y".repeat(MAX_LINE + 1);
        let huge = "z".repeat(10 * MAX_LINE);
        let input = format!("{exact}\n{over}\nok\n{huge}\r\nend\n{huge}");
        // A small buffer: a line arrives in many pieces.
        let mut reader = LineReader::any_end(io::BufReader::with_capacity(7, input.as_bytes()));
        let got = lines(&mut reader);
        assert_eq!(got.len(), 6);
        assert_eq!(got[0], Line::Text(exact));
        assert_eq!(got[1], Line::TooLong(over[..MAX_LINE].to_string()));
        assert_eq!(got[2], text("ok"));
        assert_eq!(got[3], Line::TooLong(huge[..MAX_LINE].to_string()));
        assert_eq!(got[4], text("end"));
        assert_eq!(got[5], Line::TooLong(huge[..MAX_LINE].to_string()));
    }

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("stones-read-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("ten");
        std::fs::write(&file, "0123456789").unwrap();
        assert_eq!(read_text_file(&file, 10).unwrap(), "0123456789");
        assert_eq!(
            read_text_file(&file, 9).unwrap_err(),
            "the file has 10 bytes, more than the 9 allowed"
        );
        assert_eq!(read_file(&dir, 10).unwrap_err(), "not a regular file");
        assert_eq!(
            read_file(Path::new("/dev/zero"), 10).unwrap_err(),
            "not a regular file"
        );
        let missing = read_file(&dir.join("missing"), 10).unwrap_err();
        assert!(missing.starts_with("cannot read the file: "), "{missing}");
        std::fs::write(&file, b"\xff\xfe").unwrap();
        assert_eq!(read_file(&file, 10).unwrap(), b"\xff\xfe");
        assert_eq!(
            read_text_file(&file, 10).unwrap_err(),
            "not a text file (not UTF-8)"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escape_controls("D4 é"), "D4 é");
        assert_eq!(
            escape_controls("\u{1b}[2J\u{1b}]0;x\u{7}D4\r\t\u{9b}\u{202e}"),
            "\\u{1b}[2J\\u{1b}]0;x\\u{7}D4\\r\\t\\u{9b}\\u{202e}"
        );
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("abc"), "'abc'");
        assert_eq!(quote(""), "''");
        let long = "é".repeat(1000);
        let q = quote(&long);
        assert_eq!(q, format!("'{}…' (2000 bytes)", "é".repeat(MAX_QUOTE)));
        assert_eq!(
            quote(&"a".repeat(MAX_QUOTE)),
            format!("'{}'", "a".repeat(MAX_QUOTE))
        );
    }
}
