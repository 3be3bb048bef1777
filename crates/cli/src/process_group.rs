//! External engines in process groups of their own, so that ending an engine ends every process it
//! started (a shell script's `sleep`s, a wrapper's real engine), also when stones itself is
//! interrupted (Ctrl-C, `kill`): the engines' groups do not get the terminal's signals, so stones
//! passes them on.

use std::process::Command;

/// Makes `command` start its process as the leader of a new process group.
pub fn own_group(command: &mut Command) -> &mut Command {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        interrupts::install();
    }
    command
}

/// A live process group that [`Group::kill`] ends, and an interrupt of stones ends too.
pub struct Group {
    #[cfg(unix)]
    slot: Option<usize>,
    /// `None` once killed: the group's number may then belong to another.
    #[cfg(unix)]
    id: Option<i32>,
}

impl Group {
    /// The group of the process `pid`, started with [`own_group`].
    pub fn of(pid: u32) -> Group {
        #[cfg(unix)]
        {
            let id = pid as i32;
            Group {
                slot: interrupts::register(id),
                id: Some(id),
            }
        }
        #[cfg(not(unix))]
        {
            let _ = pid;
            Group {}
        }
    }

    /// Kills every process of the group (SIGKILL), once; the group's leader is still to be waited
    /// for (until then the group's number cannot be reused).
    pub fn kill(&mut self) {
        #[cfg(unix)]
        {
            if let Some(slot) = self.slot.take() {
                interrupts::unregister(slot);
            }
            if let Some(id) = self.id.take() {
                // SAFETY: kill has no memory effects; a negative pid names the process group.
                unsafe {
                    libc::kill(-id, libc::SIGKILL);
                }
            }
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The engines' groups, in slots that a signal handler may read (atomics only), and the handler that
/// kills them on SIGINT, SIGTERM and SIGHUP before stones ends as the signal says.
#[cfg(unix)]
mod interrupts {
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::Once;

    /// At most this many engines' groups are remembered at once (64 parallel games of two engines);
    /// an engine beyond them is still killed when its game ends.
    const SLOTS: usize = 128;
    static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
    static INSTALL: Once = Once::new();
    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    /// Installs the handler once (for signals that are not ignored).
    pub fn install() {
        INSTALL.call_once(|| {
            for sig in SIGNALS {
                // SAFETY: the handler only reads atomics and calls async-signal-safe functions.
                unsafe {
                    let old = libc::signal(sig, handler as *const () as libc::sighandler_t);
                    if old == libc::SIG_IGN {
                        libc::signal(sig, libc::SIG_IGN);
                    }
                }
            }
        });
    }

    /// Remembers group `id`; the slot it took, or `None` when every slot is taken.
    pub fn register(id: i32) -> Option<usize> {
        GROUPS.iter().position(|slot| {
            slot.compare_exchange(0, id, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
    }

    /// Forgets the group in `slot`.
    pub fn unregister(slot: usize) {
        GROUPS[slot].store(0, Ordering::SeqCst);
    }

    extern "C" fn handler(sig: libc::c_int) {
        for slot in &GROUPS {
            let id = slot.load(Ordering::SeqCst);
            if id > 0 {
                // SAFETY: kill, signal and raise are async-signal-safe.
                unsafe {
                    libc::kill(-id, libc::SIGKILL);
                }
            }
        }
        // SAFETY: as above; stones then ends as the signal's default action says.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
    }
}
