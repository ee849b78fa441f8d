//! `(blink)`, `(blink)ueot` and `(blink)forsrc` (Wagic's `ABlinkGeneric`, found by
//! `parseMagicLine` as the text `(blink)`): the catalogue's `blink`, which exiles each
//! target card and returns it to its owner's battlefield as a new object at once, at the
//! beginning of the next end step, or when the source leaves the battlefield
//! (`table/blink.rs`); `hand(blink)...` returns it to its owner's hand instead (Wormfang
//! Behemoth's hand, Angel of Serenity's creatures). With no target of its own it acts on
//! the spell's targets or the source (the command's default, as `tap`'s).
//!
//! Refused by name, where Wagic's reading is not the printed text or the table's model:
//! `return(...)` (an ability
//! run on the returned card: "return it tapped", "with a +1/+1 counter"), a `ueot` written
//! apart (`(blink) target(...) ueot`: Wagic reads a plain `(blink)`, returning the card at
//! once, where Skybind's text returns it at the end step), and a target outside the
//! battlefield (Gravegouger's graveyard cards, which Wagic would put onto the
//! battlefield where the text returns them to the graveyard).

use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, Command};
use crate::host::BlinkReturn;

/// Whether `text` (lower case) is a `(blink)` effect, `hand(blink)` too.
pub(super) fn is_blink(text: &str) -> bool {
    text.starts_with("(blink)") || text.starts_with("hand(blink)")
}

impl<'i> Lowering<'i> {
    /// The effect `(blink)...` (`piece`, starting with `(blink)` or `hand(blink)`).
    pub(super) fn blink(&self, piece: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let lower = piece.text.to_ascii_lowercase();
        let to_hand = lower.starts_with("hand(blink)");
        let after = lower.strip_prefix("hand").unwrap_or(&lower);
        let after = after.strip_prefix("(blink)").unwrap_or(after);
        let (form, rest) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        if rest.trim_start().starts_with("return(") || form.contains("return(") {
            return Err(Unsupported::new(piece, "`(blink)` with `return(...)`"));
        }
        let until = match form {
            "" => BlinkReturn::AtOnce,
            "ueot" => BlinkReturn::NextEndStep,
            "forsrc" => BlinkReturn::SourceLeaves,
            _ => return Err(Unsupported::new(piece, &format!("`(blink){}`", spec::leading_word(form)))),
        };
        if !rest.trim().is_empty() {
            let word = spec::leading_word(rest.trim());
            return Err(Unsupported::new(piece, &format!("`(blink)` followed by `{word}`")));
        }
        if until == BlinkReturn::AtOnce && self.until_end_of_turn.get() {
            return Err(Unsupported::new(piece, "`(blink)` with `ueot` written apart").with_help(Some(
                "Wagic reads `(blink) ... ueot` as `(blink)`, returning the card at once: write `(blink)ueot` \
                 to return it at the beginning of the next end step"
                    .into(),
            )));
        }
        let command = CommandIdx::new(Command::Blink.index());
        let args = self
            .arena
            .alloc_slice_copy(&[Arg::Value(Expr::Int(until.code())), Arg::Value(Expr::Int(i32::from(to_hand)))]);
        let link = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        Ok(self.arena.alloc_slice_copy(&[link]))
    }

    /// Refuses a `(blink)` (not `hand(blink)`) whose target spec (`target_spec`) names a
    /// zone other than the battlefield: Wagic would return the cards to the battlefield
    /// wherever they were.
    pub(super) fn check_blink_zone(
        &self,
        chain: &[Link<'_>],
        target_spec: Option<Piece<'_>>,
    ) -> Result<(), Unsupported> {
        let blink = CommandIdx::new(Command::Blink.index());
        let to_battlefield = |args: &[Arg<'_>]| !matches!(args.get(1), Some(Arg::Value(Expr::Int(1))));
        let blinks = chain.iter().any(|link| {
            matches!(link.effect, Effect::Call { command, args, .. } if command == blink && to_battlefield(args))
        });
        let Some(spec_piece) = target_spec.filter(|_| blinks) else { return Ok(()) };
        if spec_piece.trim().text.to_ascii_lowercase().starts_with("trigger") {
            return Ok(());
        }
        let read = spec::read(spec_piece)?;
        let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield");
        match read.zone {
            Some((_, zone)) if Some(zone) != battlefield => {
                let name = catalogue::ZONES.get(zone).map_or("", |zone| zone.name);
                Err(Unsupported::new(spec_piece, &format!("`(blink)` of cards in `{name}`")))
            }
            _ => Ok(()),
        }
    }
}
