//! `flip(Name)` (Wagic's `AAFlip`): a permanent that flips or transforms into another card
//! of the card files, on cards from their printed text. A werewolf transforms at an upkeep
//! after a turn without spells and back after a turn of two, keeping its counters,
//! damage and tapped state, its new face's keyword and trigger in force and its old
//! face's gone; Bushi Tenderfoot flips into Kenzo once a creature it damaged dies; Budoka
//! Pupil flips into Ichiga at the end step with two ki counters, whose activated ability
//! then works; Bloodline Keeper transforms only with five Vampires, and its Lord of
//! Lineage gives the other Vampires +2/+2; a flipped card leaving the battlefield is its
//! own card again. And the front end's refusals: a card no file has, Wagic's computed
//! names.

use std::sync::Arc;

use vm::runtime::{CardId, Event, Value};
use wagic::runner::{self, Verdict};
use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, Library, P0, P1, STACK, Table};

use super::front::error_of;

/// The cards of these tests, written for them in the card files' form (no printed text:
/// the card files themselves are read in place, never copied).
const CARDS: &str = "[card]\nname=Gatstaf Shepherd\n\
auto=@each upkeep restriction{lastturn(*|stack)~lessthan~1}:flip(Gatstaf Howler)\n\
mana={1}{G}\ntype=Creature\nsubtype=Human Werewolf\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Gatstaf Howler\nabilities=intimidate\n\
auto=@each upkeep restriction{lastturn(*|stack)~morethan~1}:flip(Gatstaf Shepherd)\n\
text=Intimidate -- At the beginning of each upkeep, if a player cast two or more spells last turn, transform Gatstaf Howler.\n\
color=green\ntype=Creature\nsubtype=Werewolf\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Bushi Tenderfoot\n\
auto=@vampired(creature) from(this):all(trigger[from]) flip(Kenzo the Hardhearted)\n\
mana={W}\ntype=Creature\nsubtype=Human Soldier\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Kenzo the Hardhearted\nabilities=double strike\nauto=bushido(2/2)\n\
color=white\ntype=Legendary Creature\nsubtype=Human Samurai\npower=3\ntoughness=4\n[/card]\n\
[card]\nname=Budoka Pupil\n\
auto=@movedTo(spirit,arcane|mystack):may counter(0/0,1,Ki)\n\
auto=@each endofturn:this(counter{0/0.2.Ki}) flip(Ichiga, Who Topples Oaks)\n\
text=Whenever you cast a Spirit or Arcane spell, you may put a ki counter on Budoka Pupil. -- At the beginning of the end step, if there are two or more ki counters on Budoka Pupil, you may flip it.\n\
mana={1}{G}{G}\ntype=Creature\nsubtype=Human Monk\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ichiga, Who Topples Oaks\nabilities=trample\n\
auto={C(0/0,-1,Ki)}:2/2 target(creature) ueot\n\
color=green\ntype=Legendary Creature\nsubtype=Spirit\npower=4\ntoughness=3\n[/card]\n\
[card]\nname=Bloodline Keeper\nabilities=flying\n\
auto={T}:token(Vampire,Creature Vampire,2/2,black,flying)\n\
auto={B}:flip(Lord of Lineage) restriction{type(vampire|mybattlefield)~morethan~4}\n\
mana={2}{B}{B}\ntype=Creature\nsubtype=Vampire\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Lord of Lineage\nabilities=flying\n\
auto=lord(other vampire|mybattlefield) 2/2\n\
auto={T}:token(Vampire,Creature Vampire,2/2,black,flying)\n\
color=black\ntype=Creature\nsubtype=Vampire\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3 ueot\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Vampire Aristocrat\nmana={2}{B}\ntype=Creature\nsubtype=Vampire Rogue\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Wall of Wood\nabilities=defender\nmana={G}\ntype=Creature\nsubtype=Wall\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("flip.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn table_with(card: &str) -> (Table, CardId) {
    let mut table = Table::with_library(library());
    let card = table.try_put(card, P0, BATTLEFIELD).expect("the card enters");
    (table, card)
}

/// The phase event `name` (`upkeep`, `endofturn`) of `active`'s turn, settled.
fn phase(table: &mut Table, name: &str, active: vm::runtime::PlayerId) {
    let event = table.runtime.event_index(name).expect("a phase event");
    table.runtime.emit(Event::new(event, active));
    table.try_settle().expect("the board settles");
}

