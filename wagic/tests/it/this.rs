//! `this(variable{controllerturn}>0)` and `this(variable{opponentturn}>0)` before a lasting
//! effect: its exact IR, its refusals, and the effect holding only in the turns it names.

use std::sync::Arc;

use compiler::ir::{Condition, Expr};

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Night Watch\nauto=this(variable{opponentturn}>0) lord(creature|mybattlefield) 0/2\n\
type=Enchantment\n[/card]\n\
[card]\nname=Day Watch\nauto=this(variable{controllerturn} > 0) lord(creature|mybattlefield) 0/2\n\
type=Enchantment\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("this.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

/// The condition of the one auto of a card, written out (`None` without one).
fn condition_of(card: &str) -> Option<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let name = |index: usize| wagic::CATALOGUE.functions[index].name;
    ir.autos[0].statements[0].condition.map(|condition| match condition {
        Condition::If(Expr::Call(function, [])) => format!("{}()", name(function.index())),
        Condition::If(Expr::Not(Expr::Call(function, []))) => format!("not {}()", name(function.index())),
        other => format!("{other:?}"),
    })
}

#[test]
fn a_turn_test_is_the_condition_of_a_continuous_effect() {
    // A lord's effect, run again after every change, on every match while the test holds.
    let night = "auto=this(variable{opponentturn}>0) lord(creature|mybattlefield) 0/2\ntype=Enchantment";
    assert_eq!(ir_of(night), ["auto[continuous]: filterNone pump"]);
    assert_eq!(condition_of(night).as_deref(), Some("not myturn()"));
    // On the card itself.
    let day = "auto=this(variable{controllerturn}>0) 1/1\ntype=Creature";
    assert_eq!(ir_of(day), ["auto[continuous]: - pump"]);
    assert_eq!(condition_of(day).as_deref(), Some("myturn()"));
}

#[test]
fn other_tests_and_one_shot_effects_under_this_are_refused() {
    for (card, refused) in [
        (
            "auto=this(variable{urzatron}>0) 1/1\ntype=Creature",
            "unsupported: `this(...)` other than `this(variable{controllerturn}>0)` or `this(variable{opponentturn}>0)`",
        ),
        (
            "auto=this(variable{controllerturn}) 1/1\ntype=Creature",
            "unsupported: `this(...)` other than `this(variable{controllerturn}>0)` or `this(variable{opponentturn}>0)`",
        ),
        (
            "auto=this(variable{controllerturn}>0) draw:1 controller\ntype=Creature",
            "unsupported: `this(...)` of a one-shot effect or with `may`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn the_effect_holds_only_in_the_turns_its_test_names() {
    // On the opponent's turn, Night Watch's creatures have +0/+2: Shock leaves the Bears;
    // Day Watch's bonus ended with its controller's turn: Shock kills them.
    let moves = "eot\nnext\nnext\nnext\nMountain\nShock\nGrizzly Bears\n";
    let board = |watch: &str, bears: &str| {
        let init = format!("[PLAYER1]\ninplay:{watch},Grizzly Bears\n[PLAYER2]\nhand:Shock\ninplay:Mountain\n");
        let expected = format!("FIRSTMAIN\n[PLAYER1]\n{bears}[PLAYER2]\ninplay:Mountain\ngraveyard:Shock\n");
        verdict(&test(&init, moves, &expected))
    };
    assert_eq!(board("Night Watch", "inplay:Night Watch,Grizzly Bears\n"), Verdict::Passed);
    assert_eq!(board("Day Watch", "inplay:Day Watch\ngraveyard:Grizzly Bears\n"), Verdict::Passed);
    // On its controller's own turn Night Watch gives nothing: their own Shock kills them.
    let init = "[PLAYER1]\ninplay:Night Watch,Grizzly Bears,Mountain\nhand:Shock\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Night Watch,Mountain\ngraveyard:Shock,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Mountain\nShock\nGrizzly Bears\n", expected)), Verdict::Passed);
}
