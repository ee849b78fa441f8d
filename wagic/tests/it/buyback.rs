//! Buyback: `buyback={cost}` compiled (mana only: it adds nothing to the card's program),
//! the runner's menu entry for Wagic's buyback rule after the cast's, and the spell cast
//! with it returning to its owner's hand as it resolves.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Capsize\ntarget=*\nauto=moveTo(ownerhand)\nbuyback={1}{U}{U}{3}\nmana={1}{U}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Whispers\nauto=draw:1\nbuyback={U}{5}\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Flames\ntarget=creature,player\nauto=damage:X\nbuyback={X}{3}{R}{R}\nmana={X}{R}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("buyback.txt", CARDS, test)
}

#[test]
fn a_mana_buyback_compiles_to_the_cards_own_program_and_other_costs_are_refused() {
    // The cost is the runner's and the game's to pay: the program is the card's without it.
    assert_eq!(
        ir_of("target=creature\nauto=2/2\nbuyback={G}{4}\nmana={G}\ntype=Instant"),
        ir_of("target=creature\nauto=2/2\nmana={G}\ntype=Instant")
    );
    assert_eq!(error_of("auto=damage:X target(player)\nbuyback={X}{3}{R}{R}\nmana={X}{R}{R}\ntype=Sorcery"), None);
    let other = "unsupported: `buyback` cost other than mana (a sacrifice, a discard, life, `{D}`)";
    for (card, construct) in [
        ("auto=life:2\nbuyback={W}{S(land|myBattlefield)}\nmana={W}\ntype=Instant", other),
        ("auto=fizzle target(*|stack)\nbuyback={1}{U}{U}{discard(*|myhand)}\nmana={1}{U}{U}\ntype=Instant", other),
        ("auto=destroy target(land)\nbuyback={D}{L:3}{3}{R}\nmana={3}{R}\ntype=Sorcery", other),
        ("auto=life:2\nbuyback=2\nmana={W}\ntype=Instant", other),
        (
            "auto=draw:1\nbuyback={X}{U}\nmana={U}\ntype=Instant",
            "unsupported: `buyback` cost with `{X}` the mana cost does not have",
        ),
        ("buyback={3}{G}\nmana={G}\ntype=Creature", "unsupported: `buyback` on a permanent"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(construct), "{card}");
    }
}

#[test]
fn buyback_is_wagics_entry_after_the_cast_and_returns_the_spell_to_its_owners_hand() {
    let whispers = |pool: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Whispers\nlibrary:Island\nmanapool:{pool}\n[PLAYER2]\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    // Both costs paid: the cast rule's entry first, the buyback rule's second.
    assert_eq!(whispers("{5}{U}", "Whispers\nchoice 1\n", "hand:Island,Whispers\n"), Verdict::Passed);
    assert_eq!(
        whispers("{5}{U}", "Whispers\nchoice 0\n", "hand:Island\ngraveyard:Whispers\nmanapool:{5}\n"),
        Verdict::Passed
    );
    assert_ne!(whispers("{5}{U}", "Whispers\nchoice 0\n", "hand:Island,Whispers\n"), Verdict::Passed);
    // Only the mana cost paid: cast at once, to the graveyard.
    assert_eq!(whispers("{4}{U}", "Whispers\n", "hand:Island\ngraveyard:Whispers\nmanapool:{4}\n"), Verdict::Passed);
    // Wagic's own test (`buyback.txt`): once with buyback, then (its cost no longer paid)
    // without, into the graveyard.
    let capsize = test(
        "[PLAYER1]\nhand:Capsize\nmanapool:{5}{U}{U}{U}{U}\n[PLAYER2]\ninplay:Swamp,Island\n",
        "Capsize\nchoice 1\nSwamp\nCapsize\nIsland\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Capsize\n[PLAYER2]\nhand:Swamp,Island\n",
    );
    assert_eq!(verdict(&capsize), Verdict::Passed);
}

#[test]
fn an_x_spell_with_buyback_is_skipped_as_wagic_asks_its_x() {
    let flames = test(
        "[PLAYER1]\nhand:Flames\nmanapool:{6}{R}{R}\n[PLAYER2]\n",
        "Flames\nchoice 1\np2\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Flames\n[PLAYER2]\nlife:17\n",
    );
    let Verdict::Skipped(skip) = verdict(&flames) else { panic!("skipped") };
    assert_eq!(skip.reason, "an alternative cost on a card with `{X}`");
}