/// `count` spells cast this turn: cards put on the stack, then into the graveyard.
fn cast_spells(table: &mut Table, count: usize) {
    for _ in 0..count {
        let spell = table.add_card("Grizzly Bears", P1, HAND, -1).expect("a card");
        table.board.place(spell, P1, STACK, -1);
        table.board.place(spell, P1, GRAVEYARD, -1);
    }
    table.try_settle().expect("the board settles");
}

fn name(table: &Table, card: CardId) -> &str {
    table.board.get(card).map_or("", |c| c.printed.name.as_str())
}

#[test]
fn a_werewolf_transforms_after_a_turn_without_spells_and_back_after_two_keeping_its_state() {
    let (mut table, wolf) = table_with("Gatstaf Shepherd");
    let c = &mut table.board.cards[wolf.0 as usize];
    c.counters = (1, 1);
    c.tapped = true;
    c.damage = 1;
    // A spell this turn: the next upkeep leaves it a Shepherd.
    cast_spells(&mut table, 1);
    table.try_end_turn(P0).expect("the turn ends");
    phase(&mut table, "upkeep", P1);
    assert_eq!(name(&table, wolf), "Gatstaf Shepherd");
    assert!(!table.board.has_ability(wolf, "intimidate"));
    // No spell in that turn: at the next upkeep it is a 3/3 Howler with intimidate, its
    // +1/+1 counter, damage and tapped state kept (the damage wore off with the turn).
    table.board.cards[wolf.0 as usize].damage = 1;
    table.try_end_turn(P1).expect("the turn ends");
    table.board.cards[wolf.0 as usize].damage = 1;
    phase(&mut table, "upkeep", P0);
    assert_eq!(name(&table, wolf), "Gatstaf Howler");
    assert_eq!((table.board.power(wolf), table.board.toughness(wolf)), (4, 4));
    let c = table.board.get(wolf).expect("the card");
    assert_eq!((c.counters, c.tapped, c.damage, c.zone), ((1, 1), true, 1, BATTLEFIELD));
    assert!(table.board.has_ability(wolf, "intimidate"));
    assert_eq!(table.board.types(wolf), ["creature", "werewolf"]);
    // One spell: the Howler stays (its trigger needs two; the Shepherd's is gone, or
    // this upkeep after a turn of one spell would leave it be all the same).
    cast_spells(&mut table, 1);
    table.try_end_turn(P0).expect("the turn ends");
    phase(&mut table, "upkeep", P1);
    assert_eq!(name(&table, wolf), "Gatstaf Howler");
    // A turn without spells: the Shepherd's trigger is gone, it stays a Howler.
    table.try_end_turn(P1).expect("the turn ends");
    phase(&mut table, "upkeep", P0);
    assert_eq!(name(&table, wolf), "Gatstaf Howler");
    // Two spells: it transforms back, loses intimidate, keeps its counter.
    cast_spells(&mut table, 2);
    table.try_end_turn(P0).expect("the turn ends");
    phase(&mut table, "upkeep", P1);
    assert_eq!(name(&table, wolf), "Gatstaf Shepherd");
    assert!(!table.board.has_ability(wolf, "intimidate"));
    assert_eq!((table.board.power(wolf), table.board.toughness(wolf)), (3, 3));
    // And forward again after a quiet turn.
    table.try_end_turn(P1).expect("the turn ends");
    phase(&mut table, "upkeep", P0);
    assert_eq!(name(&table, wolf), "Gatstaf Howler");
}

#[test]
fn a_game_tells_the_werewolf_transforming() {
    // p0's Shepherds and Forests; p1 plays Forests only: the upkeep after a turn without
    // spells transforms the Shepherd, and the log says so.
    let wolves: Vec<String> = super::play::cards(&[(8, "Gatstaf Shepherd"), (12, "Forest")]);
    let forests: Vec<String> = super::play::cards(&[(20, "Forest")]);
    let played = wagic::play::play(
        &library(),
        [&wolves, &forests],
        wagic::play::Options { seed: 1, turn_limit: 8, ..wagic::play::Options::default() },
    );
    let turns = super::play::turns(&played);
    let told: Vec<&str> = turns
        .iter()
        .flat_map(|(_, _, texts)| texts)
        .map(String::as_str)
        .filter(|text| text.contains("transforms"))
        .collect();
    assert_eq!(told.first().copied(), Some("Gatstaf Shepherd [p0] transforms into Gatstaf Howler"), "{told:?}");
}

