//! `@next phase:effect` on a permanent: the next such phase after it entered, either
//! player's, once: its exact IR, its refusals, and what it does to the board.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Seer\nauto=@next upkeep:draw:1\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("next.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn a_next_trigger_is_a_phase_trigger_payable_once() {
    // The upkeep of either player, the auto costing `nextonce`.
    assert_eq!(ir_of("auto=@next upkeep:draw:1\ntype=Creature"), ["auto[any upkeep]: - draw ueot"]);
    let source = "[card]\nname=Test\nauto=@next upkeep:draw:1\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let costs: Vec<&str> =
        ir.autos[0].costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect();
    assert_eq!(costs, ["nextonce"]);
    // `@each` keeps no such cost.
    let source = "[card]\nname=Test\nauto=@each upkeep:draw:1\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    assert!(ir.autos[0].costs.is_empty());
}

#[test]
fn next_with_a_player_or_on_a_spell_is_refused() {
    for (card, refused) in [
        ("auto=@next my upkeep:draw:1\ntype=Creature", "unsupported: trigger `@next` other than `@next phase`"),
        ("auto=@next upkeep:draw:1\ntype=Instant", "unsupported: trigger on an instant or sorcery"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn the_trigger_fires_at_the_next_upkeep_whoever_s_and_then_never() {
    let init = "[PLAYER1]\nhand:Seer\nmanapool:{G}\nlibrary:Forest,Forest,Forest\n[PLAYER2]\n";
    // The opponent's upkeep is the next: its controller draws there.
    let expected = "DRAW\n[PLAYER1]\ninplay:Seer\nhand:Forest\nlibrary:Forest,Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Seer\neot\nnext\nnext\n", expected)), Verdict::Passed);
    // Its controller's own upkeep after that: no second card (only the draw step's).
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Seer\nhand:Forest,Forest\nlibrary:Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Seer\neot\neot\nnext\nnext\nnext\n", expected)), Verdict::Passed);
}
