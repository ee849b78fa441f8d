//! An instant's or sorcery's line giving its one target card a new ability that deals
//! damage equal to that card's power (or toughness) to a target chosen as it resolves:
//! `transforms((,newability[target(creature|opponentbattlefield) dynamicability<!powerstrike
//! eachother!>])) ueot` (Prey Upon: "target creature you control fights target creature you
//! don't control"), `newability[dynamicability<!powerstrike!> target(creature)]` (Crush
//! Underfoot: "it deals damage equal to its power to target creature"), `newability[all(other
//! creature) dynamicability<!powerstrike!>]` (Chandra's Ignition: "to each other creature").
//!
//! Wagic's `ATransformer` parses the new ability with the transformed card as its source: a
//! `MayAbility` that must be taken, asking for the target once the spell has resolved, then
//! Wagic's `AADynamic` deals the damage from the transformed card (`eachother`: and the
//! chosen card deals damage equal to its own amount back). Lowered, after every other line
//! of the spell (the `MayAbility` is asked once the spell has resolved: Savage Punch's pump
//! comes first), as a statement choosing the target and dealing the damage with the
//! catalogue's `damage` from the spell's target (`tgt`) (`all(spec)`: on every match), then
//! for `eachother` one dealing the chosen card's amount back to the spell's target, when a
//! card was chosen (`prevtgt`).
//! A creature never fights itself, and `other` is the transformed card (its source in
//! Wagic): both leave the spell's target out of the choice. A zone named by whose it is
//! (`opponentbattlefield`), and `all(...)`'s player words, are the transformed card's
//! controller's: the spell's target must be among its controller's cards. Any other new ability of `dynamicability` striking (a
//! target of several cards, another amount or recipient) is refused with [`REFUSED`].

use compiler::ir::{Arg, BinaryOp, Condition, Effect, Expr, Link, Statement, Target};
use vm::bytecode::{CommandIdx, CompareOp, SelectorIdx};

use super::piece::Piece;
use super::{Lowering, TargetController, Unsupported, dynamic, spec};
use crate::catalogue::Command;

/// The strike lines the front end does not compile.
pub(super) const REFUSED: &str = "transforms part `newability[dynamicability<!...strike...!>]` other than a spell's one \
     target striking one target chosen as it resolves";

/// The one `newability[...]`'s effect of a spell's line `transforms((,newability[...]))
/// [ueot|forever]` whose effect holds `dynamicability<!...!>` striking: `None` otherwise.
pub(super) fn strike_part(value: Piece<'_>) -> Option<Piece<'_>> {
    let words = value.trim().words();
    let transforms = match words.as_slice() {
        [word] => *word,
        [word, last] if ["ueot", "forever"].iter().any(|end| last.text.eq_ignore_ascii_case(end)) => *word,
        _ => return None,
    };
    let parts = super::transforms::untyped_new_abilities(transforms)?;
    let [(_, inner)] = parts.as_slice() else { return None };
    let found = dynamic::find(*inner)?;
    found.inside.text.to_ascii_lowercase().contains("strike").then_some(*inner)
}

impl<'i> Lowering<'i> {
    /// The statements of a spell's strike line ([`strike_part`]'s), run after its other
    /// lines: the chosen target is dealt the spell's target's amount by that card, then for
    /// `eachother` the spell's target the chosen card's.
    pub(super) fn strike_line(&self, value: Piece<'_>) -> Result<Vec<Statement<'i>>, Unsupported> {
        let Some(inner) = strike_part(value) else {
            return Err(Unsupported::new(value, REFUSED));
        };
        let refused = || Unsupported::new(inner, REFUSED);
        if self.target_controller != TargetController::SpellTarget || self.spell_targets_several {
            return Err(refused());
        }
        let found = dynamic::find(inner).ok_or_else(refused)?;
        let words = dynamic::read(found.inside.text);
        let amount = match (words.source, words.amount, words.effect, words.recipient) {
            (None, Some(amount @ ("power" | "toughness")), Some("strike"), None | Some("eachother")) => amount,
            _ => return Err(refused()),
        };
        let each_other = words.recipient == Some("eachother");
        // The one word besides `dynamicability<!...!>`: `target(spec)`.
        let others: Vec<Piece<'_>> =
            inner.words().into_iter().filter(|word| !found.range.contains(&(word.start - inner.start))).collect();
        let [word] = others.as_slice() else { return Err(refused()) };
        // `all(spec)` (Chandra's Ignition's "each other creature"): every match, no fight.
        let (args, after, all) = match (word.call("target"), word.call("all")) {
            (Some((args, after)), _) => (args, after, false),
            (None, Some((args, after))) if !each_other => (args, after, true),
            _ => return Err(refused()),
        };
        if !after.text.is_empty() {
            return Err(refused());
        }
        let mut spec = spec::read(args)?;
        if !matches!(spec.count, spec::Count::One) {
            // `eachother` reads one chosen card.
            return Err(refused());
        }
        if (all || spec.zone.is_some_and(|(prefix, _)| prefix.is_some())) && !self.spell_target_mine {
            // `opponentbattlefield`, `all(opponent)` are the transformed card's controller's.
            return Err(refused());
        }
        let transformed: &'i Expr<'i> =
            self.arena.alloc(Expr::Index(self.arena.alloc(Expr::Var(spec::variable("tgt"))), 0));
        let leave_out = spec.other || each_other;
        spec.other = false;
        let mut filter = *self.specs.filter(&spec, all)?;
        if leave_out {
            if filter.selector.is_some() {
                return Err(refused());
            }
            filter.selector = Some((SelectorIdx::new(0), transformed));
        }
        let filter = &*self.arena.alloc(filter);
        let strike = Statement {
            condition: None,
            target: Some(Target::Filter { filter, optional: false }),
            restriction: None,
            chain: self.damage_from(transformed, amount),
            otherwise: None,
            span: inner.span(),
        };
        let mut statements = vec![strike];
        if each_other {
            let chosen: &'i Expr<'i> =
                self.arena.alloc(Expr::Index(self.arena.alloc(Expr::Var(spec::variable("prevtgt"))), 0));
            statements.push(Statement {
                condition: Some(Condition::If(Expr::Var(spec::variable("prevtgt")))),
                target: Some(Target::Expr { value: transformed, optional: false }),
                restriction: None,
                chain: self.damage_from(chosen, amount),
                otherwise: None,
                span: inner.span(),
            });
        }
        Ok(statements)
    }

    /// One link: the catalogue's `damage` of `card`'s `amount` (`power`, `toughness`; below
    /// 0 counted as 0, as Wagic's `AADynamic`), dealt by `card`.
    fn damage_from(&self, card: &'i Expr<'i>, amount: &str) -> &'i [Link<'i>] {
        let read = self.arena.alloc(Expr::Attr(card, spec::attribute(amount)));
        let above_zero =
            self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), read, self.arena.alloc(Expr::Int(0))));
        let value = Expr::Or(self.arena.alloc(Expr::And(above_zero, read)), self.arena.alloc(Expr::Int(0)));
        let args = self.arena.alloc_slice_copy(&[Arg::Value(value), Arg::Value(Expr::Nil), Arg::Value(*card)]);
        let command = CommandIdx::new(Command::Damage.index());
        self.arena.alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }])
    }
}
