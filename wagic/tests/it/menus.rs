//! Wagic's menus in its test runner: a triggered ability's lone target is still asked
//! (`choice 0`, then its click), a `choice` with no menu open does nothing (Wagic's
//! `doReactTo`), an entering choice of the opponent takes the player's click, and the
//! legend rule's menu is skipped.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;

const CARDS: &str = "[card]\nname=Gardener\nauto=@movedTo(this|graveyard) from(battlefield):destroy target(land)\n\
mana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Kill\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Eye\nauto=@movedTo(*[blue]|stack):may life:1 controller\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Bolt\ntarget=player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Sprite\nauto={W}:1/1\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Vise\nauto=name(choose opponent) notatarget(opponent) deplete:0\n\
auto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Lord\nmana={B}\ntype=Legendary Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("menus.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

fn skipped(test: &str) -> String {
    match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_triggered_abilitys_lone_target_is_asked_by_its_menu_then_clicked() {
    // The Gardener dies: its ability destroys the only land, which Wagic still asks for.
    let gardener = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Gardener\nhand:Kill\nmanapool:{B}\n[PLAYER2]\ninplay:Forest\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Kill,Gardener\n[PLAYER2]\n{expected}"),
        ))
    };
    assert_eq!(gardener("Kill\nGardener\nchoice 0\nForest\n", "graveyard:Forest\n"), Verdict::Passed);
    // While the target waits, `choice` does nothing and a click on no legal target is
    // ignored.
    assert_eq!(gardener("Kill\nGardener\nchoice 0\nchoice 2\nKill\nForest\n", "graveyard:Forest\n"), Verdict::Passed);
    assert_eq!(
        skipped(&test(
            "[PLAYER1]\ninplay:Gardener\nhand:Kill\nmanapool:{B}\n[PLAYER2]\ninplay:Forest\n",
            "Kill\nGardener\nchoice 0\n",
            "FIRSTMAIN\n[PLAYER1]\ngraveyard:Kill,Gardener\n[PLAYER2]\ninplay:Forest\n",
        )),
        "a question the moves leave unanswered (a triggered ability waits)"
    );
}

#[test]
fn a_choice_with_no_menu_open_does_nothing() {
    // A red spell: the Eye's `may` does not trigger, Wagic opens no menu, `choice 0`
    // does nothing (no life gained).
    let eye = test(
        "[PLAYER1]\ninplay:Eye\nhand:Bolt\nmanapool:{R}\n[PLAYER2]\n",
        "Bolt\np2\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Eye\ngraveyard:Bolt\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&eye), Verdict::Passed);
    // After an attack the model declared at once: the attack rule is Wagic's first entry.
    let attack = |moves: &str| {
        format!(
            "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Sprite\n[PLAYER2]\n[DO]\n{moves}[ASSERT]\nCOMBATEND\n\
             [PLAYER1]\ninplay:Sprite\n[PLAYER2]\nlife:19\n[END]\n"
        )
    };
    assert_eq!(verdict(&attack("Sprite\nchoice 0\nnext\nnext\nnext\n")), Verdict::Passed);
    assert_eq!(
        skipped(&attack("Sprite\nchoice 1\nnext\nnext\nnext\n")),
        "[DO] `choice` after a click the model did at once (Wagic's menu may list more) (line 8: `choice 1`)"
    );
    // An ability the model activated at once: Wagic's menu may list more.
    let pumped = test(
        "[PLAYER1]\ninplay:Sprite\nmanapool:{W}\n[PLAYER2]\n",
        "Sprite\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Sprite\n[PLAYER2]\n",
    );
    assert_eq!(
        skipped(&pumped),
        "[DO] `choice` after a click the model did at once (Wagic's menu may list more) (line 9: `choice 0`)"
    );
}

#[test]
fn an_entering_choice_of_the_opponent_takes_the_players_click() {
    let hand = "hand:Forest,Forest,Forest,Forest,Forest,Forest\n";
    let vise = |moves: &str| {
        format!(
            "[INIT]\nSECONDMAIN\n[PLAYER1]\nhand:Vise\nmanapool:{{1}}\n[PLAYER2]\n{hand}[DO]\n{moves}[ASSERT]\nUPKEEP\n\
             [PLAYER1]\ninplay:Vise\n[PLAYER2]\n{hand}life:18\n[END]\n"
        )
    };
    assert_eq!(verdict(&vise("Vise\nchoice 0\np2\neot\nnext\n")), Verdict::Passed);
    // The Vise's controller is no opponent of theirs; a second click has no choice left.
    assert_eq!(
        skipped(&vise("Vise\nchoice 0\np1\neot\nnext\n")),
        "a player clicked with nothing waiting for a target (line 11: `p1`)"
    );
    assert_eq!(
        skipped(&vise("Vise\nchoice 0\np2\np2\neot\nnext\n")),
        "a player clicked with nothing waiting for a target (line 12: `p2`)"
    );
}

#[test]
fn two_legendary_permanents_of_one_name_are_skipped_for_the_legend_rules_menu() {
    let legends = test(
        "[PLAYER1]\ninplay:Lord\nhand:Lord\nmanapool:{B}\n[PLAYER2]\n",
        "Lord\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Lord\ngraveyard:Lord\n[PLAYER2]\n",
    );
    assert_eq!(skipped(&legends), "the legend rule (Wagic's menu of the legendary permanent to keep) (Lord)");
}