#[test]
fn a_transformed_card_leaving_the_battlefield_is_its_own_card_again() {
    let (mut table, wolf) = table_with("Gatstaf Shepherd");
    table.try_end_turn(P0).expect("the turn ends");
    phase(&mut table, "upkeep", P1);
    assert_eq!(name(&table, wolf), "Gatstaf Howler");
    table.board.place(wolf, P0, GRAVEYARD, -1);
    table.try_settle().expect("the board settles");
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Gatstaf Shepherd"]);
    assert_eq!(table.board.get(wolf).map(|c| c.printed.mana_cost.as_str()), Some("{1}{G}"));
}

#[test]
fn bushi_tenderfoot_flips_into_kenzo_once_a_creature_it_damaged_dies() {
    // Bushi Tenderfoot attacks, the Wall blocks and dies: it flips into Kenzo, a 3/4 with
    // double strike.
    let text = "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Bushi Tenderfoot\n[PLAYER2]\ninplay:Wall of Wood\n\
                [DO]\nBushi Tenderfoot\nnext\nWall of Wood\nnext\nnext\n[ASSERT]\nCOMBATEND\n\
                [PLAYER1]\ninplay:Kenzo the Hardhearted\n[PLAYER2]\ngraveyard:Wall of Wood\ninplay:\n[END]\n";
    assert_eq!(runner::run(&library(), &wagic::testfile::read(text).expect("a test")), Verdict::Passed);
    // Unblocked, nothing died: still Bushi Tenderfoot.
    let text = "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Bushi Tenderfoot\n[PLAYER2]\ninplay:Wall of Wood\n\
                [DO]\nBushi Tenderfoot\nnext\nnext\nnext\nnext\n[ASSERT]\nSECONDMAIN\n\
                [PLAYER1]\ninplay:Bushi Tenderfoot\n[PLAYER2]\ninplay:Wall of Wood\nlife:19\n[END]\n";
    assert_eq!(runner::run(&library(), &wagic::testfile::read(text).expect("a test")), Verdict::Passed);
}

#[test]
fn kenzo_has_its_own_keyword_and_power_once_flipped() {
    let (mut table, bushi) = table_with("Bushi Tenderfoot");
    assert!(table.board.flip_into(bushi, "Kenzo the Hardhearted"));
    table.try_settle().expect("the board settles");
    assert_eq!((table.board.power(bushi), table.board.toughness(bushi)), (3, 4));
    assert!(table.board.has_ability(bushi, "doublestrike"));
    assert_eq!(table.board.types(bushi), ["legendary", "creature", "human", "samurai"]);
    // A flip card keeps its mana cost (rule 710.2).
    assert_eq!(table.board.get(bushi).map(|c| c.printed.mana_value), Some(1));
    // No card of that name: nothing changes.
    assert!(!table.board.flip_into(bushi, "Kenzo"));
    assert_eq!(name(&table, bushi), "Kenzo the Hardhearted");
}

#[test]
fn budoka_pupil_flips_at_the_end_step_with_two_ki_counters_and_ichiga_uses_them() {
    let (mut table, pupil) = table_with("Budoka Pupil");
    let bears = table.try_put("Grizzly Bears", P0, BATTLEFIELD).expect("the Bears enter");
    table.board.add_named(pupil, "ki", 1);
    phase(&mut table, "endofturn", P0);
    assert_eq!(name(&table, pupil), "Budoka Pupil");
    table.board.add_named(pupil, "ki", 1);
    phase(&mut table, "endofturn", P0);
    assert_eq!(name(&table, pupil), "Ichiga, Who Topples Oaks");
    assert!(table.board.has_ability(pupil, "trample"));
    assert_eq!((table.board.power(pupil), table.board.toughness(pupil)), (4, 3));
    // Ichiga's ability: a ki counter for +2/+2 on the Bears.
    table.answers.push(vec![Value::Card(bears)]);
    assert!(table.try_activate(pupil, P0).expect("the ability runs"));
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (4, 4));
    assert_eq!(table.board.get(pupil).map(|c| c.named.count("ki")), Some(1));
}

