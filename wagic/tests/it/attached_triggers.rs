//! Triggers of an Aura or an Equipment about the permanent it is attached to (Wagic's
//! `mytgt`), on cards from their printed text: the enchanted or equipped creature dying
//! fires them though the Aura falls off with it (its last known attachment), an unrelated
//! creature dying does not; an Equipment's trigger on its creature attacking acts on that
//! creature, and on a land entering pumps it.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Squee's Embrace\ntarget=creature\nauto=2/2\n\
auto=@movedTo(mytgt|graveyard) from(battlefield):all(trigger[to]) moveTo(ownerhand)\n\
mana={R}{W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Fate Foretold\ntarget=creature\nauto=draw:1 controller\n\
auto=@movedTo(mytgt|graveyard) from(battlefield):draw:1 targetcontroller\n\
mana={1}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Skullclamp\nauto=1/-1\nauto=@movedto(graveyard) from(mytgt|battlefield):draw:2 controller\nauto={1}:equip\n\
text=Equipped creature gets +1/-1. -- When equipped creature is put into a graveyard, draw two cards. -- Equip {1}\n\
mana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Armory of Iroas\nauto={2}:equip\nauto=@combat(attacking) source(mytgt):counter(1/1,1)\n\
mana={2}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Adventuring Gear\nauto={1}:equip\nauto=@movedTo(land|myBattlefield):2/2 ueot\n\
text=Landfall - Whenever a land enters the battlefield under your control, equipped creature gets +2/+2 until end of turn. -- Equip {1}\n\
mana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Terror\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Shatter\ntarget=artifact\nauto=destroy\nmana={1}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Page\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("attached_triggers.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn the_enchanted_creature_dying_returns_to_its_owners_hand_and_another_dying_does_not() {
    let init = "[PLAYER1]\nhand:Squee's Embrace,Terror\ninplay:Grizzly Bears\nmanapool:{R}{W}{B}\n\
                [PLAYER2]\ninplay:Page\n";
    // Terror on the enchanted Bears: the Aura falls off, the Bears come back to the hand.
    let died = "FIRSTMAIN\n[PLAYER1]\nhand:Grizzly Bears\ninplay:\ngraveyard:Squee's Embrace,Terror\n\
                [PLAYER2]\ninplay:Page\n";
    assert_eq!(verdict(init, "Squee's Embrace\nGrizzly Bears\nTerror\nGrizzly Bears\n", died), Verdict::Passed);
    // Terror on the Page: it stays in the graveyard, the Bears keep their Aura.
    let other = "FIRSTMAIN\n[PLAYER1]\nhand:\ninplay:Grizzly Bears,Squee's Embrace\ngraveyard:Terror\n\
                 [PLAYER2]\ngraveyard:Page\ninplay:\n";
    assert_eq!(verdict(init, "Squee's Embrace\nGrizzly Bears\nTerror\nPage\n", other), Verdict::Passed);
}

#[test]
fn the_enchanted_creatures_controller_draws_as_it_dies() {
    // Fate Foretold on the opponent's Page: its caster draws as it enters; the Page
    // dies, and its controller draws though the Aura enchants nothing by then.
    let init = "[PLAYER1]\nhand:Fate Foretold,Terror\nlibrary:Forest\nmanapool:{1}{U}{B}\n\
                [PLAYER2]\ninplay:Page,Grizzly Bears\nlibrary:Island\n";
    let died = "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ngraveyard:Fate Foretold,Terror\n\
                [PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Page\nhand:Island\nlibrary:\n";
    assert_eq!(verdict(init, "Fate Foretold\nPage\nTerror\nPage\n", died), Verdict::Passed);
    // The Bears die instead: nobody draws, the Aura stays on the Page.
    let other = "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ninplay:Fate Foretold\ngraveyard:Terror\n\
                 [PLAYER2]\ninplay:Page\ngraveyard:Grizzly Bears\nhand:\nlibrary:Island\n";
    assert_eq!(verdict(init, "Fate Foretold\nPage\nTerror\nGrizzly Bears\n", other), Verdict::Passed);
}

#[test]
fn the_equipped_creature_dying_draws_two_cards_and_another_dying_does_not() {
    // Skullclamp on the Page makes it 2/0: it dies, two cards are drawn, the Skullclamp
    // stays on the battlefield.
    let init = "[PLAYER1]\ninplay:Skullclamp,Page,Grizzly Bears\nhand:Terror\nlibrary:Forest,Island\n\
                manapool:{1}{B}\n[PLAYER2]\n";
    let died = "FIRSTMAIN\n[PLAYER1]\ninplay:Skullclamp,Grizzly Bears\ngraveyard:Page\nhand:Terror,Forest,Island\n\
                library:\nmanapool:{B}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Skullclamp\nPage\n", died), Verdict::Passed);
    // On the Bears (3/1), Terror on the Page: no card drawn.
    let other = "FIRSTMAIN\n[PLAYER1]\ninplay:Skullclamp,Grizzly Bears\ngraveyard:Page,Terror\nhand:\n\
                 library:Forest,Island\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Skullclamp\nGrizzly Bears\nTerror\nPage\n", other), Verdict::Passed);
    // Terror on the equipped Bears: two cards.
    let equipped = "FIRSTMAIN\n[PLAYER1]\ninplay:Skullclamp,Page\ngraveyard:Grizzly Bears,Terror\n\
                    hand:Forest,Island\nlibrary:\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Skullclamp\nGrizzly Bears\nTerror\nGrizzly Bears\n", equipped), Verdict::Passed);
    // The Skullclamp itself destroyed: its attachment ends, its creature does not die,
    // nothing is drawn.
    let init = "[PLAYER1]\ninplay:Skullclamp,Grizzly Bears\nhand:Shatter\nlibrary:Forest,Island\n\
                manapool:{1}{1}{R}\n[PLAYER2]\n";
    let shattered = "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Skullclamp,Shatter\nhand:\n\
                     library:Forest,Island\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Skullclamp\nGrizzly Bears\nShatter\nSkullclamp\n", shattered), Verdict::Passed);
}

