//! A spell giving its one target card a new ability that strikes a target chosen as it
//! resolves (`transforms((,newability[target(spec) dynamicability<!powerstrike
//! eachother!>]))`: Prey Upon's fight; `newability[dynamicability<!powerstrike!>
//! target(spec)]`: Crush Underfoot's one-way damage): the spell's target deals the damage
//! itself, after the spell's other lines, and with `eachother` takes the chosen card's back.

use vm::runtime::Value;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;

/// Cards of these tests, with Wagic's lines for the spells and their printed text.
const CARDS: &str = "[card]\nname=Prey Upon\ntarget=creature|mybattlefield\n\
auto=transforms((,newability[target(creature|opponentbattlefield) dynamicability<!powerstrike eachother!>])) ueot\n\
text=Target creature you control fights target creature you don't control.\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Savage Punch\ntarget=creature|mybattlefield\n\
auto=transforms((,newability[target(creature|opponentbattlefield) dynamicability<!powerstrike eachother!>])) ueot\n\
auto=if type(creature[power>=4]|mybattlefield)~morethan~0 then 2/2 ueot\n\
text=Target creature you control fights target creature you don't control. -- Ferocious - The creature you \
control gets +2/+2 until end of turn before it fights if you control a creature with power 4 or greater.\n\
mana={1}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grim Contest\ntarget=creature|mybattlefield\n\
auto=transforms((,newability[target(creature|opponentbattlefield) dynamicability<!toughnesstrike eachother!>])) ueot\n\
text=Choose target creature you control and target creature an opponent controls. Each of those creatures deals \
damage equal to its toughness to the other.\nmana={1}{B}{G}\ntype=Instant\n[/card]\n\
[card]\nname=Crush Underfoot\ntarget=giant|mybattlefield\n\
auto=transforms((,newability[dynamicability<!powerstrike!> target(creature)]))\n\
text=Choose a Giant creature you control. It deals damage equal to its power to target creature.\n\
mana={1}{R}\ntype=Tribal Instant\nsubtype=Giant\n[/card]\n\
[card]\nname=Fall of the Hammer\ntarget=creature|mybattlefield\n\
auto=transforms((,newability[target(other creature) dynamicability<!powerstrike!>])) forever\n\
text=Target creature you control deals damage equal to its power to another target creature.\n\
mana={1}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Chandra's Ignition\ntarget=creature|mybattlefield\n\
auto=transforms((,newability[all(other creature) dynamicability<!powerstrike!>])) forever\n\
auto=transforms((,newability[all(opponent) dynamicability<!powerstrike!>])) forever\n\
text=Target creature you control deals damage equal to its power to each other creature and each opponent.\n\
mana={3}{R}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nabilities=lifelink\nmana={3}{R}\ntype=Creature\nsubtype=Giant\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Wall of Stone\nabilities=defender\nmana={1}{R}{R}\ntype=Creature\nsubtype=Wall\npower=0\ntoughness=8\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\nsubtype=Wurm\npower=6\ntoughness=4\n[/card]\n";

/// Casts `spell` from P0's hand with the answers given, in order (a lone candidate is
/// taken unasked).
fn cast(table: &mut Table, spell: &str, answers: &[vm::runtime::CardId]) {
    let card = table.put(spell, P0, HAND);
    table.answers.extend(answers.iter().map(|&card| vec![Value::Card(card)]));
    table.cast(card, P0);
    table.settle();
    assert!(table.answers.is_empty(), "every answer was asked for: {:?}", table.asked);
}

#[test]
fn prey_upon_makes_the_two_creatures_deal_their_power_to_each_other() {
    // The Giant (3, lifelink) kills the Bears and takes 2 back: the damage is the Giant's
    // own, its lifelink gains its controller 3 life. Each creature is a choice of two.
    let mut table = Table::with_cards(CARDS);
    let giant = table.put("Hill Giant", P0, BATTLEFIELD);
    table.put("Wall of Stone", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Craw Wurm", P1, BATTLEFIELD);
    cast(&mut table, "Prey Upon", &[giant, bears]);
    assert_eq!(table.asked.len(), 2, "{:?}", table.asked);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.card(giant).damage, 2);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (23, 20));
}

