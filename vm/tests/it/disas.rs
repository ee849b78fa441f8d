//! The disassembler's text for the small bundle, with and without debug information.

use expect_test::expect;
use vm::bytecode::disas::disassemble_card;
use vm::bytecode::*;

use crate::catalogue::{TEST, small_bundle};

#[test]
fn disassembly_with_source_lines() {
    let program = Program::load(&small_bundle(false), &TEST).expect("loads");
    expect![[r#"
        bundle for test#00562cd2, format 1: 1 card, 2 entries, debug info

        card ryu (ryu.rules)
          target? F0
          action 0 "Hadoken" {F}{D(2)}: e0
          auto ~oppEndPhase:once~ e1
          F0 = <1>character[frozen]@oppRing
          F1 = character@oppRing
          K0 = pile ctrlDeck

          e0 action 0 (1 regs, 0 locals)
             2 | action = {F}{D(2)}: damage(300) to(character@oppRing); [[may 'Draw?']] draw(1) && moveTo(ctrlDeck)
               |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          0000  Target F1 @002f
          0005  LoadInt r0 300
          000b  Call damage r0 1
          0010  EndStatement
             2 | action = {F}{D(2)}: damage(300) to(character@oppRing); [[may 'Draw?']] draw(1) && moveTo(ctrlDeck)
               |                                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          0011  May "Draw?" @002e
          0016  LoadInt r0 1
          001c  Call draw r0 1
          0021  JumpIfFailed @002d
          0024  LoadConst r0 K0
          0028  Call moveTo r0 1
          002d  EndStatement
          002e  Return
          002f  Fail no-targets

          e1 auto 0 (2 regs, 0 locals)
             3 | auto = ~oppEndPhase:once~ [[if me.hp < 1000]] +unblockable ueot
               |                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          0000  LoadVar r0 me
          0004  GetAttr r0 r0 hp
          0009  LoadInt r1 1000
          000f  Lt r0 r0 r1
          0013  JumpIfNot r0 @001f
          0017  Restrict ueot -
          001c  Grant unblockable
          001f  EndStatement
          0020  Return
    "#]]
    .assert_eq(&disassemble(&program, &TEST));
}

#[test]
fn disassembly_of_a_stripped_card() {
    let program = Program::load(&small_bundle(true), &TEST).expect("loads");
    let text = disassemble_card(&program, &TEST, "ryu").expect("ryu is there");
    expect![[r#"
        bundle for test#00562cd2, format 1: 1 card, 2 entries

        card ryu
          target? F0
          action 0 "Hadoken" {F}{D(2)}: e0
          auto ~oppEndPhase:once~ e1
          F0 = <1>character[frozen]@oppRing
          F1 = character@oppRing
          K0 = pile ctrlDeck

          e0 action 0 (1 regs, 0 locals)
          0000  Target F1 @002f
          0005  LoadInt r0 300
          000b  Call damage r0 1
          0010  EndStatement
          0011  May "Draw?" @002e
          0016  LoadInt r0 1
          001c  Call draw r0 1
          0021  JumpIfFailed @002d
          0024  LoadConst r0 K0
          0028  Call moveTo r0 1
          002d  EndStatement
          002e  Return
          002f  Fail no-targets

          e1 auto 0 (2 regs, 0 locals)
          0000  LoadVar r0 me
          0004  GetAttr r0 r0 hp
          0009  LoadInt r1 1000
          000f  Lt r0 r0 r1
          0013  JumpIfNot r0 @001f
          0017  Restrict ueot -
          001c  Grant unblockable
          001f  EndStatement
          0020  Return
    "#]]
    .assert_eq(&text);
    assert!(disassemble_card(&program, &TEST, "ken").is_none());
}
