//! Flashback in Wagic's behaviour tests (`wagic::runner`, Wagic's `MTGFlashBackRule`): a
//! click on a card with `flashback=` in its owner's graveyard casts it for that cost when
//! it can be paid, and it is exiled as it leaves the stack; else the click does nothing.

use wagic::runner::Verdict;

use super::behaviour::test;

const CARDS: &str = "[card]\nname=Flare\nflashback={1}{R}\ntarget=creature,player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Rethink\nflashback={2}{U}\nauto=draw:1\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("flashback.txt", CARDS, test)
}

#[test]
fn a_card_cast_with_flashback_from_the_graveyard_is_exiled() {
    let flare = |pool: &str, moves: &str, expected: &str, life: i32| {
        verdict(&test(
            &format!("[PLAYER1]\ngraveyard:Flare\nmanapool:{pool}\n[PLAYER2]\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\nlife:{life}\n"),
        ))
    };
    assert_eq!(flare("{1}{R}", "Flare\np2\n", "exile:Flare\n", 19), Verdict::Passed);
    // Its mana cost, {R}, is not its flashback cost: nothing reacts to the click.
    assert_eq!(flare("{R}", "Flare\n", "graveyard:Flare\nmanapool:{R}\n", 20), Verdict::Passed);
    // A sorcery with no target, cast from the graveyard and exiled.
    let rethink = test(
        "[PLAYER1]\ngraveyard:Rethink\nlibrary:Island\nmanapool:{2}{U}\n[PLAYER2]\n",
        "Rethink\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Island\nexile:Rethink\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&rethink), Verdict::Passed);
    // The other player's graveyard: not the acting player's card, no cast.
    let theirs = test(
        "[PLAYER1]\nmanapool:{2}{U}\n[PLAYER2]\ngraveyard:Rethink\nlibrary:Island\n",
        "Rethink\n",
        "FIRSTMAIN\n[PLAYER1]\nmanapool:{2}{U}\n[PLAYER2]\ngraveyard:Rethink\nlibrary:Island\n",
    );
    assert_eq!(verdict(&theirs), Verdict::Passed);
}
