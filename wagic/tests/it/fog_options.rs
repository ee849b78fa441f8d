//! `fog to(...)` and `fog from(...)` (Wagic's `APreventDamageTypesUEOT`): the combat
//! damage dealt to or by a spell's or an ability's target, or by the ability's own card,
//! prevented until the end of the turn; refused on a permanent's own line.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\n\
name=Ignoble Soldier\n\
auto=@combat(blocked,turnlimited) source(this):fog from(this)\n\
mana={2}{W}\n\
type=Creature\n\
subtype=Human Soldier\n\
power=3\n\
toughness=1\n\
[/card]\n\
[card]\n\
name=Keeper of Tresserhorn\n\
auto=@combat(notblocked) source(this):life:-2 opponent && fog from(this) ueot\n\
mana={5}{B}\n\
type=Creature\n\
subtype=Avatar\n\
power=6\n\
toughness=6\n\
[/card]\n\
[card]\n\
name=Truce of Two\n\
target=creature\n\
auto=untap && fog to(mytgt) && fog from(mytgt)\n\
text=Untap target creature. Prevent all combat damage that would be dealt to and dealt by it this turn.\n\
mana={W}\n\
type=Instant\n\
[/card]\n\
[card]\n\
name=Hill Giant\n\
mana={3}{R}\n\
type=Creature\n\
subtype=Giant\n\
power=3\n\
toughness=3\n\
[/card]\n\
[card]\n\
name=Grizzly Bears\n\
mana={1}{G}\n\
type=Creature\n\
subtype=Bear\n\
power=2\n\
toughness=2\n\
[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("fog.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn fog_with_a_side_is_a_combat_prevention_until_end_of_turn() {
    assert_eq!(
        ir_of("auto=@combat(blocked) source(this):fog from(this)\ntype=Creature"),
        ["auto[blocked?]: - preventdamage ueot"]
    );
    // A spell's target: Fend Off's `fog from(mytgt)`.
    assert_eq!(ir_of("target=creature\nauto=fog from(mytgt)\ntype=Instant"), ["action[0]: - preventdamage ueot"]);
}

#[test]
fn fog_with_a_side_is_refused_where_wagic_would_run_it_once_as_the_card_enters() {
    assert_eq!(
        error_of("auto=fog from(this)\ntype=Creature").as_deref(),
        Some("unsupported: `fog to(...)` or `fog from(...)` on a permanent's own line")
    );
    // Telekinesis writes `to(mytgt)` for the damage its target deals.
    assert_eq!(
        error_of("target=creature\nauto=fog to(mytgt)\ntype=Instant").as_deref(),
        Some("unsupported: `fog to(...)` without `fog from(...)`")
    );
    // Cunning Giant's bare `fog from` names no source.
    assert_eq!(
        error_of("auto=@combat(notblocked) source(this):damage:1 target(creature) && fog from\ntype=Creature")
            .as_deref(),
        Some("unsupported: `fog` option other than `to(...)` or `from(...)`")
    );
}

#[test]
fn a_blocked_ignoble_soldier_deals_no_combat_damage() {
    // Ignoble Soldier (3/1) is blocked by Grizzly Bears (2/2): the Bears live, the Soldier dies.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Ignoble Soldier\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "next\nnext\nIgnoble Soldier\nnext\nGrizzly Bears\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ngraveyard:Ignoble Soldier\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn an_unblocked_keeper_of_tresserhorn_makes_its_player_lose_two_life_instead() {
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Keeper of Tresserhorn\n[PLAYER2]\nlife:20\n",
        "next\nnext\nKeeper of Tresserhorn\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Keeper of Tresserhorn\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_truce_on_the_attacker_spares_it_and_its_blocker_this_turn() {
    // Truce of Two on Hill Giant (3/3), which then attacks into Grizzly Bears (2/2): both live.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\nhand:Truce of Two\nmanapool:{W}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Truce of Two\nHill Giant\nnext\nnext\nHill Giant\nnext\nGrizzly Bears\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Truce of Two\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // Without it, the Bears die.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "next\nnext\nHill Giant\nnext\nGrizzly Bears\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn the_prevention_ends_with_the_turn() {
    // Cast in player 1's main phase, the truce is over by player 2's turn: the Bears,
    // attacking, die to the Giant's block.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\nhand:Truce of Two\nmanapool:{W}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Truce of Two\nHill Giant\neot\nnext\nnext\nnext\nnext\nnext\nGrizzly Bears\nnext\nHill Giant\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Truce of Two\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}
