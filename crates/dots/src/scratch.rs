//! Preallocated work buffers for flood fills: generation-stamped marks and queues, so that no fill
//! clears or allocates anything.

/// Work buffers for flood fills over one field. They hold no game state: two positions are equal
/// whatever their scratch buffers contain (see the `PartialEq` impl).
#[derive(Debug, Default)]
pub struct Scratch {
    /// Per point, the stamp of the fill that last visited it.
    pub mark: Vec<u32>,
    /// The last stamp handed out.
    stamp: u32,
    /// Four queues of `len` points each, one after the other.
    pub queue: Vec<u16>,
    /// Points per queue.
    pub len: usize,
    /// One region being settled (its points, then its holes).
    pub region: Vec<u16>,
    /// A stack for hole fills.
    pub stack: Vec<u16>,
    /// The points a search playout draws from.
    pub near: Vec<u16>,
}

impl Scratch {
    /// Buffers for a field of `len` points.
    pub fn new(len: usize) -> Scratch {
        Scratch {
            mark: vec![0; len],
            stamp: 0,
            queue: vec![0; 4 * len],
            len,
            region: vec![0; len],
            stack: vec![0; len],
            near: Vec::with_capacity(len),
        }
    }

    /// Hands out `k` fresh consecutive stamps and returns the first; no point carries any of them yet.
    #[inline]
    pub fn stamps(&mut self, k: u32) -> u32 {
        if self.stamp > u32::MAX - 2 * k {
            self.mark.fill(0);
            self.stamp = 0;
        }
        let first = self.stamp + 1;
        self.stamp += k;
        first
    }
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch {
            mark: self.mark.clone(),
            stamp: self.stamp,
            queue: self.queue.clone(),
            len: self.len,
            region: self.region.clone(),
            stack: self.stack.clone(),
            near: Vec::with_capacity(self.near.capacity()),
        }
    }

    /// Buffers for a field of the same size are kept as they are, with their own marks and stamp
    /// (consistent with each other): they hold no game state.
    fn clone_from(&mut self, src: &Self) {
        if self.len != src.len || self.mark.len() != src.mark.len() {
            *self = src.clone();
        }
    }
}

impl PartialEq for Scratch {
    /// Scratch buffers are not part of the position.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_fresh_even_when_the_counter_wraps() {
        let mut s = Scratch::new(4);
        let a = s.stamps(4);
        assert_eq!(a, 1);
        s.mark[2] = a + 3;
        assert_eq!(s.stamps(1), 5);
        s.stamp = u32::MAX - 3;
        s.mark[1] = u32::MAX - 3;
        let b = s.stamps(4);
        assert_eq!(b, 1);
        assert!(
            s.mark.iter().all(|&m| m < b),
            "old marks cleared: {:?}",
            s.mark
        );
        assert_eq!(
            s,
            Scratch::default(),
            "scratch never makes positions differ"
        );
    }
}
