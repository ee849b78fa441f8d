//! `preventalldamage to(spec) from(spec)` (Wagic's `APreventDamageTypes`) and its
//! `preventallcombatdamage` and `preventallnoncombatdamage` forms, on a permanent's static
//! line, a lord's and an Aura's: from the printed text of the cards that use them, the IR,
//! the refusals, and the damage they prevent on the board.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\n\
name=Uncle Istvan\n\
auto=preventalldamage to(this) from(creature)\n\
mana={1}{B}{B}{B}\n\
type=Creature\n\
subtype=Human\n\
power=1\n\
toughness=3\n\
[/card]\n\
[card]\n\
name=Muzzle\n\
target=creature\n\
auto=teach(creature) preventalldamage from(this)\n\
mana={1}{W}\n\
type=Enchantment\n\
subtype=Aura\n\
[/card]\n\
[card]\n\
name=Energy Field\n\
text=Prevent all damage that would be dealt to you by sources you don't control. When a card is put into your graveyard from anywhere, sacrifice Energy Field.\n\
auto=preventalldamage to(controller) from(*|opponentbattlefield,opponentstack)\n\
mana={1}{U}\n\
type=Enchantment\n\
[/card]\n\
[card]\n\
name=Mark of Asylum\n\
auto=preventallnoncombatdamage to(creature|myBattlefield)\n\
mana={1}{W}\n\
type=Enchantment\n\
[/card]\n\
[card]\n\
name=Hill Giant\n\
mana={3}{R}\n\
type=Creature\n\
subtype=Giant\n\
power=3\n\
toughness=3\n\
[/card]\n\
[card]\n\
name=Shock\n\
target=creature,player\n\
auto=damage:2\n\
mana={R}\n\
type=Instant\n\
[/card]\n\
[card]\n\
name=Grizzly Bears\n\
mana={1}{G}\n\
type=Creature\n\
subtype=Bear\n\
power=2\n\
toughness=2\n\
[/card]\n\
[card]\n\
name=Fog Bank\n\
abilities=defender,flying\n\
auto=preventAllCombatDamage to(this)\n\
auto=preventAllCombatDamage from(this)\n\
mana={1}{U}\n\
type=Creature\n\
subtype=Wall\n\
power=0\n\
toughness=2\n\
[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("prevent.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn a_prevention_is_continuous_with_this_as_the_statements_targets() {
    let expected = [
        ("preventalldamage to(this) from(creature)", "auto[continuous]: - preventdamage"),
        ("preventAllDamage from(creature) to(this)", "auto[continuous]: - preventdamage"),
        ("preventallnoncombatdamage to(creature|myBattlefield)", "auto[continuous]: - preventdamage"),
    ];
    for (line, ir) in expected {
        assert_eq!(ir_of(&format!("auto={line}\ntype=Creature")), [ir], "{line}");
    }
    // Counted once, its matches would go stale: refused off a permanent's static line.
    let refused = "unsupported: `preventalldamage` outside a permanent's static line";
    for card in [
        "auto=preventalldamage from(creature) ueot\ntype=Instant",
        "auto={6}{T}:preventalldamage to(controller) from(creature[flying]) ueot\ntype=Artifact",
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
    // Wagic would prevent every damage of the game: no printed text means that.
    assert_eq!(
        error_of("auto=lord(creature[token]|mybattlefield) preventalldamage\ntype=Creature").as_deref(),
        Some("unsupported: `preventalldamage` without `to(...)` or `from(...)`")
    );
    assert_eq!(
        error_of("auto=preventalldamage to(this) to(controller)\ntype=Creature").as_deref(),
        Some("unsupported: `preventalldamage` with two `to(...)`")
    );
    // `fog`'s plain form stays the fog.
    assert_eq!(ir_of("auto=preventallcombatdamage\ntype=Instant"), ["action[0]: - fog ueot"]);
}

#[test]
fn a_creature_with_prevention_from_creatures_takes_no_combat_damage() {
    // Uncle Istvan (1/3) blocks Hill Giant (3/3) and lives.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\n[PLAYER2]\ninplay:Uncle Istvan\n",
        "next\nnext\nHill Giant\nnext\nUncle Istvan\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\n[PLAYER2]\ninplay:Uncle Istvan\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn damage_from_a_source_the_spec_does_not_match_is_dealt() {
    // Two Shocks (instants, not creatures) kill Uncle Istvan.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock,Shock\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Uncle Istvan\n",
        "Shock\nUncle Istvan\nShock\nUncle Istvan\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Shock\n[PLAYER2]\ngraveyard:Uncle Istvan\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn an_aura_prevents_the_damage_the_enchanted_creature_deals() {
    // Muzzled, Hill Giant attacks unblocked and deals nothing.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Muzzle\ninplay:Hill Giant\nmanapool:{1}{W}\n[PLAYER2]\n",
        "Muzzle\nHill Giant\nnext\nnext\nHill Giant\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant,Muzzle\n[PLAYER2]\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_player_is_spared_damage_from_the_opponents_sources() {
    // Energy Field: neither Shock nor Hill Giant hurts player 2.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Energy Field\n",
        "Shock\np2\nnext\nnext\nHill Giant\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Shock\n[PLAYER2]\ninplay:Energy Field\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn noncombat_prevention_stops_a_shock_but_not_combat_damage() {
    // Mark of Asylum: the Bears survive the Shock, then die blocking Hill Giant.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Mark of Asylum,Grizzly Bears\n",
        "Shock\nGrizzly Bears\nnext\nnext\nHill Giant\nnext\nGrizzly Bears\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Shock\n[PLAYER2]\ninplay:Mark of Asylum\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_combat_prevention_spares_fog_bank_in_combat_only() {
    // Fog Bank (0/2) blocks Hill Giant (3/3) and lives...
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Hill Giant\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Fog Bank\n",
        "next\nnext\nHill Giant\nnext\nFog Bank\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Hill Giant\nhand:Shock\n[PLAYER2]\ninplay:Fog Bank\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // ...but a Shock kills it.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Fog Bank\n",
        "Shock\nFog Bank\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Fog Bank\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}
