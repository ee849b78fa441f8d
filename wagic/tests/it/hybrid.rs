//! Hybrid mana costs (`{RW}`, `{2W}`) paid by the test runner as Wagic's `ManaCost::Diff`
//! pays them: which mana of the pool is spent, and a cost the pool cannot pay; and a cost's
//! generic mana checked beside its coloured mana, as one cost; an activated ability's hybrid
//! symbols (`{RG}:`), checked with the rest of its cost and paid so that the rest still fits.

use wagic::WagicHost;
use wagic::runner::Verdict;
use wagic::table::{BATTLEFIELD, P0, Table};

use super::behaviour::test;
use super::board::Play;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Recruit\nmana={RW}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Procession\nauto=life:1\nmana={2W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Poison\nauto=life:2\nmana={2}{BR}{BR}\ntype=Sorcery\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("hybrid.txt", CARDS, test)
}

#[test]
fn a_hybrid_symbol_is_paid_its_first_way_when_the_pool_allows_it() {
    // `{2W}` from {W}{W}{C}{C}: two colourless, the white kept.
    let init = "[PLAYER1]\nhand:Procession\nmanapool:{W}{W}{C}{C}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Procession\nmanapool:{W}{W}\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Procession\n", expected)), Verdict::Passed);
    // `{RW}` from {R}{W}: the red.
    let init = "[PLAYER1]\nhand:Recruit\nmanapool:{W}{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Recruit\nmanapool:{W}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Recruit\n", expected)), Verdict::Passed);
    // `{2}{BR}{BR}` from {B}{B}{B}{R}{R}: the black pays the hybrids, the generic comes
    // from the red before the black (Wagic's order).
    let init = "[PLAYER1]\nhand:Poison\nmanapool:{B}{B}{B}{R}{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Poison\nmanapool:{B}\nlife:22\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Poison\n", expected)), Verdict::Passed);
}

#[test]
fn a_hybrid_cost_the_pool_cannot_pay_is_no_cast() {
    let init = "[PLAYER1]\nhand:Procession\nmanapool:{C}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Procession\nmanapool:{C}\n[PLAYER2]\n";
    let Verdict::Skipped(skip) = verdict(&test(init, "Procession\n", expected)) else {
        panic!("a cast the pool cannot pay for is skipped")
    };
    assert_eq!(skip.reason, "a spell the mana pool cannot pay for");
}

#[test]
fn generic_mana_is_checked_with_the_coloured_mana_it_must_leave() {
    const RED: u16 = 3;
    let cards = "[card]\nname=Ember Shrine\nauto={1}{R}{R}{R}:life:2 controller\n\
                 type=Artifact\nmana={4}\n[/card]\n";
    // {R}{R}{R} pays `{R}{R}{R}` or `{1}`, not both: nothing is activated, nothing spent.
    let mut table = Table::with_cards(cards);
    let shrine = table.put("Ember Shrine", P0, BATTLEFIELD);
    table.board.add_mana(P0, RED, 3);
    assert!(!table.activate(shrine, P0));
    assert_eq!((table.board.mana(P0, RED), table.board.life(P0)), (3, 20));
    // A fourth red pays it all.
    table.board.add_mana(P0, RED, 1);
    assert!(table.activate(shrine, P0));
    assert_eq!((table.board.mana(P0, RED), table.board.life(P0)), (0, 22));
}

#[test]
fn an_ability_with_a_hybrid_cost_is_paid_either_way_and_leaves_the_rest_of_its_cost() {
    const WHITE: u16 = 0;
    const RED: u16 = 3;
    const GREEN: u16 = 4;
    // Boartusk Liege's kind of cost, on an artifact: {1}{RG}{RG}.
    let cards = "[card]\nname=Rage Totem\nauto={1}{RG}{RG}:life:3 controller\ntype=Artifact\nmana={2}\n[/card]\n\
                 [card]\nname=Dawn Totem\nauto={2W}:life:1 controller\ntype=Artifact\nmana={2}\n[/card]\n";
    // {W}{G}: one green pays one {RG}, and nothing pays the other.
    let mut table = Table::with_cards(cards);
    let rage = table.put("Rage Totem", P0, BATTLEFIELD);
    table.board.add_mana(P0, WHITE, 1);
    table.board.add_mana(P0, GREEN, 1);
    assert!(!table.activate(rage, P0));
    assert_eq!(table.board.life(P0), 20);
    // {W}{R}{G}: the hybrids take the red and the green, the generic the white, though the
    // generic symbol is paid first.
    table.board.add_mana(P0, RED, 1);
    assert!(table.activate(rage, P0));
    assert_eq!((table.board.mana(P0, WHITE), table.board.mana(P0, RED), table.board.mana(P0, GREEN)), (0, 0, 0));
    assert_eq!(table.board.life(P0), 23);
    // {2W} from {R}{R}: the two generic; from {R}: not at all.
    let dawn = table.put("Dawn Totem", P0, BATTLEFIELD);
    table.board.add_mana(P0, RED, 1);
    assert!(!table.activate(dawn, P0));
    table.board.add_mana(P0, RED, 1);
    assert!(table.activate(dawn, P0));
    assert_eq!((table.board.mana(P0, RED), table.board.life(P0)), (0, 24));
}
