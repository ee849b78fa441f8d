//! `@targeted(spec) from(spec)` (Wagic's `TrTargeted`), on cards from their printed text:
//! heroic (Setessan Battle Priest gains life when its controller's spell targets it, not an
//! opponent's), an Illusion sacrificed as it becomes a target (Phantasmal Bear: the spell
//! fizzles), Retromancer's damage to whoever's spell or ability targets it, and a choice
//! with `notatarget(...)`, which targets nothing.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Setessan Battle Priest\n\
auto=@targeted(this) from(*[instant;sorcery;enchantment]|myhand,mygraveyard):life:2 controller\n\
mana={1}{W}\ntype=Creature\nsubtype=Human Cleric\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Phantasmal Bear\n\
auto=@targeted(this):sacrifice\n\
mana={U}\ntype=Creature\nsubtype=Bear Illusion\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Retromancer\n\
auto=@targeted(this) from(*|opponentbattlefield):damage:3 opponent\n\
auto=@targeted(this) from(*|opponenthand):damage:3 opponent\n\
auto=@targeted(this) from(*|mybattlefield):damage:3 controller\n\
auto=@targeted(this) from(*|myhand):damage:3 controller\n\
mana={2}{R}{R}\ntype=Creature\nsubtype=Viashino Shaman\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Growth\ntarget=creature\nauto=3/3 ueot\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Recall\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Pinger\nauto={R}:damage:1 target(creature)\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Culler\nauto={B}:-1/-1 notatarget(creature)\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("targeted.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn heroic_fires_for_its_controllers_spell_only() {
    let init = "[PLAYER1]\ninplay:Setessan Battle Priest\nhand:Growth\nmanapool:{G}\n[PLAYER2]\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Setessan Battle Priest\ngraveyard:Growth\nlife:22\n[PLAYER2]\nlife:20\n";
    assert_eq!(verdict(init, "Growth\nSetessan Battle Priest\n", expected), Verdict::Passed);
    // An opponent's spell at it: no life.
    let init = "[PLAYER1]\nhand:Growth\nmanapool:{G}\n[PLAYER2]\ninplay:Setessan Battle Priest\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Growth\nlife:20\n[PLAYER2]\ninplay:Setessan Battle Priest\nlife:20\n";
    assert_eq!(verdict(init, "Growth\nSetessan Battle Priest\n", expected), Verdict::Passed);
}

#[test]
fn an_illusion_is_sacrificed_as_it_becomes_a_target_and_the_spell_fizzles() {
    // Recall at Phantasmal Bear: the Bear is sacrificed first, so it is in the graveyard,
    // not back in its owner's hand.
    let init = "[PLAYER1]\nhand:Recall\nmanapool:{U}\n[PLAYER2]\ninplay:Phantasmal Bear\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Recall\n[PLAYER2]\ngraveyard:Phantasmal Bear\nhand:\n";
    assert_eq!(verdict(init, "Recall\nPhantasmal Bear\n", expected), Verdict::Passed);
    // An ability's target too.
    let init = "[PLAYER1]\ninplay:Pinger\nmanapool:{R}\n[PLAYER2]\ninplay:Phantasmal Bear\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\n[PLAYER2]\ngraveyard:Phantasmal Bear\n";
    assert_eq!(verdict(init, "Pinger\nPhantasmal Bear\n", expected), Verdict::Passed);
}

#[test]
fn a_choice_that_is_not_a_target_fires_nothing() {
    // Culler's `notatarget(creature)` shrinks the Bear to 1/1 without targeting it.
    let init = "[PLAYER1]\ninplay:Culler\nmanapool:{B}\n[PLAYER2]\ninplay:Phantasmal Bear\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Culler\n[PLAYER2]\ninplay:Phantasmal Bear\n";
    assert_eq!(verdict(init, "Culler\nPhantasmal Bear\n", expected), Verdict::Passed);
}

#[test]
fn retromancer_damages_the_controller_of_what_targets_it() {
    // The opponent's Pinger targets it: 3 damage to the opponent, 1 to Retromancer.
    let init = "[PLAYER1]\ninplay:Pinger\nmanapool:{R}\n[PLAYER2]\ninplay:Retromancer\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\nlife:17\n[PLAYER2]\ninplay:Retromancer\nlife:20\n";
    assert_eq!(verdict(init, "Pinger\nRetromancer\n", expected), Verdict::Passed);
    // Its own controller's spell: 3 damage to that player.
    let init = "[PLAYER1]\ninplay:Retromancer\nhand:Growth\nmanapool:{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Retromancer\ngraveyard:Growth\nlife:17\n[PLAYER2]\nlife:20\n";
    assert_eq!(verdict(init, "Growth\nRetromancer\n", expected), Verdict::Passed);
}

#[test]
fn a_from_zone_no_spell_or_ability_is_in_is_refused() {
    let card = "auto=@targeted(this) from(*|mylibrary,battlefield):draw:1\ntype=Creature\npower=1\ntoughness=1";
    assert_eq!(
        error_of(card).as_deref(),
        Some("unsupported: `from(spec)` of `@targeted` with zones of different owners")
    );
    let card = "auto=@targeted(this) from(*|mycommand):draw:1\ntype=Creature\npower=1\ntoughness=1";
    assert_eq!(error_of(card).as_deref(), Some("unsupported: zone `mycommand` of `@targeted`'s `from(spec)`"));
}
