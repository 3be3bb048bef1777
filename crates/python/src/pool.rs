//! The threads a [`VecEnv`](crate::vec_env::VecEnv) steps its games on, kept from call to call: a
//! call's work is cut into small chunks that every thread, the caller's too, takes one at a time.
//! The caller waits only for chunks taken, never for a thread that has not woken yet: on a busy
//! machine a thread given no core in time simply takes no chunk, and spawning is paid once.
//! Between calls a worker spins a little before it sleeps: Python's next call usually comes within
//! a fraction of a millisecond, and waking a sleeping thread can take longer than a call's whole
//! work (on a virtual machine an idle processor wakes slowly), which left the caller alone.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a worker looks for the next job before it sleeps.
const SPIN: Duration = Duration::from_millis(2);

/// Worker threads (the caller is one more).
pub struct Pool {
    shared: Arc<Shared>,
    handles: Vec<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    /// `State::generation`, readable without the lock, for the workers' spinning.
    posted: AtomicU64,
    /// Workers wait here for a job.
    wake: Condvar,
    /// The caller waits here for the workers inside its job to leave it.
    idle: Condvar,
}

struct State {
    /// The running call's work, `None` between calls.
    job: Option<Job>,
    /// Counts the jobs given, so that a worker runs each at most once.
    generation: u64,
    /// Workers inside the job.
    active: usize,
    /// A worker's job panicked.
    panicked: bool,
    quit: bool,
}

/// The caller's closure with its lifetime erased: [`Pool::run`] keeps it alive, and withdraws it,
/// until no worker is inside it.
#[derive(Clone, Copy)]
struct Job(*const (dyn Fn() + Sync));

// SAFETY: the closure is `Sync` (shared by reference between threads), and `run` keeps it alive
// while any worker can reach it.
unsafe impl Send for Job {}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Pool {
    /// `workers` threads besides the caller's.
    pub fn new(workers: usize) -> Pool {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                job: None,
                generation: 0,
                active: 0,
                panicked: false,
                quit: false,
            }),
            posted: AtomicU64::new(0),
            wake: Condvar::new(),
            idle: Condvar::new(),
        });
        let handles = (0..workers)
            .map(|_| {
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || work(&shared))
            })
            .collect();
        Pool { shared, handles }
    }

    /// Runs `f` on this thread and on every worker that wakes while it runs; returns once this
    /// thread's `f` has returned and no worker is inside `f` any more. `f` takes its own chunks of
    /// work until none is left, so each chunk is done exactly once, by whichever thread took it.
    pub fn run(&self, f: &(dyn Fn() + Sync)) {
        if self.handles.is_empty() {
            return f();
        }
        // SAFETY: only the lifetime is erased; `Withdraw` below takes the job back and waits for
        // every worker inside it before `f` can go, on return and on unwinding alike.
        let job = Job(unsafe {
            std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync)>(f)
        });
        {
            let mut st = lock(&self.shared.state);
            st.job = Some(job);
            st.generation += 1;
            self.shared.posted.store(st.generation, Ordering::Release);
        }
        self.shared.wake.notify_all();
        let withdraw = Withdraw(&self.shared);
        f();
        drop(withdraw);
        let mut st = lock(&self.shared.state);
        if std::mem::take(&mut st.panicked) {
            drop(st);
            panic!("a VecEnv worker thread panicked");
        }
    }
}

/// Takes the job back and waits until no worker is inside it.
struct Withdraw<'a>(&'a Shared);

impl Drop for Withdraw<'_> {
    fn drop(&mut self) {
        let mut st = lock(&self.0.state);
        st.job = None;
        while st.active > 0 {
            st = self.0.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A worker: runs each job it finds given, once.
fn work(shared: &Shared) {
    let mut seen = 0;
    loop {
        let spin = Instant::now();
        while shared.posted.load(Ordering::Acquire) == seen && spin.elapsed() < SPIN {
            std::hint::spin_loop();
        }
        let job = {
            let mut st = lock(&shared.state);
            loop {
                if st.quit {
                    return;
                }
                if st.generation != seen {
                    seen = st.generation;
                    if let Some(job) = st.job {
                        st.active += 1;
                        break job;
                    }
                }
                st = shared.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        };
        // SAFETY: `active` counts this worker in, and the caller keeps the closure alive until it
        // is 0 again (`Withdraw`).
        let ok = catch_unwind(AssertUnwindSafe(|| unsafe { (*job.0)() })).is_ok();
        let mut st = lock(&shared.state);
        st.panicked |= !ok;
        st.active -= 1;
        if st.active == 0 {
            shared.idle.notify_all();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        lock(&self.shared.state).quit = true;
        self.shared.wake.notify_all();
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}
