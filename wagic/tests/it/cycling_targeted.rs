//! `autohand` cycling on an instant or sorcery with a `target=` (Spark Spray: "deals 1
//! damage to target creature or player. Cycling {R}"): cycling is an ability of its own
//! from the hand (the table runs it alone, `Table::runs_alone`), which draws a card and
//! asks none of the spell's targets, also with no legal target on the board; the spell
//! cast from hand still targets.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front_ir::ir_of;

/// Spark Spray as Wagic's card file writes it, and a creature that cannot be targeted.
const CARDS: &str = "[card]\nname=Spark Spray\ntarget=creature,player\nauto=damage:1\nautohand=__CYCLING__({R})\n\
mana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Swat\ntarget=creature[power<=2]\nauto=destroy\nautohand=__CYCLING__({2})\n\
text=Destroy target creature with power 2 or less. It can't be regenerated. -- Cycling {2}\nmana={1}{B}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("cycling.txt", CARDS, test)
}

#[test]
fn a_targeted_spell_with_cycling_compiles_its_effect_then_its_cycling() {
    assert_eq!(
        ir_of("target=creature,player\nauto=damage:1\nautohand=__CYCLING__({R})\ntype=Instant"),
        ["action[0]: - damage ueot", "action[2]: - draw"]
    );
}

#[test]
fn cycling_a_targeted_instant_draws_a_card_and_asks_no_target() {
    let from_hand = |pool: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Spark Spray\nlibrary:Forest\nmanapool:{pool}\n[PLAYER2]\ninplay:Grizzly Bears\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\ninplay:Grizzly Bears\n"),
        ))
    };
    // Wagic's menu: the cast first, cycling second. Cycling draws the Forest at once: no
    // click on a target follows, the Bears and p2 are untouched.
    assert_eq!(
        from_hand("{R}{R}", "Spark Spray\nchoice 1\n", "graveyard:Spark Spray\nhand:Forest\nmanapool:{R}\n"),
        Verdict::Passed
    );
    // Cast, it still targets: p2 loses 1 life.
    let cast = test(
        "[PLAYER1]\nhand:Spark Spray\nlibrary:Forest\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Spark Spray\nchoice 0\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Spray\nlibrary:Forest\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\nlife:19\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
}

#[test]
fn cycling_needs_no_legal_target_for_the_spell() {
    // No creature of power 2 or less anywhere: Swat has no target, but its cycling is
    // offered (the menu's second entry, after the cast) and draws.
    let swat = test(
        "[PLAYER1]\nhand:Swat\nlibrary:Forest\nmanapool:{2}{B}{B}\n[PLAYER2]\n",
        "Swat\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Swat\nhand:Forest\nmanapool:{B}{B}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&swat), Verdict::Passed);
}

#[test]
fn basic_landcycling_is_wagics_macro_written_out() {
    // Fiery Fall's: Wagic's macro is `cost{cycle}:name(basic landcycling)
    // moveTo(myhand) target(land[basic]|mylibrary)`, the same as written out.
    let macro_form = "target=creature\nauto=damage:5\nautohand=__BASIC_LANDCYCLING__({1}{R})\ntype=Instant";
    let written = "target=creature\nauto=damage:5\n\
                   autohand={1}{R}{cycle}:name(basic landcycling) moveTo(myhand) target(land[basic]|mylibrary)\ntype=Instant";
    assert_eq!(ir_of(macro_form), ir_of(written));
    assert_eq!(ir_of(macro_form), ["action[0]: - damage ueot", "action[3]: filterSome(Exact(1)) moveto ueot"]);
}
