//! A permanent that changed controller while in play triggers as its new controller's:
//! Sleeper Agent's "at the beginning of your upkeep" is the upkeep of the player it went to.

use wagic::runner::Verdict;

use super::behaviour::test;

/// Sleeper Agent as Wagic writes it.
const CARDS: &str = "[card]\nname=Sleeper Agent\nauto=moveto(opponentBattlefield)\n\
auto=@each my upkeep:damage:2 Controller\nmana={B}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("control.txt", CARDS, test)
}

#[test]
fn a_stolen_permanents_upkeep_trigger_is_its_new_controllers() {
    let init = "[PLAYER1]\nhand:Sleeper Agent\nmanapool:{B}\n[PLAYER2]\n";
    // p2's upkeep: the Agent, now p2's, deals p2 2.
    let expected = "UPKEEP\n[PLAYER1]\n[PLAYER2]\ninplay:Sleeper Agent\nlife:18\n";
    assert_eq!(verdict(&test(init, "Sleeper Agent\ngoto upkeep\n", expected)), Verdict::Passed);
    // p1's next upkeep: nothing more.
    let expected = "UPKEEP\n[PLAYER1]\n[PLAYER2]\ninplay:Sleeper Agent\nlife:18\n";
    assert_eq!(verdict(&test(init, "Sleeper Agent\ngoto upkeep\ngoto upkeep\n", expected)), Verdict::Passed);
}
