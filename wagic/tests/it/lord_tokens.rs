//! Lords over a long run of tokens made and dying (Ant Queen's Insects under Moat, an
//! anthem and Citanul Hierophants: the game of deck54 against deck76): the effects in force
//! stay those of the creatures on the battlefield, however many came and went. A token
//! never enters the runtime's play, so nothing ends its effects as it leaves but its
//! lords' next refresh, which restates only what still holds.

use vm::runtime::CardId;

use super::board::{BATTLEFIELD, GRAVEYARD, P0, Play, Table};

/// The lords and a token maker, with their printed text.
const CARDS: &str = "[card]\nname=Moat\nauto=lord(creature[-flying]) cantattack\n\
mana={2}{W}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Glorious Anthem\nauto=lord(creature|myBattlefield) 1/1\n\
mana={1}{W}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Citanul Hierophants\nauto=lord(creature|myBattlefield) {T}:Add{G}\n\
text=Creatures you control have \"{T}: Add {G} to your mana pool.\"\nmana={3}{G}\ntype=Creature\n\
subtype=Human Druid\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Insect Nest\nauto={0}:token(Insect,Creature Insect, 1/1,green)\n\
text={0}: Put a 1/1 green Insect creature token onto the battlefield.\nmana={1}\ntype=Artifact\n[/card]\n";

/// Tokens alive at once, and made in all.
const ALIVE: usize = 4;
const MADE: usize = 300;

#[test]
fn effects_in_force_stay_those_of_the_creatures_in_play_as_tokens_come_and_go() {
    let mut table = Table::with_cards(CARDS);
    table.put("Moat", P0, BATTLEFIELD);
    table.put("Glorious Anthem", P0, BATTLEFIELD);
    let hierophants = table.put("Citanul Hierophants", P0, BATTLEFIELD);
    let nest = table.put("Insect Nest", P0, BATTLEFIELD);
    table.settle();
    let mut alive: Vec<CardId> = Vec::new();
    let mut most = (0, 0, 0);
    for made in 0..MADE {
        let before = table.board.cards.len();
        assert!(table.activate(nest, P0), "the nest makes token {made}");
        table.settle();
        let token = CardId(u32::try_from(before).expect("few cards"));
        assert_eq!(table.board.card(token).printed.name, "Insect", "token {made} made");
        alive.push(token);
        if alive.len() > ALIVE {
            let dead = alive.remove(0);
            table.board.place(dead, P0, GRAVEYARD, -1);
            table.settle();
        }
        let runtime = table.runtime.effects().len();
        most = (most.0.max(runtime), most.1.max(table.board.effects.len()), most.2.max(table.board.abilities.len()));
    }
    // Each creature (the tokens and the Hierophants) has its +1/+1 (a power and a
    // toughness effect), can't attack and taps for G: five effects of the runtime, four on
    // the board's (the pump's two, the given ability, `cantattack`'s own).
    let creatures = ALIVE + 2;
    assert!(most.0 <= 5 * creatures, "the runtime's effects in force reached {}", most.0);
    assert!(most.1 + most.2 <= 5 * creatures, "the board's effects in force reached {:?}", (most.1, most.2));
    // And those of the living tokens are in force: the last one made has its +1/+1.
    let last = *alive.last().expect("tokens alive");
    assert_eq!((table.board.power(last), table.board.toughness(last)), (2, 2));
    assert_eq!(table.board.power(hierophants), 4);
}
