//! `phaseaction[phase options] effect` (Wagic's `APhaseAction`), in two places.
//!
//! On a permanent's own line: once the line has resolved (the permanent entered), the
//! effect runs on the permanent each time the phase begins, in its controller's turns
//! (`my`), its opponent's (`opponent`) or both. That is an auto on the phase's event,
//! which the runtime holds while the card is in play. Compiled: an effect without a
//! question (`may`, a chosen target), whose lasting parts say how long they last (`ueot`).
//! Without `sourceinplay` Wagic keeps running the effect on the card after it left play;
//! the auto stops, which no one sees for an effect that ends with the turn (a card that
//! moves is a new object), so only such effects compile without it. `once` and `next` (a
//! run later than the next such phase, or only one) are refused there.
//!
//! As one part of a trigger's or an activated ability's effect, or a `newability[...]`
//! (whose source is the transformed card): the catalogue's `phaseaction`, which leaves a
//! phase action waiting on each target card for the host to run as the phases begin
//! (`table/phase_actions.rs`): `destroy`, `bury`, `sacrifice`, `moveto(ownerhand)` or `moveto(ownerbattlefield)`,
//! `once` or at each such phase, while the source stays with `sourceinplay`, until the
//! card moves (Wagic's drops it when its target left its zone).
//!
//! Wagic reads the options as `parsePhaseActionAbility` does, by searching the text: the
//! phase is the first of its phase names found (`end` is the end step; none found: the
//! upkeep); `my` keeps the controller's turns, `opponent` the opponent's. Refused by name
//! everywhere: `checkex`, `phaseactionmulti`, a phase Wagic's phase ring does not know
//! (`attackers`, `blockers`), both `my` and `opponent` (Wagic then never runs it), the
//! form with a `:` before the effect, and a spell's (whose source leaves at once).

use compiler::ir::{Arg, Effect, Event, Expr, Link, Target};
use vm::bytecode::{CommandIdx, EventIdx, EventPrefixIdx};

use super::piece::Piece;
use super::statement::is_lasting;
use super::{Line, Lowering, Unsupported, catalogue, spec};
use crate::catalogue::{CATALOGUE, Command};
use crate::host::PhaseAction;

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

/// The options of `phaseaction[...]`, read as Wagic's `parsePhaseActionAbility` does.
struct Options {
    /// The catalogue's event of the phase.
    event: &'static str,
    /// Whose turns: the catalogue's event prefix (`my`, `opp`, `any`).
    prefix: &'static str,
    once: bool,
    source_in_play: bool,
}

/// The options inside `phaseaction[...]`; the words of `refused` are refused by name.
fn read_options(options: Piece<'_>, refused: &[&str]) -> Result<Options, Unsupported> {
    let lower = options.text.to_ascii_lowercase();
    for word in refused {
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
    Ok(Options { event, prefix, once: lower.contains("once"), source_in_play: lower.contains("sourceinplay") })
}

/// The one-shot effects a phase action of a trigger, an activated ability or a
/// `newability[...]` does, as the host's [`PhaseAction`] codes.
const ACTIONS: [(&str, u8); 5] = [
    ("destroy", PhaseAction::DESTROY),
    ("bury", PhaseAction::BURY),
    ("sacrifice", PhaseAction::SACRIFICE),
    ("moveto(ownerhand)", PhaseAction::TO_OWNERS_HAND),
    ("moveto(ownerbattlefield)", PhaseAction::TO_OWNERS_BATTLEFIELD),
];

/// Whether a line is a phase action (`phaseaction[...]` or `phaseactionmulti[...]`).
pub(super) fn is_phase_action(value: Piece<'_>) -> bool {
    value.trim().text.get(..11).is_some_and(|head| head.eq_ignore_ascii_case("phaseaction"))
}

impl<'i> Lowering<'i> {
    /// `phaseaction[phase options] effect` as one part of a trigger's or an activated
    /// ability's effect, or a `newability[...]` (`on_target`: the transformed card is the
    /// action's source): the catalogue's `phaseaction`, a phase action waiting on each
    /// target card. Compiled for `destroy`, `bury`, `sacrifice`, `moveto(ownerhand)` and
    /// `moveto(ownerbattlefield)`, with `once` and
    /// `sourceinplay`; `next` and `checkex` refused by name.
    pub(super) fn phase_action_links(&self, piece: Piece<'_>, on_target: bool) -> Result<&'i [Link<'i>], Unsupported> {
        let piece = piece.trim();
        let words = piece.words();
        let [head, effect] = words.as_slice() else {
            return Err(Unsupported::new(piece, "`phaseaction` of other than one effect word"));
        };
        let Some(options) = head.strip_prefix("phaseaction[").filter(|_| head.text.ends_with(']')) else {
            return Err(Unsupported::new(*head, &format!("`{}`", spec::leading_word(&head.text.to_ascii_lowercase()))));
        };
        let options = options.slice(0, options.text.len() - 1);
        let read = read_options(options, &["next", "checkex"])?;
        let lower = effect.text.to_ascii_lowercase();
        let Some(&(_, action)) = ACTIONS.iter().find(|(word, _)| *word == lower) else {
            return Err(Unsupported::new(*effect, &format!("`phaseaction` of `{}`", spec::leading_word(&lower))));
        };
        let whose = match read.prefix {
            "my" => 1,
            "opp" => 2,
            _ => 0,
        };
        let event = i32::try_from(CATALOGUE.event_index(read.event).unwrap_or(0)).unwrap_or(0);
        let int = |value: i32| Arg::Value(Expr::Int(value));
        let args = [
            int(event),
            int(whose),
            int(i32::from(read.once)),
            int(i32::from(read.source_in_play)),
            int(i32::from(action)),
            int(i32::from(on_target)),
        ];
        let command = CommandIdx::new(Command::PhaseAction.index());
        let effect = Effect::Call { command, confirm: false, args: self.arena.alloc_slice_copy(&args) };
        Ok(self.arena.alloc_slice_copy(&[Link { operator: None, effect }]))
    }

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
        let read = read_options(options, &["once", "next", "checkex"])?;
        let (event, prefix, source_in_play) = (read.event, read.prefix, read.source_in_play);
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