#[test]
fn bloodline_keeper_transforms_with_five_vampires_and_its_lord_pumps_the_others() {
    let (mut table, keeper) = table_with("Bloodline Keeper");
    table.board.cards[keeper.0 as usize].fresh = false;
    let mut vampires = Vec::new();
    for _ in 0..3 {
        vampires.push(table.try_put("Vampire Aristocrat", P0, BATTLEFIELD).expect("a Vampire enters"));
    }
    let bears = table.try_put("Grizzly Bears", P0, BATTLEFIELD).expect("the Bears enter");
    table.board.players[0].mana[2] = 1;
    // Four Vampires: only the token ability (which {T} pays for) can be activated.
    assert_eq!(table.try_payable_actions(keeper, P0).expect("the actions"), [0]);
    vampires.push(table.try_put("Vampire Aristocrat", P0, BATTLEFIELD).expect("a Vampire enters"));
    assert_eq!(table.try_payable_actions(keeper, P0).expect("the actions"), [0, 1]);
    // A Giant Growth on it before: it lasts on the transformed permanent.
    let growth = table.add_card("Giant Growth", P0, HAND, -1).expect("a card");
    table.answers.push(vec![Value::Card(keeper)]);
    assert!(table.try_cast(growth, P0).expect("the spell resolves"));
    assert_eq!((table.board.power(keeper), table.board.toughness(keeper)), (6, 6));
    table.answers.push(vec![Value::Int(1)]);
    assert!(table.try_activate(keeper, P0).expect("the ability runs"));
    assert_eq!(name(&table, keeper), "Lord of Lineage");
    assert_eq!(table.board.player(P0).mana[2], 0);
    // A 5/5 flyer, +3/+3 until end of turn; the other Vampires get +2/+2, the Bears do not.
    assert_eq!((table.board.power(keeper), table.board.toughness(keeper)), (8, 8));
    table.try_end_turn(P0).expect("the turn ends");
    assert_eq!((table.board.power(keeper), table.board.toughness(keeper)), (5, 5));
    assert!(table.board.has_ability(keeper, "flying"));
    for vampire in &vampires {
        assert_eq!((table.board.power(*vampire), table.board.toughness(*vampire)), (4, 4));
    }
    assert_eq!((table.board.power(bears), table.board.toughness(bears)), (2, 2));
    // The Lord's one activated ability is its token's: a 2/2 Vampire that becomes a 4/4.
    assert_eq!(table.try_payable_actions(keeper, P0).expect("the actions"), [0]);
    assert!(table.try_activate(keeper, P0).expect("the ability runs"));
    let token = *table.board.zone(P0, BATTLEFIELD).last().expect("the token");
    assert_eq!(name(&table, token), "Vampire");
    assert_eq!((table.board.power(token), table.board.toughness(token)), (4, 4));
    // Once the Lord leaves, the pump ends with it.
    table.board.place(keeper, P0, GRAVEYARD, -1);
    table.try_settle().expect("the board settles");
    assert_eq!((table.board.power(token), table.board.toughness(token)), (2, 2));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Giant Growth", "Bloodline Keeper"]);
}

#[test]
fn an_activation_restriction_outside_an_activated_ability_is_refused() {
    assert_eq!(
        error_of("auto=@each my upkeep:draw:1 restriction{type(vampire|mybattlefield)~morethan~4}\ntype=Creature")
            .as_deref(),
        Some("unsupported: `restriction{type(...)~morethan~n}` outside an activated ability")
    );
    assert_eq!(
        error_of("auto={T}:draw:1 restriction{compare(cantargetcre)~lessthan~1}\ntype=Creature").as_deref(),
        Some(
            "unsupported: activation restriction other than `type(spec)~morethan|lessthan|equalto~n`, `raid`, \
             `morbid` or `compare(powertotalinplay)~morethan~n`, comma-separated"
        )
    );
}

