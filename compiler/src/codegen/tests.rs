//! Codegen tests: small cards compiled into a bundle, loaded back against the CFC
//! catalogue and disassembled, compared with `test_data/codegen/*.disas`
//! (`UPDATE_EXPECT=1` rewrites them); every corpus card compiles and its bundle verifies.

use crate::session::{Session, SourceFile};
use crate::{Diagnostic, Severity};
use vm::bytecode::{BundleBuilder, Program, disassemble};

/// Compiles `cards` (key, source) into one bundle and returns its disassembly.
fn disassemble_cards(cards: &[(&str, &str)]) -> String {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    for (key, source) in cards {
        let diagnostics = session.compile_card(key, source, &mut bundle);
        assert!(diagnostics.iter().all(|d| d.severity() == Severity::Warning), "{key}: {diagnostics:#?}");
    }
    let bytes = bundle.finish().expect("the bundle builds");
    let program = Program::load(&bytes, &stdlib::CATALOGUE).expect("the bundle loads");
    disassemble(&program, &stdlib::CATALOGUE)
}

macro_rules! snapshot {
    ($name:ident, $file:literal, $source:expr) => {
        #[test]
        fn $name() {
            let text = disassemble_cards(&[(stringify!($name), $source)]);
            expect_test::expect_file![concat!("../../test_data/codegen/", $file)].assert_eq(&text);
        }
    };
}

snapshot!(damage, "damage.disas", "action = damage(300) to(character@oppRing)\n");

snapshot!(
    chains,
    "chains.disas",
    "action = discard(character) || destroy()\n\
     action = {F}: moveRevealedTo(ctrlDeck, -1) && moveTo(ctrlDeck, -1, true) & shuffle?(ctrlDeck); copyAbility(prevTgt.0) to(character)\n\
     label = Discard\n\
     label = Reveal\n"
);

snapshot!(
    conditions,
    "conditions.disas",
    "action = [[if me.hand.size > opp.hand.size]] discard(all) & draw(opp.hand.size) [[elif me.hand.size < opp.hand.size]] target(opp) discard(all) & draw(me.hand.size) [[else]] damage(300) to(this); [[may 'Draw?']] draw(1); [[if alone and not soloAttack]] bp(x2) target(this) ueot\n\
     action = [[if alone]] draw(1) [[elif soloAttack]] draw(2)\n\
     label = Compare hands\n\
     label = Draw\n"
);

snapshot!(
    loops,
    "loops.disas",
    "action = destroy() target(^characters@myRing); each(card in destroyed => bp(+300)); each(card.bp <= 300 in me.hand => bp(+200)) target(this); each(characters[attack] => draw() && sp(+1)); [[if all card.bp <= 300 in me.ring]] playExtraChar()\n"
);

snapshot!(
    autos,
    "autos.disas",
    "abilities = unblockable\n\
     action = [[if flipCoin()]] draw(2); [[if me.hand.size == 0]] +pierce\n\
     auto = ~oppEndPhase:once, myAttacks:action~ [[if me.hand.size == 0]] +pierce ueot\n"
);

snapshot!(auto_cost, "auto_cost.disas", "auto = {D(reaction)}{F}: ~myEndPhase~ hp(discarded.size)\n");

snapshot!(hook, "hook.disas", "auto = ?oppCanBlock:this? [[if attacker.bp > 300 or inUAttack(attacker)]]\n");

snapshot!(
    vars_and_filters,
    "vars_and_filters.disas",
    "target = <1>character[frozen,bp>=800&-attack]@oppRing; \"Juni\"&\"Juli\"<1>@myDeck\n\
     requisite = character<1>@myRing && character<1>@oppRing\n\
     vars = _char := tgt.0; _card := tgt.1\n\
     action = {D(2)}{S(<**>character@myRing)}: reveal() target(_card); [[if isChar(_card)]] bp(=_card.bp) to(_char) [[else]] destroy() target(characters::not(tgt))\n"
);

