//! `dynamicability<!...!>` forms compiled after the first ones: a one-card `target(...)`
//! chosen as the ability resolves whose amount or controller the effect reads (Nantuko
//! Mentor, Phyrexian Delver), its `eachother` fight (Tracker), its target dealing damage
//! to itself (Repentance), and a source sacrificed by its cost (Ghitu Fire-Eater): the
//! front end's IR and refusals, then what Wagic's lines of those cards do to the board.

use vm::runtime::Value;
use wagic::WagicHost;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// Wagic's lines of the cards under test (their printed text beside them), and plain
/// cards to aim them at.
const CARDS: &str = "[card]\nname=Nantuko Mentor\n\
auto={2}{G}{T}:target(creature) dynamicability<!mytgt powerpumpboth!> ueot\n\
text={2}{G}, {T}: Target creature gets +X/+X until end of turn, where X is that creature's power.\n\
mana={2}{G}\ntype=Creature\nsubtype=Insect Druid\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Karn, Silver Golem\n\
auto={1}:target(artifact[-creature]) dynamicability<!mytgt manacostpumpboth!> transforms((creature,setpower=0,settoughness=0)) ueot\n\
text={1}: Target noncreature artifact becomes an artifact creature with power and toughness each equal to its \
converted mana cost until end of turn.\nmana={5}\ntype=Legendary Artifact Creature\nsubtype=Golem\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Hoard-Smelter Dragon\nabilities=flying\n\
auto={3}{R}:target(artifact) dynamicability<!mytgt manacostpumppow tosrc!> destroy\n\
text=Flying -- {3}{R}: Destroy target artifact. Hoard-Smelter Dragon gets +X/+0 until end of turn, where X is that \
artifact's converted mana cost.\nmana={4}{R}{R}\ntype=Creature\nsubtype=Dragon\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Phyrexian Delver\n\
auto=target(creature|mygraveyard) dynamicability<!mytgt manacostlifeloss srccontroller!> moveTo(mybattlefield)\n\
text=When Phyrexian Delver enters the battlefield, return target creature card from your graveyard to the \
battlefield. You lose life equal to that card's converted mana cost.\n\
mana={3}{B}{B}\ntype=Creature\nsubtype=Zombie\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Kiku, Night's Flower\n\
auto={2}{B}{B}{T}:target(creature) dynamicability<!mytgt powerstrike itself!>\n\
text={2}{B}{B}, {T}: Target creature deals damage to itself equal to its power.\n\
mana={B}{B}\ntype=Legendary Creature\nsubtype=Human Assassin\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Repentance\ntarget=creature\nauto=dynamicability<!mytgt powerstrike itself!>\n\
text=Target creature deals damage to itself equal to its power.\nmana={2}{W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Karplusan Yeti\nauto={T}:target(creature) dynamicability<!powerstrike eachother!>\n\
text={T}: Karplusan Yeti deals damage equal to its power to target creature. That creature deals damage equal to \
its power to Karplusan Yeti.\nmana={3}{R}{R}\ntype=Creature\nsubtype=Yeti\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Ghitu Fire-Eater\nauto={T}{S}:target(creature,player) dynamicability<!powerstrike!>\n\
text={T}, Sacrifice Ghitu Fire-Eater: Ghitu Fire-Eater deals damage equal to its power to target creature or player.\n\
mana={2}{R}\ntype=Creature\nsubtype=Human Nomad\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Feral Animist\nauto={3}:dynamicability<!powerpumppow!>\n\
text={3}: Feral Animist gets +X/+0 until end of turn, where X is its power.\n\
mana={1}{G}\ntype=Creature\nsubtype=Goblin Druid\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Golden Urn\nauto=@each my upkeep:may counter(0/0,1,Charge)\n\
auto={T}{S}:dynamicability<!chargelifegain srccontroller!>\n\
text=At the beginning of your upkeep, you may put a charge counter on Golden Urn. -- {T}, Sacrifice Golden Urn: You \
gain life equal to the number of charge counters on Golden Urn.\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Grindclock\nauto={T}:target(player) dynamicability<!chargedeplete!>\n\
text={T}: Put a charge counter on Grindclock. -- {T}: Target player puts the top X cards of his or her library into \
his or her graveyard, where X is the number of charge counters on Grindclock.\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Gristleback\nauto={S}:dynamicability<!powerlifegain targetcontroller!>\n\
text=Sacrifice Gristleback: You gain life equal to Gristleback's power.\n\
mana={2}{G}\ntype=Creature\nsubtype=Boar Beast\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Frenzy\ntarget=creature\nauto=2/0\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nabilities=lifelink\nmana={3}{R}\ntype=Creature\nsubtype=Giant\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\nsubtype=Wurm\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Tome\nmana={4}\ntype=Artifact\n[/card]\n";

