//! A card author's mistakes, each reported exactly: code, message, line and column (and
//! the help where it says what to write). Mistakes Wagic's own reader takes silently
//! (`mana={1}{G`, `toughness=x`, a colour it does not know, a second card of a name) are
//! warnings and the card still compiles; the other lines of a card with an error still
//! get their own first error, and so does a block never closed with `[/card]`.

use compiler::{Code, Diagnostic};
use vm::bytecode::BundleBuilder;

/// One diagnostic as an author sees it: code, message, line and column (1-based, the
/// column in characters).
pub(super) type Seen = (&'static str, String, usize, usize);

/// Line and column of byte `offset` of `source`.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Every diagnostic of every card of `source`, in file order.
fn all_diagnostics(outcomes: &[wagic::CardOutcome]) -> Vec<Diagnostic> {
    let mut all: Vec<Diagnostic> = outcomes
        .iter()
        .flat_map(|outcome| outcome.error.iter().chain(&outcome.further_errors).chain(&outcome.warnings))
        .cloned()
        .collect();
    all.sort_by_key(|diagnostic| diagnostic.span.start);
    all
}

/// The diagnostics of `source` as an author sees them, and how many of its cards compile.
pub(super) fn check(source: &str) -> (Vec<Seen>, usize) {
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("author.txt", source, &mut bundle);
    let compiled = outcomes.iter().filter(|outcome| outcome.key.is_some()).count();
    let seen = all_diagnostics(&outcomes)
        .iter()
        .map(|diagnostic| {
            let (line, column) = line_column(source, diagnostic.span.start as usize);
            (diagnostic.code.as_str(), diagnostic.message.clone(), line, column)
        })
        .collect();
    (seen, compiled)
}

/// The help of the one diagnostic of `source` with `code`.
fn help_of(source: &str, code: Code) -> String {
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("author.txt", source, &mut bundle);
    let found: Vec<Diagnostic> =
        all_diagnostics(&outcomes).into_iter().filter(|diagnostic| diagnostic.code == code).collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].help.clone().unwrap_or_default()
}

pub(super) fn seen(code: &'static str, message: &str, line: usize, column: usize) -> Seen {
    (code, message.to_string(), line, column)
}

/// The lead's card: "1 of 1 cards compile", no word on the unclosed brace nor the `x`.
#[test]
fn an_unclosed_mana_brace_and_a_toughness_of_x_are_warned_about() {
    let source = "[card]\nname=Bear\nmana={1}{G\ntype=Creature\npower=2\ntoughness=x\n[/card]\n";
    let (diagnostics, compiled) = check(source);
    assert_eq!(
        diagnostics,
        [seen("W0100", "mana symbol `{G` has no `}`", 3, 9), seen("W0101", "toughness `x` is not a number", 6, 11),]
    );
    assert_eq!(compiled, 1, "warnings leave the card in the bundle");
    assert_eq!(help_of(source, Code::W0100), "close it: `{G}` (Wagic stops reading the cost here, so it costs less)");
}

/// `mana=` as new authors write it wrong: each the first problem of its line.
#[test]
fn mana_costs_wagic_misreads_are_each_reported_at_their_text() {
    let card =
        |mana: &str| format!("[card]\nname=Bolt\nmana={mana}\ntype=Instant\nauto=damage:3 controller\n[/card]\n");
    let cases = [
        ("{5}{R}}{G}", "mana cost has a `}` that closes nothing", 12, "remove it (Wagic misreads the symbol after it)"),
        ("1G", "mana cost has `1G` outside braces", 6, "write each symbol in its braces: `{1}{G}`"),
        ("{1}{Y}", "unknown mana symbol `{Y}`", 9, "mana symbols are numbers"),
        ("{G/U}", "unknown mana symbol `{G/U}`", 6, "Wagic writes hybrid mana without `/`: `{GU}`"),
        ("{}", "unknown mana symbol `{}`", 6, "write a symbol between the braces"),
        ("{99999999999}", "unknown mana symbol `{99999999999}`", 6, "Wagic's mana amounts are under a billion"),
        ("{R}{{G}", "mana cost has a `{` never closed", 9, "remove it (Wagic stops reading"),
    ];
    for (mana, message, column, help) in cases {
        let source = card(mana);
        assert_eq!(check(&source), (vec![seen("W0100", message, 3, column)], 1), "mana={mana}");
        assert!(help_of(&source, Code::W0100).starts_with(help), "mana={mana}: {}", help_of(&source, Code::W0100));
    }
    // Wagic's own symbols: hybrids, costs with arguments, `{X}`, `{C}`, any case.
    for mana in ["{2}{W}{U}{B}{R}{G}", "{x}{c}", "{WU}{2R}", "{S(creature|myBattlefield)}", "{L:3}{p(R)}", ""] {
        assert_eq!(check(&card(mana)), (vec![], 1), "mana={mana}");
    }
}

