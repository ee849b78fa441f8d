//! `@combat(attackedalone) source(spec)`: Wagic's `TrCardAttackedAlone`, a creature
//! attacking alone. The `attacking` trigger, its effect guarded by a count of the
//! attackers: one, the trigger's own.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

/// The cards, each as Wagic's card file writes it.
const CARDS: &str = "[card]\nname=Reckless Ogre\nauto=@combat(attackedalone) source(this):3/0 ueot\n\
text=Whenever Reckless Ogre attacks alone, it gets +3/+0 until end of turn.\nmana={3}{R}\ntype=Creature\n\
subtype=Ogre\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Rafiq of the Many\nabilities=exalted\n\
auto=@combat(attackedalone) source(creature|myBattlefield):all(trigger[to]) double strike ueot\n\
text=Exalted -- Whenever a creature you control attacks alone, it gains double strike until end of turn.\n\
mana={1}{G}{W}{U}\ntype=Legendary Creature\nsubtype=Human Knight\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("alone.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

/// `attackers` attack from a battlefield of `inplay`; the defending player ends at `life`.
fn attack(inplay: &str, attackers: &[&str], life: i32) -> String {
    attack_with_steps(inplay, attackers, life, "")
}

/// As [`attack`], with `more` clicked after the blockers (a first-strike damage step's
/// `next`).
fn attack_with_steps(inplay: &str, attackers: &[&str], life: i32, more: &str) -> String {
    let clicks: String = attackers.iter().map(|card| format!("{card}\n")).collect();
    test(
        &format!("[PLAYER1]\ninplay:{inplay}\n[PLAYER2]\n"),
        &format!("next\nnext\n{clicks}next\nnext\n{more}next\n"),
        &format!("COMBATEND\n[PLAYER1]\ninplay:{inplay}\n[PLAYER2]\nlife:{life}\n"),
    )
}

#[test]
fn attacked_alone_is_a_combat_trigger_and_a_typo_is_named() {
    assert_eq!(error_of("auto=@combat(attackedalone) source(this):3/0 ueot\ntype=Creature"), None);
    assert_eq!(
        error_of("auto=@combat(attackedalon) source(this):3/0 ueot\ntype=Creature").as_deref(),
        Some("unsupported: trigger `@combat(attackedalon)`")
    );
}

/// Reckless Ogre: "Whenever Reckless Ogre attacks alone, it gets +3/+0": alone it deals
/// 6; beside the Bears 3 (and the Bears 2).
#[test]
fn a_creature_attacking_alone_gets_its_bonus_and_not_beside_another() {
    assert_eq!(verdict(&attack("Reckless Ogre,Grizzly Bears", &["Reckless Ogre"], 14)), Verdict::Passed);
    assert_eq!(
        verdict(&attack("Reckless Ogre,Grizzly Bears", &["Reckless Ogre", "Grizzly Bears"], 15)),
        Verdict::Passed
    );
    assert_ne!(
        verdict(&attack("Reckless Ogre,Grizzly Bears", &["Reckless Ogre", "Grizzly Bears"], 12)),
        Verdict::Passed
    );
}

/// Rafiq of the Many: the Bears attacking alone are exalted (3/3) and gain double strike:
/// 6 damage. Beside Rafiq, neither is alone: 2 + 3.
#[test]
fn a_lone_attacker_of_the_controller_gains_double_strike() {
    let lone = attack_with_steps("Rafiq of the Many,Grizzly Bears", &["Grizzly Bears"], 14, "next\n");
    assert_eq!(verdict(&lone), Verdict::Passed);
    assert_eq!(
        verdict(&attack("Rafiq of the Many,Grizzly Bears", &["Rafiq of the Many", "Grizzly Bears"], 15)),
        Verdict::Passed
    );
}