/// Casts Growth (+3/+3 until end of turn) on `card` (the answer left when `card` is the
/// lone candidate, taken unasked).
fn grow(table: &mut Table, card: vm::runtime::CardId) {
    let growth = table.put("Growth", P0, HAND);
    table.answers.push(vec![Value::Card(card)]);
    table.cast(growth, P0);
    table.settle();
    table.answers.clear();
}

/// Activates `card`'s ability with `mana` (W, U, B, R, G, colourless counts) in P0's
/// pool, answering `answers` in turn.
fn activate(table: &mut Table, card: vm::runtime::CardId, mana: [i32; 6], answers: &[Value]) {
    for (colour, &count) in mana.iter().enumerate() {
        if count > 0 {
            table.board.add_mana(P0, wagic::host::Colour::try_from(colour).unwrap_or(5), count);
        }
    }
    table.answers.extend(answers.iter().map(|&answer| vec![answer]));
    assert!(table.activate(card, P0));
    assert!(table.answers.is_empty(), "every answer was asked for: {:?}", table.asked);
}

#[test]
fn a_chosen_target_is_read_in_the_statements_after_its_choice() {
    // Nantuko Mentor: the statement choosing does nothing; the pump names the choice.
    assert_eq!(
        ir_of("auto={2}{G}{T}:target(creature) dynamicability<!mytgt powerpumpboth!> ueot\ntype=Creature"),
        ["action[3]: filterSome(Exact(1)) donothing ueot; prevtgt? pump ueot"]
    );
    // Phyrexian Delver: the card's move, then its controller's loss by its mana value.
    assert_eq!(
        ir_of(
            "auto=target(creature|mygraveyard) dynamicability<!mytgt manacostlifeloss srccontroller!> \
             moveTo(mybattlefield)\ntype=Creature"
        ),
        ["auto[]: filterSome(Exact(1)) donothing; prevtgt? moveto; me? life"]
    );
    // Karplusan Yeti: the source strikes the choice, then the choice strikes the source.
    assert_eq!(
        ir_of("auto={T}:target(creature) dynamicability<!powerstrike eachother!>\ntype=Creature"),
        ["action[1]: filterSome(Exact(1)) damage ueot; this damage ueot"]
    );
}

#[test]
fn a_permanents_ability_without_a_target_names_its_own_card_controller_and_opponent() {
    // Lightning Reaver: its charge counters, as damage to the source's opponent.
    assert_eq!(
        ir_of("auto=@each my endofturn:dynamicability<!chargestrike targetopponent!>\ntype=Creature"),
        ["auto[my endofturn]: opp? damage ueot"]
    );
    // Xathrid Demon's chosen creature: Wagic reads the Demon's power, not the sacrificed one's.
    assert_eq!(
        error_of(
            "auto=@each my upkeep:notatarget(other creature|mybattlefield) dynamicability<!powerstrike \
             targetopponent!> sacrifice\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: `dynamicability` recipient `targetopponent`")
    );
}

