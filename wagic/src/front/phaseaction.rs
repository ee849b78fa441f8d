//! `phaseaction[phase options] effect` on a permanent's own line (Wagic's `APhaseAction`):
//! once the line has resolved (the permanent entered), the effect runs on the permanent
//! each time the phase begins, in its controller's turns (`my`), its opponent's
//! (`opponent`) or both. That is an auto on the phase's event, which the runtime holds
//! while the card is in play.
//!
//! Wagic reads the options as `parsePhaseActionAbility` does, by searching the text: the
//! phase is the first of its phase names found (`end` is the end step; none found: the
//! upkeep); `my` keeps the controller's turns, `opponent` the opponent's. Compiled: an
//! effect without a question (`may`, a chosen target), whose lasting parts say how long
//! they last (`ueot`). Without `sourceinplay` Wagic keeps running the effect on the card
//! after it left play; the auto stops, which no one sees for an effect that ends with the
//! turn (a card that moves is a new object), so only such effects compile without it.
//! Refused by name: `once` and `next` (a run later than the next such phase, or only one),
//! `checkex`, `phaseactionmulti`, a phase Wagic's phase ring does not know (`attackers`,
//! `blockers`), both `my` and `opponent` (Wagic then never runs it), the form with a `:`
//! before the effect, and a phase action inside another line (a trigger's or a spell's,
//! which Wagic starts at each resolution, on its target).

use compiler::ir::{Event, Target};
use vm::bytecode::{EventIdx, EventPrefixIdx};

use super::piece::Piece;
use super::statement::is_lasting;
use super::{Line, Lowering, Unsupported, catalogue};
use crate::catalogue::CATALOGUE;

/// Wagic's phase names in the order `parsePhaseActionAbility` searches them
/// (`Constants::MTGPhaseCodeNames`), each with the catalogue's event (none: a name Wagic's
/// phase ring reads as no phase).
const PHASES: [(&str, Option<&str>); 13] = [
    ("untap", Some("untap")),
    ("upkeep", Some("upkeep")),
    ("draw", Some("draw")),
    ("firstmain", Some("firstmain")),
    ("combatbegins", Some("combatbegins")),
    ("attackers", None),
    ("blockers", None),
    ("combatdamage", Some("combatdamage")),
    ("combatends", Some("combatends")),
    ("secondmain", Some("secondmain")),
    ("end", Some("endofturn")),
    ("cleanup", Some("cleanup")),
    ("beforenextturn", None),
];

/// Whether a line is a phase action (`phaseaction[...]` or `phaseactionmulti[...]`).
pub(super) fn is_phase_action(value: Piece<'_>) -> bool {
    value.trim().text.get(..11).is_some_and(|head| head.eq_ignore_ascii_case("phaseaction"))
}

impl<'i> Lowering<'i> {
    /// A permanent's `phaseaction[...] effect` line: an auto on the phase's event.
    pub(super) fn phase_action(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        let value = value.trim();
        let Some(open) = value.text.find('[') else {
            return Err(Unsupported::new(value, "`phaseaction` without `[...]`"));
        };
        let head = value.slice(0, open);
        if !head.text.eq_ignore_ascii_case("phaseaction") {
            return Err(Unsupported::new(head, &format!("`{}`", head.text.to_ascii_lowercase())));
        }
        if self.spell || self.aura {
            return Err(Unsupported::new(head, "`phaseaction` on an instant, a sorcery or an Aura"));
        }
        let Some(close) = value.text[open..].find(']').map(|at| at + open) else {
            return Err(Unsupported::new(value, "`phaseaction` without `[...]`"));
        };
        let options = value.slice(open + 1, close);
        let lower = options.text.to_ascii_lowercase();
        for word in ["once", "next", "checkex"] {
            if lower.contains(word) {
                return Err(Unsupported::new(options, &format!("`phaseaction` with `{word}`")));
            }
        }
        let (name, event) = PHASES.iter().find(|(name, _)| lower.contains(name)).copied().unwrap_or(PHASES[1]);
        let event = event.ok_or_else(|| Unsupported::new(options, &format!("`phaseaction` at `{name}`")))?;
        let prefix = match (lower.contains("my"), lower.contains("opponent")) {
            (true, true) => return Err(Unsupported::new(options, "`phaseaction` with both `my` and `opponent`")),
            (true, false) => "my",
            (false, true) => "opp",
            (false, false) => "any",
        };
        let source_in_play = lower.contains("sourceinplay");
        let effect = value.from(close + 1).trim();
        if effect.text.starts_with(':') {
            return Err(Unsupported::new(effect, "`phaseaction[...]:` with a colon"));
        }
        let (_, statements, lord, continuous) = self.effect(effect)?;
        if lord.is_some() || continuous {
            return Err(Unsupported::new(effect, "`phaseaction` of a lasting effect on other cards"));
        }
        for statement in statements {
            let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
            if statement.condition.is_some() || chooses {
                return Err(Unsupported::new(effect, "`phaseaction` of an effect with a question"));
            }
            let lasting = statement.chain.iter().any(|link| is_lasting(&link.effect));
            if lasting && statement.restriction.is_none() {
                return Err(Unsupported::new(effect, "`phaseaction` of a lasting effect without `ueot`"));
            }
            if !source_in_play && (!lasting || statement.chain.iter().any(|link| !is_lasting(&link.effect))) {
                return Err(Unsupported::new(
                    effect,
                    "`phaseaction` without `sourceinplay` of an effect outlasting the turn",
                ));
            }
        }
        let index = CATALOGUE.event_index(event).unwrap_or(0);
        let event = Event {
            event: EventIdx::new(index),
            prefix: catalogue::position(catalogue::EVENT_PREFIXES, prefix).map(EventPrefixIdx::new),
            suffix: None,
            condition: None,
            span: options.span(),
        };
        let events = self.arena.alloc_slice_copy(&[event]);
        Ok(Line::Triggered { events, statements, restricted: false, once: false })
    }
}
