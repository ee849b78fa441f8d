//! Decks: OCTGN `.o8d` files read with a real XML parser and checked against the deck rules.
//!
//! A deck file is XML (it usually starts with a UTF-8 byte-order mark):
//!
//! ```xml
//! <deck game="…">
//!   <section name="Main" shared="False">
//!     <card qty="3" id="6814ab83-…">Blue Mary</card>
//!   </section>
//! </deck>
//! ```
//!
//! The rules checked at load (spec §4.1, "Deck size"): exactly [`DECK_SIZE`] cards, at most
//! [`MAX_COPIES`] copies of any card, and every card id known to the card set. The original
//! game only warned; here a deck that breaks a rule is refused with one [`DeckError`] that
//! names the file and the rule.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use quick_xml::events::{BytesStart, Event};

use crate::bounded::{self, ReadError};
use crate::set::{CardSet, DefIdx};
use quick_xml::reader::Reader;

/// Number of cards in a legal deck.
pub const DECK_SIZE: u32 = 50;
/// Most copies of one card (same id) a deck may hold.
pub const MAX_COPIES: u32 = 3;
/// Largest deck file read: real decks are a few kilobytes.
pub const MAX_DECK_FILE_BYTES: u64 = 1 << 20;

/// One `<card qty=… id=…>name</card>` line of a deck (lines with the same id are merged).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeckEntry {
    /// The card's id (GUID, lowercase), as `cards.json` `id`.
    pub id: String,
    /// How many copies.
    pub qty: u32,
    /// The name written in the deck file (informative only: the id decides).
    pub name: String,
}

/// A deck that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deck {
    /// The deck's name: the file name without `.o8d`.
    pub name: String,
    /// The entries in file order.
    pub entries: Vec<DeckEntry>,
}

impl Deck {
    /// Total number of cards.
    pub fn len(&self) -> u32 {
        self.entries.iter().map(|entry| entry.qty).sum()
    }

    /// True when the deck holds no card (never for a deck that passed the rules).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The unchecked deck named `name` holding `ids`, one per copy (as a saved game keeps
    /// its decks): the copies of one id (any case) make one entry, named `name_of(id)`.
    pub fn of_ids<'a>(name: String, ids: impl IntoIterator<Item = &'a str>, name_of: impl Fn(&str) -> String) -> Deck {
        let mut entries = Entries::default();
        for id in ids {
            let id = id.to_ascii_lowercase();
            let card_name = if entries.by_id.contains_key(&id) { String::new() } else { name_of(&id) };
            entries.add(id, 1, card_name);
        }
        Deck { name, entries: entries.list }
    }

    /// Every card id, one per copy, in file order (the order before shuffling).
    pub fn card_ids(&self) -> Vec<&str> {
        self.entries.iter().flat_map(|entry| std::iter::repeat_n(entry.id.as_str(), entry.qty as usize)).collect()
    }
}

/// Why a deck was refused. `Display` gives the one-line message (file first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// The file could not be read.
    Io { file: PathBuf, message: String },
    /// The file is not a well-formed `.o8d` deck.
    Malformed { file: PathBuf, message: String },
    /// The deck does not hold exactly [`DECK_SIZE`] cards.
    Size { file: PathBuf, count: u32 },
    /// A card appears more than [`MAX_COPIES`] times.
    Copies { file: PathBuf, id: String, name: String, qty: u32 },
    /// A card id the card set does not know.
    UnknownCard { file: PathBuf, id: String, name: String },
}

impl DeckError {
    /// Stable short code of the rule broken, for tools and tests.
    pub fn code(&self) -> &'static str {
        match self {
            DeckError::Io { .. } => "deck-io",
            DeckError::Malformed { .. } => "deck-malformed",
            DeckError::Size { .. } => "deck-size",
            DeckError::Copies { .. } => "deck-copies",
            DeckError::UnknownCard { .. } => "deck-unknown-card",
        }
    }
}

