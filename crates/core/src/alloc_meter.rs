//! A counting allocator for tests that measure memory as a size, not a time: install
//! [`CountingAlloc`] as a test binary's `#[global_allocator]` and read [`live_bytes`] and
//! [`peak_bytes`] around the code under test, or [`allocated_here`], which no other thread (the test
//! harness's own) can disturb.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Bytes this thread has been handed so far (never decreases).
    static HERE: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting the bytes it hands out.
pub struct CountingAlloc;

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
            let _ = HERE.try_with(|here| here.set(here.get() + layout.size()));
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

/// Bytes allocated and not yet freed (by every thread).
pub fn live_bytes() -> usize {
    LIVE.load(Relaxed)
}

/// The most bytes live at once since the last [`reset_peak`].
pub fn peak_bytes() -> usize {
    PEAK.load(Relaxed)
}

/// Starts a new peak measurement from the bytes live now.
pub fn reset_peak() {
    PEAK.store(live_bytes(), Relaxed);
}

/// Bytes the calling thread has allocated so far, freed or not: the difference around a piece of
/// code is what that code allocated, whatever other threads do meanwhile.
pub fn allocated_here() -> usize {
    HERE.with(Cell::get)
}