snapshot!(
    expressions,
    "expressions.disas",
    "vars = _big := card.bp >= 500 in me.ring; _n := -(me.hand.size % 3) + discarded.size * 100 / 2 - 1\n\
     action = [[if _big.size != 0 and not flipCoin() or this.bp < 300]] damage(_n) to?(opp,character@oppRing); moveTo(ctrlDeck, ?, true) target(tgt.0); each(card in me.hand => each(card in opp.hand => draw()))\n\
     target = character\n"
);

/// Errors are reported and nothing is added to the bundle.
#[test]
fn errors_emit_nothing() {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    let diagnostics = session.compile_card("bad", "action = damag(300)\n", &mut bundle);
    assert!(diagnostics.iter().any(|d| d.severity() == Severity::Error));
    let bytes = bundle.finish().expect("an empty bundle builds");
    let program = Program::load(&bytes, &stdlib::CATALOGUE).expect("loads");
    assert!(program.cards().is_empty() && program.entries().is_empty() && program.filters().is_empty());
}

/// Warnings are returned and the card is still emitted.
#[test]
fn warnings_still_emit() {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    let diagnostics = session.compile_card("warned", "action = draw() ueot\n", &mut bundle);
    assert_eq!(diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["W0002"]);
    let bytes = bundle.finish().expect("builds");
    let program = Program::load(&bytes, &stdlib::CATALOGUE).expect("loads");
    assert!(program.card_by_key("warned").is_some());
}

/// Runs the control flow of action 0 of card `key`: every `Call` is recorded by command
/// name and fails when it is `discard`; `Confirm` is declined when `decline`; value ops are
/// ignored. Returns the commands called.
fn trace(program: &Program, key: &str, decline: bool) -> Vec<&'static str> {
    use vm::bytecode::{Instr, Pc};
    let card = program.card(program.card_by_key(key).expect("card")).expect("card");
    let entry = program.entry(card.actions[0].entry).expect("entry");
    let (mut index, mut ok, mut called) = (0, true, Vec::new());
    let jump = |pc: Pc| entry.instr_index(pc).expect("jump target");
    while let Some(instr) = entry.instrs().get(index) {
        index += 1;
        match *instr {
            Instr::Call { cmd, .. } => {
                let name = stdlib::CATALOGUE.commands[cmd.index()].name;
                called.push(name);
                ok = name != "discard";
            }
            Instr::Confirm { skip, .. } if decline => {
                ok = true;
                index = jump(skip);
            }
            Instr::JumpIfFailed { target } if !ok => index = jump(target),
            Instr::JumpIfSucceeded { target } if ok => index = jump(target),
            Instr::Jump { target } => index = jump(target),
            Instr::EndStatement {} => ok = true,
            Instr::Return {} | Instr::Fail { .. } | Instr::ReturnValue { .. } => break,
            _ => {}
        }
    }
    called
}

/// The chain table of the reference (§3.5), with `discard` failing and `draw`, `sp`, `hp`
/// succeeding: `||` skips exactly the next effect, `&&` ends the statement.
#[test]
fn chains_run_as_the_reference_says() {
    let rows: &[(&str, bool, &[&str])] = &[
        ("discard(1) || sp(1) & hp(1)", false, &["discard", "sp", "hp"]),
        ("draw() || sp(1) & hp(1)", false, &["draw", "hp"]),
        ("discard(1) && sp(1) || hp(1)", false, &["discard"]),
        ("draw() && sp(1) || hp(1)", false, &["draw", "sp"]),
        ("discard(1) || sp(1) || hp(1)", false, &["discard", "sp"]),
        ("draw() || discard(1) || hp(1)", false, &["draw"]),
        ("discard(1) || draw() && sp(1)", false, &["discard", "draw", "sp"]),
        ("discard?(1) || sp(1)", true, &[]),
        ("draw?() && sp(1)", true, &["sp"]),
        ("draw?() && sp(1)", false, &["draw", "sp"]),
        ("discard(1) && sp(1); hp(1)", false, &["discard", "hp"]),
    ];
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    for (index, (chain, _, _)) in rows.iter().enumerate() {
        let diagnostics = session.compile_card(&format!("row{index}"), &format!("action = {chain}\n"), &mut bundle);
        assert!(diagnostics.is_empty(), "{chain}: {diagnostics:#?}");
    }
    let program = Program::load(&bundle.finish().expect("builds"), &stdlib::CATALOGUE).expect("loads");
    for (index, (chain, decline, expected)) in rows.iter().enumerate() {
        assert_eq!(trace(&program, &format!("row{index}"), *decline), *expected, "{chain}");
    }
}

