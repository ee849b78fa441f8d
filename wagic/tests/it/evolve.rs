//! `evolve` (Wagic's `AEvolveAbility`): whenever a creature enters the battlefield under
//! its controller's control with greater power or greater toughness than the evolving
//! creature, a +1/+1 counter on it; the printed "if" is checked as the creature enters and
//! as the trigger resolves.

use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Cloudfin Raptor\nabilities=flying\nauto=evolve\nmana={U}\ntype=Creature\n\
power=0\ntoughness=1\n[/card]\n\
[card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Wall\nmana={W}\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Squire\nmana={1}{W}\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Ornithopter\nmana={0}\ntype=Artifact\n[/card]\n";

#[test]
fn evolve_is_a_counter_on_a_creature_entering_under_its_controller() {
    assert_eq!(ir_of("auto=evolve\ntype=Creature"), ["auto[movedto?]: - counter ueot"]);
    assert_eq!(
        error_of("target=creature\nauto=evolve\ntype=Sorcery").as_deref(),
        Some("unsupported: `evolve` on an instant or sorcery")
    );
}

#[test]
fn a_raptor_evolves_for_a_greater_creature_and_not_for_a_smaller_one() {
    // "Whenever a creature enters the battlefield under your control, if that creature has
    // greater power or toughness than this creature, put a +1/+1 counter on this creature."
    let mut table = Table::with_cards(CARDS);
    let raptor = table.put("Cloudfin Raptor", P0, BATTLEFIELD);
    assert_eq!(table.board.get(raptor).map(|card| card.counters), Some((0, 0)));
    // 2/2 beats 0/1 on both: one counter, the Raptor a 1/2.
    table.put("Bears", P0, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(raptor), table.board.toughness(raptor)), (1, 2));
    // 0/4: greater toughness alone is enough, a 2/3.
    table.put("Wall", P0, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(raptor), table.board.toughness(raptor)), (2, 3));
    // 1/2 is greater in neither; nor is a noncreature.
    table.put("Squire", P0, BATTLEFIELD);
    table.put("Ornithopter", P0, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(raptor), table.board.toughness(raptor)), (2, 3));
    assert_eq!(table.board.get(raptor).map(|card| card.counters), Some((2, 2)));
}

#[test]
fn a_creature_entering_under_the_opponent_does_not_evolve_it() {
    let mut table = Table::with_cards(CARDS);
    let raptor = table.put("Cloudfin Raptor", P0, BATTLEFIELD);
    table.put("Bears", P1, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(raptor), table.board.toughness(raptor)), (0, 1));
    // Coming from the hand, a creature of its controller's counts as one put there.
    let bears = table.put("Bears", P0, HAND);
    table.board.place(bears, P0, BATTLEFIELD, -1);
    table.settle();
    assert_eq!((table.board.power(raptor), table.board.toughness(raptor)), (1, 2));
}
