// A tiny game, all of it but its `impl SearchGame`: `row` stones in a row on a `size` × `size`
// board, tic-tac-toe by default. stones-core's crate doc shows it (and adds `impl SearchGame`); the
// examples of `Game`, `SearchGame`, `RuleSet` and the macros include it unseen and play it. It
// uses stones-core alone, as a doctest of stones-core must.

use serde::{Deserialize, Serialize};
use stones_core::placement::{self, Turns};
use stones_core::rules::check_key;
use stones_core::{Adjacency, Builtin, Colour, Decorations, Game, MoveSyntaxError, PlaceRefused};
use stones_core::{Point, RuleSet, RulesError, SetupError, Status, Topology};

/// The rules: a typed struct read from TOML. `Default` is the first builtin ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RowRules {
    /// The board's side.
    pub size: u16,
    /// How many in a row win.
    pub row: u16,
}

impl Default for RowRules {
    fn default() -> Self {
        RowRules { size: 3, row: 3 }
    }
}

impl RuleSet for RowRules {
    const GAME: &'static str = "row";
    // A game crate keeps these in TOML files: `stones_core::builtin_rulesets!("standard", "four")`
    // (`rulesets/standard.toml` and `rulesets/four.toml` beside the crate's Cargo.toml). Written out here because a doctest has no files beside it.
    const BUILTIN: &'static [Builtin] = &[
        Builtin {
            name: "standard",
            text: "description = \"three in a row on 3 x 3\"\nsize = 3\nrow = 3\n",
        },
        Builtin {
            name: "four",
            text: "description = \"four in a row on 5 x 5\"\nsize = 5\nrow = 4\n",
        },
    ];

    // What serde cannot check, in the words of every ruleset's errors.
    fn validate(&self) -> Result<(), String> {
        let size = (2..=19).contains(&self.size);
        check_key("size", self.size, size, "must be from 2 to 19")?;
        let row = (2..=self.size).contains(&self.row);
        check_key("row", self.row, row, "must be from 2 to the size")
    }
}

/// A move: a stone on a point, or resignation (always legal while the game is on, never listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowMove {
    Place(Point),
    Resign,
}

/// How a game ended: a row, a full board or a resignation (`End<()>`: a win keeps no more).
type End = placement::End<()>;

/// A game of k in a row. `PartialEq`: the random-game contract compares a game with its clone.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    rules: RowRules,
    topo: Topology,
    /// The stone on each point, indexed by `Point::idx`.
    cells: Vec<Option<Colour>>,
    /// The side to move, and the moves since the start (what `undo` takes back).
    turns: Turns<RowMove>,
    end: End,
}

impl Row {
    /// Whether the stone on `p` is in a row of `rules.row` stones of its colour.
    fn in_row(&self, p: Point) -> bool {
        let (c, (x, y)) = (self.cells[p.idx()], self.topo.xy(p));
        let run = |dx: i32, dy: i32| {
            let at = |k: i32| self.topo.at(i32::from(x) + k * dx, i32::from(y) + k * dy);
            (1..)
                .take_while(|&k| at(k).is_some_and(|q| self.cells[q.idx()] == c))
                .count()
        };
        let lines = [(1, 0), (0, 1), (1, 1), (1, -1)];
        lines
            .iter()
            .any(|&(dx, dy)| 1 + run(dx, dy) + run(-dx, -dy) >= usize::from(self.rules.row))
    }

    /// Plays `mv`, which `check` accepted, without checking: the fast path of the search.
    pub fn play_unchecked(&mut self, mv: RowMove) {
        let c = self.turns.to_move;
        match mv {
            RowMove::Place(p) => {
                self.cells[p.idx()] = Some(c);
                if self.in_row(p) {
                    self.end = End::Won(c, ());
                } else if self.cells.iter().all(Option::is_some) {
                    self.end = End::Drawn("board full");
                }
            }
            RowMove::Resign => self.end = End::Resigned(c),
        }
        self.turns.played(mv);
    }
}

impl Game for Row {
    type Move = RowMove;
    type Rules = RowRules;
    // The refusals every placement game shares: the game is over, off the board, occupied.
    type Illegal = PlaceRefused;

