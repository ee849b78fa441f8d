//! Loading untrusted bytes: every single-byte change and every truncation of a small
//! bundle is either refused with an error or loads, verifies and writes back unchanged;
//! each header failure has its own one-line message; the verifier refuses bad code.

use vm::bytecode::*;

use crate::catalogue::{DAMAGE, DRAW, OTHER, TEST, small_bundle};

fn load_error(bytes: &[u8]) -> String {
    match Program::load(bytes, &TEST) {
        Ok(_) => panic!("the bytes loaded"),
        Err(error) => error.to_string(),
    }
}

/// Loads `bytes`; when they load, checks what a loaded program promises.
fn load_or_refuse(bytes: &[u8]) -> Result<(), LoadError> {
    let program = Program::load(bytes, &TEST)?;
    assert_eq!(program.to_bytes(false).expect("writes"), bytes, "loaded bytes are canonical");
    assert!(!disassemble(&program, &TEST).is_empty(), "a loaded program disassembles");
    Ok(())
}

#[test]
fn every_single_byte_change_is_refused_or_loads() {
    for strip in [false, true] {
        let bundle = small_bundle(strip);
        assert!(bundle.len() < 700, "keep the bundle small: {} bytes", bundle.len());
        let (mut refused, mut loaded) = (0, 0);
        let mut mutated = bundle.clone();
        for offset in 0..bundle.len() {
            for delta in 1..=255u8 {
                mutated[offset] = bundle[offset].wrapping_add(delta);
                match load_or_refuse(&mutated) {
                    Ok(()) => loaded += 1,
                    Err(error) => {
                        assert!(!error.to_string().contains('\n'), "one line: {error}");
                        refused += 1;
                    }
                }
            }
            mutated[offset] = bundle[offset];
        }
        assert_eq!(refused + loaded, bundle.len() * 255);
        assert!(refused > loaded, "{refused} refused, {loaded} loaded");
    }
}

#[test]
fn every_truncation_is_refused() {
    let bundle = small_bundle(false);
    let stripped_len = small_bundle(true).len();
    for len in 0..bundle.len() {
        match Program::load(&bundle[..len], &TEST) {
            // Cutting exactly the debug section leaves a valid stripped bundle.
            Ok(_) => assert_eq!(len, stripped_len),
            Err(error) => assert!(!error.to_string().contains('\n')),
        }
    }
}

#[test]
fn the_header_failures_say_which() {
    assert_eq!(load_error(b""), "not an .rsb bundle");
    assert_eq!(load_error(b"#!/bin/sh\n"), "not an .rsb bundle");

    let bundle = small_bundle(true);
    let mut newer = bundle.clone();
    newer[8..10].copy_from_slice(&3u16.to_le_bytes());
    assert_eq!(load_error(&newer), "format version 3 is newer than this runtime's 2");
    let mut older = bundle.clone();
    older[8..10].copy_from_slice(&1u16.to_le_bytes());
    assert_eq!(load_error(&older), "format version 1 is older than this runtime's 2");

    let error = Program::load(&bundle, &OTHER).expect_err("another catalogue refuses it");
    assert_eq!(error.to_string(), format!("built against catalogue {}, this runtime has {}", TEST.id(), OTHER.id()));
    assert!(matches!(error, LoadError::CatalogueMismatch { .. }));
    assert_ne!(TEST.id().hash, OTHER.id().hash);

    // A text-mode copy turns "\r\n" into "\n".
    let mut translated = bundle[..4].to_vec();
    translated.extend_from_slice(&bundle[5..]);
    assert_eq!(
        load_error(&translated),
        "corrupt bundle at offset 4: magic bytes damaged, as by newline or end-of-file translation"
    );
    assert_eq!(load_error(&bundle[..6]), "corrupt bundle at offset 6: the header ends early");
}

