//! Wagic's colour choices (`chooseacolor effect chooseend`, `activatechooseacolor effect
//! activatechooseend`): the controller chooses one of the five colours, as the permanent
//! enters (its lasting effects then following it) or as the spell, ability or trigger
//! resolves, and the effect reads it as `chosencolor`.

use vm::runtime::Value;
use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Table};

use super::board::Play;
use super::front::error_of;

/// The cards' lines as Wagic's files write them, with test creatures and lands.
const CARDS: &str = "[card]\nname=Cho-Manno's Blessing\ntarget=creature\nabilities=flash\n\
auto=chooseacolor teach(creature) protection from(*[chosencolor]) chooseend\n\
mana={W}{W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Shifting Sky\nauto=chooseacolor lord(*[-land]) becomes(,chosencolor) chooseend\n\
mana={2}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Teferi's Moat\n\
auto=chooseacolor lord(creature[chosencolor&-flying]|opponentBattlefield) cantattack chooseend\n\
mana={3}{W}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Coldsteel Heart\nauto=chooseacolor {T}:add{chosencolor} chooseend\nmana={2}\ntype=Snow Artifact\n[/card]\n\
[card]\nname=Lotus Cobra\nauto=@movedTo(land|mybattlefield):chooseacolor add{chosencolor} chooseend\n\
mana={1}{G}\ntype=Creature\nsubtype=Snake\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Caldera Kavu\nauto={G}:activatechooseacolor all(this) becomes(,chosencolor) ueot activatechooseend\n\
mana={2}{R}\ntype=Creature\nsubtype=Kavu\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Distorting Lens\nauto={T}:activatechooseacolor target(*) becomes(,chosencolor) ueot activatechooseend\n\
mana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Dromar, the Banisher\nabilities=flying\n\
auto=@combatdamaged(player) from(this):pay({2}{U}) activatechooseacolor all(creature[chosencolor]|battlefield) moveTo(ownerhand) activatechooseend\n\
mana={3}{W}{U}{B}\ntype=Legendary Creature\nsubtype=Dragon\npower=6\ntoughness=6\n[/card]\n\
[card]\nname=Persecute\ntarget=player\n\
auto=chooseacolor all(*[chosencolor]|targetedpersonshand) reject chooseend\n\
mana={2}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Raging Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Goblin Balloon Brigade\nabilities=flying\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

/// Wagic's colour indices (white, blue, black, red, green), as the question's options are.
const WHITE: i32 = 0;
const BLUE: i32 = 1;
const RED: i32 = 3;
const GREEN: i32 = 4;

/// A table of [`CARDS`] that holds its questions for the test to answer.
fn table() -> Table {
    let mut table = Table::with_cards(CARDS);
    table.hold_questions = true;
    table
}

/// Answers the colour question held with `colour`, after checking it offers the five
/// colours in the order of Wagic's menu (green, blue, red, black, white).
fn choose_colour(table: &mut Table, colour: i32) {
    let execution = table.held.as_ref().expect("the colour is asked");
    assert_eq!(execution.candidates(), [4, 1, 3, 2, 0].map(Value::Int));
    table.try_answer_held(&[Value::Int(colour)]).expect("the colour is taken");
}

#[test]
fn cho_mannos_blessing_gives_protection_from_the_colour_chosen_as_it_enters() {
    // "As Cho-Manno's Blessing enters the battlefield, choose a color. Enchanted creature
    // has protection from the chosen color."
    let mut table = table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let green = table.put("Grizzly Bears", P1, BATTLEFIELD);
    // The Aura enters onto the Bears (the creature it enchants asked first), then the
    // colour is asked.
    let blessing = table.put("Cho-Manno's Blessing", P0, BATTLEFIELD);
    table.try_answer_held(&[Value::Card(bears)]).expect("the Bears are enchanted");
    choose_colour(&mut table, RED);
    assert!(table.held.is_none(), "nothing more is asked");
    assert!(table.board.protected_by_spec(bears, goblin), "a red creature is kept off the Bears");
    assert!(!table.board.protected_by_spec(bears, green), "a green one is not");
    assert_eq!(table.board.get(blessing).and_then(|c| c.chosen_colour), Some(RED as u16));
}

#[test]
fn shifting_sky_makes_every_nonland_permanent_the_colour_chosen() {
    // "As Shifting Sky enters the battlefield, choose a color. All nonland permanents are
    // the chosen color."
    let mut table = table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let forest = table.put("Forest", P0, BATTLEFIELD);
    let sky = table.put("Shifting Sky", P0, BATTLEFIELD);
    table.settle();
    choose_colour(&mut table, BLUE);
    assert_eq!(table.board.colours(bears), ["blue"]);
    assert!(table.board.colours(forest).is_empty(), "a land keeps its colours");
    // A permanent entering later is the chosen colour too.
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    assert_eq!(table.board.colours(goblin), ["blue"]);
    // Once the Sky leaves, the Bears are green again.
    table.board.place(sky, P0, GRAVEYARD, -1);
    table.settle();
    assert_eq!(table.board.colours(bears), ["green"]);
}