#[test]
fn forms_that_would_read_the_wrong_card_or_moment_are_refused() {
    // Avenger en-Dal: the toughness of a creature exiled first would miss its pumps.
    assert_eq!(
        error_of(
            "auto={2}{W}{T}:target(creature[attacking]) dynamicability<!mytgt toughnesslifegain targetcontroller!> \
             moveTo(exile)\ntype=Creature"
        )
        .as_deref(),
        Some(
            "unsupported: `dynamicability` giving another recipient the power or toughness of a target its stored \
             ability acts on"
        )
    );
    // Selfless Exorcist: Wagic reads the Exorcist's power, its text the exiled card's.
    assert_eq!(
        error_of(
            "auto={T}:target(creature|graveyard) dynamicability<!powerstrike tosrc!> moveTo(exile)\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: `dynamicability` with an ability for another recipient")
    );
    // Viashino Heretic's artifact would deal the damage its printed text has the Heretic
    // deal (Wagic's target deals it).
    assert_eq!(
        error_of(
            "auto={1}{R}{T}:target(artifact) dynamicability<!mytgt manacoststrike targetcontroller!> destroy\n\
             type=Creature"
        )
        .as_deref(),
        Some("unsupported: `dynamicability` damage dealt by its target")
    );
    assert_eq!(
        error_of("auto={T}:target(<2>creature) dynamicability<!mytgt powerpumpboth!>\ntype=Creature").as_deref(),
        Some("unsupported: `dynamicability` reading a target of several cards")
    );
    // A fight of the target's amount, or with an ability after `!>`.
    assert_eq!(
        error_of("auto={T}:target(creature) dynamicability<!powerstrike eachother!> tap\ntype=Creature").as_deref(),
        Some(
            "unsupported: `dynamicability` recipient `eachother` other than its source's damage to and from one \
             target chosen as it resolves"
        )
    );
    // A part after `&&` still cannot name the target the part before chose.
    assert_eq!(
        error_of("auto={T}:target(creature) tap && dynamicability<!mytgt powerpumpboth!>\ntype=Creature").as_deref(),
        Some("unsupported: `dynamicability` reading a target chosen as it resolves")
    );
    // Yew Spirit's second part reads its power after the first part's pump.
    assert_eq!(
        error_of("auto={2}{G}{G}:dynamicability<!powerpumppow!> && dynamicability<!powerpumptough!>\ntype=Creature")
            .as_deref(),
        Some("unsupported: `dynamicability` without a target")
    );
    // Spellbound Dragon's discard, whose draw is another line.
    assert_eq!(
        error_of(
            "auto=@combat(attacking) source(this):target(*|myhand) dynamicability<!mytgt manacostpumppow tosrc!> \
             reject\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: `dynamicability` reading a card chosen in a hand")
    );
    // A sacrifice noting two cards: the snapshot would be the last one's.
    assert_eq!(
        error_of("auto={S}{S(creature|mybattlefield)}:target(player) dynamicability<!powerstrike!>\ntype=Creature")
            .as_deref(),
        Some("unsupported: `dynamicability` reading a source its cost sacrificed with another card")
    );
}

#[test]
fn nantuko_mentor_gives_its_target_its_current_power() {
    // Bears pumped to 5/5 get +5/+5: 10/10 until end of turn.
    let mut table = Table::with_cards(CARDS);
    let mentor = table.put("Nantuko Mentor", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    grow(&mut table, bears);
    activate(&mut table, mentor, [0, 0, 0, 0, 1, 2], &[Value::Card(bears)]);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (10, 10));
    table.end_turn(P0);
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (2, 2));
}

#[test]
fn karn_makes_an_artifact_a_creature_of_its_mana_value() {
    let mut table = Table::with_cards(CARDS);
    let karn = table.put("Karn, Silver Golem", P0, BATTLEFIELD);
    let tome = table.put("Tome", P1, BATTLEFIELD);
    activate(&mut table, karn, [0, 0, 0, 0, 0, 1], &[]);
    assert_eq!((table.board.power(tome), table.board.toughness(tome)), (4, 4));
    assert!(table.board.has_type_word(tome, "creature"));
}

