//! `token(id)`: a token of the card the set files' printing with that id names
//! (`wagic::token_cards`), with the card's characteristics and rules; refused, with its
//! reason at the id, without the set files or for an id no printing has. The real cards are
//! Wagic's (`../shared/wagic`, skipped when absent); the set files are written here, with
//! the printings Wagic's sets give (or gave: ROE held Awakening Zone's Eldrazi Spawn as
//! `-193507` until 2016). With `WAGIC_SETS` naming Wagic's `Res/sets` folder, its own ids
//! are checked too.

use std::sync::{Arc, OnceLock};

use compiler::Code;
use vm::runtime::{Event, PlayerId};
use wagic::sets::{self, Sets};
use wagic::table::Library;
use wagic::token_cards::TokenCards;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};

/// ROE's printings of Awakening Zone and its Eldrazi Spawn before 2016, and SOM's of
/// Wurmcoil Engine and its two Wurms (as SOM's set file has them).
const SETS: &str = "[card]\nprimitive=Awakening Zone\nid=193507\nrarity=R\n[/card]\n\
[card]\nprimitive=Eldrazi Spawn\nrarity=T\nid=-193507\n[/card]\n\
[card]\nprimitive=Wurmcoil Engine\nid=207875\nrarity=M\n[/card]\n\
[card]\nprimitive=Wurm T1\nid=-20787511\nrarity=T\n[/card]\n\
[card]\nprimitive=Wurm T2\nid=-20787512\nrarity=T\n[/card]\n";

fn our_sets() -> Sets {
    let file = sets::read(SETS);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let mut sets = Sets::new();
    sets.add("ROE", file);
    sets
}

/// Wagic's three card files, read in place; `None` when absent.
fn card_sources() -> Option<Vec<(&'static str, String)>> {
    let dir = wagic::data_dir()?;
    Some(
        wagic::CARD_FILES
            .iter()
            .map(|&file| (file, std::fs::read_to_string(dir.join(file)).expect("a Wagic card file")))
            .collect(),
    )
}

/// Wagic's card files compiled with [`SETS`], built once; `None` when the files are absent.
fn library() -> Option<Arc<Library>> {
    static LIBRARY: OnceLock<Option<Arc<Library>>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let sources = card_sources()?;
            Some(Arc::new(Library::compile_with_sets(&sources, Some(&our_sets())).expect("the library builds")))
        })
        .clone()
}

fn upkeep(table: &mut Table, player: PlayerId) {
    let upkeep = table.runtime.event_index("upkeep").expect("upkeep");
    table.runtime.emit(Event::new(upkeep, player));
    table.settle();
}

#[test]
fn awakening_zone_makes_a_zero_one_eldrazi_spawn_each_upkeep() {
    // text=: At the beginning of your upkeep, put a 0/1 colorless Eldrazi Spawn creature
    // token onto the battlefield. It has "Sacrifice this creature: Add {1} to your mana
    // pool." (`auto=@each my upkeep:Token(-193507)`)
    let Some(library) = library() else { return };
    let mut table = Table::with_library(library);
    table.put("Awakening Zone", P0, BATTLEFIELD);
    upkeep(&mut table, P1);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Awakening Zone"], "not in the opponent's upkeep");
    upkeep(&mut table, P0);
    upkeep(&mut table, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Awakening Zone", "Eldrazi Spawn", "Eldrazi Spawn"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
    let spawn = table.board.zone(P0, BATTLEFIELD)[1];
    let c = table.board.card(spawn);
    assert!(c.token && c.copies_card, "a token of the card Eldrazi Spawn");
    assert_eq!((table.board.power(spawn), table.board.toughness(spawn)), (0, 1));
    assert!(c.printed.colours.is_empty(), "colourless");
    assert_eq!(c.printed.types, ["creature", "eldrazi", "spawn"]);
    assert_eq!(c.owner, P0);
    // The token card's rules are the token's: `{S}:Add{1}`.
    assert!(table.activate(spawn, P0), "the spawn sacrifices itself for mana");
    assert_eq!(table.board.players[0].mana[5], 1, "one colourless mana");
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Awakening Zone", "Eldrazi Spawn"]);
    assert!(table.board.names(P0, GRAVEYARD).is_empty(), "a token leaves no card behind");
}

#[test]
fn wurmcoil_engine_dying_makes_a_deathtouch_wurm_and_a_lifelink_wurm() {
    // text=: When Wurmcoil Engine dies, put a 3/3 colorless Wurm artifact creature token
    // with deathtouch and a 3/3 colorless Wurm artifact creature token with lifelink onto
    // the battlefield. (`token(-20787511) && token(-20787512)`: Wurm T1 and Wurm T2)
    let Some(library) = library() else { return };
    let mut table = Table::with_library(library);
    let engine = table.put("Wurmcoil Engine", P0, BATTLEFIELD);
    let wrath = table.put("Wrath of God", P1, HAND);
    table.cast(wrath, P1);
    assert_eq!(table.board.card(engine).zone, GRAVEYARD);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Wurmcoil Engine"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Wurm T1", "Wurm T2"]);
    let wurms = table.board.zone(P0, BATTLEFIELD);
    for (wurm, ability) in wurms.iter().zip(["deathtouch", "lifelink"]) {
        assert!(table.board.card(*wurm).token);
        assert_eq!((table.board.power(*wurm), table.board.toughness(*wurm)), (3, 3));
        assert!(table.board.has_ability(*wurm, ability), "a Wurm with {ability}");
        assert_eq!(table.board.card(*wurm).printed.types, ["artifact", "creature", "wurm"]);
    }
    assert!(!table.board.has_ability(wurms[0], "lifelink"));
    assert!(!table.board.has_ability(wurms[1], "deathtouch"));
}