#[test]
fn teferis_moat_stops_the_opponents_creatures_of_the_colour_chosen_without_flying() {
    // "As Teferi's Moat enters the battlefield, choose a color. Creatures of the chosen
    // color without flying can't attack you."
    let mut table = table();
    let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
    let balloon = table.put("Goblin Balloon Brigade", P1, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let mine = table.put("Raging Goblin", P0, BATTLEFIELD);
    table.put("Teferi's Moat", P0, BATTLEFIELD);
    table.settle();
    choose_colour(&mut table, RED);
    assert!(table.board.has_ability(goblin, "cantattack"));
    assert!(!table.board.has_ability(balloon, "cantattack"), "a flier attacks");
    assert!(!table.board.has_ability(bears, "cantattack"), "a green creature attacks");
    assert!(!table.board.has_ability(mine, "cantattack"), "the Moat's controller's creatures attack");
}

#[test]
fn coldsteel_heart_taps_for_the_colour_chosen_as_it_entered() {
    // "As Coldsteel Heart enters the battlefield, choose a color. {T}: Add one mana of
    // the chosen color."
    let mut table = table();
    let heart = table.put("Coldsteel Heart", P0, BATTLEFIELD);
    table.settle();
    choose_colour(&mut table, WHITE);
    assert!(table.activate(heart, P0));
    assert!(table.held.is_none(), "the colour is not asked again");
    assert_eq!(table.board.players[0].mana, [1, 0, 0, 0, 0, 0]);
    assert!(table.board.get(heart).is_some_and(|c| c.tapped));
}

#[test]
fn lotus_cobra_asks_for_a_colour_each_time_a_land_enters() {
    // "Landfall — Whenever a land enters the battlefield under your control, add one mana
    // of any color."
    let mut table = table();
    table.put("Lotus Cobra", P0, BATTLEFIELD);
    table.put("Forest", P0, BATTLEFIELD);
    choose_colour(&mut table, RED);
    table.put("Forest", P0, BATTLEFIELD);
    choose_colour(&mut table, GREEN);
    assert_eq!(table.board.players[0].mana, [0, 0, 0, 1, 1, 0]);
    // The opponent's land is no landfall of the Cobra's.
    table.put("Forest", P1, BATTLEFIELD);
    assert!(table.held.is_none());
}

#[test]
fn caldera_kavu_becomes_the_colour_chosen_each_time_until_end_of_turn() {
    // "{G}: Caldera Kavu becomes the color of your choice until end of turn."
    let mut table = table();
    let kavu = table.put("Caldera Kavu", P0, BATTLEFIELD);
    table.board.players[0].mana[4] = 2;
    table.activate(kavu, P0);
    choose_colour(&mut table, BLUE);
    assert_eq!(table.board.colours(kavu), ["blue"]);
    table.activate(kavu, P0);
    choose_colour(&mut table, WHITE);
    assert_eq!(table.board.colours(kavu), ["white"]);
    assert_eq!(table.board.players[0].mana[4], 0, "each activation paid {{G}}");
    table.end_turn(P0);
    assert_eq!(table.board.colours(kavu), ["red"]);
}

#[test]
fn distorting_lens_makes_its_target_the_colour_chosen_until_end_of_turn() {
    // "{T}: Target permanent becomes the color of your choice until end of turn." The
    // colour is asked as the ability resolves, then its target.
    let mut table = table();
    let lens = table.put("Distorting Lens", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.activate(lens, P0);
    choose_colour(&mut table, BLUE);
    let execution = table.held.as_ref().expect("the target is asked");
    assert!(execution.candidates().contains(&Value::Card(bears)));
    table.try_answer_held(&[Value::Card(bears)]).expect("the Bears are the target");
    assert_eq!(table.board.colours(bears), ["blue"]);
    assert_eq!(table.board.colours(lens), Vec::<&str>::new(), "only the target changes");
    table.end_turn(P0);
    assert_eq!(table.board.colours(bears), ["green"]);
}

#[test]
fn dromar_returns_the_creatures_of_the_colour_chosen_once_its_cost_is_paid() {
    // "Whenever Dromar, the Banisher deals combat damage to a player, you may pay {2}{U}.
    // If you do, choose a color, then return all creatures of that color to their owners'
    // hands."
    for pays in [true, false] {
        let mut table = table();
        let dromar = table.put("Dromar, the Banisher", P0, BATTLEFIELD);
        let goblin = table.put("Raging Goblin", P1, BATTLEFIELD);
        let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
        table.board.players[0].mana = [0, 1, 0, 0, 0, 2];
        table.board.damage_dealt.push((P1, Value::Player(P1), dromar, 6, true));
        table.settle();
        let execution = table.held.as_ref().expect("the payment is asked");
        assert_eq!(execution.candidates(), [Value::Bool(true), Value::Bool(false)]);
        table.try_answer_held(&[Value::Bool(pays)]).expect("answered");
        if pays {
            choose_colour(&mut table, RED);
            assert_eq!(table.board.players[0].mana, [0; 6], "{{2}}{{U}} paid");
        }
        assert!(table.held.is_none(), "nothing more is asked");
        let zone = |card| table.board.get(card).map(|c| c.zone);
        let goblins_zone = if pays { HAND } else { BATTLEFIELD };
        assert_eq!([zone(goblin), zone(bears)], [Some(goblins_zone), Some(BATTLEFIELD)], "paid: {pays}");
    }
}

#[test]
fn persecute_discards_the_cards_of_the_colour_chosen() {
    // "Choose a color. Target player reveals their hand and discards all cards of that
    // color."
    // The table moves a spell to its graveyard as soon as it is cast (a question held
    // would be answered after: the player it targeted no longer noted), so the target and
    // the colour are queued.
    let mut table = Table::with_cards(CARDS);
    let goblin = table.put("Raging Goblin", P1, HAND);
    let shock = table.put("Shock", P1, HAND);
    let bears = table.put("Grizzly Bears", P1, HAND);
    let persecute = table.put("Persecute", P0, HAND);
    table.answers.push(vec![Value::Player(P1)]);
    table.answers.push(vec![Value::Int(RED)]);
    table.cast(persecute, P0);
    let zone = |card| table.board.get(card).map(|c| c.zone);
    assert_eq!([zone(goblin), zone(shock), zone(bears)], [Some(GRAVEYARD), Some(GRAVEYARD), Some(HAND)]);
}

#[test]
fn a_colour_choice_the_front_end_cannot_lower_names_its_construct() {
    // The game checks the first colour's target spec before the ability may be activated.
    assert_eq!(
        error_of(
            "auto=chooseacolor {W}{W}{T}:destroy target(*[chosencolor]) chooseend\ntype=Creature\npower=1\ntoughness=1"
        )
        .as_deref(),
        Some("unsupported: `chooseacolor` of a target whose spec reads `chosencolor`")
    );
    assert_eq!(
        error_of("auto=@combatdamaged(player) from(this):pay({2}{U}) draw:1 && activatechooseacolor all(creature[chosencolor]) moveTo(ownerhand) activatechooseend\ntype=Creature\npower=1\ntoughness=1")
            .as_deref(),
        Some("unsupported: `chooseacolor` after `pay(cost)`")
    );
    assert_eq!(
        error_of("auto=@movedTo(other ally|myBattlefield):may chooseacolor all(creature|mybattlefield) protection from(*[chosencolor]) chooseend\ntype=Creature\npower=1\ntoughness=1")
            .as_deref(),
        Some("unsupported: `chooseacolor` other than a line's whole effect or an activated ability's or a trigger's")
    );
    assert_eq!(
        error_of("auto=teach(land) transforms((,newability[@tappedformana(this):chooseacolor add{chosencolor} chooseend]))\ntype=Enchantment\nsubtype=Aura\ntarget=land")
            .as_deref(),
        Some("unsupported: `chooseacolor` inside `newability[...]`")
    );
    assert_eq!(
        error_of("auto=chooseacolor draw:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `chooseacolor` without `chooseend`")
    );
    // An error inside is the colour's effect's, placed where it is written (after the
    // block's `[card]` and `name=Test` lines: line 3, at `fooble`).
    assert_eq!(error_place("auto=chooseacolor draw:1 && fooble(*[chosencolor]) chooseend\ntype=Sorcery"), (3, 29));
    assert_eq!(
        error_of("auto=chooseacolor fooble(*[chosencolor]) chooseend\ntype=Sorcery").as_deref(),
        Some("unsupported: effect `fooble`")
    );
}

/// The line and column (from 1) of the error of the card `card` (its block's other lines).
fn error_place(card: &str) -> (usize, usize) {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("test.txt", &source, &mut bundle);
    let error = outcomes[0].error.as_ref().expect("the card is refused");
    let at = error.span.start as usize;
    let line = source[..at].matches('\n').count() + 1;
    let column = at - source[..at].rfind('\n').map_or(0, |newline| newline + 1) + 1;
    (line, column)
}
