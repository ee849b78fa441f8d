//! The spec term `enchanted` (`creature[enchanted]`, `*[-enchanted]`): a permanent with
//! an Aura attached, as Wagic's `CardDescriptor` reads it. Song of Serenity, Winds of
//! Rath, Venomous Vines and the Magemarks write it.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

/// The cards, each as Wagic's card file writes it.
const CARDS: &str = "[card]\nname=Holy Strength\ntarget=creature\nauto=1/2\n\
text=Enchant creature -- Enchanted creature gets +1/+2.\nmana={W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Winds of Rath\nauto=bury all(creature[-enchanted])\n\
text=Destroy all creatures that aren't enchanted. They can't be regenerated.\nmana={3}{W}{W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Venomous Vines\ntarget=*[enchanted]\nauto=destroy\n\
text=Destroy target enchanted permanent.\nmana={2}{G}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Guardian's Magemark\nabilities=flash\ntarget=creature\nauto=lord(creature[enchanted]|myBattlefield) 1/1\n\
text=Flash -- Enchant creature -- Creatures you control that are enchanted get +1/+1.\nmana={2}{W}\n\
type=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("enchanted.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn enchanted_is_a_filter_keyword_and_may_be_negated() {
    for card in [
        "auto=lord(creature[enchanted]|myBattlefield) 1/1\ntype=Enchantment",
        "auto=bury all(creature[-enchanted])\ntype=Sorcery",
        "target=*[enchanted]\nauto=destroy\ntype=Sorcery",
    ] {
        assert_eq!(error_of(card), None, "{card}");
    }
    // A typo still names the term.
    assert_eq!(
        error_of("auto=bury all(creature[-enchantd])\ntype=Sorcery").as_deref(),
        Some("unsupported: spec term `enchantd`")
    );
}

/// Winds of Rath: the Bears wearing Holy Strength live; the Hill Giant, not enchanted,
/// dies.
#[test]
fn creatures_that_are_not_enchanted_die() {
    let init = "[PLAYER1]\nhand:Holy Strength,Winds of Rath\nmanapool:{W}{3}{W}{W}\n\
                [PLAYER2]\ninplay:Grizzly Bears,Hill Giant\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Holy Strength\ngraveyard:Winds of Rath\nmanapool:{0}\n\
                    [PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Hill Giant\n";
    assert_eq!(verdict(&test(init, "Holy Strength\nGrizzly Bears\nWinds of Rath\n", expected)), Verdict::Passed);
    // Without the Aura both die.
    let bare = "FIRSTMAIN\n[PLAYER1]\nhand:Holy Strength\ngraveyard:Winds of Rath\nmanapool:{W}\n\
                [PLAYER2]\ngraveyard:Grizzly Bears,Hill Giant\n";
    assert_eq!(verdict(&test(init, "Winds of Rath\n", bare)), Verdict::Passed);
}

/// Venomous Vines: "Destroy target enchanted permanent": the enchanted Bears may be
/// chosen; the Hill Giant, not enchanted, may not.
#[test]
fn only_an_enchanted_permanent_is_a_target() {
    let init = "[PLAYER1]\nhand:Holy Strength,Venomous Vines\nmanapool:{W}{2}{G}{G}\n\
                [PLAYER2]\ninplay:Grizzly Bears,Hill Giant\n";
    let bears = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Holy Strength,Venomous Vines\nmanapool:{0}\n\
                 [PLAYER2]\ninplay:Hill Giant\ngraveyard:Grizzly Bears\n";
    let moves = "Holy Strength\nGrizzly Bears\nVenomous Vines\nGrizzly Bears\n";
    assert_eq!(verdict(&test(init, moves, bears)), Verdict::Passed);
    let giant = "FIRSTMAIN\n[PLAYER1]\ninplay:Holy Strength\ngraveyard:Venomous Vines\n\
                 [PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Hill Giant\n";
    let at_giant = "Holy Strength\nGrizzly Bears\nVenomous Vines\nHill Giant\n";
    assert_ne!(verdict(&test(init, at_giant, giant)), Verdict::Passed);
}

/// Guardian's Magemark on the Bears: "Creatures you control that are enchanted get
/// +1/+1": the Bears (enchanted by it, 3) and the Giant wearing Holy Strength (5) attack
/// for 8; without the Magemark, for 6 (the Giant's Holy Strength alone).
#[test]
fn a_lord_of_enchanted_creatures_pumps_each_enchanted_one() {
    let attack = |magemark: bool, life: i32| {
        let (hand, cast) = if magemark {
            ("Holy Strength,Guardian's Magemark", "Guardian's Magemark\nGrizzly Bears\n")
        } else {
            ("Holy Strength", "")
        };
        let init =
            format!("[PLAYER1]\nhand:{hand}\ninplay:Grizzly Bears,Hill Giant\nmanapool:{{W}}{{2}}{{W}}\n[PLAYER2]\n");
        let moves =
            format!("{cast}Holy Strength\nHill Giant\nnext\nnext\nGrizzly Bears\nHill Giant\nnext\nnext\nnext\n");
        let inplay = if magemark {
            "Grizzly Bears,Hill Giant,Guardian's Magemark,Holy Strength"
        } else {
            "Grizzly Bears,Hill Giant,Holy Strength"
        };
        test(&init, &moves, &format!("COMBATEND\n[PLAYER1]\ninplay:{inplay}\n[PLAYER2]\nlife:{life}\n"))
    };
    assert_eq!(verdict(&attack(true, 12)), Verdict::Passed);
    assert_eq!(verdict(&attack(false, 14)), Verdict::Passed);
    assert_ne!(verdict(&attack(true, 14)), Verdict::Passed);
}
