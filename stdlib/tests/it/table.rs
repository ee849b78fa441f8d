//! The builtin table: every command, function and cost of the catalogue is registered,
//! and the expression functions.

use stdlib::names::HAND;
use vm::runtime::Completion;

use crate::support::*;

#[test]
fn every_catalogue_entry_has_a_builtin() {
    let table = stdlib::builtins::<RecordingBoard>();
    let shown = format!("{table:?}");
    let commands = stdlib::CATALOGUE.commands.len();
    let functions = stdlib::CATALOGUE.functions.len();
    let costs = stdlib::CATALOGUE.costs.len();
    assert!(shown.contains(&format!("commands: \"{commands}/{commands}\"")), "{shown}");
    assert!(shown.contains(&format!("functions: \"{functions}/{functions}\"")), "{shown}");
    assert!(shown.contains(&format!("costs: \"{costs}/{costs}\"")), "{shown}");
}

#[test]
fn expression_functions() {
    let mut g = Game::new(
        "action = hp(abs(-5)); hp(min(3, 1, 2)); hp(max(me.hand.size, 20)); [[if isChar(this)]] hp(+1000); [[if isCharacter(me.hand.0)]] hp(+2000); [[if inUAttack(this)]] hp(+4000)",
    );
    let me = g.host.character("Me", P0, 0, 500);
    g.host.card("Act", ACTION, P0, HAND);
    g.host.card_mut("Me").uattack = true;
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3000 + 5 + 1 + 20 + 1000 + 4000);
}

#[test]
fn flip_coin_uses_the_hosts_generator() {
    let mut g = Game::new("action = [[if flipCoin()]] hp(+1) [[else]] hp(+2)");
    let src = g.host.card("Coin", ACTION, P0, HAND);
    for _ in 0..8 {
        g.run(src, P0);
    }
    let gained = g.host.player(P0).hp - 3000;
    assert!(gained > 8 && gained < 16, "both sides came up: {gained}");
}

#[test]
fn get_targets_reads_a_quoted_filter() {
    let mut g = Game::new("vars = _cards := getTargets('\"Engokogeki\"s@myDiscards')\naction = hp(_cards.size)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["Engokogeki", "Other", "Engokogeki"], ACTION, P0, stdlib::names::DISCARDS);
    g.host.cards(&["Engokogeki"], ACTION, P1, stdlib::names::DISCARDS);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3002);
}

#[test]
fn get_targets_asks_for_a_singular_type() {
    let mut g = Game::new("action = hp(getTargets('<1>character@oppRing').0.bp)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P1, 0, 300);
    g.host.character("B", P1, 1, 700);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(exec.candidates().len(), 2);
    assert_eq!(done(g.answer_cards(exec, &["B"])), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3700);
}

#[test]
fn quoted_filters_parse_the_simple_shape() {
    use stdlib::functions::{QuotedFilter, QuotedType};
    let f = QuotedFilter::parse("<2>ninjas@oppHand").unwrap();
    assert_eq!(f.count, Some(2));
    assert!(f.plural);
    assert!(matches!(f.ty, QuotedType::Subtype(_)));
    assert_eq!(f.zone.zone, HAND);
    assert!(QuotedFilter::parse("character[frozen]").is_none());
    assert!(QuotedFilter::parse("*@nowhere").is_none());
}
