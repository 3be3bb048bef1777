//! A capped arena that several threads add blocks to without a lock: a block is reserved by one
//! compare-and-swap on the length, written by the thread that reserved it, and read by others only
//! once that thread has published its index (the tree's children range, behind a release store).
//!
//! The items live in chunks of [`CHUNK`] slots, each allocated when a block first reaches it and
//! never moved, so that readers hold references while others add, and a cap of gigabytes costs only
//! what the tree grows to. A block never straddles two chunks (it starts the next chunk instead,
//! leaving the rest of the last one unused), so a node's children are one slice.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// log2 of the slots in a chunk.
const SHIFT: usize = 16;
/// Slots in a chunk (the last may be shorter): 65,536, a few megabytes of nodes.
pub(crate) const CHUNK: usize = 1 << SHIFT;

type Slot<T> = UnsafeCell<MaybeUninit<T>>;
/// A chunk, allocated on first use.
type Chunk<T> = OnceLock<Box<[Slot<T>]>>;

/// The arena: `len` slots reserved (and, once published, written) out of `capacity`.
///
/// Its items are never dropped (the tree's nodes own nothing).
pub(crate) struct Arena<T> {
    chunks: Box<[Chunk<T>]>,
    capacity: usize,
    len: AtomicUsize,
}

// SAFETY: a slot is written only by the thread that reserved it, before its index is published;
// after that it is only read, through `&T` (whose mutable parts are atomics: `T: Sync`).
unsafe impl<T: Send + Sync> Sync for Arena<T> {}

impl<T> Arena<T> {
    /// An empty arena for up to `capacity` items.
    pub fn new(capacity: usize) -> Arena<T> {
        Arena {
            chunks: (0..capacity.div_ceil(CHUNK))
                .map(|_| OnceLock::new())
                .collect(),
            capacity,
            len: AtomicUsize::new(0),
        }
    }

    /// Slots reserved so far (the unused ends of chunks included).
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// The most items it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The chunk `c`, allocated on first use.
    fn chunk(&self, c: usize) -> &[Slot<T>] {
        self.chunks[c].get_or_init(|| {
            let len = CHUNK.min(self.capacity - c * CHUNK);
            let slots: Box<[MaybeUninit<T>]> = Box::new_uninit_slice(len);
            // SAFETY: `UnsafeCell<X>` has the layout of `X` (`repr(transparent)`).
            unsafe { Box::from_raw(Box::into_raw(slots) as *mut [Slot<T>]) }
        })
    }

    /// Adds `count` items made by `make(i)` for `i` in `0..count` as one block, from any thread; the
    /// block's first index, or `None` when it does not fit. The caller publishes the index (with a
    /// release store) before any other thread reads the block.
    pub fn add_block(&self, count: usize, mut make: impl FnMut(usize) -> T) -> Option<usize> {
        let mut now = self.len.load(Ordering::Relaxed);
        let first = loop {
            // Past the end of its chunk, the block starts the next one.
            let first = match (now & (CHUNK - 1)) + count > CHUNK {
                true => (now >> SHIFT << SHIFT) + CHUNK,
                false => now,
            };
            let end = first.checked_add(count).filter(|&e| e <= self.capacity)?;
            match self
                .len
                .compare_exchange_weak(now, end, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => break first,
                Err(seen) => now = seen,
            }
        };
        if count == 0 {
            return Some(first);
        }
        let chunk = self.chunk(first >> SHIFT);
        let at = first & (CHUNK - 1);
        for (i, slot) in chunk[at..at + count].iter().enumerate() {
            // SAFETY: the slots `first..first + count` are this call's alone: the compare-and-swap
            // above reserved them, and no index into them has been published yet.
            unsafe { (*slot.get()).write(make(i)) };
        }
        Some(first)
    }

    /// The items `first..first + count`, one block.
    ///
    /// # Safety
    ///
    /// They must be one block written and published: added by [`Arena::add_block`], its index
    /// reaching this thread through a release store it acquired (or with exclusive access since).
    #[inline]
    pub unsafe fn block(&self, first: usize, count: usize) -> &[T] {
        debug_assert!(first + count <= self.len());
        // A block lies in one chunk: an empty one may sit at a chunk's end.
        let Some(chunk) = self.chunks.get(first >> SHIFT).and_then(OnceLock::get) else {
            return &[];
        };
        let at = first & (CHUNK - 1);
        let slots = &chunk[at..at + count];
        // SAFETY: the caller's promise: the slots are written and no longer written to;
        // `UnsafeCell<MaybeUninit<T>>` has the layout of `T`.
        unsafe { &*(slots as *const [Slot<T>] as *const [T]) }
    }

    /// The item at `i`.
    ///
    /// # Safety
    ///
    /// As for [`Arena::block`]: `i` is in a block written and published.
    #[inline]
    pub unsafe fn get(&self, i: usize) -> &T {
        // SAFETY: the caller's promise.
        unsafe { &self.block(i, 1)[0] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_from_two_threads_are_disjoint_whole_and_never_straddle_a_chunk() {
        let arena: Arena<(u32, u32)> = Arena::new(3 * CHUNK + 100);
        let blocks: Vec<Vec<(usize, usize)>> = std::thread::scope(|s| {
            let run = |t: u32| {
                let arena = &arena;
                move || {
                    let mut mine = Vec::new();
                    while let Some(first) = arena.add_block(1000, |i| (t, i as u32)) {
                        mine.push((first, t as usize));
                    }
                    mine
                }
            };
            let a = s.spawn(run(0));
            let b = s.spawn(run(1));
            vec![a.join().unwrap(), b.join().unwrap()]
        });
        let mut all: Vec<(usize, usize)> = blocks.concat();
        all.sort();
        // Each chunk takes 65 blocks of 1,000, the last chunk (100 slots) none.
        assert_eq!(all.len(), 3 * (CHUNK / 1000));
        for w in all.windows(2) {
            assert!(w[0].0 + 1000 <= w[1].0, "{w:?}");
        }
        for &(first, t) in &all {
            assert_eq!(first / CHUNK, (first + 999) / CHUNK, "{first}");
            // SAFETY: every block was written before its thread returned it.
            let block = unsafe { arena.block(first, 1000) };
            assert!(block
                .iter()
                .enumerate()
                .all(|(i, &v)| v == (t as u32, i as u32)));
        }
        // 536 slots are left at the end of the third chunk, and 100 in the fourth.
        assert!(arena.add_block(537, |_| (0, 0)).is_none());
        assert_eq!(arena.add_block(536, |_| (0, 0)), Some(3 * CHUNK - 536));
        assert_eq!(arena.add_block(100, |_| (0, 0)), Some(3 * CHUNK));
        assert!(arena.add_block(1, |_| (0, 0)).is_none());
        assert!(arena.add_block(0, |_| (0, 0)).is_some());
    }
}
