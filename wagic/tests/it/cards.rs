//! Real Wagic cards, compiled from Wagic's own card files, run at effect level on the
//! in-memory `Board`. Each test names where its expectation comes from: Wagic's own test
//! in `../shared/wagic/test/` (its `[ASSERT]` block) or the card's `text=`.

use vm::runtime::{CardId, Value};

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Play, Table};

/// A table, or `None` (the test skips) when Wagic's card files are absent.
fn table() -> Option<Table> {
    Table::new()
}

// ---- spells ----

#[test]
fn shock_kills_a_two_toughness_creature() {
    // test/shock.txt: Shock on a x/2 creature; [ASSERT] both in their graveyards.
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let shock = table.put("Shock", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(shock, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Shock"]);
    assert!(!table.runtime.in_play(bears));
}

#[test]
fn lightning_bolt_deals_three_damage_to_a_player() {
    // text=: Lightning Bolt deals 3 damage to any target.
    let Some(mut table) = table() else { return };
    let bolt = table.put("Lightning Bolt", P0, HAND);
    table.answers.push(vec![Value::Player(P1)]);
    table.cast(bolt, P0);
    assert_eq!(table.board.players[1].life, 17);
}

#[test]
fn giant_growth_pumps_until_end_of_turn() {
    // test/giant_growth.txt; text=: target creature gets +3/+3 until end of turn.
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let growth = table.put("Giant Growth", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(growth, P0);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (5, 5));
    table.end_turn(P0);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (2, 2));
}

/// "Until end of turn" is the turn it was cast in, whoever's turn that is. Found by a
/// game's response (a Giant Growth in the other player's draw step still pumped its
/// creature in its controller's next turn): the table ended only the active player's
/// `ueot` effects.
#[test]
fn giant_growth_cast_in_the_other_players_turn_ends_with_that_turn() {
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let growth = table.put("Giant Growth", P0, HAND);
    table.board.active = P1;
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(growth, P0);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (5, 5));
    table.end_turn(P1);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (2, 2));
}

