//! Wagic's creature type choices (`chooseatype effect chooseend`, `activatechooseatype
//! effect activatechooseend`), read by a spec's `[chosentype]`, and the spec terms
//! `share!name!`, `share!types!` and `share!color!` (cards sharing a name, a subtype or a
//! colour with the card a spell targets).

use vm::runtime::Value;
use wagic::table::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, P0, P1, STACK, Table};

use super::board::Play;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards' lines as Wagic's files write them, with test creatures.
const CARDS: &str = "[card]\nname=Shared Triumph\nauto=chooseatype lord(creature[chosentype]) 1/1 chooseend\n\
mana={1}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Extinction\nauto=chooseatype all(creature[chosentype]) destroy chooseend\nmana={4}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Walking Desecration\nauto={B}{T}:activatechooseatype all(creature[chosentype]) mustattack activatechooseend\n\
mana={2}{B}\ntype=Creature\nsubtype=Zombie\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Luminescent Rain\nauto=chooseatype life:twicetype:*[chosentype]:mybattlefield controller chooseend\n\
mana={2}{G}\ntype=Instant\n[/card]\n\
[card]\nname=Maelstrom Pulse\ntarget=*[-land]\nauto=all(*[share!name!]) destroy\nmana={1}{B}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Cleansing Beam\ntarget=creature\nauto=all(creature[share!color!]) damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Unnatural Kinship\ntarget=creature\nauto=all(creature[share!types!]) 1/1\n\
mana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Pack Hunt\ntarget=creature\nauto=target(<upto:3>*[share!name!]|mylibrary) moveTo(myhand)\n\
mana={3}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Peer Pressure\nauto=chooseatype if type(creature[chosentype]|mybattlefield)~morethan~type(creature[chosentype]|opponentbattlefield) then moveTo(mybattlefield) all(creature[chosentype]|opponentbattlefield) chooseend\n\
mana={3}{U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Riders of Gavony\nabilities=vigilance\n\
auto=chooseatype lord(creature[human]|mybattlefield) protection from(creature[chosentype]) chooseend\n\
mana={2}{W}{W}\ntype=Creature\nsubtype=Human Knight\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Quash\ntarget=instant,sorcery|stack\nauto=fizzle\n\
auto=all(*[share!name!]|targetcontrollerhand) moveto(exile)\nauto=all(*[share!name!]|targetcontrollergraveyard) moveto(exile)\n\
mana={2}{U}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Goblin Piker\nmana={1}{R}\ntype=Creature\nsubtype=Goblin Warrior\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Raging Goblin\nmana={R}\ntype=Creature\nsubtype=Goblin Berserker\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Llanowar Elves\nmana={G}\ntype=Creature\nsubtype=Elf Druid\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Elvish Warrior\nmana={G}{G}\ntype=Creature\nsubtype=Elf Warrior\npower=2\ntoughness=3\n[/card]\n";

/// The option of a creature type (its index in the catalogue's creature types).
fn kind(name: &str) -> Value {
    let index = wagic::catalogue::CREATURE_SUBTYPES.iter().position(|word| *word == name).expect("a creature type");
    Value::Int(i32::try_from(index).expect("a small index"))
}

/// A table of [`CARDS`] that holds its questions for the test to answer.
fn table() -> Table {
    let mut table = Table::with_cards(CARDS);
    table.hold_questions = true;
    table
}

/// Answers the type question held with `name`, after checking it offers `offered`, the
/// creature types of the cards in the game, sorted.
fn choose_type(table: &mut Table, offered: &[&str], name: &str) {
    let execution = table.held.as_ref().expect("the type is asked");
    let options: Vec<Value> = offered.iter().map(|word| kind(word)).collect();
    assert_eq!(execution.candidates(), options);
    table.try_answer_held(&[kind(name)]).expect("the type is taken");
}

