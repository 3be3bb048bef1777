// For the examples of `game_fields!` and `game_talk!`, which show a game that keeps the tiny game of
// the crate doc (doc/row_game.rs, included first) in a field `row`, as Connect6 keeps its board:
// `forward_row!()` writes the `Game` items those examples do not show, each handed to `self.row`.

macro_rules! forward_row {
    () => {
        type Move = RowMove;
        type Rules = RowRules;
        type Illegal = PlaceRefused;

        fn new(rules: RowRules) -> Result<Self, RulesError> {
            Ok(Self {
                row: Row::new(rules)?,
            })
        }

        fn set_position(&mut self, s: &[Option<Colour>], to: Colour) -> Result<(), SetupError> {
            self.row.set_position(s, to)
        }

        fn status(&self) -> Status {
            self.row.status()
        }

        fn legal_moves(&self, out: &mut Vec<RowMove>) {
            self.row.legal_moves(out)
        }

        fn check(&self, mv: RowMove) -> Result<(), PlaceRefused> {
            self.row.check(mv)
        }

        fn play(&mut self, mv: RowMove) -> Result<(), PlaceRefused> {
            self.row.play(mv)
        }

        fn undo(&mut self) -> bool {
            self.row.undo()
        }

        fn parse_move(&self, text: &str) -> Result<RowMove, MoveSyntaxError> {
            self.row.parse_move(text)
        }

        fn move_text(&self, mv: RowMove) -> String {
            self.row.move_text(mv)
        }

        fn stone(&self, p: Point) -> Option<Colour> {
            self.row.stone(p)
        }

        fn hash(&self) -> u64 {
            self.row.hash()
        }
    };
}
