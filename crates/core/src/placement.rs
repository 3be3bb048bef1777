//! What the placement games share (Gomoku, Connect6, Hex: a move puts stones of the mover on empty
//! points, or is a word such as `resign`, and passes the turn; no stone is ever taken): how a game
//! ended, the side to move with the moves since the setup, the loop of a playout, the facts of the
//! pictures, and the text picture with the last move in words when it put no stone.

use crate::colour::Colour;
use crate::error::SetupError;
use crate::game::{Game, Outcome, Status};
use crate::rules::BoardSize;
use crate::sgf_record;
use crate::svg::Decorations;
use crate::text_render::{self, game_decorations, TextDecorations};
use crate::topology::{Point, Topology};

/// How a placement game ended, if it has. `W` is what a win keeps besides the winner: the winning
/// row's point and line in the n-in-a-row games (to draw it), nothing (`()`) in Hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End<W> {
    /// It has not.
    No,
    /// This colour won (a row, a connection).
    Won(Colour, W),
    /// A draw, and why (`board full`, `two passes in a row`).
    Drawn(&'static str),
    /// This colour resigned.
    Resigned(Colour),
    /// This colour ran out of time (in the games whose records keep it).
    TimedOut(Colour),
}

impl<W> End<W> {
    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        !matches!(self, End::No)
    }

    /// The winner of a finished game (`None` while it goes on, and for a draw); no text is made.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            End::Won(c, _) => Some(c),
            End::Resigned(c) | End::TimedOut(c) => Some(c.opponent()),
            End::No | End::Drawn(_) => None,
        }
    }

    /// Where the game stands; a win (a row, a connection) is `B+` alone, as SGF writes a win that
    /// is no count of points ([`crate::sgf_result`]).
    pub fn status(&self) -> Status {
        Status::Over(match *self {
            End::No => return Status::Ongoing,
            End::Won(c, _) => Outcome::win(c, ""),
            End::Drawn(why) => Outcome::draw(why),
            End::Resigned(loser) => Outcome::resignation(loser),
            End::TimedOut(loser) => Outcome::win(loser.opponent(), "T"),
        })
    }
}

/// Refuses a setup that gives `given` points for a board of `points`, naming both.
pub fn setup_size(given: usize, points: usize) -> Result<(), SetupError> {
    if given == points {
        return Ok(());
    }
    let why = format!("the setup gives {given} points but the board has {points}");
    Err(SetupError(why))
}

/// How a set-up position of an n-in-a-row game stands, from the winning row found on it for each
/// colour, Black's first (a point of it and its line, as [`crate::rows::Grid::scan`] gives them):
/// won by the one row, else drawn when the board is `full`, else going on. A board where both
/// colours have a row is refused: no game reaches it.
pub fn setup_end(
    rows: [Option<(Point, u8)>; 2],
    full: bool,
) -> Result<End<(Point, u8)>, SetupError> {
    match rows {
        [Some(_), Some(_)] => Err(SetupError(
            "both Black and White have a winning row: the game cannot have reached this".into(),
        )),
        [Some(row), None] => Ok(End::Won(Colour::Black, row)),
        [None, Some(row)] => Ok(End::Won(Colour::White, row)),
        [None, None] if full => Ok(End::Drawn("board full")),
        [None, None] => Ok(End::No),
    }
}

/// Whose turn it is and the moves played since the setup, in a game where every move passes the
/// turn. A clone keeps the room of the original, so that a search's copy plays without allocating.
#[derive(Debug, PartialEq)]
pub struct Turns<M> {
    /// The side to move.
    pub to_move: Colour,
    moves: Vec<M>,
}

impl<M: Copy> Turns<M> {
    /// Black to move, nothing played, and room for `room` moves (so that play allocates nothing).
    pub fn new(room: usize) -> Turns<M> {
        Turns {
            to_move: Colour::Black,
            moves: Vec::with_capacity(room),
        }
    }

    /// The moves played since the start (or the setup), in order.
    #[inline]
    pub fn history(&self) -> &[M] {
        &self.moves
    }

    /// The last move played since the start (or the setup), if any.
    #[inline]
    pub fn last(&self) -> Option<M> {
        self.moves.last().copied()
    }

    /// `mv` has been played: it joins the history and the other side is to move.
    #[inline]
    pub fn played(&mut self, mv: M) {
        self.moves.push(mv);
        self.to_move = self.to_move.opponent();
    }

    /// The `k`-th last move (1: the last), if that many have been played since the setup.
    #[inline]
    pub fn back(&self, k: usize) -> Option<M> {
        self.moves.iter().rev().nth(k.checked_sub(1)?).copied()
    }

    /// Takes back the last move and names its player, who is to move again; `None` when there is
    /// none.
    pub fn take_back(&mut self) -> Option<(M, Colour)> {
        let mv = self.moves.pop()?;
        self.to_move = self.to_move.opponent();
        Some((mv, self.to_move))
    }

    /// A new start (a setup): no moves, `to_move` to play.
    pub fn restart(&mut self, to_move: Colour) {
        self.moves.clear();
        self.to_move = to_move;
    }

