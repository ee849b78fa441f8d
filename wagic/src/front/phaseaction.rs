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
//! (`table/phase_actions.rs`): `destroy`, `bury`, `sacrifice`, `moveto(ownerhand)`,
//! `moveto(ownerbattlefield)`, `moveto(exile)`, `moveto(ownerlibrary)`, `tap`, `frozen`,
//! `draw:1 [controller]` or `counter(p/t,n)` (not at an upkeep), `once` or at each such phase, while the source
//! stays with `sourceinplay`, until the card moves (Wagic's drops it when its target left
//! its zone). A `newability[...]`'s `all(this)` after the effect is its target already.
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
const ACTIONS: [(&str, u8); 9] = [
    ("destroy", PhaseAction::DESTROY),
    ("bury", PhaseAction::BURY),
    ("sacrifice", PhaseAction::SACRIFICE),
    ("moveto(ownerhand)", PhaseAction::TO_OWNERS_HAND),
    ("moveto(ownerbattlefield)", PhaseAction::TO_OWNERS_BATTLEFIELD),
    ("moveto(exile)", PhaseAction::TO_EXILE),
    ("moveto(ownerlibrary)", PhaseAction::TO_OWNERS_LIBRARY),
    ("tap", PhaseAction::TAP),
    ("frozen", PhaseAction::FREEZE),
];

/// `effect` without its last word when that is `word` (any case).
fn strip_last_word<'s>(effect: Piece<'s>, word: &str) -> Option<Piece<'s>> {
    let words = effect.words();
    let [.., before, last] = words.as_slice() else { return None };
    last.text.eq_ignore_ascii_case(word).then(|| effect.slice(0, before.start + before.text.len() - effect.start))
}

/// The power, toughness and count of a phase action's `counter(p/t[,n])`: whole numbers,
/// no name (a named counter is a kind the host keeps apart). Refused at an upkeep: each
/// trigger of the turns between leaves its own (Wiitigo's "if it has blocked or been
/// blocked since your last upkeep" is one counter, whatever the blocks).
fn phase_counter(args: Piece<'_>, event: &str) -> Result<[i32; 3], Unsupported> {
    let parts = super::counters::counter_parts(args.text);
    let number = |text: &str| text.trim().parse::<i32>().ok();
    let (power, toughness) = match parts.first().and_then(|kind| kind.split_once('/')) {
        Some((power, toughness)) => (number(power), number(toughness)),
        None => (None, None),
    };
    let count = match parts.get(1) {
        Some(count) => number(count),
        None => Some(1),
    };
    let written = parts.len() <= 2 && (power, toughness) != (Some(0), Some(0));
    let (Some(power), Some(toughness), Some(count), true) = (power, toughness, count, written) else {
        return Err(Unsupported::new(args, "`phaseaction` of a counter other than `p/t,n` of whole numbers"));
    };
    if event == "upkeep" {
        return Err(Unsupported::new(args, "`phaseaction` of a counter at an upkeep (one per trigger, not per turn)"));
    }
    Ok([power, toughness, count])
}

/// Whether a line is a phase action (`phaseaction[...]` or `phaseactionmulti[...]`).
pub(super) fn is_phase_action(value: Piece<'_>) -> bool {
    value.trim().text.get(..11).is_some_and(|head| head.eq_ignore_ascii_case("phaseaction"))
}

impl<'i> Lowering<'i> {
    /// `phaseaction[phase options] effect` as one part of a trigger's or an activated
    /// ability's effect, or a `newability[...]` (`on_target`: the transformed card is the
    /// action's source): the catalogue's `phaseaction`, a phase action waiting on each
    /// target card, for the effects [`phase_action_of`] reads, with `once` and
    /// `sourceinplay`; `next` and `checkex` refused by name.
    pub(super) fn phase_action_links(&self, piece: Piece<'_>, on_target: bool) -> Result<&'i [Link<'i>], Unsupported> {
        let piece = piece.trim();
        let words = piece.words();
        let Some(head) = words.first() else {
            return Err(Unsupported::new(piece, "`phaseaction` without an effect"));
        };
        let Some(options) = head.strip_prefix("phaseaction[").filter(|_| head.text.ends_with(']')) else {
            return Err(Unsupported::new(*head, &format!("`{}`", spec::leading_word(&head.text.to_ascii_lowercase()))));
        };
        let options = options.slice(0, options.text.len() - 1);
        let read = read_options(options, &["next", "checkex"])?;
        let mut effect = piece.from(head.text.len()).trim();
        // `moveto(ownerhand) all(this)` of a `newability[...]`: `this` is the transformed
        // card, the action's target already (Dash's return at the next end step).
        if on_target && let Some(rest) = strip_last_word(effect, "all(this)") {
            effect = rest;
        }
        let (action, counter) = phase_action_of(effect, read.event)?;
        let whose = match read.prefix {
            "my" => 1,
            "opp" => 2,
            _ => 0,
        };
        let event = i32::try_from(CATALOGUE.event_index(read.event).unwrap_or(0)).unwrap_or(0);
        let int = |value: i32| Arg::Value(Expr::Int(value));
        let [power, toughness, count] = counter;
        let args = [
            int(event),
            int(whose),
            int(i32::from(read.once)),
            int(i32::from(read.source_in_play)),
            int(i32::from(action)),
            int(i32::from(on_target)),
            int(power),
            int(toughness),
            int(count),
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

/// The host's [`PhaseAction`] code of a phase action's effect, with a counter's power,
/// toughness and count: one of [`ACTIONS`], `draw:1 [controller]`, or `counter(p/t[,n])`
/// of whole numbers.
fn phase_action_of(effect: Piece<'_>, event: &str) -> Result<(u8, [i32; 3]), Unsupported> {
    let words = effect.words();
    let written: Vec<String> = words.iter().map(|word| word.text.to_ascii_lowercase()).collect();
    if matches!(written.as_slice(), [draw] | [draw, _] if draw == "draw:1")
        && written.get(1).is_none_or(|who| who == "controller")
    {
        // Astrolabe's "draw a card at the beginning of the next turn's upkeep": the
        // source's controller's draw, whatever becomes of the source (sacrificed).
        return Ok((PhaseAction::DRAW, [0; 3]));
    }
    let [word] = words.as_slice() else {
        let [first, second, ..] = words.as_slice() else {
            return Err(Unsupported::new(effect, "`phaseaction` without an effect"));
        };
        let leading = |word: &Piece<'_>| spec::leading_word(&word.text.to_ascii_lowercase());
        let (first, second) = (leading(first), leading(second));
        return Err(Unsupported::new(effect, &format!("`phaseaction` of `{first}` followed by `{second}`")));
    };
    let lower = word.text.to_ascii_lowercase();
    if let Some(&(_, action)) = ACTIONS.iter().find(|(name, _)| *name == lower) {
        return Ok((action, [0; 3]));
    }
    if let Some((args, rest)) = word.call("counter")
        && rest.text.is_empty()
    {
        return phase_counter(args, event).map(|counter| (PhaseAction::COUNTER, counter));
    }
    Err(Unsupported::new(*word, &format!("`phaseaction` of `{}`", spec::leading_word(&lower))))
}