#[test]
fn savage_punch_pumps_its_creature_before_the_fight() {
    // Ferocious: the Wurm (6 power) gets +2/+2 first, so it deals 8 and the Wall (0/8)
    // dies; fighting first it would deal 6 and the Wall would stay.
    let mut table = Table::with_cards(CARDS);
    let wurm = table.put("Craw Wurm", P0, BATTLEFIELD);
    table.put("Wall of Stone", P1, BATTLEFIELD);
    cast(&mut table, "Savage Punch", &[]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Wall of Stone"]);
    assert_eq!(table.board.power(wurm), 8);
}

#[test]
fn grim_contest_deals_toughness_each_way() {
    // The Wall deals 8 (its toughness) to the Bears, the Bears 2 to the Wall.
    let mut table = Table::with_cards(CARDS);
    let wall = table.put("Wall of Stone", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    cast(&mut table, "Grim Contest", &[]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.card(wall).damage, 2);
}

#[test]
fn crush_underfoot_deals_the_giants_power_one_way() {
    // The Giant deals 3 to the Wurm and takes nothing back; its lifelink gains 3 life.
    let mut table = Table::with_cards(CARDS);
    let giant = table.put("Hill Giant", P0, BATTLEFIELD);
    let wurm = table.put("Craw Wurm", P1, BATTLEFIELD);
    cast(&mut table, "Crush Underfoot", &[wurm]);
    assert_eq!(table.board.card(wurm).damage, 3);
    assert_eq!(table.board.card(giant).damage, 0);
    assert_eq!(table.board.players[0].life, 23);
    // `other`: the Giant cannot be its own target; the Bears are the one other creature,
    // taken unasked.
    let mut table = Table::with_cards(CARDS);
    let giant = table.put("Hill Giant", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    cast(&mut table, "Fall of the Hammer", &[giant]);
    assert_eq!(table.asked.len(), 1, "{:?}", table.asked);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Grizzly Bears", "Fall of the Hammer"]);
    assert_eq!(table.board.card(giant).damage, 0);
}

#[test]
fn chandras_ignition_deals_the_creatures_power_to_each_other_creature_and_each_opponent() {
    // The Giant (3, lifelink) deals 3 to the Bears on both sides and to the opponent, none
    // to itself: 3 damage dealt three times gains 9 life.
    let mut table = Table::with_cards(CARDS);
    let giant = table.put("Hill Giant", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    cast(&mut table, "Chandra's Ignition", &[giant]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Grizzly Bears", "Chandra's Ignition"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.card(giant).damage, 0);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (29, 17));
}

#[test]
fn a_fight_with_no_creature_to_fight_deals_no_damage() {
    let mut table = Table::with_cards(CARDS);
    let giant = table.put("Hill Giant", P0, BATTLEFIELD);
    cast(&mut table, "Prey Upon", &[]);
    assert_eq!(table.board.card(giant).damage, 0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Prey Upon"]);
}

#[test]
fn other_strikes_stay_refused_with_their_own_diagnostic() {
    let refused = Some(
        "unsupported: transforms part `newability[dynamicability<!...strike...!>]` other than a spell's one target \
         striking one target chosen as it resolves",
    );
    // Every other creature fighting back: `eachother` is one chosen card's.
    let all = "target=creature|mybattlefield\n\
               auto=transforms((,newability[all(other creature) dynamicability<!powerstrike eachother!>])) forever\n\
               type=Sorcery";
    assert_eq!(error_of(all).as_deref(), refused, "{all}");
    // Two chosen cards to fight.
    let two = "target=creature|mybattlefield\n\
               auto=transforms((,newability[target(<2>creature) dynamicability<!powerstrike eachother!>])) ueot\n\
               type=Sorcery";
    assert_eq!(error_of(two).as_deref(), refused, "{two}");
    // A spell's target that may be the opponent's: whose `opponentbattlefield` is differs.
    let theirs = "target=creature\nauto=transforms((,newability[target(creature|opponentbattlefield) \
                  dynamicability<!powerstrike eachother!>])) ueot\ntype=Sorcery";
    assert_eq!(error_of(theirs).as_deref(), refused, "{theirs}");
    // The amount of another card than the transformed one.
    let mytgt = "target=creature|mybattlefield\n\
                 auto=transforms((,newability[target(creature) dynamicability<!mytgt powerstrike!>])) ueot\ntype=Sorcery";
    assert_eq!(error_of(mytgt).as_deref(), refused, "{mytgt}");
}
