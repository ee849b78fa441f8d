//! The tests' way onto `wagic::table`: the library of Wagic's three card files, built once,
//! and [`Play`], the table's moves for tests, which panic where the table returns an error
//! (a test names cards that exist and answers every question).

use std::sync::{Arc, OnceLock};

use vm::bytecode::{CardIdx, ZoneIdx};
use vm::runtime::{CardId, PlayerId};
pub use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, Library, P0, P1, Table};

/// Every card of Wagic's three files that compiles, in one program, built once; `None`
/// when the files are absent.
pub fn library() -> Option<Arc<Library>> {
    static LIBRARY: OnceLock<Option<Arc<Library>>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let dir = wagic::data_dir()?;
            let sources: Vec<(&str, String)> = wagic::CARD_FILES
                .iter()
                .map(|&file| (file, std::fs::read_to_string(dir.join(file)).expect("a Wagic card file")))
                .collect();
            Some(Arc::new(Library::compile(&sources).expect("the library builds")))
        })
        .clone()
}

/// The table's moves, panicking on an error.
pub trait Play: Sized {
    /// A table of Wagic's card files, or `None` (the test skips) when they are absent.
    fn new() -> Option<Self>;
    /// A table running the cards of `source` (a Wagic card file's text) only: tests of
    /// hand-made cards need no Wagic data. Panics when a card of `source` does not compile.
    fn with_cards(source: &str) -> Self;
    fn put(&mut self, name: &str, player: PlayerId, zone: ZoneIdx) -> CardId;
    fn cast(&mut self, card: CardId, player: PlayerId);
    fn activate(&mut self, card: CardId, player: PlayerId) -> bool;
    fn settle(&mut self);
    fn end_turn(&mut self, active: PlayerId);
    fn rules_of(&self, card: CardId) -> CardIdx;
}

impl Play for Table {
    fn new() -> Option<Table> {
        Some(Table::with_library(library()?))
    }

    fn with_cards(source: &str) -> Table {
        let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
        for outcome in wagic::compile_source("test.txt", source, &mut bundle) {
            assert!(outcome.error.is_none(), "`{}` does not compile: {:?}", outcome.name, outcome.error);
        }
        let library = Library::compile(&[("test.txt", source.to_string())]).expect("the library builds");
        Table::with_library(Arc::new(library))
    }

    fn put(&mut self, name: &str, player: PlayerId, zone: ZoneIdx) -> CardId {
        self.try_put(name, player, zone).unwrap_or_else(|error| panic!("put `{name}`: {error}"))
    }

    fn cast(&mut self, card: CardId, player: PlayerId) {
        self.try_cast(card, player).unwrap_or_else(|error| panic!("cast: {error}"));
    }

    fn activate(&mut self, card: CardId, player: PlayerId) -> bool {
        self.try_activate(card, player).unwrap_or_else(|error| panic!("activate: {error}"))
    }

    fn settle(&mut self) {
        self.try_settle().unwrap_or_else(|error| panic!("settle: {error}"));
    }

    fn end_turn(&mut self, active: PlayerId) {
        self.try_end_turn(active).unwrap_or_else(|error| panic!("end of turn: {error}"));
    }

    fn rules_of(&self, card: CardId) -> CardIdx {
        self.rules(card).unwrap_or_else(|error| panic!("rules: {error}"))
    }
}
