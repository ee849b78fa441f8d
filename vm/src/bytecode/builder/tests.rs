//! Tests of the code and bundle builders.

use crate::bytecode::operand::{Codec, JumpTarget};
use crate::bytecode::ops::EncodeError;
use crate::bytecode::tests::EMPTY;
use crate::bytecode::write::item_range;
use crate::bytecode::*;

/// Emits `instrs` (jump targets are instruction indices, made labels) into a builder.
fn build(instrs: &[Instr]) -> CodeBuilder {
    let mut code = CodeBuilder::new();
    let labels: Vec<Label> = (0..instrs.len()).map(|_| code.new_label()).collect();
    for (index, instr) in instrs.iter().enumerate() {
        code.bind(labels[index]);
        code.emit(instr.relabel(|target| labels[usize::from(target.0)]));
    }
    code
}

fn encoded(code: &CodeBuilder) -> (Result<Vec<u8>, BuildError>, Option<EncodeError>) {
    let (mut out, mut unencodable) = (Vec::new(), None);
    let result = code.encode(&mut out, &mut unencodable).map(|()| out);
    (result, unencodable)
}

#[test]
fn code_is_encoded_with_targets_of_every_width() {
    for n_instrs in [3, 128, 129, 300] {
        let last = n_instrs as u16 - 1;
        let instrs: Vec<Instr> = (0..n_instrs)
            .map(|index| match index % 3 {
                _ if index == n_instrs - 1 => Instr::Return {},
                0 => Instr::JumpIfNot { a: Reg(1), target: Pc(last) },
                1 => Instr::IterNext { a: Reg(2), it: Reg(3), exit: Pc(index as u16 / 2) },
                _ => Instr::LoadInt { a: Reg(0), imm: -300 },
            })
            .collect();
        let code = build(&instrs);
        assert_eq!(code.len(), n_instrs);
        let expected = ops::encode_code(&instrs).unwrap();
        assert_eq!(code.current_pc(), expected.len());
        assert_eq!(encoded(&code), (Ok(expected), None));
    }
}

/// `CodeBuilder` writes a jump's target in place of the last byte the jump was emitted with.
#[test]
fn a_jump_target_is_its_ops_last_operand() {
    for op in Opcode::ALL {
        let kinds: Vec<&str> = op.info().operands.iter().map(|operand| operand.kind.name).collect();
        let targets = kinds.iter().filter(|&&kind| kind == <JumpTarget as Codec>::INFO.name).count();
        assert!(targets <= 1, "{kinds:?}");
        if targets == 1 {
            assert_eq!(kinds.last(), Some(&<JumpTarget as Codec>::INFO.name), "{}", op.info().name);
        }
    }
}

#[test]
fn operands_of_one_byte_and_more_are_encoded_alike() {
    // Around the one-byte limits of each operand kind.
    for value in [0u32, 1, 0x7e, 0x7f, 0x80, 0x3fff, 0x4000, 0xfffe] {
        let instrs = [
            Instr::LoadInt { a: Reg(3), imm: value as i32 },
            Instr::LoadInt { a: Reg(3), imm: -(value as i32) },
            Instr::Index { a: Reg(1), b: Reg(2), n: value as u16 },
            Instr::CallFn { a: Reg(0), func: FunctionIdx(value), base: Reg(1), argc: 2 },
            Instr::Restrict { restriction: RestrictionIdx(value), prefix: Some(RestrictionPrefixIdx(value)) },
            Instr::May { question: None, skip: Pc(0) },
            Instr::Return {},
        ];
        let code = build(&instrs);
        let expected = ops::encode_code(&instrs).unwrap();
        assert_eq!(encoded(&code), (Ok(expected), None), "{value:#x}");
    }
}

