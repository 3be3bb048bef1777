//! The stones a Go-like move puts on the board (Go: one; TriGo: one or two), read the same way by
//! the undo records, the decorations and the search's rollouts of both games, without allocating.

use stones_core::Point;

/// At most two points: the stones one move places, in the move's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stones {
    points: [Point; 2],
    len: u8,
}

impl Stones {
    /// No stone (a pass, a resignation, a dead mark, done).
    pub const NONE: Stones = Stones {
        points: [Point(0); 2],
        len: 0,
    };

    /// One stone on `p`.
    pub fn one(p: Point) -> Stones {
        Stones {
            points: [p, p],
            len: 1,
        }
    }

    /// Two stones, on `p` and `q`.
    pub fn two(p: Point, q: Point) -> Stones {
        Stones {
            points: [p, q],
            len: 2,
        }
    }

    /// The points.
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }
}

/// A move of a Go-like game, as far as the shared code needs to know it.
pub trait Places: Copy {
    /// The stones this move places.
    fn stones(self) -> Stones;

    /// Whether this move marks or unmarks dead stones (its undo record keeps the marks before it).
    fn marks_dead(self) -> bool;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_are_the_ones_placed_in_order() {
        assert_eq!(Stones::NONE.as_slice(), &[]);
        assert_eq!(Stones::one(Point(4)).as_slice(), &[Point(4)]);
        assert_eq!(
            Stones::two(Point(7), Point(2)).as_slice(),
            &[Point(7), Point(2)]
        );
    }
}