/// The error of the one card of `source` compiled with `keys`.
fn refusal(source: &str, keys: &mut wagic::CardKeys) -> compiler::Diagnostic {
    let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source_with_keys("own.txt", source, &mut bundle, keys);
    outcomes.into_iter().next().and_then(|outcome| outcome.error).expect("the card is refused")
}

const SPAWNER: &str = "[card]\nname=Spawner\nauto=token(-193507)*2\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Eldrazi Spawn\ntype=Creature\nsubtype=Eldrazi Spawn\nauto={S}:Add{1}\npower=0\ntoughness=1\n[/card]\n";

#[test]
fn a_token_by_id_without_the_set_files_is_refused_at_its_id() {
    let error = refusal(SPAWNER, &mut wagic::CardKeys::default());
    assert_eq!(error.code, Code::E0100);
    assert_eq!(error.message, "unsupported: token by card id (`token(-id)`) without the set files");
    assert_eq!(&SPAWNER[error.span.range()], "-193507");
    assert_eq!(
        error.help.as_deref(),
        Some("pass Wagic's `Res/sets` folder with `--sets`: the id is a printing's there")
    );
}

#[test]
fn a_token_by_an_id_no_printing_has_is_refused_saying_what_wagic_makes() {
    // Wagic's own sets lost `-193507` in 2016: Wagic then makes a 0/0 `ID NOT FOUND`.
    let mut sets = Sets::new();
    sets.add("ROE", sets::read("[card]\nprimitive=Awakening Zone\nid=193507\n[/card]\n"));
    let token_cards = TokenCards::new(sets, ["Spawner", "Eldrazi Spawn", "Awakening Zone"]);
    let error = refusal(SPAWNER, &mut wagic::CardKeys::with_token_cards(Arc::new(token_cards)));
    assert_eq!(error.message, "unsupported: token by card id (`token(-id)`) of no printing");
    assert_eq!(&SPAWNER[error.span.range()], "-193507");
    assert_eq!(
        error.help.as_deref(),
        Some(
            "no printing of the set files has id -193507: Wagic makes a 0/0 token named `ID NOT FOUND` in its place; \
             describe the token in place: `token(Saproling,creature saproling,1/1,green)`"
        )
    );
}

#[test]
fn a_token_by_the_id_of_a_card_no_file_has_is_refused_naming_the_card() {
    let mut sets = Sets::new();
    sets.add("CMM", sets::read("[card]\nprimitive=Eldrazi Scion\nid=-193507\n[/card]\n"));
    let token_cards = TokenCards::new(sets, ["Spawner", "Eldrazi Spawn"]);
    let error = refusal(SPAWNER, &mut wagic::CardKeys::with_token_cards(Arc::new(token_cards)));
    assert_eq!(error.message, "unsupported: token by card id (`token(-id)`) of a card no file has");
    let help = error.help.expect("a help");
    assert!(help.starts_with("id -193507 is `Eldrazi Scion` of set CMM, which no card file has"), "{help}");
}

