//! `maxPlay(land)+n` (Wagic's `ACastRestriction`, a spell's until end of turn): n more
//! lands a turn, as the runner lets them be played: the exact IR and the refusals.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Scout\nauto=maxPlay(land)+1\nauto=draw:1\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Oracle\nauto=maxplay(land)+2\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("extra_lands.txt", CARDS, test)
}

#[test]
fn extra_lands_last_the_turn_on_a_spell_and_while_in_play_on_a_permanent() {
    assert_eq!(ir_of("auto=maxPlay(land)+1\ntype=Sorcery"), ["action[0]: - extralands ueot"]);
    assert_eq!(ir_of("auto=maxplay(land)+1 opponent\ntype=Sorcery"), ["action[0]: opp extralands ueot"]);
    assert_eq!(ir_of("auto=maxPlay(land)+2\ntype=Creature"), ["auto[]: - extralands"]);
    for line in ["maxPlay(land)-99", "maxPlay(creature)+1", "maxPlay(land)+x"] {
        assert_eq!(
            error_of(&format!("auto={line}\ntype=Sorcery")).as_deref(),
            Some("unsupported: `maxPlay(...)` other than `maxPlay(land)+n` with n from 1 to 99"),
            "{line}"
        );
    }
}

#[test]
fn a_player_plays_as_many_more_lands_as_the_effects_allow() {
    let init = "[PLAYER1]\nhand:Scout,Forest,Plains,Island\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Scout\ninplay:Forest,Plains\nhand:Island,Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Scout\nForest\nPlains\n", expected)), Verdict::Passed);
    // A third is one too many; so is a second without the spell.
    let skip = |moves: &str, init: &str| match verdict(&test(init, moves, "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\n")) {
        Verdict::Skipped(skip) => skip.reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(skip("Scout\nForest\nPlains\nIsland\n", init), "a land played when the rules forbid it");
    assert_eq!(skip("Plains\nIsland\n", init), "a land played when the rules forbid it");
    // A permanent's, while it is in play: three lands.
    let init = "[PLAYER1]\ninplay:Oracle\nhand:Forest,Plains,Island\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Oracle,Forest,Plains,Island\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Forest\nPlains\nIsland\n", expected)), Verdict::Passed);
}
