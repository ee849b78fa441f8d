//! An activated ability a lord gives each permanent its spec matches (`lord(spec)
//! {cost}:effect [other]`, Wagic's `ALord` adding the ability with each permanent as its
//! source), while the lord is on the battlefield and the permanent matches; `all(spec)
//! {cost}:effect` and a spell's lord give it until end of turn. Built from the cards'
//! printed text: Zombie Master's Zombies regenerate for {B}, Acidic Sliver's Slivers
//! sacrifice themselves to deal 2 damage, Furystoke Giant's and Flame Fusillade's
//! permanents ping until the turn ends.

use std::sync::Arc;

use vm::runtime::{CardId, PlayerId, Value};
use wagic::play::{self, Options, PlayerKind};
use wagic::runner::Verdict;
use wagic::table::{GivenAbility, Library};

use super::behaviour::{test, verdict_of};
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;

/// The cards, with Wagic's lines and their printed text.
const CARDS: &str = "[card]\nname=Zombie Master\nauto=lord(zombie) swampwalk other\n\
auto=lord(zombie) {B}:regenerate other\n\
text=Other Zombie creatures have swampwalk. -- Other Zombies have \"{B}: Regenerate this permanent.\"\n\
mana={1}{B}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Scathe Zombies\nmana={2}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Acidic Sliver\nauto=lord(sliver) {2}{S}:damage:2 target(creature,player)\n\
text=All Slivers have \"{2}, Sacrifice this permanent: This permanent deals 2 damage to target creature or player.\"\n\
mana={B}{R}\ntype=Creature\nsubtype=Sliver\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Metallic Sliver\nmana={1}\ntype=Artifact Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Furystoke Giant\nabilities=persist\n\
auto=all(creature|myBattlefield) {T}:damage:2 target(creature,player)\n\
text=When Furystoke Giant enters the battlefield, other creatures you control gain \"{T}: This creature deals 2 \
damage to target creature or player\" until end of turn. -- Persist\n\
mana={3}{R}{R}\ntype=Creature\nsubtype=Giant Warrior\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Flame Fusillade\n\
auto=lord(creature,enchantment,land,artifact|myBattlefield) {T}:damage:1 target(creature,player)\n\
text=Until end of turn, permanents you control gain \"{T}: This permanent deals 1 damage to target creature or \
player.\"\nmana={3}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Life Matrix\nauto={4}{T}:counter(0/0,1,Matrix) target(creature) myUpkeepOnly\n\
auto=lord(creature[counter{0/0.1.Matrix}]) {C(0/0,-1,Matrix)}:regenerate\n\
text={4}, {T}: Put a matrix counter on target creature and that creature gains \"Remove a matrix counter \
from this creature: Regenerate this creature.\" Activate this ability only during your upkeep.\n\
mana={4}\ntype=Artifact\n[/card]\n\
[card]\nname=Rain of Filth\nauto=lord(land|mybattlefield) {S}:Add{B}\n\
text=Until end of turn, lands you control gain \"Sacrifice this land: Add {B} to your mana pool.\"\n\
mana={B}\ntype=Instant\n[/card]\n";

/// Where black and colourless mana sit in a player's pool (W, U, B, R, G, colourless).
const BLACK: usize = 2;
const COLOURLESS: usize = 5;

fn table() -> Table {
    Table::with_cards(CARDS)
}

/// The one ability given to `card` now, which `giver` gives.
fn given_by(table: &Table, card: CardId, giver: CardId) -> GivenAbility {
    let given = table.given_abilities(card);
    let [ability] = given[..] else { panic!("one given ability, not {given:?}") };
    assert_eq!(ability.giver, giver);
    ability
}

/// `player` activates `ability` of `card`, its questions answered by `answers`.
fn activate(table: &mut Table, card: CardId, ability: GivenAbility, player: PlayerId, answers: &[Value]) -> bool {
    table.answers.extend(answers.iter().map(|answer| vec![*answer]));
    table.try_activate_given(card, ability, player).unwrap_or_else(|error| panic!("activates: {error}"))
}

