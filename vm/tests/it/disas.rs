//! The disassembler's text for the small bundle, with and without debug information.

use expect_test::expect;
use vm::bytecode::disas::disassemble_card;
use vm::bytecode::*;

use crate::catalogue::{TEST, small_bundle};

#[test]
fn disassembly_with_source_lines() {
    let program = Program::load(&small_bundle(false), &TEST).expect("loads");
    expect![[r#"
        bundle for test#00562cd2, format 2: 1 card, 2 entries, debug info

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
          0000  Target F1 @0021
          0003  LoadInt r0 300
          0007  Call damage r0 1
          000b  EndStatement
             2 | action = {F}{D(2)}: damage(300) to(character@oppRing); [[may 'Draw?']] draw(1) && moveTo(ctrlDeck)
               |                                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          000c  May "Draw?" @0020
          000f  LoadInt r0 1
          0012  Call draw r0 1
          0016  JumpIfFailed @001f
          0018  LoadConst r0 K0
          001b  Call moveTo r0 1
          001f  EndStatement
          0020  Return
          0021  Fail no-targets

          e1 auto 0 (2 regs, 0 locals)
             3 | auto = ~oppEndPhase:once~ [[if me.hp < 1000]] +unblockable ueot
               |                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          0000  LoadVar r0 me
          0003  GetAttr r0 r0 hp
          0007  LoadInt r1 1000
          000b  Lt r0 r0 r1
          000f  JumpIfNot r0 @0017
          0012  Restrict ueot -
          0015  Grant unblockable
          0017  EndStatement
          0018  Return
    "#]]
    .assert_eq(&disassemble(&program, &TEST));
}

#[test]
fn disassembly_of_a_stripped_card() {
    let program = Program::load(&small_bundle(true), &TEST).expect("loads");
    let text = disassemble_card(&program, &TEST, "ryu").expect("ryu is there");
    expect![[r#"
        bundle for test#00562cd2, format 2: 1 card, 2 entries

        card ryu
          target? F0
          action 0 "Hadoken" {F}{D(2)}: e0
          auto ~oppEndPhase:once~ e1
          F0 = <1>character[frozen]@oppRing
          F1 = character@oppRing
          K0 = pile ctrlDeck

          e0 action 0 (1 regs, 0 locals)
          0000  Target F1 @0021
          0003  LoadInt r0 300
          0007  Call damage r0 1
          000b  EndStatement
          000c  May "Draw?" @0020
          000f  LoadInt r0 1
          0012  Call draw r0 1
          0016  JumpIfFailed @001f
          0018  LoadConst r0 K0
          001b  Call moveTo r0 1
          001f  EndStatement
          0020  Return
          0021  Fail no-targets

          e1 auto 0 (2 regs, 0 locals)
          0000  LoadVar r0 me
          0003  GetAttr r0 r0 hp
          0007  LoadInt r1 1000
          000b  Lt r0 r0 r1
          000f  JumpIfNot r0 @0017
          0012  Restrict ueot -
          0015  Grant unblockable
          0017  EndStatement
          0018  Return
    "#]]
    .assert_eq(&text);
    assert!(disassemble_card(&program, &TEST, "ken").is_none());
}
