//! A reader for Wagic's set files (`Res/sets/<SET>/_cards.dat`), which map the Wagic ids
//! a behaviour test may name a card by (`hand:1372`, a `[DO]` line `129693`) to cards.
//!
//! A set file is a `[meta] ... [/meta]` block (the set's name, year...) then one
//! `[card] ... [/card]` block a printing: `primitive=Name` (a card of the card files) and
//! `id=N`, or, in older sets, a whole card (`name=`, `auto=`, `type=`...) with its `id=`.
//! It is read as Wagic's `MTGAllCards::load` and `processConfLine` read it: lines end with
//! LF (a CR before it is dropped), a `[/` line closes a block, a key is told by its first
//! letters (`i...` is the id, `pr...` the primitive, so Wagic's own `primitve=` typo
//! works, `n...` a whole card's name), a value is kept as written.
//!
//! Each id maps to the first printing loaded with it ([`Sets::add`]): Wagic's
//! `addCardToCollection` refuses a later card with an id it holds, but also drops a card
//! whose primitive it does not know, so that the next printing with that id gets in;
//! [`Sets::printing`] takes the first printing whose card the caller knows. Wagic loads
//! the set folders in the byte order of their names, which is the order callers add
//! files in.
//!
//! A set file is untrusted input: reading it never panics, keeps at most one entry a
//! block, and at most [`MAX_SET_ENTRIES`] entries in all. What cannot be read is an E0109
//! diagnostic at the file's own line and column; the block it is in is left out (Wagic
//! skips such lines without a word, so its card may differ), the rest of the file is kept.

use std::collections::HashMap;
use std::sync::Arc;

use compiler::{Code, Diagnostic, Span};

/// The largest set file read (Wagic's largest, `5ED`, is 27 KB).
pub const MAX_SET_FILE_BYTES: usize = 4 << 20;

/// The most entries kept from all the set files (Wagic's 126 sets hold 24,764).
pub const MAX_SET_ENTRIES: usize = 1_000_000;

/// The most printings kept for one id (Wagic's sets repeat an id twice at most).
pub const MAX_PRINTINGS_PER_ID: usize = 16;

/// The most diagnostics reported for one file: a file of binary noise is one error a
/// line, and the rest are counted in the last one.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 100;

/// One printing of a set file: an id and the card it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetEntry {
    /// The Wagic id (`id=`).
    pub id: i32,
    /// The card's name as written: the `primitive=` value, or a whole card's `name=`.
    pub name: String,
    /// Whether the block carries a whole card (`name=`, older sets) rather than naming a
    /// primitive of the card files.
    pub whole_card: bool,
    /// The 1-based line of the block's `[card]` line.
    pub line: u32,
    /// The whole block, from its `[card]` line to the end of its `[/card]` line: a whole
    /// card's block is a card block the card reader reads ([`whole_cards_source`]).
    pub block: Span,
}

/// What one set file holds: its entries in file order, and what could not be read.
#[derive(Debug, Clone, Default)]
pub struct SetFile {
    /// The printings read whole.
    pub entries: Vec<SetEntry>,
    /// E0109 diagnostics, spans in the text read.
    pub diagnostics: Vec<Diagnostic>,
}

/// A printing as [`Sets`] keeps it: its entry and the set it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printing {
    /// The entry read.
    pub entry: SetEntry,
    /// The set: the name of the folder its `_cards.dat` is in, as Wagic names it.
    pub set: Arc<str>,
}

/// The ids of every set file read, each to its printings in load order.
#[derive(Debug, Clone, Default)]
pub struct Sets {
    by_id: HashMap<i32, Vec<Printing>>,
    /// The ids of each card's printings, by its name in lower case.
    by_name: HashMap<String, Vec<i32>>,
    /// Entries kept in all.
    entries: usize,
    /// Entries read past [`MAX_SET_ENTRIES`] or [`MAX_PRINTINGS_PER_ID`] and not kept.
    dropped: usize,
    /// Set files added.
    files: usize,
}

impl Sets {
    /// No set read yet.
    pub fn new() -> Sets {
        Sets::default()
    }

