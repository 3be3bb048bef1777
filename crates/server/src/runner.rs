//! A server's name as the runner of games — who holds a game's lease on a shared (PostgreSQL)
//! database — and whether the process behind such a name is known to be gone. A server that died
//! on this machine (a crash, kill -9) leaves its leases behind; the servers here, its restart
//! among them, take them at once instead of waiting them out. A lease of another machine's server
//! is waited out: nothing here can tell whether that one is alive.

/// This process's name as a runner: `HOST/PIDNS/PID/RANDOM` — the machine, the process-id
/// namespace (a container's pids are its own), the process id, and 48 random bits.
pub fn own_name() -> String {
    let random = super::ids::random_hex().map_or_else(|_| "0".repeat(12), |r| r[..12].to_string());
    format!(
        "{}/{}/{}/{random}",
        host(),
        pid_namespace(),
        std::process::id()
    )
}

/// Whether the runner `name` was a process of this machine and namespace that is gone now
/// (never this process; `false` whenever in doubt).
pub fn is_dead(name: &str) -> bool {
    let mut parts = name.split('/');
    let (Some(host_), Some(ns), Some(pid), Some(_), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return false;
    };
    let Ok(pid) = pid.parse::<u32>() else {
        return false;
    };
    let own_ns = pid_namespace();
    host_ == host() && ns == own_ns && own_ns != "-" && pid != std::process::id() && gone(pid)
}

/// The machine's name.
fn host() -> String {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer and its length are ours; gethostname writes within them.
        if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0 {
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            if let Ok(name) = std::str::from_utf8(&buf[..end]) {
                return name.replace('/', "_");
            }
        }
    }
    "-".into()
}

/// The process-id namespace's inode (`/proc/self/ns/pid`), `-` where there is none to read.
fn pid_namespace() -> String {
    std::fs::read_link("/proc/self/ns/pid")
        .ok()
        .and_then(|l| {
            let l = l.to_string_lossy();
            let digits: String = l.chars().filter(char::is_ascii_digit).collect();
            (!digits.is_empty()).then_some(digits)
        })
        .unwrap_or_else(|| "-".into())
}

/// Whether no process `pid` exists (a signal 0 to it fails with "no such process").
fn gone(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 checks that the process exists and sends nothing.
        let r = unsafe { libc::kill(pid, 0) };
        r == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_process_of_this_machine_is_dead_and_a_live_one_or_a_stranger_is_not() {
        let own = own_name();
        assert!(!is_dead(&own), "this process");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        let prefix: Vec<&str> = own.split('/').take(2).collect();
        let dead = format!("{}/{}/{pid}/abc", prefix[0], prefix[1]);
        if pid_namespace() != "-" {
            assert!(is_dead(&dead), "{dead}");
        }
        // Another machine's, another namespace's, or a name of another form: never known dead.
        assert!(!is_dead(&format!(
            "elsewhere.example/{}/{pid}/abc",
            prefix[1]
        )));
        assert!(!is_dead(&format!("{}/1/{pid}/abc", prefix[0])));
        for odd in ["", "a3f9c0de11aa", "x/y/z", "h/n/notapid/r", "h/n/1/r/more"] {
            assert!(!is_dead(odd), "{odd}");
        }
    }
}
