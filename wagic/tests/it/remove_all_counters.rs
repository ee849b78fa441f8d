//! `removeallcounters(p/t)` and `removeallcounters(0/0,n,name)`: every counter of the kind
//! leaves the card (Blood Hound's +1/+1 counters, Oblivion Stone's fate counters,
//! Temporal Distortion's hourglass counters); `removeallcounters(all)` stays refused.

use std::sync::Arc;

use wagic::WagicHost;
use wagic::table::{BATTLEFIELD, HAND, Library, P0, P1, Table};

use super::front::error_of;

/// The cards: two spells written for the construct, and a creature.
const CARDS: &str = "[card]\nname=Shrink\ntarget=creature\nauto=removeallcounters(1/1)\n\
text=Remove all +1/+1 counters from target creature.\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Fate Wipe\nauto=all(*|battlefield) removeallcounters(0/0,1,Fate)\n\
text=Remove all fate counters from all permanents.\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn table() -> Table {
    let library = Library::compile(&[("remove.txt", CARDS.to_string())]).expect("the cards compile");
    Table::with_library(Arc::new(library))
}

#[test]
fn removing_all_of_a_kind_compiles_and_every_kind_is_refused() {
    assert_eq!(error_of("auto=@each my endofturn:removeallcounters(1/1)\ntype=Creature"), None);
    assert_eq!(
        error_of("auto={S}:removeallcounters(all) target(*)\ntype=Creature").as_deref(),
        Some("unsupported: `removeallcounters(all)`: every kind of counter at once")
    );
    assert_eq!(
        error_of("auto={0}:removeallcounters(0/0)\ntype=Artifact").as_deref(),
        Some("unsupported: `removeallcounters(0/0)` without a name")
    );
}

/// Three +1/+1 counters make the Bears 5/5; Shrink removes them all: 2/2 again. The
/// other Bears, with none, are untouched.
#[test]
fn every_counter_of_the_kind_leaves_the_target() {
    let mut table = table();
    let bears = table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears");
    table.board.add_counters(bears, 1, 1, 3);
    assert_eq!(table.board.power(bears), 5);
    let shrink = table.add_card("Shrink", P0, HAND, -1).expect("the spell");
    table.answers.push(vec![vm::runtime::Value::Card(bears)]);
    table.try_cast(shrink, P0).expect("cast");
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (2, 2));
}

/// Fate Wipe removes every fate counter from every permanent and leaves the mine counter.
#[test]
fn every_named_counter_of_the_kind_leaves_each_permanent() {
    let mut table = table();
    let mine = table.try_put("Grizzly Bears", P0, BATTLEFIELD).expect("bears");
    let theirs = table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears");
    table.board.add_named(mine, "fate", 2);
    table.board.add_named(mine, "mine", 1);
    table.board.add_named(theirs, "fate", 1);
    let wipe = table.add_card("Fate Wipe", P0, HAND, -1).expect("the spell");
    table.try_cast(wipe, P0).expect("cast");
    let count = |card, kind| table.board.named_counters(card, kind);
    assert_eq!((count(mine, "fate"), count(mine, "mine"), count(theirs, "fate")), (0, 1, 0));
}