/// `power=` and `toughness=` Wagic reads with `atoi`: a word is 0, a number past 2^31 is
/// undefined, a missing one is 0.
#[test]
fn powers_and_toughnesses_that_are_not_numbers_or_missing_are_warned_about() {
    let creature = |lines: &str| format!("[card]\nname=Bear\ntype=Creature\n{lines}\n[/card]\n");
    let cases = [
        ("power=two\ntoughness=2", "power `two` is not a number", 4, 7),
        ("power=2\ntoughness=99999999999", "toughness `99999999999` is out of range", 5, 11),
        ("power=2\ntoughness=99999999999999999999", "toughness `99999999999999999999` is out of range", 5, 11),
        ("power=\ntoughness=2", "`power=` has no value", 4, 1),
        ("power=2", "card has `power=` but no `toughness=`", 4, 1),
        ("toughness=2", "card has `toughness=` but no `power=`", 4, 1),
        ("auto=flying", "creature has no `power=` or `toughness=`", 3, 6),
        ("power=2/2\ntoughness=2", "power `2/2` is not a number", 4, 7),
    ];
    for (lines, message, line, column) in cases {
        assert_eq!(check(&creature(lines)), (vec![seen("W0101", message, line, column)], 1), "{lines}");
    }
    for lines in ["power=*\ntoughness=1+*", "power=-1\ntoughness=0", "power=0\ntoughness=15"] {
        assert_eq!(check(&creature(lines)), (vec![], 1), "{lines}");
    }
    // Not a creature: no power needed.
    assert_eq!(check("[card]\nname=Rock\ntype=Artifact\n[/card]\n"), (vec![], 1));
}

/// A key that describes the card, given twice: Wagic keeps one, the front end the other.
#[test]
fn a_description_key_given_twice_is_warned_about_at_the_second() {
    let source = "[card]\nname=Bear\ntype=Creature\nmana={1}{G}\npower=2\nmana={2}\ntoughness=2\n[/card]\n";
    assert_eq!(
        check(source),
        (vec![seen("W0102", "card block has a second `mana=` (the first is on line 4)", 6, 1)], 1)
    );
    // Wagic ignores `MANA=`: it is no second cost there, but a key it does not read.
    let source = source.replace("mana={2}", "MANA={2}");
    assert_eq!(check(&source), (vec![seen("W0106", "key `MANA` is not in lower case", 6, 1)], 1));
}

/// `color=` words Wagic does not know are dropped without a word.
#[test]
fn an_unknown_colour_is_warned_about_with_the_colour_meant() {
    let card = |colours: &str| format!("[card]\nname=Elf\ncolor={colours}\ntype=Sorcery\nauto=life:1\n[/card]\n");
    assert_eq!(check(&card("gren")), (vec![seen("W0104", "unknown colour `gren`", 3, 7)], 1));
    assert_eq!(help_of(&card("gren"), Code::W0104), "did you mean `green`?");
    // Wagic splits at commas and keeps the blanks: ` green` is no colour.
    assert_eq!(check(&card("red, green")), (vec![seen("W0104", "unknown colour ` green`", 3, 11)], 1));
    assert_eq!(check(&card("Red,Green")), (vec![], 1));
}

