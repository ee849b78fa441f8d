//! A counter cost on a permanent a spec picks (`{C(1/1,-1),creature|mybattlefield}`:
//! "remove a +1/+1 counter from a creature you control", `front/counter_cost.rs`): the
//! creature is one with such a counter, asked when there is a choice; without one the
//! ability cannot be activated; `{C(-1/-1,1),spec}` puts the counter on it.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// Sage of Fables and Hatchet Bully as Wagic writes them, and cards to play them with.
const CARDS: &str = "[card]\nname=Sage of Fables\nauto={2}{C(1/1,-1),creature|mybattlefield}:draw:1 controller\n\
mana={2}{U}\ntype=Creature\nsubtype=Human Wizard\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hatchet Bully\nauto={T}{C(-1/-1,1),creature|mybattlefield}:damage:2 target(creature,player)\n\
mana={3}{R}\ntype=Creature\nsubtype=Goblin Warrior\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Giver\nauto={1}:counter(1/1,1) target(creature)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Spark\ntarget=creature,player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("counter_cost_spec.txt", CARDS, test)
}

#[test]
fn the_counter_comes_off_a_creature_that_has_one_and_the_ability_runs() {
    let init = "[PLAYER1]\ninplay:Giver,Sage of Fables,Grizzly Bears\nhand:Shock\nlibrary:Island\nmanapool:{R}{3}\n[PLAYER2]\n";
    // The Bears' counter pays for the draw: a 2/2 again, which Shock kills.
    let paid = "Giver\nGrizzly Bears\nSage of Fables\nShock\nGrizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Giver,Sage of Fables\nhand:Island\ngraveyard:Grizzly Bears,Shock\n\
                    manapool:{0}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, paid, expected)), Verdict::Passed);
    // No creature with a +1/+1 counter: the Sage's ability cannot be paid; nothing drawn.
    let unpaid = "Sage of Fables\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Giver,Sage of Fables,Grizzly Bears\nhand:Shock\nlibrary:Island\n\
                    manapool:{R}{3}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, unpaid, expected)), Verdict::Passed);
}

#[test]
fn a_minus_one_counter_put_on_the_creature_chosen_pays_the_bullys_damage() {
    // The Bears take the -1/-1 counter (a 1/1 that Spark kills) and p2 the 2 damage.
    let init = "[PLAYER1]\ninplay:Hatchet Bully,Grizzly Bears\nhand:Spark\nmanapool:{R}\n[PLAYER2]\n";
    let moves = "Hatchet Bully\nGrizzly Bears\np2\nSpark\nGrizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Hatchet Bully\ngraveyard:Grizzly Bears,Spark\n[PLAYER2]\nlife:18\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_counter_cost_with_other_text_after_its_counter_is_refused() {
    assert_eq!(
        error_of("auto={2}{C(1/1,-1)creature}:draw:1 controller\ntype=Creature").as_deref(),
        Some("unsupported: counter cost with text after its counter")
    );
    assert_eq!(error_of("auto={2}{C(1/1,-1),creature|mybattlefield}:draw:1 controller\ntype=Creature"), None);
}