    /// The Zobrist term of the side to move on `topo`: none for Black, the side key for White.
    #[inline]
    pub fn side_key(&self, topo: &Topology) -> u64 {
        match self.to_move {
            Colour::Black => 0,
            Colour::White => topo.side_key(),
        }
    }
}

impl<M: Clone> Clone for Turns<M> {
    fn clone(&self) -> Self {
        let mut moves = Vec::with_capacity(self.moves.capacity());
        moves.extend_from_slice(&self.moves);
        Turns {
            to_move: self.to_move,
            moves,
        }
    }

    /// Refreshes a copy in place, keeping its room (a search's playouts copy without allocating).
    fn clone_from(&mut self, src: &Self) {
        self.to_move = src.to_move;
        self.moves.clone_from(&src.moves);
    }
}

/// Plays moves until `pick` finds none or `cap` are played, and returns how many were: the loop of
/// the placement games' playouts and rollouts (and of Go's and TriGo's random playouts). `pick` chooses the next move (`None`: the game is over
/// or has no move) and may already place its stones; `play` then completes it (the unchecked path, or
/// the end of the turn when `pick` placed the stones).
pub fn play_out<G, M>(
    game: &mut G,
    cap: usize,
    mut pick: impl FnMut(&mut G) -> Option<M>,
    play: impl Fn(&mut G, M),
) -> usize {
    let mut n = 0;
    while n < cap {
        let Some(mv) = pick(game) else {
            break;
        };
        play(game, mv);
        n += 1;
    }
    n
}

/// The facts of a placement game's pictures ([`Game::decorations`]): the points of the last move,
/// and the winning row once there is one.
pub fn decorations(last: impl IntoIterator<Item = Point>, row: Option<Vec<Point>>) -> Decorations {
    Decorations {
        last: last.into_iter().collect(),
        highlight: row.unwrap_or_default(),
        ..Decorations::default()
    }
}

/// A placement game's SGF record in the shape of [`sgf_record`]: the root with `first` (such as
/// `GM[11]`), the `size`, the `rule` and the result, then a node for each of `values`, the moves'
/// values from the first of the `played` moves on.
pub fn record<G: Game>(
    game: &G,
    first: &[(&str, &str)],
    size: BoardSize,
    rule: &str,
    played: usize,
    values: impl IntoIterator<Item = String>,
) -> String {
    let mut nodes = vec![sgf_record::root(first, size, rule, &game.status())];
    nodes.extend(sgf_record::move_nodes(game.to_move(), played, values));
    crate::sgf::write(&nodes)
}

/// The text picture of a placement game: the shared one ([`game_decorations`]) changed by `adjust`
/// (its layout, its legend), and under the board `last move: …` when the last move put no stone
/// (`said`, its text: `resign`, `pass`, `swap-pieces`).
pub fn render<G: Game>(
    game: &G,
    colour: bool,
    said: Option<&str>,
    adjust: impl FnOnce(&mut TextDecorations),
) -> String {
    let mut deco = game_decorations(game);
    adjust(&mut deco);
    deco.legend.extend(said.map(|m| format!("last move: {m}")));
    text_render::render(game.topology(), |p| game.stone(p), &deco, colour)
}

/// The [`Game`] items that only read a field, for a game that keeps its rules, its topology and the
/// side to move in fields: `rules`, `topology` and `to_move`. Written inside `impl Game for …`, each
/// with the path of its field:
/// `stones_core::game_fields!(rules: rules, topology: board.grid.topo, to_move: turns.to_move);`
///
/// # Examples
///
/// `Row`, the tiny game of the [crate doc](crate#a-whole-game), writes
/// `game_fields!(rules: rules, topology: topo, to_move: turns.to_move)`. A game that keeps a `Row`
/// in a field, as Connect6 keeps its board, names the paths through it:
///
/// ```
/// # include!("../doc/row_game.rs");
/// # include!("../doc/forward_row.rs");
/// #[derive(Clone, Debug)]
/// struct Framed {
///     row: Row,
/// }
///
/// impl Game for Framed {
///     stones_core::game_fields!(rules: row.rules, topology: row.topo, to_move: row.turns.to_move);
///     // … and the other required items of `Game`.
/// #   forward_row!();
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Framed::new(RowRules::default())?;
/// game.play(game.parse_move("b2")?)?;
/// assert_eq!(game.rules(), &RowRules::default());
/// assert_eq!((game.topology().len(), game.to_move()), (9, Colour::White));
/// # Ok(())
/// # }
/// ```
#[macro_export]
macro_rules! game_fields {
    (rules: $($r:ident).+, topology: $($t:ident).+, to_move: $($m:ident).+ $(,)?) => {
        fn rules(&self) -> &Self::Rules {
            &self.$($r).+
        }

        fn topology(&self) -> &$crate::Topology {
            &self.$($t).+
        }

        fn to_move(&self) -> $crate::Colour {
            self.$($m).+
        }
    };
}