#[test]
fn terror_buries_a_nonblack_nonartifact_creature_and_cannot_target_a_black_one() {
    // test/terror.txt; text=: destroy target nonartifact, nonblack creature; it can't be
    // regenerated.
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let skeletons = table.put("Drudge Skeletons", P1, BATTLEFIELD);
    let terror = table.put("Terror", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(terror, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    // The black Skeletons is no candidate: Terror finds no target and asks nothing.
    let terror = table.put("Terror", P0, HAND);
    assert!(!table.activate(terror, P0));
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Drudge Skeletons"]);
    assert!(table.runtime.in_play(skeletons));
}

#[test]
fn divination_draws_two_cards() {
    // text=: Draw two cards.
    let Some(mut table) = table() else { return };
    for _ in 0..3 {
        table.put("Island", P0, LIBRARY);
    }
    let divination = table.put("Divination", P0, HAND);
    table.cast(divination, P0);
    assert_eq!(table.board.names(P0, HAND), ["Island", "Island"]);
    assert_eq!(table.board.names(P0, LIBRARY), ["Island"]);
}

#[test]
fn unsummon_returns_a_creature_to_its_owners_hand() {
    // text=: Return target creature to its owner's hand.
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let unsummon = table.put("Unsummon", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(unsummon, P0);
    assert_eq!(table.board.names(P1, HAND), ["Grizzly Bears"]);
    assert!(!table.runtime.in_play(bears));
}

#[test]
fn tome_scour_mills_five() {
    // text=: Target player puts the top five cards of their library into their graveyard.
    let Some(mut table) = table() else { return };
    for _ in 0..6 {
        table.put("Island", P1, LIBRARY);
    }
    let scour = table.put("Tome Scour", P0, HAND);
    table.answers.push(vec![Value::Player(P1)]);
    table.cast(scour, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD).len(), 5);
    assert_eq!(table.board.names(P1, LIBRARY).len(), 1);
}

#[test]
fn wrath_of_god_buries_every_creature() {
    // text=: Destroy all creatures. They can't be regenerated.
    let Some(mut table) = table() else { return };
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.put("Drudge Skeletons", P1, BATTLEFIELD);
    table.put("Forest", P0, BATTLEFIELD);
    table.board.players[1].mana[2] = 1;
    let wrath = table.put("Wrath of God", P0, HAND);
    table.cast(wrath, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Forest"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
}

// ---- activated abilities ----

#[test]
fn prodigal_sorcerer_taps_to_deal_one_damage_once() {
    // text=: {T}: Prodigal Sorcerer deals 1 damage to any target.
    let Some(mut table) = table() else { return };
    let sorcerer = table.put("Prodigal Sorcerer", P0, BATTLEFIELD);
    table.answers.push(vec![Value::Player(P1)]);
    assert!(table.activate(sorcerer, P0));
    assert_eq!(table.board.players[1].life, 19);
    assert!(table.board.card(sorcerer).tapped);
    assert!(!table.activate(sorcerer, P0), "a tapped Sorcerer cannot pay {{T}}");
    assert_eq!(table.board.players[1].life, 19);
}

#[test]
fn llanowar_elves_taps_for_green_mana() {
    // text=: {T}: Add {G}.
    let Some(mut table) = table() else { return };
    let elves = table.put("Llanowar Elves", P0, BATTLEFIELD);
    assert!(table.activate(elves, P0));
    assert_eq!(table.board.players[0].mana, [0, 0, 0, 0, 1, 0]);
}

#[test]
fn master_decoy_pays_white_and_taps_to_tap_a_creature() {
    // test/master_decoy.txt: with {W} in the pool, Master Decoy taps the opponent's creature.
    let Some(mut table) = table() else { return };
    let decoy = table.put("Master Decoy", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    assert!(!table.activate(decoy, P0), "no white mana: the cost cannot be paid");
    table.board.players[0].mana[0] = 1;
    table.answers.push(vec![Value::Card(bears)]);
    assert!(table.activate(decoy, P0));
    assert!(table.board.card(bears).tapped && table.board.card(decoy).tapped);
    assert_eq!(table.board.players[0].mana[0], 0);
}

#[test]
fn drudge_skeletons_regenerates_instead_of_being_destroyed() {
    // text=: {B}: Regenerate Drudge Skeletons.
    let Some(mut table) = table() else { return };
    let skeletons = table.put("Drudge Skeletons", P0, BATTLEFIELD);
    table.board.players[0].mana[2] = 1;
    assert!(table.activate(skeletons, P0));
    let disfigure = table.put("Lightning Bolt", P1, HAND);
    table.answers.push(vec![Value::Card(skeletons)]);
    table.cast(disfigure, P1);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Drudge Skeletons"]);
    assert!(table.board.card(skeletons).tapped, "a regenerated creature is tapped");
}

#[test]
fn dirtwater_wraith_pumped_twice_is_plus_two_until_end_of_turn() {
    // text=: {B}: Dirtwater Wraith gets +1/+0 until end of turn. Two activations are two
    // effects (Magic's rule 608: each resolution applies its own), as in Wagic.
    let Some(mut table) = table() else { return };
    let wraith = table.put("Dirtwater Wraith", P0, BATTLEFIELD);
    table.board.players[0].mana[2] = 2;
    assert!(table.activate(wraith, P0));
    assert!(table.activate(wraith, P0));
    assert_eq!((table.board.power(wraith), table.board.toughness(wraith)), (3, 3));
    assert!(!table.activate(wraith, P0), "no black mana left");
    table.end_turn(P0);
    assert_eq!((table.board.power(wraith), table.board.toughness(wraith)), (1, 3));
}

#[test]
fn drudge_skeletons_regenerated_twice_survives_two_destructions() {
    // text=: {B}: Regenerate Drudge Skeletons. Two activations are two shields.
    let Some(mut table) = table() else { return };
    let skeletons = table.put("Drudge Skeletons", P0, BATTLEFIELD);
    table.board.players[0].mana[2] = 2;
    assert!(table.activate(skeletons, P0));
    assert!(table.activate(skeletons, P0));
    for _ in 0..2 {
        let bolt = table.put("Lightning Bolt", P1, HAND);
        table.answers.push(vec![Value::Card(skeletons)]);
        table.cast(bolt, P1);
        assert_eq!(table.board.names(P0, BATTLEFIELD), ["Drudge Skeletons"]);
    }
    let bolt = table.put("Lightning Bolt", P1, HAND);
    table.answers.push(vec![Value::Card(skeletons)]);
    table.cast(bolt, P1);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Drudge Skeletons"], "two shields, not three");
}

#[test]
fn samite_healer_prevents_one_damage() {
    // test/samite_healer.txt; text=: {T}: Prevent the next 1 damage to any target this turn.
    let Some(mut table) = table() else { return };
    let healer = table.put("Samite Healer", P0, BATTLEFIELD);
    table.answers.push(vec![Value::Player(P0)]);
    assert!(table.activate(healer, P0));
    let bolt = table.put("Lightning Bolt", P1, HAND);
    table.answers.push(vec![Value::Player(P0)]);
    table.cast(bolt, P1);
    assert_eq!(table.board.players[0].life, 18);
}

// ---- lords, aslongas, foreach ----

#[test]
fn goblin_king_pumps_other_goblins_while_it_is_in_play() {
    // test/goblin_king.txt (Goblin Piker survives as a 3/2); text=: other Goblins get
    // +1/+1 and have mountainwalk.
    let Some(mut table) = table() else { return };
    let piker = table.put("Goblin Piker", P0, BATTLEFIELD);
    let king = table.put("Goblin King", P0, BATTLEFIELD);
    assert_eq!((table.board.power(piker), table.board.toughness(piker)), (3, 2));
    assert!(table.board.has_ability(piker, "mountainwalk"));
    assert_eq!((table.board.power(king), table.board.toughness(king)), (2, 2), "not itself");
    // A goblin entering later gets the bonus too.
    let raider = table.put("Goblin Raider", P1, BATTLEFIELD);
    assert_eq!(table.board.power(raider), 3);
    // A goblin leaving play loses it, one coming back gets it again.
    table.board.move_to(piker, HAND);
    table.settle();
    table.board.move_to(piker, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.power(piker), 3);
    // The bonus ends when the King leaves.
    table.board.move_to(king, GRAVEYARD);
    table.settle();
    assert_eq!((table.board.power(piker), table.board.toughness(piker)), (2, 1));
    assert!(!table.board.has_ability(piker, "mountainwalk"));
    assert_eq!(table.board.power(raider), 2);
}

#[test]
fn glorious_anthem_pumps_only_its_controllers_creatures() {
    // text=: Creatures you control get +1/+1.
    let Some(mut table) = table() else { return };
    let mine = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let theirs = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Glorious Anthem", P0, BATTLEFIELD);
    assert_eq!(table.board.power(mine), 3);
    assert_eq!(table.board.power(theirs), 2);
}

#[test]
fn kird_ape_gets_its_bonus_as_long_as_a_forest_is_in_play() {
    // text=: Kird Ape gets +1/+2 as long as you control a Forest (`aslongas`, held while
    // the condition holds: a Forest entering and leaving changes it).
    let Some(mut table) = table() else { return };
    let ape = table.put("Kird Ape", P0, BATTLEFIELD);
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (1, 1));
    let forest = table.put("Forest", P0, BATTLEFIELD);
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (2, 3), "a Forest entered");
    table.board.move_to(forest, GRAVEYARD);
    table.settle();
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (1, 1), "the Forest left");
    table.board.move_to(forest, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (2, 3));
    // An opponent's Forest does not count.
    table.board.move_to(forest, GRAVEYARD);
    table.put("Forest", P1, BATTLEFIELD);
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (1, 1));
}