#[test]
fn zombie_masters_other_zombies_regenerate_for_b_while_it_stays() {
    let mut table = table();
    let zombies = table.put("Scathe Zombies", P0, BATTLEFIELD);
    let master = table.put("Zombie Master", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.settle();
    // "Other Zombies": not the Master itself, nor a creature of another type.
    assert!(table.given_abilities(master).is_empty());
    assert!(table.given_abilities(bears).is_empty());
    let regenerate = given_by(&table, zombies, master);
    // No {B} in the pool: nothing is paid, nothing done.
    assert!(!activate(&mut table, zombies, regenerate, P0, &[]));
    table.board.players[0].mana[BLACK] = 1;
    assert!(activate(&mut table, zombies, regenerate, P0, &[]));
    assert_eq!(table.board.players[0].mana[BLACK], 0, "the {{B}} is paid");
    // Shocked, the Zombies regenerate: tapped, still on the battlefield.
    let shock = table.put("Shock", P1, HAND);
    table.answers.push(vec![Value::Card(zombies)]);
    table.cast(shock, P1);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Scathe Zombies", "Zombie Master", "Grizzly Bears"]);
    assert!(table.board.get(zombies).is_some_and(|c| c.tapped), "a regenerated creature is tapped");
    // The Master leaves: its Zombies lose the ability, and a second Shock kills them.
    table.board.place(master, P0, GRAVEYARD, -1);
    table.settle();
    assert!(table.given_abilities(zombies).is_empty());
    let shock = table.put("Shock", P1, HAND);
    table.answers.push(vec![Value::Card(zombies)]);
    table.cast(shock, P1);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Zombie Master", "Scathe Zombies"]);
}

#[test]
fn a_sliver_sacrifices_itself_to_deal_the_damage_acidic_sliver_gives_it() {
    let mut table = table();
    let acidic = table.put("Acidic Sliver", P0, BATTLEFIELD);
    let metallic = table.put("Metallic Sliver", P0, BATTLEFIELD);
    // An opponent's Sliver has it too ("All Slivers"), the lord as well.
    let theirs = table.put("Metallic Sliver", P1, BATTLEFIELD);
    table.settle();
    given_by(&table, acidic, acidic);
    given_by(&table, theirs, acidic);
    let ping = given_by(&table, metallic, acidic);
    table.board.players[0].mana[COLOURLESS] = 2;
    assert!(activate(&mut table, metallic, ping, P0, &[Value::Player(P1)]));
    // `{S}` sacrificed the Metallic Sliver, not the lord; the damage is dealt.
    assert_eq!(table.board.player(P1).life, 18);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Acidic Sliver"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Metallic Sliver"]);
    // Their Sliver's ability is their own: it deals its 2 damage to p0's lord.
    table.board.players[1].mana[COLOURLESS] = 2;
    let ping = given_by(&table, theirs, acidic);
    assert!(activate(&mut table, theirs, ping, P1, &[Value::Card(acidic)]));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Metallic Sliver", "Acidic Sliver"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Metallic Sliver"]);
}

