//! A permanent's `aslongas(spec) sacrifice <n` (and `all(this) sacrifice while <n`): the
//! card sacrificed as soon as the count holds, on entering or after any later change: the
//! exact IR, the refusals, and what it does on the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Dragon\nauto=aslongas(artifact|myBattlefield) sacrifice <1\nmana={R}\ntype=Creature\n\
power=6\ntoughness=5\n[/card]\n\
[card]\nname=Crocodile\nauto=aslongas(other creature|myBattlefield) all(this) sacrifice while <1\nmana={G}\n\
type=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Mox\ntype=Artifact\n[/card]\n\
[card]\nname=Rod\ntype=Artifact\n[/card]\n\
[card]\nname=Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shatter\ntarget=artifact\nauto=destroy\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Murder\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("self_sacrifice.txt", CARDS, test)
}

#[test]
fn a_self_sacrifice_is_a_continuous_auto_on_the_battlefield_after_the_count() {
    // The test of the card's zone, then the count check and the move.
    for line in [
        "aslongas(artifact|myBattlefield) sacrifice <1",
        "aslongas(other creature|myBattlefield) all(this) sacrifice while <1",
        "aslongas(dwarf|myBattlefield) all(this) sacrifice while >0",
    ] {
        let ir = ir_of(&format!("auto={line}\ntype=Creature"));
        assert_eq!(ir.len(), 1, "{line}");
        assert!(ir[0].starts_with("auto[continuous]: ") && ir[0].ends_with(" aslongas,moveto"), "{line}: {ir:?}");
    }
    let source = "[card]\nname=Test\nauto=aslongas(artifact|myBattlefield) sacrifice <1\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let card = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let Some(compiler::ir::Condition::If(compiler::ir::Expr::Call(function, args))) =
        card.autos[0].statements[0].condition
    else {
        panic!("a zone test")
    };
    assert_eq!(wagic::CATALOGUE.functions[function.index()].name, "inzone");
    assert!(matches!(args[1], compiler::ir::Expr::Str("battlefield")));
    // Any other one-shot effect runs once as the permanent enters (`counted_entering.rs`).
    for line in ["aslongas(treefolk|myhand) untap", "aslongas(enchantment|mybattlefield) life:3 controller"] {
        assert_eq!(ir_of(&format!("auto={line}\ntype=Creature"))[0].get(..8), Some("auto[]: "), "{line}");
    }
    // `while` belongs to `aslongas` only.
    assert_eq!(error_of("auto=sacrifice while <1\ntype=Creature").as_deref(), Some("unsupported: word `while`"));
}

#[test]
fn the_card_is_sacrificed_once_its_count_holds_and_not_before() {
    // Two artifacts, one destroyed: the Dragon stays.
    let init = "[PLAYER1]\ninplay:Dragon,Mox,Rod\nhand:Shatter\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Dragon,Rod\ngraveyard:Shatter,Mox\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Shatter\nMox\n", expected)), Verdict::Passed);
    // The last one destroyed: it is sacrificed.
    let init = "[PLAYER1]\ninplay:Dragon,Mox\nhand:Shatter\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shatter,Mox,Dragon\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Shatter\nMox\n", expected)), Verdict::Passed);
    // Entering with no other creature, the Crocodile goes at once; with one, it stays
    // until that one dies.
    let init = "[PLAYER1]\nhand:Crocodile\nmanapool:{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Crocodile\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Crocodile\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Crocodile,Murder\ninplay:Bears\nmanapool:{G}{B}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Crocodile,Bears\nhand:Murder\nmanapool:{B}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Crocodile\n", expected)), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Murder,Bears,Crocodile\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Crocodile\nMurder\nBears\n", expected)), Verdict::Passed);
}
