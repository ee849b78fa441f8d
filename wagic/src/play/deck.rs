//! Wagic deck files: `#NAME:` and `#DESC:` lines, other `#` lines comments, and one card a
//! line, by its Wagic (multiverse) id, named through the set files ([`Sets`]), or by its
//! name with an optional count (`4 Grizzly Bears`, `4x Grizzly Bears`), or as Wagic's
//! newer decks write it, `Name (SET) *count` (the set is not needed: one name, one card).
//! Unlike Wagic, which reads `4 Grizzly Bears` as the card of id 4, a number followed by
//! a name is a count, as are the other ways deck lists write one (`4 x Grizzly Bears`,
//! `x4 Grizzly Bears`, `Grizzly Bears x4`). Sideboard lines, Wagic's `#SB:` and the
//! `SB: 2 Naturalize` of other deck formats, or the lines after a `Sideboard` line, are
//! counted and not played. [`read`] reads
//! one; [`resolve`] turns it into the card names a game plays, each card checked against
//! the library: a name not in the card files, an id no set file maps, or a card that does
//! not compile is a [`DeckError`] at its line, with a stable code.

use crate::sets::Sets;
use crate::table::{Library, Missing};

use super::MAX_DECK_CARDS;

/// The most copies one line may ask for.
pub const MAX_COUNT: u32 = 1000;

/// The most unknown names of one deck given the name meant (`did you mean`).
const MAX_SUGGESTIONS: usize = 20;

/// The most characters of a deck line's name shown in an error.
const MAX_SHOWN_CHARS: usize = 80;

/// A deck line's name as an error shows it: at most [`MAX_SHOWN_CHARS`] characters (a
/// line of megabytes is not printed whole).
fn shown(name: &str) -> String {
    match name.char_indices().nth(MAX_SHOWN_CHARS) {
        Some((at, _)) => format!("{}… ({} bytes)", &name[..at], name.len()),
        None => name.to_string(),
    }
}

/// The most lines of a deck file read (a line past them is an error).
pub const MAX_LINES: usize = 100_000;

/// One card line of a deck file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckLine {
    /// Its line number, from 1.
    pub line: u32,
    /// The card it names.
    pub card: DeckCard,
    /// How many copies.
    pub count: u32,
}

/// How a deck line names its card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckCard {
    /// By Wagic id.
    Id(i32),
    /// By name (any case).
    Name(String),
}

/// A deck file read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deck {
    /// `#NAME:`, empty when absent.
    pub name: String,
    /// Its card lines, in order.
    pub lines: Vec<DeckLine>,
    /// The sideboard's card lines (`SB: 2 Naturalize`, or after a `Sideboard` line): a
    /// game plays the main deck only, as Wagic does.
    pub sideboard: Vec<u32>,
}

/// A deck line the game cannot play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckError {
    /// A stable short code: `deck-unknown-card`, `deck-unknown-id`, `deck-id-without-sets`,
    /// `deck-not-compiled`, `deck-count`, `deck-too-large`, `deck-empty`.
    pub code: &'static str,
    /// Its line (0 for the deck as a whole).
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {} [{}]", self.line, self.message, self.code)
        } else {
            write!(f, "{} [{}]", self.message, self.code)
        }
    }
}

/// Why a deck cannot play, in one line as a sim of every pair of decks lists it: its
/// first error (`line 3: no card named ...`) and how many more.
pub fn refusal(errors: &[DeckError]) -> String {
    let first = errors.first().map_or_else(String::new, |error| match error.line {
        0 => error.message.clone(),
        line => format!("line {line}: {}", error.message),
    });
    match errors.len().saturating_sub(1) {
        0 => first,
        more => format!("{first} (and {more} more errors)"),
    }
}

fn error(code: &'static str, line: u32, message: String) -> DeckError {
    DeckError { code, line, message }
}