#[test]
fn a_creature_has_life_matrixs_ability_while_it_has_a_matrix_counter() {
    use wagic::WagicHost;
    let mut table = table();
    let matrix = table.put("Life Matrix", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let other = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.settle();
    assert!(table.given_abilities(bears).is_empty(), "no counter, no ability");
    WagicHost::add_named_counters(&mut table.board, bears, "matrix", 1);
    table.settle();
    let regenerate = given_by(&table, bears, matrix);
    assert!(table.given_abilities(other).is_empty());
    // Its cost removes the counter: it no longer matches, and has the ability no more.
    assert!(activate(&mut table, bears, regenerate, P0, &[]));
    assert!(table.given_abilities(bears).is_empty());
    // The shield it made stays: Shocked, the Bears regenerate.
    let shock = table.put("Shock", P1, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(shock, P1);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Life Matrix", "Grizzly Bears", "Grizzly Bears"]);
}

#[test]
fn a_sliver_entering_after_the_lord_has_the_ability_and_two_lords_give_it_twice() {
    let mut table = table();
    let acidic = table.put("Acidic Sliver", P0, BATTLEFIELD);
    table.settle();
    let metallic = table.put("Metallic Sliver", P0, BATTLEFIELD);
    table.settle();
    given_by(&table, metallic, acidic);
    let second = table.put("Acidic Sliver", P0, BATTLEFIELD);
    table.settle();
    let givers: Vec<CardId> = table.given_abilities(metallic).iter().map(|ability| ability.giver).collect();
    assert_eq!(givers, [acidic, second]);
}

#[test]
fn furystoke_giants_creatures_ping_until_the_end_of_the_turn() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let theirs = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.settle();
    let giant = table.put("Furystoke Giant", P0, BATTLEFIELD);
    table.settle();
    // Its controller's creatures (Wagic's `all(...)` the Giant too), not the opponent's.
    given_by(&table, giant, giant);
    assert!(table.given_abilities(theirs).is_empty());
    let ping = given_by(&table, bears, giant);
    assert!(activate(&mut table, bears, ping, P0, &[Value::Player(P1)]));
    assert_eq!(table.board.player(P1).life, 18);
    assert!(table.board.get(bears).is_some_and(|c| c.tapped), "{{T}} taps the Bears");
    // A creature entering later gains nothing: it is given once, as the Giant enters.
    let later = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.settle();
    assert!(table.given_abilities(later).is_empty());
    table.end_turn(P0);
    assert!(table.given_abilities(bears).is_empty(), "until end of turn");
}

#[test]
fn flame_fusillades_permanents_ping_this_turn_after_the_sorcery_is_gone() {
    let mut table = table();
    let mountain = table.put("Mountain", P0, BATTLEFIELD);
    let metallic = table.put("Metallic Sliver", P0, BATTLEFIELD);
    let theirs = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let fusillade = table.put("Flame Fusillade", P0, HAND);
    // Its actions are its effect and the ability it gives: cast, it runs the first.
    table.answers.push(vec![Value::Int(0)]);
    table.cast(fusillade, P0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Flame Fusillade"]);
    assert!(table.given_abilities(theirs).is_empty());
    given_by(&table, metallic, fusillade);
    // The land taps to deal 1 damage to the opponent's Bears, then the artifact creature.
    let ping = given_by(&table, mountain, fusillade);
    assert!(activate(&mut table, mountain, ping, P0, &[Value::Card(theirs)]));
    let ping = given_by(&table, metallic, fusillade);
    assert!(activate(&mut table, metallic, ping, P0, &[Value::Card(theirs)]));
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    table.end_turn(P0);
    assert!(table.given_abilities(mountain).is_empty(), "until end of turn");
}

/// The verdict of a Wagic test on these cards.
fn verdict(test: &str) -> Verdict {
    verdict_of("lord_given.txt", CARDS, test)
}

#[test]
fn in_a_wagic_test_a_click_on_a_sliver_uses_the_ability_its_lord_gives_it() {
    // Its one ability: done at once, then its target clicked; `{S}` sacrifices it.
    let pinged = test(
        "[PLAYER1]\ninplay:Acidic Sliver,Metallic Sliver\nmanapool:{2}\n[PLAYER2]\n",
        "Metallic Sliver\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Acidic Sliver\ngraveyard:Metallic Sliver\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&pinged), Verdict::Passed);
    // Without the lord the click does nothing.
    let nothing = test(
        "[PLAYER1]\ninplay:Metallic Sliver\nmanapool:{2}\n[PLAYER2]\n",
        "Metallic Sliver\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Metallic Sliver\nmanapool:{2}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&nothing), Verdict::Passed);
}

#[test]
fn a_lands_menu_lists_its_own_mana_before_the_ability_a_spell_gives_it() {
    // Rain of Filth's Forest: `choice 0` taps it for {G}, `choice 1` sacrifices it for {B}
    // (Wagic's rules give a Forest its mana before the spell gives it more).
    let init = "[PLAYER1]\ninplay:Forest\nhand:Rain of Filth\nmanapool:{B}\n[PLAYER2]\n";
    let sacrificed = test(
        init,
        "Rain of Filth\nForest\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Forest,Rain of Filth\nmanapool:{B}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&sacrificed), Verdict::Passed);
    let tapped = test(
        init,
        "Rain of Filth\nForest\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest\ngraveyard:Rain of Filth\nmanapool:{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
}

#[test]
fn lord_given_abilities_the_table_does_not_model_are_refused_by_name() {
    let cases = [
        // Reanimate's graveyard: an ability used outside the battlefield.
        (
            "auto=lord(creature|mygraveyard) {2}{B}:moveto(ownerbattlefield)\ntype=Enchantment",
            "unsupported: lord outside the battlefield",
        ),
        // The runtime counts a card's activations: the permanent's own would share them.
        ("auto=lord(sliver) {1}:tap limit:1\ntype=Creature", "unsupported: `lord(...)` of an ability with `limit:n`"),
        // Wagic takes ` other` out wherever it stands.
        (
            "auto=lord(elf) {T}:tap other target(creature)\ntype=Creature",
            "unsupported: `lord(...)` of an activated ability with `other` in it",
        ),
        (
            "target=creature\nauto=lord(sliver) {T}:tap target(creature)\ntype=Enchantment\nsubtype=Aura",
            "unsupported: `lord(...)` of an activated ability on an Aura or an Equipment",
        ),
    ];
    for (card, expected) in cases {
        assert_eq!(error_of(card).as_deref(), Some(expected), "{card}");
    }
}

#[test]
fn a_lords_ability_is_among_its_given_lines_without_other() {
    let table = table();
    let printed = &table.library().printed;
    assert_eq!(printed["Zombie Master"].given_lines, ["{B}:regenerate"]);
    assert_eq!(printed["Acidic Sliver"].given_lines, ["{2}{S}:damage:2 target(creature,player)"]);
    assert_eq!(printed["Flame Fusillade"].given_lines, ["{T}:damage:1 target(creature,player)"]);
}

#[test]
fn the_greedy_player_sacrifices_its_slivers_to_the_ability_their_lord_gives() {
    let library = Arc::new(Library::compile(&[("lord_given.txt", CARDS.to_string())]).expect("the cards compile"));
    let slivers = super::play::cards(&[(12, "Swamp"), (10, "Mountain"), (8, "Acidic Sliver"), (10, "Metallic Sliver")]);
    let bears = super::play::cards(&[(18, "Forest"), (22, "Grizzly Bears")]);
    let ping = "p0 activates Metallic Sliver: {2}{S}:damage:2 target(creature,player)";
    let mut used = 0;
    for seed in 0..4 {
        let options = Options { seed, turn_limit: 16, players: [PlayerKind::Greedy; 2] };
        let played = play::play(&library, [&slivers, &bears], options);
        let events: Vec<String> = played.events().into_iter().map(String::from).collect();
        let Some(at) = events.iter().position(|text| text.starts_with(ping)) else { continue };
        used += 1;
        // Paid by sacrificing the Sliver using it, before the ability resolves.
        assert_eq!(events.get(at + 1).map(String::as_str), Some("Metallic Sliver [p0] goes to the graveyard"));
        assert_eq!(events.get(at + 2).map(String::as_str), Some("Metallic Sliver's ability resolves"));
    }
    assert!(used >= 3, "the greedy player used it in {used} games of 4");
}
