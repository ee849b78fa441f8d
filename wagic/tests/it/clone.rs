//! `clone [with(...)] [addtype(...)]` (Wagic's `AACloner`): a token copy of each target
//! card for the effect's controller, with the card's characteristics as they are now and
//! its rules, but not its counters, damage, tapped state nor the effects on it. The cards
//! are Wagic's own (`../shared/wagic`, read in place; each test skips when it is absent),
//! each test after its printed text.

use vm::runtime::{CardId, Value};

use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
use super::front::refusal_of;

/// Wagic's card files on a table; `None` (the test skips) when they are absent.
fn table() -> Option<Table> {
    Table::new()
}

fn names(table: &Table, player: vm::runtime::PlayerId) -> Vec<String> {
    table.board.names(player, BATTLEFIELD)
}

/// The token among `player`'s permanents (the last one made).
fn last_token(table: &Table, player: vm::runtime::PlayerId) -> CardId {
    *table.board.zone(player, BATTLEFIELD).iter().rev().find(|&&card| table.board.card(card).token).expect("a token")
}

#[test]
fn cackling_counterpart_copies_a_creature_without_its_counters_or_tapped_state() {
    // text=: Put a token onto the battlefield that's a copy of target creature you control.
    // Venerable Monk: "When Venerable Monk enters the battlefield, you gain 2 life."
    let Some(mut table) = table() else { return };
    let monk = table.put("Venerable Monk", P0, BATTLEFIELD);
    assert_eq!(table.board.players[0].life, 22);
    let marked = &mut table.board.cards[monk.0 as usize];
    marked.counters = (1, 1);
    marked.tapped = true;
    let counterpart = table.put("Cackling Counterpart", P0, HAND);
    table.answers.push(vec![Value::Card(monk)]);
    table.cast(counterpart, P0);
    assert_eq!(names(&table, P0), ["Venerable Monk", "Venerable Monk"]);
    let copy = last_token(&table, P0);
    let c = table.board.card(copy);
    assert!(c.token && c.copies_card, "a token with the Monk's rules");
    assert!(!c.tapped, "not tapped as the Monk is");
    assert_eq!(c.counters, (0, 0), "no counters");
    assert_eq!((table.board.power(copy), table.board.toughness(copy)), (2, 2));
    assert_eq!(c.printed.types, ["creature", "human", "monk", "cleric"]);
    assert_eq!(table.board.players[0].life, 24, "the copy's own entering ability ran");
    assert_eq!((table.board.power(monk), table.board.toughness(monk)), (3, 3), "the Monk keeps its counter");
}

