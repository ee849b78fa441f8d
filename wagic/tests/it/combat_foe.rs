//! Combat triggers naming the other creature of a block (Wagic's `TrCombatTrigger` with
//! `from(spec)`, `all(trigger[from])`) and `@combat(notblocked)`, on cards from their
//! printed text: Wall of Tears returns the creature it blocks, Evil Eye of Urborg destroys
//! the creature blocking it, Ogre Leadfoot only an artifact one, Ezuri's Archers grows
//! blocking a flier, Crypt Cobra poisons when it is not blocked.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::front::error_of;

const CARDS: &str = "[card]\nname=Wall of Tears\n\
text=Defender. Whenever Wall of Tears blocks a creature, return that creature to its owner's hand at end of combat.\n\
abilities=defender\n\
auto=@combat(blocking) source(this) from(creature):all(trigger[from]) phaseaction[combatends once] moveTo(ownerhand)\n\
type=Creature\nsubtype=Wall\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Evil Eye of Urborg\n\
text=Non-Eye creatures you control can't attack. Whenever Evil Eye of Urborg becomes blocked by a creature, destroy that creature.\n\
auto=@combat(blocked) source(this) from(creature):all(trigger[from]) destroy\n\
type=Creature\nsubtype=Eye\npower=6\ntoughness=3\n[/card]\n\
[card]\nname=Ogre Leadfoot\n\
auto=@combat(blocked) source(this) from(creature[artifact]):all(trigger[from]) destroy\n\
type=Creature\nsubtype=Ogre Warrior\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Ezuri's Archers\n\
text=Reach. Whenever Ezuri's Archers blocks a creature with flying, Ezuri's Archers gets +3/+0 until end of turn.\n\
abilities=reach\n\
auto=@combat(blocking) source(this) from(creature[flying]):all(this) 3/0 ueot\n\
type=Creature\nsubtype=Elf Archer\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Crypt Cobra\n\
text=Whenever Crypt Cobra attacks and isn't blocked, defending player gets a poison counter.\n\
auto=@combat(notblocked) source(this):alterpoison:1 opponent\n\
type=Creature\nsubtype=Snake\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Barbed Foliage\n\
text=Whenever a creature without flying attacks you, Barbed Foliage deals 1 damage to it.\n\
auto=@combat(attacking) source(creature[-flying]|opponentBattlefield):all(trigger[from]) damage:1\n\
type=Enchantment\n[/card]\n\
[card]\nname=Page\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Myr\ntype=Artifact Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Wall\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Hawk\nabilities=flying\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// Player 1 attacks with `attacker`, player 2 blocks with `blocker` (none when empty),
/// and the combat runs to its end.
fn combat(mine: &str, theirs: &str, attacker: &str, blocker: &str, expected: &str) -> Verdict {
    let block = if blocker.is_empty() { String::new() } else { format!("{blocker}\n") };
    played(mine, theirs, &format!("{attacker}\nnext\n{block}next\nnext\n"), expected)
}

/// The moves played from the declaration of attackers, then `expected` asserted at the
/// end of combat.
fn played(mine: &str, theirs: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("combat_foe.txt", CARDS.to_string())]).expect("the cards compile"));
    let text = format!(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:{mine}\n[PLAYER2]\ninplay:{theirs}\n\
         [DO]\n{moves}[ASSERT]\nCOMBATEND\n{expected}[END]\n"
    );
    runner::run(&library, &wagic::testfile::read(&text).expect("a test"))
}

#[test]
fn a_blocker_acts_on_the_attacker_it_blocks() {
    // Wall of Tears blocks the Bears: they go back to their owner's hand at end of combat.
    let expected = "[PLAYER1]\nhand:Bears\ninplay:\n[PLAYER2]\ninplay:Wall of Tears\nlife:20\n";
    assert_eq!(combat("Bears", "Wall of Tears", "Bears", "Wall of Tears", expected), Verdict::Passed);
}

