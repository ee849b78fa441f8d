//! The triggers on what a player does to a card or draws (`table/card_events.rs`):
//! `@discarded(spec|hand)` (Wagic's `TrCardDiscarded`), `@cycled(spec|hand)` (the same
//! class on `WEventCardCycle`), `@sacrificed(spec)` (`TrCardSacrificed`), each a test of
//! the card the event moved; and `@drawof(player)`, `@drawfoeof(player)` (`TrcardDrawn`
//! of the card's controller, or its opponent): `drawn` with a test of the player.
//!
//! Wagic tests a discarded or cycled card in the hand it leaves (the event is sent before
//! the move), and a sacrificed one in the zone it left (`currentZone = previousZone`):
//! here the event follows the move, so the spec's zone is where the card came from
//! (`fromzone`). A discard is from a hand only, and Wagic's default zone of a spec is the
//! battlefield, where no discarded card is: a spec without `|hand` (or with another zone)
//! is refused, as a sacrifice's zone other than the battlefield.

use compiler::ir::{BinaryOp, Expr};
use vm::bytecode::CompareOp;

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue;

/// The triggers of this file, as written after `@`.
pub(super) const CARD_EVENT_TRIGGERS: [&str; 5] = ["discarded", "cycled", "sacrificed", "drawof", "drawfoeof"];

impl<'i> Lowering<'i> {
    /// The test of `@discarded`'s, `@cycled`'s or `@sacrificed`'s spec on the card moved
    /// (`trigger`); `None` for any card.
    pub(super) fn moved_card_test(&self, event: &str, object_spec: Piece<'_>) -> Result<Option<Expr<'i>>, Unsupported> {
        let read = spec::read(object_spec)?;
        let zone = read.zone.map(|(_, zone)| catalogue::ZONES.get(zone).map_or("", |zone| zone.name));
        let (wanted, what) = if event == "sacrificed" { ("battlefield", "a sacrifice") } else { ("hand", "a discard") };
        match zone {
            Some(zone) if zone == wanted => {}
            None if event == "sacrificed" => {}
            Some(zone) => {
                let construct = format!("zone `{zone}` of `@{event}(spec)`: {what} is from a {wanted} only");
                return Err(Unsupported::new(object_spec, &construct));
            }
            None => {
                let construct = format!(
                    "`@{event}(spec)` without a zone: Wagic's default zone, the battlefield, holds no card {event}"
                );
                return Err(Unsupported::new(object_spec, &construct)
                    .with_help(Some(format!("write `@{event}(spec|hand)` (`myhand`, `opponenthand`)"))));
            }
        }
        self.specs.predicate(&read, Expr::Var(spec::variable("trigger")), "fromzone")
    }

    /// `@drawof(spec)` (`drawfoeof`: `opponent` true): the test of `drawn`'s player, the
    /// spec's and whose draw it is.
    pub(super) fn drawer_test(&self, player_spec: Piece<'_>, opponent: bool) -> Result<Expr<'i>, Unsupported> {
        let read = spec::read(player_spec)?;
        let trigger = Expr::Var(spec::variable("trigger"));
        let whose = self.arena.alloc(Expr::Var(spec::variable(if opponent { "opp" } else { "me" })));
        let drawer = Expr::Binary(BinaryOp::Compare(CompareOp::Eq), self.arena.alloc(trigger), whose);
        Ok(match self.specs.predicate(&read, trigger, "inzone")? {
            Some(test) => Expr::And(self.arena.alloc(test), self.arena.alloc(drawer)),
            None => drawer,
        })
    }
}

/// Refuses a draw trigger whose `restriction{...}` counts a library (Laboratory Maniac's
/// `@drawof(player) restriction{type(*|mylibrary)~equalto~0}:wingame`, "if you would draw
/// a card while your library has no cards in it"): `drawn` follows the draw and is raised
/// for each card drawn, so it would test the library the draw emptied (winning on the last
/// card) and never hear a draw from an empty library.
pub(super) fn refuse_library_restriction(
    trigger: Piece<'_>,
    restriction: Option<Piece<'_>>,
) -> Result<(), Unsupported> {
    let name = spec::leading_word(trigger.from(1).trim().text);
    let Some(restriction) = restriction.filter(|_| name == "drawof" || name == "drawfoeof") else { return Ok(()) };
    if restriction.text.to_ascii_lowercase().contains("library") {
        let construct = format!(
            "restriction on a library of `@{name}`: the draw is heard after each card drawn, never from an empty library"
        );
        return Err(Unsupported::new(restriction, &construct));
    }
    Ok(())
}
