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
    let with_odd_card = format!("{SAMPLE}[card]\nname=Odd\nauto=phaseout\ntype=Creature\n[/card]\n");
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

/// Wagic's set files (`wagic::sets`) on hostile text: a file too large is refused whole, a
/// file of noise gets a bounded number of diagnostics, every cut of a file and a block
/// never closed are read without a panic, and nothing read is invented.
#[test]
fn hostile_set_files_are_read_bounded_without_panic() {
    use wagic::sets;
    let huge = "[card]\nprimitive=Shock\nid=1\n[/card]\n".repeat(sets::MAX_SET_FILE_BYTES / 30);
    assert!(huge.len() > sets::MAX_SET_FILE_BYTES);
    let refused = sets::read(&huge);
    assert!(refused.entries.is_empty());
    assert_eq!(refused.diagnostics.len(), 1);
    assert_eq!(refused.diagnostics[0].message, "set file larger than 4 MiB");
    // Binary noise, decoded as `rsc` decodes it: one error a line, at most a hundred kept.
    let mut seed: u32 = 3;
    let noise: Vec<u8> = (0..200_000)
        .map(|_| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        })
        .collect();
    let noisy = sets::read(&String::from_utf8_lossy(&noise));
    assert_eq!(noisy.diagnostics.len(), sets::MAX_DIAGNOSTICS_PER_FILE);
    assert!(noisy.diagnostics.last().is_some_and(|last| last.message.contains("more errors in this file")));
    // A block never closed, at the end and before the next: its id is not invented.
    let unclosed = sets::read("[card]\nprimitive=Shock\nid=1\n[card]\nprimitive=Doom\nid=2\n[/card]\n[card]\nid=3\n");
    let ids: Vec<i32> = unclosed.entries.iter().map(|entry| entry.id).collect();
    assert_eq!(ids, [2]);
    assert_eq!(unclosed.diagnostics.len(), 2);
    // Every cut of a file reads without a panic, keeping only entries the whole file has.
    let sample = "\u{feff}[meta]\nname=X\n[/meta]\n#AUTO_DEFINE x\n[card]\r\nprimitive=Zap é\r\nid=-12\r\n[/card]\r\n[card]\nname=Old\nid=2147483647\nauto=draw:1\n[/card]\n";
    let whole = sets::read(sample);
    assert!(whole.diagnostics.is_empty(), "{:?}", whole.diagnostics);
    assert_eq!(whole.entries.len(), 2);
    for end in (0..sample.len()).filter(|&end| sample.is_char_boundary(end)) {
        let cut = sets::read(&sample[..end]);
        for entry in &cut.entries {
            assert!(whole.entries.iter().any(|kept| kept.id == entry.id && entry.name.len() <= kept.name.len()));
        }
        for diagnostic in &cut.diagnostics {
            assert!(diagnostic.span.end as usize <= end, "{diagnostic:?}");
        }
    }
    // More printings of one id than are kept: the rest are counted, not stored.
    let repeated = "[card]\nprimitive=Shock\nid=5\n[/card]\n".repeat(sets::MAX_PRINTINGS_PER_ID + 3);
    let mut kept = sets::Sets::new();
    kept.add("X", sets::read(&repeated));
    assert_eq!((kept.len(), kept.dropped()), (sets::MAX_PRINTINGS_PER_ID, 3));
}
