//! `fizzle` and `fizzleto(...)` as the front end compiles them, and Wagic's stack as the
//! runner plays it: a spell waits on the stack while `yes` lets the other player answer,
//! the answers resolve first, a spell whose target is gone fizzles, a countered spell does
//! nothing, and what the model resolves at once is never answered. Then what Wagic's
//! answers in its tests need: `creature[damager]`, a click naming no card.

use std::sync::Arc;

use compiler::ir::{Arg, Effect};
use vm::bytecode::Const;
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Cancel\ntarget=*|stack\nauto=fizzle\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Bounce Spell\ntarget=*|stack\nauto=fizzleto(hand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Drain Spell\ntarget=*|stack\nauto=fizzle\nauto=life:-3 targetController\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Stag\nabilities=nofizzle\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Zap\ntarget=creature\nauto=damage:2\nauto=draw:1 controller\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Recall\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Veil\ntarget=creature\nauto=shroud\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Warden\nauto=@movedTo(creature|battlefield):life:1 controller\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Swing\ntarget=creature[damager]\nauto=-5/-5 ueot\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Rod\nauto={0}:life:1 controller asSorcery\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Pinger\nauto={R}:damage:1 target(creature,player)\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("stack.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

/// The zone (prefix and name) of the one `fizzle` call of a card's one action.
fn fizzle_zone(card: &str) -> (String, String) {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [action] = ir.actions else { panic!("one action: {:?}", ir.actions) };
    let [statement] = action.statements else { panic!("one statement") };
    let [link] = statement.chain else { panic!("one link") };
    let Effect::Call { args: [Arg::Const(Const::Pile(zone))], .. } = link.effect else { panic!("{:?}", link.effect) };
    let prefix = zone.prefix.map_or("", |prefix| wagic::catalogue::ZONE_PREFIXES[prefix.index()].name);
    (prefix.to_string(), wagic::catalogue::ZONES[zone.zone.index()].name.to_string())
}

#[test]
fn fizzle_counters_the_target_spell_into_its_owners_zone() {
    assert_eq!(ir_of("target=*|stack\nauto=fizzle\ntype=Instant"), ["action[0]: - fizzle ueot"]);
    assert_eq!(
        ir_of("auto={G}{G}:fizzle target(*[black]|stack)\ntype=Enchantment"),
        ["action[1]: filterSome(Exact(1)) fizzle ueot"]
    );
    let zone = |auto: &str| fizzle_zone(&format!("target=*|stack\nauto={auto}\ntype=Instant"));
    assert_eq!(zone("fizzle"), ("owner".into(), "graveyard".into()));
    assert_eq!(zone("fizzleto(hand)"), ("owner".into(), "hand".into()));
    assert_eq!(zone("fizzleto(exile)"), ("owner".into(), "exile".into()));
    assert_eq!(zone("fizzleto(librarytop)"), ("owner".into(), "library".into()));
    // Wagic's other places (second from the top, bottom, exile with an imprint) are refused.
    assert_eq!(
        error_of("target=*|stack\nauto=fizzleto(librarybottom)\ntype=Instant").as_deref(),
        Some("unsupported: `fizzleto(librarybottom)`")
    );
    // A spell's `targetcontroller` of `*|stack` is the target spell's controller.
    assert_eq!(
        ir_of("target=*|stack\nauto=fizzle\nauto=life:-3 targetController\ntype=Instant"),
        ["action[0]: - fizzle ueot; expr life ueot"]
    );
}

#[test]
fn an_answer_with_yes_resolves_first_and_counters_the_spell() {
    let init = "[PLAYER1]\nhand:Bear\nmanapool:{G}\n[PLAYER2]\nhand:Cancel\nmanapool:{U}\n";
    let countered = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Bear\n[PLAYER2]\ngraveyard:Cancel\n";
    assert_eq!(verdict(init, "Bear\nno\nyes\nCancel\nBear\nendinterruption\n", countered), Verdict::Passed);
    // Both decline: the Bear resolves, and nothing is left to counter (Cancel is cast on
    // no spell: the player's click on it does nothing once the stack is empty).
    let resolved = "FIRSTMAIN\n[PLAYER1]\ninplay:Bear\n[PLAYER2]\nhand:Cancel\nmanapool:{U}\n";
    assert_eq!(verdict(init, "Bear\nno\nno\n", resolved), Verdict::Passed);
    // `fizzleto(hand)` puts it back into its owner's hand; `targetcontroller` loses life.
    let init = "[PLAYER1]\nhand:Bear\nmanapool:{G}\n[PLAYER2]\nhand:Bounce Spell,Drain Spell\nmanapool:{U}\n";
    let bounced = "FIRSTMAIN\n[PLAYER1]\nhand:Bear\n[PLAYER2]\nhand:Drain Spell\ngraveyard:Bounce Spell\n";
    assert_eq!(verdict(init, "Bear\nno\nyes\nBounce Spell\nBear\nendinterruption\n", bounced), Verdict::Passed);
    let drained =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Bear\nlife:17\n[PLAYER2]\nhand:Bounce Spell\ngraveyard:Drain Spell\n";
    assert_eq!(verdict(init, "Bear\nno\nyes\nDrain Spell\nBear\nendinterruption\n", drained), Verdict::Passed);
}

#[test]
fn a_spell_with_nofizzle_is_not_countered() {
    let init = "[PLAYER1]\nhand:Stag\nmanapool:{G}\n[PLAYER2]\nhand:Drain Spell\nmanapool:{U}\n";
    // The Stag stays on the stack and resolves; the life loss happens all the same.
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Stag\nlife:17\n[PLAYER2]\ngraveyard:Drain Spell\n";
    assert_eq!(verdict(init, "Stag\nno\nyes\nDrain Spell\nStag\nendinterruption\n", expected), Verdict::Passed);
}

#[test]
fn a_spell_whose_target_left_fizzles_and_a_spell_in_waiting_sees_the_board_as_it_resolves() {
    // Zap at the Bear; in answer the Bear returns to its owner's hand: Zap fizzles, and
    // its player draws no card.
    let init = "[PLAYER1]\nhand:Zap\nlibrary:Stag\nmanapool:{R}\n[PLAYER2]\ninplay:Bear\nhand:Recall\nmanapool:{U}\n";
    let fizzled = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Zap\nlibrary:Stag\n[PLAYER2]\nhand:Bear\ngraveyard:Recall\n";
    assert_eq!(verdict(init, "Zap\nBear\nno\nyes\nRecall\nBear\nendinterruption\n", fizzled), Verdict::Passed);
    // Unanswered, it resolves: the Bear dies and a card is drawn.
    let resolved =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Zap\nhand:Stag\n[PLAYER2]\ngraveyard:Bear\nhand:Recall\nmanapool:{U}\n";
    assert_eq!(verdict(init, "Zap\nBear\nno\nno\n", resolved), Verdict::Passed);
    // Shock at the Bear, answered by Growth on it: the Bear is 5/5 as Shock resolves.
    let init = "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Bear\nhand:Growth\nmanapool:{G}\n";
    let grown = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Bear\ngraveyard:Growth\n";
    assert_eq!(verdict(init, "Shock\nBear\nno\nyes\nGrowth\nBear\nendinterruption\n", grown), Verdict::Passed);
    // A creature spell enters as it resolves: the Warden killed in answer sees nothing.
    let init = "[PLAYER1]\nhand:Bear\ninplay:Warden\nmanapool:{G}\n[PLAYER2]\nhand:Shock\nmanapool:{R}\n";
    let unseen = "FIRSTMAIN\n[PLAYER1]\ninplay:Bear\ngraveyard:Warden\nlife:20\n[PLAYER2]\ngraveyard:Shock\n";
    assert_eq!(verdict(init, "Bear\nno\nyes\nShock\nWarden\nendinterruption\n", unseen), Verdict::Passed);
}

/// Zap at the Bear, answered by Veil giving the Bear shroud: Zap's target is no longer
/// one it may target as it resolves (Wagic's `canTarget` fails), so it fizzles: no
/// damage, no card drawn. Planted with only the target's zone checked, the Bear dies and
/// this fails.
#[test]
fn a_spell_whose_target_gained_shroud_fizzles() {
    let init = "[PLAYER1]\nhand:Zap\nlibrary:Stag\nmanapool:{R}\n[PLAYER2]\ninplay:Bear\nhand:Veil\nmanapool:{G}\n";
    let fizzled = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Zap\nlibrary:Stag\n[PLAYER2]\ninplay:Bear\ngraveyard:Veil\n";
    assert_eq!(verdict(init, "Zap\nBear\nno\nyes\nVeil\nBear\nendinterruption\n", fizzled), Verdict::Passed);
}

#[test]
fn what_the_model_cannot_order_is_skipped() {
    // An answer above an ability the model resolved as it was activated.
    let init = "[PLAYER1]\ninplay:Pinger\nmanapool:{R}\n[PLAYER2]\ninplay:Bear\nhand:Growth\nmanapool:{G}\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\n[PLAYER2]\ninplay:Bear\ngraveyard:Growth\n";
    let Verdict::Skipped(skip) = verdict(init, "Pinger\nBear\nno\nyes\nGrowth\nBear\nendinterruption\n", expected)
    else {
        panic!("an answer above an ability resolved at once")
    };
    assert_eq!(skip.reason, "a response above a spell or ability the model resolved as it was cast");
    // `eot` puts many phase changes on Wagic's stack: an answer to one is not modelled.
    let init = "[PLAYER1]\n[PLAYER2]\ninplay:Pinger\nmanapool:{R}\n";
    let expected = "UNTAP\n[PLAYER1]\nlife:19\n[PLAYER2]\ninplay:Pinger\n";
    let Verdict::Skipped(skip) = verdict(init, "eot\nyes\nPinger\np1\nendinterruption\n", expected) else {
        panic!("an answer to a phase change of `eot`")
    };
    assert_eq!(skip.reason, "an interruption as the phase changes (Wagic's `NextGamePhase` on its stack)");
    // A phase change while a player interrupts above a spell: Wagic's does nothing.
    let init = "[PLAYER1]\nhand:Bear\nmanapool:{G}\n[PLAYER2]\n";
    let Verdict::Skipped(skip) =
        verdict(init, "Bear\nno\nyes\nnext\n", "COMBATBEGIN\n[PLAYER1]\ninplay:Bear\n[PLAYER2]\n")
    else {
        panic!("a phase change above a spell")
    };
    assert_eq!(skip.reason, "a phase change while the stack holds a spell");
}

#[test]
fn next_answered_with_yes_lets_the_other_player_act_before_the_phase_changes() {
    // Wagic's `NextGamePhase` waits on the stack: the other player answers it with an
    // ability, which resolves first; then the phase changes.
    let init = "[PLAYER1]\n[PLAYER2]\ninplay:Pinger\nmanapool:{R}\n";
    let expected = "COMBATBEGIN\n[PLAYER1]\nlife:19\n[PLAYER2]\ninplay:Pinger\n";
    assert_eq!(verdict(init, "next\nyes\nPinger\np1\nendinterruption\n", expected), Verdict::Passed);
    // Declined, the phase changes at once (and the pool empties as the phase ends).
    let declined = "COMBATBEGIN\n[PLAYER1]\n[PLAYER2]\ninplay:Pinger\n";
    assert_eq!(verdict(init, "next\nno\n", declined), Verdict::Passed);
}

#[test]
fn damager_is_a_card_that_dealt_damage_this_turn() {
    let init = "[PLAYER1]\ninplay:Pinger,Bear\nhand:Swing\nmanapool:{R}{B}\n[PLAYER2]\n";
    // The Pinger dealt damage: the one legal target.
    let pinged = "FIRSTMAIN\n[PLAYER1]\ninplay:Bear\ngraveyard:Pinger,Swing\n[PLAYER2]\nlife:19\n";
    assert_eq!(verdict(init, "Pinger\np2\nSwing\nPinger\n", pinged), Verdict::Passed);
    // Nothing dealt damage: no legal target, Wagic casts nothing.
    let Verdict::Skipped(skip) = verdict(init, "Swing\nBear\n", "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\n") else {
        panic!("a spell with no legal target")
    };
    assert_eq!(skip.reason, "a spell or ability the model does not complete");
}

#[test]
fn a_click_naming_no_card_does_nothing() {
    // Wagic's driver finds no card by that name (nor id) and clicks nothing.
    let init = "[PLAYER1]\ninplay:Bear\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Mountain\nend\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Bear\n[PLAYER2]\n"), Verdict::Passed);
}

#[test]
fn a_sorcery_speed_ability_waits_for_an_empty_stack() {
    // The active player interrupts above their own Bear: the Rod's `asSorcery` ability
    // cannot be activated (the click does nothing); once the Bear resolved, it can.
    let init = "[PLAYER1]\nhand:Bear\ninplay:Rod\nmanapool:{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Bear,Rod\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Bear\nyes\nRod\nendinterruption\nRod\n", expected), Verdict::Passed);
}
