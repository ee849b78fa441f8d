//! A trigger's `restriction{...}` of the turn or the creatures (Wagic's
//! `parseCastRestrictions` of the trigger's source): `myturnonly`, `opponentturnonly`,
//! `raid`, `morbid` and formidable's `compare(powertotalinplay)~morethan~n`, each the
//! catalogue's `holds` of its test guarding the effect.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Sabertooth Outrider's formidable trigger (its first strike made 2 life, which the table
/// shows), upkeep triggers of either player's turn, and creatures to count.
const CARDS: &str = "[card]\nname=Outrider\n\
auto=@combat(attacking) source(this) restriction{compare(powertotalinplay)~morethan~7}:life:2 controller\n\
mana={3}{R}\ntype=Creature\npower=4\ntoughness=2\n[/card]\n\
[card]\nname=Vigil\nauto=@each upkeep restriction{myturnonly}:life:1 controller\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Envy\nauto=@each upkeep restriction{opponentturnonly}:life:1 controller\nmana={B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("turn_restriction.txt", CARDS, test)
}

#[test]
fn each_test_guards_the_effect_with_holds() {
    for (restriction, links) in [
        ("myturnonly", "holds,life"),
        ("opponentturnonly", "holds,life"),
        ("raid", "holds,life"),
        ("morbid", "holds,life"),
        ("compare(powertotalinplay)~morethan~7", "holds,life"),
        ("myturnonly,type(creature|mybattlefield)~morethan~1", "holds,aslongas,life"),
    ] {
        let card = format!("auto=@each my upkeep restriction{{{restriction}}}:life:1 controller\ntype=Enchantment");
        assert_eq!(ir_of(&card), [format!("auto[my upkeep]: me {links} ueot")], "{restriction}");
    }
    // A power total other than `morethan`: refused.
    assert!(
        error_of("auto=@each my upkeep restriction{compare(powertotalinplay)~lessthan~7}:life:1\ntype=Enchantment")
            .is_some_and(|error| error.starts_with("unsupported: trigger restriction other than"))
    );
}

#[test]
fn formidable_triggers_only_with_a_total_power_of_eight() {
    // The Outrider (4) and a Hill Giant (3): 7; with Grizzly Bears too, 9.
    let attack = |creatures: &str, life: &str| {
        verdict(&test(
            &format!("[PLAYER1]\ninplay:Outrider,{creatures}\n[PLAYER2]\n"),
            "goto combatattackers\nOutrider\ngoto secondmain\n",
            &format!("SECONDMAIN\n[PLAYER1]\ninplay:Outrider,{creatures}\n{life}[PLAYER2]\nlife:16\n"),
        ))
    };
    assert_eq!(attack("Hill Giant", ""), Verdict::Passed);
    assert_eq!(attack("Hill Giant,Grizzly Bears", "life:22\n"), Verdict::Passed);
}

#[test]
fn turn_restrictions_follow_whose_upkeep_it_is() {
    let upkeep = |card: &str, moves: &str, life: &str| {
        verdict(&test(
            &format!("[PLAYER1]\ninplay:{card}\n[PLAYER2]\n"),
            moves,
            &format!("UPKEEP\n[PLAYER1]\ninplay:{card}\n{life}[PLAYER2]\n"),
        ))
    };
    // The opponent's upkeep: Envy's life, not Vigil's.
    assert_eq!(upkeep("Vigil", "eot\nnext\n", ""), Verdict::Passed);
    assert_eq!(upkeep("Envy", "eot\nnext\n", "life:21\n"), Verdict::Passed);
    // Its controller's next upkeep: Vigil's (Envy's of the opponent's upkeep before).
    assert_eq!(upkeep("Vigil", "eot\neot\nnext\n", "life:21\n"), Verdict::Passed);
    assert_eq!(upkeep("Envy", "eot\neot\nnext\n", "life:21\n"), Verdict::Passed);
}
