//! What the GNU Go tests share: a GNU Go 3.8 process spoken to over GTP (`apt-get install -y gnugo`;
//! `.ci/test` installs it, and without it the tests fail and say how to install it).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GNU Go process in GTP mode, at level 0 (its quickest).
pub struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Starts GNU Go (`gnugo` on the PATH, else Debian's `/usr/games/gnugo`) with `extra` arguments;
    /// panics, saying how to install it, when neither starts.
    pub fn start(extra: &[&str]) -> GnuGo {
        let mut errors = Vec::new();
        for exe in ["gnugo", "/usr/games/gnugo"] {
            match Command::new(exe)
                .args(["--mode", "gtp", "--level", "0"])
                .args(extra)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
            {
                Ok(mut child) => {
                    let stdin = child.stdin.take().expect("piped stdin");
                    let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
                    return GnuGo {
                        child,
                        stdin,
                        stdout,
                    };
                }
                Err(e) => errors.push(format!("{exe}: {e}")),
            }
        }
        panic!(
            "cannot start GNU Go ({}): install it with `apt-get install -y gnugo` (`.ci/test` does)",
            errors.join("; ")
        );
    }

    /// Sends one command; `Ok(text)` for `=`, `Err(text)` for `?`.
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}").expect("write to gnugo");
        self.stdin.flush().expect("flush to gnugo");
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read from gnugo");
            assert!(n > 0, "gnugo closed its output after `{command}`");
            if line.trim().is_empty() && !response.is_empty() {
                break;
            }
            response.push_str(&line);
        }
        split(&response)
    }

    /// Sends one command that must succeed, and gives its text.
    #[allow(dead_code)] // Not every test file that shares this module asks.
    pub fn ask(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("GNU Go refused `{command}`: {e}"))
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// Splits a GTP response into success or failure and its text, without the id.
pub fn split(response: &str) -> Result<String, String> {
    let text = response
        .get(1..)
        .unwrap_or("")
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let text = text.trim().to_string();
    match response.as_bytes().first() {
        Some(b'=') => Ok(text),
        _ => Err(text),
    }
}