/// Reads a deck file: its name and card lines. An error for a count of 0 or above
/// [`MAX_COUNT`], or more than [`MAX_LINES`] lines.
pub fn read(text: &str) -> Result<Deck, DeckError> {
    let mut deck = Deck::default();
    let mut in_sideboard = false;
    // A file saved with a byte order mark (Windows editors), as Wagic's card reader takes one.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        if index >= MAX_LINES {
            return Err(error("deck-too-large", line, format!("more than {MAX_LINES} lines")));
        }
        let text = raw.trim();
        if let Some(comment) = text.strip_prefix('#') {
            // Wagic looks for `NAME:` anywhere in a `#` line.
            if let Some(at) = comment.find("NAME:") {
                deck.name = comment[at + "NAME:".len()..].trim().to_string();
            }
            continue;
        }
        if text.is_empty() {
            continue;
        }
        // Other deck formats' sideboards: `SB: 2 Naturalize` (Magic Workstation) or a
        // `Sideboard` line before the sideboard's cards (Arena, MTGO).
        let heading = text.trim_end_matches(':');
        if heading.eq_ignore_ascii_case("sideboard") {
            in_sideboard = true;
            continue;
        }
        if in_sideboard || text.get(..3).is_some_and(|prefix| prefix.eq_ignore_ascii_case("sb:")) {
            deck.sideboard.push(line);
            continue;
        }
        // Wagic's own form: `name (SET) *count #comment` (`MTGDeck::MTGDeck` reads the count
        // as `atoi` does, after ` *`; `getCardByName` drops the set after ` (`).
        let (text, starred) = match text.split_once(" *") {
            Some((card, count)) => (card.trim(), Some(leading_number(count))),
            None => (text, None),
        };
        let text = text.split_once(" (").map_or(text, |(name, _)| name.trim());
        let (count, name) = match starred {
            Some(count) => (count, text),
            None => counted(text),
        };
        if count == 0 || count > u64::from(MAX_COUNT) {
            return Err(error("deck-count", line, format!("a count of {count} (1 to {MAX_COUNT})")));
        }
        let count = u32::try_from(count).unwrap_or(MAX_COUNT);
        let card = match name.parse::<i32>() {
            Ok(id) => DeckCard::Id(id),
            Err(_) => DeckCard::Name(name.to_string()),
        };
        deck.lines.push(DeckLine { line, card, count });
    }
    Ok(deck)
}

/// A line's count and card: `4 Name`, `4x Name`, `4 x Name`, `x4 Name`, `Name x4`, or
/// `Name` (one copy).
fn counted(text: &str) -> (u64, &str) {
    // `4`, `4x`, `x4` (either case): a count.
    let count = |word: &str| {
        let digits = word.trim_end_matches(['x', 'X']);
        let digits = if digits.len() == word.len() { word.trim_start_matches(['x', 'X']) } else { digits };
        if digits.len() + 1 < word.len() { None } else { digits.parse::<u64>().ok() }
    };
    if let Some((first, rest)) = text.split_once(char::is_whitespace)
        && let Some(number) = count(first)
    {
        let rest = rest.trim_start();
        // `4 x Name`: the `x` is the count's.
        let rest = match rest.split_once(char::is_whitespace) {
            Some((x, name)) if x.eq_ignore_ascii_case("x") && first.bytes().all(|b| b.is_ascii_digit()) => {
                name.trim_start()
            }
            _ => rest,
        };
        return (number, rest);
    }
    if let Some((rest, last)) = text.rsplit_once(char::is_whitespace)
        && last.len() > 1
        && last.starts_with(['x', 'X'])
        && let Some(number) = count(last)
    {
        return (number, rest.trim_end());
    }
    (1, text)
}

/// The number at the start of `text` (after spaces), as C's `atoi` reads it: 0 when
/// there is none, [`u64::MAX`] past it.
fn leading_number(text: &str) -> u64 {
    let digits: String = text.trim_start().chars().take_while(char::is_ascii_digit).take(20).collect();
    if digits.is_empty() { 0 } else { digits.parse().unwrap_or(u64::MAX) }
}

