//! `preventalldamage to(...) from(mytgt)`: Wagic's `mytgt` of an ability is its target,
//! so the prevention is of the statement's targets, one-shot until end of turn; on cards
//! from their printed text: Rune of Protection: Red stops the damage of the red source
//! chosen (not another's), Leap of Faith the damage dealt to its target.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Rune of Protection: Red\n\
auto={W}:name(prevent damage) notatarget(*[red]|battlefield,stack,hand,graveyard) preventalldamage to(controller) from(mytgt) ueot\n\
text={W}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.\n\
mana={1}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Leap of Faith\ntarget=creature\nauto=preventalldamage to(mytgt) ueot\nauto=flying\n\
mana={2}{W}\ntype=Instant\n[/card]\n\
[card]\nname=Pyromancer\nauto={T}:damage:1 target(creature,player)\nmana={2}{R}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Firebrand\nauto={T}:damage:1 target(creature,player)\nmana={1}{R}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("prevent_mytgt.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn the_rune_prevents_the_damage_of_the_source_chosen_and_not_anothers() {
    let init = "[PLAYER1]\ninplay:Rune of Protection: Red,Pyromancer,Firebrand\nmanapool:{W}\n[PLAYER2]\n";
    // The Pyromancer chosen, its 1 damage to its controller is prevented.
    let chosen = "FIRSTMAIN\n[PLAYER1]\ninplay:Rune of Protection: Red,Pyromancer,Firebrand\nlife:20\n[PLAYER2]\n";
    let moves = "Rune of Protection: Red\nPyromancer\nPyromancer\np1\n";
    assert_eq!(verdict(init, moves, chosen), Verdict::Passed);
    // The Firebrand chosen, the Pyromancer's damage is dealt.
    let other = moves.replace("Red\nPyromancer\n", "Red\nFirebrand\n");
    assert_eq!(verdict(init, &other, &chosen.replace("life:20", "life:19")), Verdict::Passed);
    // The Pyromancer chosen, the damage it deals to the opponent is dealt.
    let opponent = moves.replace("p1\n", "p2\n");
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rune of Protection: Red,Pyromancer,Firebrand\nlife:20\n\
                    [PLAYER2]\nlife:19\n";
    assert_eq!(verdict(init, &opponent, expected), Verdict::Passed);
}

#[test]
fn leap_of_faith_prevents_the_damage_dealt_to_its_target() {
    let init = "[PLAYER1]\nhand:Leap of Faith\ninplay:Pyromancer,Goblin\nmanapool:{2}{W}\n[PLAYER2]\n";
    let saved = "FIRSTMAIN\n[PLAYER1]\ninplay:Pyromancer,Goblin\ngraveyard:Leap of Faith\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Leap of Faith\nGoblin\nPyromancer\nGoblin\n", saved), Verdict::Passed);
    // On the Pyromancer, the Goblin dies to its ping.
    let died = "FIRSTMAIN\n[PLAYER1]\ninplay:Pyromancer\ngraveyard:Leap of Faith,Goblin\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Leap of Faith\nPyromancer\nPyromancer\nGoblin\n", died), Verdict::Passed);
}

#[test]
fn mytgt_of_a_prevention_without_targets_and_a_counted_one_are_refused() {
    for (card, refusal) in [
        // A permanent's statement without a target: Wagic's `mytgt` is no card.
        ("auto={1}:preventalldamage from(mytgt) ueot\ntype=Artifact", "spec `mytgt` in a filter"),
        // A spec counted once by an activated ability: refused as before.
        (
            "auto={1}:preventalldamage to(creature) ueot\ntype=Artifact",
            "`preventalldamage` outside a permanent's static line",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refusal}")), "{card}");
    }
}