#[test]
fn corruption_names_the_offset() {
    let bundle = small_bundle(true);
    let mut extra = bundle.clone();
    extra.push(0);
    assert_eq!(
        load_error(&extra),
        format!("corrupt bundle at offset {}: section DBUG runs past the end of the bundle", bundle.len())
    );
    let mut wrong_tag = bundle.clone();
    wrong_tag.extend_from_slice(b"JUNK\0\0\0\0");
    assert_eq!(
        load_error(&wrong_tag),
        format!("corrupt bundle at offset {}: expected section DBUG, found JUNK", bundle.len())
    );
}

/// The offset of the first byte of entry 0's code in `bundle`: past the `CODE` tag and
/// the varint of the section length.
fn code_start(bundle: &[u8]) -> usize {
    let tag = bundle.windows(4).position(|window| window == b"CODE").expect("a CODE section");
    let length_bytes = bundle[tag + 4..].iter().position(|&byte| byte < 0x80).expect("a length") + 1;
    tag + 4 + length_bytes
}

#[test]
fn jumps_must_land_on_an_instruction() {
    let bundle = small_bundle(true);
    let program = Program::load(&bundle, &TEST).expect("loads");
    let entry = program.entry(EntryIdx(0)).expect("entry 0");
    let (pc, instr) = entry.iter().find(|(_, instr)| matches!(instr, Instr::May { .. })).expect("entry 0 asks `may`");
    let n_instrs = entry.instrs().len();
    // May question:str? skip:target — the bundle stores `skip` as an instruction index, in
    // the May's last byte; point it past the last instruction.
    let instr_at = code_start(&bundle) + usize::from(pc.0);
    let next_pc = entry.pcs()[entry.instr_index(pc).expect("an instruction") + 1];
    let skip_at = code_start(&bundle) + usize::from(next_pc.0) - 1;
    assert_eq!(bundle[skip_at], (n_instrs - 2) as u8, "skip lands on the Return");
    let mut bad = bundle.clone();
    bad[skip_at] = n_instrs as u8;
    assert_eq!(
        load_error(&bad),
        format!(
            "corrupt bundle at offset {instr_at}: entry 0 at {:04x}: May: operand `skip`: \
             jump target {n_instrs} is not an instruction of this entry (it has {n_instrs})",
            pc.0,
        )
    );
    let Instr::May { question, .. } = *instr else { unreachable!("found a May") };
    // Any index below the count lands on an instruction: the offset follows.
    bad[skip_at] = 1;
    let moved = Program::load(&bad, &TEST).expect("loads");
    let skip = moved.entry(EntryIdx(0)).expect("entry 0").instrs()[entry.instr_index(pc).expect("May")];
    assert_eq!(skip, Instr::May { question, skip: entry.pcs()[1] });
}

#[test]
fn register_and_local_counts_follow_from_the_code() {
    let program = Program::load(&small_bundle(true), &TEST).expect("loads");
    let counts: Vec<(usize, usize)> =
        program.entries().iter().map(|entry| (entry.n_regs(), entry.n_locals())).collect();
    assert_eq!(counts, [(1, 0), (2, 0)]);

    let mut code = CodeBuilder::new();
    code.emit(Instr::StoreLocal { slot: Local(3), b: Reg(7) });
    code.emit(Instr::Call { cmd: DRAW, base: Reg(9), argc: 1 });
    code.emit(Instr::Return {});
    let program = Program::load(&build(code).expect("builds"), &TEST).expect("loads");
    let entry = program.entry(EntryIdx(0)).expect("entry 0");
    assert_eq!((entry.n_regs(), entry.n_locals()), (10, 4));

    let mut code = CodeBuilder::new();
    code.emit(Instr::Call { cmd: DRAW, base: Reg(255), argc: 2 });
    code.emit(Instr::Return {});
    let error = build(code).expect_err("a window past r255").to_string();
    assert!(error.contains("257 registers"), "{error}");
}

