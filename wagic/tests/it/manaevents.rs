//! Triggers on mana and on life, on cards from their printed text: `@tappedformana(spec)`
//! (Wagic's `TrCardTappedformana`, fed by `WEventCardTappedForMana` as a tapping mana
//! ability is activated or a land is tapped for a payment), and `@lifeof(player)`,
//! `@lifelostfoeof(player)` and their kin (Wagic's `TrLifeGained`, fed by `WEventLife` at
//! every change of a life total), `thatmuch` the change.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Manabarbs\n\
text=Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.\n\
auto=@tappedformana(land|opponentBattlefield):damage:1 opponent\n\
auto=@tappedformana(land|myBattlefield):damage:1 controller\n\
mana={3}{R}\ntype=Enchantment\n[/card]\n\
[card]\nname=Ajani's Pridemate\n\
text=Whenever you gain life, you may put a +1/+1 counter on Ajani's Pridemate.\n\
auto=@lifeof(player):may counter(1/1,1)\n\
mana={1}{W}\ntype=Creature\nsubtype=Cat Soldier\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Sanguine Bond\n\
text=Whenever you gain life, target opponent loses that much life.\n\
auto=@lifeof(player):dynamicability<!myself thatmuchlifeloss srcopponent!>\n\
mana={3}{B}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Exquisite Blood\n\
text=Whenever an opponent loses life, you gain that much life.\n\
auto=@lifelostfoeof(player):life:thatmuch controller\n\
mana={4}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Chilling Shade\n\
text=Flying -- {S}: Chilling Shade gets +1/+1 until end of turn. ({S} can be paid with one mana from a snow permanent.)\n\
abilities=flying\nauto={i}:1/1\nmana={2}{B}\ntype=Snow Creature\nsubtype=Shade\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Snow-Covered Mountain\ntype=Basic Snow Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Pinch\ntarget=creature,player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Drop\ntarget=player\nauto=life:1\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Grove\nauto={T}:Add{G}\ntype=Land\n[/card]\n\
[card]\nname=Elf\nauto={T}:Add{G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Heal\ntarget=player\nauto=life:3\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("manaevents.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn the_triggers_lower_to_their_events_with_whose_tested() {
    assert_eq!(
        ir_of("auto=@tappedformana(land|opponentBattlefield):damage:1 opponent\ntype=Enchantment"),
        ["auto[tappedformana?]: opp damage ueot"]
    );
    assert_eq!(ir_of("auto=@lifeof(player):may counter(1/1,1)\ntype=Creature"), ["auto[lifegained?]: - counter ueot"]);
    assert_eq!(
        ir_of("auto=@lifelostfoeof(player):life:thatmuch controller\ntype=Enchantment"),
        ["auto[lifelost?]: me life ueot"]
    );
    // A tapping mana ability says so to `add` (its `tapped`); one that does not tap does not.
    assert_eq!(add_args("auto={T}:Add{G}{G}\ntype=Land"), [3]);
    assert_eq!(add_args("auto={T}:Add{W}{U}\ntype=Land"), [3, 2]);
    assert_eq!(add_args("auto={1}:Add{R}\ntype=Artifact"), [2]);
}

/// How many arguments each `add` of the card's first activated ability passes.
fn add_args(card: &str) -> Vec<usize> {
    use compiler::ir::Effect;
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let add = wagic::catalogue::Command::Add.index();
    let statements = ir.actions.first().map_or(&[][..], |action| action.statements);
    let links = statements.iter().flat_map(|statement| statement.chain.iter());
    links
        .filter_map(|link| match link.effect {
            Effect::Call { command, args, .. } if command.index() == add => Some(args.len()),
            _ => None,
        })
        .collect()
}

#[test]
fn forms_that_would_read_something_else_are_refused() {
    // Wagic tests the life change's source: the event does not bind it.
    assert_eq!(
        error_of("auto=@lifeof(player) from(creature):life:1 controller\ntype=Enchantment").as_deref(),
        Some("unsupported: trigger option `from`")
    );
    assert_eq!(
        error_of("auto=@lifeof(player):all(trigger[from]) damage:1\ntype=Enchantment").as_deref(),
        Some("unsupported: `trigger[from]` of a life trigger")
    );
    // `myself thatmuch` of an opponent's gain would read the controller's own, stale.
    assert_eq!(
        error_of("auto=@lifefoeof(player):dynamicability<!myself thatmuchlifeloss srcopponent!>\ntype=Enchantment")
            .as_deref(),
        Some("unsupported: `dynamicability` amount `thatmuch` other than the life trigger's player's")
    );
    // `thatmuch` outside a damage or life trigger.
    assert!(error_of("auto=@each my upkeep:life:thatmuch controller\ntype=Enchantment").is_some());
}

#[test]
fn a_land_tapped_for_mana_deals_its_controller_one_damage() {
    // The Mountain's mana pays Shock at player 2: Manabarbs deals player 1 one damage.
    let init = "[PLAYER1]\ninplay:Manabarbs,Mountain\nhand:Shock\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Manabarbs,Mountain\ngraveyard:Shock\nlife:19\n[PLAYER2]\nlife:18\n";
    assert_eq!(verdict(init, "Mountain\nShock\np2\n", expected), Verdict::Passed);
    // A land's own mana ability taps it too; a creature's is no land's.
    let init = "[PLAYER1]\ninplay:Manabarbs,Grove,Elf\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Manabarbs,Grove,Elf\nmanapool:{G}{G}\nlife:19\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Grove\nElf\n", expected), Verdict::Passed);
}

