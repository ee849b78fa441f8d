//! Activated `autograveyard=` abilities in Wagic's behaviour tests (`wagic::runner`): a
//! click on a card in its owner's graveyard activates the abilities Wagic gives it there
//! whose costs can be paid (Wagic's `ActionLayer`); else nothing reacts. Unearth returns
//! the card, hasty, and exiles it when it would leave the battlefield.

use wagic::runner::Verdict;

use super::behaviour::test;

/// Firewing Phoenix: "Flying. {1}{R}{R}{R}: Return Firewing Phoenix from your graveyard to
/// your hand." Eternal Dragon: "Flying. {3}{W}{W}: Return Eternal Dragon from your
/// graveyard to your hand. Activate this ability only during your upkeep." Dregscape
/// Zombie: "Unearth {B}". Unsummon: "Return target creature to its owner's hand."
const CARDS: &str = "[card]\nname=Firewing Phoenix\nabilities=flying\nautograveyard={1}{R}{R}{R}:moveTo(myhand)\n\
mana={3}{R}\ntype=Creature\nsubtype=Phoenix\npower=4\ntoughness=2\n[/card]\n\
[card]\nname=Eternal Dragon\nabilities=flying\nautograveyard={3}{W}{W}:moveTo(myhand) myUpkeepOnly\n\
mana={5}{W}{W}\ntype=Creature\nsubtype=Dragon\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Dregscape Zombie\nautograveyard={B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever\n\
mana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Unsummon\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("graveyard.txt", CARDS, test)
}

#[test]
fn a_card_returns_from_the_graveyard_to_hand_for_its_cost() {
    let phoenix = |pool: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\ngraveyard:Firewing Phoenix\nmanapool:{pool}\n[PLAYER2]\n"),
            "Firewing Phoenix\n",
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(phoenix("{1}{R}{R}{R}", "hand:Firewing Phoenix\n"), Verdict::Passed);
    // {1}{R}{R} does not pay it: nothing reacts to the click.
    assert_eq!(phoenix("{1}{R}{R}", "graveyard:Firewing Phoenix\nmanapool:{1}{R}{R}\n"), Verdict::Passed);
    // The other player's graveyard: not the acting player's card.
    let theirs = test(
        "[PLAYER1]\nmanapool:{1}{R}{R}{R}\n[PLAYER2]\ngraveyard:Firewing Phoenix\n",
        "Firewing Phoenix\n",
        "FIRSTMAIN\n[PLAYER1]\nmanapool:{1}{R}{R}{R}\n[PLAYER2]\ngraveyard:Firewing Phoenix\n",
    );
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn an_ability_limited_to_the_upkeep_is_used_in_its_owners_upkeep_only() {
    let dragon = |phase: &str, expected: &str| {
        verdict(&format!(
            "[INIT]\n{phase}\n[PLAYER1]\ngraveyard:Eternal Dragon\nmanapool:{{3}}{{W}}{{W}}\n[PLAYER2]\n[DO]\nEternal Dragon\n\
             [ASSERT]\n{phase}\n[PLAYER1]\n{expected}[PLAYER2]\n[END]\n"
        ))
    };
    assert_eq!(dragon("UPKEEP", "hand:Eternal Dragon\n"), Verdict::Passed);
    assert_eq!(dragon("FIRSTMAIN", "graveyard:Eternal Dragon\nmanapool:{3}{W}{W}\n"), Verdict::Passed);
}

#[test]
fn an_unearthed_creature_attacks_at_once_and_is_exiled_instead_of_returning_to_hand() {
    // Unearthed, it has haste: it attacks the turn it returns.
    let attack = test(
        "[PLAYER1]\ngraveyard:Dregscape Zombie\nmanapool:{B}\n[PLAYER2]\n",
        "Dregscape Zombie\nnext\nnext\nDregscape Zombie\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Dregscape Zombie\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    // Returned to its owner's hand, it is exiled instead.
    let bounced = test(
        "[PLAYER1]\ngraveyard:Dregscape Zombie\nhand:Unsummon\nmanapool:{B}{U}\n[PLAYER2]\n",
        "Dregscape Zombie\nUnsummon\nDregscape Zombie\n",
        "FIRSTMAIN\n[PLAYER1]\nexile:Dregscape Zombie\ngraveyard:Unsummon\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&bounced), Verdict::Passed);
}
