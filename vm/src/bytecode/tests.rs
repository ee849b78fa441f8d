//! Unit tests of the op table's own consistency and of the loader's length checks on
//! hand-made byte strings (the integration tests in `vm/tests/it` use the public builder).

use super::format::{MAGIC, Section};
use super::operand::{BadBytes, read_varint, unzigzag, varint_len, write_varint, zigzag};
use super::ops::{GROUPS, OpFlag, Opcode};
use super::*;
use crate::catalogue::Catalogue;

/// A catalogue with nothing in it, for tests that need none of its names.
pub(super) static EMPTY: Catalogue = Catalogue { name: "empty", ..Catalogue::EMPTY };

#[test]
fn every_op_is_in_a_group_and_has_a_meaning() {
    for opcode in Opcode::ALL {
        let info = opcode.info();
        assert!(GROUPS.iter().any(|&(nibble, _)| nibble == info.byte >> 4), "{}", info.name);
        assert!(!info.meaning().is_empty(), "{}", info.name);
        assert_eq!(Opcode::from_byte(info.byte), Some(*opcode));
        assert_eq!(info.min_size, 1 + info.operands.iter().map(|operand| operand.kind.min_width).sum::<usize>());
        assert_eq!(info.max_size, 1 + info.operands.iter().map(|operand| operand.kind.max_width).sum::<usize>());
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
        write_varint(payload.len() as u32, &mut bytes);
        bytes.extend_from_slice(payload);
    }
    bytes
}

fn empty_sections() -> Vec<(Section, &'static [u8])> {
    let zero: &[u8] = &[0];
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
    let huge: &[u8] = &[0xff, 0xff, 0xff, 0xff, 0x0f];
    sections[0] = (Section::Strings, huge);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("4294967295 strings, more than the 65535 allowed"), "{error}");

    let many: &[u8] = &[0x80, 0x20, 0, 0, 0, 0];
    sections[0] = (Section::Strings, many);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("4096 strings cannot fit in the 4 bytes left"), "{error}");

    let long_string: &[u8] = &[1, 0x0f, 0xff, 0xff, 0xff, 0xff, 0x07, b'x'];
    sections[0] = (Section::Strings, long_string);
    let error = Program::load(&bundle(&sections), &EMPTY).expect_err("refused").to_string();
    assert!(error.ends_with("a string runs past the end of section STRS"), "{error}");
}

#[test]
fn an_overlong_section_length_is_refused() {
    let mut bytes = bundle(&[]);
    bytes.extend_from_slice(b"STRS");
    let at = bytes.len();
    bytes.extend_from_slice(&[0x81, 0x00, 0x00]);
    let error = Program::load(&bytes, &EMPTY).expect_err("overlong").to_string();
    assert_eq!(error, format!("corrupt bundle at offset {at}: the section length is not a minimal 32-bit varint"));
}

#[test]
fn varints_have_one_encoding() {
    for value in [0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 0xffff, 0x1f_ffff, 0x20_0000, 0x0fff_ffff, 0x1000_0000, u32::MAX] {
        let mut bytes = Vec::new();
        write_varint(value, &mut bytes);
        assert_eq!(bytes.len(), varint_len(value), "{value:#x}");
        let mut pos = 0;
        assert_eq!(read_varint(&bytes, &mut pos), Ok(value));
        assert_eq!(pos, bytes.len());
        // Every shorter prefix is truncated.
        for len in 0..bytes.len() {
            assert_eq!(read_varint(&bytes[..len], &mut 0), Err(BadBytes::Truncated), "{value:#x}");
        }
    }
    // Overlong forms (a zero last byte after a continuation) and values past 32 bits.
    for bytes in [&[0x80, 0x00][..], &[0xff, 0x00], &[0x80, 0x80, 0x00], &[0xff, 0xff, 0xff, 0xff, 0x10]] {
        assert_eq!(read_varint(bytes, &mut 0), Err(BadBytes::Invalid), "{bytes:02x?}");
    }
    assert_eq!(read_varint(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x01], &mut 0), Err(BadBytes::Invalid));
    for value in [0, 1, -1, 300, -300, i32::MAX, i32::MIN] {
        assert_eq!(unzigzag(zigzag(value)), value);
    }
    assert_eq!((zigzag(0), zigzag(-1), zigzag(1), zigzag(300)), (0, 1, 2, 600));
}