/// Wagic keeps the first card of a name and drops the next (a "primitives conflict"); the
/// second compiled silently as `name#2`, in the same file or a later one.
#[test]
fn a_card_name_met_before_is_warned_about_in_any_file() {
    let card = "[card]\nname=Shock\ntype=Instant\nauto=damage:2 controller\n[/card]\n";
    let (diagnostics, compiled) = check(&format!("{card}{card}"));
    assert_eq!(
        (diagnostics, compiled),
        (vec![seen("W0103", "a card named `Shock` is met before (line 1 of `author.txt`)", 7, 6)], 2)
    );
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let mut keys = wagic::CardKeys::default();
    wagic::compile_source_with_keys("a.txt", card, &mut bundle, &mut keys);
    let second = wagic::compile_source_with_keys("b.txt", &format!("\n{card}"), &mut bundle, &mut keys);
    let messages: Vec<&str> = second[0].warnings.iter().map(|warning| warning.message.as_str()).collect();
    assert_eq!(messages, ["a card named `Shock` is met before (line 1 of `a.txt`)"]);
}

/// `type=Instnt` hid `auto=damgae:2`: one mistake a card. Each line's first is reported
/// now, and the misspelt type is read as the one meant, so the spell's `target=` is not
/// refused as a permanent's.
#[test]
fn each_line_of_a_card_gets_its_own_first_error() {
    let source = "[card]\nname=Shock\ntype=Instnt\ntarget=creature\nauto=damgae:2\n[/card]\n";
    let (diagnostics, compiled) = check(source);
    assert_eq!(
        (diagnostics, compiled),
        (
            vec![
                seen("E0100", "unsupported: type `instnt`", 3, 6),
                seen("E0100", "unsupported: effect `damgae`", 5, 6),
            ],
            0
        )
    );
    let source = "[card]\nname=Bolt\ntype=Instant\nauto=damage:3 target(creature,player)\nauto=destory target(creature)\nauto=life:2 controler\nabilties=flying\nauto=damage:2 target(creature,player\n[/card]\n";
    let (diagnostics, _) = check(source);
    assert_eq!(
        diagnostics,
        [
            seen("E0100", "unsupported: effect `destory`", 5, 6),
            seen("E0100", "unsupported: word `controler`", 6, 13),
            seen("E0100", "unsupported: key `abilties`", 7, 1),
            seen("E0100", "unsupported: unbalanced brackets", 8, 21),
        ]
    );
}

/// Each further error is one more lowering of the card: a card of many bad lines gets its
/// first error and 16 more, not one per line.
#[test]
fn the_further_errors_of_a_card_are_bounded() {
    let source = format!("[card]\nname=Odd\ntype=Instant\n{}[/card]\n", "auto=flipacoin\n".repeat(1000));
    let (diagnostics, _) = check(&source);
    assert_eq!(diagnostics.len(), 1 + wagic::recovery::MAX_FURTHER_ERRORS);
    assert_eq!(diagnostics[1], seen("E0100", "unsupported: effect `flipacoin`", 5, 6));
}

/// A block never closed with `[/card]` was one E0101 and nothing else: its lines' own
/// mistakes were told only once it was closed.
#[test]
fn a_block_never_closed_still_reports_its_lines_errors() {
    let source = "[card]\nname=Bear\ntype=Creature\npower=2\ntoughness=x\nauto=damgae:2\n";
    let (diagnostics, compiled) = check(source);
    assert_eq!(
        (diagnostics, compiled),
        (
            vec![
                seen("E0101", "card block has no `[/card]`", 1, 1),
                seen("W0101", "toughness `x` is not a number", 5, 11),
                seen("E0100", "unsupported: effect `damgae`", 6, 6),
            ],
            0
        )
    );
    // Text outside any block is no card: it has no lines of its own to report.
    let (diagnostics, _) = check("name=Bear\npower=x\n");
    assert_eq!(diagnostics, [seen("E0101", "`name=Bear` is outside any `[card]` block", 1, 1)]);
}

