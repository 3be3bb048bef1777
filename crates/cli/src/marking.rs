//! The terminal's dead-stone agreement. The rules engines end the marking step at one `done` (case
//! files and GTP need that); at the terminal both players must agree: the player whose turn it is to
//! mark says `done`, then the other says `done` (or `accept`), or marks more, which asks the first
//! again.

use stones_core::Colour;

/// Who has agreed to the marking as it stands, and whose turn it is to mark.
#[derive(Clone, Debug, Default)]
pub struct Marking {
    done: [bool; 2],
    marker: Option<Colour>,
}

/// What a player's `done` (or `accept`) led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Both players agree: the game is counted.
    Both,
    /// The other player is asked now.
    Waiting(Colour),
}

impl Marking {
    /// Whose turn it is to mark; the first time, `first` (the player to move when play stopped).
    pub fn marker(&mut self, first: Colour) -> Colour {
        *self.marker.get_or_insert(first)
    }

    /// Whether `c` has said `done` to the marking as it stands.
    pub fn has_agreed(&self, c: Colour) -> bool {
        self.done[c.idx()]
    }

    /// The marks changed: whoever had agreed is asked again.
    pub fn changed(&mut self) {
        self.done = [false; 2];
    }

    /// `who` agrees to the marking as it stands.
    pub fn agree(&mut self, who: Colour) -> Agreement {
        self.done[who.idx()] = true;
        if self.done[who.opponent().idx()] {
            Agreement::Both
        } else {
            self.marker = Some(who.opponent());
            Agreement::Waiting(who.opponent())
        }
    }

    /// Starts over (after an undo, or when a new marking step begins).
    pub fn reset(&mut self) {
        *self = Marking::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_must_agree_and_a_change_asks_again() {
        let mut m = Marking::default();
        assert_eq!(m.marker(Colour::White), Colour::White);
        assert_eq!(m.agree(Colour::White), Agreement::Waiting(Colour::Black));
        assert_eq!(m.marker(Colour::White), Colour::Black);
        m.changed();
        assert!(!m.has_agreed(Colour::White));
        assert_eq!(m.agree(Colour::Black), Agreement::Waiting(Colour::White));
        assert_eq!(m.agree(Colour::White), Agreement::Both);
    }
}