#[test]
fn a_token_by_id_counts_as_tokens_described_in_place_do() {
    // `*2` makes two; the tokens are the card's, whatever the maker's controller.
    let mut sets = Sets::new();
    sets.add("ROE", sets::read("[card]\nprimitive=Eldrazi Spawn\nid=-193507\n[/card]\n"));
    let sources = [("own.txt", SPAWNER.to_string())];
    let library = Library::compile_with_sets(&sources, Some(&sets)).expect("the library builds");
    assert!(library.rules_of("Spawner").is_ok(), "Spawner compiles with the sets");
    let mut table = Table::with_library(Arc::new(library));
    let spawner = table.put("Spawner", P1, HAND);
    table.cast(spawner, P1);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Eldrazi Spawn", "Eldrazi Spawn"]);
    assert!(table.board.names(P0, BATTLEFIELD).is_empty());
    // Without the sets, the library leaves Spawner out, saying why.
    let library = Library::compile_with_sets(&sources, None).expect("the library builds");
    match library.rules_of("Spawner") {
        Err(wagic::table::Missing::NotCompiled(error)) => {
            assert_eq!(error, "E0100 unsupported: token by card id (`token(-id)`) without the set files");
        }
        other => panic!("Spawner compiled without the sets: {other:?}"),
    }
}

/// Wagic's own sets, when `WAGIC_SETS` names its `Res/sets` folder: Wurmcoil Engine's
/// Wurms are found by their ids, and Awakening Zone's `-193507`, which the sets lost, is
/// refused rather than made a wrong token.
#[test]
fn wagics_own_sets_resolve_the_ids_they_hold_and_refuse_the_others() {
    let Some(folder) = std::env::var_os("WAGIC_SETS") else {
        eprintln!("skipped: WAGIC_SETS is not set (give it a Wagic `Res/sets` folder to run this test)");
        return;
    };
    let Some(sources) = card_sources() else { return };
    let mut sets = Sets::new();
    let mut folders: Vec<_> = std::fs::read_dir(&folder).expect("WAGIC_SETS is a folder").flatten().collect();
    folders.sort_by_key(|entry| entry.file_name());
    for entry in folders {
        let Ok(bytes) = std::fs::read(entry.path().join("_cards.dat")) else { continue };
        sets.add(&entry.file_name().to_string_lossy(), sets::read(&String::from_utf8_lossy(&bytes)));
    }
    let names: Vec<String> =
        sources.iter().flat_map(|(_, source)| wagic::reader::read(source)).map(|b| b.name().to_string()).collect();
    let token_cards = TokenCards::new(sets, names.iter().map(String::as_str));
    assert_eq!(token_cards.card_of(-20787511).as_deref(), Ok("Wurm T1"));
    assert_eq!(token_cards.card_of(-20787512).as_deref(), Ok("Wurm T2"));
    assert_eq!(token_cards.card_of(-193507), Err(wagic::token_cards::TokenCardError::NoPrinting));
}

#[test]
fn cards_compiled_again_with_the_printings_they_asked_for_make_the_same_tokens() {
    // A sim's worker process has the card texts and what their ids found, not the sets.
    let cards = "[card]\nname=Awakening Zone\nauto=@each my upkeep:Token(-193507)\nmana={2}{G}\ntype=Enchantment\n[/card]\n\
        [card]\nname=Eldrazi Spawn\ntype=Creature\nsubtype=Eldrazi Spawn\npower=0\ntoughness=1\n[/card]\n\
        [card]\nname=Nowhere\nauto=token(-4)\ntype=Sorcery\n[/card]\n";
    let sources = [("zone.txt", cards.to_string())];
    let first = Library::compile_with_sets(&sources, Some(&our_sets())).expect("the cards compile");
    let asked = first.token_printings().to_vec();
    assert_eq!(
        asked,
        [(-193507, Ok("Eldrazi Spawn".to_string())), (-4, Err(wagic::token_cards::TokenCardError::NoPrinting))]
    );
    let again = Library::compile_answering(&sources, asked.clone()).expect("the cards compile again");
    assert!(again.rules_of("Awakening Zone").is_ok());
    assert!(again.rules_of("Nowhere").is_err());
    assert_eq!(again.token_printings(), asked);
    assert_eq!(again.program.cards().len(), first.program.cards().len());
}