    const ABOUT: &'static str = "Row: k in a row on a square board";
    // The contract test plays every builtin ruleset at these sizes, so each must pass `validate`
    // with each of them ("four" wants 4 in a row: no size 3).
    const TEST_SIZES: &'static [&'static str] = &["4", "5"];

    fn new(rules: RowRules) -> Result<Self, RulesError> {
        let rules = rules.checked()?;
        let topo = Topology::square(rules.size, rules.size, Adjacency::King);
        let (cells, turns) = (vec![None; topo.len()], Turns::new(topo.len() + 1));
        Ok(Row {
            rules,
            topo,
            cells,
            turns,
            end: End::No,
        })
    }

    stones_core::game_fields!(rules: rules, topology: topo, to_move: turns.to_move);

    fn set_position(&mut self, stones: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
        placement::setup_size(stones.len(), self.cells.len())?;
        self.cells.copy_from_slice(stones);
        let row = |c| {
            self.topo
                .points()
                .any(|p| self.cells[p.idx()] == Some(c) && self.in_row(p))
        };
        let full = self.cells.iter().all(Option::is_some);
        self.end = match Colour::BOTH.map(row) {
            [true, true] => return Err(SetupError("both players have a row".into())),
            [true, false] => End::Won(Colour::Black, ()),
            [false, true] => End::Won(Colour::White, ()),
            [false, false] if full => End::Drawn("board full"),
            [false, false] => End::No,
        };
        self.turns.restart(to);
        Ok(())
    }

    fn status(&self) -> Status {
        self.end.status()
    }

    fn legal_moves(&self, out: &mut Vec<RowMove>) {
        out.clear();
        if !self.end.is_over() {
            let empty = self.topo.points().filter(|p| self.cells[p.idx()].is_none());
            out.extend(empty.map(RowMove::Place));
        }
    }

    fn check(&self, mv: RowMove) -> Result<(), PlaceRefused> {
        let place = match mv {
            RowMove::Place(p) => Some(p),
            RowMove::Resign => None,
        };
        let taken = |p: Point| self.cells[p.idx()].is_some();
        PlaceRefused::check(self.end.is_over(), &self.topo, place, taken)
    }

    fn play(&mut self, mv: RowMove) -> Result<(), PlaceRefused> {
        stones_core::play_checked(self, mv, Self::play_unchecked)
    }

    fn undo(&mut self) -> bool {
        let Some((mv, _)) = self.turns.take_back() else {
            return false;
        };
        if let RowMove::Place(p) = mv {
            self.cells[p.idx()] = None;
        }
        self.end = End::No; // `play` refuses moves once the game is over
        true
    }

    fn parse_move(&self, text: &str) -> Result<RowMove, MoveSyntaxError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("resign") {
            return Ok(RowMove::Resign);
        }
        let why = |e: stones_core::CoordError| format!("expected {}; or resign", e.allowed);
        let p = self.topo.parse_point(t);
        p.map(RowMove::Place).map_err(|e| MoveSyntaxError {
            text: t.into(),
            why: why(e),
        })
    }

    fn move_text(&self, mv: RowMove) -> String {
        match mv {
            RowMove::Place(p) => self.topo.name(p),
            RowMove::Resign => "resign".into(),
        }
    }

    fn stone(&self, p: Point) -> Option<Colour> {
        self.cells.get(p.idx()).copied().flatten()
    }

    // What the pictures mark besides the stones: here, the last stone.
    fn decorations(&self) -> Decorations {
        let last = match self.turns.last() {
            Some(RowMove::Place(p)) => Some(p),
            _ => None,
        };
        placement::decorations(last, None)
    }

    fn hash(&self) -> u64 {
        // Zobrist keys of the topology; a real game keeps this up to date as it plays.
        let stones = self
            .topo
            .points()
            .filter_map(|p| Some(self.topo.key(p, self.cells[p.idx()]?)));
        let over = u64::from(self.end.is_over());
        stones.fold(self.turns.side_key(&self.topo) ^ over, |h, k| h ^ k)
    }
}
