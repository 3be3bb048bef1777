//! Deterministic pseudo-random numbers for Zobrist keys and random play.

/// One step of SplitMix64: a fast, well-mixed 64-bit generator.
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A Zobrist key for a part of a game's state beyond its stones and the side to move: `value` of
/// the game's counter `slot` (Pente's captures for Black in slot 0 and for White in slot 1, a move
/// number, a phase). The same pair gives the same key on every board and in every run; different
/// pairs give independent keys. A game XORs into its hash the key of each counter's old value out
/// and of its new value in, as it does for stones.
///
/// ```
/// use stones_core::zobrist::extra_key;
/// let mut hash = 0u64;
/// hash ^= extra_key(0, 0); // Black has taken 0 pairs
/// hash ^= extra_key(0, 0) ^ extra_key(0, 1); // ... now 1
/// assert_eq!(hash, extra_key(0, 1));
/// assert_ne!(extra_key(0, 1), extra_key(1, 0));
/// ```
pub fn extra_key(slot: u32, value: u64) -> u64 {
    // Two rounds of SplitMix64 over a seed apart from the stones' keys (which come from a
    // generator seeded by the topology).
    let mut s = 0x5EED_00F0_E47A_u64 ^ (u64::from(slot) << 48) ^ value.rotate_left(17);
    splitmix64(&mut s);
    splitmix64(&mut s)
}

/// A small, fast, seedable random number generator for playouts and tests (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        let mut s = seed;
        Rng(splitmix64(&mut s) | 1)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniform number in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_keys_are_fixed_and_differ_between_counters_and_values() {
        let keys: Vec<u64> = (0..4)
            .flat_map(|slot| (0..64).map(move |v| extra_key(slot, v)))
            .collect();
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "no two (slot, value) share a key");
        assert_eq!(extra_key(2, 5), extra_key(2, 5));
        assert!(keys
            .iter()
            .all(|&k| k.count_ones() > 8 && k.count_ones() < 56));
    }
}