#[test]
fn a_blocked_attacker_acts_on_its_blocker_its_spec_matches() {
    // The Bears blocking Evil Eye of Urborg are destroyed (and deal it no damage).
    let expected = "[PLAYER1]\ninplay:Evil Eye of Urborg\n[PLAYER2]\ngraveyard:Bears\ninplay:\nlife:20\n";
    // With no blocker left, no damage is dealt: the damage step goes on to the end of
    // combat at once.
    let moves = "Evil Eye of Urborg\nnext\nBears\nnext\n";
    assert_eq!(played("Evil Eye of Urborg", "Bears", moves, expected), Verdict::Passed);
    // Ogre Leadfoot destroys an artifact blocker...
    let expected = "[PLAYER1]\ninplay:Ogre Leadfoot\n[PLAYER2]\ngraveyard:Myr\ninplay:\nlife:20\n";
    assert_eq!(played("Ogre Leadfoot", "Myr", "Ogre Leadfoot\nnext\nMyr\nnext\n", expected), Verdict::Passed);
    // ...but not a Wall: it takes 3 damage and survives, toughness 4.
    let expected = "[PLAYER1]\ninplay:Ogre Leadfoot\n[PLAYER2]\ninplay:Wall\nlife:20\n";
    assert_eq!(combat("Ogre Leadfoot", "Wall", "Ogre Leadfoot", "Wall", expected), Verdict::Passed);
}

#[test]
fn a_blocker_grows_only_against_what_its_spec_matches() {
    // Ezuri's Archers block the flying Hawk: 4/2, they kill it and die.
    let expected = "[PLAYER1]\ngraveyard:Hawk\ninplay:\n[PLAYER2]\ngraveyard:Ezuri's Archers\ninplay:\nlife:20\n";
    assert_eq!(combat("Hawk", "Ezuri's Archers", "Hawk", "Ezuri's Archers", expected), Verdict::Passed);
    // Against the Bears, 1/2: the Bears survive.
    let expected = "[PLAYER1]\ninplay:Bears\n[PLAYER2]\ngraveyard:Ezuri's Archers\ninplay:\nlife:20\n";
    assert_eq!(combat("Bears", "Ezuri's Archers", "Bears", "Ezuri's Archers", expected), Verdict::Passed);
}

#[test]
fn an_unblocked_attacker_fires_notblocked_and_a_blocked_one_does_not() {
    let expected = "[PLAYER1]\ninplay:Crypt Cobra\n[PLAYER2]\nlife:17\npoisoncount:1\n";
    assert_eq!(combat("Crypt Cobra", "", "Crypt Cobra", "", expected), Verdict::Passed);
    let expected = "[PLAYER1]\ninplay:Crypt Cobra\n[PLAYER2]\ninplay:Wall\nlife:20\npoisoncount:0\n";
    assert_eq!(combat("Crypt Cobra", "Wall", "Crypt Cobra", "Wall", expected), Verdict::Passed);
}

#[test]
fn the_other_creature_of_an_attack_is_the_attacker_and_its_from_is_refused() {
    // Barbed Foliage: "Whenever a creature without flying attacks you, Barbed Foliage
    // deals 1 damage to it." Wagic's attack event gives the attacker for `trigger[from]`.
    let expected = "[PLAYER1]\ngraveyard:Page\ninplay:\n[PLAYER2]\ninplay:Barbed Foliage\nlife:20\n";
    assert_eq!(played("Page", "Barbed Foliage", "Page\nnext\nnext\n", expected), Verdict::Passed);
    // Wagic's attack events name no other creature: its `from(spec)` would test nothing.
    let from = "auto=@combat(attacking) source(this) from(creature):draw:1\ntype=Creature\npower=1\ntoughness=1";
    assert_eq!(
        error_of(from).as_deref(),
        Some("unsupported: trigger option `from` of a combat trigger other than `blocking`, `blocked`")
    );
    // On an attack and a block, `trigger[from]` is not one thing.
    let both =
        "auto=@combat(attacking,blocked) source(this):all(trigger[from]) destroy\ntype=Creature\npower=1\ntoughness=1";
    assert_eq!(
        error_of(both).as_deref(),
        Some("unsupported: `trigger[from]` of a combat trigger on a block and an attack")
    );
}
