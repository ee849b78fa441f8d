//! Reads a Wagic card file into its `[card] ... [/card]` blocks: each block's `key=value`
//! lines with the byte spans of key and value in the file, so that every later diagnostic
//! points at the Wagic file's own line and column. Reading never fails and never panics: a
//! block that cannot be read whole carries the reason as a diagnostic of its own.

use std::borrow::Cow;

use compiler::{Diagnostic, Span};

use crate::diagnostics;

/// One `key=value` line of a card block.
#[derive(Debug, Clone, Copy)]
pub struct Field<'s> {
    /// The key as written (`auto`, `abilities`); keys are matched ignoring case.
    pub key: &'s str,
    /// Where the key is.
    pub key_span: Span,
    /// The value after the first `=`, without the line end and surrounding blanks.
    pub value: &'s str,
    /// Where the value is.
    pub value_span: Span,
}

impl Field<'_> {
    /// Whether the key is `key`, in any case.
    pub fn is(&self, key: &str) -> bool {
        self.key.eq_ignore_ascii_case(key)
    }
}

/// One `[card] ... [/card]` block.
#[derive(Debug, Clone)]
pub struct CardBlock<'s> {
    /// The `[card]` line.
    pub open: Span,
    /// The whole block, from the `[card]` line to the end of its `[/card]` line (or of its
    /// last line).
    pub block: Span,
    /// The 1-based line number of the `[card]` line.
    pub open_line: u32,
    /// The fields, in file order.
    pub fields: Vec<Field<'s>>,
    /// Why the block could not be read whole (no `[/card]`, a line without `=`, no
    /// `name=`): then the block is not compiled and this is its one error.
    pub malformed: Option<Diagnostic>,
}

impl<'s> CardBlock<'s> {
    /// The first field with key `key`.
    pub fn field(&self, key: &str) -> Option<&Field<'s>> {
        self.fields.iter().find(|field| field.is(key))
    }

    /// The card's name (`name=`), or `""` when it has none.
    pub fn name(&self) -> &'s str {
        self.field("name").map_or("", |field| field.value)
    }

    /// Every field with key `key`, in order.
    pub fn fields_named<'b>(&'b self, key: &'b str) -> impl Iterator<Item = &'b Field<'s>> + 'b {
        self.fields.iter().filter(move |field| field.is(key))
    }
}

/// `source` with each lone CR (an old Mac line end) made an LF, so that whatever reads its
/// lines ([`read`], the debug section's line table, a renderer of diagnostics) sees one line
/// per line: read as it is, such a file is one line and holds no card. One byte for one
/// byte, so every offset and span into the result is the same in `source`.
pub fn with_lf_line_ends(source: &str) -> Cow<'_, str> {
    let bytes = source.as_bytes();
    let is_lone = |at: usize| bytes.get(at + 1) != Some(&b'\n');
    let mut lone_crs = source.match_indices('\r').map(|(at, _)| at).filter(|&at| is_lone(at)).peekable();
    if lone_crs.peek().is_none() {
        return Cow::Borrowed(source);
    }
    let mut text = String::with_capacity(source.len());
    let mut copied = 0;
    for at in lone_crs {
        text.push_str(source.get(copied..at).unwrap_or_default());
        text.push('\n');
        copied = at + 1;
    }
    text.push_str(source.get(copied..).unwrap_or_default());
    Cow::Owned(text)
}

/// `bytes` as text of the same length, each byte that starts no UTF-8 character made a `?`
/// (so that every offset and span into the text is the same in `bytes`), and the offset of
/// the first such byte: a file saved as Latin-1 is read whole, and only the cards holding
/// such a byte are refused ([`crate::compile_bytes_each`]).
pub fn same_length_lossy(bytes: &[u8]) -> (Cow<'_, str>, Option<usize>) {
    let first_invalid = match std::str::from_utf8(bytes) {
        Ok(text) => return (Cow::Borrowed(text), None),
        Err(error) => error.valid_up_to(),
    };
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(std::iter::repeat_n('?', chunk.invalid().len()));
    }
    (Cow::Owned(text), Some(first_invalid))
}

