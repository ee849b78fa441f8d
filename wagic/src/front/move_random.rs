//! `moverandom(spec) from(zone) to(zone)` (Wagic's `AAMoverRandom`): a card the spec
//! matches in the `from` zone, drawn at random by the host's seeded random source, is put
//! into the `to` zone: the catalogue's `moverandom` of the spec's filter in that zone.

use compiler::ir::{Arg, Effect, Link};
use vm::bytecode::{CommandIdx, Const};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::Command;

impl<'i> Lowering<'i> {
    /// The `moverandom` link of `piece`; `None` when it is no `moverandom(...)`.
    pub(super) fn move_random(&self, piece: Piece<'_>) -> Option<Result<Link<'i>, Unsupported>> {
        let (cards, after) = piece.call("moverandom")?;
        Some(self.move_random_of(piece, cards, after.trim()))
    }

    fn move_random_of(&self, piece: Piece<'_>, cards: Piece<'_>, after: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        let refused = || Unsupported::new(piece, "`moverandom` other than `moverandom(spec) from(zone) to(zone)`");
        let (from, rest) = after.call("from").ok_or_else(refused)?;
        let (to, rest) = rest.trim().call("to").ok_or_else(refused)?;
        if !rest.text.trim().is_empty() || cards.text.contains('|') {
            return Err(refused());
        }
        let written = self.arena.alloc_str(&format!("{}|{}", cards.text.trim(), from.text.trim()));
        let filter = self.specs.filter(&spec::read(Piece::new(written, cards.trim().start))?, true)?;
        let zone = self.zone_ref(to.trim())?;
        let args = self.arena.alloc_slice_copy(&[Arg::Const(Const::Pile(zone)), Arg::Filter(filter)]);
        let command = CommandIdx::new(Command::MoveRandom.index());
        Ok(Link { operator: None, effect: Effect::Call { command, confirm: false, args } })
    }
}
