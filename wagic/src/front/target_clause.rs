//! A statement's target parts: `target(spec)`, `all(spec)`, `lord(spec)` and the event's
//! object (`all(trigger)`), the source left out (`other`), and a chain run only while a
//! spec's cards number more or fewer than a count (`aslongas` criteria).

use compiler::ir::{Arg, Effect, Expr, Link, Target, TypeTerm};
use vm::bytecode::{CommandIdx, Const};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, Command};

impl<'i> Lowering<'i> {
    /// `chain` run only while the cards `spec_piece` matches number more than (`name`
    /// `morethan`) or fewer than (`lessthan`) `count`: the catalogue's `aslongas` check,
    /// then each link of the chain after it.
    pub(super) fn counted_first(
        &self,
        spec_piece: Piece<'_>,
        name: &str,
        count: i32,
        chain: &'i [Link<'i>],
    ) -> Result<&'i [Link<'i>], Unsupported> {
        let spec = spec::read(spec_piece)?;
        let filter = self.specs.filter(&spec, true)?;
        let word = catalogue::position(catalogue::CRITERIA, name).unwrap_or(0) as u16;
        let command = CommandIdx::new(Command::AsLongAs.index());
        let args = self.arena.alloc_slice_copy(&[
            Arg::Filter(filter),
            Arg::Const(Const::Word { command, param: 1, word }),
            Arg::Value(Expr::Int(count)),
        ]);
        let mut links = vec![Link { operator: None, effect: Effect::Call { command, confirm: false, args } }];
        for link in chain {
            links.push(Link { operator: Some(compiler::ir::ChainOperator::AndThen), effect: link.effect });
        }
        Ok(self.arena.alloc_slice_copy(&links))
    }

    /// The target without the source (`other` written after the effect).
    pub(super) fn leave_out_source(
        &self,
        target: Option<Target<'i>>,
        at: Piece<'_>,
    ) -> Result<Target<'i>, Unsupported> {
        let Some(Target::Filter { filter, optional }) = target else {
            return Err(Unsupported::new(at, "`other` without a target spec"));
        };
        let types: Vec<TypeTerm<'i>> =
            filter.types.iter().map(|term| TypeTerm { exclude_source: true, ..*term }).collect();
        let filter = self.arena.alloc(compiler::ir::Filter { types: self.arena.alloc_slice_copy(&types), ..*filter });
        Ok(Target::Filter { filter, optional })
    }

    /// `target(spec)`, `all(spec)`, `lord(spec)`; `all(trigger)` is the event's object
    /// (`all(trigger[from])` of a damage, its source).
    pub(super) fn target_clause(&self, args: Piece<'_>, kind: &str) -> Result<Target<'i>, Unsupported> {
        let trimmed = args.trim();
        let lower = trimmed.text.to_ascii_lowercase();
        if lower == "trigger" || lower == "trigger[to]" || lower == "trigger[from]" {
            if kind != "all" {
                return Err(Unsupported::new(args, &format!("`{kind}(trigger)`")));
            }
            // A damage's `trigger[from]` is its source, a block's the other creature of the
            // pair, a targeting's the spell's or ability's card, a vampire's the card that
            // dealt the damage; every other form is the object.
            let name = match (lower == "trigger[from]", self.combat_foe.get(), self.trigger_from.get()) {
                (true, Some(true), _) => "combatfoe",
                (true, Some(false), _) => {
                    let construct = "`trigger[from]` of a combat trigger on a block and an attack";
                    return Err(Unsupported::new(args, construct));
                }
                (true, None, Some(variable)) => variable,
                (true, None, None) if self.damage_trigger.get() => "damagesource",
                // The life change's source, which the event does not bind.
                (true, None, None) if self.life_trigger.get().is_some() => {
                    return Err(Unsupported::new(args, "`trigger[from]` of a life trigger"));
                }
                _ => "trigger",
            };
            let value = self.arena.alloc(Expr::Var(spec::variable(name)));
            return Ok(Target::Expr { value, optional: false });
        }
        let spec = spec::read(args)?;
        let filter = self.spec_filter(&spec, kind != "target")?;
        Ok(Target::Filter { filter, optional: false })
    }
}