#[test]
fn shared_triumph_pumps_the_creatures_of_the_type_chosen_as_it_enters() {
    // "As Shared Triumph enters the battlefield, choose a creature type. Creatures of the
    // chosen type get +1/+1."
    let mut table = table();
    let piker = table.put("Goblin Piker", P0, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    table.put("Raging Goblin", P1, LIBRARY);
    let triumph = table.put("Shared Triumph", P0, BATTLEFIELD);
    table.settle();
    // The types of both players' cards, in every zone, sorted.
    choose_type(&mut table, &["berserker", "druid", "elf", "goblin", "warrior"], "goblin");
    assert_eq!((table.board.power(piker), table.board.toughness(piker)), (3, 2), "a Goblin is pumped");
    assert_eq!((table.board.power(elves), table.board.toughness(elves)), (1, 1), "an Elf is not");
    // A Goblin entering later, the opponent's too, is pumped; an Elf Warrior is not.
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let warrior = table.put("Elvish Warrior", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.power(goblin), 2);
    assert_eq!(table.board.power(warrior), 2);
    // Once the enchantment leaves, the pump ends.
    table.board.place(triumph, P0, GRAVEYARD, -1);
    table.settle();
    assert_eq!(table.board.power(piker), 2);
}

#[test]
fn extinction_destroys_the_creatures_of_the_type_chosen() {
    // "Destroy all creatures of the creature type of your choice."
    let mut table = table();
    let piker = table.put("Goblin Piker", P0, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let extinction = table.put("Extinction", P0, HAND);
    table.answers.push(vec![kind("goblin")]);
    table.cast(extinction, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!([zone(piker), zone(goblin), zone(elves)], [Some(GRAVEYARD), Some(GRAVEYARD), Some(BATTLEFIELD)]);
}

#[test]
fn walking_desecration_asks_for_a_type_each_time_it_is_activated() {
    // "{B}, {T}: Creatures of the creature type of your choice attack this turn if able."
    let mut table = table();
    let desecration = table.put("Walking Desecration", P0, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    table.settle();
    assert!(table.held.is_none(), "nothing is asked as it enters");
    table.board.players[0].mana = [0, 0, 1, 0, 0, 0];
    assert!(table.activate(desecration, P0));
    choose_type(&mut table, &["berserker", "druid", "elf", "goblin", "zombie"], "elf");
    assert!(table.board.has_ability(elves, "mustattack"));
    assert!(!table.board.has_ability(goblin, "mustattack"));
}

#[test]
fn luminescent_rain_counts_the_permanents_of_the_type_chosen() {
    // "Choose a creature type. You gain 2 life for each permanent you control of that type."
    let mut table = table();
    table.put("Llanowar Elves", P0, BATTLEFIELD);
    table.put("Elvish Warrior", P0, BATTLEFIELD);
    table.put("Llanowar Elves", P1, BATTLEFIELD);
    table.put("Goblin Piker", P0, BATTLEFIELD);
    let rain = table.put("Luminescent Rain", P0, HAND);
    let life = table.board.players[0].life;
    table.answers.push(vec![kind("elf")]);
    table.cast(rain, P0);
    assert_eq!(table.board.players[0].life, life + 4, "two Elves of its controller's");
}

#[test]
fn peer_pressure_takes_the_creatures_of_the_type_chosen_when_it_has_more_of_them() {
    // "Choose a creature type. If you control more creatures of that type than each other
    // player, you gain control of all creatures of that type."
    let mut table = table();
    table.put("Llanowar Elves", P0, BATTLEFIELD);
    table.put("Elvish Warrior", P0, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let pressure = table.put("Peer Pressure", P0, HAND);
    table.answers.push(vec![kind("elf")]);
    table.cast(pressure, P0);
    assert_eq!(table.board.get(elves).map(|c| c.controller), Some(P0), "two Elves against one");
    assert_eq!(table.board.get(goblin).map(|c| c.controller), Some(P1));
    // Goblins: one against none of its controller's, so nothing changes hands.
    table.put("Goblin Piker", P1, BATTLEFIELD);
    let again = table.put("Peer Pressure", P0, HAND);
    table.answers.push(vec![kind("goblin")]);
    table.cast(again, P0);
    assert_eq!(table.board.get(goblin).map(|c| c.controller), Some(P1));
}

#[test]
fn riders_of_gavony_protect_humans_from_the_creatures_of_the_type_chosen() {
    // "As Riders of Gavony enters the battlefield, choose a creature type. Human creatures
    // you control have protection from creatures of the chosen type."
    let mut table = table();
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let riders = table.put("Riders of Gavony", P0, BATTLEFIELD);
    table.settle();
    choose_type(&mut table, &["berserker", "druid", "elf", "goblin", "human", "knight"], "goblin");
    assert!(table.board.protected_by_spec(riders, goblin), "a Goblin is kept off the Human");
    assert!(!table.board.protected_by_spec(riders, elves), "an Elf is not");
}

#[test]
fn quash_exiles_the_cards_of_the_countered_spells_name() {
    // "Counter target instant or sorcery spell. Search its controller's graveyard, hand,
    // and library for all cards with the same name as that spell and exile them."
    let mut table = table();
    let spell = table.put("Extinction", P1, STACK);
    let in_hand = table.put("Extinction", P1, HAND);
    let in_graveyard = table.put("Extinction", P1, GRAVEYARD);
    let other = table.put("Maelstrom Pulse", P1, HAND);
    let quash = table.put("Quash", P0, HAND);
    table.answers.push(vec![Value::Card(spell)]);
    table.cast(quash, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!([zone(spell), zone(in_hand), zone(in_graveyard)], [Some(EXILE), Some(EXILE), Some(EXILE)]);
    assert_eq!(zone(other), Some(HAND));
}

#[test]
fn maelstrom_pulse_destroys_the_target_and_every_permanent_of_its_name() {
    // "Destroy target nonland permanent and all other permanents with the same name as
    // that permanent."
    let mut table = table();
    let mine = table.put("Llanowar Elves", P0, BATTLEFIELD);
    let theirs = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let warrior = table.put("Elvish Warrior", P1, BATTLEFIELD);
    let in_hand = table.put("Llanowar Elves", P1, HAND);
    let pulse = table.put("Maelstrom Pulse", P0, HAND);
    table.answers.push(vec![Value::Card(theirs)]);
    table.cast(pulse, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!([zone(mine), zone(theirs)], [Some(GRAVEYARD), Some(GRAVEYARD)]);
    assert_eq!([zone(warrior), zone(in_hand)], [Some(BATTLEFIELD), Some(HAND)], "another name, or not a permanent");
}

#[test]
fn cleansing_beam_deals_damage_to_each_creature_sharing_a_colour_with_the_target() {
    // "Cleansing Beam deals 2 damage to target creature and each other creature that
    // shares a color with it."
    let mut table = table();
    let warrior = table.put("Elvish Warrior", P1, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P0, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let beam = table.put("Cleansing Beam", P0, HAND);
    table.answers.push(vec![Value::Card(warrior)]);
    table.cast(beam, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!(zone(elves), Some(GRAVEYARD), "a green creature dies");
    assert_eq!(zone(goblin), Some(BATTLEFIELD), "a red one is not dealt damage");
    assert_eq!(table.board.get(warrior).map(|c| c.damage), Some(2));
}

#[test]
fn a_spell_pumps_the_creatures_sharing_a_type_with_its_target() {
    // A test card: "Target creature and each creature that shares a creature type with it
    // get +1/+1 until end of turn."
    let mut table = table();
    let warrior = table.put("Elvish Warrior", P0, BATTLEFIELD);
    let piker = table.put("Goblin Piker", P1, BATTLEFIELD);
    let elves = table.put("Llanowar Elves", P1, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let kinship = table.put("Unnatural Kinship", P0, HAND);
    table.answers.push(vec![Value::Card(warrior)]);
    table.cast(kinship, P0);
    let power = |card| table.board.power(card);
    assert_eq!([power(warrior), power(piker), power(elves)], [3, 3, 2], "an Elf Warrior, a Warrior and an Elf");
    assert_eq!(power(goblin), 1, "a Goblin Berserker shares no type");
}

#[test]
fn pack_hunt_finds_the_cards_of_the_targets_name_in_the_library() {
    // "Search your library for up to three cards with the same name as target creature,
    // reveal them, and put them into your hand."
    let mut table = table();
    let target = table.put("Goblin Piker", P1, BATTLEFIELD);
    table.put("Llanowar Elves", P1, BATTLEFIELD);
    let first = table.put("Goblin Piker", P0, LIBRARY);
    let second = table.put("Goblin Piker", P0, LIBRARY);
    let other = table.put("Raging Goblin", P0, LIBRARY);
    let hunt = table.put("Pack Hunt", P0, HAND);
    table.answers.push(vec![Value::Card(target)]);
    table.answers.push(vec![Value::Card(first), Value::Card(second)]);
    table.cast(hunt, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!([zone(first), zone(second), zone(other)], [Some(HAND), Some(HAND), Some(LIBRARY)]);
}

#[test]
fn a_type_choice_asks_first_and_its_filters_read_the_term_of_the_source() {
    assert_eq!(
        ir_of("auto=chooseatype lord(creature[chosentype]) 1/1 chooseend\ntype=Enchantment"),
        ["auto[]: - choosetype", "auto[continuous]: filterNone pump"]
    );
    assert_eq!(
        ir_of("auto={B}{T}:activatechooseatype all(creature[chosentype]) mustattack activatechooseend\ntype=Creature"),
        ["action[2]: - choosetype; filterNone +mustattack ueot"]
    );
}

#[test]
fn a_type_or_share_the_front_end_cannot_lower_names_its_construct() {
    let refused = |card: &str| error_of(card).unwrap_or_default();
    assert_eq!(
        refused(
            "auto={1}:activatechooseatype all(this) becomes(removecreaturesubtypes) && becomes(chosentype) ueot activatechooseend\ntype=Creature"
        ),
        "unsupported: `chosentype` outside a spec's `[...]` (a type word written from the choice)"
    );
    assert_eq!(
        refused(
            "auto=chooseatype target(<upto:3>creature[chosentype]|mygraveyard) moveto(myhand) chooseend\ntype=Sorcery"
        ),
        "unsupported: `chooseatype` of a target whose spec reads `chosentype`"
    );
    // Elvish Soultiller's dies trigger, which Wagic writes as an effect on entering.
    assert_eq!(
        refused("auto=chooseatype moveTo(mylibrary) all(creature[chosentype]|mygraveyard) chooseend\ntype=Creature"),
        "unsupported: `chooseatype` of a one-shot effect on a permanent"
    );
    // Caller of the Hunt's power and toughness, 0 until the type is chosen after it entered.
    assert_eq!(
        refused(
            "auto=chooseatype foreach(creature[chosentype]|battlefield) 1/1 chooseend\ntype=Creature\npower=*\ntoughness=*"
        ),
        "unsupported: `chooseatype` on a creature of power or toughness `*`"
    );
    // Endemic Plague's sacrifice, of any player's creature as Wagic writes it.
    assert_eq!(
        refused("target=creature\nauto=sacrifice\nauto=all(*[share!types!]) bury\ntype=Sorcery"),
        "unsupported: spell sacrificing a target that may be another player's"
    );
    // Winnow's count would hold the permanent targeted.
    assert_eq!(
        refused("target=*[-land]\nauto=aslongas(*[share!name!]|battlefield) destroy\ntype=Instant"),
        "unsupported: spec term `share!...!` in `aslongas(...)`"
    );
    assert_eq!(
        refused(
            "auto={2}{T}:moveTo(exile) target(*|graveyard) && moveTo(exile) all(*[share!name!]|graveyard)\ntype=Artifact"
        ),
        "unsupported: spec term `share!...!` outside an instant or sorcery with `target=`"
    );
    assert_eq!(
        refused("auto=chooseatype lord(creature[chosentype]) 1/1\ntype=Enchantment"),
        "unsupported: `chooseatype` without `chooseend`"
    );
}
