//! `teach(creature) {cost}:effect` on an Aura or an Equipment: an activated ability the
//! enchanted or equipped creature has while the card is attached to it (Wagic's `ATeach`
//! makes the creature the ability's source): its controller activates it, `{T}` taps the
//! creature, and the greedy and random players use it in whole games.

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;
use super::play::cards;

/// Arcane Teachings as Wagic's card file writes it, beside a red deck's other cards.
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Arcane Teachings\ntarget=creature\nauto=2/2\nauto=teach(creature) {T}:damage:1 target(creature,player)\n\
text=Enchant creature -- Enchanted creature gets +2/+2 and has \"{T}: This creature deals 1 damage to target creature or player.\"\n\
mana={2}{R}\ntype=Enchantment\nsubtype=Aura\n[/card]\n";

fn aura(line: &str) -> String {
    format!("target=creature\nauto={line}\ntype=Enchantment\nsubtype=Aura")
}

fn equipment(line: &str) -> String {
    format!("auto={{1}}:equip\nauto={line}\ntype=Artifact\nsubtype=Equipment")
}

#[test]
fn a_taught_activated_ability_is_an_action_of_the_aura_after_its_own() {
    // Hermetic Study's: the Aura attaches, then its own `{G}:regenerate`, then the given ping.
    let card = aura("teach(creature) {T}:damage:1 target(creature,player)\nauto={G}:regenerate");
    // The Aura's own ability first (whatever the lines' order), its `regenerate` on the
    // enchanted creature; the given one's damage on its own target.
    assert_eq!(
        ir_of(&card),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            "action[1]: enchanted? regenerate ueot",
            "action[1]: filterSome(Exact(1)) damage ueot"
        ]
    );
    // On an Equipment, after `equip`; the draw is the activating player's.
    assert_eq!(
        ir_of(&equipment("teach(creature) {4}:draw:1 controller")),
        ["action[2]: filterSome(Exact(1)) equip ueot", "action[1]: me draw ueot"]
    );
}

#[test]
fn taught_abilities_the_creature_cannot_own_as_written_are_refused_by_name() {
    let cases = [
        // Blinding Powder's: `{unattach}` is the Equipment's cost, not the creature's.
        (
            equipment("teach(creature) {unattach}:preventAllCombatDamage to(mytgt) ueot"),
            "unsupported: `teach(creature)` of an ability costing `{unattach}`",
        ),
        // The runtime counts a card's activations: the creature's own would share them.
        (
            aura("teach(creature) {Q}:untap limit:1 myTurnOnly"),
            "unsupported: `teach(creature)` of an ability with `limit:n`",
        ),
        // An Aura of other permanents, or another spec.
        (
            "target=artifact\nauto=teach(creature) {T}:draw:1\ntype=Enchantment\nsubtype=Aura".to_string(),
            "unsupported: `teach(spec)` on an Aura whose spec may not match the permanent it enchants (only its `target=` type, or `*`)",
        ),
        (
            equipment("teach(human) {T}:draw:1"),
            "unsupported: `teach(...)` on an Equipment other than `teach(creature)`",
        ),
        // A triggered one is not compiled yet.
        (aura("teach(creature) @each my upkeep:life:1"), "unsupported: `teach(spec)` of a triggered ability"),
    ];
    for (card, expected) in cases {
        assert_eq!(error_of(&card).as_deref(), Some(expected), "{card}");
    }
    // Ephara's Radiance, Brainwash's ability and Hermetic Study's compile.
    for line in [
        "teach(creature) {1}{W}{T}:life:3 controller",
        "teach(creature) {3}:canattack",
        "teach(creature) {B}:regenerate",
    ] {
        assert_eq!(error_of(&aura(line)), None, "{line}");
    }
}

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("teach.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// The event lines of a game of a red deck with Arcane Teachings against a deck of Forests.
fn events(seed: u64, players: [PlayerKind; 2]) -> Vec<String> {
    let red = cards(&[(18, "Mountain"), (12, "Raging Goblin"), (10, "Arcane Teachings")]);
    let green = cards(&[(40, "Forest")]);
    let played = play::play(&library(), [&red, &green], Options { seed, turn_limit: 12, players });
    played.events().into_iter().map(String::from).collect()
}

#[test]
fn the_greedy_player_pings_with_the_ability_its_aura_gives_its_goblin() {
    let ping = "p0 activates Raging Goblin: {T}:damage:1 target(creature,player) targeting p1";
    let mut pinged = 0;
    for seed in 0..4 {
        let events = events(seed, [PlayerKind::Greedy; 2]);
        let Some(at) = events.iter().position(|text| text == ping) else { continue };
        pinged += 1;
        // Cast on the Goblin first; the ping resolves, dealing p1 1 damage, and taps the
        // Goblin (not the Aura).
        assert!(events[..at].iter().any(|text| text.starts_with("p0 casts Arcane Teachings")), "{events:?}");
        assert!(events[at..].iter().any(|text| text.starts_with("p1 loses 1 life")), "{events:?}");
        assert!(!events.iter().any(|text| text.starts_with("p0 activates Arcane Teachings")), "{events:?}");
    }
    assert!(pinged >= 3, "the greedy player pinged in {pinged} games of 4");
}

#[test]
fn the_random_player_uses_the_given_ability_too() {
    let used = (0..6).any(|seed| {
        events(seed, [PlayerKind::Random; 2])
            .iter()
            .any(|text| text.starts_with("p0 activates Raging Goblin: {T}:damage:1"))
    });
    assert!(used, "no random game used it");
}

#[test]
fn a_taught_transformer_of_new_activated_abilities_gives_each_of_them() {
    // Wagic's transformer of the creature adds each new ability to it: the same as
    // teaching each (Viashino Heretic's Aura kin, `{2}{T}:damage:1 ...`).
    let transformer = aura(
        "teach(creature) transforms((,newability[{2}{T}:damage:1 target(creature,player)],newability[{B}:regenerate]))",
    );
    let each = format!(
        "{}\nauto=teach(creature) {{B}}:regenerate",
        aura("teach(creature) {2}{T}:damage:1 target(creature,player)")
    );
    assert_eq!(ir_of(&transformer), ir_of(&each));
    assert_eq!(ir_of(&transformer).len(), 3, "the enchant and two given abilities");
    // With a part that is no activated ability, it is the Aura's static line: the
    // ability given while attached (`lasting_newability.rs`); with an end, refused.
    assert_eq!(error_of(&aura("teach(creature) transforms((,newability[{T}:draw:1],newability[2/1]))")), None);
    assert_eq!(
        error_of(&aura("teach(creature) transforms((,newability[{T}:draw:1])) ueot")).as_deref(),
        Some("unsupported: Aura's static line giving an ability until end of turn")
    );
}
