//! One mistake does not hide the next: after a card's first error, the card is lowered
//! again without the line of that error (nor the lines lowered before it, but for those
//! that give the others their context), and again, so that each line's first mistake is
//! reported (every `auto=` line is lowered on its own). A misspelt `type=` is not left out
//! but read as its suggestion (`Instnt` as `Instant`), or without the word when there is
//! none: a spell read as a permanent would get errors of a permanent. An error of the whole
//! card (an Aura without `target=`) ends the search: after a line is left out, such an
//! error may be that line's doing.
use bumpalo::Bump;
use compiler::Span;

use crate::catalogue;
use crate::front::{self, Unsupported};
use crate::reader::{CardBlock, Field};

/// The most further errors of one card: each is one more lowering of the card.
pub const MAX_FURTHER_ERRORS: usize = 16;

/// The errors of `block`'s other lines after `first`, its first error, in the order the
/// front end meets them (their spans are offsets in the block, as `first`'s is).
/// `known` is what the card was lowered with ([`front::lower_card_with`]).
pub fn further_errors(
    block: &CardBlock<'_>,
    first: &Unsupported,
    arena: &Bump,
    known: front::Known<'_>,
) -> Vec<Unsupported> {
    let recovered_type = block.field("type").map(|field| recovered_type(field.value)).unwrap_or_default();
    let mut fields: Vec<Field<'_>> = block.fields.clone();
    let mut errors = Vec::new();
    let mut at = first.span.start;
    while errors.len() < MAX_FURTHER_ERRORS {
        let file_offset = at.saturating_add(block.block.start);
        let Some(index) = fields
            .iter()
            .position(|field| within(field.key_span, file_offset) || within(field.value_span, file_offset))
        else {
            break;
        };
        if fields[index].is("type") && fields[index].value != recovered_type {
            fields[index].value = &recovered_type;
        } else {
            fields.remove(index);
            // The lines before were lowered without an error: with none after that the
            // front end lowers, lowering the card again could only find an error of the
            // whole card, which ends the search anyway.
            if !fields[index..].iter().any(|field| !front::describes_only(field.key)) {
                break;
            }
            // Nor are they lowered again, but for what gives the lines after their context:
            // what describes the card, a spell's or an Aura's `target=`, `abilities=` (the
            // madness an `autoexile=` line needs) and triggers (a trigger's restriction is
            // refused beside another trigger on its event).
            let mut position = 0;
            fields.retain(|field| {
                position += 1;
                position > index
                    || front::describes_only(field.key)
                    || field.is("target")
                    || field.is("abilities")
                    || field.value.starts_with('@')
            });
        }
        let variant = CardBlock {
            open: block.open,
            block: block.block,
            open_line: block.open_line,
            fields: fields.clone(),
            malformed: None,
        };
        let Err(next) = front::lower_card_with(&variant, arena, known) else { break };
        let next_offset = next.span.start.saturating_add(block.block.start);
        if !fields.iter().any(|field| within(field.key_span, next_offset) || within(field.value_span, next_offset)) {
            break;
        }
        at = next.span.start;
        errors.push(next);
    }
    errors
}

/// Whether `offset` is in `span` or at its end (an empty value's span is its end).
fn within(span: Span, offset: u32) -> bool {
    span.start <= offset && offset <= span.end
}

/// A `type=` value with each unknown word read as the card type it is closest to, or
/// left out when none is close.
fn recovered_type(value: &str) -> String {
    let names = || catalogue::CARD_TYPES.iter().map(|card_type| card_type.name);
    let words: Vec<&str> = value
        .split_ascii_whitespace()
        .filter_map(|word| {
            if names().any(|name| name.eq_ignore_ascii_case(word)) {
                return Some(word);
            }
            let help = front::did_you_mean(word, names())?;
            names().find(|name| help == format!("did you mean `{name}`?"))
        })
        .collect();
    words.join(" ")
}
