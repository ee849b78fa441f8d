//! Wagic's `transforms((removetypes)) forever` (`ATransformer`'s `removeTypes`: the card
//! loses its card types and supertypes) before a `transforms((Type Creature,...)) forever`:
//! the Opals' and the Hidden cycle's enchantment that becomes a creature and is no longer an
//! enchantment. The real cards from Wagic's files, each test after the card's printed text.

use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// `card` casts a spell from `player`'s hand: onto the stack, which its triggers hear.
fn cast_onto_the_stack(table: &mut Table, name: &str, player: vm::runtime::PlayerId) {
    let card = table.put(name, player, HAND);
    table.board.place(card, player, wagic::table::STACK, -1);
    table.settle();
}

#[test]
fn removetypes_is_an_argument_of_a_forever_transformation_alone() {
    assert_eq!(
        ir_of(
            "auto=@movedto(creature|opponentstack) once:transforms((removetypes)) forever && \
             transforms((Soldier Creature,setpower=2,settoughness=2)) forever\ntype=Enchantment"
        ),
        ["auto[movedto?]: - transforms ueot; - transforms ueot"]
    );
    // Not forever, or beside types (which Wagic would then not add): refused by name.
    for line in ["auto={1}:transforms((removetypes)) ueot", "auto={1}:transforms((removetypes creature)) forever"] {
        assert_eq!(
            error_of(&format!("{line}\ntype=Enchantment")).as_deref(),
            Some("unsupported: transforms part `removetypes` other than alone in the types and `forever`"),
            "{line}"
        );
    }
}

#[test]
fn opal_caryatid_becomes_a_two_two_soldier_creature_no_longer_an_enchantment() {
    // text=: When an opponent casts a creature spell, if Opal Caryatid is an enchantment,
    // Opal Caryatid becomes a 2/2 Soldier creature.
    let Some(mut table) = Table::new() else { return };
    let opal = table.put("Opal Caryatid", P0, BATTLEFIELD);
    cast_onto_the_stack(&mut table, "Grizzly Bears", P0);
    assert!(!table.board.has_type(opal, "creature"), "its controller's spell: no trigger");
    cast_onto_the_stack(&mut table, "Grizzly Bears", P1);
    let board = &table.board;
    assert!(board.has_type(opal, "creature") && board.has_type(opal, "soldier"));
    assert!(!board.has_type(opal, "enchantment"), "no longer an enchantment");
    assert_eq!((board.power(opal), board.toughness(opal)), (2, 2));
    table.end_turn(P0);
    table.untap_step(P1).expect("the turn begins");
    table.end_turn(P1);
    assert!(table.board.has_type(opal, "creature") && !table.board.has_type(opal, "enchantment"), "for good");
    // Back in hand and played again, it is an enchantment anew.
    table.board.place(opal, P0, HAND, -1);
    table.settle();
    table.board.place(opal, P0, BATTLEFIELD, -1);
    table.settle();
    assert!(table.board.has_type(opal, "enchantment") && !table.board.has_type(opal, "creature"));
}

#[test]
fn hidden_spider_becomes_a_three_five_spider_with_reach() {
    // text=: When an opponent casts a creature spell with flying, if Hidden Spider is an
    // enchantment, Hidden Spider becomes a 3/5 Spider creature with reach.
    let Some(mut table) = Table::new() else { return };
    let spider = table.put("Hidden Spider", P0, BATTLEFIELD);
    cast_onto_the_stack(&mut table, "Grizzly Bears", P1);
    assert!(table.board.has_type(spider, "enchantment"), "no flying: no trigger");
    cast_onto_the_stack(&mut table, "Serra Angel", P1);
    let board = &table.board;
    assert!(board.has_type(spider, "creature") && board.has_type(spider, "spider"));
    assert!(!board.has_type(spider, "enchantment"));
    assert!(board.has_ability(spider, "reach"));
    assert_eq!((board.power(spider), board.toughness(spider)), (3, 5));
}
