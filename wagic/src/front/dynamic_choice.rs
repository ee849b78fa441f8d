//! `dynamicability<!...!>` naming a one-card `target(...)` chosen as its statement resolves
//! (Nantuko Mentor's `{2}{G}{T}:target(creature) dynamicability<!mytgt powerpumpboth!>`,
//! Viashino Heretic's `target(artifact) dynamicability<!mytgt manacoststrike
//! targetcontroller!> destroy`, Tracker's fight `target(creature) dynamicability<!powerstrike
//! eachother!>`): the runtime names a chosen target only in the statements after the one
//! choosing it (`prevtgt`), so the statement chooses it and the effect follows in
//! statements of its own, run when a target was chosen.

use compiler::ir::{Arg, ChainOperator, Condition, Effect, Expr, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::Command;

/// A `dynamicability` statement as lowered so far: where it is written, its target and
/// the ability after `!>`, and whose amount it reads.
pub(super) struct Written<'i, 's> {
    /// The statement.
    pub statement: Piece<'s>,
    /// What `<!` and `!>` enclose.
    pub inside: Piece<'s>,
    /// The statement's target.
    pub choice: Option<Target<'i>>,
    /// The links of the ability written after `!>`.
    pub stored: &'i [Link<'i>],
    /// Whether the amount is the target's (not the source's).
    pub from_target: bool,
    /// The amount's word (`power`, `toughness`, `manacost`).
    pub amount: &'static str,
}

impl<'i> Lowering<'i> {
    /// The statement choosing the target (doing nothing to it), with the statements doing
    /// `call` and the ability after `!>` (`stored`) left in `dynamic_after`: on the chosen
    /// card, `call` first (Wagic reads the amount before its stored ability runs, and its
    /// destroy or exile would end the pumps read); for another recipient, the stored ability
    /// on the card, then `call` on the recipient.
    pub(super) fn after_the_choice(
        &self,
        written: &Written<'i, '_>,
        call: Link<'i>,
        recipient: Option<&'i Expr<'i>>,
    ) -> Result<(Option<Target<'i>>, &'i [Link<'i>]), Unsupported> {
        let Written { statement, inside, choice, stored, from_target, amount } = *written;
        let hand = crate::catalogue::ZONES.iter().position(|zone| zone.name == "hand");
        let in_a_hand = matches!(choice, Some(Target::Filter { filter, .. })
            if Some(filter.zone.zone.index()) == hand);
        if in_a_hand {
            // Spellbound Dragon's discard: its printed "draw a card, then discard a card"
            // is another line of the same trigger, which may run after this one.
            return Err(Unsupported::new(inside, "`dynamicability` reading a card chosen in a hand"));
        }
        let chosen = self.arena.alloc(Expr::Var(spec::variable("prevtgt")));
        let on_chosen = Target::Expr { value: chosen, optional: true };
        let after = |target: Target<'i>, chain: &[Link<'i>]| Statement {
            condition: Some(Condition::If(Expr::Var(spec::variable("prevtgt")))),
            target: Some(target),
            restriction: None,
            chain: self.arena.alloc_slice_copy(chain),
            otherwise: None,
            span: statement.span(),
        };
        let mut statements = Vec::with_capacity(2);
        match recipient {
            None => {
                let mut chain = vec![call];
                chain.extend(stored.iter().enumerate().map(|(index, link)| Link {
                    operator: if index == 0 { Some(ChainOperator::Then) } else { link.operator },
                    ..*link
                }));
                statements.push(after(on_chosen, &chain));
            }
            Some(value) => {
                if !stored.is_empty() {
                    if from_target && amount != "manacost" {
                        // Avenger en-Dal's exiled creature: its toughness read after the
                        // exile would miss its pumps; a mana value is the same anywhere.
                        return Err(Unsupported::new(
                            inside,
                            "`dynamicability` giving another recipient the power or toughness of a target its stored ability acts on",
                        ));
                    }
                    statements.push(after(on_chosen, stored));
                }
                statements.push(after(Target::Expr { value, optional: true }, &[call]));
            }
        }
        self.dynamic_after.borrow_mut().extend(statements);
        Ok((choice, self.does_nothing()))
    }

    /// Wagic's `eachother` of a source's amount (`powerstrike eachother`, a fight): the
    /// source deals its amount to the chosen target, then the target deals its own to the
    /// source, read after the first damage as `strike.rs`'s fights do.
    pub(super) fn each_other(
        &self,
        written: &Written<'i, '_>,
        chosen: bool,
        effect: &str,
        value: Expr<'i>,
    ) -> Result<(Option<Target<'i>>, &'i [Link<'i>]), Unsupported> {
        let Written { statement, inside, choice, stored, from_target, amount } = *written;
        // Wagic reads the target's amount back for a power or a toughness only.
        let fought = ["power", "toughness"].contains(&amount);
        if effect != "strike" || from_target || !stored.is_empty() || !chosen || !fought {
            return Err(Unsupported::new(
                inside,
                "`dynamicability` recipient `eachother` other than its source's damage to and from one target chosen as it resolves",
            ));
        }
        let damage = |args: &[Arg<'i>]| Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Damage.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(args),
            },
        };
        let card = &*self.arena.alloc(Expr::Index(self.arena.alloc(Expr::Var(spec::variable("prevtgt"))), 0));
        let back = self.dynamic_amount(card, amount, false);
        let source = self.arena.alloc(Expr::Var(spec::variable("this")));
        self.dynamic_after.borrow_mut().push(Statement {
            condition: Some(Condition::If(Expr::Var(spec::variable("prevtgt")))),
            target: Some(Target::Expr { value: source, optional: false }),
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[damage(&[
                Arg::Value(back),
                Arg::Value(Expr::Nil),
                Arg::Value(*card),
            ])]),
            otherwise: None,
            span: statement.span(),
        });
        Ok((choice, self.arena.alloc_slice_copy(&[damage(&[Arg::Value(value)])])))
    }

    /// A chain of the catalogue's `donothing`.
    fn does_nothing(&self) -> &'i [Link<'i>] {
        let command = CommandIdx::new(Command::DoNothing.index());
        self.arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args: &[] } }])
    }
}