/// The offset of the first card's flags byte in `bundle` (one card: a one-byte count).
fn card_flags_at(bundle: &[u8]) -> usize {
    let tag = bundle.windows(4).position(|window| window == b"CARD").expect("a CARD section");
    let length_bytes = bundle[tag + 4..].iter().position(|&byte| byte < 0x80).expect("a length") + 1;
    tag + 4 + length_bytes + 1
}

#[test]
fn flags_take_only_their_listed_values() {
    let bundle = small_bundle(true);
    let at = card_flags_at(&bundle);
    // ryu: `target?` (2 in bits 1-2), actions and autos.
    assert_eq!(bundle[at], 2 << 1 | 0x20 | 0x40);
    let flags = bundle[at] | 0x06;
    let mut bad = bundle.clone();
    bad[at] = flags;
    assert_eq!(
        load_error(&bad),
        format!("corrupt bundle at offset {at}: card flags {flags:02x} have an unknown bit set")
    );
    // With the auto-costs flag, each auto record must end with a cost block it lacks.
    let mut bad = bundle.clone();
    bad[at] |= 0x80;
    assert!(load_error(&bad).starts_with("corrupt bundle at offset"));
    // Without the actions flag, what followed is read as the autos: the bytes no longer fit.
    let mut bad = bundle.clone();
    bad[at] &= !0x20;
    assert!(load_error(&bad).starts_with("corrupt bundle at offset"));
}

#[test]
fn current_pc_is_the_byte_offset() {
    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::JumpIfNot { a: Reg(0), target: end });
    assert_eq!(code.current_pc(), 5, "an unbound target counts 3 bytes");
    code.emit(Instr::LoadInt { a: Reg(0), imm: 300 });
    code.bind(end);
    assert_eq!(code.current_pc(), 7, "bound to instruction 2: one byte");
    code.emit(Instr::Return {});
    assert_eq!(code.current_pc(), 8);
    let program = Program::load(&build(code).expect("builds"), &TEST).expect("loads");
    let entry = program.entry(EntryIdx(0)).expect("entry 0");
    assert_eq!((entry.pcs(), entry.code_len()), (&[Pc(0), Pc(3), Pc(7)][..], 8));
    assert_eq!(entry.instrs()[0], Instr::JumpIfNot { a: Reg(0), target: Pc(7) });
}

#[test]
fn stripped_bundles_share_identical_entries() {
    let build_two = |strip: bool| {
        let mut bundle = BundleBuilder::new(&TEST);
        bundle.set_strip(strip);
        for key in ["a", "b"] {
            let mut code = CodeBuilder::new();
            code.emit(Instr::LoadInt { a: Reg(0), imm: 300 });
            code.emit(Instr::Call { cmd: DAMAGE, base: Reg(0), argc: 1 });
            code.emit(Instr::Return {});
            let entry = bundle.add_entry(code);
            let mut card = Card::new(bundle.intern(key));
            card.actions.push(Action { label: None, costs: vec![], entry });
            bundle.add_card(card, &format!("{key}.rules"));
        }
        Program::load(&bundle.finish().expect("builds"), &TEST).expect("loads")
    };
    let shared = build_two(true);
    assert_eq!(shared.entries().len(), 1);
    assert_eq!(shared.cards()[0].actions[0].entry, shared.cards()[1].actions[0].entry);
    // With debug information each card keeps its own entry (and its own source rows).
    assert_eq!(build_two(false).entries().len(), 2);
}

fn build(code: CodeBuilder) -> Result<Vec<u8>, BuildError> {
    let mut bundle = BundleBuilder::new(&TEST);
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, "card.rules");
    bundle.finish()
}