/// How a deck's path is shown in a message: a "path" that is a deck's text (or any text
/// of several lines) is shown by the start of its first line, so that the message stays one
/// line.
fn shown(file: &Path) -> String {
    const SHOWN_CHARS: usize = 60;
    let text = file.to_string_lossy();
    if !text.contains('\n') {
        return text.into_owned();
    }
    let first = text.lines().next().unwrap_or_default().trim_start_matches('\u{feff}');
    let mut start: String = first.chars().take(SHOWN_CHARS).collect();
    start.push('…');
    start
}

/// Whether `path` is rather a deck's text than a path to its file.
fn is_deck_text(path: &Path) -> bool {
    let text = path.to_string_lossy();
    text.contains('\n') || text.trim_start_matches('\u{feff}').trim_start().starts_with('<')
}

impl DeckError {
    /// The file the error is about.
    pub fn file(&self) -> &Path {
        match self {
            DeckError::Io { file, .. }
            | DeckError::Malformed { file, .. }
            | DeckError::Size { file, .. }
            | DeckError::Copies { file, .. }
            | DeckError::UnknownCard { file, .. } => file,
        }
    }

    /// What is wrong, without the file: for a caller that names the deck otherwise (a saved
    /// game holds two decks).
    pub fn problem(&self) -> String {
        match self {
            DeckError::Io { message, .. } => format!("cannot read deck: {message}"),
            DeckError::Malformed { message, .. } => format!("not a valid .o8d deck: {message}"),
            DeckError::Size { count, .. } => {
                format!("deck size rule broken: a deck holds exactly {DECK_SIZE} cards, this one holds {count}")
            }
            DeckError::Copies { id, name, qty, .. } => {
                format!("copies rule broken: at most {MAX_COPIES} copies of a card, {qty} of {name:?} ({id})")
            }
            // The id as written, its control characters escaped: the message stays one line.
            DeckError::UnknownCard { id, name, .. } => {
                format!("unknown card id {} ({name:?}): not in the card set", id.escape_debug())
            }
        }
    }
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", shown(self.file()), self.problem())
    }
}

impl std::error::Error for DeckError {}

/// Reads and checks a deck file. `is_known` says whether the card set has a card id.
pub fn load_deck(path: &Path, is_known: impl Fn(&str) -> bool) -> Result<Deck, DeckError> {
    let text = read_deck_text(path)?;
    deck_of_text(path, &text, is_known)
}

/// The text of the deck file `path`, at most [`MAX_DECK_FILE_BYTES`]. A caller that also
/// hashes the deck hashes this text: a deck read from a pipe (`--deck <(...)`) cannot be
/// read a second time.
pub fn read_deck_text(path: &Path) -> Result<String, DeckError> {
    let io_error = |error: std::io::Error| DeckError::Io { file: path.to_path_buf(), message: error.to_string() };
    if let Err(error) = std::fs::metadata(path) {
        if is_deck_text(path) {
            let message = "this is a deck's text, not the path of a deck file: give the file's path".to_owned();
            return Err(DeckError::Io { file: path.to_path_buf(), message });
        }
        return Err(io_error(error));
    }
    bounded::read_text(path, MAX_DECK_FILE_BYTES).map_err(|failure| match failure {
        ReadError::Io(error) => io_error(error),
        ReadError::TooLarge(size) => DeckError::Malformed {
            file: path.to_path_buf(),
            message: format!("{size}, more than the {MAX_DECK_FILE_BYTES} a deck may have"),
        },
    })
}

/// Parses `text`, read from the deck file `path` (which names the deck), and checks it
/// against the deck rules.
pub fn deck_of_text(path: &Path, text: &str, is_known: impl Fn(&str) -> bool) -> Result<Deck, DeckError> {
    let name = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    parse_deck(text, name)
        .map_err(|message| DeckError::Malformed { file: path.to_path_buf(), message })
        .and_then(|deck| check_deck(path, deck, is_known))
}

