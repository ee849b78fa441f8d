//! `teach(spec) effect` on an instant or sorcery: the effect on the spell's one target
//! card when the spec matches it as the spell resolves, nothing (and no failure) else.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Dream\ntarget=*\nauto=teach(*[-red;-green]) moveTo(ownerhand)\n\
auto=teach(*[red;green]) moveTo(ownerlibrary)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Page\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("teach.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn a_spells_teach_is_its_effect_on_its_target_under_a_test_of_the_spec() {
    // Each line acts on the spell's target (no target of its own), under an `if`.
    assert_eq!(
        ir_of("target=*\nauto=teach(*[-red;-green]) moveTo(ownerhand)\ntype=Instant"),
        ["action[0]: - moveto ueot"]
    );
    let source = "[card]\nname=Test\ntarget=creature\nauto=teach(creature[white]) damage:3\ntype=Instant\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [action] = ir.actions else { panic!("one action") };
    let [statement] = action.statements else { panic!("one statement") };
    assert!(matches!(statement.condition, Some(compiler::ir::Condition::If(_))), "{:?}", statement.condition);
    assert!(statement.otherwise.is_some_and(|otherwise| otherwise.body.chain.is_empty()));
    // A spell whose target may be a player has no one card to teach.
    assert_eq!(
        error_of("target=creature,player\nauto=teach(creature) damage:3\ntype=Instant").as_deref(),
        Some("unsupported: `teach(...)` on a spell whose `target=` is not one card")
    );
}

#[test]
fn consign_to_dream_puts_a_green_permanent_on_top_of_its_library_and_others_in_hand() {
    let init = "[PLAYER1]\nhand:Dream\ninplay:Bear,Page\nmanapool:{U}\n[PLAYER2]\n";
    let green = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Dream\ninplay:Page\nlibrary:Bear\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Dream\nBear\n", green), Verdict::Passed);
    let white = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Dream\ninplay:Bear\nhand:Page\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Dream\nPage\n", white), Verdict::Passed);
}