#[test]
fn hoard_smelter_dragon_destroys_an_artifact_and_gets_its_mana_value() {
    let mut table = Table::with_cards(CARDS);
    let dragon = table.put("Hoard-Smelter Dragon", P0, BATTLEFIELD);
    table.put("Tome", P1, BATTLEFIELD);
    activate(&mut table, dragon, [0, 0, 0, 1, 0, 3], &[]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Tome"]);
    assert_eq!((table.board.power(dragon), table.board.toughness(dragon)), (9, 5));
}

#[test]
fn phyrexian_delver_returns_a_creature_and_costs_its_mana_value_in_life() {
    let mut table = Table::with_cards(CARDS);
    table.put("Craw Wurm", P0, GRAVEYARD);
    table.put("Phyrexian Delver", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Phyrexian Delver", "Craw Wurm"]);
    assert_eq!(table.board.players[0].life, 14);
}

#[test]
fn a_creature_deals_damage_to_itself_as_its_own_source() {
    // Repentance on a lifelink Giant: the Giant deals 3 to itself, dies, and its
    // controller gains 3 (the damage is the Giant's, not the spell's).
    let mut table = Table::with_cards(CARDS);
    table.put("Hill Giant", P1, BATTLEFIELD);
    let repentance = table.put("Repentance", P0, HAND);
    table.cast(repentance, P0);
    table.settle();
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Hill Giant"]);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (20, 23));
    // Kiku on pumped Bears: 5 damage to a 5/5.
    let kiku = table.put("Kiku, Night's Flower", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    grow(&mut table, bears);
    activate(&mut table, kiku, [0, 0, 2, 0, 0, 2], &[Value::Card(bears)]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Hill Giant", "Grizzly Bears"]);
}

#[test]
fn karplusan_yeti_and_its_target_deal_their_power_to_each_other() {
    // The Yeti (3/3) and pumped Bears (5/5): the Bears survive 3, the Yeti dies of 5.
    let mut table = Table::with_cards(CARDS);
    let yeti = table.put("Karplusan Yeti", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    grow(&mut table, bears);
    activate(&mut table, yeti, [0; 6], &[Value::Card(bears)]);
    assert_eq!(table.board.card(bears).damage, 3);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Growth", "Karplusan Yeti"]);
    // A lifelink Giant (3/3) fought: each deals 3 to the other, both die, and the Giant's
    // own damage gains its controller 3.
    let yeti = table.put("Karplusan Yeti", P0, BATTLEFIELD);
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    activate(&mut table, yeti, [0; 6], &[Value::Card(giant)]);
    assert_eq!(table.board.players[1].life, 23);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Growth", "Karplusan Yeti", "Karplusan Yeti"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Hill Giant"]);
    // Bears pumped to 4/2 die of the Yeti's 3 and still deal their 4 back: the power they
    // had, pumps included, kills the Yeti.
    let yeti = table.put("Karplusan Yeti", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let frenzy = table.put("Frenzy", P0, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(frenzy, P0);
    table.settle();
    activate(&mut table, yeti, [0; 6], &[Value::Card(bears)]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Hill Giant", "Grizzly Bears"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), Vec::<String>::new());
}

#[test]
fn ghitu_fire_eater_deals_the_power_it_had_as_it_was_sacrificed() {
    // Pumped to 5/5, then sacrificed: its power as it left, pumps included.
    let mut table = Table::with_cards(CARDS);
    let ghitu = table.put("Ghitu Fire-Eater", P0, BATTLEFIELD);
    grow(&mut table, ghitu);
    activate(&mut table, ghitu, [0; 6], &[Value::Player(P1)]);
    assert_eq!(table.board.players[1].life, 15);
    assert!(table.board.names(P0, GRAVEYARD).contains(&"Ghitu Fire-Eater".to_string()));
}

#[test]
fn feral_animist_pumps_itself_by_its_power() {
    let mut table = Table::with_cards(CARDS);
    let animist = table.put("Feral Animist", P0, BATTLEFIELD);
    grow(&mut table, animist);
    activate(&mut table, animist, [0, 0, 0, 0, 0, 3], &[]);
    assert_eq!((table.board.power(animist), table.board.toughness(animist)), (10, 4));
}

#[test]
fn golden_urn_sacrificed_gains_its_charge_counters_in_life() {
    let mut table = Table::with_cards(CARDS);
    let urn = table.put("Golden Urn", P0, BATTLEFIELD);
    table.board.add_named(urn, "charge", 3);
    activate(&mut table, urn, [0; 6], &[]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Golden Urn"]);
    assert_eq!(table.board.players[0].life, 23);
}

#[test]
fn grindclock_mills_its_target_by_its_charge_counters() {
    let mut table = Table::with_cards(CARDS);
    let clock = table.put("Grindclock", P0, BATTLEFIELD);
    for _ in 0..4 {
        table.put("Tome", P1, LIBRARY);
    }
    table.board.add_named(clock, "charge", 2);
    // Its milling ability alone (the card's other adds a counter), aimed at P1.
    activate(&mut table, clock, [0; 6], &[Value::Player(P1)]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Tome", "Tome"]);
}

#[test]
fn gristleback_sacrificed_gains_its_power_in_life() {
    let mut table = Table::with_cards(CARDS);
    let boar = table.put("Gristleback", P0, BATTLEFIELD);
    grow(&mut table, boar);
    activate(&mut table, boar, [0; 6], &[]);
    assert_eq!(table.board.players[0].life, 25);
}
