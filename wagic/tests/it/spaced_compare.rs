//! A spec's comparison written with a blank before its operator (`creature[manacost <=X]`,
//! `creature[power >=3]`), as twenty-odd of Wagic's cards write it: Wagic finds the
//! property's name in the term, so it reads as the unspaced comparison.

use std::sync::Arc;

use vm::runtime::Value;
use wagic::runner::{self, Verdict};
use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, Library, P0, P1, Table};

use super::behaviour::test;
use super::front_ir::ir_of;

/// The cards, each as Wagic's card file writes it.
const CARDS: &str = "[card]\nname=Disembowel\nauto=destroy target(creature[manacost =X])\n\
text=Destroy target creature with converted mana cost X.\nmana={X}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Forced March\nauto=destroy all(creature[manacost <=X])\n\
text=Destroy all creatures with converted mana cost X or less.\nmana={X}{B}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=O-Naginata\nauto={2}:equip target(creature[power >=3]|mybattlefield)\nauto=teach(creature) 3/0\n\
auto=teach(creature) trample\ntext=O-Naginata can be attached only to a creature with 3 or more power. -- \
Equipped creature gets +3/+0 and has trample. -- Equip {2}\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Llanowar Elves\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("spaced.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn a_blank_before_the_operator_reads_as_none() {
    for (spaced, unspaced) in [
        ("auto=destroy target(creature[manacost =X])", "auto=destroy target(creature[manacost=X])"),
        ("auto=destroy all(creature[manacost <=X])", "auto=destroy all(creature[manacost<=X])"),
        ("auto=destroy target(creature[power >=3])", "auto=destroy target(creature[power>=3])"),
    ] {
        let card = |line: &str| format!("{line}\nmana={{X}}{{B}}\ntype=Sorcery");
        assert_eq!(ir_of(&card(spaced)), ir_of(&card(unspaced)), "{spaced}");
    }
}

/// Disembowel: "Destroy target creature with converted mana cost X." X = 2: the Bears
/// (mana cost 2) may be chosen and die; X = 3: they are no candidate and live.
#[test]
fn an_equal_bound_of_the_x_paid_limits_the_candidates() {
    let library = library();
    let run = |x: i32| {
        let mut table = Table::with_library(Arc::clone(&library));
        let bears = table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears");
        table.try_put("Hill Giant", P1, BATTLEFIELD).expect("giant");
        let spell = table.add_card("Disembowel", P0, HAND, -1).expect("the spell");
        table.board.x_paid = x;
        table.answers.push(vec![Value::Card(bears)]);
        let _ = table.try_cast(spell, P0);
        table.board.names(P1, GRAVEYARD)
    };
    assert_eq!(run(2), ["Grizzly Bears"]);
    assert!(run(3).is_empty());
    assert!(run(1).is_empty());
}

/// Forced March: "Destroy all creatures with converted mana cost X or less." X = 2: the
/// Elves and the Bears die, the Hill Giant (4) stays.
#[test]
fn all_creatures_up_to_the_x_paid_die() {
    let march = |x: &str, expected: &str| {
        test(
            &format!(
                "[PLAYER1]\nhand:Forced March\nmanapool:{{B}}{{B}}{{B}}{x}\n[PLAYER2]\ninplay:Llanowar Elves,Grizzly Bears,Hill Giant\n"
            ),
            "Forced March\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Forced March\nmanapool:{{0}}\n[PLAYER2]\n{expected}"),
        )
    };
    let two = "inplay:Hill Giant\ngraveyard:Llanowar Elves,Grizzly Bears\n";
    assert_eq!(verdict(&march("{2}", two)), Verdict::Passed);
    // X = 1 spares the Bears.
    assert_ne!(verdict(&march("{1}", two)), Verdict::Passed);
    let one = "inplay:Grizzly Bears,Hill Giant\ngraveyard:Llanowar Elves\n";
    assert_eq!(verdict(&march("{1}", one)), Verdict::Passed);
}

/// O-Naginata "can be attached only to a creature with 3 or more power": equipped, the
/// Hill Giant attacks for 6 with trample.
#[test]
fn an_equipment_attaches_to_a_creature_of_its_bound() {
    let attack = |life: i32| {
        test(
            "[PLAYER1]\ninplay:O-Naginata,Hill Giant\nmanapool:{2}\n[PLAYER2]\n",
            "O-Naginata\nHill Giant\nnext\nnext\nHill Giant\nnext\nnext\nnext\n",
            &format!("COMBATEND\n[PLAYER1]\ninplay:O-Naginata,Hill Giant\n[PLAYER2]\nlife:{life}\n"),
        )
    };
    assert_eq!(verdict(&attack(14)), Verdict::Passed);
    assert_ne!(verdict(&attack(17)), Verdict::Passed);
}

/// The Bears (power 2) are no candidate for O-Naginata's equip: it stays unattached; the
/// Hill Giant is.
#[test]
fn an_equipment_does_not_attach_to_a_creature_below_its_bound() {
    let library = library();
    let attach_to = |creature: &str| {
        let mut table = Table::with_library(Arc::clone(&library));
        let naginata = table.try_put("O-Naginata", P0, BATTLEFIELD).expect("the equipment");
        let chosen = table.try_put(creature, P0, BATTLEFIELD).expect("the creature");
        table.board.players[0].mana = [2; 6];
        table.answers.push(vec![Value::Card(chosen)]);
        let _ = table.try_activate(naginata, P0);
        table.board.get(naginata).and_then(|card| card.attached).map(|card| card == chosen)
    };
    assert_eq!(attach_to("Hill Giant"), Some(true));
    assert_eq!(attach_to("Grizzly Bears"), None);
}
