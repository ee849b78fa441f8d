//! Wagic card code on RuleScript's compiler and VM: a reader for Wagic's `[card]` files
//! ([`reader`]), a front end lowering each card to the compiler's IR ([`front`]), the
//! Wagic catalogue ([`catalogue`]), and [`compile_source`], which runs the shared code
//! generator so that Wagic cards become an ordinary `.rsb` bundle.
//!
//! A card built only from the supported constructs compiles; any other card gets its
//! error, E0100 `unsupported: <construct>` (or E0101 for a block that cannot be read
//! whole), pointing at the Wagic file's own line and column, and the first error of each of
//! its other lines ([`recovery`]). [`Tally`] counts the cards by their first error. A value
//! Wagic reads otherwise than written (a `{` never closed in `mana=`, a power of `x`) is a
//! warning ([`values`]), as is a card named as one before it: the card still compiles.
//!
//! Compiled cards run on [`table`], an in-memory board, and Wagic's own behaviour tests
//! run on it: [`testfile`] reads them, [`runner`] plays them (`rsc test --lang wagic`),
//! naming cards by Wagic id when [`sets`] has read Wagic's set files (which also name the
//! card a `token(-id)` makes a token of, [`token_cards`]); [`play`] plays a whole
//! seeded game between two decks on it, by two random players (`rsc run --lang wagic`).

pub mod builtins;
pub mod card_names;
pub mod cast_limit;
pub mod catalogue;
pub mod diagnostics;
pub mod front;
pub mod host;
pub mod play;
pub mod reader;
pub mod recovery;
pub(crate) mod restriction;
pub mod runner;
pub mod sets;
pub mod table;
pub mod testfile;
pub mod token_cards;
pub mod values;

pub use builtins::builtins;
pub use catalogue::{CATALOGUE, Command};
pub use host::WagicHost;

use std::collections::{BTreeMap, HashMap, HashSet};

use bumpalo::Bump;
use compiler::{Diagnostic, Span};
use vm::bytecode::BundleBuilder;

/// What compiling one card gave.
#[derive(Debug, Clone)]
pub struct CardOutcome {
    /// The card's name (`name=`).
    pub name: String,
    /// The card's `[card]` line.
    pub open: Span,
    /// Its first error, when it did not compile.
    pub error: Option<Diagnostic>,
    /// Its other errors, at most one a line, in file order: each line is lowered
    /// on its own, so that one mistake does not hide the next (the cards of a block that
    /// cannot be read whole have their lines' errors here, after the E0101).
    pub further_errors: Vec<Diagnostic>,
    /// Its warnings (W0100 to W0109, W0005): values Wagic reads otherwise than written, which do
    /// not keep the card out of the bundle.
    pub warnings: Vec<Diagnostic>,
    /// Its key in the bundle, when it compiled: its name, or `name#2`, `name#3`... for a
    /// name met before in the bundle.
    pub key: Option<String>,
    /// How many of its autos, the first ones, are its abilities in its owner's graveyard
    /// ([`front::Lowered::graveyard_autos`]); 0 when it did not compile.
    pub graveyard_autos: usize,
    /// How many of its autos, after its graveyard ones, are abilities of the emblems it
    /// makes ([`front::Lowered::emblem_autos`]); 0 when it did not compile.
    pub emblem_autos: usize,
}

/// The keys given to the cards of one bundle so far: a name met again gets `name#2`,
/// `name#3`... (a bundle holds each key once), skipping a key already given: a card named
/// `Echo#2` after a second `Echo` gets `Echo#2#2`. It also holds what the cards of the
/// bundle are compiled with: the token cards `token(id)` names ([`CardKeys::with_token_cards`])
/// and the card names `flip(Name)` finds its card among ([`CardKeys::with_card_names`]).
#[derive(Debug, Clone, Default)]
pub struct CardKeys {
    /// The cards `token(id)` names by id: without them such a line is refused.
    pub(crate) token_cards: Option<std::sync::Arc<token_cards::TokenCards>>,
    /// The names of the card files: without them a `flip(Name)` line is refused.
    card_names: Option<std::sync::Arc<card_names::CardNames>>,
    /// How many cards of each name were met.
    seen: HashMap<String, u64>,
    /// Every key given.
    given: HashSet<String>,
    /// Where the first card of each name is (its `[card]` line and file), for W0103.
    first_of_name: HashMap<String, (u32, std::sync::Arc<str>)>,
}

