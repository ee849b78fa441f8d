//! `dynamicability<!mytgt AMOUNTEFFECT WHO!>` on an instant or sorcery with one card
//! target (Swords to Plowshares, Vendetta, Crumble): life gained or lost equal to the
//! target's power, toughness or converted mana cost (Wagic's `AADynamic` with
//! `amountsource` 2), by the target's controller (`targetcontroller`) or the spell's
//! (`srccontroller`). Wagic counts nothing below 0: the statement runs only when the amount
//! is above 0. Other forms are refused.

use compiler::ir::{BinaryOp, Condition, Effect, Expr, Link, Statement, Target};
use vm::bytecode::{CommandIdx, CompareOp};

use super::piece::Piece;
use super::{Lowering, TargetController, Unsupported, spec};
use crate::catalogue::Command;

impl<'i> Lowering<'i> {
    /// The one statement of `dynamicability<!...!>` (`inside` is what `<!` and `!>`
    /// enclose).
    pub(super) fn dynamic(&self, line: Piece<'_>, inside: &str) -> Result<Statement<'i>, Unsupported> {
        let refused = || Unsupported::new(line, "`dynamicability` other than a life change by a spell's target");
        let words: Vec<String> = inside.split_ascii_whitespace().map(str::to_ascii_lowercase).collect();
        let [source, effect, who] = words.as_slice() else { return Err(refused()) };
        if source != "mytgt" || self.target_controller != TargetController::SpellTarget {
            return Err(refused());
        }
        let (attribute, rest) = ["power", "toughness", "manacost"]
            .into_iter()
            .find_map(|name| Some((name, effect.strip_prefix(name)?)))
            .ok_or_else(refused)?;
        let sign = match rest {
            "lifegain" => 1,
            "lifeloss" => -1,
            _ => return Err(refused()),
        };
        let targets = self.arena.alloc(Expr::Var(spec::variable("tgt")));
        let target_card = self.arena.alloc(Expr::Index(targets, 0));
        let player = match who.as_str() {
            "targetcontroller" => Expr::Attr(target_card, spec::attribute("controller")),
            "srccontroller" => Expr::Var(spec::variable("me")),
            _ => return Err(refused()),
        };
        let amount = self.arena.alloc(Expr::Attr(target_card, spec::attribute(attribute)));
        let above_zero = Expr::Binary(BinaryOp::Compare(CompareOp::Gt), amount, self.arena.alloc(Expr::Int(0)));
        let signed = Expr::Binary(BinaryOp::Mul, self.arena.alloc(Expr::Int(sign)), amount);
        let command = CommandIdx::new(Command::Life.index());
        let args = self.arena.alloc_slice_copy(&[compiler::ir::Arg::Value(signed)]);
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }]);
        Ok(Statement {
            condition: Some(Condition::If(above_zero)),
            target: Some(Target::Expr { value: self.arena.alloc(player), optional: true }),
            restriction: None,
            chain,
            otherwise: None,
            span: line.span(),
        })
    }
}