#[test]
fn misused_labels_and_limits_are_reported() {
    let mut code = CodeBuilder::new();
    let never_bound = code.new_label();
    code.emit(Instr::Jump { target: never_bound });
    assert_eq!(code.current_pc(), 4, "an unbound target counts at its widest");
    assert_eq!(encoded(&code).0, Err(BuildError::Label("label 0 used but never bound".into())));

    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::Jump { target: end });
    code.bind(end);
    assert_eq!(encoded(&code).0, Err(BuildError::Label("label 0 is bound after the last instruction".into())));

    let mut code = CodeBuilder::new();
    code.emit(Instr::StoreLocal { slot: Local(4), b: Reg(0) });
    code.emit(Instr::Call { cmd: CommandIdx::new(0), base: Reg(250), argc: 10 });
    code.emit(Instr::Return {});
    let expected = "an entry using 260 registers and 5 locals (at most 256 each)";
    assert_eq!(encoded(&code).0, Err(BuildError::Limit(expected.into())));

    // The frame counts the instructions whose bytes were not final when emitted too.
    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::Jump { target: end });
    code.emit(Instr::LoadStr { a: Reg(7), s: StrIdx(operand::MAX_INDEX + 1) });
    code.emit(Instr::StoreLocal { slot: Local(4), b: Reg(0) });
    code.emit(Instr::Call { cmd: CommandIdx::new(0), base: Reg(250), argc: 10 });
    code.bind(end);
    code.emit(Instr::Return {});
    assert_eq!(encoded(&code).0, Err(BuildError::Limit(expected.into())));
}

#[test]
fn an_operand_that_does_not_fit_is_reported_and_its_bytes_counted() {
    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::LoadStr { a: Reg(7), s: StrIdx(operand::MAX_INDEX + 1) });
    code.emit(Instr::Jump { target: end });
    code.bind(end);
    code.emit(Instr::Return {});
    assert_eq!(code.len(), 3);
    // The opcode and register of `LoadStr` are counted, as `Instr::size` counts them.
    assert_eq!(code.current_pc(), 2 + 2 + 1);
    let (result, unencodable) = encoded(&code);
    assert_eq!(result.map(|bytes| bytes.len()), Ok(code.current_pc()));
    assert_eq!(unencodable, Some(EncodeError { op: "LoadStr", operand: "s" }));

    let mut bundle = BundleBuilder::new(&EMPTY);
    bundle.add_entry(code);
    let expected = "entry 0: operand `s` of LoadStr does not fit its encoding";
    assert_eq!(bundle.finish(), Err(BuildError::Limit(expected.into())));

    // A jump whose other operand does not fit: the first error in emitting order is kept.
    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::Target { f: FilterIdx(operand::MAX_INDEX + 1), exit: end });
    code.emit(Instr::LoadStr { a: Reg(7), s: StrIdx(operand::MAX_INDEX + 1) });
    code.bind(end);
    code.emit(Instr::Return {});
    assert_eq!(code.current_pc(), 1 + 2 + 1);
    let (result, unencodable) = encoded(&code);
    assert_eq!(result.map(|bytes| bytes.len()), Ok(code.current_pc()));
    assert_eq!(unencodable, Some(EncodeError { op: "Target", operand: "f" }));
}

