//! The threads a [`VecEnv`](crate::vec_env::VecEnv) steps its games on, kept from call to call: a
//! call's work is cut into small chunks that every thread, the caller's too, takes one at a time.
//! The caller waits only for chunks taken, never for a thread that has not woken yet: on a busy
//! machine a thread given no core in time simply takes no chunk, and spawning is paid once.
//! Between calls a worker spins a little before it sleeps: Python's next call usually comes within
//! a fraction of a millisecond, and waking a sleeping thread can take longer than a call's whole
//! work (on a virtual machine an idle processor wakes slowly), which left the caller alone.
//!
//! A job can also be posted and finished later ([`Pool::post`], [`Pool::finish`]): the workers
//! take its chunks meanwhile, oldest job first, while the caller does something else (a
//! `VecEnv`'s `send` and `recv`).

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
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

/// A job posted and not finished yet: [`Pool::finish`] takes it.
#[must_use = "a posted job must be finished"]
pub struct Ticket(u64);

struct Shared {
    state: Mutex<State>,
    /// `State::posted`, readable without the lock, for the workers' spinning.
    posted: AtomicU64,
    /// Workers wait here for a job.
    wake: Condvar,
    /// A finishing caller waits here for the workers inside its job to leave it.
    idle: Condvar,
}

struct State {
    /// The jobs posted and not finished, oldest first.
    jobs: VecDeque<Posted>,
    /// Counts the jobs posted: the last one's ticket.
    posted: u64,
    quit: bool,
}

struct Posted {
    ticket: u64,
    job: Job,
    /// An owned job's closure, kept alive until the job is finished.
    _owned: Option<Box<dyn Fn() + Send + Sync>>,
    /// Threads inside the job.
    active: usize,
    /// A thread has returned from the job: every chunk is taken, no thread need enter it again.
    drained: bool,
    /// A worker's run of the job panicked.
    panicked: bool,
}

/// A job's closure with its lifetime erased: it is kept alive (by [`Pool::run`]'s caller, or in
/// [`Posted`]) until [`Pool::finish`] has seen no thread inside it.
#[derive(Clone, Copy)]
struct Job(*const (dyn Fn() + Sync));

// SAFETY: the closure is `Sync` (shared by reference between threads), and is kept alive while
// any thread can reach it.
unsafe impl Send for Job {}

impl Job {
    /// # Safety
    /// The closure must be alive (see [`Job`]).
    unsafe fn call(self) -> Result<(), Box<dyn Any + Send>> {
        catch_unwind(AssertUnwindSafe(|| unsafe { (*self.0)() }))
    }
}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl State {
    fn find(&mut self, ticket: u64) -> &mut Posted {
        self.jobs
            .iter_mut()
            .find(|p| p.ticket == ticket)
            .expect("a ticket names a job posted and not finished")
    }
}

impl Pool {
    /// `workers` threads besides the caller's.
    pub fn new(workers: usize) -> Pool {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                jobs: VecDeque::new(),
                posted: 0,
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
        // SAFETY: only the lifetime is erased; `finish`, called at once (it returns, or unwinds,
        // only when no thread is inside `f`), ends the job before `f` can go.
        let job = Job(unsafe {
            std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync)>(f)
        });
        let ticket = self.post_job(job, None);
        self.finish(ticket);
    }

    /// Posts `f` for the workers to run (each taking chunks, as in [`Pool::run`]) while the caller
    /// goes on; [`Pool::finish`] completes it.
    pub fn post(&self, f: Box<dyn Fn() + Send + Sync>) -> Ticket {
        let job = Job(&*f as *const (dyn Fn() + Send + Sync) as *const (dyn Fn() + Sync));
        self.post_job(job, Some(f))
    }

    fn post_job(&self, job: Job, owned: Option<Box<dyn Fn() + Send + Sync>>) -> Ticket {
        let mut st = lock(&self.shared.state);
        st.posted += 1;
        let ticket = st.posted;
        st.jobs.push_back(Posted {
            ticket,
            job,
            _owned: owned,
            active: 0,
            drained: false,
            panicked: false,
        });
        self.shared.posted.store(ticket, Ordering::Release);
        drop(st);
        self.shared.wake.notify_all();
        Ticket(ticket)
    }

    /// Runs the job on this thread too, unless every chunk is taken already, and returns once no
    /// thread is inside it. A panic in the job, on any thread, comes out here.
    pub fn finish(&self, ticket: Ticket) {
        let ticket = ticket.0;
        let job = {
            let mut st = lock(&self.shared.state);
            let p = st.find(ticket);
            (!p.drained).then(|| {
                p.active += 1;
                p.job
            })
        };
        // SAFETY: the job is alive until it is removed below, once no thread is inside it.
        let ran = job.map(|job| unsafe { job.call() });
        let mut st = lock(&self.shared.state);
        if ran.is_some() {
            let p = st.find(ticket);
            p.active -= 1;
            p.drained = true;
        }
        while st.find(ticket).active > 0 {
            st = self.shared.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        let at = st.jobs.iter().position(|p| p.ticket == ticket);
        let posted = at.and_then(|i| st.jobs.remove(i));
        drop(st);
        if let Some(Err(payload)) = ran {
            resume_unwind(payload);
        }
        if posted.is_some_and(|p| p.panicked) {
            panic!("a VecEnv worker thread panicked");
        }
    }
}

/// A worker: takes a part in the oldest job that still has chunks, again and again.
fn work(shared: &Shared) {
    loop {
        let (ticket, job, seen) = {
            let mut st = lock(&shared.state);
            if st.quit {
                return;
            }
            let seen = st.posted;
            match st.jobs.iter_mut().find(|p| !p.drained) {
                Some(p) => {
                    p.active += 1;
                    (p.ticket, Some(p.job), seen)
                }
                None => (0, None, seen),
            }
        };
        let Some(job) = job else {
            wait_for_news(shared, seen);
            continue;
        };
        // SAFETY: `active` counts this worker in, and the job stays alive until it is 0 again
        // (`finish`).
        let ok = unsafe { job.call() }.is_ok();
        let mut st = lock(&shared.state);
        let p = st.find(ticket);
        p.active -= 1;
        p.drained = true;
        p.panicked |= !ok;
        drop(st);
        shared.idle.notify_all();
    }
}

/// Spins, then sleeps, until a job is posted after the `seen`th or the pool quits.
fn wait_for_news(shared: &Shared, seen: u64) {
    let spin = Instant::now();
    while shared.posted.load(Ordering::Acquire) == seen && spin.elapsed() < SPIN {
        std::hint::spin_loop();
    }
    let mut st = lock(&shared.state);
    while st.posted == seen && !st.quit {
        st = shared.wake.wait(st).unwrap_or_else(|e| e.into_inner());
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
