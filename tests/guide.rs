//! The guide's tables of the traits' items (crates/README.md, the sections `impl Game` and
//! `impl SearchGame`) against the traits themselves (crates/core/src/game.rs and search.rs): each
//! item is listed once, in the table of required items when it has no default and in the table of
//! items with defaults when it has one, and nothing is listed that the trait lacks. The guide also
//! names what the contract test asks of a game beyond the trait (`PartialEq`).

const GUIDE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/README.md"));
const GAME_RS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/core/src/game.rs"
));
const SEARCH_RS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/core/src/search.rs"
));
const CONTRACT_RS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/core/src/contract.rs"
));

/// An item of a trait: its name and whether it has a default.
#[derive(Clone, Debug, PartialEq)]
struct Item {
    name: String,
    default: bool,
}

/// `src` with its comments and its string and character literals turned into spaces (newlines
/// kept), so that a brace or a semicolon in them is not read as code.
fn code_only(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        let end = if c == '/' && next == Some('/') {
            (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len())
        } else if c == '/' && next == Some('*') {
            (i + 2..chars.len())
                .find(|&j| chars[j - 1] == '*' && chars[j] == '/')
                .map_or(chars.len(), |j| j + 1)
        } else if c == '"' || (c == 'r' && matches!(next, Some('"' | '#')) && raw_start(&chars, i))
        {
            string_end(&chars, i)
        } else if c == '\'' && next == Some('\\') {
            (i + 3..chars.len())
                .find(|&j| chars[j] == '\'')
                .map_or(chars.len(), |j| j + 1)
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i + 3
        } else {
            out.push(c);
            i += 1;
            continue;
        };
        out.extend(chars[i..end].iter().map(|&c| blank(c)));
        i = end;
    }
    out
}

/// Whether the `r` at `i` starts a raw string (`r"…"`, `r#"…"#`), not ends a name (`for"`).
fn raw_start(chars: &[char], i: usize) -> bool {
    let after_name = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
    !after_name && chars.get(i + 1 + hashes) == Some(&'"')
}

/// One past the end of the string literal (plain or raw) that starts at `i`.
fn string_end(chars: &[char], i: usize) -> usize {
    if chars[i] == '"' {
        let mut j = i + 1;
        while j < chars.len() && chars[j] != '"' {
            j += if chars[j] == '\\' { 2 } else { 1 };
        }
        return (j + 1).min(chars.len());
    }
    let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
    let body = i + 2 + hashes;
    let closes =
        |j: usize| chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&c| c == '#');
    (body..chars.len())
        .find(|&j| closes(j))
        .map_or(chars.len(), |j| j + 1 + hashes)
}

/// The items of `pub trait <name>` in `src`, in order: a `fn` has a default when a body follows
/// its signature, a `const` or a `type` when `=` gives its value.
fn trait_items(src: &str, name: &str) -> Result<Vec<Item>, String> {
    let code = code_only(src);
    let start = code
        .find(&format!("pub trait {name}"))
        .ok_or(format!("no `pub trait {name}`"))?;
    let open = start + code[start..].find('{').ok_or("no body")?;
    let (mut items, mut text, mut depth, mut nesting) = (Vec::new(), String::new(), 0, 0);
    for c in code[open + 1..].chars() {
        match c {
            '}' if depth == 0 => return Ok(items),
            '{' if depth == 0 && nesting == 0 => {
                items.extend(item(&text, true));
                text.clear();
                depth = 1;
            }
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth > 0 => {}
            ';' if nesting == 0 => {
                items.extend(item(&text, false));
                text.clear();
            }
            _ => {
                nesting += i32::from(matches!(c, '(' | '['));
                nesting -= i32::from(matches!(c, ')' | ']'));
                text.push(c);
            }
        }
    }
    Err(format!("`pub trait {name}` does not end"))
}

/// The item declared by `text` (its attributes and signature), which a body follows when `body`.
fn item(text: &str, body: bool) -> Option<Item> {
    let mut words = text.split_whitespace();
    let kind = words.find(|w| matches!(*w, "fn" | "const" | "type"))?;
    let name: String = (words.next()?.chars())
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let default = body || (kind != "fn" && text.contains('='));
    Some(Item { name, default })
}

