//! Wagic's menus in its test runner: a triggered ability's lone target is still asked
//! (`choice 0`, then its click), a `choice` with no menu open does nothing (Wagic's
//! `doReactTo`), an entering choice of the opponent takes the player's click, a card's
//! `may`s of different triggers each open their own menu, a `may` with no legal target
//! opens none (and a click on its card, which has no ability of its own, leaves it open),
//! a spell's `may` lines are its menu's modes, a trigger's restriction is checked before
//! its `may` or target is asked, and the legend rule's menu keeps the new or the old legend.

use wagic::runner::Verdict;

use super::behaviour::test;

const CARDS: &str = "[card]\nname=Gardener\nauto=@movedTo(this|graveyard) from(battlefield):destroy target(land)\n\
mana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Kill\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Eye\nauto=@movedTo(*[blue]|stack):may life:1 controller\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Bolt\ntarget=player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Sprite\nauto={W}:1/1\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Vise\nauto=name(choose opponent) notatarget(opponent) deplete:0\n\
auto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Cleric\nauto=may life:1 controller\nauto=@movedTo(other creature|myBattlefield):may life:2 controller\n\
mana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Twin\nauto=may life:1 controller\nauto=may life:2 controller\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Titan\nauto=may moveTo(myBattlefield) target(creature|mygraveyard)\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Puma\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Dawn\nauto=@each my upkeep:may life:2 controller\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Charm\nauto=may life:1 controller\nauto=may damage:2 target(creature)\nauto=may life:3 controller\n\
auto=draw:1 controller\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Hopeful\nauto=@each my upkeep restriction{type(land|myBattlefield)~morethan~0}:may life:1 controller\n\
mana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Striker\nauto=@each my upkeep restriction{type(land|myBattlefield)~morethan~0}:damage:1 target(creature)\n\
mana={R}\ntype=Creature\npower=1\ntoughness=3\n[/card]\n\
[card]\nname=Lord\nmana={B}\ntype=Legendary Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("menus.txt", CARDS, test)
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
    // A second click has no choice left: it does nothing, as a player's click with
    // nothing waiting does in Wagic.
    assert_eq!(verdict(&vise("Vise\nchoice 0\np2\np2\neot\nnext\n")), Verdict::Passed);
}

#[test]
fn the_legend_rules_menu_keeps_the_new_or_the_old_legend() {
    // The old Lord kept attacks; the new one, summoning sick, cannot (and with no
    // attacker, combat goes to its end at once).
    let legends = |choice: usize, combat: &str, life: i32| {
        verdict(&format!(
            "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Lord\nhand:Lord\nmanapool:{{B}}\n[PLAYER2]\n[DO]\nLord\nchoice {choice}\n\
             next\nnext\nLord\n{combat}[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Lord\ngraveyard:Lord\n\
             [PLAYER2]\nlife:{life}\n[END]\n"
        ))
    };
    assert_eq!(legends(0, "next\n", 20), Verdict::Passed);
    assert_eq!(legends(1, "next\nnext\nnext\n", 18), Verdict::Passed);
    assert_eq!(
        skipped(&test(
            "[PLAYER1]\ninplay:Lord\nhand:Lord\nmanapool:{B}\n[PLAYER2]\n",
            "Lord\nchoice 2\n",
            "FIRSTMAIN\n[PLAYER1]\ninplay:Lord,Lord\n[PLAYER2]\n",
        )),
        "a `choice` past the end of Wagic's menu (line 10: `choice 2`)"
    );
    // The menu cannot be left: another move is skipped.
    assert_eq!(
        skipped(&test(
            "[PLAYER1]\ninplay:Lord\nhand:Lord,Forest\nmanapool:{B}\n[PLAYER2]\n",
            "Lord\nForest\n",
            "FIRSTMAIN\n[PLAYER1]\ninplay:Lord,Lord,Forest\n[PLAYER2]\n",
        )),
        "the legend rule's menu left unanswered (Lord)"
    );
}

