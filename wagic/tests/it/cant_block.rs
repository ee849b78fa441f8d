//! `cantbeblockerof(spec)` (Wagic's `ACantBeBlockerOf`): a creature that cannot block the
//! creatures a spec matches, counted again after every change; `cantbeblockerof(this)`,
//! its source only, from an activated ability too. Wagic's own cards (read in place;
//! each test skips when the files are absent) played through Wagic's combat clicks and
//! checked against their printed text.

use wagic::runner::{self, Verdict};

use super::board::library;
use super::front::error_of;

/// The verdict of a Wagic behaviour test on Wagic's three card files, `None` without them.
fn verdict(test: &str) -> Option<Verdict> {
    Some(runner::run(&library()?, &wagic::testfile::read(test).expect("a test")))
}

/// `attacker` attacks, `blocker` is clicked to block it; the board at the end of combat.
fn combat(attacker: &str, blocker: &str, own: &str, expected: &str) -> Option<Verdict> {
    verdict(&format!(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:{own}{attacker}\n[PLAYER2]\ninplay:{blocker}\n\
         [DO]\n{attacker}\nnext\n{blocker}\nnext\nnext\n[ASSERT]\nCOMBATEND\n{expected}[END]\n"
    ))
}

#[test]
fn brassclaw_orcs_cannot_block_a_creature_with_power_2_or_greater() {
    // text=: Brassclaw Orcs can't block creatures with power 2 or greater.
    let unblocked = "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Brassclaw Orcs\nlife:18\n";
    let Some(bears) = combat("Grizzly Bears", "Brassclaw Orcs", "", unblocked) else { return };
    assert_eq!(bears, Verdict::Passed);
    // The 1/1 Raging Goblin it blocks, and kills.
    let blocked = "[PLAYER1]\ngraveyard:Raging Goblin\n[PLAYER2]\ninplay:Brassclaw Orcs\n";
    assert_eq!(combat("Raging Goblin", "Brassclaw Orcs", "", blocked), Some(Verdict::Passed));
}

#[test]
fn bower_passage_keeps_flyers_from_blocking_its_controllers_creatures() {
    // text=: Creatures with flying can't block creatures you control.
    let own = "Bower Passage,";
    let unblocked = "[PLAYER1]\ninplay:Bower Passage,Grizzly Bears\n[PLAYER2]\ninplay:Wind Drake\nlife:18\n";
    let Some(passage) = combat("Grizzly Bears", "Wind Drake", own, unblocked) else { return };
    assert_eq!(passage, Verdict::Passed);
    // Without it the Drake blocks, and they trade.
    let traded = "[PLAYER1]\ngraveyard:Grizzly Bears\n[PLAYER2]\ngraveyard:Wind Drake\n";
    assert_eq!(combat("Grizzly Bears", "Wind Drake", "", traded), Some(Verdict::Passed));
}

#[test]
fn duct_crawlers_target_cannot_block_it_this_turn() {
    // text=: {1}{R}: Target creature can't block Duct Crawler this turn.
    let test = |moves: &str, expected: &str| {
        format!(
            "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Duct Crawler\nmanapool:{{1}}{{R}}\n[PLAYER2]\ninplay:Grizzly Bears\n\
             [DO]\n{moves}next\nnext\nDuct Crawler\nnext\nGrizzly Bears\nnext\nnext\n[ASSERT]\nCOMBATEND\n{expected}[END]\n"
        )
    };
    let unblocked = "[PLAYER1]\ninplay:Duct Crawler\n[PLAYER2]\ninplay:Grizzly Bears\nlife:19\n";
    let Some(activated) = verdict(&test("Duct Crawler\nGrizzly Bears\n", unblocked)) else { return };
    assert_eq!(activated, Verdict::Passed);
    // Not activated: the Bears block and kill it (the {1}{R} left in the pool goes).
    let blocked = "[PLAYER1]\ngraveyard:Duct Crawler\n[PLAYER2]\ninplay:Grizzly Bears\n";
    assert_eq!(verdict(&test("", blocked)), Some(Verdict::Passed));
}

#[test]
fn a_counted_cantbeblockerof_outside_a_static_line_is_refused() {
    // Its matches would be counted once: only the source's own `this` holds so.
    assert_eq!(
        error_of("auto={R}:cantbeblockerof(creature[power>=2])\ntype=Creature\npower=1\ntoughness=1").as_deref(),
        Some("unsupported: `cantbeblockerof` outside a permanent's static line")
    );
}
