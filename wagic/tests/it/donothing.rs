//! `donothing` (Wagic's `AAFakeAbility`): an effect that does nothing. An ability of it is
//! paid for its cost alone (Mishra's Helix's `{T}:name(X = 0) donothing`, "{X}, {T}: Tap X
//! target lands" with X of 0), and a `target(...)` written with it is chosen, nothing being
//! done to the card (Ingenious Thief's "look at target player's hand").

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Helix\nauto={T}:name(X = 0) donothing\n\
auto={T}:name(gain) life:1 controller\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Glasses\nauto={T}:name(look at opponents hand) target(*|opponenthand) donothing ueot\n\
auto={T}:name(gain) life:1 controller\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("donothing.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn donothing_is_a_command_of_no_argument() {
    assert_eq!(ir_of("auto={T}:name(X = 0) donothing\ntype=Artifact"), ["action[1]: - donothing ueot"]);
    assert_eq!(error_of("auto={T}:name(X = 0) donothing\ntype=Artifact"), None);
}

#[test]
fn an_ability_doing_nothing_only_pays_its_cost() {
    let init = "[PLAYER1]\ninplay:Helix\n[PLAYER2]\n";
    // The `{T}` of the first ability is paid: the second, `{T}` too, can't be activated.
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Helix\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Helix\nchoice 0\nHelix\nchoice 1\n", expected), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Helix\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Helix\nchoice 1\n", expected), Verdict::Passed);
}

#[test]
fn a_target_of_donothing_is_chosen_and_left_as_it_is() {
    // The Glasses target the opponent's Bears in hand, which stays there; the Glasses are
    // tapped: their second `{T}` ability can't be activated.
    let init = "[PLAYER1]\ninplay:Glasses\n[PLAYER2]\nhand:Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Glasses\n[PLAYER2]\nhand:Bears\n";
    assert_eq!(verdict(init, "Glasses\nchoice 0\nBears\nGlasses\nchoice 1\n", expected), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Glasses\nlife:21\n[PLAYER2]\nhand:Bears\n";
    assert_eq!(verdict(init, "Glasses\nchoice 1\n", expected), Verdict::Passed);
}
