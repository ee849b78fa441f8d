//! `@next phase:effect` (Wagic's `TriggerNextPhase`): the trigger of the next such phase
//! to begin, either player's, once. Its auto costs `nextonce`, payable once since the card
//! entered, so it runs at the first such phase after the card entered and never again.

use compiler::ir::Cost;
use vm::bytecode::CostIdx;

use super::Lowering;
use crate::catalogue::CATALOGUE;

impl<'i> Lowering<'i> {
    /// The costs of a `@next phase` trigger's auto: `nextonce`.
    pub(super) fn next_once(&self) -> &'i [Cost<'i>] {
        let index = CATALOGUE.costs.iter().position(|cost| cost.name == "nextonce").unwrap_or(0);
        self.arena.alloc_slice_copy(&[Cost { cost: CostIdx::new(index), count: None, filter: None }])
    }
}