#[test]
fn kird_ape_does_not_keep_its_bonus_when_unsummoned() {
    // test/kird_ape.txt: with a Forest, Kird Ape is unsummoned and cast again; [ASSERT] it
    // attacks for 2 (a 2/3, the bonus counted once).
    let Some(mut table) = table() else { return };
    table.put("Forest", P0, BATTLEFIELD);
    let ape = table.put("Kird Ape", P0, BATTLEFIELD);
    let unsummon = table.put("Unsummon", P0, HAND);
    table.answers.push(vec![Value::Card(ape)]);
    table.cast(unsummon, P0);
    assert_eq!(table.board.names(P0, HAND), ["Kird Ape"]);
    assert_eq!(table.board.power(ape), 1, "no bonus in hand");
    table.board.move_to(ape, BATTLEFIELD);
    table.settle();
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (2, 3));
}

#[test]
fn auriok_sunchaser_keeps_its_bonus_while_three_artifacts_remain() {
    // test/Auriok_Sunchaser_ASLONGAS_1.txt: with four artifacts it is a 3/3; Shatter
    // destroys one and Shock (2 damage) leaves it alive: [ASSERT] it stays in play.
    let Some(mut table) = table() else { return };
    let artifacts: Vec<_> = (0..4).map(|_| table.put("Ornithopter", P0, BATTLEFIELD)).collect();
    let sunchaser = table.put("Auriok Sunchaser", P0, BATTLEFIELD);
    assert_eq!((table.board.power(sunchaser), table.board.toughness(sunchaser)), (3, 3));
    assert!(table.board.has_ability(sunchaser, "flying"));
    let shatter = table.put("Shatter", P0, HAND);
    table.answers.push(vec![Value::Card(artifacts[0])]);
    table.cast(shatter, P0);
    assert_eq!((table.board.power(sunchaser), table.board.toughness(sunchaser)), (3, 3));
    let shock = table.put("Shock", P0, HAND);
    table.answers.push(vec![Value::Card(sunchaser)]);
    table.cast(shock, P0);
    assert!(table.runtime.in_play(sunchaser));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Ornithopter", "Shatter", "Shock"]);
}

