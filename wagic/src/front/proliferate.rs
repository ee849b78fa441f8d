//! Wagic's `target(proliferation) proliferate` (`ProliferateChooser`, `AAProliferate`):
//! the catalogue's `proliferate`, which asks which permanents and players itself (the
//! printed "choose any number", no target), so the line's `proliferation` spec is no
//! target of the statement. `notatarget(proliferation) proliferate && proliferate`
//! proliferates twice ("then proliferate again").

use compiler::ir::Statement;

use super::lowering::call_statement;
use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::Command;

/// Whether a target spec is Wagic's `proliferation`.
pub(super) fn is_proliferation(spec: Piece<'_>) -> bool {
    spec.trim().text.eq_ignore_ascii_case("proliferation")
}

impl<'i> Lowering<'i> {
    /// The effect after `target(proliferation)`: each `&&` part a `proliferate`.
    pub(super) fn proliferations(&self, effect: Piece<'_>) -> Result<&'i [Statement<'i>], Unsupported> {
        let mut statements = Vec::new();
        for part in effect.split_top("&&") {
            let part = part.trim();
            if !part.text.eq_ignore_ascii_case("proliferate") {
                return Err(Unsupported::new(part, "`target(proliferation)` of an effect other than `proliferate`"));
            }
            statements.push(call_statement(self.arena, Command::Proliferate, part));
        }
        Ok(self.arena.alloc_slice_copy(&statements))
    }
}