#[test]
fn the_verifier_refuses_bad_code() {
    let mut code = CodeBuilder::new();
    code.emit(Instr::Call { cmd: DAMAGE, base: Reg(0), argc: 0 });
    code.emit(Instr::Return {});
    let error = build(code).expect_err("damage needs an argument").to_string();
    assert!(error.ends_with("entry 0 at 0000: Call: 0 arguments to `damage`, which takes 1"), "{error}");

    let mut code = CodeBuilder::new();
    code.emit(Instr::LoadInt { a: Reg(0), imm: 1 });
    let error = build(code).expect_err("no exit").to_string();
    assert!(error.ends_with("LoadInt is last, so control can run off the end"), "{error}");

    let mut code = CodeBuilder::new();
    code.emit(Instr::Call { cmd: CommandIdx(99), base: Reg(0), argc: 0 });
    code.emit(Instr::Return {});
    let error = build(code).expect_err("no such command").to_string();
    assert!(error.ends_with("operand `cmd`: command 99 out of range (there are 5)"), "{error}");

    let mut code = CodeBuilder::new();
    let nowhere = code.new_label();
    code.emit(Instr::Jump { target: nowhere });
    let error = build(code).expect_err("unbound label").to_string();
    assert_eq!(error, "bad label: label 0 used but never bound");
}

#[test]
fn an_entry_cannot_reach_itself_through_a_filter() {
    let mut bundle = BundleBuilder::new(&TEST);
    // Entry 0 resolves F0, whose type is the expression entry 0.
    let filter = bundle.add_filter(Filter {
        qty: None,
        types: vec![TypeTerm {
            exclude_source: false,
            negate: false,
            plural: false,
            atom: TypeAtom::Expr(EntryIdx(0)),
        }],
        type_op: TypeOp::Choice,
        pick: None,
        terms: vec![],
        zone: ZoneRef { prefix: None, zone: ZoneIdx(0) },
        selector: None,
    });
    let mut code = CodeBuilder::new();
    code.emit(Instr::Resolve { a: Reg(0), f: filter });
    code.emit(Instr::ReturnValue { a: Reg(0) });
    bundle.add_entry(code);
    let error = bundle.finish().expect_err("a cycle").to_string();
    assert!(error.ends_with("entry 0 can reach itself through the filters it uses"), "{error}");
}

/// A filter whose quantity and comparison read a computed value, entry 0: it loads and
/// writes back unchanged, and an entry reaching itself through that value is refused.
#[test]
fn a_computed_quantity_and_comparison_load_and_are_checked_for_cycles() {
    let computed = |value: EntryIdx| Filter {
        qty: Some(Qty::Computed { value, up_to: true }),
        types: vec![TypeTerm { exclude_source: false, negate: false, plural: false, atom: TypeAtom::Any }],
        type_op: TypeOp::Choice,
        pick: None,
        terms: vec![vec![Term {
            negated: true,
            kind: TermKind::CompareComputed { property: ComparableIdx(0), op: CompareOp::Le, value },
        }]],
        zone: ZoneRef { prefix: None, zone: ZoneIdx(0) },
        selector: None,
    };
    let bundle_of = |filter: Filter| {
        let mut bundle = BundleBuilder::new(&TEST);
        let mut value = CodeBuilder::new();
        value.emit(Instr::LoadInt { a: Reg(0), imm: 2 });
        value.emit(Instr::ReturnValue { a: Reg(0) });
        let value = bundle.add_entry(value);
        let filter = bundle.add_filter(filter);
        let mut code = CodeBuilder::new();
        code.emit(Instr::Resolve { a: Reg(0), f: filter });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern("card"));
        card.actions.push(Action { label: None, costs: vec![], entry });
        bundle.add_card(card, "card.rules");
        (bundle.finish(), value)
    };
    let (bytes, value) = bundle_of(computed(EntryIdx(0)));
    assert_eq!(value, EntryIdx(0));
    let bytes = bytes.expect("the bundle builds");
    load_or_refuse(&bytes).expect("the bundle loads");
    // Entry 1 resolves a filter whose computed value is entry 1 itself.
    let (cyclic, _) = bundle_of(computed(EntryIdx(1)));
    let error = cyclic.expect_err("a cycle").to_string();
    assert!(error.ends_with("entry 1 can reach itself through the filters it uses"), "{error}");
}