#[test]
fn filters_differing_in_any_field_are_told_apart() {
    let term = |atom| TypeTerm { exclude_source: false, negate: false, plural: false, atom };
    let keyword = Term { negated: false, kind: TermKind::Keyword(FilterKeywordIdx(0)) };
    let compare =
        |op, value| Term { negated: false, kind: TermKind::Compare { property: ComparableIdx(0), op, value } };
    let rank = |word| Term { negated: false, kind: TermKind::Rank { ranking: RankingIdx(0), word } };
    let base = Filter {
        qty: None,
        types: vec![term(TypeAtom::CardType(CardTypeIdx(1)))],
        type_op: TypeOp::Choice,
        pick: None,
        terms: vec![],
        zone: ZoneRef { prefix: None, zone: ZoneIdx(2) },
        selector: None,
    };
    // Each differs from `base` (and from the others) in one field.
    let variants: Vec<Filter> = vec![
        Filter { qty: Some(Qty::Exact(1)), ..base.clone() },
        Filter { qty: Some(Qty::Random(1)), ..base.clone() },
        Filter { qty: Some(Qty::Range { min: 1, max: 2 }), ..base.clone() },
        Filter { qty: Some(Qty::Range { min: 2, max: 1 }), ..base.clone() },
        Filter { qty: Some(Qty::All), ..base.clone() },
        Filter { types: vec![term(TypeAtom::Subtype(SubtypeIdx(1)))], ..base.clone() },
        Filter { types: vec![term(TypeAtom::CardType(CardTypeIdx(u32::MAX)))], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Any)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Player)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Players)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Me)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Opp)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::This)], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Name(StrIdx(3)))], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Expr(EntryIdx(4)))], ..base.clone() },
        Filter { types: vec![TypeTerm { plural: true, ..term(TypeAtom::Any) }], ..base.clone() },
        Filter { types: vec![TypeTerm { negate: true, ..term(TypeAtom::Any) }], ..base.clone() },
        Filter { types: vec![TypeTerm { exclude_source: true, ..term(TypeAtom::Any) }], ..base.clone() },
        Filter { type_op: TypeOp::Union, ..base.clone() },
        Filter { pick: Some(0), ..base.clone() },
        Filter { pick: Some(-1), ..base.clone() },
        Filter { zone: ZoneRef { prefix: Some(ZonePrefixIdx(0)), zone: ZoneIdx(2) }, ..base.clone() },
        Filter { zone: ZoneRef { prefix: None, zone: ZoneIdx(u32::MAX) }, ..base.clone() },
        Filter { terms: vec![vec![keyword]], ..base.clone() },
        Filter { terms: vec![vec![Term { negated: true, ..keyword }]], ..base.clone() },
        Filter { terms: vec![vec![Term { negated: false, kind: TermKind::CardType(CardTypeIdx(0)) }]], ..base.clone() },
        Filter { terms: vec![vec![Term { negated: false, kind: TermKind::Subtype(SubtypeIdx(0)) }]], ..base.clone() },
        Filter { terms: vec![vec![compare(CompareOp::Ge, 800)]], ..base.clone() },
        Filter { terms: vec![vec![compare(CompareOp::Ge, -800)]], ..base.clone() },
        Filter { terms: vec![vec![compare(CompareOp::Lt, 800)]], ..base.clone() },
        Filter { terms: vec![vec![rank(0)]], ..base.clone() },
        Filter { terms: vec![vec![rank(1)]], ..base.clone() },
        Filter { selector: Some(Selector { selector: SelectorIdx(0), arg: EntryIdx(0) }), ..base.clone() },
        Filter { qty: Some(Qty::Computed { value: EntryIdx(0), up_to: false }), ..base.clone() },
        Filter { qty: Some(Qty::Computed { value: EntryIdx(0), up_to: true }), ..base.clone() },
        Filter { qty: Some(Qty::Computed { value: EntryIdx(1), up_to: false }), ..base.clone() },
        Filter {
            terms: vec![vec![Term {
                negated: false,
                kind: TermKind::CompareComputed { property: ComparableIdx(0), op: CompareOp::Le, value: EntryIdx(0) },
            }]],
            ..base.clone()
        },
        Filter { terms: vec![vec![keyword, rank(0)]], ..base.clone() },
        Filter { terms: vec![vec![keyword], vec![rank(0)]], ..base.clone() },
        Filter { types: vec![term(TypeAtom::Any), term(TypeAtom::Me)], ..base.clone() },
    ];
    let mut bundle = BundleBuilder::new(&EMPTY);
    let first = bundle.add_filter(base.clone());
    let indices: Vec<FilterIdx> = variants.iter().map(|filter| bundle.add_filter(filter.clone())).collect();
    assert_eq!(bundle.add_filter(base), first);
    for (index, filter) in indices.iter().zip(&variants) {
        assert_ne!(*index, first, "{filter:?}");
        assert_eq!(bundle.add_filter(filter.clone()), *index, "{filter:?}");
    }
    let distinct: std::collections::HashSet<FilterIdx> = indices.iter().copied().collect();
    assert_eq!(distinct.len(), variants.len());
    // Borrowed parts are the same filter as the owned one.
    for (index, filter) in indices.iter().zip(&variants) {
        let terms: Vec<&[Term]> = filter.terms.iter().map(Vec::as_slice).collect();
        let parts = FilterParts {
            qty: filter.qty,
            types: &filter.types,
            type_op: filter.type_op,
            pick: filter.pick,
            terms: &terms,
            zone: filter.zone,
            selector: filter.selector,
        };
        assert_eq!(bundle.add_filter(parts), *index, "{filter:?}");
    }
}

