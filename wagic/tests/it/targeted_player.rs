//! Wagic's `targetedplayer` on a permanent whose only target is `opponent` (Black Vise):
//! the opponent. The exact IR, the refusal elsewhere, and the Vise's damage.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Black Vise's lines on a card of these tests, and cards to hold.
const CARDS: &str = "[card]\nname=Vise\nauto=name(choose opponent) notatarget(opponent) deplete:0\n\
auto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("targeted_player.txt", CARDS, test)
}

#[test]
fn targetedplayer_is_the_opponent_on_a_card_targeting_only_the_opponent() {
    let vise = "auto=name(choose opponent) notatarget(opponent) deplete:0\n\
                auto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\ntype=Artifact";
    assert_eq!(ir_of(vise), ["auto[]: filterSome(Exact(1)) deplete", "auto[opp upkeep]: opp damage ueot"]);
    // Another target, or none at all: the word stays refused.
    for card in [
        "auto={T}:target(player) deplete:0\nauto=@each targetedplayer upkeep:draw:1 targetedplayer\ntype=Artifact",
        "auto=@each targetedplayer upkeep:draw:1\ntype=Artifact",
    ] {
        assert_eq!(error_of(card).as_deref(), Some("unsupported: trigger `@each` form"), "{card}");
    }
    let other_target = "auto=target(opponent) deplete:0\nauto=damage:1 target(creature)\nauto=draw:1 targetedplayer\n\
                        type=Artifact";
    assert!(error_of(other_target).is_some());
    assert!(error_of("auto=target(opponent) deplete:0\nauto=draw:1 targetedplayer\ntype=Artifact").is_none());
}

#[test]
fn the_vise_hurts_the_opponent_for_each_card_beyond_four_in_its_upkeep() {
    let init = "SECONDMAIN\n[PLAYER1]\ninplay:Vise\n[PLAYER2]\nhand:Forest,Forest,Forest,Forest,Forest,Forest\n";
    let expected =
        "UPKEEP\n[PLAYER1]\ninplay:Vise\n[PLAYER2]\nhand:Forest,Forest,Forest,Forest,Forest,Forest\nlife:18\n";
    let written = format!("[INIT]\n{init}[DO]\neot\nnext\n[ASSERT]\n{expected}[END]\n");
    assert_eq!(verdict(&written), Verdict::Passed);
    // Its controller's own upkeep: nothing.
    let init = "[PLAYER1]\ninplay:Vise\nhand:Forest,Forest,Forest,Forest,Forest,Forest\n[PLAYER2]\n";
    let expected = "UPKEEP\n[PLAYER1]\ninplay:Vise\nhand:Forest,Forest,Forest,Forest,Forest,Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "eot\neot\nnext\n", expected)), Verdict::Passed);
}