    /// Adds the entries of one set file of set `set`, after those of the files added
    /// before (Wagic's load order).
    pub fn add(&mut self, set: &str, file: SetFile) {
        self.files += 1;
        let set: Arc<str> = Arc::from(set);
        for entry in file.entries {
            let printings = self.by_id.entry(entry.id).or_default();
            if self.entries >= MAX_SET_ENTRIES || printings.len() >= MAX_PRINTINGS_PER_ID {
                self.dropped += 1;
                continue;
            }
            self.entries += 1;
            let ids = self.by_name.entry(entry.name.to_lowercase()).or_default();
            if !ids.contains(&entry.id) {
                ids.push(entry.id);
            }
            printings.push(Printing { entry, set: Arc::clone(&set) });
        }
    }

    /// Every printing with id `id`, in load order.
    pub fn printings(&self, id: i32) -> &[Printing] {
        self.by_id.get(&id).map_or(&[], Vec::as_slice)
    }

    /// The printing Wagic's collection holds for `id`: the first loaded whose card
    /// `known` says the card files have (Wagic drops a printing of a primitive it does
    /// not know), else the first loaded (so that its name can be reported).
    pub fn printing(&self, id: i32, known: impl Fn(&SetEntry) -> bool) -> Option<&Printing> {
        let printings = self.printings(id);
        printings.iter().find(|printing| known(&printing.entry)).or(printings.first())
    }

    /// The id Wagic's test suite gives a card named `name` (any case): the highest id
    /// whose printing ([`Sets::printing`], `known` as there) is a card of that name, as
    /// `MTGAllCards::prefetchCardNameCache` leaves its cache of names. `None` when no
    /// printing is.
    pub fn id_of_name(&self, name: &str, known: impl Fn(&SetEntry) -> bool) -> Option<i32> {
        let name = name.to_lowercase();
        let ids = self.by_name.get(&name)?;
        ids.iter()
            .copied()
            .filter(|&id| self.printing(id, &known).is_some_and(|printing| printing.entry.name.to_lowercase() == name))
            .max()
    }

    /// [`Sets::id_of_name`] for a printing of set `set` (its folder's name, any case), as
    /// Wagic reads a card given as `name (set)` (`recover (INV)`).
    pub fn id_of_name_in_set(&self, name: &str, set: &str, known: impl Fn(&SetEntry) -> bool) -> Option<i32> {
        let name = name.to_lowercase();
        let ids = self.by_name.get(&name)?;
        ids.iter()
            .copied()
            .filter(|&id| {
                self.printing(id, &known).is_some_and(|printing| {
                    printing.entry.name.to_lowercase() == name && printing.set.eq_ignore_ascii_case(set)
                })
            })
            .max()
    }

    /// Entries kept.
    pub fn len(&self) -> usize {
        self.entries
    }

    /// Whether no entry was kept.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Ids with more than one printing (Wagic keeps one of each).
    pub fn repeated_ids(&self) -> usize {
        self.by_id.values().filter(|printings| printings.len() > 1).count()
    }

    /// Entries read but not kept, past [`MAX_SET_ENTRIES`] or [`MAX_PRINTINGS_PER_ID`].
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// Set files added.
    pub fn files(&self) -> usize {
        self.files
    }
}

/// E0109: what makes a set file's block or line unreadable.
fn malformed(span: Span, message: String, label: &str, help: &str) -> Diagnostic {
    Diagnostic { code: Code::E0109, message, span, label: label.into(), help: Some(help.into()) }
}

/// The whole cards of a set file (older sets' entries that carry a card, `name=`...) as a
/// card file the card reader reads, every other line blanked so that each card keeps its
/// line: Wagic adds such an entry's card with its own text. `None` when the file has none.
pub fn whole_cards_source(source: &str, file: &SetFile) -> Option<String> {
    let mut blocks = file.entries.iter().filter(|entry| entry.whole_card).map(|entry| entry.block.range()).peekable();
    blocks.peek()?;
    let mut text = String::with_capacity(source.len());
    let mut copied = 0;
    for block in blocks {
        let Some(between) = source.get(copied..block.start) else { continue };
        // Blank lines for what lies before the block: its line ends only.
        text.extend(between.matches('\n'));
        text.push_str(source.get(block.clone()).unwrap_or_default());
        copied = block.end;
    }
    Some(text)
}

/// E0109 for a set file larger than [`MAX_SET_FILE_BYTES`], at its start: a caller that
/// reads files bounded reports it for a file it did not read whole.
pub fn too_large() -> Diagnostic {
    malformed(
        Span::new(0, 0),
        format!("set file larger than {} MiB", MAX_SET_FILE_BYTES >> 20),
        "the file is not read",
        "a set file holds one short block a printing: this is not one",
    )
}

