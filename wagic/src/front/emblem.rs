//! `emblem transforms((,newability[...],...)) ueot|uynt|forever dontremove` (Wagic's
//! `GenericAbilityMod` on its rules card `ExtraRules`): the card's controller gets an
//! emblem whose abilities are the new ones, for the turn, until their next turn or for
//! the rest of the game (a planeswalker's ultimate; Wagic also makes "this turn" player
//! effects so). Each new ability is lowered as a permanent's `auto=` line of its own
//! (a block of those lines alone, its spans the card's), and must be a trigger or a lord
//! of lasting effects (a continuous auto); they become the card's emblem autos, after its
//! graveyard ones (`Lowered::emblem_autos`), which the card itself never hears, and the
//! effect is the catalogue's `emblem(first, count, lasts)` (`table/emblem.rs`). Wagic
//! puts every emblem on the first player's rules card (`ExtraRules` is an array): here
//! it is the controller's, as the card's text says.

use compiler::Span;
use compiler::ir::{Arg, Auto, Effect, Expr, Link, Statement};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::transforms::gives_an_ability;
use super::{Lowering, Unsupported};
use crate::catalogue::Command;
use crate::reader::{CardBlock, Field};
use crate::table::EmblemLasts;

/// What compiles of an `emblem`.
const EMBLEM_FORM: &str =
    "`emblem` other than `emblem transforms((,newability[...],...))` then `ueot`, `uynt` or `forever dontremove`";

/// What an emblem's new ability may be.
const EMBLEM_ABILITY: &str = "emblem's `newability[...]` other than a trigger or a `lord(...)` of lasting effects (an activated ability, a player's rule, a one-shot effect)";

/// Whether a statement's text (maybe after its label) is an `emblem`.
pub(super) fn is_emblem(piece: Piece<'_>) -> bool {
    emblem_text(piece).is_some()
}

/// The text from `emblem` on, when the piece is one (maybe after a `name(...)` label).
fn emblem_text(piece: Piece<'_>) -> Option<Piece<'_>> {
    let piece = piece.trim();
    let words = piece.words();
    let first = words.first()?;
    let start = match first.call("name") {
        Some((_, after)) if after.text.is_empty() => words.get(1)?.start,
        _ => first.start,
    };
    let rest = piece.from(start - piece.start);
    rest.strip_prefix("emblem ").map(|_| rest)
}

impl<'i> Lowering<'i> {
    /// The statement of `emblem transforms((,newability[...],...)) duration`.
    pub(super) fn emblem(&self, piece: Piece<'_>) -> Result<Statement<'i>, Unsupported> {
        let Some(text) = emblem_text(piece) else { return Err(Unsupported::new(piece, EMBLEM_FORM)) };
        let after_word = text.from("emblem".len()).trim();
        let Some((args, after)) = after_word.call("transforms") else {
            return Err(Unsupported::new(text, EMBLEM_FORM));
        };
        let lasts = duration(after).ok_or_else(|| Unsupported::new(text, EMBLEM_FORM))?;
        let Some((list, rest)) = args.trim().call("") else { return Err(Unsupported::new(text, EMBLEM_FORM)) };
        let parts = list.split_top(",");
        let (Some(types), false) = (parts.first(), parts.len() < 2) else {
            return Err(Unsupported::new(text, EMBLEM_FORM));
        };
        if !types.text.trim().is_empty() || !rest.text.trim().is_empty() {
            return Err(Unsupported::new(text, EMBLEM_FORM));
        }
        let mut abilities = Vec::new();
        for part in &parts[1..] {
            let part = part.trim();
            let inner = part
                .strip_prefix("newability[")
                .filter(|inner| inner.text.ends_with(']'))
                .map(|inner| inner.slice(0, inner.text.len() - 1).trim())
                .ok_or_else(|| Unsupported::new(part, EMBLEM_FORM))?;
            if super::links::names_word(inner.text, "emblem") {
                return Err(Unsupported::new(inner, "`emblem` inside an emblem's ability"));
            }
            abilities.push(inner);
        }
        let autos = self.emblem_abilities(&abilities)?;
        let mut held = self.emblem_autos.borrow_mut();
        let first = held.len();
        let (Ok(first_arg), Ok(count)) = (i32::try_from(first), i32::try_from(autos.len())) else {
            return Err(Unsupported::new(text, "card with more than 256 effects"));
        };
        held.extend(autos);
        let args = [Expr::Int(first_arg), Expr::Int(count), Expr::Int(lasts.code())].map(Arg::Value);
        let link = Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Emblem.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        };
        Ok(Statement {
            condition: None,
            target: None,
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[link]),
            otherwise: None,
            span: piece.span(),
        })
    }

    /// The autos of an emblem's new abilities, each lowered as a permanent's `auto=` line.
    fn emblem_abilities<'p>(&self, abilities: &[Piece<'p>]) -> Result<Vec<Auto<'i>>, Unsupported> {
        let field = |piece: &Piece<'p>| -> Field<'p> {
            let span = Span::new(piece.start, piece.start + piece.text.len());
            Field { key: "auto", key_span: span, value: piece.text, value_span: span }
        };
        // Spans of the lines are the card's: the block starts at the card's start.
        let block = CardBlock {
            open: Span::new(0, 0),
            block: Span::new(0, 0),
            open_line: 1,
            fields: abilities.iter().map(field).collect(),
            malformed: None,
        };
        let lowered = super::lower_block(&block, self.arena, self.known)?;
        let card = lowered.card;
        let whole = abilities.first().map_or(Span::new(0, 0), |first| {
            let last = abilities.last().unwrap_or(first);
            Span::new(first.start, last.start + last.text.len())
        });
        let refused = || Unsupported { span: whole, construct: EMBLEM_ABILITY.into(), help: None };
        if !card.actions.is_empty() || !card.abilities.is_empty() || card.target.is_some() {
            return Err(refused());
        }
        // A trigger or a continuous lord, each effect on targets of its own: an auto without
        // events would run once as the emblem is made, and an effect on its source would
        // act on the emblem (a rule it gave itself, `nomaxhand`, is read of permanents).
        let heard_as_its_own = |auto: &Auto<'_>| {
            !auto.events.is_empty()
                && auto.costs.is_empty()
                && auto.statements.iter().all(|statement| statement.target.is_some() && !gives_an_ability(statement))
        };
        if lowered.graveyard_autos > 0 || lowered.emblem_autos > 0 || !card.autos.iter().all(heard_as_its_own) {
            return Err(refused());
        }
        Ok(card.autos.to_vec())
    }
}

/// The duration written after `transforms((...))`.
fn duration(after: Piece<'_>) -> Option<EmblemLasts> {
    let words: Vec<String> = after.trim().words().iter().map(|word| word.text.to_ascii_lowercase()).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["ueot"] => Some(EmblemLasts::EndOfTurn),
        ["uynt"] => Some(EmblemLasts::UntilYourNextTurn),
        ["forever", "dontremove"] | ["dontremove", "forever"] => Some(EmblemLasts::Forever),
        _ => None,
    }
}