/// The [`crate::SearchGame`] items of a game whose unchecked path is its `play_unchecked` method
/// and whose steps put a stone through one variant of its step type: `play_fast` and
/// `step_point`. Written inside `impl SearchGame for …` with the variant:
/// `stones_core::placement_steps!(Move::Place);` A game whose search copy is its `fork` (a copy
/// without the undo history) adds it: `stones_core::placement_steps!(GoMove::Play, copy: fork);`
///
/// # Examples
///
/// `Row`, the tiny game of the [crate doc](crate#a-whole-game), has its unchecked path in
/// `Row::play_unchecked`; here it also gets a `fork`, so that the search's copies drop the moves
/// to undo:
///
/// ```
/// # include!("../doc/row_game.rs");
/// use stones_core::SearchGame;
///
/// impl Row {
///     /// A copy without the moves to undo: the search never takes a move back.
///     fn fork(&self) -> Row {
///         let mut copy = self.clone();
///         copy.turns.restart(self.turns.to_move);
///         copy
///     }
/// }
///
/// impl SearchGame for Row {
///     stones_core::move_steps!();
///     // `play_fast` and `step_point`, and `search_copy` as `fork`.
///     stones_core::placement_steps!(RowMove::Place, copy: fork);
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Row::new(RowRules::default())?;
/// let (b2, centre) = (game.parse_move("b2")?, game.topology().parse_point("b2")?);
/// assert_eq!((Row::step_point(b2), Row::step_point(RowMove::Resign)), (Some(centre), None));
/// game.play_fast(b2);
/// assert_eq!(game.stone(centre), Some(Colour::Black));
/// let mut copy = game.search_copy();
/// assert_eq!(copy.stone(centre), Some(Colour::Black));
/// assert!(!copy.undo() && game.undo()); // the copy has no move to take back
/// # Ok(())
/// # }
/// ```
#[macro_export]
macro_rules! placement_steps {
    ($($place:ident)::+, copy: $fork:ident) => {
        $crate::placement_steps!($($place)::+);

        fn search_copy(&self) -> Self {
            self.$fork()
        }
    };
    ($($place:ident)::+) => {
        fn play_fast(&mut self, mv: Self::Move) {
            self.play_unchecked(mv);
        }

        fn step_point(step: Self::Step) -> Option<$crate::Point> {
            match step {
                $($place)::+(p) => Some(p),
                _ => None,
            }
        }

        fn move_point(mv: Self::Move) -> Option<$crate::Point> {
            match mv {
                $($place)::+(p) => Some(p),
                _ => None,
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_say_their_status_and_winner() {
        let won: End<()> = End::Won(Colour::White, ());
        let said = |e: End<()>| match e.status() {
            Status::Over(o) => o.result,
            other => other.to_string(),
        };
        assert_eq!(said(won), "W+");
        assert_eq!(said(End::Drawn("board full")), "Draw (board full)");
        assert_eq!(said(End::Resigned(Colour::Black)), "W+R");
        assert_eq!(said(End::TimedOut(Colour::White)), "B+T");
        assert_eq!(said(End::No), "ongoing");
        assert_eq!(won.winner(), Some(Colour::White));
        assert_eq!(
            End::<()>::Resigned(Colour::Black).winner(),
            Some(Colour::White)
        );
        assert_eq!(End::<()>::Drawn("x").winner(), None);
        assert!(won.is_over() && !End::<()>::No.is_over());
    }

    #[test]
    fn turns_pass_and_come_back() {
        let mut t: Turns<u8> = Turns::new(4);
        assert_eq!(
            (t.to_move, t.last(), t.take_back()),
            (Colour::Black, None, None)
        );
        t.played(7);
        t.played(8);
        assert_eq!(
            (t.to_move, t.history(), t.last()),
            (Colour::Black, &[7, 8][..], Some(8))
        );
        assert_eq!(
            (t.back(1), t.back(2), t.back(3), t.back(0)),
            (Some(8), Some(7), None, None)
        );
        assert_eq!(t.take_back(), Some((8, Colour::White)));
        assert_eq!(t.clone().moves.capacity(), t.moves.capacity());
        t.restart(Colour::White);
        assert!(t.history().is_empty() && t.to_move == Colour::White);
        let topo = Topology::square(3, 3, crate::Adjacency::Orthogonal);
        assert_eq!(t.side_key(&topo), topo.side_key());
        t.played(1);
        assert_eq!(t.side_key(&topo), 0);
        let row = Some((Point(0), 1));
        assert_eq!(
            setup_end([None, row], false),
            Ok(End::Won(Colour::White, (Point(0), 1)))
        );
        assert_eq!(setup_end([None, None], true), Ok(End::Drawn("board full")));
        assert_eq!(setup_end([None, None], false), Ok(End::No));
        assert!(setup_end([row, row], false).is_err());
        assert_eq!(setup_size(9, 9), Ok(()));
        let e = setup_size(8, 9).unwrap_err().to_string();
        assert_eq!(e, "bad setup: the setup gives 8 points but the board has 9");
        let mut left = 3;
        let n = play_out(&mut left, 10, |l| (*l > 0).then_some(1), |l, k| *l -= k);
        assert_eq!((n, left), (3, 0));
        assert_eq!(play_out(&mut 9, 2, |_| Some(0), |_, _| ()), 2);
    }
}