/// A `STRS` payload of front-coded strings: (shared, rest) pairs.
fn strings(pairs: &[(u8, &str)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_varint(pairs.len() as u32, &mut bytes);
    for (shared, rest) in pairs {
        bytes.push(shared << 4 | rest.len().min(15) as u8);
        if rest.len() >= 15 {
            write_varint(rest.len() as u32 - 15, &mut bytes);
        }
        bytes.extend_from_slice(rest.as_bytes());
    }
    bytes
}

#[test]
fn strings_share_as_much_as_they_can() {
    let load = |pairs: &[(u8, &str)]| {
        let payload = strings(pairs);
        let mut sections = empty_sections();
        sections[0] = (Section::Strings, &payload);
        Program::load(&bundle(&sections), &EMPTY).map(|program| program.strings().to_vec())
    };
    let loaded = load(&[(0, "A001-abduction"), (3, "2-activate"), (4, ""), (0, "x")]).expect("loads");
    assert_eq!(loaded, ["A001-abduction".into(), "A002-activate".into(), "A002".into(), "x".into()]);

    let error = load(&[(0, "A001"), (2, "01")]).expect_err("could share 4").to_string();
    assert!(error.ends_with("a string shares fewer bytes with the one before than it could"), "{error}");
    let error = load(&[(0, "A001"), (5, "")]).expect_err("shares more than there is").to_string();
    assert!(error.ends_with("a string shares 5 bytes of a string of 4"), "{error}");
    // Sharing is by bytes, so it may end inside a character; the whole string must be UTF-8.
    let error = load(&[(0, "\u{e9}"), (1, "\u{80}")]).expect_err("not UTF-8").to_string();
    assert!(error.ends_with("string 1 is not UTF-8"), "{error}");

    let loaded = load(&[(0, "a-long-key-of-twenty"), (2, "other-long-key-of-twenty")]).expect("loads");
    assert_eq!(loaded, ["a-long-key-of-twenty".into(), "a-other-long-key-of-twenty".into()]);

    // The shared prefix is capped at 15 bytes, so a long common prefix is shared only so far.
    let long = "a".repeat(30);
    let mut program = Program::load(&bundle(&empty_sections()), &EMPTY).expect("loads");
    program.strings = vec![long.clone().into(), format!("{long}b").into()];
    let bytes = program.to_bytes(true).expect("writes");
    let reloaded = Program::load(&bytes, &EMPTY).expect("loads");
    assert_eq!(reloaded.strings(), program.strings());
    // After the header, `STRS`, its length and the count, the first string: no shared
    // bytes, 15 + 15 more, the 30 bytes; then the second: 15 shared bytes, 15 + 1 more.
    let strs = bundle(&[]).len() + 4 + 1 + 1;
    assert_eq!(&bytes[strs..strs + 2], &[0x0f, 15]);
    assert_eq!(&bytes[strs + 32..strs + 34], &[0xff, 1]);
    let error = load(&[(0, &long), (14, &format!("{}b", &long[14..]))]).expect_err("could share 15").to_string();
    assert!(error.ends_with("a string shares fewer bytes with the one before than it could"), "{error}");
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

#[test]
fn sizes_agree_with_the_encoder() {
    let instrs = [
        Instr::Return {},
        Instr::LoadInt { a: Reg(3), imm: 0 },
        Instr::LoadInt { a: Reg(3), imm: -300 },
        Instr::LoadInt { a: Reg(3), imm: i32::MIN },
        Instr::LoadStr { a: Reg(0), s: StrIdx(0x7f) },
        Instr::LoadStr { a: Reg(0), s: StrIdx(0x80) },
        Instr::LoadStr { a: Reg(0), s: StrIdx(0xfffe) },
        Instr::LoadStr { a: Reg(0), s: StrIdx(0xffff) },
        Instr::Index { a: Reg(0), b: Reg(1), n: u16::MAX },
        Instr::Jump { target: Pc(0x4000) },
        Instr::IterNext { a: Reg(1), it: Reg(2), exit: Pc(200) },
        Instr::May { question: None, skip: Pc(1) },
        Instr::May { question: Some(StrIdx(0x7f)), skip: Pc(1) },
        Instr::May { question: Some(StrIdx(0xffff)), skip: Pc(1) },
        Instr::Restrict { restriction: RestrictionIdx(1), prefix: Some(RestrictionPrefixIdx(0xfffe)) },
        Instr::MakeAmount { a: Reg(0), b: Reg(0), mode: AmountMode::Mul },
        Instr::Fail { reason: FailReason::NoEffect },
    ];
    for instr in instrs {
        let mut bytes = Vec::new();
        let _ = instr.encode(&mut bytes);
        assert_eq!(instr.size(), bytes.len(), "{instr:?}");
    }
}

/// A bundle of one card keyed `k` with no parts, its flags byte `flags`.
fn one_card(flags: u8) -> Vec<u8> {
    let key = strings(&[(0, "k")]);
    let card = [1, flags, 0];
    let mut sections = empty_sections();
    sections[0] = (Section::Strings, &key);
    sections[5] = (Section::Cards, &card);
    bundle(&sections)
}

#[test]
fn a_card_flag_with_nothing_to_mark_is_refused() {
    let plain = one_card(0);
    let program = Program::load(&plain, &EMPTY).expect("loads");
    assert_eq!(program.cards().len(), 1);
    assert_eq!(program.to_bytes(false).expect("writes"), plain);
    // AUTO_COSTS (bit 7) on a card without autos: the writer would drop it, so loading
    // it would give the same card two encodings.
    let marked = one_card(0x80);
    let error = Program::load(&marked, &EMPTY).expect_err("refused").to_string();
    let at = marked.len() - 2;
    assert_eq!(error, format!("corrupt bundle at offset {at}: card flags 80 mark auto costs the card has none of"));
}
