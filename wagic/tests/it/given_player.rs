//! `ability$!effect!$ opponent|targetedplayer` (Wagic's `ATargetedAbilityCreator`) whose
//! effect is the player discarding n cards from their own hand: that player's `discard:n`.
//! The IR against the plain form, the refusals of other effects, and the discards in play.
//! (The catalogue's `discard:n` takes the first cards of the hand: which card the player
//! clicks is not honoured yet, so the hands here hold alike cards.)

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Cackling Fiend\nauto=ability$!name(discard) target(*|myhand) reject!$ opponent\n\
text=When Cackling Fiend enters the battlefield, each opponent discards a card.\nmana={2}{B}{B}\n\
type=Creature\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Cat Burglar\n\
auto={2}{B}{T}:target(player) ability$!name(discard) target(*|myhand) reject!$ targetedplayer asSorcery\n\
text={2}{B}, {T}: Target player discards a card. Activate this ability only any time you could cast a sorcery.\n\
mana={3}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Horrifying Revelation\ntarget=player\n\
auto=ability$!name(discard) target(*|myhand) reject!$ targetedplayer\nauto=deplete:1\n\
text=Target player discards a card, then puts the top card of his or her library into his or her graveyard.\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("given_player.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn a_discard_given_to_a_player_is_that_players_discard() {
    let pairs = [
        (
            "target=player\nauto=ability$!name(discard 2 cards) target(<2>*|myhand) reject!$ targetedplayer\ntype=Sorcery",
            "target=player\nauto=discard:2\ntype=Sorcery",
        ),
        (
            "auto=ability$!name(discard) target(*|myhand) reject!$ opponent\ntype=Creature",
            "auto=discard:1 opponent\ntype=Creature",
        ),
        (
            "auto=target(opponent) ability$!name(discard) notatarget(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "auto=target(opponent) discard:1\ntype=Creature",
        ),
        (
            "auto={T}:target(player) ability$!reject notatarget(<3>*|myhand)!$ targetedplayer asSorcery\ntype=Creature",
            "auto={T}:target(player) discard:3 asSorcery\ntype=Creature",
        ),
    ];
    for (given, plain) in pairs {
        assert_eq!(ir_of(given), ir_of(plain), "{given}");
    }
}

#[test]
fn other_effects_given_to_a_player_stay_refused() {
    let cases = [
        (
            "auto=ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ opponent\ntype=Creature",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard",
        ),
        (
            "auto=ability$!target(creature|myhand) reject!$ opponent\ntype=Creature",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard",
        ),
        (
            "auto={T}:target(player) ability$!target(*|mygraveyard) moveTo(exile)!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` other than a discard",
        ),
        (
            "auto=ability$!target(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` on a card targeting no player",
        ),
        (
            "auto=target(creature) ability$!target(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` with a word around it",
        ),
        (
            "target=creature\nauto=ability$!target(*|myhand) reject!$ targetedplayer\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `targetedplayer` on a card targeting no player",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}

#[test]
fn cackling_fiend_makes_the_opponent_discard_as_it_enters() {
    let init = "[PLAYER1]\nhand:Cackling Fiend,Forest\nmanapool:{2}{B}{B}\n[PLAYER2]\nhand:Forest,Forest\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Cackling Fiend\nhand:Forest\n[PLAYER2]\nhand:Forest\ngraveyard:Forest\n";
    assert_eq!(verdict(&test(init, "Cackling Fiend\n", expected)), Verdict::Passed);
}

#[test]
fn cat_burglar_makes_its_target_player_discard_a_card() {
    let init = "[PLAYER1]\ninplay:Cat Burglar\nmanapool:{2}{B}\n[PLAYER2]\nhand:Forest,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cat Burglar\n[PLAYER2]\nhand:Forest\ngraveyard:Forest\n";
    // The targeted player clicks the card to discard, as Wagic's targeted player chooses it.
    assert_eq!(verdict(&test(init, "Cat Burglar\np2\nForest\n", expected)), Verdict::Passed);
    // Its controller targeted: the controller discards.
    let init = "[PLAYER1]\ninplay:Cat Burglar\nhand:Forest\nmanapool:{2}{B}\n[PLAYER2]\nhand:Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cat Burglar\ngraveyard:Forest\n[PLAYER2]\nhand:Forest\n";
    assert_eq!(verdict(&test(init, "Cat Burglar\np1\nForest\n", expected)), Verdict::Passed);
}

#[test]
fn horrifying_revelation_makes_its_target_player_discard_then_mill() {
    let init = "[PLAYER1]\nhand:Horrifying Revelation,Forest\nlibrary:Forest\nmanapool:{B}\n\
                [PLAYER2]\nhand:Forest,Forest\nlibrary:Cat Burglar\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Forest\nlibrary:Forest\ngraveyard:Horrifying Revelation\n\
                    [PLAYER2]\nhand:Forest\ngraveyard:Forest,Cat Burglar\n";
    assert_eq!(verdict(&test(init, "Horrifying Revelation\np2\nForest\n", expected)), Verdict::Passed);
}