#[test]
fn the_equipped_creature_attacking_gets_the_counter_and_another_attacking_does_not() {
    let init = "[PLAYER1]\ninplay:Armory of Iroas,Grizzly Bears,Page\nmanapool:{2}\n[PLAYER2]\n";
    // The equipped Bears attack: a +1/+1 counter, 3 damage.
    let attack = |attacker: &str| format!("Armory of Iroas\nGrizzly Bears\nnext\nnext\n{attacker}\nnext\nnext\nnext\n");
    let bears = "COMBATEND\n[PLAYER1]\ninplay:Armory of Iroas,Grizzly Bears,Page\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(init, &attack("Grizzly Bears"), bears), Verdict::Passed);
    // The Page attacks: no counter on it, 1 damage.
    let page = "COMBATEND\n[PLAYER1]\ninplay:Armory of Iroas,Grizzly Bears,Page\n[PLAYER2]\nlife:19\n";
    assert_eq!(verdict(init, &attack("Page"), page), Verdict::Passed);
}

#[test]
fn a_land_entering_pumps_the_equipped_creature() {
    // Adventuring Gear on the Bears, a Forest played: they attack for 4.
    let init = "[PLAYER1]\ninplay:Adventuring Gear,Grizzly Bears\nhand:Forest\nmanapool:{1}\n[PLAYER2]\n";
    let moves = "Adventuring Gear\nGrizzly Bears\nForest\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Adventuring Gear,Grizzly Bears,Forest\n[PLAYER2]\nlife:16\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // Unequipped, the land pumps nobody: 2 damage.
    let moves = "Forest\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n";
    assert_eq!(verdict(init, moves, &expected.replace("life:16", "life:18")), Verdict::Passed);
}

#[test]
fn mytgt_elsewhere_and_an_equipment_effect_on_no_object_are_refused() {
    for (card, refusal) in [
        (
            "auto=@movedto(mytgt|graveyard):draw:1\ntype=Creature\npower=1\ntoughness=1",
            "spec `mytgt` (the card's target) outside an Aura's or an Equipment's trigger",
        ),
        (
            "auto={1}:equip\nauto=@combat(attacking) source(mytgt):damage:1\ntype=Artifact\nsubtype=Equipment",
            "Equipment effect without a target on an object not modelled",
        ),
        (
            "auto={1}:equip\nauto=@combat(attacking) source(mytgt):sacrifice\ntype=Artifact\nsubtype=Equipment",
            "`sacrifice` without a target on an Equipment",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refusal}")), "{card}");
    }
}