/// `text` cut to its first 40 characters (with `...`), for quoting a line in a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.escape_debug().to_string(),
    }
}

/// The block being read.
enum Open {
    /// Outside any block.
    Nothing,
    /// In `[meta]`, opened at this span.
    Meta(Span),
    /// In a `[card]` block.
    Card(CardInProgress),
}

/// A `[card]` block read so far.
struct CardInProgress {
    /// The `[card]` line.
    open: Span,
    line: u32,
    id: Option<i32>,
    primitive: Option<String>,
    name: Option<String>,
    /// The block's first defect: it is left out.
    defect: Option<Diagnostic>,
}

impl CardInProgress {
    /// A block opened at `open` (line `line`), with its defect when its heading is one.
    fn opened(open: Span, line: u32, defect: Option<Diagnostic>) -> CardInProgress {
        CardInProgress { open, line, id: None, primitive: None, name: None, defect }
    }

    /// The entry, or the block's diagnostic.
    fn finish(self, end: usize) -> Result<SetEntry, Diagnostic> {
        if let Some(defect) = self.defect {
            return Err(defect);
        }
        let whole_card = self.name.is_some();
        let Some(name) = self.name.or(self.primitive) else {
            return Err(malformed(
                self.open,
                "set entry names no card (`primitive=` or `name=`)".into(),
                "this printing has no card",
                "add the card's `primitive=Name` line",
            ));
        };
        let Some(id) = self.id else {
            return Err(malformed(
                self.open,
                "set entry has no `id=`".into(),
                "this printing has no id",
                "add the printing's `id=N` line (its Gatherer id)",
            ));
        };
        Ok(SetEntry { id, name, whole_card, line: self.line, block: Span::new(self.open.start as usize, end) })
    }
}

/// Reads one set file. `source` longer than [`MAX_SET_FILE_BYTES`] is refused whole
/// (one diagnostic, no entry). A file that is not UTF-8 is the caller's to decode (Wagic's
/// own set files hold Latin-1 names: `String::from_utf8_lossy` keeps the ids).
pub fn read(source: &str) -> SetFile {
    let mut file = SetFile::default();
    if source.len() > MAX_SET_FILE_BYTES {
        file.diagnostics.push(too_large());
        return file;
    }
    let mut suppressed = 0usize;
    let mut report = |diagnostics: &mut Vec<Diagnostic>, diagnostic: Diagnostic| {
        if diagnostics.len() < MAX_DIAGNOSTICS_PER_FILE {
            diagnostics.push(diagnostic);
        } else {
            suppressed += 1;
        }
    };
    let mut open = Open::Nothing;
    let mut offset = 0usize;
    let mut line_number = 0u32;
    for raw in source.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        line_number = line_number.saturating_add(1);
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        // A byte-order mark some editors write starts the file.
        let (line, start) = match line.strip_prefix('\u{feff}') {
            Some(rest) if start == 0 => (rest, start + '\u{feff}'.len_utf8()),
            _ => (line, start),
        };
        let span = Span::new(start, start + line.len());
        if line.is_empty() || line.starts_with("#AUTO_DEFINE ") {
            continue;
        }
        match &mut open {
            Open::Nothing => {
                let heading = line.trim_end();
                if heading.eq_ignore_ascii_case("[card]") {
                    open = Open::Card(CardInProgress::opened(span, line_number, None));
                } else if heading.eq_ignore_ascii_case("[meta]") {
                    open = Open::Meta(span);
                } else if line.starts_with('[') {
                    // Wagic opens a card block at any other `[` line: its printing is lost.
                    let help = "start each printing with a `[card]` line and the set's details with `[meta]`";
                    let defect = malformed(
                        span,
                        format!("`{}` is not `[card]` or `[meta]`", short(line)),
                        "not a block Wagic's set files have",
                        help,
                    );
                    open = Open::Card(CardInProgress::opened(span, line_number, Some(defect)));
                } else if !line.starts_with('#') && !line.starts_with("grade") {
                    // Outside the blocks Wagic reads only a file's `grade=` line.
                    report(
                        &mut file.diagnostics,
                        malformed(
                            span,
                            format!("`{}` is outside any `[card]` block", short(line)),
                            "Wagic ignores this line",
                            "put a printing's lines between `[card]` and `[/card]`, or make this line a comment with `#`",
                        ),
                    );
                }
            }
            Open::Meta(_) => {
                if line.starts_with("[/") {
                    open = Open::Nothing;
                }
            }
            Open::Card(card) => {
                if line.starts_with("[/") {
                    if let Open::Card(card) = std::mem::replace(&mut open, Open::Nothing) {
                        match card.finish(offset) {
                            Ok(entry) => file.entries.push(entry),
                            Err(diagnostic) => report(&mut file.diagnostics, diagnostic),
                        }
                    }
                    continue;
                }
                if line.starts_with('#') {
                    continue;
                }
                if line.trim_end().eq_ignore_ascii_case("[card]") {
                    // Wagic reads the next printing into this one: the first id is lost.
                    let unfinished = std::mem::replace(card, CardInProgress::opened(span, line_number, None));
                    let diagnostic = unfinished.defect.unwrap_or_else(|| {
                        malformed(
                            unfinished.open,
                            "set entry has no `[/card]`".into(),
                            "this block is never closed",
                            "end each printing with a `[/card]` line",
                        )
                    });
                    report(&mut file.diagnostics, diagnostic);
                    continue;
                }
                if card.defect.is_some() {
                    continue;
                }
                read_field(card, line, start);
            }
        }
    }
    match open {
        Open::Card(card) => {
            let diagnostic = card.defect.unwrap_or_else(|| {
                malformed(
                    card.open,
                    "set entry has no `[/card]`".into(),
                    "this block is never closed",
                    "end each printing with a `[/card]` line",
                )
            });
            report(&mut file.diagnostics, diagnostic);
        }
        Open::Meta(open) => report(
            &mut file.diagnostics,
            malformed(
                open,
                "`[meta]` block has no `[/meta]`".into(),
                "this block is never closed",
                "end the set's details with a `[/meta]` line",
            ),
        ),
        Open::Nothing => {}
    }
    if suppressed > 0
        && let Some(last) = file.diagnostics.last_mut()
    {
        last.message.push_str(&format!(" (and {suppressed} more errors in this file)"));
    }
    file
}