impl CardKeys {
    /// No key given yet, and `token(id)` finding its card in `token_cards`.
    pub fn with_token_cards(token_cards: std::sync::Arc<token_cards::TokenCards>) -> CardKeys {
        CardKeys { token_cards: Some(token_cards), ..CardKeys::default() }
    }

    /// These keys, with `flip(Name)` finding its card among `card_names` (every card of
    /// the card files compiled into the bundle).
    pub fn with_card_names(self, card_names: std::sync::Arc<card_names::CardNames>) -> CardKeys {
        CardKeys { card_names: Some(card_names), ..self }
    }

    /// The key of the next card named `name`. Each name's count only grows, so the keys
    /// skipped over a run are at most the keys given.
    fn next(&mut self, name: &str) -> String {
        let seen = self.seen.entry(name.to_string()).or_insert(0);
        loop {
            *seen += 1;
            let key = if *seen == 1 { name.to_string() } else { format!("{name}#{seen}") };
            if self.given.insert(key.clone()) {
                return key;
            }
        }
    }
}

/// Compiles every card of one Wagic file (`file` is recorded in the debug section) into
/// `bundle`, which must be built for [`CATALOGUE`] and hold no other Wagic file's cards
/// (for several files, [`compile_source_with_keys`]). A card whose name was met before
/// gets the key `name#2`, `name#3`... A lone CR ends a line, as LF and CRLF do
/// ([`reader::with_lf_line_ends`]).
pub fn compile_source(file: &str, source: &str, bundle: &mut BundleBuilder<'_>) -> Vec<CardOutcome> {
    compile_source_with_keys(file, source, bundle, &mut CardKeys::default())
}

/// [`compile_source`] for one of several files compiled into one bundle: `keys` holds the
/// keys the cards of the files before got, so that a name met in an earlier file gets
/// `name#2` too.
pub fn compile_source_with_keys(
    file: &str,
    source: &str,
    bundle: &mut BundleBuilder<'_>,
    keys: &mut CardKeys,
) -> Vec<CardOutcome> {
    let mut outcomes = Vec::new();
    compile_each(file, source, bundle, keys, |outcome| outcomes.push(outcome));
    outcomes
}

/// [`compile_source_with_keys`], handing each card's outcome to `on_outcome` as soon as
/// the card is compiled, so that a caller keeping only some (`rsc` shows 100 a file) holds
/// no list of them all: a file of a million cut-short blocks is a million outcomes.
pub fn compile_each(
    file: &str,
    source: &str,
    bundle: &mut BundleBuilder<'_>,
    keys: &mut CardKeys,
    on_outcome: impl FnMut(CardOutcome),
) {
    compile_bytes_each(file, source, None, bundle, keys, on_outcome);
}

