//! Detain, Wagic's `transforms((Detained,newability[cantattack],newability[cantblock],
//! newability[noactivatedability])) uynt`: until its controller's next turn the permanent
//! can't attack or block and its activated abilities can't be activated (`ATransformer`'s
//! `UYNT` ends as that player's turn begins; `noactivatedability` refuses every activated
//! ability of the card, as `GenericActivatedAbility::isReactingToClick` does). The real
//! cards from Wagic's files, each test after the card's printed text.

use vm::runtime::Value;

use super::board::{BATTLEFIELD, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

const DETAIN: &str =
    "transforms((Detained,newability[cantattack],newability[cantblock],newability[noactivatedability])) uynt";

#[test]
fn detain_is_a_transformation_and_three_grants_timed_until_the_next_turn() {
    assert_eq!(
        ir_of(&format!("auto=name(detain) target(creature|opponentBattlefield) {DETAIN}\ntype=Creature")),
        ["auto[]: filterSome(Exact(1)) transforms,+cantattack,+cantblock,+noactivatedability ueot"]
    );
    // Wagic reads `uynt` in a transformation alone.
    assert_eq!(
        error_of("auto={1}:target(creature) 2/2 uynt\ntype=Creature").as_deref(),
        Some("unsupported: `uynt` other than after `transforms(...)`")
    );
}

#[test]
fn azorius_arresters_detained_creature_neither_attacks_nor_activates_until_its_controllers_next_turn() {
    // text=: When Azorius Arrester enters the battlefield, detain target creature an
    // opponent controls. (Until your next turn, that creature can't attack or block and its
    // activated abilities can't be activated.)
    let Some(mut table) = Table::new() else { return };
    let sorcerer = table.put("Prodigal Sorcerer", P1, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(sorcerer)]);
    table.put("Azorius Arrester", P0, BATTLEFIELD);
    assert!(table.answers.is_empty(), "the target was asked");
    assert!(!table.board.has_ability(bears, "cantattack"), "the one target only");
    let detained = |table: &Table| {
        ["cantattack", "cantblock", "noactivatedability"].iter().all(|name| table.board.has_ability(sorcerer, name))
            && table.board.has_type(sorcerer, "detained")
    };
    assert!(detained(&table));
    // Its ability ({T}: 1 damage to any target) can't be activated, in its controller's
    // turn either.
    table.end_turn(P0);
    table.untap_step(P1).expect("the opponent's turn begins");
    assert!(detained(&table), "until the Arrester's controller's next turn");
    assert!(!table.activate(sorcerer, P1));
    assert_eq!(table.board.players[0].life, 20);
    table.end_turn(P1);
    // The Arrester's controller's turn begins: the detain ends.
    table.untap_step(P0).expect("the turn begins");
    assert!(!table.board.has_ability(sorcerer, "cantattack") && !table.board.has_type(sorcerer, "detained"));
    table.answers.push(vec![Value::Player(P0)]);
    assert!(table.activate(sorcerer, P1));
    assert_eq!(table.board.players[0].life, 19);
}

#[test]
fn a_detained_mana_creature_adds_no_mana() {
    // Lyev Decree's text=: Detain up to two target creatures your opponents control. Its
    // "activated abilities can't be activated" are mana abilities too (Wagic refuses them).
    let Some(mut table) = Table::new() else { return };
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    let decree = table.put("Lyev Decree", P0, wagic::table::HAND);
    table.board.players[0].mana[0] = 1;
    table.board.players[0].mana[5] = 1;
    table.answers.push(vec![Value::Card(elves)]);
    table.cast(decree, P0);
    assert!(table.board.has_ability(elves, "noactivatedability"));
    // In their controller's turn, no longer summoning sick, the Elves still tap for nothing.
    table.end_turn(P0);
    table.untap_step(P1).expect("the opponent's turn begins");
    assert!(!table.activate(elves, P1));
    assert_eq!(table.board.players[1].mana[4], 0);
    assert!(table.try_payable_actions(elves, P1).expect("a trial").is_empty());
}