/// Reads a deck of `set` and gives its cards (one per copy, in file order, before any
/// shuffle) as the set's card indices, ready for [`Game::new`](crate::Game::new).
pub fn load_set_deck(path: &Path, set: &CardSet) -> Result<Vec<DefIdx>, DeckError> {
    let deck = load_deck(path, |id| set.by_id(id).is_some())?;
    Ok(deck.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect())
}

/// Applies the deck rules to a parsed deck, in the order a reader would check them:
/// unknown cards first (nothing else means anything then), then copies, then size.
pub fn check_deck(file: &Path, deck: Deck, is_known: impl Fn(&str) -> bool) -> Result<Deck, DeckError> {
    if let Some(entry) = deck.entries.iter().find(|entry| !is_known(&entry.id)) {
        return Err(DeckError::UnknownCard {
            file: file.to_path_buf(),
            id: entry.id.clone(),
            name: entry.name.clone(),
        });
    }
    if let Some(entry) = deck.entries.iter().find(|entry| entry.qty > MAX_COPIES) {
        return Err(DeckError::Copies {
            file: file.to_path_buf(),
            id: entry.id.clone(),
            name: entry.name.clone(),
            qty: entry.qty,
        });
    }
    let count = deck.len();
    if count != DECK_SIZE {
        return Err(DeckError::Size { file: file.to_path_buf(), count });
    }
    Ok(deck)
}

