//! The front end on hostile text: never a panic, and each card either compiles or has its
//! one error (every card of a file is accounted for).

use vm::bytecode::{BundleBuilder, Program};

/// Compiles `source` and checks that the bundle of what compiled loads.
fn compile(source: &str) -> Vec<wagic::CardOutcome> {
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("hostile.txt", source, &mut bundle);
    let bytes = bundle.finish().expect("the bundle encodes");
    let program = Program::load(&bytes, &wagic::CATALOGUE).expect("the bundle loads");
    assert_eq!(program.cards().len(), outcomes.iter().filter(|outcome| outcome.error.is_none()).count());
    outcomes
}

const SAMPLE: &str = "[card]\nname=Zap é\ntarget=<upto:2>other creature[-black;power>=2]|opponentbattlefield\nauto=damage:2 && draw:1 controller\ntype=Instant\n[/card]\n[card]\nname=Lord\nauto=lord(other goblin|mybattlefield) 1/1\nauto=@movedto(creature[tapped&-red]|mygraveyard) from(battlefield):may life:-1 opponent\nauto={2}{R}{T}{S(creature|mybattlefield)}:add{G}{G}{W}\nauto=aslongas(forest|mybattlefield) flying >2\ntype=Creature\n[/card]\n";

#[test]
fn every_truncation_of_a_card_file_compiles_or_is_refused_without_panic() {
    let outcomes = compile(SAMPLE);
    assert!(outcomes.iter().all(|outcome| outcome.error.is_none()), "{outcomes:?}");
    for end in (0..SAMPLE.len()).filter(|&end| SAMPLE.is_char_boundary(end)) {
        compile(&SAMPLE[..end]);
    }
}

#[test]
fn random_syntax_soup_never_panics() {
    const ALPHABET: &[u8] = b"[card]/=auto@{}()<>|:;&,-+ \n\tTSXRG0123456789*trigge\xc3\xa9";
    let mut seed: u32 = 7;
    for _ in 0..3_000 {
        let mut text = String::from("[card]\nname=X\nauto=");
        for _ in 0..60 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let byte = ALPHABET[(seed >> 16) as usize % ALPHABET.len()];
            if byte.is_ascii() {
                text.push(byte as char);
            } else {
                text.push('é');
            }
        }
        compile(&text);
    }
}

#[test]
fn huge_nesting_and_long_specs_are_refused_not_overflowed() {
    let deep = format!("[card]\nname=Deep\nauto={}\n[/card]\n", "(".repeat(8_000));
    let outcomes = compile(&deep);
    assert_eq!(outcomes[0].error.as_ref().map(|e| e.message.as_str()), Some("unsupported: unbalanced brackets"));
    let terms = vec!["tapped"; 100].join(";");
    let long = format!("[card]\nname=Long\nauto=@movedto(creature[{terms}]|battlefield):draw:1\n[/card]\n");
    let outcomes = compile(&long);
    assert_eq!(
        outcomes[0].error.as_ref().map(|e| e.message.as_str()),
        Some("unsupported: spec with more than 16 terms")
    );
    let long_line = format!("[card]\nname=Many\nauto={}\ntype=Instant\n[/card]\n", vec!["draw:1"; 20_000].join(" && "));
    let outcomes = compile(&long_line);
    assert_eq!(
        outcomes[0].error.as_ref().map(|e| e.message.as_str()),
        Some("unsupported: line longer than 8192 bytes")
    );
    let help = outcomes[0].error.as_ref().and_then(|e| e.help.as_deref()).unwrap_or_default();
    assert!(help.starts_with("split its effects into several `auto=` lines"), "{help}");
    let many_lines = format!("[card]\nname=Many\n{}type=Instant\n[/card]\n", "auto=draw:1\n".repeat(20_000));
    let outcomes = compile(&many_lines);
    assert_eq!(
        outcomes[0].error.as_ref().map(|e| e.message.as_str()),
        Some("unsupported: card with more than 256 effects")
    );
}

/// A file with old Mac line ends (lone CRs) read as one line and so as no card: it compiles
/// to the same cards, with the same spans, as with LF or CRLF line ends.
#[test]
fn cr_crlf_and_lf_line_ends_give_the_same_cards() {
    let with_odd_card = format!("{SAMPLE}[card]\nname=Odd\nauto=swap\ntype=Creature\n[/card]\n");
    // Each card's name, and its error's span and message.
    let summary = |source: &str| {
        let outcomes = compile(source).into_iter();
        outcomes.map(|card| (card.name, card.error.map(|e| (e.span.start, e.span.end, e.message)))).collect::<Vec<_>>()
    };
    let lf = summary(&with_odd_card);
    assert_eq!(lf.len(), 3, "{lf:?}");
    assert!(lf[2].1.is_some(), "the odd card is refused: {lf:?}");
    assert_eq!(summary(&with_odd_card.replace('\n', "\r")), lf);
    // CRLF line ends move every span by one byte per line before it.
    assert_eq!(summary(&with_odd_card.replace('\n', "\r\n")).len(), 3);
}

/// A key or an ability word of 10 MB was quoted whole in its message (and in `--stats`):
/// the report was as large as the file. A construct quotes at most 40 characters.
#[test]
fn a_huge_word_is_quoted_by_its_start() {
    let word = "k".repeat(1 << 20);
    for card in [format!("{word}=1"), format!("abilities={word}"), format!("target=creature|{word}\nauto=destroy")] {
        let outcomes = compile(&format!("[card]\nname=Huge\n{card}\ntype=Instant\n[/card]\n"));
        let message = outcomes[0].error.as_ref().map(|e| e.message.clone()).unwrap_or_default();
        assert!(
            message.len() < 100 && message.contains(&format!("`{}...`", "k".repeat(40))),
            "{}",
            &message[..100.min(message.len())]
        );
    }
}
