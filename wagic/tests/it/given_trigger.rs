//! A triggered ability another card gives a permanent until end of turn
//! (`target(...) transforms((,newability[@trigger:effect])) ueot`, Wagic's `ATransformer`
//! adding the ability with the permanent as its source): the permanent has it, `this` in
//! it being the permanent, until the end of the turn or until it moves.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

/// Adarkar Valkyrie's first ability ("{T}: When target creature other than Adarkar
/// Valkyrie is put into a graveyard this turn, return that card to the battlefield under
/// your control"), Arcbond ("Choose target creature. Whenever that creature is dealt
/// damage this turn, it deals that much damage to each other creature and each player"),
/// Shock and two creatures.
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Adarkar Valkyrie\nabilities=vigilance\n\
auto={T}:target(other creature|mybattlefield) transforms((,newability[@movedTo(this|graveyard) \
from(battlefield):all(trigger[to]) moveTo(mybattlefield)])) ueot\n\
mana={4}{W}{W}\ntype=Creature\npower=4\ntoughness=5\n[/card]\n\
[card]\nname=Arcbond\nauto=target(creature) transforms((,newability[@damaged(this):damage:thatmuch \
all(other creature|battlefield)],newability[@damaged(this):damage:thatmuch all(player)])) ueot\n\
mana={2}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("given.txt", CARDS, test)
}

