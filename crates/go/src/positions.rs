//! The positions of a game so far, for superko: a stack of (stone hash, player to move) with a bit
//! filter in front, so that the check of each candidate stone (every empty point, every time the
//! legal moves are listed) scans the list only when the filter has the hash's bit.

use stones_core::Colour;

/// Bits in the filter: with a few hundred positions most of them stay clear.
const BITS: usize = 1024;

/// The positions so far, newest last.
#[derive(Debug, Default, PartialEq)]
pub struct Positions {
    list: Vec<(u64, Colour)>,
    /// Bit `h % BITS` set for every hash `h` in `list` (a function of `list`, rebuilt on a cut).
    filter: [u64; BITS / 64],
}

impl Clone for Positions {
    fn clone(&self) -> Positions {
        Positions {
            list: self.list.clone(),
            filter: self.filter,
        }
    }

    /// Into this copy's own buffer: a playout's refresh allocates nothing.
    fn clone_from(&mut self, src: &Positions) {
        self.list.clone_from(&src.list);
        self.filter = src.filter;
    }
}

impl Positions {
    /// Only the start position.
    pub fn start(hash: u64, to_move: Colour) -> Positions {
        let mut p = Positions::default();
        p.push((hash, to_move));
        p
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Keeps the first `n` positions (undo, or a branch from an earlier position).
    pub fn truncate(&mut self, n: usize) {
        if n >= self.list.len() {
            return;
        }
        self.list.truncate(n);
        self.filter = [0; BITS / 64];
        for i in 0..self.list.len() {
            let h = self.list[i].0;
            self.mark(h);
        }
    }

    /// Adds a position.
    pub fn push(&mut self, key: (u64, Colour)) {
        self.mark(key.0);
        self.list.push(key);
    }

    /// Whether the stones `hash` were seen, with `next` to move when `situational`.
    pub fn contains(&self, hash: u64, next: Colour, situational: bool) -> bool {
        let bit = hash as usize % BITS;
        self.filter[bit / 64] & (1 << (bit % 64)) != 0
            && self
                .list
                .iter()
                .any(|&(h, side)| h == hash && (!situational || side == next))
    }

    fn mark(&mut self, hash: u64) {
        let bit = hash as usize % BITS;
        self.filter[bit / 64] |= 1 << (bit % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_found_until_it_is_cut_off() {
        let mut p = Positions::start(7, Colour::Black);
        p.push((7 + BITS as u64, Colour::White)); // the same bit as 7
        p.push((99, Colour::Black));
        assert!(p.contains(7, Colour::Black, true));
        assert!(!p.contains(7, Colour::White, true));
        assert!(p.contains(7, Colour::White, false));
        assert!(p.contains(99, Colour::White, false));
        assert!(!p.contains(98, Colour::White, false));
        p.truncate(1);
        assert_eq!(p.len(), 1);
        assert!(!p.contains(99, Colour::Black, false));
        assert!(!p.contains(7 + BITS as u64, Colour::White, false));
        assert_eq!(p, Positions::start(7, Colour::Black));
    }
}
