//! External engines in process groups of their own, so that ending an engine ends every process it
//! started (a shell script's `sleep`s, a wrapper's real engine), also when stones itself is
//! interrupted (Ctrl-C, `kill`): the engines' groups do not get the terminal's signals, so stones
//! passes them on.
//!
//! Two ways stones ends them on SIGINT, SIGTERM and SIGHUP:
//! - by default (`stones play`, the server), the signal's handler kills every engine's group
//!   (SIGKILL) and stones ends as the signal says;
//! - inside [`until_stopped`] (`stones match`), the run is stopped in order: no engine and no game
//!   is started any more, every engine's group gets SIGTERM, a short grace ([`GRACE`]) and SIGKILL,
//!   and on Linux so does every process that left its group (a `setsid` daemon of an engine): stones
//!   is then a child subreaper, so that such processes become its children when their parents end,
//!   and it kills and reaps its children until none is left. The caller keeps what it has (a
//!   report of the finished games) and stones exits with 128 + the signal's number.
//!
//! SIGKILL of stones cannot be caught. Inside [`until_stopped`] on Linux each engine is started with
//! `PR_SET_PDEATHSIG` = SIGKILL, so the engine's first process (the command stones started) dies
//! with stones; the processes it started do not — those still in the engine's group and those that
//! left it live on, adopted by init (or the nearest subreaper), as they would on any other system.

use std::io;
use std::process::{Child, Command};
#[cfg(unix)]
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The time engines have to end after SIGTERM when a run is stopped, before SIGKILL.
pub const GRACE: Duration = Duration::from_millis(500);

/// Starts `command` as the leader of a new process group: the child, and its group, which ends with
/// [`Group::end`] (or when dropped) and when stones is stopped. Fails once [`until_stopped`]'s run is
/// stopping: no engine starts after the stop.
pub fn spawn(command: &mut Command) -> io::Result<(Child, Group)> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        interrupts::install();
        #[cfg(target_os = "linux")]
        if interrupts::WATCHED.load(Ordering::SeqCst) {
            // SAFETY: getpid has no memory effects.
            let parent = unsafe { libc::getpid() };
            // SAFETY: the closure runs between fork and exec and calls only async-signal-safe
            // functions (prctl, getppid), allocating nothing.
            unsafe {
                command.pre_exec(move || {
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                        return Err(io::Error::last_os_error());
                    }
                    // stones died before the line above: the signal will not come.
                    if libc::getppid() != parent {
                        return Err(io::Error::from_raw_os_error(libc::ESRCH));
                    }
                    Ok(())
                });
            }
        }
        // Under the lock: a stop takes the lock before it ends the groups it knows of, so an
        // engine is either known to it or not started at all.
        let mut live = interrupts::live();
        if interrupts::stopping() {
            return Err(io::Error::other("stones is stopping"));
        }
        let child = command.spawn()?;
        let id = child.id() as i32;
        live.push(id);
        Ok((
            child,
            Group {
                slot: interrupts::register(id),
                id,
                ended: false,
            },
        ))
    }
    #[cfg(not(unix))]
    {
        Ok((command.spawn()?, Group {}))
    }
}

/// A live process group that [`Group::end`] ends, and an interrupt of stones ends too.
pub struct Group {
    #[cfg(unix)]
    slot: Option<usize>,
    /// The group's number: its leader's pid.
    #[cfg(unix)]
    id: i32,
    /// Whether [`Group::end`] has killed it: its number may then belong to another once the
    /// leader is waited for.
    #[cfg(unix)]
    ended: bool,
}

impl Group {
    /// Kills every process of the group (SIGKILL) and `leader`, once; the leader is still to be
    /// waited for (until then the group's number cannot be reused). Once a stop of
    /// [`until_stopped`] began, the stop ends the group instead.
    pub fn end(&mut self, leader: &mut Child) {
        #[cfg(unix)]
        {
            if std::mem::replace(&mut self.ended, true) {
                return;
            }
            // Under the lock, which a stop holds to the end: once it began, the stop ends the
            // group (this waits for stones to exit).
            let _live = interrupts::live();
            if !interrupts::stopping() {
                // SAFETY: kill has no memory effects; a negative pid names the process group.
                unsafe {
                    libc::kill(-self.id, libc::SIGKILL);
                }
                let _ = leader.kill();
            }
        }
        #[cfg(not(unix))]
        let _ = leader.kill();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            let mut live = interrupts::live();
            if !self.ended && !interrupts::stopping() {
                // SAFETY: as in `end`.
                unsafe {
                    libc::kill(-self.id, libc::SIGKILL);
                }
            }
            live.retain(|&id| id != self.id);
            if let Some(slot) = self.slot.take() {
                interrupts::unregister(slot);
            }
            interrupts::reap_orphans(&live);
        }
    }
}

