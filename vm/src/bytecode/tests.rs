//! Unit tests of the op table's own consistency and of the loader's length checks on
//! hand-made byte strings (the integration tests in `vm/tests/it` use the public builder).

use super::format::{MAGIC, Section};
use super::ops::{GROUPS, OpFlag, Opcode};
use super::*;
use crate::catalogue::Catalogue;

static EMPTY: Catalogue = Catalogue {
    name: "empty",
    commands: &[],
    costs: &[],
    filters: &[],
    comparable_filters: &[],
    ranking_filters: &[],
    zones: &[],
    zone_prefixes: &[],
    card_types: &[],
    subtypes: &[],
    events: &[],
    event_prefixes: &[],
    event_suffixes: &[],
    abilities: &[],
    rule_switches: &[],
    selectors: &[],
    restrictions: &[],
    restriction_prefixes: &[],
    variables: &[],
    attributes: &[],
    functions: &[],
};

#[test]
fn every_op_is_in_a_group_and_has_a_meaning() {
    for opcode in Opcode::ALL {
        let info = opcode.info();
        assert!(GROUPS.iter().any(|&(nibble, _)| nibble == info.byte >> 4), "{}", info.name);
        assert!(!info.meaning().is_empty(), "{}", info.name);
        assert_eq!(Opcode::from_byte(info.byte), Some(*opcode));
        assert_eq!(info.size, 1 + info.operands.iter().map(|operand| operand.kind.width).sum::<usize>());
    }
    let ends: Vec<&str> = Opcode::ALL
        .iter()
        .map(|opcode| opcode.info())
        .filter(|info| info.has(OpFlag::Ends))
        .map(|info| info.name)
        .collect();
    assert_eq!(ends, ["Jump", "Return", "ReturnValue", "Fail"]);
}

/// A header for `EMPTY`, then `sections` as (tag, payload).
fn bundle(sections: &[(Section, &[u8])]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.push(EMPTY.name.len() as u8);
    bytes.extend_from_slice(EMPTY.name.as_bytes());
    bytes.extend_from_slice(&EMPTY.id().hash.to_le_bytes());
    for (section, payload) in sections {
        bytes.extend_from_slice(&section.tag());
        bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        bytes.extend_from_slice(payload);
    }
    bytes
}

fn empty_sections() -> Vec<(Section, &'static [u8])> {
    let zero: &[u8] = &[0, 0, 0, 0];
    vec![
        (Section::Strings, zero),
        (Section::Entries, zero),
        (Section::Filters, zero),
        (Section::Consts, zero),
        (Section::Code, &[]),
        (Section::Cards, zero),
    ]
}

#[test]
fn an_empty_bundle_loads() {
    let bytes = bundle(&empty_sections());
    let program = Program::load(&bytes, &EMPTY).expect("loads");
    assert!(program.cards().is_empty() && program.debug().is_none());
    assert_eq!(program.to_bytes(false).expect("writes"), bytes);
}

#[test]
fn counts_are_checked_before_anything_is_allocated() {
    let mut sections = empty_sections();
    let huge: &[u8] = &[0xff, 0xff, 0xff, 0xff];
    sections[0] = (Section::Strings, huge);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("4294967295 strings, more than the 65535 allowed"), "{error}");

    let many: &[u8] = &[0x00, 0x10, 0x00, 0x00, 0, 0, 0, 0];
    sections[0] = (Section::Strings, many);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("4096 strings cannot fit in the 4 bytes left"), "{error}");

    let long_string: &[u8] = &[1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, b'x'];
    sections[0] = (Section::Strings, long_string);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("a string runs past the end of section STRS"), "{error}");
}

#[test]
fn rows_map_offsets_to_lines() {
    let debug = DebugInfo {
        strings: vec!["a".into(), "b".into()],
        card_files: vec![0],
        entry_rows: vec![vec![
            LineRow { pc: Pc(0), line: 1, line_start: 0, span_start: 0, span_end: 1, text: 0 },
            LineRow { pc: Pc(6), line: 2, line_start: 2, span_start: 2, span_end: 3, text: 1 },
        ]],
    };
    let line = |pc| debug.row_at(EntryIdx(0), Pc(pc)).map(|row| row.line);
    assert_eq!((line(0), line(5), line(6), line(90)), (Some(1), Some(1), Some(2), Some(2)));
    assert_eq!(debug.row_at(EntryIdx(1), Pc(0)), None);
    assert_eq!(debug.file(CardIdx(0)), Some("a"));
}