#[test]
fn a_creature_given_a_death_trigger_returns_when_it_dies_this_turn() {
    let returned = test(
        "[PLAYER1]\nhand:Shock\ninplay:Adarkar Valkyrie,Grizzly Bears\nmanapool:{R}\n[PLAYER2]\n",
        "Adarkar Valkyrie\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Adarkar Valkyrie,Grizzly Bears\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&returned), Verdict::Passed);
    // Without the Valkyrie's ability the Bears stay dead.
    let dead = test(
        "[PLAYER1]\nhand:Shock\ninplay:Adarkar Valkyrie,Grizzly Bears\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Adarkar Valkyrie\ngraveyard:Shock,Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&dead), Verdict::Passed);
}

#[test]
fn the_given_trigger_ends_with_the_turn() {
    // Given in the first turn, the Bears die in the next: they stay in the graveyard.
    let next_turn = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Shock\ninplay:Adarkar Valkyrie,Grizzly Bears,Mountain\n\
                     library:Hill Giant\n[PLAYER2]\nlibrary:Hill Giant\n[DO]\nAdarkar Valkyrie\nGrizzly Bears\n\
                     eot\neot\ngoto secondmain\nMountain\nShock\nGrizzly Bears\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\n\
                     inplay:Adarkar Valkyrie,Mountain\nhand:Hill Giant\ngraveyard:Shock,Grizzly Bears\n[PLAYER2]\n\
                     hand:Hill Giant\n[END]\n";
    assert_eq!(verdict(next_turn), Verdict::Passed);
}

#[test]
fn the_given_trigger_is_the_bearers_and_not_the_givers() {
    // Arcbond on the Giant: the Shock's 2 damage to it is dealt again to each other
    // creature (the Bears die) and to each player; the Giant survives.
    let bonded = test(
        "[PLAYER1]\nhand:Arcbond,Shock\ninplay:Hill Giant\nmanapool:{2}{R}{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Arcbond\nchoice 0\nHill Giant\nShock\nHill Giant\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Arcbond,Shock\nlife:18\n\
         [PLAYER2]\ngraveyard:Grizzly Bears\nlife:18\n",
    );
    assert_eq!(verdict(&bonded), Verdict::Passed);
    // Shocking the Bears instead fires nothing: the Giant alone has the ability.
    let other = test(
        "[PLAYER1]\nhand:Arcbond,Shock\ninplay:Hill Giant\nmanapool:{2}{R}{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Arcbond\nchoice 0\nHill Giant\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Arcbond,Shock\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&other), Verdict::Passed);
}

#[test]
fn a_given_trigger_beyond_the_turn_or_with_once_is_refused() {
    assert_eq!(
        error_of("auto=target(creature) transforms((,newability[@each my upkeep:life:1]))\ntype=Instant").as_deref(),
        Some(
            "unsupported: transforms part `newability[@trigger:effect]` given to another card other than until end of \
             turn, by a lord, an Aura, an Equipment or a continuous line"
        )
    );
    assert_eq!(
        error_of("auto=target(creature) transforms((,newability[@damaged(this) once:life:1])) ueot\ntype=Instant")
            .as_deref(),
        Some(
            "unsupported: transforms part `newability[@trigger:effect]` given with `once`, a restriction, a limit or a \
             trigger of its own"
        )
    );
}

/// Leeching Sliver ("Whenever a Sliver you control attacks, defending player loses 1
/// life") and a Sliver of no ability of its own.
const SLIVERS: &str = "[card]\nname=Leeching Sliver\n\
auto=lord(sliver|mybattlefield) transforms((,newability[@combat(attacking) source(this):life:-1 opponent]))\n\
mana={1}{B}\ntype=Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Metallic Sliver\nmana={1}\ntype=Artifact Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn attack(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("slivers.txt", SLIVERS.to_string())]).expect("the cards compile"));
    let text = format!("[INIT]\nCOMBATATTACKERS\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&text).expect("a test"))
}

#[test]
fn a_lord_gives_each_permanent_it_matches_a_trigger_of_its_own() {
    let init = "[PLAYER1]\ninplay:Leeching Sliver,Metallic Sliver\n[PLAYER2]\n";
    // One Sliver attacks: 1 life lost to the trigger, 1 to its damage.
    let one = "COMBATEND\n[PLAYER1]\ninplay:Leeching Sliver,Metallic Sliver\n[PLAYER2]\nlife:18\n";
    assert_eq!(attack(init, "Metallic Sliver\nnext\nnext\nnext\n", one), Verdict::Passed);
    // Both attack, the lord too: a trigger each.
    let both = "COMBATEND\n[PLAYER1]\ninplay:Leeching Sliver,Metallic Sliver\n[PLAYER2]\nlife:16\n";
    assert_eq!(attack(init, "Metallic Sliver\nLeeching Sliver\nnext\nnext\nnext\n", both), Verdict::Passed);
    // Two lords give it twice: each attacker loses them 2 life more.
    let init = "[PLAYER1]\ninplay:Leeching Sliver,Leeching Sliver,Metallic Sliver\n[PLAYER2]\n";
    let twice = "COMBATEND\n[PLAYER1]\ninplay:Leeching Sliver,Leeching Sliver,Metallic Sliver\n[PLAYER2]\nlife:17\n";
    assert_eq!(attack(init, "Metallic Sliver\nnext\nnext\nnext\n", twice), Verdict::Passed);
    // Once the lord died, the Sliver has no such trigger.
    let init = "[PLAYER1]\nhand:Shock\ninplay:Leeching Sliver,Metallic Sliver\nmanapool:{R}\n[PLAYER2]\n";
    let moves = "Shock\nLeeching Sliver\nMetallic Sliver\nnext\nnext\nnext\n";
    let alone = "COMBATEND\n[PLAYER1]\ninplay:Metallic Sliver\ngraveyard:Shock,Leeching Sliver\n[PLAYER2]\nlife:19\n";
    assert_eq!(attack(init, moves, alone), Verdict::Passed);
}

#[test]
fn an_activated_ability_given_for_longer_than_the_turn_is_refused() {
    let refused = Some(
        "unsupported: transforms part `newability[{cost}:effect]` given to another card other than until end of turn, \
         by a lord, an Aura, an Equipment or a continuous line",
    );
    assert_eq!(error_of("auto=target(creature) transforms((,newability[{T}:tap]))\ntype=Instant").as_deref(), refused);
    // An Aura's static line gives it while attached, not until end of turn.
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[{T}:tap])) ueot\ntype=Enchantment\nsubtype=Aura")
            .as_deref(),
        Some("unsupported: Aura's static line giving an ability until end of turn")
    );
    // Given until end of turn, it compiles.
    assert_eq!(
        error_of("auto=target(creature) transforms((,newability[{R}:1/0],newability[0/2])) ueot\ntype=Instant"),
        None
    );
}