/// Parses `.o8d` text (a leading byte-order mark is skipped) into a deck named `name`,
/// without checking the deck rules. Cards of every section count; lines naming the same id
/// are merged. The error is a message for [`DeckError::Malformed`].
pub fn parse_deck(text: &str, name: String) -> Result<Deck, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::from_str(text);
    let mut entries = Entries::default();
    let mut open_card: Option<(String, u32)> = None;
    let mut card_name = String::new();
    let mut saw_deck = false;
    loop {
        let position = reader.buffer_position();
        let event = reader.read_event().map_err(|error| format!("XML error at byte {position}: {error}"))?;
        match event {
            Event::Start(tag) if tag.name().as_ref() == b"card" => {
                open_card = Some(card_attributes(&tag)?);
                card_name.clear();
            }
            Event::Empty(tag) if tag.name().as_ref() == b"card" => {
                let (id, qty) = card_attributes(&tag)?;
                entries.add(id, qty, String::new());
            }
            Event::Start(tag) | Event::Empty(tag) if tag.name().as_ref() == b"deck" => saw_deck = true,
            Event::Text(text) if open_card.is_some() => {
                let decoded = text.decode().map_err(|error| format!("card name: {error}"))?;
                card_name.push_str(&decoded);
            }
            Event::GeneralRef(reference) if open_card.is_some() => {
                let decoded = reference.decode().map_err(|error| format!("card name: {error}"))?;
                card_name.push_str(&resolve_entity(&decoded));
            }
            Event::End(tag) if tag.name().as_ref() == b"card" => {
                if let Some((id, qty)) = open_card.take() {
                    entries.add(id, qty, card_name.trim().to_string());
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !saw_deck {
        return Err("no <deck> element".to_string());
    }
    if entries.list.is_empty() {
        return Err("the deck lists no <card>".to_string());
    }
    Ok(Deck { name, entries: entries.list })
}

fn resolve_entity(reference: &str) -> String {
    match reference {
        "amp" => "&".into(),
        "lt" => "<".into(),
        "gt" => ">".into(),
        "quot" => "\"".into(),
        "apos" => "'".into(),
        other => format!("&{other};"),
    }
}

/// A deck's entries as they are read, each id once, found by id: a deck file of a
/// megabyte may list tens of thousands of ids, and looking each up in the list read so far
/// took seconds.
#[derive(Default)]
struct Entries {
    list: Vec<DeckEntry>,
    by_id: HashMap<String, usize>,
}

impl Entries {
    /// Adds `qty` copies of `id` (named `name` the first time it is seen).
    fn add(&mut self, id: String, qty: u32, name: String) {
        match self.by_id.get(&id).and_then(|&index| self.list.get_mut(index)) {
            Some(entry) => entry.qty = entry.qty.saturating_add(qty),
            None => {
                self.by_id.insert(id.clone(), self.list.len());
                self.list.push(DeckEntry { id, qty, name });
            }
        }
    }
}

fn card_attributes(tag: &BytesStart<'_>) -> Result<(String, u32), String> {
    let mut id = None;
    let mut qty = None;
    for attribute in tag.attributes() {
        let attribute = attribute.map_err(|error| format!("<card> attribute: {error}"))?;
        let value = attribute.unescape_value().map_err(|error| format!("<card> attribute: {error}"))?;
        match attribute.key.as_ref() {
            b"id" => id = Some(value.trim().to_ascii_lowercase()),
            b"qty" => {
                let parsed = value.trim().parse::<u32>().map_err(|_| format!("<card> qty {value:?} is not a count"))?;
                qty = Some(parsed);
            }
            _ => {}
        }
    }
    let id = id.filter(|id| !id.is_empty()).ok_or("<card> without an id")?;
    let qty = qty.unwrap_or(1);
    if qty == 0 {
        return Err(format!("<card> {id} has qty 0"));
    }
    Ok((id, qty))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_LINES: &str = "\u{feff}<?xml version=\"1.0\"?>\n<deck game=\"g\"><section name=\"Main\">\
        <card qty=\"2\" id=\"AAA\">Al &amp; Ivan</card><card qty=\"1\" id=\"bbb\">B</card>\
        <card qty=\"1\" id=\"aaa\">again</card></section></deck>";

    #[test]
    fn a_deck_of_ids_merges_the_copies_of_an_id_in_any_case_named_once() {
        let deck = Deck::of_ids("saved".into(), ["AAA", "bbb", "aaa"], |id| format!("name of {id}"));
        let entry = |id: &str, qty, name: &str| DeckEntry { id: id.into(), qty, name: name.into() };
        assert_eq!(deck.entries, [entry("aaa", 2, "name of aaa"), entry("bbb", 1, "name of bbb")]);
        assert_eq!(deck.name, "saved");
    }

    #[test]
    fn parses_bom_entities_and_merges_repeated_ids() {
        let deck = parse_deck(TWO_LINES, "t".into()).unwrap();
        assert_eq!(deck.entries.len(), 2);
        assert_eq!(deck.entries[0].id, "aaa");
        assert_eq!(deck.entries[0].qty, 3);
        assert_eq!(deck.entries[0].name, "Al & Ivan");
        assert_eq!(deck.len(), 4);
        assert_eq!(deck.card_ids(), ["aaa", "aaa", "aaa", "bbb"]);
    }

    #[test]
    fn malformed_text_is_an_error_not_a_panic() {
        for text in [
            "",
            "<deck>",
            "<deck><card qty=\"x\" id=\"a\">A</card></deck>",
            "<deck></deck>",
            "<x/>",
            "<deck><card qty=\"1\">A</card></deck>",
            "<deck><card qty=\"0\" id=\"a\"/></deck>",
        ] {
            assert!(parse_deck(text, "t".into()).is_err(), "{text:?} accepted");
        }
    }

    #[test]
    fn rules_are_checked_unknown_then_copies_then_size() {
        let file = Path::new("decks/t.o8d");
        let deck = parse_deck(TWO_LINES, "t".into()).unwrap();
        let unknown = check_deck(file, deck.clone(), |id| id == "aaa").unwrap_err();
        assert_eq!(unknown.code(), "deck-unknown-card");
        assert!(unknown.to_string().contains("bbb"), "{unknown}");
        let size = check_deck(file, deck.clone(), |_| true).unwrap_err();
        assert_eq!(
            size.to_string(),
            "decks/t.o8d: deck size rule broken: a deck holds exactly 50 cards, this one holds 4"
        );
        let mut four = deck;
        four.entries[0].qty = 4;
        let copies = check_deck(file, four, |_| true).unwrap_err();
        assert_eq!(copies.code(), "deck-copies");
        assert!(copies.to_string().contains("at most 3 copies"), "{copies}");
    }
}
