//! `preventalldamage to(spec) from(spec)` (and `preventallcombatdamage`,
//! `preventallnoncombatdamage` and `fog` with either): Wagic's `APreventDamageTypes`, as the
//! catalogue's `preventdamage`. `to(this)` and `from(this)` stand for the statement's
//! targets (the card itself; an Aura's enchanted creature, as Wagic's `teach` gives it
//! the ability), and so do `to(mytgt)` and `from(mytgt)` (Wagic's `mytgt` of an ability is
//! its target) when the statement has targets: its `target(...)`, a spell's `target=`,
//! an Aura's or an Equipment's permanent; any other spec is a filter, counted again after
//! every change, so the line must be a permanent's static one (`line.rs`).

use compiler::Span;
use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::builtins::prevent::{FROM_TARGETS, TO_TARGETS};
use crate::catalogue::Command;

/// The prevention words and the damage each prevents (`preventdamage`'s `kind`, bits 0-1).
/// Wagic's `fog` is `preventallcombatdamage` made a one-shot effect until end of turn:
/// what a spell's, an activated and a triggered ability's effects are here already.
const KINDS: [(&str, i32); 4] =
    [("preventallcombatdamage", 1), ("preventallnoncombatdamage", 2), ("preventalldamage", 0), ("fog", 1)];

/// The `fog to(...)` and `fog from(...)` of the line being lowered.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FogSeen {
    /// The first.
    pub(super) at: Option<Span>,
    /// The first `fog to(...)` without a `from(...)`.
    pub(super) to_only: Option<Span>,
    /// Whether a `fog from(...)` was written.
    pub(super) from: bool,
    /// The first `fog to(...)`, with a `from(...)` or not.
    pub(super) to: Option<Span>,
}

/// Whether the error of an effect starting with `first`, `second` is the prevention's own,
/// naming what its `to(...)` or `from(...)` lacks (Enchanted Being's
/// `from(creature[enchanted])`: the spec term), not the word `second`: `fog`'s always
/// (a bare `fog from`), another prevention's when `to(` or `from(` follows it.
pub(super) fn names_its_own_error(first: Piece<'_>, second: Piece<'_>) -> bool {
    let prevention = KINDS.iter().any(|(prevention, _)| first.text.eq_ignore_ascii_case(prevention));
    first.text.eq_ignore_ascii_case("fog")
        || (prevention && ["to(", "from("].iter().any(|side| second.starts_with_word(side)))
}

impl<'i> Lowering<'i> {
    /// Refuses the line's `fog to(...)` and `fog from(...)` on a permanent's own line
    /// (`once`: the line is a spell's, an activated or a triggered ability's), where
    /// Wagic runs them once as the permanent enters, and a `fog to(...)` with no
    /// `fog from(...)`: the one card that writes it, Telekinesis, means the damage its
    /// target deals, which Wagic's `to(mytgt)` would let through; and a `fog to(...)` under
    /// a `label` naming the damage dealt by the target alone: Horn of Deafening's printed
    /// text, which its `fog to(mytgt) && fog from(mytgt)` would exceed.
    pub(super) fn check_fog(&self, once: bool, label: Option<&str>) -> Result<(), Unsupported> {
        let seen = self.fog_seen.replace(FogSeen::default());
        let label = label.unwrap_or_default().to_ascii_lowercase();
        if let Some(span) = seen.to
            && label.contains("dealt by")
            && !label.contains("dealt to")
        {
            return Err(Unsupported {
                span,
                construct: "`fog to(...)` under a `name(...)` naming the damage dealt by the target alone".into(),
                help: Some("`fog from(mytgt)` alone prevents the combat damage the target deals".into()),
            });
        }
        match (seen.at, seen.to_only) {
            (Some(span), _) if !once => Err(Unsupported {
                span,
                construct: "`fog to(...)` or `fog from(...)` on a permanent's own line".into(),
                help: None,
            }),
            (_, Some(span)) if !seen.from => Err(Unsupported {
                span,
                construct: "`fog to(...)` without `fog from(...)`".into(),
                help: Some(
                    "`fog from(mytgt)` prevents the combat damage the target deals; `fog to(mytgt) && fog \
                     from(mytgt)` the damage dealt to it and by it"
                        .into(),
                ),
            }),
            _ => Ok(()),
        }
    }

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
                // statement's targets, its own, the one an earlier `&&` part chose, the
                // spell's or the permanent an Aura or an Equipment aims it at. Elsewhere they would be the card itself, where
                // Wagic's `mytgt` is no card.
                let targeted = self.statement_targeted.get()
                    || self.line_target_before.get()
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
        if word == "fog" {
            let seen = self.fog_seen.get();
            let to_only = if written == [true, false] { seen.to_only.or(Some(piece.span())) } else { seen.to_only };
            let from = seen.from || written[1];
            let to = seen.to.or(written[0].then(|| piece.span()));
            self.fog_seen.set(FogSeen { at: seen.at.or(Some(piece.span())), to_only, from, to });
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