/// The bounds after `head` up to `until` in the code of `src`, last path segment each
/// (`Clone + fmt::Debug` gives `Clone`, `Debug`).
fn bounds(src: &str, head: &str, until: char) -> Result<Vec<String>, String> {
    let code = code_only(src);
    let start = code.find(head).ok_or(format!("no `{head}`"))? + head.len();
    let end = start
        + code[start..]
            .find(until)
            .ok_or(format!("`{head}` does not end"))?;
    let last = |b: &str| b.trim().rsplit("::").next().unwrap_or("").to_string();
    Ok(code[start..end].split('+').map(last).collect())
}

/// The lines of the section of `guide` whose heading contains `title`, up to the next heading of
/// the same or a higher level.
fn section<'a>(guide: &'a str, title: &str) -> Option<Vec<&'a str>> {
    let level = |l: &str| l.chars().take_while(|&c| c == '#').count();
    let mut lines = guide
        .lines()
        .skip_while(|l| level(l) == 0 || !l.contains(title));
    let heading = level(lines.next()?);
    Some(
        lines
            .take_while(|l| !(1..=heading).contains(&level(l)))
            .collect(),
    )
}

/// The cells of a table row, split on each `|` but an escaped one (`\|`), as GitHub splits them.
fn cells(row: &str) -> Vec<String> {
    let (mut cells, mut cell, mut escaped) = (Vec::new(), String::new(), false);
    for c in row.trim().trim_start_matches('|').chars() {
        match c {
            '|' if !escaped => cells.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
        escaped = c == '\\';
    }
    cells
}

/// A table: its header's cells and its rows' cells.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// The tables among `lines`.
fn tables(lines: &[&str]) -> Vec<Table> {
    let mut tables = Vec::new();
    let mut rows = lines.iter().peekable();
    while let Some(line) = rows.next() {
        if !line.starts_with('|') {
            continue;
        }
        let header = cells(line);
        rows.next_if(|l| l.starts_with("|-") || l.starts_with("|:"));
        let mut table = Table {
            header,
            rows: Vec::new(),
        };
        while let Some(row) = rows.next_if(|l| l.starts_with('|')) {
            table.rows.push(cells(row));
        }
        tables.push(table);
    }
    tables
}

/// The item names a table row's first cell lists: each code span, without `type ` or `const `,
/// up to its arguments (`rules()`, `topology()` gives `rules`, `topology`).
fn names_in(cell: &str) -> Vec<String> {
    let spans = cell.split('`').skip(1).step_by(2);
    let name = |s: &str| {
        let s = s.trim_start_matches("type ").trim_start_matches("const ");
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    spans.map(name).filter(|n| !n.is_empty()).collect()
}

/// What is wrong with the two tables of `trait_name`'s items in the section of `guide` whose
/// heading contains `title`, a line each: the table whose header has a `default` column lists the
/// items with defaults, the other one the required items.
fn table_errors(guide: &str, title: &str, trait_name: &str, items: &[Item]) -> Vec<String> {
    let Some(lines) = section(guide, title) else {
        return vec![format!("no section {title}")];
    };
    let tables = tables(&lines);
    let with_default = |t: &&Table| t.header.iter().any(|h| h == "default");
    let (defaults, required): (Vec<&Table>, Vec<&Table>) = tables.iter().partition(with_default);
    if defaults.len() != 1 || required.len() != 1 {
        return vec![format!(
            "section {title}: {} tables with a `default` column and {} without, not one each",
            defaults.len(),
            required.len()
        )];
    }
    let mut errors = Vec::new();
    let mut listed: Vec<String> = Vec::new();
    for (table, default) in [(required[0], false), (defaults[0], true)] {
        for name in table.rows.iter().flat_map(|r| names_in(&r[0])) {
            let (table_name, has) = match default {
                true => ("with the defaults", "requires it"),
                false => ("as required", "has a default for it"),
            };
            match items.iter().find(|i| i.name == name) {
                None => errors.push(format!(
                    "`{name}` is listed but {trait_name} has no such item"
                )),
                Some(i) => {
                    if i.default != default {
                        errors.push(format!(
                            "`{name}` is listed {table_name} but {trait_name} {has}"
                        ));
                    }
                    if listed.contains(&name) {
                        errors.push(format!("`{name}` is listed twice"));
                    }
                }
            }
            listed.push(name);
        }
    }
    for i in items.iter().filter(|i| !listed.contains(&i.name)) {
        let kind = if i.default {
            "with a default"
        } else {
            "required"
        };
        errors.push(format!("`{}` ({kind}) is not listed", i.name));
    }
    errors
}

#[test]
fn the_guide_lists_each_item_of_game_in_the_right_table() {
    let items = trait_items(GAME_RS, "Game").unwrap();
    assert!(items.iter().any(|i| i.default) && items.iter().any(|i| !i.default));
    let errors = table_errors(GUIDE, "`impl Game`", "Game", &items);
    assert!(
        errors.is_empty(),
        "crates/README.md:\n{}",
        errors.join("\n")
    );
}

#[test]
fn the_guide_lists_each_item_of_search_game_in_the_right_table() {
    let items = trait_items(SEARCH_RS, "SearchGame").unwrap();
    assert!(items.iter().any(|i| i.default) && items.iter().any(|i| !i.default));
    let errors = table_errors(GUIDE, "`impl SearchGame`", "SearchGame", &items);
    assert!(
        errors.is_empty(),
        "crates/README.md:\n{}",
        errors.join("\n")
    );
}

#[test]
fn the_guide_names_what_the_trait_and_the_contract_test_ask_of_the_game_type() {
    let mut asked = bounds(GAME_RS, "pub trait Game:", '{').unwrap();
    asked.extend(bounds(CONTRACT_RS, "pub fn check_random_games<G:", '>').unwrap());
    asked.retain(|b| b != "Sized" && b != "Game");
    assert!(asked.contains(&"PartialEq".to_string()), "{asked:?}");
    let text = section(GUIDE, "`impl Game`").unwrap().join("\n");
    for bound in &asked {
        let named = text.contains(&format!("`{bound}`"));
        assert!(
            named,
            "crates/README.md, `impl Game`: the game type must be `{bound}`"
        );
    }
}

#[test]
fn trait_items_are_read_with_their_defaults_past_comments_and_literals() {
    let src = r#"
        /// Not `fn fake();` nor `{`.
        pub trait Demo: Clone {
            type Kind: Copy;
            const N: usize;
            const M: &'static str = "}; {";
            // fn commented();
            fn plain(&self, at: [u32; 2]) -> Option<char>;
            #[inline]
            fn body(&self) -> char { let c = '}'; if true { c } else { '\'' } }
            fn after(&self) -> impl Iterator<Item = u8>;
        }
        fn outside() {}
    "#;
    let items = trait_items(src, "Demo").unwrap();
    let said: Vec<(&str, bool)> = items.iter().map(|i| (i.name.as_str(), i.default)).collect();
    let expected = [
        ("Kind", false),
        ("N", false),
        ("M", true),
        ("plain", false),
        ("body", true),
        ("after", false), // its `=` is in a bound: only a `const` or a `type` gets a value so
    ];
    assert_eq!(said, expected);
    assert_eq!(bounds(src, "pub trait Demo:", '{').unwrap(), ["Clone"]);
}

#[test]
fn a_table_that_has_drifted_from_the_trait_is_caught() {
    let items = [
        ("new", false),
        ("render", true),
        ("hash", false),
        ("NAME", true),
    ]
    .map(|(name, default)| Item {
        name: name.into(),
        default,
    });
    let guide = |required: &str, defaults: &str| {
        format!(
            "# Guide\n### 2. The game: `impl Game`\n\n| item | what it means |\n|---|---|\n\
             {required}\nThe items with defaults:\n\n| item | default | override it for |\n\
             |---|---|---|\n{defaults}\n### 3. Next\n| `x` | a | b |\n"
        )
    };
    let errors = |required, defaults| {
        table_errors(&guide(required, defaults), "`impl Game`", "Game", &items)
    };
    let right = errors(
        "| `new(rules)`, `hash()` | a \\| b |",
        "| `render(colour)` | shared | `x` |\n| `NAME` | the rules' | - |",
    );
    assert_eq!(right, Vec::<String>::new());
    let drifted = errors(
        "| `new(rules)` | a |\n| `hash()` | b |\n| `render(colour)` | c |",
        "| `NAME`, `new` | x | y |\n| `undo()` | x | y |",
    );
    assert_eq!(
        drifted,
        [
            "`render` is listed as required but Game has a default for it",
            "`new` is listed with the defaults but Game requires it",
            "`new` is listed twice",
            "`undo` is listed but Game has no such item",
        ]
    );
    let missing = errors("| `new(rules)` | a |", "| `NAME` | x | y |");
    assert_eq!(
        missing,
        [
            "`render` (with a default) is not listed",
            "`hash` (required) is not listed"
        ]
    );
}