/// Reads one `key=value` line of a `[card]` block into `card`, as Wagic's
/// `processConfLine` tells keys apart (by their first letters); `start` is the line's
/// offset in the file. Its first defect makes the block malformed.
fn read_field(card: &mut CardInProgress, line: &str, start: usize) {
    let span = Span::new(start, start + line.len());
    let Some(equals) = line.find('=').filter(|&equals| equals > 0) else {
        card.defect = Some(malformed(
            span,
            format!("line `{}` has no `key=`", short(line)),
            "expected `key=value`",
            "write each line of a printing as `key=value` (`id=1372`), or make it a comment with `#`",
        ));
        return;
    };
    let (key, value) = (&line[..equals], &line[equals + 1..]);
    let value_span = Span::new(start + equals + 1, start + line.len());
    let key_span = Span::new(start, start + equals);
    let second = |what: &str| {
        malformed(
            key_span,
            format!("set entry has a second `{what}=`"),
            "the printing has one above already",
            "a printing has one id and one card: remove one of the lines",
        )
    };
    if key.starts_with('i') {
        if card.id.is_some() {
            card.defect = Some(second("id"));
            return;
        }
        match value.trim().parse::<i32>() {
            Ok(id) if id != 0 => card.id = Some(id),
            _ => {
                card.defect = Some(malformed(
                    value_span,
                    format!("id `{}` is not a number Wagic can use", short(value)),
                    "expected a whole number other than 0, at most 2147483647",
                    "write the printing's Gatherer id: `id=1372`",
                ));
            }
        }
    } else if key.starts_with("pr") {
        if card.primitive.is_some() {
            card.defect = Some(second("primitive"));
            return;
        }
        card.primitive = Some(value.to_string());
    } else if key.starts_with('n') {
        if card.name.is_some() {
            card.defect = Some(second("name"));
            return;
        }
        card.name = Some(value.to_string());
    }
    // Any other key (`rarity=`, a whole card's `auto=`, `type=`...) names no id.
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_their_ids_names_and_lines() {
        let source = "[meta]\nname=Ours\n[/meta]\n[card]\r\nprimitive=Shock\r\nid=1372\r\nrarity=C\r\n[/card]\r\n";
        let file = read(source);
        assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
        // The block runs from its `[card]` line to the end of its `[/card]` line.
        let block = Span::new(source.find("[card]").unwrap_or(0), source.len());
        assert_eq!(file.entries, [SetEntry { id: 1372, name: "Shock".into(), whole_card: false, line: 4, block }]);
    }
}
