//! `oneshot` on a line of one-shot effects (a Harbinger's `moveTo(library)
//! target(goblin|mylibrary) oneshot`): it changes nothing, the permanent's line runs once
//! as it enters; on a lasting effect it stays refused. The exact IR and refusals, and what
//! the cards do on the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), after Boggart Harbinger, Geistcatcher's
/// Rig and Ulasht, the Hate Seed.
const CARDS: &str = "[card]\nname=Harbinger\nauto=moveTo(library) target(goblin|mylibrary) oneshot\nmana={B}\n\
type=Creature\nsubtype=Goblin Shaman\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Rig\nauto=may damage:4 target(creature[flying]) oneshot\nmana={3}\ntype=Artifact Creature\n\
power=4\ntoughness=5\n[/card]\n\
[card]\nname=Hydra\nauto=foreach(other creature[red]|myBattlefield) counter(1/1,1) oneshot\nmana={R}\n\
type=Creature\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Divination\nauto=draw:1\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Bird\nabilities=flying\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("oneshot_line.txt", CARDS, test)
}

#[test]
fn oneshot_on_a_line_of_one_shot_effects_is_an_entering_auto() {
    assert_eq!(
        ir_of("auto=moveTo(library) target(goblin|mylibrary) oneshot\ntype=Creature"),
        ir_of("auto=moveTo(library) target(goblin|mylibrary)\ntype=Creature")
    );
    assert!(ir_of("auto=moveTo(library) target(goblin|mylibrary) oneshot\ntype=Creature")[0].starts_with("auto[]: "));
    // A lasting effect it would apply once, for good: refused.
    let refused = Some("unsupported: `oneshot` of a lasting effect outside `aslongas(...)`");
    assert_eq!(error_of("auto=lord(creature) 1/1 oneshot\ntype=Creature").as_deref(), refused);
    assert_eq!(error_of("auto=fog from(other creature) oneshot\ntype=Creature").as_deref(), refused);
}

#[test]
fn a_harbinger_puts_a_card_of_its_type_on_top_of_the_library() {
    // The Goblin searched is the card the next draw takes.
    let init = "[PLAYER1]\nhand:Harbinger,Divination\nlibrary:Goblin,Forest\nmanapool:{B}{U}\n[PLAYER2]\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Harbinger\nhand:Goblin\nlibrary:Forest\ngraveyard:Divination\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Harbinger\nchoice 0\nGoblin\nDivination\n", expected)), Verdict::Passed);
}

#[test]
fn the_rig_may_deal_4_damage_to_a_flier_as_it_enters() {
    let init = "[PLAYER1]\nhand:Rig\nmanapool:{3}\n[PLAYER2]\ninplay:Bird\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rig\n[PLAYER2]\ngraveyard:Bird\n";
    assert_eq!(verdict(&test(init, "Rig\nchoice 0\nBird\n", expected)), Verdict::Passed);
}

#[test]
fn a_counter_for_each_match_is_put_once_as_it_enters() {
    // The 0/0 Hydra with another red creature: a 1/1 that stays; with none, it dies.
    let init = "[PLAYER1]\nhand:Hydra\ninplay:Goblin\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Goblin,Hydra\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Hydra\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Hydra\ninplay:Bird\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Bird\ngraveyard:Hydra\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Hydra\n", expected)), Verdict::Passed);
}