/// Whether a stop of [`until_stopped`] has begun (a signal came): start no more games.
pub fn stopping() -> bool {
    #[cfg(unix)]
    {
        interrupts::stopping()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Runs `work` (a run of games: `stones match`) with stones' process taken over for it. On SIGINT,
/// SIGTERM or SIGHUP, [`stopping`] turns true, new engines fail to start, and on another thread every
/// engine's group ends (SIGTERM, [`GRACE`], SIGKILL) together with every process that left it (on
/// Linux); then `on_stop` is called with the signal's name (`SIGTERM`) to keep what the run has and
/// say so, and stones exits with 128 + the signal's number, while `work` may still be running.
/// When `work` returns, processes its engines left behind (on Linux) are ended the same way.
///
/// One run at a time. The process is a child subreaper meanwhile (Linux): every orphan below it
/// becomes its child, and is ended and reaped here — so `work` must not start children of its own
/// outside [`spawn`] that it means to outlive it. And each engine is started with
/// `PR_SET_PDEATHSIG`, which follows the thread that started it: start an engine on a thread that
/// lives as long as the engine (a worker that plays its games to the end).
pub fn until_stopped<R>(on_stop: impl FnOnce(&'static str) + Send, work: impl FnOnce() -> R) -> R {
    #[cfg(unix)]
    {
        let _watch = interrupts::Watch::start();
        let finished = std::sync::atomic::AtomicBool::new(false);
        let result = std::thread::scope(|s| {
            // The signal is looked at before the end of `work`: a stop makes `work` return at
            // once (no new game), and that return must not hide the signal that caused it.
            let watcher = s.spawn(|| loop {
                if let Some(sig) = interrupts::signal() {
                    interrupts::end_everything();
                    on_stop(interrupts::name(sig));
                    std::process::exit(128 + sig);
                }
                if finished.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::park_timeout(Duration::from_millis(20));
            });
            let result = work();
            finished.store(true, Ordering::SeqCst);
            watcher.thread().unpark();
            let _ = watcher.join();
            result
        });
        // What the engines left behind (their groups are gone): orphans adopted meanwhile.
        let live = interrupts::live();
        interrupts::end_descendants(&live, GRACE);
        drop(live);
        result
    }
    #[cfg(not(unix))]
    {
        let _ = on_stop;
        work()
    }
}

/// The engines' groups, in slots that a signal handler may read (atomics only), and the handler that
/// kills them on SIGINT, SIGTERM and SIGHUP before stones ends as the signal says — or, while a
/// [`Watch`] watches, notes the signal for the watcher.
#[cfg(unix)]
mod interrupts {
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
    use std::sync::{Mutex, MutexGuard, Once};
    use std::time::{Duration, Instant};

    /// At most this many engines' groups are remembered for the handler at once (64 parallel games
    /// of two engines); an engine beyond them is still killed when its game ends, and by a stop.
    const SLOTS: usize = 128;
    static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
    static INSTALL: Once = Once::new();
    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];
    /// Every live engine's group (its leader's pid); its lock orders spawns, ends and a stop.
    static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());
    /// Whether a [`Watch`] handles the signals.
    pub static WATCHED: AtomicBool = AtomicBool::new(false);
    /// The signal that stops the watched run, 0 before one came.
    static STOP: AtomicI32 = AtomicI32::new(0);

    /// The live engines' groups, locked.
    pub fn live() -> MutexGuard<'static, Vec<i32>> {
        LIVE.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn stopping() -> bool {
        STOP.load(Ordering::SeqCst) != 0
    }

    /// The signal that stops the run, if one came.
    pub fn signal() -> Option<i32> {
        Some(STOP.load(Ordering::SeqCst)).filter(|&s| s != 0)
    }

    pub fn name(sig: i32) -> &'static str {
        match sig {
            libc::SIGINT => "SIGINT",
            libc::SIGTERM => "SIGTERM",
            libc::SIGHUP => "SIGHUP",
            _ => "a signal",
        }
    }

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
        // Watched: the first signal is the watcher's to handle; later ones wait for it (the stop
        // takes a second or two; SIGKILL ends stones at once).
        if WATCHED.load(Ordering::SeqCst) {
            let _ = STOP.compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst);
            return;
        }
        die(sig);
    }

    /// Kills the groups the slots hold and ends stones as `sig`'s default action says.
    fn die(sig: libc::c_int) {
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

    /// The signals watched for a run (and stones a subreaper on Linux) while it lives.
    pub struct Watch;

    impl Watch {
        pub fn start() -> Watch {
            STOP.store(0, Ordering::SeqCst);
            WATCHED.store(true, Ordering::SeqCst);
            install();
            #[cfg(target_os = "linux")]
            // SAFETY: prctl with these arguments has no memory effects.
            unsafe {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            }
            Watch
        }
    }

    impl Drop for Watch {
        fn drop(&mut self) {
            WATCHED.store(false, Ordering::SeqCst);
            #[cfg(target_os = "linux")]
            // SAFETY: as above.
            unsafe {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
            }
            // A signal that came as the run ended, after its watcher: handled as without a watch.
            if let Some(sig) = signal() {
                die(sig);
            }
        }
    }

    /// The stop: with the spawn lock held to the end (stones exits after it), every engine's group
    /// and every process below stones gets SIGTERM, a grace, then SIGKILL, and is reaped.
    pub fn end_everything() {
        let live = live();
        let groups = live.clone();
        // Never unlocked: nobody may start, end or forget an engine any more (stones exits).
        std::mem::forget(live);
        end_groups(&groups);
        // Their grace is spent: the children of stones had SIGTERM with the groups.
        end_descendants(&groups, Duration::ZERO);
    }

    /// SIGTERM to every group of `groups`, a grace while any of their processes lives, then SIGKILL.
    fn end_groups(groups: &[i32]) {
        let signal_all = |sig| {
            for &id in groups {
                // SAFETY: kill has no memory effects. A group's number is not another's while a
                // process of the group lives, and the leaders are not reaped here (their workers
                // wait for them, or init after stones); only a group that has just emptied, its
                // leader reaped by a worker that ended its game as the stop began, could have
                // its number taken by a new group within the grace.
                unsafe {
                    libc::kill(-id, sig);
                }
            }
        };
        signal_all(libc::SIGTERM);
        #[cfg(target_os = "linux")]
        terminate_children(groups);
        let deadline = Instant::now() + super::GRACE;
        while Instant::now() < deadline && any_alive(groups) {
            #[cfg(target_os = "linux")]
            terminate_children(groups);
            std::thread::sleep(Duration::from_millis(10));
        }
        signal_all(libc::SIGKILL);
    }

    /// Whether a process of the groups still runs (zombies aside), or on Linux a child of stones
    /// that is not an engine's leader.
    fn any_alive(groups: &[i32]) -> bool {
        #[cfg(target_os = "linux")]
        {
            let me = std::process::id() as i32;
            proc::all()
                .iter()
                .any(|p| !p.zombie() && (groups.contains(&p.pgrp) || p.ppid == me && p.pid != me))
        }
        #[cfg(not(target_os = "linux"))]
        {
            // SAFETY: kill with signal 0 only asks whether the group has a process.
            groups.iter().any(|&id| unsafe { libc::kill(-id, 0) } == 0)
        }
    }

    /// SIGTERM to the children of stones that are not engines' leaders (those had it by group).
    #[cfg(target_os = "linux")]
    fn terminate_children(groups: &[i32]) {
        let me = std::process::id() as i32;
        for p in proc::all() {
            if p.ppid == me && !p.zombie() && !groups.contains(&p.pid) {
                // SAFETY: kill has no memory effects; the pid is our unreaped child's.
                unsafe {
                    libc::kill(p.pid, libc::SIGTERM);
                }
            }
        }
    }

    /// On Linux: every child of stones but the engines' leaders in `groups` (processes that left
    /// their engine's group, or were orphaned below it, and were adopted by the subreaper) gets
    /// SIGTERM, `grace`, SIGKILL, and is reaped; again until none is left (killing one may orphan
    /// more), for at most a few seconds. Elsewhere nothing.
    pub fn end_descendants(groups: &[i32], grace: Duration) {
        #[cfg(target_os = "linux")]
        {
            let me = std::process::id() as i32;
            let started = Instant::now();
            let mut sig = if grace.is_zero() {
                libc::SIGKILL
            } else {
                libc::SIGTERM
            };
            let mut clean = 0;
            loop {
                let mut left = false;
                for p in proc::all() {
                    if p.ppid != me || groups.contains(&p.pid) {
                        continue;
                    }
                    left = true;
                    // SAFETY: our unreaped child: its pid is still its own. waitpid on that pid
                    // with WNOHANG touches only its status.
                    unsafe {
                        if p.zombie() {
                            libc::waitpid(p.pid, std::ptr::null_mut(), libc::WNOHANG);
                        } else {
                            libc::kill(p.pid, sig);
                        }
                    }
                }
                // Processes of the engines' groups whose parents died are children now, too.
                // Two clean scans in a row: one scan is no snapshot — it may read a process
                // before its parent died (its parent then not us) and the parent after (a
                // zombie, not alive), and miss it; the next one sees it adopted.
                if !left && !groups.iter().any(|&g| group_alive(g)) {
                    clean += 1;
                    if clean == 2 {
                        break;
                    }
                } else {
                    clean = 0;
                }
                let waited = started.elapsed();
                if waited >= grace {
                    sig = libc::SIGKILL;
                }
                if waited > grace + Duration::from_secs(2) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = (groups, grace);
    }

    /// While stones is a subreaper: reaps the children that ended and are not engines' leaders
    /// (in `groups`), orphans adopted during a run, so that a long run does not gather zombies.
    pub fn reap_orphans(groups: &[i32]) {
        #[cfg(target_os = "linux")]
        if WATCHED.load(Ordering::SeqCst) {
            let me = std::process::id() as i32;
            for p in proc::all() {
                if p.ppid == me && p.zombie() && !groups.contains(&p.pid) {
                    // SAFETY: our unreaped child; WNOHANG touches only its status.
                    unsafe {
                        libc::waitpid(p.pid, std::ptr::null_mut(), libc::WNOHANG);
                    }
                }
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = groups;
    }

    /// Whether group `id` has a process that is not a zombie.
    #[cfg(target_os = "linux")]
    fn group_alive(id: i32) -> bool {
        proc::all().iter().any(|p| p.pgrp == id && !p.zombie())
    }

    /// The processes of the system, read from /proc.
    #[cfg(target_os = "linux")]
    mod proc {
        pub struct Process {
            pub pid: i32,
            state: u8,
            pub ppid: i32,
            pub pgrp: i32,
        }

        impl Process {
            pub fn zombie(&self) -> bool {
                matches!(self.state, b'Z' | b'X')
            }
        }

        /// Every process /proc shows (those that end while it is read may be missing).
        pub fn all() -> Vec<Process> {
            let Ok(dir) = std::fs::read_dir("/proc") else {
                return Vec::new();
            };
            dir.flatten()
                .filter_map(|entry| {
                    let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
                    let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
                    parse(pid, &stat)
                })
                .collect()
        }

        /// `pid (comm) state ppid pgrp …`: the command's name may hold spaces and parentheses,
        /// so the fields are counted from its last `)`.
        fn parse(pid: i32, stat: &str) -> Option<Process> {
            let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
            let state = *fields.next()?.as_bytes().first()?;
            let ppid = fields.next()?.parse().ok()?;
            let pgrp = fields.next()?.parse().ok()?;
            Some(Process {
                pid,
                state,
                ppid,
                pgrp,
            })
        }

        #[cfg(test)]
        mod tests {
            #[test]
            fn a_stat_line_is_read_past_a_name_with_spaces_and_parentheses() {
                let p = super::parse(42, "42 (a b) c)) S 7 42 42 0 -1").unwrap();
                assert_eq!((p.pid, p.ppid, p.pgrp, p.zombie()), (42, 7, 42, false));
                let p = super::parse(9, "9 (sh) Z 1 9 9").unwrap();
                assert!(p.zombie());
            }
        }
    }
}