#[test]
fn auriok_sunchaser_loses_its_bonus_below_three_artifacts() {
    // test/Auriok_Sunchaser_ASLONGAS_2.txt: with three artifacts it is a 3/3; Shatter
    // destroys one, so it is a 1/1 again and Shock kills it: [ASSERT] graveyard: Shatter,
    // the artifact, Shock, Auriok Sunchaser.
    let Some(mut table) = table() else { return };
    let artifacts: Vec<_> = (0..3).map(|_| table.put("Ornithopter", P0, BATTLEFIELD)).collect();
    let sunchaser = table.put("Auriok Sunchaser", P0, BATTLEFIELD);
    assert_eq!((table.board.power(sunchaser), table.board.toughness(sunchaser)), (3, 3));
    let shatter = table.put("Shatter", P0, HAND);
    table.answers.push(vec![Value::Card(artifacts[0])]);
    table.cast(shatter, P0);
    assert_eq!((table.board.power(sunchaser), table.board.toughness(sunchaser)), (1, 1));
    assert!(!table.board.has_ability(sunchaser, "flying"));
    let shock = table.put("Shock", P0, HAND);
    table.answers.push(vec![Value::Card(sunchaser)]);
    table.cast(shock, P0);
    assert!(!table.runtime.in_play(sunchaser));
    let mut graveyard = table.board.names(P0, GRAVEYARD);
    graveyard.sort();
    assert_eq!(graveyard, ["Auriok Sunchaser", "Ornithopter", "Shatter", "Shock"]);
}

#[test]
fn borderland_behemoth_gets_four_four_for_each_other_giant() {
    // test/borderland_behemoth.txt: with Axegrinder Giant in play it attacks for 8
    // ([ASSERT] life 12); text=: +4/+4 for each other Giant you control (a static
    // `foreach`, counted again as Giants come and go).
    let Some(mut table) = table() else { return };
    let behemoth = table.put("Borderland Behemoth", P0, BATTLEFIELD);
    assert_eq!((table.board.power(behemoth), table.board.toughness(behemoth)), (4, 4), "not itself");
    let axegrinder = table.put("Axegrinder Giant", P0, BATTLEFIELD);
    assert_eq!((table.board.power(behemoth), table.board.toughness(behemoth)), (8, 8));
    let hill_giant = table.put("Hill Giant", P0, BATTLEFIELD);
    table.put("Hill Giant", P1, BATTLEFIELD);
    assert_eq!((table.board.power(behemoth), table.board.toughness(behemoth)), (12, 12), "the opponent's is not");
    table.board.move_to(hill_giant, GRAVEYARD);
    table.board.move_to(axegrinder, HAND);
    table.settle();
    assert_eq!((table.board.power(behemoth), table.board.toughness(behemoth)), (4, 4));
    // The bonus ends with the Behemoth: back in play it counts again from nothing.
    table.board.move_to(behemoth, HAND);
    table.settle();
    assert_eq!(table.board.power(behemoth), 4);
    assert!(table.runtime.effects().is_empty(), "{:?}", table.runtime.effects());
}

#[test]
fn nyxathid_shrinks_for_each_card_in_the_opponents_hand() {
    // test/Nyxathid.txt: the opponent holds two cards and Nyxathid (7/7) attacks for 5
    // ([ASSERT] life 15); text=: -1/-1 for each card in the chosen player's hand.
    let Some(mut table) = table() else { return };
    table.put("Forest", P1, HAND);
    let nyxathid = table.put("Nyxathid", P0, BATTLEFIELD);
    assert_eq!(table.board.power(nyxathid), 6);
    let forest = table.put("Forest", P1, HAND);
    assert_eq!((table.board.power(nyxathid), table.board.toughness(nyxathid)), (5, 5));
    // A card leaving the hand (not the battlefield) counts too.
    table.board.move_to(forest, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.power(nyxathid), 6);
}

