//! `foreach(spec)` written after a line's target (`target(creature) foreach(spec) 1/1
//! ueot`, `all(this) foreach(spec) 1/0 ueot`) or at the head of a later `&&` part
//! (`... && foreach(spec) draw:1`): the part's effect counted by the cards the spec
//! matches as it resolves, for that part alone; a lasting effect of it not limited to the
//! turn stays refused.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards written from printed texts: Viridian Lorebearers ("Target creature gets +X/+X
/// until end of turn, where X is the number of artifacts your opponents control"), and a
/// card that gains 1 life, then draws a card for each creature its controller controls.
const CARDS: &str = "[card]\nname=Lorebearers\nauto={T}:target(creature) foreach(artifact|opponentBattlefield) 1/1 ueot\n\
mana={3}{G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Census\nauto={T}:life:1 controller && foreach(creature|myBattlefield) draw:1\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ornithopter\nmana={0}\ntype=Artifact Creature\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Lightning Bolt\ntarget=creature,player\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("foreach.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = test(init, moves, &format!("FIRSTMAIN\n{expected}"));
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn a_target_gets_the_pump_once_for_each_match() {
    // Two artifacts on the other side: the Bears are a 4/4 that Lightning Bolt leaves.
    let bolted = |artifacts: &str, expected: &str| {
        let init = format!(
            "[PLAYER1]\ninplay:Lorebearers,Grizzly Bears\nhand:Lightning Bolt\nmanapool:{{R}}\n[PLAYER2]\ninplay:{artifacts}\n"
        );
        let moves = "Lorebearers\nGrizzly Bears\nLightning Bolt\nGrizzly Bears\n";
        verdict(&init, moves, &format!("{expected}[PLAYER2]\ninplay:{artifacts}\n"))
    };
    let kept = "[PLAYER1]\ninplay:Lorebearers,Grizzly Bears\ngraveyard:Lightning Bolt\n";
    assert_eq!(bolted("Ornithopter,Ornithopter", kept), Verdict::Passed);
    // One: a 3/3, which it kills.
    let dead = "[PLAYER1]\ninplay:Lorebearers\ngraveyard:Grizzly Bears,Lightning Bolt\n";
    assert_eq!(bolted("Ornithopter", dead), Verdict::Passed);
}

#[test]
fn a_later_part_counts_for_itself_alone() {
    // One life, and a card for each of the two creatures (not for the life part too).
    let init = "[PLAYER1]\ninplay:Census,Grizzly Bears,Ornithopter\nlibrary:Forest,Forest,Forest\n[PLAYER2]\n";
    let expected =
        "[PLAYER1]\ninplay:Census,Grizzly Bears,Ornithopter\nhand:Forest,Forest\nlibrary:Forest\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Census\n", expected), Verdict::Passed);
}

#[test]
fn the_pump_counts_by_its_filter_and_a_lasting_one_without_ueot_is_refused() {
    // One pump whose `per` filter counts the matches (not a loop of pumps).
    assert_eq!(
        ir_of(
            "auto=@combat(attacking) source(this):all(this) foreach(other aurochs[attacking]) 1/0 ueot\ntype=Creature"
        ),
        ["auto[attacking?]: filterNone pump ueot"]
    );
    assert_eq!(
        ir_of("auto={4}{T}:reject all(*|myhand) && foreach(creature|myBattlefield) draw:1\ntype=Artifact"),
        ["action[2]: filterNone moveto ueot; - each ueot"]
    );
    for (card, refused) in [
        (
            "auto=lord(sliver) foreach(other sliver|battlefield) 1/1\ntype=Creature",
            "unsupported: `foreach(...)` after a target, of a lasting effect without `ueot`",
        ),
        (
            "auto={1}:all(this) foreach(goblin) foreach(elf) 1/1 ueot\ntype=Creature",
            "unsupported: two `foreach(...)` in one effect",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}
