//! One point's state packed into a byte: the dot on it, the owner of the enclosure it lies in, and
//! which players' free areas (bases) hold it.

use stones_core::Colour;

/// Packed point state. Bits 0–1: the dot (0 none, 1 Black, 2 White); bits 2–3: the owner of the
/// innermost enclosure holding the point (same code); bit 4: in a Black base; bit 5: in a White base.
pub type Cell = u8;

/// The empty, unenclosed point.
pub const EMPTY: Cell = 0;

/// A value no point holds (dot code 3): no dot of either player, live or not. Stands for a slot off
/// the field where a test reads cells without asking first.
pub const NO_DOT: Cell = 0b11;

#[inline]
fn code(c: Colour) -> u8 {
    c as u8 + 1
}

#[inline]
fn decode(v: u8) -> Option<Colour> {
    match v {
        1 => Some(Colour::Black),
        2 => Some(Colour::White),
        _ => None,
    }
}

/// The dot on the point, if any (live or captured).
#[inline]
pub fn dot(c: Cell) -> Option<Colour> {
    decode(c & 3)
}

/// The owner of the enclosure holding the point, if any.
#[inline]
pub fn owner(c: Cell) -> Option<Colour> {
    decode((c >> 2) & 3)
}

/// True when nothing is on the point: no dot and no enclosure (a legal point, zone aside).
#[inline]
pub fn is_free(c: Cell) -> bool {
    c & 0b1111 == 0
}

/// True when the point holds a dot of `who`, live or captured.
#[inline]
pub fn has_dot(c: Cell, who: Colour) -> bool {
    c & 3 == code(who)
}

/// True when the point holds a live dot of `who`: one that is not inside an enclosure of the other.
/// Read from a 16-bit table over the cell's low nibble (dot and owner), one bit per nibble, so that
/// the hot fills and ring tests spend a shift and a mask on it, with no branch.
#[inline]
pub fn is_live(c: Cell, who: Colour) -> bool {
    (LIVE[who.idx()] >> (c & 0b1111)) & 1 != 0
}

/// Per player, bit `n` set when a cell whose low nibble is `n` holds a live dot of that player: its
/// dot, and an owner that is nobody, the player, or (never written, but harmless) 3.
const LIVE: [u16; 2] = [live_nibbles(Colour::Black), live_nibbles(Colour::White)];

const fn live_nibbles(who: Colour) -> u16 {
    let (me, other) = (who as u16 + 1, 2 - who as u16);
    let mut bits = 0;
    let mut owner = 0;
    while owner < 4 {
        if owner != other {
            bits |= 1 << (me | owner << 2);
        }
        owner += 1;
    }
    bits
}

/// The player who has captured the dot on this point, if it is captured.
#[inline]
pub fn captor(c: Cell) -> Option<Colour> {
    let (d, o) = (c & 3, (c >> 2) & 3);
    if d != 0 && o != 0 && d != o {
        decode(o)
    } else {
        None
    }
}

/// The cell with its dot set to `who`.
#[inline]
pub fn with_dot(c: Cell, who: Colour) -> Cell {
    (c & !3) | code(who)
}

/// The cell inside an enclosure of `who`, with every base mark cleared.
#[inline]
pub fn with_owner(c: Cell, who: Colour) -> Cell {
    (c & 3) | (code(who) << 2)
}

/// The base mark bit of `who`.
#[inline]
pub fn base_bit(who: Colour) -> Cell {
    0b1_0000 << who.idx()
}

/// True when the point lies in a free area (base) of `who`.
#[inline]
pub fn in_base(c: Cell, who: Colour) -> bool {
    c & base_bit(who) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    #[test]
    fn packing_round_trips() {
        let c = with_dot(EMPTY, Black);
        assert_eq!((dot(c), owner(c), captor(c)), (Some(Black), None, None));
        assert!(is_live(c, Black) && !is_live(c, White) && !is_free(c));
        let taken = with_owner(c | base_bit(Black), White);
        assert_eq!((owner(taken), captor(taken)), (Some(White), Some(White)));
        assert!(!is_live(taken, Black) && !in_base(taken, Black));
        let own = with_owner(c, Black);
        assert!(is_live(own, Black) && captor(own).is_none());
        assert!(!is_free(with_owner(EMPTY, White)) && is_free(base_bit(White)));
    }

    #[test]
    fn live_is_a_dot_not_inside_the_other_players_enclosure() {
        for c in 0..=u8::MAX {
            for who in [Black, White] {
                let by_fields = dot(c) == Some(who) && owner(c) != Some(who.opponent());
                assert_eq!(is_live(c, who), by_fields, "cell {c:#010b}, {who:?}");
            }
        }
    }
}