#[test]
fn a_card_flipping_into_a_card_that_does_not_compile_has_no_rules_either() {
    // A back face whose ability does not compile (a `dynamicability` of age counters): the
    // card flipping into it is refused as a deck's card, not stopped as it flips.
    let cards = "[card]\nname=Daybreak Ranger\n\
        auto=@each upkeep restriction{lastturn(*|stack)~lessthan~1}:flip(Nightfall Predator)\n\
        type=Creature\npower=2\ntoughness=2\n[/card]\n\
        [card]\nname=Nightfall Predator\nauto={R}{T}:target(creature) dynamicability<!agestrike!>\n\
        type=Creature\npower=4\ntoughness=4\n[/card]\n";
    let library = Library::compile(&[("ranger.txt", cards.to_string())]).expect("the cards compile");
    let Err(wagic::table::Missing::NotCompiled(error)) = library.rules_of("Daybreak Ranger") else {
        panic!("Daybreak Ranger has rules");
    };
    assert_eq!(
        error,
        "E0100 unsupported: `flip(...)` into `Nightfall Predator`, which does not compile \
         (E0100 unsupported: `dynamicability` amount `age`)"
    );
}

/// The error of a card named Test with `lines`, compiled beside cards named `names`.
fn error_with_names(lines: &str, names: &[&str]) -> Option<String> {
    let source = format!("[card]\nname=Test\n{lines}\n[/card]\n");
    let names = wagic::card_names::CardNames::new(names.iter().copied().chain(["Test"]));
    let mut keys = wagic::CardKeys::default().with_card_names(Arc::new(names));
    let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source_with_keys("test.txt", &source, &mut bundle, &mut keys);
    outcomes[0].error.as_ref().map(|error| error.message.clone())
}

#[test]
fn a_flip_into_a_card_no_file_has_is_refused_naming_it() {
    let source = "[card]\nname=Bushi Tenderfoot\n\
        auto=@vampired(creature) from(this):all(trigger[from]) flip(Kenzo the Hardhearted)\n\
        type=Creature\npower=1\ntoughness=1\n[/card]\n";
    let names = wagic::card_names::CardNames::new(["Bushi Tenderfoot"]);
    let mut keys = wagic::CardKeys::default().with_card_names(Arc::new(names));
    let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source_with_keys("bushi.txt", source, &mut bundle, &mut keys);
    let error = outcomes[0].error.as_ref().map(|error| error.message.as_str());
    assert_eq!(error, Some("unsupported: `flip(...)` into `Kenzo the Hardhearted`, which no card file has"));
    // Found in any case, and `^` for a comma: it compiles.
    let names = wagic::card_names::CardNames::new(["Bushi Tenderfoot", "Kenzo, the Hardhearted"]);
    let mut keys = wagic::CardKeys::default().with_card_names(Arc::new(names));
    let source = source.replace("flip(Kenzo the Hardhearted)", "flip(kenzo^ THE hardhearted)");
    let outcomes = wagic::compile_source_with_keys("bushi.txt", &source, &mut bundle, &mut keys);
    assert_eq!(outcomes[0].error, None);
}

#[test]
fn flips_wagic_names_as_they_resolve_or_without_the_files_are_refused() {
    assert_eq!(error_of("auto={T}:flip(backside)\ntype=Creature").as_deref(), Some("unsupported: `flip(backside)`"));
    assert_eq!(
        error_of("auto={T}:flip(Kenzo the Hardhearted)\ntype=Creature").as_deref(),
        Some("unsupported: `flip(Name)` without the card files' names")
    );
    // Garruk Relentless: "When Garruk Relentless has two or fewer loyalty counters on
    // him, transform him", a state trigger Wagic's `AThis` checks whenever the game
    // changes, not an entering effect.
    let garruk = "auto=this(counter{0/0.1.loyalty}<3) flip(Garruk the Veil-Cursed)\ntype=Planeswalker";
    assert_eq!(
        error_with_names(garruk, &["Garruk the Veil-Cursed"]).as_deref(),
        Some("unsupported: `this(...)` of `flip(...)` on a permanent's own line (a state trigger)")
    );
    assert_eq!(
        error_of("auto=@each upkeep restriction{lastturn(creature|stack)~lessthan~1}:life:1\ntype=Creature").as_deref(),
        Some("unsupported: trigger restriction `lastturn(...)` other than `lastturn(*|stack)`")
    );
}
