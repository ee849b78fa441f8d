//! `teach(spec)` on an Aura of other permanents than creatures (Wagic's `ATeach`): where
//! the spec is the one type every permanent the Aura may enchant has (`teach(land)` on an
//! Aura of lands, `teach(*)` on an Aura of any permanent), the effect is the enchanted
//! permanent's, as `teach(creature)` on an Aura of creatures is: Barbed Field's land taps
//! to deal 1 damage in whole games.

use std::sync::Arc;

use wagic::play::{self, Entry, Options, PlayerKind};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;
use super::play::cards;

/// Barbed Field as Wagic's card file writes it, beside a red deck's lands.
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Barbed Field\ntarget=land\nauto=teach(land) {T}:damage:1 target(creature,player)\n\
text=Enchant land -- Enchanted land has \"{T}: This land deals 1 damage to target creature or player.\"\n\
mana={2}{R}{R}\ntype=Enchantment\nsubtype=Aura\n[/card]\n";

fn aura(target: &str, line: &str) -> String {
    format!("target={target}\nauto={line}\ntype=Enchantment\nsubtype=Aura")
}

#[test]
fn teach_of_the_type_every_enchanted_permanent_has_is_its_effect() {
    // Barbed Field's ping is an action given to the land, as Arcane Teachings' is to its
    // creature.
    assert_eq!(
        ir_of(&aura("land", "teach(land) {T}:damage:1 target(creature,player)")),
        ["auto[]: filterSome(Exact(1)) enchant", "action[1]: filterSome(Exact(1)) damage ueot"]
    );
    // Psychic Overload's `teach(*)` on an Aura of any permanent; Spirit Loop's
    // `teach(creature)` on an Aura of a creature its controller controls: a static effect
    // on the enchanted permanent.
    assert_eq!(
        ir_of(&aura("*|battlefield", "teach(*) doesnotuntap")),
        ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? +doesnotuntap"]
    );
    assert_eq!(
        ir_of(&aura("creature|mybattlefield", "teach(creature) spiritlink")),
        ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? spiritlink"]
    );
    // Written as the Aura's own line, without `teach`: the same.
    assert_eq!(ir_of(&aura("artifact", "teach(artifact) doesnotuntap")), ir_of(&aura("artifact", "doesnotuntap")));
}

#[test]
fn teach_of_a_spec_the_enchanted_permanent_may_not_match_is_refused() {
    let refusal = "unsupported: `teach(spec)` on an Aura whose spec may not match the permanent it enchants \
                   (only its `target=` type, or `*`)";
    for (target, line) in [
        // Nyx Infusion's: a creature that may or may not be an enchantment.
        ("creature", "teach(creature[enchantment]) 2/2"),
        // Stasis Cocoon's: an artifact that may not be a creature.
        ("artifact", "teach(creature) cantattack"),
        // Goblin Caves': a land that may not be a Mountain.
        ("land", "teach(basic[mountain]) lord(goblin) 0/2"),
        // Faith's Fetters: any permanent, not all creatures.
        ("*", "teach(creature) cantattack"),
        // Sunken Field without `target=`: nothing is enchanted for sure.
        ("creature,land", "teach(land) doesnotuntap"),
    ] {
        assert_eq!(error_of(&aura(target, line)).as_deref(), Some(refusal), "{target}: {line}");
    }
}

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("teach_any.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// The event lines of a game of a red deck with Barbed Fields against a deck of Islands.
fn events(seed: u64, players: [PlayerKind; 2]) -> Vec<String> {
    let red = cards(&[(24, "Mountain"), (16, "Barbed Field")]);
    let blue = cards(&[(40, "Island")]);
    let played = play::play(&library(), [&red, &blue], Options { seed, turn_limit: 14, players });
    played
        .log
        .iter()
        .filter_map(|entry| match entry {
            Entry::Event { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_enchanted_land_taps_to_deal_one_damage() {
    let ping = "p0 activates Mountain: {T}:damage:1 target(creature,player) targeting p1";
    let mut pinged = 0;
    for seed in 0..6 {
        let events = events(seed, [PlayerKind::Random; 2]);
        let Some(at) = events.iter().position(|text| text == ping) else { continue };
        pinged += 1;
        // Cast on p0's Mountain first; the ping is the land's (never the Aura's) and p1
        // loses the 1 life as it resolves.
        assert!(events[..at].iter().any(|text| text.starts_with("p0 casts Barbed Field")), "{events:?}");
        assert!(events[at..].iter().any(|text| text.starts_with("p1 loses 1 life")), "{events:?}");
        assert!(!events.iter().any(|text| text.starts_with("p0 activates Barbed Field")), "{events:?}");
    }
    assert!(pinged >= 1, "no random game of 6 pinged with the land");
}
