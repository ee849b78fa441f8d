//! The continuous autos' refresh skipped while nothing they read changed since one that
//! changed nothing (`table/settled.rs`): tapping a creature for the mana a lord gives it
//! (Citanul Hierophants over a board of tokens) runs no lord again, and what the lords
//! read changing (a token made, a creature tapped under a lord of tapped creatures) runs
//! them. (A debug build runs every refresh it skips and checks that it changes nothing.)

use vm::runtime::CardId;

use super::board::{BATTLEFIELD, P0, Play, Table};

/// Two lords, a maker of tokens and a lord of tapped creatures (hand-made: "Tapped
/// creatures you control get +1/+1").
const CARDS: &str = "[card]\nname=Glorious Anthem\nauto=lord(creature|myBattlefield) 1/1\n\
mana={1}{W}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Citanul Hierophants\nauto=lord(creature|myBattlefield) {T}:Add{G}\n\
text=Creatures you control have \"{T}: Add {G} to your mana pool.\"\nmana={3}{G}\ntype=Creature\n\
subtype=Human Druid\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Insect Nest\nauto={0}:token(Insect,Creature Insect, 1/1,green)\n\
text={0}: Put a 1/1 green Insect creature token onto the battlefield.\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Tapped Banner\nauto=lord(creature[tapped]|myBattlefield) 1/1\n\
text=Tapped creatures you control get +1/+1.\nmana={2}\ntype=Artifact\n[/card]\n";

/// The table with the Anthem, the Hierophants and the Nest, and `tokens` Insects made.
fn board_of_insects(tokens: usize) -> (Table, CardId, Vec<CardId>) {
    let mut table = Table::with_cards(CARDS);
    table.put("Glorious Anthem", P0, BATTLEFIELD);
    table.put("Citanul Hierophants", P0, BATTLEFIELD);
    let nest = table.put("Insect Nest", P0, BATTLEFIELD);
    table.settle();
    let mut insects = Vec::new();
    for _ in 0..tokens {
        let made = CardId(u32::try_from(table.board.cards.len()).expect("few cards"));
        assert!(table.activate(nest, P0));
        insects.push(made);
    }
    (table, nest, insects)
}

/// Taps `creature` for the G the Hierophants give it.
fn tap_for_green(table: &mut Table, creature: CardId) {
    let given = table.given_abilities(creature);
    assert_eq!(given.len(), 1, "the Hierophants give it one ability");
    assert!(table.try_activate_given(creature, given[0], P0).expect("the mana ability"));
}

#[test]
fn tapping_tokens_for_the_mana_a_lord_gives_runs_no_lord_again() {
    let (mut table, nest, insects) = board_of_insects(4);
    let skipped = table.runtime.refreshes_skipped();
    let effects: Vec<_> = table.runtime.effects().iter().map(|effect| effect.id).collect();
    for &insect in &insects {
        tap_for_green(&mut table, insect);
    }
    assert_eq!(table.board.player(P0).mana[4], 4, "four G in the pool");
    // The first tap's refresh runs (the one before it, as the last Insect was made,
    // changed the board) and changes nothing: the three after it are skipped.
    assert_eq!(table.runtime.refreshes_skipped(), skipped + 3, "the taps' refreshes skipped");
    let now: Vec<_> = table.runtime.effects().iter().map(|effect| effect.id).collect();
    assert_eq!(now, effects, "the same effects in force");
    // A token made changes what the lords read: they run, and it has its +1/+1 and its G.
    let made = CardId(u32::try_from(table.board.cards.len()).expect("few cards"));
    assert!(table.activate(nest, P0));
    assert_eq!(table.runtime.refreshes_skipped(), skipped + 3);
    assert_eq!((table.board.power(made), table.board.toughness(made)), (2, 2));
    tap_for_green(&mut table, made);
    assert_eq!(table.board.player(P0).mana[4], 5);
}

#[test]
fn a_lord_of_tapped_creatures_follows_each_tap() {
    let (mut table, _, insects) = board_of_insects(3);
    table.put("Tapped Banner", P0, BATTLEFIELD);
    table.settle();
    for (tapped, &insect) in insects.iter().enumerate() {
        tap_for_green(&mut table, insect);
        // The Banner's refresh reads which creatures are tapped: none is skipped, and
        // each tapped Insect has the Banner's +1/+1 over the Anthem's.
        let powers: Vec<i32> = insects.iter().map(|&insect| table.board.power(insect)).collect();
        let expected: Vec<i32> = (0..insects.len()).map(|at| if at <= tapped { 3 } else { 2 }).collect();
        assert_eq!(powers, expected, "after tap {tapped}");
    }
}