/// Every corpus card compiles, alone and all together, and the bundles load and verify.
#[test]
fn corpus_compiles_and_verifies() {
    let Some(dir) = crate::tests::corpus_dir() else { return };
    let files = crate::tests::rules_files(&dir);
    assert!(!files.is_empty());
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut all = BundleBuilder::new(&stdlib::CATALOGUE);
    for path in &files {
        let source = std::fs::read_to_string(path).expect("corpus file is UTF-8");
        let key = path.file_stem().and_then(|stem| stem.to_str()).expect("UTF-8 file name");
        let file = path.file_name().and_then(|name| name.to_str()).expect("UTF-8 file name");
        let mut alone = BundleBuilder::new(&stdlib::CATALOGUE);
        let diagnostics = session.compile_file(key, file, &source, &mut alone);
        assert!(diagnostics.iter().all(|d| d.severity() == Severity::Warning), "{key}: {diagnostics:#?}");
        let bytes = alone.finish().unwrap_or_else(|error| panic!("{key}: {error}"));
        let program = Program::load(&bytes, &stdlib::CATALOGUE).unwrap_or_else(|error| panic!("{key}: {error}"));
        assert!(program.card_by_key(key).is_some());
        assert!(disassemble(&program, &stdlib::CATALOGUE).contains(key));
        session.compile_file(key, file, &source, &mut all);
    }
    let bytes = all.finish().expect("the corpus bundle builds");
    let program = Program::load(&bytes, &stdlib::CATALOGUE).expect("the corpus bundle loads");
    assert_eq!(program.cards().len(), files.len());
}

/// Compiling files in one batch gives the bundle and the diagnostics that compiling them
/// one by one gives, with a card with errors, one with a warning and a duplicated shape.
#[test]
fn a_batch_compiles_as_file_by_file_does() {
    let sources = [
        ("fireball", "action = damage(300) target(character@oppRing)\n"),
        ("typo", "action = damag(300)\nlabel = \"x\"\n"),
        ("warned", "action = draw() ueot\n"),
        ("bad-filter", "action = destroy() target(charactr@oppRing)\n"),
        ("again", "action = damage(300) target(character@oppRing)\nauto = ~myEndPhase~ draw()\n"),
    ];
    let files: Vec<SourceFile<'_>> =
        sources.iter().map(|&(key, source)| SourceFile { key, file: key, source }).collect();
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut one_by_one = BundleBuilder::new(&stdlib::CATALOGUE);
    let expected: Vec<Vec<Diagnostic>> =
        files.iter().map(|file| session.compile_file(file.key, file.file, file.source, &mut one_by_one)).collect();
    let mut batched = BundleBuilder::new(&stdlib::CATALOGUE);
    let diagnostics = session.compile_files(&files, &mut batched);
    assert_eq!(diagnostics, expected);
    assert_eq!(diagnostics.iter().map(Vec::len).collect::<Vec<_>>(), [0, 1, 1, 1, 0]);
    assert_eq!(batched.finish().expect("builds"), one_by_one.finish().expect("builds"));
}