#[test]
fn constants_are_told_apart() {
    let consts = [
        Const::Pile(ZoneRef { prefix: None, zone: ZoneIdx(0) }),
        Const::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(0)), zone: ZoneIdx(0) }),
        Const::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(u32::MAX)), zone: ZoneIdx(u32::MAX) }),
        Const::Pile(ZoneRef { prefix: None, zone: ZoneIdx(1) }),
        Const::Word { command: CommandIdx(0), param: 0, word: 0 },
        Const::Word { command: CommandIdx(0), param: 1, word: 0 },
        Const::Word { command: CommandIdx(0), param: 0, word: 1 },
        Const::Word { command: CommandIdx(u32::MAX), param: u8::MAX, word: u16::MAX },
        Const::RuleSwitch(RuleSwitchIdx(0)),
        Const::RuleSwitch(RuleSwitchIdx(u32::MAX)),
    ];
    let mut bundle = BundleBuilder::new(&EMPTY);
    let indices: Vec<ConstIdx> = consts.iter().map(|&constant| bundle.add_const(constant)).collect();
    assert_eq!(indices, (0..consts.len()).map(ConstIdx::new).collect::<Vec<_>>());
    for (&constant, &idx) in consts.iter().zip(&indices) {
        assert_eq!(bundle.add_const(constant), idx);
    }
}

/// Adds `JumpIfNot r0`, `LoadInt`, `Return`, its jump bound to instruction `target` (1 or
/// 2), or to none. Whatever the target, the builder emits the same bytes: a jump's target
/// is `0` until the entry is added.
fn add_jumping_entry(bundle: &mut BundleBuilder<'_>, target: Option<usize>) -> EntryIdx {
    let mut code = CodeBuilder::new();
    let end = code.new_label();
    code.emit(Instr::JumpIfNot { a: Reg(0), target: end });
    for (index, instr) in [(1, Instr::LoadInt { a: Reg(0), imm: 300 }), (2, Instr::Return {})] {
        if target == Some(index) {
            code.bind(end);
        }
        code.emit(instr);
    }
    bundle.add_entry(code)
}

#[test]
fn stripped_entries_are_shared_and_their_errors_kept() {
    let mut bundle = BundleBuilder::new(&EMPTY);
    bundle.set_strip(true);
    let first = add_jumping_entry(&mut bundle, Some(2));
    assert_eq!(add_jumping_entry(&mut bundle, Some(2)), first);
    // `JumpIfNot r0`, then its target: the `Return`, instruction 2.
    assert_eq!(bundle.code.item(first.index()).get(..3), Some(&[Opcode::JumpIfNot as u8, 0, 2][..]));
    let unbound = add_jumping_entry(&mut bundle, None);
    assert_ne!(unbound, first);
    assert_eq!(bundle.finish(), Err(BuildError::Label("label 0 used but never bound".into())));
}

#[test]
fn stripped_entries_emitted_alike_but_jumping_elsewhere_stay_apart() {
    let mut bundle = BundleBuilder::new(&EMPTY);
    bundle.set_strip(true);
    let (to_1, to_2) = (add_jumping_entry(&mut bundle, Some(1)), add_jumping_entry(&mut bundle, Some(2)));
    assert_ne!(to_1, to_2);
    assert_eq!(add_jumping_entry(&mut bundle, Some(2)), to_2);
    assert_eq!(bundle.code.item(to_1.index()).get(..3), Some(&[Opcode::JumpIfNot as u8, 0, 1][..]));
    assert_eq!(bundle.code.item(to_2.index()).get(..3), Some(&[Opcode::JumpIfNot as u8, 0, 2][..]));
    assert!(bundle.finish().is_ok());
}

#[test]
fn item_ranges_follow_the_ends() {
    let ends = [2, 2, 5];
    assert_eq!([0, 1, 2, 3].map(|index| item_range(&ends, index)), [0..2, 2..2, 2..5, 5..5]);
    assert_eq!(item_range(&[], 0), 0..0);
}

#[test]
fn a_code_builder_handed_out_again_is_empty() {
    let mut bundle = BundleBuilder::new(&EMPTY);
    let mut code = bundle.code_builder();
    let end = code.new_label();
    code.emit(Instr::Jump { target: end });
    code.bind(end);
    code.emit(Instr::Return {});
    bundle.add_entry(code);
    let mut reused = bundle.code_builder();
    assert!(reused.is_empty());
    assert_eq!(reused.new_label(), Label(0), "its labels start again");
    reused.emit(Instr::Return {});
    assert_eq!(bundle.add_entry(reused), EntryIdx(1));
    assert!(bundle.finish().is_ok());
}