#[test]
fn the_pridemate_grows_when_its_controller_gains_life_not_the_opponent() {
    // 3/3 after the gain, the Pridemate survives Shock.
    let init = "[PLAYER1]\ninplay:Ajani's Pridemate\nhand:Heal,Shock\nmanapool:{W}{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Ajani's Pridemate\ngraveyard:Heal,Shock\nlife:23\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Heal\np1\nchoice 0\nShock\nAjani's Pridemate\n", expected), Verdict::Passed);
    // The opponent's gain: still 2/2, it dies.
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Heal,Shock,Ajani's Pridemate\n[PLAYER2]\nlife:23\n";
    assert_eq!(verdict(init, "Heal\np2\nShock\nAjani's Pridemate\n", expected), Verdict::Passed);
}

#[test]
fn sanguine_bond_makes_the_opponent_lose_what_its_controller_gained() {
    let init = "[PLAYER1]\ninplay:Sanguine Bond\nhand:Heal\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Sanguine Bond\ngraveyard:Heal\nlife:23\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(init, "Heal\np1\n", expected), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Sanguine Bond\ngraveyard:Heal\n[PLAYER2]\nlife:23\n";
    assert_eq!(verdict(init, "Heal\np2\n", expected), Verdict::Passed);
}

#[test]
fn exquisite_blood_gains_what_the_opponent_lost_and_not_its_own_loss() {
    let init = "[PLAYER1]\ninplay:Exquisite Blood\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Exquisite Blood\ngraveyard:Shock\nlife:22\n[PLAYER2]\nlife:18\n";
    assert_eq!(verdict(init, "Shock\np2\n", expected), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Exquisite Blood\ngraveyard:Shock\nlife:18\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\np1\n", expected), Verdict::Passed);
}

#[test]
fn the_bond_and_the_blood_loop_until_the_opponent_has_no_life_left() {
    // Each 3 gained is 3 lost, each 3 lost 3 gained, until player 2's life decides the
    // game: Wagic's run of a test ends there, without its `[ASSERT]` (which any board
    // meets here).
    let skipped = |spell: &str| {
        let init =
            format!("[PLAYER1]\ninplay:Sanguine Bond,Exquisite Blood\nhand:{spell}\nmanapool:{{W}}\n[PLAYER2]\n");
        match verdict(&init, &format!("{spell}\np1\n"), "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\n") {
            Verdict::Skipped(skip) => skip.to_string(),
            other => format!("{other:?}"),
        }
    };
    let decided =
        "life triggers looping until a life total ends the game, which ends Wagic's run before its `[ASSERT]`";
    assert_eq!(skipped("Heal"), decided);
    // One life at a time: forty changes, more than the rounds of settling.
    assert_eq!(skipped("Drop"), decided);
}

#[test]
fn snow_mana_pumps_the_chilling_shade_and_other_mana_does_not() {
    assert_eq!(ir_of("auto={i}:1/1\ntype=Snow Creature"), ["action[1]: - pump ueot"]);
    // The snow Mountain's mana pays {S}: 2/2, the Shade survives Pinch.
    let init = "[PLAYER1]\ninplay:Chilling Shade,Snow-Covered Mountain\nhand:Pinch\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Chilling Shade,Snow-Covered Mountain\ngraveyard:Pinch\n[PLAYER2]\n";
    let moves = "Snow-Covered Mountain\nChilling Shade\nPinch\nChilling Shade\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // A plain Mountain's does not: the 1/1 Shade dies.
    let init = "[PLAYER1]\ninplay:Chilling Shade,Mountain\nhand:Pinch\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Mountain\ngraveyard:Pinch,Chilling Shade\nmanapool:{R}\n[PLAYER2]\n";
    let moves = "Mountain\nChilling Shade\nPinch\nChilling Shade\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}