#[test]
fn elvish_archdruid_pumps_other_elves_and_adds_green_for_each_elf() {
    // text=: Other Elf creatures you control get +1/+1. {T}: Add {G} for each Elf you
    // control.
    let Some(mut table) = table() else { return };
    let elves = table.put("Llanowar Elves", P0, BATTLEFIELD);
    let druid = table.put("Elvish Archdruid", P0, BATTLEFIELD);
    table.put("Llanowar Elves", P1, BATTLEFIELD);
    assert_eq!(table.board.power(elves), 2);
    assert_eq!(table.board.power(druid), 2, "not itself");
    assert!(table.activate(druid, P0));
    assert_eq!(table.board.players[0].mana[4], 2, "one G per elf its controller controls");
}

// ---- triggers ----

#[test]
fn soul_warden_gains_life_when_a_creature_enters() {
    // text=: Whenever another creature enters the battlefield, you gain 1 life.
    let Some(mut table) = table() else { return };
    table.put("Soul Warden", P0, BATTLEFIELD);
    assert_eq!(table.board.players[0].life, 20, "not for itself");
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Forest", P1, BATTLEFIELD);
    assert_eq!(table.board.players[0].life, 21);
}

#[test]
fn auriok_champion_may_gain_life_when_a_creature_enters() {
    // text=: Whenever another creature enters the battlefield, you may gain 1 life.
    let Some(mut table) = table() else { return };
    table.put("Auriok Champion", P0, BATTLEFIELD);
    let asked_before = table.asked.len();
    table.answers.push(vec![Value::Bool(true)]);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    assert_eq!(table.board.players[0].life, 21);
    table.answers.push(vec![Value::Bool(false)]);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    assert_eq!(table.board.players[0].life, 21, "declined");
    assert!(table.asked[asked_before..].iter().all(|kind| kind.contains("May")), "{:?}", table.asked);
}

#[test]
fn aven_fisher_may_draw_when_it_dies() {
    // text=: When Aven Fisher dies, you may draw a card.
    let Some(mut table) = table() else { return };
    table.put("Island", P0, LIBRARY);
    let fisher = table.put("Aven Fisher", P0, BATTLEFIELD);
    let bolt = table.put("Lightning Bolt", P1, HAND);
    table.answers.push(vec![Value::Card(fisher)]);
    table.answers.push(vec![Value::Bool(true)]);
    table.cast(bolt, P1);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Aven Fisher"]);
    assert_eq!(table.board.names(P0, HAND), ["Island"]);
}

#[test]
fn ajanis_mantra_asks_at_its_controllers_upkeep_only() {
    // text=: At the beginning of your upkeep, you may gain 1 life.
    let Some(mut table) = table() else { return };
    table.put("Ajani's Mantra", P0, BATTLEFIELD);
    let upkeep = table.runtime.event_index("upkeep").expect("upkeep");
    table.runtime.emit(vm::runtime::Event::new(upkeep, P1));
    table.settle();
    assert_eq!(table.board.players[0].life, 20, "not in the opponent's upkeep");
    table.answers.push(vec![Value::Bool(true)]);
    table.runtime.emit(vm::runtime::Event::new(upkeep, P0));
    table.settle();
    assert_eq!(table.board.players[0].life, 21);
}

