//! Morph in Wagic's test runner, as Wagic's `MTGMorphCostRule` and `AAMorph` react to
//! clicks: a card in hand whose cast and face-down cast the pool can both pay opens
//! Wagic's menu (the cast first, then the morph rule), one whose only paid cast is face
//! down is cast so at once; a click on the face-down permanent turns it face up when the
//! pool pays its morph cost (its `autofaceup` line runs), else does nothing. Tests name
//! the face-down card by its face.

use wagic::runner::Verdict;

use super::behaviour::test;

/// Hand-written after printed morph cards (Spitting Hound's face-up damage is Skinthinner-
/// like; the cast costs are theirs), and a burn spell.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Spitting Hound\nfacedown={3}\nautofacedown={1}{G}:morph\nautofaceup=damage:3 opponent\n\
text=Morph {1}{G} -- When Spitting Hound is turned face up, it deals 3 damage to each opponent.\n\
mana={4}{G}\ntype=Creature\nsubtype=Hound\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("morph.txt", CARDS, test)
}

#[test]
fn with_both_casts_paid_the_menu_offers_the_cast_then_the_face_down_cast() {
    let init = "[PLAYER1]\nhand:Spitting Hound\nmanapool:{4}{G}\n[PLAYER2]\n";
    // `choice 1`: face down for {3}, a 2/2 that Shock's 2 damage kills.
    let face_down = test(
        init,
        "Spitting Hound\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Spitting Hound\nmanapool:{1}{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&face_down), Verdict::Passed);
    // `choice 0`: cast for {4}{G}, the card itself.
    let cast = test(
        init,
        "Spitting Hound\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Spitting Hound\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
    // The menu's entry past the last is Cancel: the card stays in hand.
    let cancelled = test(
        init,
        "Spitting Hound\nchoice 2\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Spitting Hound\nmanapool:{4}{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cancelled), Verdict::Passed);
}

#[test]
fn a_face_down_two_two_dies_to_two_damage_and_is_revealed_in_the_graveyard() {
    let test = test(
        "[PLAYER1]\nhand:Spitting Hound,Shock\nmanapool:{3}{R}\n[PLAYER2]\n",
        "Spitting Hound\nShock\nSpitting Hound\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Spitting Hound\nmanapool:{0}\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&test), Verdict::Passed);
}

#[test]
fn a_click_on_it_face_down_turns_it_up_when_the_pool_pays_its_morph_cost() {
    // Cast face down for {3}, then {1}{G} turns it face up: 3 damage to the opponent, and
    // it is the 1/1 card again, which Shock kills.
    let turned = test(
        "[PLAYER1]\nhand:Spitting Hound,Shock\nmanapool:{4}{G}{R}\n[PLAYER2]\n",
        "Spitting Hound\nchoice 1\nSpitting Hound\nShock\nSpitting Hound\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Spitting Hound\nmanapool:{0}\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&turned), Verdict::Passed);
    // Cast face down at once ({4}{G} is not in the pool); without {1}{G} left the click
    // does nothing: no damage, still face down.
    let unpaid = test(
        "[PLAYER1]\nhand:Spitting Hound\nmanapool:{3}{G}\n[PLAYER2]\n",
        "Spitting Hound\nSpitting Hound\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Spitting Hound\nmanapool:{G}\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&unpaid), Verdict::Passed);
}
