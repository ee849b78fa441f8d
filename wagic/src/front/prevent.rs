//! `preventalldamage to(spec) from(spec)` (and `preventallcombatdamage`,
//! `preventallnoncombatdamage` with either): Wagic's `APreventDamageTypes`, as the
//! catalogue's `preventdamage`. `to(this)` and `from(this)` stand for the statement's
//! targets (the card itself; an Aura's enchanted creature, as Wagic's `teach` gives it
//! the ability), and so do `to(mytgt)` and `from(mytgt)` (Wagic's `mytgt` of an ability is
//! its target) when the statement has targets: its `target(...)`, a spell's `target=`,
//! an Aura's or an Equipment's permanent; any other spec is a filter, counted again after
//! every change, so the line must be a permanent's static one (`line.rs`).

use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::builtins::prevent::{FROM_TARGETS, TO_TARGETS};
use crate::catalogue::Command;

/// The prevention words and the damage each prevents (`preventdamage`'s `kind`, bits 0-1).
const KINDS: [(&str, i32); 3] =
    [("preventallcombatdamage", 1), ("preventallnoncombatdamage", 2), ("preventalldamage", 0)];

impl<'i> Lowering<'i> {
    /// The `preventdamage` link of a prevention word followed by `to(...)` and/or
    /// `from(...)`; `None` when the piece is no such word with options (`fog`'s plain
    /// `preventallcombatdamage` is the caller's).
    pub(super) fn prevent_damage(&self, piece: Piece<'_>) -> Option<Result<Link<'i>, Unsupported>> {
        let (word, kind) = KINDS.into_iter().find(|(word, _)| piece.starts_with_word(word))?;
        let options = piece.from(word.len()).trim();
        if options.text.is_empty() && kind == 1 {
            return None;
        }
        Some(self.prevent_options(piece, word, kind, options))
    }

    fn prevent_options(
        &self,
        piece: Piece<'_>,
        word: &str,
        mut kind: i32,
        mut options: Piece<'_>,
    ) -> Result<Link<'i>, Unsupported> {
        let mut sides: [Option<Arg<'i>>; 2] = [None, None];
        let mut written = [false, false];
        while !options.text.is_empty() {
            let (side, (args, after)) = match (options.call("to"), options.call("from")) {
                (Some(call), _) => (0, call),
                (None, Some(call)) => (1, call),
                (None, None) => {
                    return Err(Unsupported::new(
                        options,
                        &format!("`{word}` option other than `to(...)` or `from(...)`"),
                    ));
                }
            };
            if std::mem::replace(&mut written[side], true) {
                return Err(Unsupported::new(options, &format!("`{word}` with two `{}(...)`", ["to", "from"][side])));
            }
            if args.text.trim().eq_ignore_ascii_case("this") {
                kind |= [TO_TARGETS, FROM_TARGETS][side];
            } else if args.text.trim().eq_ignore_ascii_case("mytgt") {
                // Wagic's `mytgt` of an ability is its target (`ability->target`): the
                // statement's targets, its own, the spell's or the permanent an Aura or an
                // Equipment aims it at. Elsewhere they would be the card itself, where
                // Wagic's `mytgt` is no card.
                let targeted = self.statement_targeted.get()
                    || (self.spell && !self.spell_untargeted)
                    || self.aura
                    || self.equipment;
                if !targeted {
                    return Err(Unsupported::new(args.trim(), "spec `mytgt` in a filter"));
                }
                kind |= [TO_TARGETS, FROM_TARGETS][side];
            } else {
                let filter = self.specs.filter(&spec::read(args)?, true)?;
                sides[side] = Some(Arg::Filter(filter));
            }
            options = after.trim();
        }
        if written == [false, false] {
            // Wagic prevents all damage of the game then, which no printed text means.
            return Err(Unsupported::new(piece, &format!("`{word}` without `to(...)` or `from(...)`")));
        }
        let mut args = vec![Arg::Value(Expr::Int(kind))];
        // `from` alone: `to` is left out by an explicit nil, so that `from` stays argument 2.
        match sides {
            [Some(to), from] => args.extend([Some(to), from].into_iter().flatten()),
            [None, Some(from)] => args.extend([Arg::Value(Expr::Nil), from]),
            [None, None] => {}
        }
        let command = CommandIdx::new(Command::PreventDamage.index());
        let args = self.arena.alloc_slice_copy(&args);
        Ok(Link { operator: None, effect: Effect::Call { command, confirm: false, args } })
    }
}
