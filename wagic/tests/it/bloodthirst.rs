//! `bloodthirst:n` (Wagic's `ABloodThirst`): a permanent entering with n +1/+1 counters
//! when an opponent of its controller was dealt damage this turn, as Wagic counts it
//! (`Player::damaged`, after prevention, reset as the turn ends).

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\n\
name=Scab-Clan Mauler\n\
abilities=trample\n\
auto=bloodthirst:2\n\
mana={R}{G}\n\
type=Creature\n\
subtype=Human Berserker\n\
power=1\n\
toughness=1\n\
[/card]\n\
[card]\n\
name=Shock\n\
target=creature,player\n\
auto=damage:2\n\
mana={R}\n\
type=Instant\n\
[/card]\n\
[card]\n\
name=Mountain\n\
type=Basic Land\n\
subtype=Mountain\n\
[/card]\n\
[card]\n\
name=Snow-Covered Mountain\n\
type=Basic Snow Land\n\
subtype=Mountain\n\
[/card]\n\
[card]\n\
name=Forest\n\
type=Basic Land\n\
subtype=Forest\n\
[/card]\n\
[card]\n\
name=Healing Salve\n\
target=player\n\
auto=prevent:3\n\
mana={W}\n\
type=Instant\n\
[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("bloodthirst.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn bloodthirst_is_its_counters_if_the_opponent_was_damaged() {
    // An entering effect (its condition is checked by the tests below).
    assert_eq!(ir_of("auto=bloodthirst:2\ntype=Creature"), ["auto[]: - counter"]);
    assert_eq!(
        error_of("auto=bloodthirst:x\ntype=Creature").as_deref(),
        Some("unsupported: `bloodthirst` count other than a number from 1 to 20")
    );
    assert_eq!(
        error_of("target=creature\nauto=bloodthirst:1\ntype=Instant").as_deref(),
        Some("unsupported: `bloodthirst` on an instant or sorcery")
    );
}

#[test]
fn after_a_shock_to_the_opponent_the_mauler_enters_as_a_three_three() {
    // Shocked after it entered, a 3/3 Mauler lives.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock,Shock,Scab-Clan Mauler\nmanapool:{R}{R}{R}{G}\n[PLAYER2]\n",
        "Shock\np2\nScab-Clan Mauler\nShock\nScab-Clan Mauler\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Scab-Clan Mauler\ngraveyard:Shock,Shock\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn without_damage_to_the_opponent_the_mauler_enters_as_a_one_one() {
    // Its controller's own damage does not count: the 1/1 Mauler dies to the Shock.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock,Shock,Scab-Clan Mauler\nmanapool:{R}{R}{R}{G}\n[PLAYER2]\n",
        "Shock\np1\nScab-Clan Mauler\nShock\nScab-Clan Mauler\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Shock,Scab-Clan Mauler\nlife:18\n[PLAYER2]\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn prevented_damage_is_no_damage_dealt() {
    // Healing Salve prevents the Shock to player 2: the Mauler enters as a 1/1 and dies.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock,Shock,Scab-Clan Mauler,Healing Salve\nmanapool:{R}{R}{R}{G}{W}\n[PLAYER2]\n",
        "Healing Salve\np2\nShock\np2\nScab-Clan Mauler\nShock\nScab-Clan Mauler\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Shock,Scab-Clan Mauler,Healing Salve\n[PLAYER2]\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn the_damage_counted_is_this_turns() {
    // Player 2 was shocked last turn: the Mauler cast in player 1's next turn is a 1/1,
    // which the second Shock kills.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock,Shock,Scab-Clan Mauler\ninplay:Mountain,Snow-Covered Mountain,Forest\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\np2\neot\neot\nnext\nnext\nnext\nMountain\nSnow-Covered Mountain\nForest\nScab-Clan Mauler\nShock\nScab-Clan Mauler\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mountain,Snow-Covered Mountain,Forest\ngraveyard:Shock,Shock,Scab-Clan Mauler\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}