#[test]
fn rite_of_replication_gives_its_caster_a_copy_of_an_opponents_creature() {
    // text=: Put a token onto the battlefield that's a copy of target creature. (Not kicked.)
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let rite = table.put("Rite of Replication", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(rite, P0);
    assert_eq!(names(&table, P0), ["Grizzly Bears"]);
    assert_eq!(names(&table, P1), ["Grizzly Bears"]);
    let copy = last_token(&table, P0);
    assert_eq!(table.board.card(copy).controller, P0);
    assert_eq!(table.board.card(copy).owner, P0);
}

#[test]
fn a_copy_of_a_plain_token_is_that_token() {
    // Raise the Alarm's 1/1 white Soldiers have no card of their own: the copy is a Soldier.
    let Some(mut table) = table() else { return };
    let alarm = table.put("Raise the Alarm", P0, HAND);
    table.cast(alarm, P0);
    let soldier = table.board.zone(P0, BATTLEFIELD)[0];
    let counterpart = table.put("Cackling Counterpart", P0, HAND);
    table.answers.push(vec![Value::Card(soldier)]);
    table.cast(counterpart, P0);
    assert_eq!(names(&table, P0), ["Soldier", "Soldier", "Soldier"]);
    let copy = last_token(&table, P0);
    let c = table.board.card(copy);
    assert!(c.token && !c.copies_card);
    assert_eq!(c.printed.colours, ["white"]);
    assert_eq!((table.board.power(copy), table.board.toughness(copy)), (1, 1));
}

#[test]
fn parallel_lives_doubles_the_copies() {
    // Parallel Lives: "If an effect would put one or more tokens onto the battlefield under
    // your control, it puts twice that many of those tokens onto the battlefield instead."
    let Some(mut table) = table() else { return };
    table.put("Parallel Lives", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let counterpart = table.put("Cackling Counterpart", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(counterpart, P0);
    assert_eq!(names(&table, P0), ["Parallel Lives", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears"]);
}

#[test]
fn kiki_jikis_copy_has_haste_and_is_sacrificed_at_the_end_step() {
    // text=: {T}: Put a token that's a copy of target nonlegendary creature you control onto
    // the battlefield. That token has haste. Sacrifice it at the beginning of the next end
    // step. (`clone with(treason,haste)`: Wagic's treason sacrifices it.)
    let Some(mut table) = table() else { return };
    let kiki = table.put("Kiki-Jiki, Mirror Breaker", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    assert!(table.activate(kiki, P0));
    assert!(table.board.card(kiki).tapped);
    let copy = last_token(&table, P0);
    assert_eq!(table.board.card(copy).printed.name, "Grizzly Bears");
    assert!(table.board.has_ability(copy, "haste"));
    assert!(table.board.has_ability(copy, "treason"));
    assert!(!table.board.has_ability(bears, "haste"), "the Bears themselves are unchanged");
    table.end_step_leaving().expect("the end step");
    table.settle();
    assert_eq!(names(&table, P0), ["Kiki-Jiki, Mirror Breaker", "Grizzly Bears"]);
}

#[test]
fn clone_with_a_word_that_is_no_keyword_ability_is_refused_at_the_word() {
    let refused = refusal_of("auto={T}:clone with(haste,shiny) target(creature)\ntype=Artifact");
    let (message, _, at) = refused.expect("refused");
    assert_eq!(message, "unsupported: `clone with(...)` of a word not a keyword ability");
    assert_eq!(at, "shiny");
    let refused = refusal_of("auto={T}:clone options(nolegend) target(creature)\ntype=Artifact");
    assert_eq!(
        refused.map(|(message, _, at)| (message, at)),
        Some(("unsupported: `clone options(...)`".into(), "options(nolegend)".into()))
    );
}

#[test]
fn eyes_in_the_skies_makes_a_bird_then_populates_it() {
    // text=: Put a 1/1 white Bird creature token with flying onto the battlefield, then
    // populate. (Put a token onto the battlefield that's a copy of a creature token you
    // control.)
    let Some(mut table) = table() else { return };
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    let eyes = table.put("Eyes in the Skies", P0, HAND);
    table.cast(eyes, P0);
    let bird = *table.board.zone(P0, BATTLEFIELD).iter().find(|&&card| table.board.card(card).token).expect("a Bird");
    assert_eq!(names(&table, P0), ["Grizzly Bears", "Bird", "Bird"], "the Bird, and its copy");
    let copy = last_token(&table, P0);
    assert_ne!(copy, bird);
    assert!(table.board.has_ability(copy, "flying"));
}

#[test]
fn mirrorworks_copies_an_artifact_entering_when_its_controller_pays_two() {
    // text=: Whenever another nontoken artifact enters the battlefield under your control,
    // you may pay {2}. If you do, put a token that's a copy of that artifact onto the
    // battlefield.
    let Some(mut table) = table() else { return };
    table.put("Mirrorworks", P0, BATTLEFIELD);
    // Mana for two copies, and a yes for each: the copy entering is a token, which does
    // not trigger Mirrorworks, so one is made.
    table.board.players[0].mana[5] = 4;
    table.answers.push(vec![Value::Bool(true)]);
    table.answers.push(vec![Value::Bool(true)]);
    table.put("Ornithopter", P0, BATTLEFIELD);
    assert_eq!(names(&table, P0), ["Mirrorworks", "Ornithopter", "Ornithopter"]);
    assert_eq!(table.board.players[0].mana[5], 2, "{{2}} paid once");
}
