//! Reading the first game of a large collection costs what that game costs: the other games and the
//! variations are never built (measured as bytes with a counting allocator, never with a clock).

use stones_core::alloc_meter::{self, CountingAlloc};
use stones_core::sgf;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// A game of `moves` moves branching at every tenth move: the main line goes on in the first
/// variation, and an alternative (with a comment holding brackets) follows it.
fn game(moves: usize) -> String {
    let mut text = String::from("(;GM[1]SZ[19]C[a comment \\] with (parens)]");
    let mut open = 0;
    for i in 0..moves {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let (x, y) = (
            (b'a' + (i % 19) as u8) as char,
            (b'a' + (i / 19 % 19) as u8) as char,
        );
        if i % 10 == 9 {
            text.push('(');
            open += 1;
        }
        text.push_str(&format!(";{colour}[{x}{y}]"));
    }
    text.push_str(&")(;B[aa]C[x \\] (y)];W[bb])".repeat(open));
    text.push(')');
    text
}

#[test]
fn the_first_game_of_a_collection_costs_what_it_costs_alone() {
    let first = game(200);
    let alone = {
        alloc_meter::reset_peak();
        let before = alloc_meter::live_bytes();
        let nodes = sgf::read_main_line(first.as_bytes()).unwrap();
        assert_eq!(nodes.len(), 1 + 200);
        alloc_meter::peak_bytes() - before
    };
    let mut collection = first.clone();
    while collection.len() < 4_000_000 {
        collection.push_str(&game(300));
        collection.push('\n');
    }
    alloc_meter::reset_peak();
    let before = alloc_meter::live_bytes();
    let nodes = sgf::read_main_line(collection.as_bytes()).unwrap();
    let cost = alloc_meter::peak_bytes() - before;
    assert_eq!(nodes.len(), 1 + 200);
    assert!(
        cost <= alone + 1024,
        "{cost} bytes for the collection, {alone} for its first game"
    );
    // Node by node, the whole main line is never held at once.
    alloc_meter::reset_peak();
    let before = alloc_meter::live_bytes();
    let line = sgf::main_line(collection.as_bytes()).unwrap();
    assert_eq!(line.count(), 200);
    assert!(alloc_meter::peak_bytes() - before < 4096);
}