/// The card names (as the library writes them, one a copy, in deck order) a game plays
/// of `deck`; with `skip_uncompiled`, the lines naming a card that does not compile are
/// left out and returned beside them. Every other line the game cannot play is an error,
/// all of them returned; so is a deck of more than [`MAX_DECK_CARDS`] cards, and one with
/// no card to play (`deck-empty`).
pub fn resolve(
    deck: &Deck,
    library: &Library,
    sets: Option<&Sets>,
    skip_uncompiled: bool,
) -> Result<(Vec<String>, Vec<DeckError>), Vec<DeckError>> {
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut left_out = Vec::new();
    let mut suggested = 0usize;
    let mut all_names: Option<Vec<&str>> = None;
    let known = |entry: &crate::sets::SetEntry| library.name_of(&entry.name).is_some();
    for line in &deck.lines {
        let written = match &line.card {
            DeckCard::Name(name) => name.clone(),
            DeckCard::Id(id) => {
                let Some(sets) = sets else {
                    // One error for the deck's first id: a deck of Wagic's AI folder gives
                    // sixty, and each would say the same.
                    if !errors.iter().any(|error: &DeckError| error.code == "deck-id-without-sets") {
                        let ids = deck.lines.iter().filter(|line| matches!(line.card, DeckCard::Id(_))).count();
                        let others = match ids {
                            1 => String::new(),
                            2 => ", as does 1 more line".to_string(),
                            _ => format!(", as do {} more lines", ids - 1),
                        };
                        let message = format!(
                            "card id {id} with no set files to name it{others}: pass `--sets` with a Wagic \
                             install's `Res/sets` folder"
                        );
                        errors.push(error("deck-id-without-sets", line.line, message));
                    }
                    continue;
                };
                match sets.printing(*id, known) {
                    Some(printing) => printing.entry.name.clone(),
                    None => {
                        errors.push(error("deck-unknown-id", line.line, format!("no set file has card id {id}")));
                        continue;
                    }
                }
            }
        };
        let mut unknown = || {
            // A misspelt name gets the card meant, for the first few lines only: each
            // suggestion looks at every name of the card files.
            let hint = if suggested < MAX_SUGGESTIONS {
                suggested += 1;
                let names = all_names.get_or_insert_with(|| {
                    let mut names: Vec<&str> = library.names().collect();
                    // In one order, so that of two names as close the same is given.
                    names.sort_unstable();
                    names
                });
                crate::front::did_you_mean(&written, names.iter().copied()).map(|hint| format!(": {hint}"))
            } else {
                None
            };
            let message = format!("no card named `{}` in the card files{}", shown(&written), hint.unwrap_or_default());
            error("deck-unknown-card", line.line, message)
        };
        let Some(name) = library.name_of(&written) else {
            errors.push(unknown());
            continue;
        };
        match library.rules_of(name) {
            Ok(_) => {}
            Err(Missing::Unknown) => {
                errors.push(unknown());
                continue;
            }
            Err(Missing::NotCompiled(why)) => {
                let message = format!("`{name}` does not compile ({why})");
                let refused = error("deck-not-compiled", line.line, message);
                if skip_uncompiled {
                    left_out.push(refused);
                } else {
                    errors.push(refused);
                }
                continue;
            }
        }
        if cards.len().saturating_add(line.count as usize) > MAX_DECK_CARDS {
            let message = format!("more than {MAX_DECK_CARDS} cards (a game plays at most that many a deck)");
            errors.push(error("deck-too-large", line.line, message));
            break;
        }
        cards.extend(std::iter::repeat_n(name.to_string(), line.count as usize));
    }
    if errors.is_empty() && cards.is_empty() {
        // Nothing to play (a file of comments, the wrong file, every card left out): the
        // game would only be lost on the first draw.
        let message = if left_out.is_empty() {
            "no card lines (one card a line: `4 Grizzly Bears`, `Forest`, or a Wagic id)".to_string()
        } else {
            format!("no card left to play: the {} lines of cards that do not compile are left out", left_out.len())
        };
        errors.push(error("deck-empty", 0, message));
    }
    if errors.is_empty() { Ok((cards, left_out)) } else { Err(errors) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_file_gives_its_name_ids_names_and_counts() {
        let text = "# NAME: Nightmare\n#DESC:a deck\n#2x Bog Wraith\n1146\n\n4 Grizzly Bears\n2x Forest\nShock\n";
        let deck = read(text).expect("reads");
        assert_eq!(deck.name, "Nightmare");
        let lines: Vec<(u32, DeckCard, u32)> = deck.lines.into_iter().map(|l| (l.line, l.card, l.count)).collect();
        assert_eq!(
            lines,
            vec![
                (4, DeckCard::Id(1146), 1),
                (6, DeckCard::Name("Grizzly Bears".into()), 4),
                (7, DeckCard::Name("Forest".into()), 2),
                (8, DeckCard::Name("Shock".into()), 1),
            ]
        );
    }

    #[test]
    fn wagic_s_starred_lines_give_a_name_a_set_and_a_count() {
        let deck = read("Crusade (RV)                 * 2 #\nPlains (10E)                 *20 #\n1129 *3\nShock\n")
            .expect("reads");
        let lines: Vec<(DeckCard, u32)> = deck.lines.into_iter().map(|l| (l.card, l.count)).collect();
        assert_eq!(
            lines,
            vec![
                (DeckCard::Name("Crusade".into()), 2),
                (DeckCard::Name("Plains".into()), 20),
                (DeckCard::Id(1129), 3),
                (DeckCard::Name("Shock".into()), 1),
            ]
        );
        // No number after ` *`: `atoi` reads 0, a count the game refuses.
        assert_eq!(read("Shock *many\n").expect_err("no count").code, "deck-count");
    }

    #[test]
    fn odd_lines_read_without_a_panic() {
        for text in [
            " *",
            " (",
            "*",
            "(",
            "x",
            "-5 Forest",
            "4x",
            "4x ",
            "\u{0}",
            "#NAME:",
            "#",
            " * 3",
            "a (b *c (",
            "99999999999999999999999999 *99999999999999999999999",
            "2147483648",
            "-2147483649",
            "\r\n\r\n",
        ] {
            let _ = read(text);
        }
        // `4x` alone is a name (no card follows the count).
        assert_eq!(read("4x\n").expect("a name").lines[0].card, DeckCard::Name("4x".into()));
        // A number past the ids Wagic can use is a name the card files lack.
        assert_eq!(read("2147483648\n").expect("a name").lines[0].card, DeckCard::Name("2147483648".into()));
    }

    /// A byte order mark made the first line a card name (`\u{feff}#NAME:Bears`).
    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_line() {
        let deck = read("\u{feff}#NAME:Bears\r\n4 Forest\r\n").expect("a deck");
        assert_eq!(deck.name, "Bears");
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.lines[0].card, DeckCard::Name("Forest".into()));
    }

    /// `x4 Lava Spike`, `4 x Incinerate` and `Shock x4` were names the card files lack.
    #[test]
    fn a_count_reads_as_deck_lists_write_it() {
        let text = "4 Bolt\n4x Bolt\n4X Bolt\nx4 Bolt\n4 x Bolt\n4 X Bolt\nBolt x4\nBolt *4\n";
        let deck = read(text).expect("reads");
        for line in &deck.lines {
            assert_eq!((&line.card, line.count), (&DeckCard::Name("Bolt".into()), 4), "line {}", line.line);
        }
        assert_eq!(deck.lines.len(), 8);
        // Words that only look like counts stay in the name.
        let names = |text: &str| -> Vec<(String, u32)> {
            read(text)
                .expect("reads")
                .lines
                .into_iter()
                .map(|line| match line.card {
                    DeckCard::Name(name) => (name, line.count),
                    DeckCard::Id(id) => (id.to_string(), line.count),
                })
                .collect()
        };
        assert_eq!(names("xx4 Bolt\n"), [("xx4 Bolt".into(), 1)]);
        assert_eq!(names("Bolt x\n"), [("Bolt x".into(), 1)]);
        assert_eq!(names("x Bolt\n"), [("x Bolt".into(), 1)]);
        assert_eq!(names("4x x Bolt\n"), [("x Bolt".into(), 4)]);
        assert_eq!(names("2 x 1129\n"), [("1129".into(), 2)]);
    }

    /// `SB: 2 Naturalize` was a card name; the lines after `Sideboard` were played.
    #[test]
    fn sideboard_lines_are_counted_and_not_played() {
        let deck =
            read("4 Forest\n#SB:1129\nSB: 2 Naturalize\nsb:Shock\n\nSideboard:\n3 Giant Growth\n").expect("reads");
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.sideboard, [3, 4, 7]);
        let deck = read("sideboard\n4 Forest\n").expect("reads");
        assert_eq!((deck.lines.len(), deck.sideboard.len()), (0, 1));
    }

    /// A 3 MB name was printed whole in its error.
    #[test]
    fn a_long_name_is_shown_cut() {
        let long = "A".repeat(1_000_000);
        let cut = shown(&long);
        assert!(cut.starts_with(&"A".repeat(MAX_SHOWN_CHARS)), "{cut}");
        assert!(cut.ends_with("… (1000000 bytes)"), "{cut}");
        assert!(cut.len() < 200);
        assert_eq!(shown("Grizzly Bears"), "Grizzly Bears");
        // Cut at a character, not inside one.
        assert!(shown(&"é".repeat(100)).starts_with(&"é".repeat(MAX_SHOWN_CHARS)));
    }

    #[test]
    fn a_count_out_of_range_is_an_error_at_its_line() {
        let zero = read("Forest\n0 Forest\n").expect_err("a count of 0");
        assert_eq!((zero.code, zero.line), ("deck-count", 2));
        let huge = read("99999999999 Forest\n").expect_err("too many");
        assert_eq!((huge.code, huge.line), ("deck-count", 1));
    }
}
