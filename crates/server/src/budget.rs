//! What all the games of a server share for their computer players: search threads and tree
//! memory. A think takes a grant before it starts — waiting its turn, first come first served,
//! when everything is taken — and gives it back when it ends, so that a hundred games against the
//! computer use the cores and memory one server was given, not a hundred times that.

use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// The least tree memory a think is given (a search with less would hardly search).
pub const MIN_TREE_MEMORY: usize = 16 << 20;

/// The tree memory all games share, by default.
pub const TREE_MEMORY: usize = 512 << 20;

/// Search threads and tree memory, shared.
#[derive(Debug)]
pub struct Budget {
    threads: usize,
    memory: usize,
    state: Mutex<Free>,
    freed: Condvar,
}

/// What is free now, and the queue's tickets.
#[derive(Debug)]
struct Free {
    threads: usize,
    memory: usize,
    /// The next ticket to hand out, and the ticket whose turn it is.
    next: u64,
    serving: u64,
}

/// Threads and memory taken from a [`Budget`]; given back when dropped.
#[derive(Debug)]
pub struct Grant<'a> {
    budget: &'a Budget,
    /// Search threads this think may use (at least one).
    pub threads: usize,
    /// Tree memory this think may use, in bytes.
    pub memory: usize,
}

impl Budget {
    /// A budget of `threads` (at least one) and `memory` bytes of trees (at least
    /// [`MIN_TREE_MEMORY`]).
    pub fn new(threads: usize, memory: usize) -> Budget {
        let (threads, memory) = (threads.max(1), memory.max(MIN_TREE_MEMORY));
        Budget {
            threads,
            memory,
            state: Mutex::new(Free {
                threads,
                memory,
                next: 0,
                serving: 0,
            }),
            freed: Condvar::new(),
        }
    }

    /// The whole: threads and bytes of tree memory.
    pub fn whole(&self) -> (usize, usize) {
        (self.threads, self.memory)
    }

    /// Takes up to `threads` threads and `memory` bytes (a tree-less think asks for 0): waits for
    /// the thinks that asked before it, then until at least one thread — and the memory asked, up
    /// to [`MIN_TREE_MEMORY`] — is free, and takes what it asked of what is free.
    pub fn take(&self, threads: usize, memory: usize) -> Grant<'_> {
        let least = memory.min(MIN_TREE_MEMORY);
        let mut free = self.lock();
        let ticket = free.next;
        free.next += 1;
        while free.serving != ticket || free.threads == 0 || free.memory < least {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        free.serving += 1;
        let threads = threads.clamp(1, free.threads);
        let memory = memory.min(free.memory);
        free.threads -= threads;
        free.memory -= memory;
        drop(free);
        // The next in line may find enough left.
        self.freed.notify_all();
        Grant {
            budget: self,
            threads,
            memory,
        }
    }

    /// What is free now: threads and bytes.
    pub fn free(&self) -> (usize, usize) {
        let free = self.lock();
        (free.threads, free.memory)
    }

    fn lock(&self) -> MutexGuard<'_, Free> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Grant<'_> {
    fn drop(&mut self) {
        let mut free = self.budget.lock();
        free.threads += self.threads;
        free.memory += self.memory;
        drop(free);
        self.budget.freed.notify_all();
    }
}

static SERVER: OnceLock<Budget> = OnceLock::new();

/// Sets the server's budget (`stones serve --search-threads`, `--search-memory`); the first one set
/// stays. Before it is set, [`server`] is this machine's cores and [`TREE_MEMORY`].
pub fn set_server(threads: usize, memory: usize) {
    let _ = SERVER.set(Budget::new(threads, memory));
}

/// The budget every game of this process shares.
pub fn server() -> &'static Budget {
    SERVER.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Budget::new(cores, TREE_MEMORY)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_grant_is_what_is_free_and_comes_back_when_dropped() {
        let budget = Budget::new(2, 64 << 20);
        let a = budget.take(2, 48 << 20);
        assert_eq!((a.threads, a.memory), (2, 48 << 20));
        assert_eq!(budget.free(), (0, 16 << 20));
        drop(a);
        assert_eq!(budget.free(), budget.whole());
        // Asking for more than the whole gets the whole; a tree-less think takes no memory.
        let b = budget.take(64, 1 << 40);
        assert_eq!((b.threads, b.memory), (2, 64 << 20));
        drop(b);
        let c = budget.take(1, 0);
        assert_eq!((c.threads, c.memory), (1, 0));
    }

    #[test]
    fn a_think_waits_while_everything_is_taken_then_gets_its_turn() {
        let budget = Budget::new(1, 32 << 20);
        let held = budget.take(1, 16 << 20);
        let (tx, rx) = mpsc::channel();
        std::thread::scope(|s| {
            s.spawn(|| {
                let g = budget.take(2, 32 << 20);
                tx.send((g.threads, g.memory)).unwrap();
            });
            // No thread is free: the second think waits.
            assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
            drop(held);
            let got = rx
                .recv_timeout(Duration::from_secs(10))
                .expect("its turn came");
            assert_eq!(got, (1, 32 << 20));
        });
        assert_eq!(budget.free(), budget.whole());
    }

    #[test]
    fn the_queue_is_first_come_first_served() {
        let budget = Budget::new(1, MIN_TREE_MEMORY);
        let held = budget.take(1, MIN_TREE_MEMORY);
        let order = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for i in 0..4 {
                let (budget, order) = (&budget, &order);
                s.spawn(move || {
                    let _g = budget.take(1, MIN_TREE_MEMORY);
                    order.lock().unwrap().push(i);
                });
                // Each takes its ticket before the next starts.
                while budget.lock().next < i + 2 {
                    std::thread::yield_now();
                }
            }
            drop(held);
        });
        assert_eq!(*order.lock().unwrap(), vec![0, 1, 2, 3]);
    }
}
