//! The `roundtrip` target: bytes read as an instruction stream (each instruction decoded
//! where it starts; a byte that starts none is skipped) must encode and decode back to the
//! same stream, each instruction's `size` must be its encoded length, and the stream as
//! the action of a one-card bundle must either be refused by the builder or the loader
//! with an error, or load with exactly these instructions and disassemble.

use vm::bytecode::{Action, BundleBuilder, Card, CodeBuilder, Instr, Pc, Program, disassemble, ops};
use vm::catalogue::Catalogue;

use crate::answers::Answers;

/// Most instructions taken from one input (an entry holds at most a few thousand).
const MAX_INSTRS: usize = 4096;

/// The instructions `data` holds, decoded greedily.
pub fn instructions(data: &[u8]) -> Vec<Instr> {
    let mut instrs = Vec::new();
    let mut at = 0;
    while at < data.len() && instrs.len() < MAX_INSTRS {
        match Instr::decode(data, at) {
            Ok((instr, size)) => {
                instrs.push(instr);
                at += size;
            }
            Err(_) => at += 1,
        }
    }
    instrs
}

/// Checks the round trips of the stream in `data`; tells whether it loaded as a bundle
/// (and so was disassembled and played).
pub fn check(data: &[u8], catalogue: &'static Catalogue) -> bool {
    let instrs = instructions(data);
    let code = ops::encode_code(&instrs).expect("a decoded instruction encodes");
    let decoded = ops::decode_code(&code).expect("an encoded stream decodes");
    assert_eq!(decoded.len(), instrs.len(), "the stream decodes to another number of instructions");
    let mut offset = 0;
    for ((at, back), instr) in decoded.iter().zip(&instrs) {
        assert_eq!(back, instr, "an instruction changed through encode and decode");
        assert_eq!(*at, offset, "an instruction starts elsewhere after encoding");
        offset += instr.size();
    }
    assert_eq!(offset, code.len(), "`size` disagrees with the encoding");
    !instrs.is_empty() && as_bundle(&instrs, catalogue, &data[data.len().saturating_sub(64)..])
}

/// Builds a bundle whose one card's action is `instrs`, each jump target `Pc(n)` taken as
/// instruction `n % len`; if it builds and loads, the loaded entry holds the same
/// instructions (targets as offsets) and the bundle disassembles.
fn as_bundle(instrs: &[Instr], catalogue: &'static Catalogue, answers: &[u8]) -> bool {
    let len = instrs.len();
    let mut code = CodeBuilder::new();
    let labels: Vec<_> = (0..len).map(|_| code.new_label()).collect();
    for (i, instr) in instrs.iter().enumerate() {
        code.bind(labels[i]);
        code.emit(instr.relabel(|Pc(n)| labels[usize::from(n) % len]));
    }
    let mut bundle = BundleBuilder::new(catalogue);
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("stream"));
    card.actions.push(Action { label: None, costs: Vec::new(), entry });
    bundle.add_card(card, "stream.rules");
    let Ok(bytes) = bundle.finish() else { return false };
    let Ok(program) = Program::load(&bytes, catalogue) else { return false };
    let loaded = &program.entries()[program.cards()[0].actions[0].entry.index()];
    assert_eq!(loaded.instrs().len(), len, "the loaded entry has another number of instructions");
    for (i, (instr, back)) in instrs.iter().zip(loaded.instrs()).enumerate() {
        let expected = instr.relabel(|Pc(n)| loaded.pcs()[usize::from(n) % len]);
        assert_eq!(*back, expected, "instruction {i} changed through the bundle");
    }
    let listing = disassemble(&program, catalogue);
    assert!(listing.lines().count() > len, "the listing lacks instructions:\n{listing}");
    // A verified bundle never reaches a panic, whatever its instructions ask of the
    // builtins: play it, with answers from the stream's own bytes.
    crate::play::play(program, &mut Answers::new(answers));
    true
}
