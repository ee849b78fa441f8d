//! `may A && B` (Wagic reads `may` before it splits the line at `&&`): one question for
//! every part; accepted, each part happens; refused, none does.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Bargainer\nauto=may life:-2 controller && draw:1\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n\
[/card]\n\
[card]\nname=Shrike\nauto=@movedto(creature|mybattlefield):may moveto(mygraveyard) all(this) && \
moveto(myhand) target(creature|mygraveyard)\nmana={2}\ntype=Artifact\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("may.txt", CARDS, test)
}

#[test]
fn an_accepted_may_runs_every_part() {
    // Bargainer: "When it enters, you may pay 2 life. If you do, draw a card."
    let accepted = test(
        "[PLAYER1]\nhand:Bargainer\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Bargainer\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ninplay:Bargainer\nlife:18\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&accepted), Verdict::Passed);
}

#[test]
fn a_refused_may_skips_every_part() {
    // Refused: no life paid, and no card drawn either (a `may` of its first part alone
    // would still draw).
    let refused = test(
        "[PLAYER1]\nhand:Bargainer\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Bargainer\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\nlibrary:Forest\ninplay:Bargainer\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&refused), Verdict::Passed);
}

#[test]
fn a_later_part_chooses_its_target_only_when_the_may_is_accepted() {
    // Shrike: "Whenever a creature enters under your control, you may put Shrike into your
    // graveyard. If you do, return a creature card from your graveyard to your hand."
    // The Elf, the only creature card there, is still asked for, as Wagic asks it (a click
    // on the Bears on the battlefield would be no legal target).
    let init = "[PLAYER1]\nhand:Grizzly Bears\ninplay:Shrike\ngraveyard:Elf\nmanapool:{1}{G}\n[PLAYER2]\n";
    let accepted = test(
        init,
        "Grizzly Bears\nchoice 0\nElf\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Elf\ninplay:Grizzly Bears\ngraveyard:Shrike\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&accepted), Verdict::Passed);
    let refused = test(
        init,
        "Grizzly Bears\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Shrike,Grizzly Bears\ngraveyard:Elf\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&refused), Verdict::Passed);
}

#[test]
fn a_may_whose_first_part_has_a_condition_of_its_own_is_refused() {
    // `this(...)` makes the first part's condition: the one question would replace it.
    assert_eq!(
        error_of("auto=may this(tapped) 1/1 && draw:1\ntype=Creature").as_deref(),
        Some("unsupported: `may` with `&&` whose first part has a condition")
    );
}