#[test]
fn ashen_firebeast_damages_each_creature_without_flying() {
    // text=: {1}{R}: Ashen Firebeast deals 1 damage to each creature without flying.
    let Some(mut table) = table() else { return };
    let firebeast = table.put("Ashen Firebeast", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let angel = table.put("Serra Angel", P1, BATTLEFIELD);
    table.board.players[0].mana = [0, 0, 0, 2, 0, 2];
    assert!(table.activate(firebeast, P0));
    assert_eq!((table.board.card(bears).damage, table.board.card(angel).damage), (1, 0));
    assert_eq!(table.board.card(firebeast).damage, 1, "itself too: it has no flying");
    assert!(table.activate(firebeast, P0));
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Serra Angel"]);
    assert!(!table.activate(firebeast, P0), "the mana is spent");
}

#[test]
fn apprentice_sorcerer_deals_damage_only_in_its_controllers_turn() {
    // text=: {T}: 1 damage to any target. Activate only during your turn (`myTurnOnly`).
    let Some(mut table) = table() else { return };
    let sorcerer = table.put("Apprentice Sorcerer", P0, BATTLEFIELD);
    table.board.active = P1;
    assert!(!table.activate(sorcerer, P0), "not in the opponent's turn");
    assert!(!table.board.card(sorcerer).tapped, "nothing was paid");
    table.board.active = P0;
    table.answers.push(vec![Value::Player(P1)]);
    assert!(table.activate(sorcerer, P0));
    assert_eq!(table.board.players[1].life, 19);
}

#[test]
fn amugaba_pays_mana_and_a_discarded_card_to_return_to_hand() {
    // test/Amugaba.txt: with {2}{U} and a Swamp in hand, activating Amugaba and choosing
    // the Swamp; [ASSERT] hand: Amugaba, graveyard: Swamp, manapool: {0}.
    let Some(mut table) = table() else { return };
    let swamp = table.put("Swamp", P0, HAND);
    let amugaba = table.put("Amugaba", P0, BATTLEFIELD);
    table.board.players[0].mana = [0, 1, 0, 0, 0, 2];
    table.answers.push(vec![Value::Card(swamp)]);
    assert!(table.activate(amugaba, P0));
    assert_eq!(table.board.names(P0, HAND), ["Amugaba"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Swamp"]);
    assert_eq!(table.board.players[0].mana, [0; 6]);
    assert!(!table.runtime.in_play(amugaba));
}

// ---- tokens ----

/// What a test checks of a token: its name, power, toughness, colours and keyword
/// abilities, and that it is a token creature of the types given.
fn assert_token(table: &Table, card: CardId, name: &str, pt: (i32, i32), colours: &[&str], abilities: &[&str]) {
    let board = &table.board;
    let c = board.card(card);
    assert!(c.token, "`{}` is no token", c.printed.name);
    assert_eq!(c.printed.name, name);
    assert_eq!((board.power(card), board.toughness(card)), pt, "{name}'s p/t");
    assert_eq!(c.printed.colours, colours, "{name}'s colours");
    assert!(c.printed.types.iter().any(|t| t == "creature"), "{name} is a creature");
    assert!(c.printed.types.iter().any(|t| *t == name.to_ascii_lowercase()), "{name} has its subtype");
    for ability in abilities {
        assert!(board.has_ability(card, ability), "{name} has {ability}");
    }
    assert_eq!(c.printed.abilities.len(), abilities.len(), "{name}'s abilities: {:?}", c.printed.abilities);
}

#[test]
fn sprout_makes_one_green_saproling_for_its_caster() {
    // text=: Put a 1/1 green Saproling creature token onto the battlefield.
    let Some(mut table) = table() else { return };
    let sprout = table.put("Sprout", P0, HAND);
    table.cast(sprout, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Saproling"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
    let saproling = table.board.zone(P0, BATTLEFIELD)[0];
    assert_token(&table, saproling, "Saproling", (1, 1), &["green"], &[]);
    assert_eq!(table.board.card(saproling).owner, P0);
}

#[test]
fn a_token_entering_triggers_soul_warden() {
    // Soul Warden's text=: whenever another creature enters the battlefield, you gain 1
    // life; a token enters as any creature does.
    let Some(mut table) = table() else { return };
    table.put("Soul Warden", P0, BATTLEFIELD);
    let sprout = table.put("Sprout", P1, HAND);
    table.cast(sprout, P1);
    assert_eq!(table.board.players[0].life, 21);
}

#[test]
fn dragon_fodder_makes_two_red_goblins() {
    // test/dragon_fodder.txt: [ASSERT] inplay:-174936,-174936 (two Goblin tokens);
    // text=: Put two 1/1 red Goblin creature tokens onto the battlefield.
    let Some(mut table) = table() else { return };
    let fodder = table.put("Dragon Fodder", P0, HAND);
    table.cast(fodder, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Goblin", "Goblin"]);
    for goblin in table.board.zone(P0, BATTLEFIELD) {
        assert_token(&table, goblin, "Goblin", (1, 1), &["red"], &[]);
    }
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Dragon Fodder"]);
}

#[test]
fn flurry_of_horns_makes_two_hasty_two_three_minotaurs() {
    // text=: Put two 2/3 red Minotaur creature tokens with haste onto the battlefield.
    let Some(mut table) = table() else { return };
    let flurry = table.put("Flurry of Horns", P0, HAND);
    table.cast(flurry, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Minotaur", "Minotaur"]);
    for minotaur in table.board.zone(P0, BATTLEFIELD) {
        assert_token(&table, minotaur, "Minotaur", (2, 3), &["red"], &["haste"]);
    }
}

#[test]
fn hunted_dragon_gives_its_opponent_three_first_striking_knights() {
    // test/hunted_dragon.txt: [ASSERT] PLAYER1 inplay:Hunted Dragon, PLAYER2 inplay:*,*,*;
    // text=: three 2/2 white Knight creature tokens with first strike under target
    // opponent's control.
    let Some(mut table) = table() else { return };
    table.put("Hunted Dragon", P0, BATTLEFIELD);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Hunted Dragon"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Knight", "Knight", "Knight"]);
    for knight in table.board.zone(P1, BATTLEFIELD) {
        assert_token(&table, knight, "Knight", (2, 2), &["white"], &["firststrike"]);
        assert_eq!(table.board.card(knight).owner, P1);
    }
}

#[test]
fn dragon_roost_pays_seven_for_a_flying_five_five_dragon() {
    // text=: {5}{R}{R}: Put a 5/5 red Dragon creature token with flying onto the battlefield.
    let Some(mut table) = table() else { return };
    let roost = table.put("Dragon Roost", P0, BATTLEFIELD);
    table.board.players[0].mana = [0, 0, 0, 2, 0, 5];
    assert!(table.activate(roost, P0));
    assert_eq!(table.board.players[0].mana, [0; 6]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Dragon Roost", "Dragon"]);
    let dragon = table.board.zone(P0, BATTLEFIELD)[1];
    assert_token(&table, dragon, "Dragon", (5, 5), &["red"], &["flying"]);
    assert!(!table.activate(roost, P0), "no mana left for a second Dragon");
    assert_eq!(table.board.names(P0, BATTLEFIELD).len(), 2);
}

#[test]
fn pongify_gives_the_destroyed_creatures_controller_an_ape() {
    // text=: Destroy target creature. It can't be regenerated. That creature's controller
    // puts a 3/3 green Ape creature token onto the battlefield.
    let Some(mut table) = table() else { return };
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let pongify = table.put("Pongify", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(pongify, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Ape"]);
    assert!(table.board.names(P0, BATTLEFIELD).is_empty(), "the caster gets no Ape");
    let ape = table.board.zone(P1, BATTLEFIELD)[0];
    assert_eq!((table.board.power(ape), table.board.toughness(ape)), (3, 3));
}

#[test]
fn symbiotic_wurm_leaves_seven_insects_when_it_dies() {
    // test/symbiotic_wurm.txt: Symbiotic Wurm, then Wrath of God; [ASSERT] inplay: seven
    // -39925 (Insect tokens), graveyard: Symbiotic Wurm, Wrath of God.
    let Some(mut table) = table() else { return };
    table.put("Symbiotic Wurm", P0, BATTLEFIELD);
    let wrath = table.put("Wrath of God", P0, HAND);
    table.cast(wrath, P0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Symbiotic Wurm", "Wrath of God"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Insect"; 7]);
    for insect in table.board.zone(P0, BATTLEFIELD) {
        assert_token(&table, insect, "Insect", (1, 1), &["green"], &[]);
    }
}

/// Wagic gives a token to the source's controller unless a player word (`controller`,
/// `opponent`, `targetcontroller`) says otherwise, even when the spell has a target.
const TARGETING_TOKEN_SPELL: &str = "\
[card]
name=Swap for a Saproling
target=creature
auto=destroy && token(Saproling,creature saproling,1/1,green)
type=Instant
[/card]
[card]
name=Bear
type=Creature
power=2
toughness=2
[/card]
";

#[test]
fn a_spells_token_goes_to_its_caster_whatever_it_targets() {
    let mut table = Table::with_cards(TARGETING_TOKEN_SPELL);
    let bear = table.put("Bear", P1, BATTLEFIELD);
    let swap = table.put("Swap for a Saproling", P0, HAND);
    table.answers.push(vec![Value::Card(bear)]);
    table.cast(swap, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Bear"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Saproling"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
}