/// `damage:99999999999999999999` was "unsupported: amount `999999999999`": its first 12
/// digits, which is not what was written, nor what is wrong.
#[test]
fn an_amount_out_of_range_is_named_so_at_the_number() {
    let source = "[card]\nname=Zap\ntype=Instant\nauto=damage:99999999999999999999 target(creature,player)\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0100", "unsupported: amount out of range", 4, 13)], 0));
    assert_eq!(
        help_of(source, Code::E0100),
        "the amounts compiled are whole numbers under 10000 (`damage:2`), and `99999999999999999999` is not"
    );
    // No amount at all was "amount ``".
    let source = "[card]\nname=Zap\ntype=Instant\nauto=damage: controller\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0100", "unsupported: `damage:` without an amount", 4, 6)], 0));
    assert_eq!(help_of(source, Code::E0100), "write the amount after the `:` (`damage:2`)");
    // A word is still named by its first letters, at the word.
    let source = "[card]\nname=Zap\ntype=Instant\nauto=damage:lots target(creature,player)\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0100", "unsupported: amount `lots`", 4, 13)], 0));
}

/// Windows line ends, tabs and a byte-order mark change no line nor column.
#[test]
fn crlf_tabs_and_a_byte_order_mark_keep_lines_and_columns() {
    let source = "\u{feff}[card]\r\nname=Bear\r\n\ttype=Creature\r\npower=2\r\ntoughness=\tx \r\n[/card]\r\n";
    let (diagnostics, compiled) = check(source);
    // The BOM is one character of line 1 only; the value starts after the tab. The tab
    // before `type` is kept by Wagic's reader (`blanks_wagic_keeps_...`).
    assert_eq!(
        (diagnostics, compiled),
        (vec![seen("W0107", "blank before `type=`", 3, 1), seen("W0101", "toughness `x` is not a number", 5, 12)], 1)
    );
}

/// An empty `name=` and a line with nothing before its `=` were accepted (the second as
/// "unsupported: key ``"): Wagic finds a card of no name by none, and drops the line.
#[test]
fn an_empty_name_and_a_line_without_a_key_are_malformed_blocks() {
    let source = "[card]\nname=\ntype=Instant\nauto=damage:2 controller\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0101", "card block has an empty `name=`", 2, 1)], 0));
    let source = "[card]\nname=Zap\ntype=Instant\n=damage:2 controller\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0101", "line `=damage:2 controller` has no key before its `=`", 4, 1)], 0));
}

/// A card without `type=` (or with an empty one) compiled as a permanent without a word:
/// an instant whose type was forgotten did its damage as it entered play.
#[test]
fn a_card_without_a_type_is_warned_about() {
    let source = "[card]\nname=Zap\nauto=damage:2 controller\n[/card]\n";
    assert_eq!(check(source), (vec![seen("W0105", "card block has no `type=`", 1, 1)], 1));
    let source = "[card]\nname=Zap\ntype=\nauto=damage:2 controller\n[/card]\n";
    assert_eq!(check(source), (vec![seen("W0105", "card block has an empty `type=`", 3, 1)], 1));
}

/// A misspelt spec term (`tappd`) got no `did you mean`, unlike a misspelt type or zone;
/// Wagic's own terms not compiled yet (`fresh`) get none, as they are no typo.
#[test]
fn a_misspelt_spec_term_gets_the_term_meant() {
    let card = |term: &str| format!("[card]\nname=Zap\ntype=Sorcery\nauto=destroy target(creature[{term}])\n[/card]\n");
    assert_eq!(check(&card("tappd")), (vec![seen("E0100", "unsupported: spec term `tappd`", 4, 30)], 0));
    assert_eq!(help_of(&card("tappd"), Code::E0100), "did you mean `tapped`?");
    assert_eq!(help_of(&card("muliticolor"), Code::E0100), "did you mean `multicolor`?");
    assert_eq!(
        help_of(&card("dredgeable"), Code::E0100),
        "`rsc explain E0100` lists what the Wagic front end compiles"
    );
}