/// The byte-order mark some editors write at the start of a UTF-8 file.
const BOM: &str = "\u{feff}";

/// Every card block of a file, in file order. Lines end with LF or CRLF: a file with lone
/// CRs goes through [`with_lf_line_ends`] first (as `compile_source` does). A byte-order
/// mark at the start of a line is skipped (spans stay offsets in `source`): the file's
/// own, or one that files joined by `cat` carry inside, so that a block reads the same
/// alone as in its file. Outside the blocks, blank
/// lines, `#` comments and a file's `grade=` line are what Wagic's files hold; any other
/// text (a misspelt `[card` line, a stray `[/card]`) starts a malformed block of its own
/// (E0101), which runs to the next `[card]`: its card would be lost otherwise.
pub fn read(source: &str) -> Vec<CardBlock<'_>> {
    let mut cards = Vec::new();
    read_each(source, |block| cards.push(block));
    cards
}

/// [`read`], handing each block to `on_block` as soon as it is read, so that no list of
/// every block is kept.
pub fn read_each<'s>(source: &'s str, mut on_block: impl FnMut(CardBlock<'s>)) {
    let mut open: Option<CardBlock<'_>> = None;
    // Whether the open block is stray text (outside any `[card]`).
    let mut open_is_stray = false;
    let mut offset = 0;
    let mut line_number = 0u32;
    for raw_line in source.split_inclusive('\n') {
        let mut line_start = offset;
        offset += raw_line.len();
        let raw_line = match raw_line.strip_prefix(BOM) {
            Some(rest) => {
                line_start += BOM.len();
                rest
            }
            None => raw_line,
        };
        line_number = line_number.saturating_add(1);
        if let Some(card) = open.as_mut() {
            card.block.end = Span::new(offset, offset).end;
        }
        let line = raw_line.trim_end_matches(['\n', '\r']);
        let text = line.trim();
        let text_start = line_start + (line.len() - line.trim_start().len());
        let text_span = Span::new(text_start, text_start + text.len());
        if text.eq_ignore_ascii_case("[card]") {
            if let Some(mut unfinished) = open.take() {
                unfinished.malformed.get_or_insert_with(|| diagnostics::unterminated_card(unfinished.open));
                unfinished.block.end = Span::new(line_start, line_start).end;
                on_block(unfinished);
            }
            open_is_stray = false;
            open = Some(CardBlock {
                open: text_span,
                block: Span::new(line_start, offset),
                open_line: line_number,
                fields: Vec::new(),
                malformed: None,
            });
            continue;
        }
        if open.is_none() {
            // Outside a block: comments, macro definitions (`#AUTO_DEFINE`), blank lines
            // and the file's grade, which Wagic reads or ignores too.
            if text.is_empty() || text.starts_with('#') || is_grade_line(text) {
                continue;
            }
            let mut stray = CardBlock {
                open: text_span,
                block: Span::new(line_start, offset),
                open_line: line_number,
                fields: Vec::new(),
                malformed: Some(diagnostics::text_outside_card(text_span, text)),
            };
            // The stray line is read as a field too, so that a `name=` names the block.
            if let Some(field) = field_of(line, line_start) {
                stray.fields.push(field);
            }
            open = Some(stray);
            open_is_stray = true;
            continue;
        }
        let Some(card) = open.as_mut() else {
            continue;
        };
        // A block of stray text runs on to the next `[card]`: a thousand stray `[/card]`
        // lines are one error, not a thousand blocks.
        if text.eq_ignore_ascii_case("[/card]") && !open_is_stray {
            if let Some(mut finished) = open.take() {
                if finished.malformed.is_none() {
                    match finished.field("name") {
                        None => finished.malformed = Some(diagnostics::card_without_name(finished.open)),
                        // Wagic reads a card named `` and finds it by no name.
                        Some(name) if name.value.is_empty() => {
                            finished.malformed = Some(diagnostics::empty_name(name.key_span));
                        }
                        Some(_) => {}
                    }
                }
                on_block(finished);
            }
            continue;
        }
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match field_of(line, line_start) {
            // Wagic drops a line that starts with `=` as a bad line.
            Some(field) if field.key.is_empty() => {
                card.malformed.get_or_insert_with(|| diagnostics::line_without_key(text_span, text));
            }
            Some(field) => {
                // Which of two names the card has is anyone's guess (none of Wagic's has two).
                if field.is("name") && !open_is_stray && card.field("name").is_some() {
                    card.malformed.get_or_insert_with(|| diagnostics::second_name(field.key_span));
                }
                card.fields.push(field);
            }
            None => {
                card.malformed.get_or_insert_with(|| diagnostics::line_without_equals(text_span, text));
            }
        }
    }
    if let Some(mut unfinished) = open.take() {
        unfinished.malformed.get_or_insert_with(|| diagnostics::unterminated_card(unfinished.open));
        on_block(unfinished);
    }
}

