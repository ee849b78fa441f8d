//! Cascade (`autostack=if casted(this) then cascade:plibrarycount`, `front/cascade.rs`,
//! `play/cascade.rs`): the line compiles and any other `autostack=` is refused by name;
//! Wagic's cascade cards compile; whole games of decks of cascade cards run to their end,
//! each cascade casting a cheaper card or putting every card it exiled back.

use std::sync::Arc;

use wagic::play::{self, Entry, Options, Outcome, PlayerKind};
use wagic::table::Library;

use super::front::error_of;
use super::play::cards;

const CASCADE: &str = "autostack=if casted(this) then cascade:plibrarycount";

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Bloodbraid Elf\nabilities=haste\nautostack=if casted(this) then cascade:plibrarycount\n\
mana={2}{R}{G}\ntype=Creature\nsubtype=Elf Berserker\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Enlisted Wurm\nautostack=if casted(this) then cascade:plibrarycount\n\
mana={4}{G}{W}\ntype=Creature\nsubtype=Wurm\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Lightning Bolt\ntarget=creature,player\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

#[test]
fn the_cascade_line_compiles_and_other_autostack_lines_are_refused() {
    let creature = "mana={2}{R}{G}\ntype=Creature\npower=3\ntoughness=2";
    assert_eq!(error_of(&format!("{CASCADE}\n{creature}")), None);
    assert_eq!(error_of(&format!("autostack=If Casted(this)  then cascade:plibrarycount\n{creature}")), None);
    // Kathari Remnant's and Land Grant's other `autostack=` lines.
    let refused = "unsupported: `autostack` line other than cascade (`if casted(this) then cascade:plibrarycount`)";
    for line in ["autostack=if paid(alternative) then draw:1", "autostack=cascade:plibrarycount"] {
        assert_eq!(error_of(&format!("{line}\n{creature}")).as_deref(), Some(refused), "{line}");
    }
}

#[test]
fn wagics_cascade_cards_compile() {
    let Some(dir) = wagic::data_dir() else { return };
    let mut cascades = Vec::new();
    for file in wagic::CARD_FILES {
        let path = dir.join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let source = String::from_utf8_lossy(&bytes);
        let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
        for block in wagic::reader::read(&source) {
            if block.field("autostack").is_some_and(|field| wagic::front::is_cascade(field.value)) {
                let text = &source[block.block.start as usize..block.block.end as usize];
                let outcomes = wagic::compile_source(file, text, &mut bundle);
                cascades.push((block.name().to_string(), outcomes.iter().all(|outcome| outcome.error.is_none())));
            }
        }
    }
    let names: Vec<&str> = cascades.iter().map(|(name, _)| name.as_str()).collect();
    assert!(cascades.len() >= 11, "{names:?}");
    for name in ["Bloodbraid Elf", "Shardless Agent", "Enlisted Wurm", "Violent Outburst"] {
        assert!(cascades.iter().any(|(card, compiled)| card == name && *compiled), "{name}: {cascades:?}");
    }
}

#[test]
fn games_of_cascade_decks_run_to_their_end_and_cascade() {
    let library = Arc::new(Library::compile(&[("cascade.txt", CARDS.to_string())]).expect("the cards compile"));
    let deck = cards(&[
        (9, "Mountain"),
        (9, "Forest"),
        (8, "Bloodbraid Elf"),
        (4, "Enlisted Wurm"),
        (6, "Lightning Bolt"),
        (4, "Grizzly Bears"),
    ]);
    let mut cascades = 0;
    let mut free_casts = 0;
    for seed in 0..6 {
        let options = Options { seed, turn_limit: 60, players: [PlayerKind::Random, PlayerKind::Greedy] };
        let played = play::play(&library, [&deck, &deck], options);
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "seed {seed}: {}", played.outcome);
        for entry in &played.log {
            if let Entry::Event { text, .. } = entry {
                cascades += usize::from(text.contains(" cascades from "));
                free_casts += usize::from(text.contains("without paying its mana cost (cascade)"));
            }
        }
    }
    assert!(cascades > 0 && free_casts > 0, "{cascades} cascades, {free_casts} cards cast by them");
}