/// One Latin-1 byte (`Café`) made the whole file one E0001 and none of its cards was read.
/// The card holding it is refused with E0001 at the byte, and its lines' own mistakes are
/// still told; the file's other cards compile.
#[test]
fn a_byte_that_is_not_utf8_refuses_its_card_only() {
    let bytes = b"[card]\nname=Caf\xe9\ntype=Instant\nauto=damgae:1 controller\n[/card]\n[card]\nname=Bolt\ntype=Instant\nauto=damage:3 controller\n[/card]\n";
    let (text, first_invalid) = wagic::reader::same_length_lossy(bytes);
    assert_eq!(first_invalid, Some(15));
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let mut outcomes = Vec::new();
    let refused = wagic::compile_bytes_each(
        "latin1.txt",
        &text,
        Some(bytes),
        &mut bundle,
        &mut wagic::CardKeys::default(),
        |outcome| outcomes.push(outcome),
    );
    assert!(refused);
    let reported: Vec<Seen> = all_diagnostics(&outcomes)
        .iter()
        .map(|diagnostic| {
            let (line, column) = line_column(&text, diagnostic.span.start as usize);
            (diagnostic.code.as_str(), diagnostic.message.clone(), line, column)
        })
        .collect();
    assert_eq!(
        reported,
        [
            seen("E0001", "card file is not valid UTF-8 (invalid byte at offset 15)", 2, 9),
            seen("E0100", "unsupported: effect `damgae`", 4, 6),
        ]
    );
    let compiled: Vec<&str> = outcomes.iter().filter_map(|outcome| outcome.key.as_deref()).collect();
    assert_eq!(compiled, ["Bolt"]);
}

/// Wagic compares keys as written: `Auto=` is ignored there, and compiled here.
#[test]
fn a_key_with_a_capital_is_warned_about() {
    let source = "[card]\nname=Zap\ntype=Sorcery\nAuto=life:1\n[/card]\n";
    assert_eq!(check(source), (vec![seen("W0106", "key `Auto` is not in lower case", 4, 1)], 1));
    assert_eq!(help_of(source, Code::W0106), "write `auto=`");
}

/// An ability listed twice adds nothing (W0005, as in RuleScript's `abilities`).
#[test]
fn an_ability_listed_twice_is_warned_about() {
    let source = "[card]\nname=Bird\ntype=Creature\npower=1\ntoughness=1\nabilities=flying, trample,Flying\n[/card]\n";
    assert_eq!(check(source), (vec![seen("W0005", "ability `Flying` is listed twice", 6, 27)], 1));
}

/// `from(battlefeld)` compiled without a word: a word that is no type is a card's name in
/// Wagic, and no card is named `battlefeld`. A lower-case word a typo away from a zone is
/// refused with the zone meant, as one a typo away from a type was.
#[test]
fn a_misspelt_zone_alone_in_a_spec_is_not_read_as_a_card_name() {
    let source = "[card]\nname=Elf\ntype=Creature\npower=1\ntoughness=1\nauto=@movedto(creature|graveyard) from(battlefeld):draw:1\n[/card]\n";
    assert_eq!(check(source), (vec![seen("E0100", "unsupported: spec type `battlefeld`", 6, 40)], 0));
    assert_eq!(help_of(source, Code::E0100), "did you mean `battlefield`?");
    // A card's name, as Wagic writes it, is still one.
    let source = "[card]\nname=Zap\ntype=Sorcery\nauto=destroy target(Grizzly Bears)\n[/card]\n";
    assert_eq!(check(source), (vec![], 1));
}

/// A cost or a trigger without its `:` pointed at `rsc explain E0100` only.
#[test]
fn a_cost_or_trigger_without_its_colon_says_where_the_colon_goes() {
    let card = |line: &str| format!("[card]\nname=Elf\ntype=Creature\npower=1\ntoughness=1\nauto={line}\n[/card]\n");
    assert_eq!(check(&card("{T}add{G}")), (vec![seen("E0100", "unsupported: cost without `:`", 6, 6)], 0));
    assert_eq!(help_of(&card("{T}add{G}"), Code::E0100), "write `:` between the cost and the effect (`{T}:add{G}`)");
    let trigger = card("@each my upkeep destroy target(creature)");
    assert_eq!(check(&trigger), (vec![seen("E0100", "unsupported: trigger without `:`", 6, 6)], 0));
    assert!(help_of(&trigger, Code::E0100).starts_with("write `:` between the trigger and the effect"));
}