/// [`compile_each`] for a file that may not be UTF-8: `bytes` are the file's (none when it
/// is UTF-8), `source` their text of the same length ([`reader::same_length_lossy`]). A
/// card holding a byte that starts no UTF-8 character is refused with E0001 at that byte
/// (its lines' own errors still reported), and the file's other cards compile: one such
/// byte, most often a Latin-1 `é`, made the whole file one error before. Whether any card
/// was refused so is returned: when none was, the file's bad bytes are all outside the
/// blocks, and the caller reports the first itself.
pub fn compile_bytes_each(
    file: &str,
    source: &str,
    bytes: Option<&[u8]>,
    bundle: &mut BundleBuilder<'_>,
    keys: &mut CardKeys,
    mut on_outcome: impl FnMut(CardOutcome),
) -> bool {
    let mut refused_for_bytes = false;
    // Named by each card kept for W0103, once.
    let file_name: std::sync::Arc<str> = file.into();
    let source = reader::with_lf_line_ends(source);
    let source = source.as_ref();
    let mut arena = Bump::new();
    let token_cards = keys.token_cards.clone();
    let token_cards = token_cards.as_deref();
    let card_names = keys.card_names.clone();
    let known = front::Known { token_cards, card_names: card_names.as_deref() };
    reader::read_each(source, |block| {
        let name = block.name().to_string();
        let mut key = None;
        let mut graveyard_autos = 0;
        let mut emblem_autos = 0;
        let mut further_errors = Vec::new();
        // A block of stray text is no card: it has no lines to lower, nor a name to keep.
        let is_card = source.get(block.open.range()).is_some_and(|open| open.eq_ignore_ascii_case("[card]"));
        let mut warnings = if is_card { values::card_warnings(source, &block) } else { Vec::new() };
        if is_card && let Some(field) = block.field("name").filter(|field| !field.value.is_empty()) {
            let line = block.open_line;
            match keys.first_of_name.get(&name) {
                Some((line, file)) => {
                    let first = format!("line {line} of `{file}`");
                    warnings.push(diagnostics::name_met_before(field.value_span, &name, &first));
                }
                None => {
                    keys.first_of_name.insert(name.clone(), (line, file_name.clone()));
                }
            }
        }
        // Spans of the front end are offsets in the block: make them offsets in the file.
        let base = block.block.start;
        let in_file = |mut error: Diagnostic| {
            error.span =
                Span { start: error.span.start.saturating_add(base), end: error.span.end.saturating_add(base) };
            error
        };
        let to_diagnostic = |unsupported: front::Unsupported| {
            in_file(diagnostics::unsupported(unsupported.span, &unsupported.construct, unsupported.help))
        };
        // A byte that starts no UTF-8 character: the first of the block.
        let invalid = bytes.and_then(|bytes| {
            let range = block.block.range();
            let error = std::str::from_utf8(bytes.get(range.clone())?).err()?;
            Some(diagnostics::invalid_utf8(range.start + error.valid_up_to()))
        });
        refused_for_bytes |= invalid.is_some();
        let rejected = match (&block.malformed, invalid) {
            (Some(malformed), Some(invalid)) => {
                further_errors.push(invalid);
                Some(malformed.clone())
            }
            (malformed, invalid) => malformed.clone().or(invalid),
        };
        let error = match rejected {
            Some(diagnostic) => {
                if is_card {
                    // The block is not compiled, but its lines' own mistakes are still told.
                    arena.reset();
                    if let Err(first) = front::lower_card_with(&block, &arena, known) {
                        let more = recovery::further_errors(&block, &first, &arena, known);
                        further_errors.extend(std::iter::once(first).chain(more).map(to_diagnostic));
                    }
                }
                Some(diagnostic)
            }
            None => {
                arena.reset();
                let excerpt = source.get(block.block.range()).unwrap_or("");
                match front::lower_card_parts(&block, &arena, known) {
                    Err(unsupported) => {
                        let more = recovery::further_errors(&block, &unsupported, &arena, known);
                        further_errors.extend(more.into_iter().map(to_diagnostic));
                        Some(to_diagnostic(unsupported))
                    }
                    Ok(front::Lowered { card, graveyard_autos: count, emblem_autos: emblem_count }) => {
                        let card_key = keys.next(&name);
                        let first_line = block.open_line;
                        match compiler::codegen::emit_card_excerpt(
                            &card, &card_key, file, excerpt, first_line, bundle, &arena,
                        ) {
                            Ok(_) => {
                                key = Some(card_key);
                                graveyard_autos = count;
                                emblem_autos = emblem_count;
                                None
                            }
                            // A limit of the bundle format: the card's first such error.
                            Err(errors) => errors.into_iter().next().map(in_file),
                        }
                    }
                }
            }
        };
        further_errors.sort_by_key(|diagnostic| diagnostic.span.start);
        on_outcome(CardOutcome {
            name,
            open: block.open,
            error,
            further_errors,
            key,
            warnings,
            graveyard_autos,
            emblem_autos,
        });
    });
    refused_for_bytes
}