#[test]
fn each_may_of_a_card_opens_its_own_menu_when_their_triggers_differ() {
    // The Cleric's entering `may` (+1), then its `may` as the Puma enters (+2).
    let cleric = |moves: &str, life: i32| {
        verdict(&test(
            "[PLAYER1]\nhand:Cleric,Puma\nmanapool:{W}{W}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Cleric,Puma\nlife:{life}\n[PLAYER2]\n"),
        ))
    };
    assert_eq!(cleric("Cleric\nchoice 0\nPuma\nchoice 0\n", 23), Verdict::Passed);
    assert_eq!(cleric("Cleric\nchoice 1\nPuma\nchoice 0\n", 22), Verdict::Passed);
    assert_eq!(cleric("Cleric\nchoice 0\nPuma\nchoice 1\n", 21), Verdict::Passed);
    // Two entering `may`s share Wagic's one menu: not modelled.
    let twin = test(
        "[PLAYER1]\nhand:Twin\nmanapool:{W}\n[PLAYER2]\n",
        "Twin\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Twin\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(skipped(&twin), "a card with several `may` abilities (Wagic's one menu) (line 9: `choice 0`)");
}

#[test]
fn a_may_with_no_legal_target_opens_no_menu() {
    let titan = |graveyard: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Titan\n{graveyard}manapool:{{W}}\n[PLAYER2]\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    // An empty graveyard: Wagic asks nothing.
    assert_eq!(titan("", "Titan\n", "inplay:Titan\n"), Verdict::Passed);
    // A creature card there: the `may`, then its target.
    assert_eq!(titan("graveyard:Puma\n", "Titan\nchoice 0\nPuma\n", "inplay:Titan,Puma\n"), Verdict::Passed);
}

#[test]
fn a_click_on_the_card_whose_may_menu_is_open_leaves_it_open() {
    let dawn = |moves: &str| {
        format!(
            "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Dawn\n[PLAYER2]\n[DO]\n{moves}[ASSERT]\nUPKEEP\n[PLAYER1]\n\
             inplay:Dawn\nlife:22\n[PLAYER2]\n[END]\n"
        )
    };
    assert_eq!(verdict(&dawn("next\nchoice 0\n")), Verdict::Passed);
    assert_eq!(verdict(&dawn("next\nDawn\nchoice 0\n")), Verdict::Passed);
}

#[test]
fn a_spells_may_lines_are_the_modes_of_wagics_menu() {
    let charm = |moves: &str, expected: &str| {
        test(
            "[PLAYER1]\nhand:Charm\nlibrary:Forest\nmanapool:{R}\n[PLAYER2]\ninplay:Puma\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Charm\nhand:Forest\n{expected}"),
        )
    };
    // Each entry does its line alone; the line that is no `may` runs whatever is chosen.
    assert_eq!(verdict(&charm("Charm\nchoice 0\n", "life:21\n[PLAYER2]\ninplay:Puma\n")), Verdict::Passed);
    assert_eq!(verdict(&charm("Charm\nchoice 1\nPuma\n", "[PLAYER2]\ngraveyard:Puma\n")), Verdict::Passed);
    assert_eq!(verdict(&charm("Charm\nchoice 2\n", "life:23\n[PLAYER2]\ninplay:Puma\n")), Verdict::Passed);
    // `Cancel`, past the last entry: no mode.
    assert_eq!(verdict(&charm("Charm\nchoice 3\n", "[PLAYER2]\ninplay:Puma\n")), Verdict::Passed);
    assert_eq!(
        skipped(&charm("Charm\nchoice 4\n", "[PLAYER2]\ninplay:Puma\n")),
        "a `choice` past the end of Wagic's menu (line 11: `choice 4`)"
    );
}

#[test]
fn a_triggers_restriction_is_checked_before_its_may_or_target_is_asked() {
    let upkeep = |card: &str, land: &str, moves: &str, life: i32| {
        verdict(&format!(
            "[INIT]\nUNTAP\n[PLAYER1]\ninplay:{card}{land}\n[PLAYER2]\n[DO]\n{moves}[ASSERT]\nUPKEEP\n[PLAYER1]\n\
             inplay:{card}{land}\nlife:{life}\n[PLAYER2]\n[END]\n"
        ))
    };
    // No land: the restriction fails, no `may` is asked.
    assert_eq!(upkeep("Hopeful", "", "next\n", 20), Verdict::Passed);
    assert_eq!(upkeep("Hopeful", ",Forest", "next\nchoice 0\n", 21), Verdict::Passed);
    assert_eq!(upkeep("Hopeful", ",Forest", "next\nchoice 1\n", 20), Verdict::Passed);
    // No land: no target is asked, and the Striker keeps its toughness.
    let striker = |land: &str, moves: &str, damaged: &str| {
        verdict(&format!(
            "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Striker{land}\n[PLAYER2]\ninplay:Puma\n[DO]\n{moves}[ASSERT]\nUPKEEP\n\
             [PLAYER1]\ninplay:Striker{land}\n[PLAYER2]\n{damaged}[END]\n"
        ))
    };
    assert_eq!(striker("", "next\n", "inplay:Puma\n"), Verdict::Passed);
    assert_eq!(striker(",Forest", "next\nchoice 0\nPuma\n", "graveyard:Puma\n"), Verdict::Passed);
}