/// The warnings of a hostile block stay linear: for each `mana=` line after the first, the
/// line of the first was counted again from the block's start, past 100,000 comment lines.
#[test]
fn a_block_of_many_repeated_keys_is_checked_in_linear_time() {
    let lines = 100_000;
    let source = format!(
        "[card]\nname=Rock\ntype=Artifact\n{}{}[/card]\n",
        "# a comment line\n".repeat(lines),
        "mana={1}\n".repeat(lines)
    );
    let started = std::time::Instant::now();
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("many.txt", &source, &mut bundle);
    assert_eq!(outcomes[0].warnings.len(), lines - 1);
    assert_eq!(outcomes[0].warnings[0].message, "card block has a second `mana=` (the first is on line 100004)");
    // Quadratic, it took minutes; linear, well under a second even in a debug build.
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
}

/// `--stats` counted cards and refusals only: a file's warnings are tallied by code too.
#[test]
fn the_tally_counts_warnings_by_code() {
    let source = "[card]\nname=Bear\nmana={1}{G\ntype=Creature\npower=2\ntoughness=x\n[/card]\n";
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let mut tally = wagic::Tally::default();
    tally.add(&wagic::compile_source("author.txt", source, &mut bundle));
    assert_eq!(
        tally.render(10),
        "cards: 1\ncompiled: 1\nunsupported: 0\nwarnings: 2\n       1  W0100 mana cost Wagic reads otherwise than written\n       1  W0101 Wagic power or toughness missing or not a number\n"
    );
}

/// Wagic's reader removes no blanks: an indented line is a key starting with a blank,
/// which it ignores, an indented `[card]` starts no card, and `auto =` is the key `auto `.
/// This front end trims them and compiled such lines without a word.
#[test]
fn blanks_wagic_keeps_before_a_line_or_a_key_s_equals_are_warned_about() {
    let source = "  [card]\nname=Zap\ntype=Sorcery\n\tauto=life:1\nauto =draw:1\n [/card]\n";
    assert_eq!(
        check(source),
        (
            vec![
                seen("W0107", "blank before `[card]`", 1, 1),
                seen("W0107", "blank before `auto=`", 4, 1),
                seen("W0107", "blank between `auto` and its `=`", 5, 5),
                seen("W0107", "blank before `[/card]`", 6, 1),
            ],
            1
        )
    );
    // A byte-order mark is no blank, nor is a blank after the `=`.
    assert_eq!(check("\u{feff}[card]\nname=Zap\ntype=Sorcery\nauto= life:1\n[/card]\n"), (vec![], 1));
}

/// Wagic takes any word as a subtype: `Gobin` made a card no lord of Goblins counts,
/// without a word. A planeswalker's subtype is its name (`Ral`, not a typo of `Rat`).
#[test]
fn a_subtype_a_typo_away_from_a_known_one_is_warned_about() {
    let card = |types: &str, subtypes: &str| {
        format!("[card]\nname=Bob\ntype={types}\nsubtype={subtypes}\npower=1\ntoughness=1\n[/card]\n")
    };
    let source = card("Creature", "Goblin Warior");
    assert_eq!(check(&source), (vec![seen("W0108", "subtype `Warior` is none Wagic's cards use", 4, 16)], 1));
    assert_eq!(help_of(&source, Code::W0108), "did you mean `warrior`?");
    assert_eq!(check(&card("Creature", "Elves Wizard")), (vec![], 1));
    assert_eq!(check(&card("Legendary Planeswalker", "Ral")), (vec![], 1));
}

/// A construct with no leading word is named by its first characters: Zombie Master's
/// `lord(zombie) {B}:regenerate other` was refused as "effect `{B}:regenera`" (it compiles
/// now), which read as the card's own typo. The cut is marked.
#[test]
fn a_construct_named_by_its_start_is_marked_as_cut() {
    let source = "[card]\nname=Master\ntype=Enchantment\nauto=foreach(zombies|mybattlefield) {B}:regenerate\n[/card]\n";
    let (diagnostics, compiled) = check(source);
    assert_eq!((diagnostics, compiled), (vec![seen("E0100", "unsupported: effect `{B}:regenera…`", 4, 37)], 0));
}
