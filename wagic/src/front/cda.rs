//! `anyzone=A/B cdaactive`: a characteristic-defining ability, the power `A` and toughness
//! `B` of a card printed `*/*` (or `n+*`), each a number, `type:spec:zone` (how many cards
//! of the zone the spec matches: Nightmare's `type:swamp:mybattlefield`) or
//! `plusonetype:spec:zone` (one more: Lhurgoyf's toughness). It becomes a continuous
//! effect on the card, one pump per part (`p/t` with `per`, as `foreach(spec) p/t`), which
//! the runtime runs again after every change. Wagic applies it in every zone; the table
//! reads power and toughness on the battlefield, where the effect applies.

use compiler::ir::{Arg, ChainOperator, Effect, Expr, Link, Statement};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::Command;

impl<'i> Lowering<'i> {
    /// The statements of `anyzone=A/B cdaactive`: a pump of `A`/0 and one of 0/`B`.
    pub(super) fn characteristic(&self, value: Piece<'_>) -> Result<&'i [Statement<'i>], Unsupported> {
        let value = value.trim();
        let refused = || Unsupported::new(value, "`anyzone` other than `p/t cdaactive` with counts of a spec");
        let words = value.words();
        let [pt, active] = words.as_slice() else { return Err(refused()) };
        if !active.text.eq_ignore_ascii_case("cdaactive") {
            return Err(refused());
        }
        let slash = pt.text.find('/').ok_or_else(refused)?;
        let mut statements = Vec::with_capacity(2);
        for (part, unit) in [(pt.slice(0, slash), (1, 0)), (pt.from(slash + 1), (0, 1))] {
            statements.push(self.characteristic_pump(part, unit).ok_or_else(refused)??);
        }
        Ok(self.arena.alloc_slice_copy(&statements))
    }

    /// `type:spec:zone` (Wagic's count of the cards of the zone the spec matches) as the
    /// filter of them; `None` for another form.
    pub(super) fn counted(&self, part: Piece<'_>) -> Option<Result<&'i compiler::ir::Filter<'i>, Unsupported>> {
        let counted = part.strip_prefix("type:")?;
        let Some(colon) = counted.text.rfind(':') else {
            // `type:shrine`: Wagic counts on its controller's battlefield.
            return Some(spec::read(counted).and_then(|mut spec| {
                spec.zone = Some(spec::read_zone(Piece::new("mybattlefield", counted.start))?);
                self.specs.filter(&spec, true)
            }));
        };
        // `creature[-wall]:mybattlefield` read as the spec `creature[-wall]|mybattlefield`:
        // the same length, so the spans stay the file's.
        let mut written = counted.text.to_string();
        written.replace_range(colon..=colon, "|");
        let spec_piece = Piece::new(self.arena.alloc_str(&written), counted.start);
        Some(spec::read(spec_piece).and_then(|spec| self.specs.filter(&spec, true)))
    }

    /// One part: `n` (a pump of n times `unit`) or `type:spec:zone` (`unit` per card of the
    /// zone the spec matches); `None` for any other form.
    fn characteristic_pump(&self, part: Piece<'_>, unit: (i32, i32)) -> Option<Result<Statement<'i>, Unsupported>> {
        let amount = |times: i32| Arg::Value(Expr::Int(unit.0 * times));
        // `plusonetype:spec:zone` (Lhurgoyf's toughness): one more than the count.
        if let Some(counted) = part.strip_prefix("plusone") {
            let statement = match self.characteristic_pump(counted, unit)? {
                Ok(statement) if counted.text.to_ascii_lowercase().starts_with("type:") => statement,
                Ok(_) => return None,
                Err(error) => return Some(Err(error)),
            };
            let command = CommandIdx::new(Command::Pump.index());
            let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(unit.0)), Arg::Value(Expr::Int(unit.1))]);
            let one =
                Link { operator: Some(ChainOperator::Then), effect: Effect::Call { command, confirm: false, args } };
            let chain = self.arena.alloc_slice_copy(&[statement.chain[0], one]);
            return Some(Ok(Statement { chain, ..statement }));
        }
        let (power, toughness, per) = if let Ok(number) = part.text.parse::<i32>() {
            (Arg::Value(Expr::Int(unit.0 * number)), Arg::Value(Expr::Int(unit.1 * number)), None)
        } else {
            let filter = match self.counted(part)? {
                Ok(filter) => filter,
                Err(error) => return Some(Err(error)),
            };
            (amount(1), Arg::Value(Expr::Int(unit.1)), Some(Arg::Filter(filter)))
        };
        let command = CommandIdx::new(Command::Pump.index());
        let args: Vec<Arg<'i>> = [power, toughness].into_iter().chain(per).collect();
        let effect = Effect::Call { command, confirm: false, args: self.arena.alloc_slice_copy(&args) };
        let chain = self.arena.alloc_slice_copy(&[Link { operator: None, effect }]);
        Some(Ok(Statement {
            condition: None,
            target: None,
            restriction: None,
            chain,
            otherwise: None,
            span: part.span(),
        }))
    }
}
