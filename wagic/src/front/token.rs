//! `token(Name,types,p/t[,colours and keyword abilities...])[*n]`: a token creature
//! described in place, as a call of the catalogue's `token` command; `token(id)[*n]`: a
//! token of the card the printing with Wagic id `id` names (`crate::token_cards`), as a
//! call of `tokencard`.

use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::amount::{Amount, pump_of};
use super::piece::Piece;
use super::{Lowering, Unsupported, ability_of, did_you_mean, spec};
use crate::catalogue::{self, Command};
use crate::token_cards::TokenCardError;

/// The help of a `token(id)` that names no card: the token described in place.
const DESCRIBE_IN_PLACE: &str = "describe the token in place: `token(Saproling,creature saproling,1/1,green)`";

impl<'i> Lowering<'i> {
    /// `token(Name,types,p/t[,colours and keyword abilities...])[*n]`: a token creature
    /// described in place, or `token(id)` ([`Lowering::token_by_id`]). Wagic's other forms
    /// (a token card named alone, a computed p/t or count) are refused, each with its own
    /// construct.
    pub(super) fn token(&self, args: Piece<'_>, after: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        let trimmed = args.trim();
        if trimmed.text.trim_start_matches('-').parse::<i64>().is_ok() {
            return self.token_by_id(trimmed, after);
        }
        let parts = args.split_top(",");
        let [name, types, pt, traits @ ..] = parts.as_slice() else {
            return Err(Unsupported::new(trimmed, "token by card name").with_help(Some(DESCRIBE_IN_PLACE.into())));
        };
        let name = name.trim();
        if name.text.is_empty() {
            return Err(Unsupported::new(args, "token without a name"));
        }
        let mut type_words = Vec::new();
        for word in types.trim().words() {
            let lower = word.text.to_ascii_lowercase();
            let known = catalogue::CARD_TYPES.iter().any(|spec| spec.name == lower)
                || catalogue::SUBTYPES.contains(&lower.as_str());
            if !known {
                let names =
                    catalogue::CARD_TYPES.iter().map(|spec| spec.name).chain(catalogue::SUBTYPES.iter().copied());
                return Err(Unsupported::new(word, &format!("token type `{}`", spec::quoted(&lower)))
                    .with_help(did_you_mean(&lower, names)));
            }
            type_words.push(lower);
        }
        if type_words.is_empty() {
            return Err(Unsupported::new(*types, "token without types"));
        }
        let pt = pt.trim();
        let (power, toughness) = pump_of(pt.text)
            .ok_or_else(|| Unsupported::new(pt, &format!("token p/t `{}`", spec::leading_word(pt.text))))?;
        let mut colours: Vec<&'static str> = Vec::new();
        let mut abilities: Vec<&'static str> = Vec::new();
        for item in traits {
            let item = item.trim();
            // `first strike`, `protection from black`: one ability written with blanks.
            if let Some(ability) = ability_of(item.text) {
                push_once(&mut abilities, catalogue::ABILITIES[ability.index()].name);
                continue;
            }
            // `flying red`, `white black flying`, `redblue`: colours and abilities in one item.
            for word in item.words() {
                let lower = word.text.to_ascii_lowercase();
                if let Some(ability) = ability_of(&lower) {
                    push_once(&mut abilities, catalogue::ABILITIES[ability.index()].name);
                } else if lower == "artifact" || lower == "colorless" {
                    // Wagic's word for no colour.
                } else if let Some(found) = colours_of(&lower) {
                    for colour in found {
                        push_once(&mut colours, colour);
                    }
                } else {
                    let known = catalogue::COLOUR_NAMES
                        .iter()
                        .copied()
                        .chain(catalogue::ABILITIES.iter().map(|spec| spec.name));
                    return Err(Unsupported::new(word, &format!("token ability `{}`", spec::leading_word(&lower)))
                        .with_help(did_you_mean(&lower, known)));
                }
            }
        }
        let count = self.token_count(after)?;
        let text = |text: &str| Arg::Value(Expr::Str(self.arena.alloc_str(text)));
        let mut args = vec![
            text(name.text),
            text(&type_words.join(" ")),
            Arg::Value(Expr::Int(power)),
            Arg::Value(Expr::Int(toughness)),
            text(&colours.join(" ")),
            text(&abilities.join(" ")),
        ];
        if let Some(count) = count {
            args.extend(count.args());
        }
        Ok(Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Token.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        })
    }

    /// `token(id)[*n]`: n tokens of the card the printing with Wagic id `id` names, found
    /// in the set files (`crate::token_cards`); refused without them, or when no printing
    /// of a card of the card files has the id (Wagic would make a 0/0 `ID NOT FOUND`).
    fn token_by_id(&self, id: Piece<'_>, after: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        let Some(token_cards) = self.known.token_cards else {
            return Err(Unsupported::new(id, "token by card id (`token(-id)`) without the set files")
                .with_help(Some("pass Wagic's `Res/sets` folder with `--sets`: the id is a printing's there".into())));
        };
        // Wagic reads the id with `atoi`: a number past an `int` is none of its printings.
        let card =
            id.text.parse::<i32>().map_err(|_| TokenCardError::NoPrinting).and_then(|id| token_cards.card_of(id));
        let card = match card {
            Ok(card) => card,
            Err(TokenCardError::NoPrinting) => {
                let help = format!(
                    "no printing of the set files has id {}: Wagic makes a 0/0 token named `ID NOT FOUND` in its place; {DESCRIBE_IN_PLACE}",
                    id.text
                );
                return Err(
                    Unsupported::new(id, "token by card id (`token(-id)`) of no printing").with_help(Some(help))
                );
            }
            Err(TokenCardError::UnknownCard(name, set)) => {
                let help = format!(
                    "id {} is `{name}` of set {set}, which no card file has: add the card, or {DESCRIBE_IN_PLACE}",
                    id.text
                );
                return Err(
                    Unsupported::new(id, "token by card id (`token(-id)`) of a card no file has").with_help(Some(help))
                );
            }
        };
        let mut args = vec![Arg::Value(Expr::Str(self.arena.alloc_str(&card)))];
        if let Some(count) = self.token_count(after)? {
            args.extend(count.args());
        }
        Ok(Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::TokenCard.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        })
    }

    /// The count after `token(...)`: none, or `*amount` (any amount [`Lowering::amount`]
    /// reads: `*2`, `*x`, `*type:creature:mybattlefield`, `*thatmuch` in a damage trigger).
    fn token_count(&self, after: Piece<'_>) -> Result<Option<Amount<'i>>, Unsupported> {
        let after = after.trim();
        match after.strip_prefix("*") {
            None if after.text.is_empty() => Ok(None),
            None => Err(Unsupported::new(after, "text after `token(...)`")),
            Some(count) => self.amount(count, "token count").map(Some),
        }
    }
}

/// Pushes `value` unless the list holds it already.
fn push_once(list: &mut Vec<&'static str>, value: &'static str) {
    if !list.contains(&value) {
        list.push(value);
    }
}

/// The colours of a word made only of colour names (`green`, `redblue`), in the order
/// written; `None` for any other word.
fn colours_of(word: &str) -> Option<Vec<&'static str>> {
    let mut found = Vec::new();
    let mut rest = word;
    while !rest.is_empty() {
        let colour = catalogue::COLOUR_NAMES.iter().find(|name| rest.starts_with(**name))?;
        found.push(*colour);
        rest = &rest[colour.len()..];
    }
    (!found.is_empty()).then_some(found)
}
