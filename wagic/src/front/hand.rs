//! An `autohand=` line: an activated ability used while the card is in its owner's hand.
//! The one kind compiled is a cost that discards the card: `{cycle}` (cycling, Wagic's
//! `CycleCost`), written out or as Wagic's macro `__CYCLING__(cost)` (its rules file
//! defines it as `cost{cycle}:name(cycling) draw:1`; `__BASIC_LANDCYCLING__(cost)`: a
//! basic land card from the library to the hand), or `{discard}` (bloodrush, Wagic's
//! `DiscardCost` of the card itself), one cost of the catalogue.

use compiler::ir::{Action, Cost};
use vm::bytecode::CostIdx;

use super::piece::Piece;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

/// The effect of Wagic's macro `__BASIC_LANDCYCLING__(cost)`, as its rules file
/// (`_macros.txt`) defines it: `cost{cycle}:name(basic landcycling)` and this.
const BASIC_LANDCYCLING_EFFECT: &str = "moveTo(myhand) target(land[basic]|mylibrary)";

/// The catalogue's name of the `{cycle}` cost.
pub const CYCLE: &str = "cycle";

/// Whether `costs` has `{cycle}` (only payable while the card is in hand).
pub fn has_cycle(costs: &[Cost<'_>]) -> bool {
    let cycle = CATALOGUE.costs.iter().position(|spec| spec.name == CYCLE).map(CostIdx::new);
    costs.iter().any(|cost| Some(cost.cost) == cycle)
}

impl<'i> Lowering<'i> {
    /// An `autohand=` line as an action (the runner offers it only for a card in hand).
    pub(super) fn hand_line(&self, value: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        self.in_hand_line.set(true);
        let action = self.hand_action(value);
        self.in_hand_line.set(false);
        action
    }

    /// [`Lowering::hand_line`], with `in_hand_line` set.
    fn hand_action(&self, value: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        let value = value.trim();
        if let Some((args, after)) = value.call("__CYCLING__")
            && after.text.trim().is_empty()
        {
            let mut costs = self.costs(args.trim())?.to_vec();
            let cycle = CATALOGUE.costs.iter().position(|spec| spec.name == CYCLE).unwrap_or(0);
            costs.push(Cost { cost: CostIdx::new(cycle), count: None, filter: None });
            // The macro's effect, `draw:1`, read at the macro's place in the file.
            let (_, statements, _, _) = self.effect(Piece::new("draw:1", value.start))?;
            return Ok(Action { label: Some("cycling"), costs: self.arena.alloc_slice_copy(&costs), statements });
        }
        if let Some((args, after)) = value.call("__BASIC_LANDCYCLING__")
            && after.text.trim().is_empty()
        {
            // The macro written out, read at the macro's place in the file.
            let written = format!("{}{{cycle}}:name(basic landcycling) {BASIC_LANDCYCLING_EFFECT}", args.trim().text);
            return self.hand_action(Piece::new(&written, value.start));
        }
        match self.line(value)? {
            Line::Activated { label, costs, statements } if has_cycle(costs) => Ok(Action { label, costs, statements }),
            _ => Err(Unsupported::new(value, "`autohand` line other than a cost with `{cycle}` (cycling)")),
        }
    }
}