/// The `key=value` field of `line` (its line end removed), which starts at byte
/// `line_start` of the file; none when the line has no `=`.
fn field_of(line: &str, line_start: usize) -> Option<Field<'_>> {
    let equals = line.find('=')?;
    let key_raw = &line[..equals];
    let key = key_raw.trim();
    let key_start = line_start + (key_raw.len() - key_raw.trim_start().len());
    let value_raw = &line[equals + 1..];
    let value = value_raw.trim();
    let value_start = line_start + equals + 1 + (value_raw.len() - value_raw.trim_start().len());
    Some(Field {
        key,
        key_span: Span::new(key_start, key_start + key.len()),
        value,
        value_span: Span::new(value_start, value_start + value.len()),
    })
}

/// Whether `text` is a file's `grade=` line (`grade=borderline`), which Wagic reads outside
/// the blocks.
fn is_grade_line(text: &str) -> bool {
    text.split_once('=').is_some_and(|(key, _)| key.trim().eq_ignore_ascii_case("grade"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_spans_in_the_file() {
        let source = "# comment\n[card]\nname=Shock\r\nauto=damage:2 target(creature,player)\n[/card]\n";
        let cards = read(source);
        assert_eq!(cards.len(), 1);
        let card = &cards[0];
        assert!(card.malformed.is_none());
        assert_eq!(card.name(), "Shock");
        let auto = card.field("AUTO").expect("auto field");
        assert_eq!(&source[auto.value_span.range()], "damage:2 target(creature,player)");
        assert_eq!(&source[auto.key_span.range()], "auto");
        assert_eq!(card.open_line, 2);
        assert_eq!(
            &source[card.block.range()],
            "[card]\nname=Shock\r\nauto=damage:2 target(creature,player)\n[/card]\n"
        );
    }

    #[test]
    fn a_block_cut_short_is_malformed_not_lost() {
        let cards = read("[card]\nname=A\n[card]\nname=B\nnonsense line\n[/card]\n[card]\n");
        let reasons: Vec<String> =
            cards.iter().map(|card| card.malformed.as_ref().map_or(String::new(), |d| d.message.clone())).collect();
        assert_eq!(
            reasons,
            [
                "card block has no `[/card]`".to_string(),
                "line `nonsense line` has no `=`".to_string(),
                "card block has no `[/card]`".to_string(),
            ]
        );
    }

    #[test]
    fn invalid_bytes_become_question_marks_byte_for_byte() {
        assert!(matches!(same_length_lossy(b"caf\xc3\xa9"), (Cow::Borrowed("caf\u{e9}"), None)));
        let (text, first) = same_length_lossy(b"[card]\nname=Caf\xe9\xff\n\xc3");
        assert_eq!((text.as_ref(), first), ("[card]\nname=Caf??\n?", Some(15)));
    }

    #[test]
    fn lone_crs_become_lfs_byte_for_byte_and_crlfs_stay() {
        assert!(matches!(with_lf_line_ends("a\r\nb\n"), Cow::Borrowed("a\r\nb\n")));
        assert_eq!(with_lf_line_ends("[card]\rname=A\r\n\r[/card]\r"), "[card]\nname=A\r\n\n[/card]\n");
        assert_eq!(with_lf_line_ends("\r"), "\n");
        let cards = read(&with_lf_line_ends("[card]\rname=Shock\rtype=Instant\r[/card]\r")).len();
        assert_eq!(cards, 1);
    }

    /// A file saved with a byte-order mark read as no card at all (its first line was not
    /// `[card]`), and `check` said "0 of 0 cards compile" with exit 0.
    #[test]
    fn a_byte_order_mark_is_skipped_and_spans_stay_in_the_file() {
        let source = "\u{feff}[card]\r\nname=Shock\r\n[/card]\r\n";
        let cards = read(source);
        assert_eq!(cards.len(), 1);
        assert!(cards[0].malformed.is_none(), "{:?}", cards[0].malformed);
        assert_eq!(&source[cards[0].open.range()], "[card]");
        assert_eq!(&source[cards[0].field("name").expect("a name").value_span.range()], "Shock");
        assert_eq!(cards[0].open_line, 1);
    }

    /// Files joined by `cat` carry each file's byte-order mark at the start of a line
    /// inside: it was read as stray text (an E0101 for `\u{feff}[card]`), and a block
    /// starting with one read differently alone, where the mark is the file's.
    #[test]
    fn a_byte_order_mark_at_the_start_of_any_line_is_skipped() {
        let source = "[card]\nname=Shock\n[/card]\n\u{feff}[card]\nname=Bolt\n[/card]\n\u{feff}\n";
        let cards = read(source);
        let names: Vec<(&str, bool)> = cards.iter().map(|card| (card.name(), card.malformed.is_none())).collect();
        assert_eq!(names, [("Shock", true), ("Bolt", true)]);
        assert_eq!(&source[cards[1].open.range()], "[card]");
        assert_eq!(cards[1].open_line, 4);
        let alone = read(&source[cards[1].block.range()]);
        assert_eq!(alone.len(), 1);
        assert_eq!(alone[0].open.start + cards[1].block.start, cards[1].open.start);
    }

    /// A misspelt `[card` line made its card vanish without a word: its lines were outside
    /// any block and skipped as comments are.
    #[test]
    fn text_outside_the_blocks_is_a_malformed_block_of_its_own() {
        let source = "grade=borderline\n# note\n\n[card\nname=Lost\nauto=life:1\n[/card]\n[card]\nname=Kept\n[/card]\n[/card]\nstray words\n[/card]\n[/card]\n";
        let cards = read(source);
        let summary: Vec<(&str, Option<&str>, &str)> = cards
            .iter()
            .map(|card| (card.name(), card.malformed.as_ref().map(|d| d.message.as_str()), &source[card.open.range()]))
            .collect();
        assert_eq!(
            summary,
            [
                ("Lost", Some("`[card` is outside any `[card]` block"), "[card"),
                ("Kept", None, "[card]"),
                ("", Some("`[/card]` is outside any `[card]` block"), "[/card]"),
            ]
        );
        // Stray text runs on to the next `[card]`: one block, however many lines.
        assert_eq!(&source[cards[2].block.range()], "[/card]\nstray words\n[/card]\n[/card]\n");
        assert_eq!(cards[0].open_line, 4);
        // A file of one card whose `[card]` line is misspelt is still one (malformed) card.
        assert_eq!(read("[crad]\nname=Shock\n[/card]\n")[0].name(), "Shock");
        assert!(
            cards[0].malformed.as_ref().and_then(|d| d.help.as_deref()).is_some_and(|help| help.contains("`[card]`"))
        );
    }

    /// A block with two `name=` lines compiled under the first, silently.
    #[test]
    fn a_block_with_two_names_is_malformed() {
        let source = "[card]\nname=Shock\nauto=damage:2\nname=Zap\n[/card]\n";
        let cards = read(source);
        let reason = cards[0].malformed.as_ref().expect("malformed");
        assert_eq!(reason.message, "card block has a second `name=`");
        assert_eq!(&source[reason.span.range()], "name");
        assert_eq!(reason.span.start, 32);
    }

    #[test]
    fn a_block_without_name_is_malformed() {
        let cards = read("[card]\ntype=Creature\n[/card]");
        assert_eq!(cards[0].malformed.as_ref().map(|d| d.message.as_str()), Some("card block has no `name=`"));
    }
}