/// Cards compiled and cards refused, by construct.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cards read.
    pub cards: usize,
    /// Cards compiled with no error.
    pub compiled: usize,
    /// Refused cards per construct (`effect \`transforms\``), sorted by name.
    pub unsupported: BTreeMap<String, usize>,
    /// Warnings per code (`W0100`), of every card.
    pub warnings: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Adds one file's outcomes.
    pub fn add(&mut self, outcomes: &[CardOutcome]) {
        for outcome in outcomes {
            self.add_one(outcome);
        }
    }

    /// Adds one card's outcome.
    pub fn add_one(&mut self, outcome: &CardOutcome) {
        self.cards += 1;
        for warning in &outcome.warnings {
            *self.warnings.entry(warning.code.as_str()).or_default() += 1;
        }
        match &outcome.error {
            None => self.compiled += 1,
            Some(error) => {
                *self.unsupported.entry(diagnostics::construct_of(error).to_string()).or_default() += 1;
            }
        }
    }

    /// The tally as text: the totals, then each construct with its count, most cards first,
    /// then the warnings by code.
    pub fn render(&self, limit: usize) -> String {
        let mut text = format!(
            "cards: {}\ncompiled: {}\nunsupported: {}\n",
            self.cards,
            self.compiled,
            self.cards - self.compiled
        );
        let mut rows: Vec<(&String, &usize)> = self.unsupported.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (construct, count) in rows.iter().take(limit) {
            text.push_str(&format!("  {count:>6}  {construct}\n"));
        }
        if rows.len() > limit {
            let rest: usize = rows[limit..].iter().map(|(_, count)| **count).sum();
            text.push_str(&format!("  {rest:>6}  ({} other constructs)\n", rows.len() - limit));
        }
        text.push_str(&format!("warnings: {}\n", self.warnings.values().sum::<usize>()));
        for (code, count) in &self.warnings {
            text.push_str(&format!(
                "  {count:>6}  {code} {}\n",
                compiler::Code::parse(code).map_or("", |code| code.title())
            ));
        }
        text
    }
}

/// Where tests find Wagic's card files: `WAGIC_DATA`, else `../shared/wagic` beside the
/// workspace. `None` (with a skip message) when absent, unless `CI` is set.
///
/// # Panics
///
/// When the data is absent and `CI` is set: CI always has it.
pub fn data_dir() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("WAGIC_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/wagic"));
    if dir.join("mtg.txt").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "Wagic data not found at {} (set WAGIC_DATA) and CI is set: Wagic tests must run",
        dir.display()
    );
    eprintln!("Wagic data not found at {} (set WAGIC_DATA): skipping", dir.display());
    None
}

/// The three card files of Wagic's primitives, in the order Wagic loads them.
pub const CARD_FILES: &[&str] = &["mtg.txt", "borderline.txt", "crappy.txt"];

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing (`wagic`): a card named `Echo#2` after two named `Echo` got the key
    /// the second `Echo` had, and the bundle failed to build ("card 2 repeats an earlier
    /// card's key"), so `rsc compile --lang wagic` wrote none.
    #[test]
    fn a_name_written_like_a_given_key_gets_a_key_of_its_own() {
        let mut keys = CardKeys::default();
        let given: Vec<String> = ["Echo", "Echo", "Echo#2", "Echo", "Echo#2"].map(|name| keys.next(name)).into();
        assert_eq!(given, ["Echo", "Echo#2", "Echo#2#2", "Echo#3", "Echo#2#3"]);
        let source = "[card]\nname=Echo\nauto=life:1\n[/card]\n[card]\nname=Echo\nauto=life:2\n[/card]\n[card]\nname=Echo#2\nauto=life:3\n[/card]\n";
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let outcomes = compile_source("echo.txt", source, &mut bundle);
        assert!(outcomes.iter().all(|outcome| outcome.error.is_none()), "{outcomes:?}");
        let bytes = bundle.finish().expect("the bundle builds");
        let program = vm::bytecode::Program::load(&bytes, &CATALOGUE).expect("the bundle loads");
        assert_eq!(program.cards().len(), 3);
    }
}
