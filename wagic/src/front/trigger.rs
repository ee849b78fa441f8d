//! A triggered ability's event (`@each my upkeep`, `@movedto(spec) from(spec)`,
//! `@combat(attacking) source(spec)`, `@combat(blocked) source(this) from(spec)` whose
//! `from` tests the other creature of the block, `@combat(notblocked)`, `@targeted(spec)
//! from(spec)` whose `from` tests the targeting spell's or ability's card) as an IR event,
//! its specs lowered to a test of the event's object; `@each ... sourcenottap` (`sourcetap`) tests its source untapped
//! (tapped) as the phase begins; `turnlimited` (`@combat(blocked,turnlimited)`, or a word
//! after the object trigger) marks the line's auto payable once a turn. On an Aura or an
//! Equipment a spec `mytgt` is the permanent it is attached to, or was as the move that
//! ended the attachment triggers (the catalogue's `lastattached`, `spec.rs`). A discard,
//! a cycling, a sacrifice and a draw of a player's (`@discarded`, `@drawof`...) are
//! `card_events.rs`'s. `@tappedformana(spec)` hears a permanent tapped for mana;
//! `@lifeof(player)` and its kin ([`LIFE_TRIGGERS`]) a player's life gained or lost, the
//! player the event's object and `thatmuch` how much.

use compiler::ir::{BinaryOp, Event, Expr};
use vm::bytecode::CompareOp;
use vm::bytecode::{EventIdx, EventPrefixIdx, EventSuffixIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, card_events, did_you_mean, spec, vocabulary};
use crate::catalogue::{self, CATALOGUE};

/// Whose life change a life trigger hears: Wagic's `TrLifeGained` with `thiscontroller`
/// (`@lifeof`, `@lifelostof`), `thisopponent` (`@lifefoeof`, `@lifelostfoeof`) or
/// neither (`@lifed`, `@lifeloss`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LifePlayer {
    Controller,
    Opponent,
    Either,
}

/// Wagic's life triggers: the word, the event (a gain or a loss) and whose change.
const LIFE_TRIGGERS: [(&str, &str, LifePlayer); 6] = [
    ("lifeof", "lifegained", LifePlayer::Controller),
    ("lifefoeof", "lifegained", LifePlayer::Opponent),
    ("lifed", "lifegained", LifePlayer::Either),
    ("lifelostof", "lifelost", LifePlayer::Controller),
    ("lifelostfoeof", "lifelost", LifePlayer::Opponent),
    ("lifeloss", "lifelost", LifePlayer::Either),
];

/// The trigger option Wagic reads as `limitOnceATurn`: the trigger fires once a turn at
/// most (the auto costs `turnonce`).
const TURN_LIMITED: &str = "turnlimited";

/// Wagic's zone `nonbattlezone`: graveyards, libraries, hands and exiles (and command
/// zones, not modelled), every zone but the battlefield and the stack.
const OUTSIDE_THE_BATTLEFIELD: &str = "nonbattlezone";

/// The spec of `spec|nonbattlezone` (or `*` for `nonbattlezone` alone) without its zone,
/// when that is its zone.
fn outside_the_battlefield(spec: Piece<'_>) -> Option<Piece<'_>> {
    let spec = spec.trim();
    if spec.text.eq_ignore_ascii_case(OUTSIDE_THE_BATTLEFIELD) {
        return Some(Piece::new("*", spec.start));
    }
    let bar = spec.text.rfind('|')?;
    let zone = spec.from(bar + 1).trim();
    zone.text.eq_ignore_ascii_case(OUTSIDE_THE_BATTLEFIELD).then(|| spec.slice(0, bar).trim())
}

impl<'i> Lowering<'i> {
    /// `not inzone(object, 'battlefield', '') and not inzone(object, 'stack', '')`.
    fn outside_battlefield_and_stack(&self, object: Expr<'i>) -> Expr<'i> {
        let function = CATALOGUE.functions.iter().position(|function| function.name == "inzone").unwrap_or(0);
        let not_in = |zone: &'static str| {
            let args = self.arena.alloc_slice_copy(&[object, Expr::Str(zone), Expr::Str("")]);
            Expr::Not(self.arena.alloc(Expr::Call(vm::bytecode::FunctionIdx::new(function), args)))
        };
        Expr::And(self.arena.alloc(not_in("battlefield")), self.arena.alloc(not_in("stack")))
    }

    /// `hasterm(this, 'tapped')`, or its negation when `tapped` is false.
    fn source_tapped(&self, tapped: bool) -> &'i Expr<'i> {
        let function = CATALOGUE.functions.iter().position(|function| function.name == "hasterm").unwrap_or(0);
        let args = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this")), Expr::Str("tapped")]);
        let test = Expr::Call(vm::bytecode::FunctionIdx::new(function), args);
        self.arena.alloc(if tapped { test } else { Expr::Not(self.arena.alloc(test)) })
    }

    /// `@each my upkeep`, `@movedto(creature|mybattlefield) from(graveyard)`: one event; on
    /// an Aura, `@each targetcontroller upkeep` (the upkeep of the enchanted permanent's
    /// controller, as Wagic's `TriggerAtPhase` reads it) is two: the upkeep of the Aura's
    /// controller while it controls the enchanted permanent, and its opponent's while the
    /// opponent does.
    pub(super) fn trigger(&self, piece: Piece<'_>) -> Result<&'i [Event<'i>], Unsupported> {
        let body = piece.from(1).trim();
        let words = body.words();
        let trigger_name = || format!("trigger `@{}`", spec::leading_word(body.text));
        let first = words.first().map(|word| word.text.to_ascii_lowercase());
        if matches!(first.as_deref(), Some("each" | "next")) {
            // `@next upkeep`: Wagic's `TriggerNextPhase`, the next such phase of either
            // player (the auto also costs `nextonce`, `Line::Triggered`'s `once`). With `my`
            // or `opponent` it ends at the next one all the same, firing only if it is that
            // player's: not compiled.
            let next = first.as_deref() == Some("next");
            // `sourcenottap` (`sourcenottapped`) or `sourcetap` last: Wagic's
            // `TriggerAtPhase` fires only while its source is untapped, or tapped.
            let source_tapped = match words.last().map(|word| word.text.to_ascii_lowercase()).as_deref() {
                Some("sourcenottap" | "sourcenottapped") if !next => Some(false),
                Some("sourcetap" | "sourcetapped") if !next => Some(true),
                _ => None,
            };
            let words = if source_tapped.is_some() { &words[..words.len() - 1] } else { &words[..] };
            let source_test = source_tapped.map(|tapped| self.source_tapped(tapped));
            let (prefix, phase) = match words {
                [_, phase] => ("any", *phase),
                _ if next => return Err(Unsupported::new(body, "trigger `@next` other than `@next phase`")),
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("targetcontroller") && self.aura => {
                    ("targetcontroller", *phase)
                }
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("my") => ("my", *phase),
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("opponent") => ("opp", *phase),
                // The one player the card targets, its opponent (`targeted_player.rs`).
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("targetedplayer") && self.targeted_opponent => {
                    ("opp", *phase)
                }
                _ => return Err(Unsupported::new(body, "trigger `@each` form")),
            };
            let lower = phase.text.to_ascii_lowercase();
            let name = match lower.as_str() {
                "end" | "endofturn" => "endofturn",
                "main1" | "firstmain" => "firstmain",
                "main2" | "secondmain" => "secondmain",
                "combatbegin" | "combatbegins" => "combatbegins",
                other => other,
            };
            let event =
                CATALOGUE.event_index(name).filter(|&index| !CATALOGUE.events[index].has_object).ok_or_else(|| {
                    let phases = CATALOGUE.events.iter().filter(|event| !event.has_object).map(|event| event.name);
                    let known = phases.filter(|name| *name != "continuous").chain(["end", "main1", "main2"]);
                    // `@each myupkeep`: the whose and the phase are two words.
                    let split = ["my", "opponent"].into_iter().find_map(|whose| {
                        let phase = lower.strip_prefix(whose)?;
                        let index =
                            CATALOGUE.event_index(phase).filter(|&index| !CATALOGUE.events[index].has_object)?;
                        Some(format!("write `@each {whose} {}`", CATALOGUE.events[index].name))
                    });
                    let help = split.or_else(|| did_you_mean(&lower, known));
                    Unsupported::new(phase, &format!("phase `{}`", spec::quoted(&lower))).with_help(help)
                })?;
            let event = |prefix: &str, condition: Option<&'i Expr<'i>>| {
                let condition = match (condition, source_test) {
                    (Some(left), Some(test)) => Some(&*self.arena.alloc(Expr::And(left, test))),
                    (None, Some(test)) => Some(test),
                    (condition, None) => condition,
                };
                Event {
                    event: EventIdx::new(event),
                    prefix: catalogue::position(catalogue::EVENT_PREFIXES, prefix).map(EventPrefixIdx::new),
                    suffix: None,
                    condition,
                    span: piece.span(),
                }
            };
            if prefix != "targetcontroller" {
                return Ok(self.arena.alloc_slice_copy(&[event(prefix, None)]));
            }
            let enchanted = self.arena.alloc(Expr::Var(spec::variable("enchanted")));
            let controller = self.arena.alloc(Expr::Attr(enchanted, spec::attribute("controller")));
            let controlled_by = |player: &str| {
                let player = self.arena.alloc(Expr::Var(spec::variable(player)));
                &*self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), controller, player))
            };
            return Ok(self.arena.alloc_slice_copy(&[
                event("my", Some(controlled_by("me"))),
                event("opp", Some(controlled_by("opp"))),
            ]));
        }
        let trigger = Expr::Var(spec::variable("trigger"));
        // `@combat(attacking,blocking)`: Wagic's combat trigger on either; one event each.
        let mut more_kinds: Vec<String> = Vec::new();
        let combat = words.first().and_then(|w| w.call("combat")).is_some();
        let (event_name, object_spec, rest) = if let Some((args, rest)) = words.first().and_then(|w| w.call("combat")) {
            if !rest.text.is_empty() {
                return Err(Unsupported::new(body, &trigger_name()));
            }
            let written = args.trim().text.to_ascii_lowercase();
            let mut kinds: Vec<String> = written.split(',').map(|kind| kind.trim().to_string()).collect();
            // `turnlimited` among the kinds: Wagic's `limitOnceATurn` of the one trigger.
            if kinds.len() > 1 && kinds.last().is_some_and(|kind| kind == TURN_LIMITED) {
                kinds.pop();
                self.turn_limited.set(true);
            }
            // `attackedalone`: the `attacking` event, its effect guarded by a count of the
            // attackers (`line.rs`).
            if kinds.len() == 1 && kinds[0] == "attackedalone" {
                kinds[0] = "attacking".into();
                self.attacked_alone.set(true);
            }
            let known = |kind: &String| ["attacking", "blocking", "blocked", "notblocked"].contains(&kind.as_str());
            let repeated = kinds.iter().enumerate().any(|(index, kind)| kinds[..index].contains(kind));
            if !kinds.iter().all(known) || repeated {
                return Err(Unsupported::new(args, &format!("trigger `@combat({written})`")));
            }
            more_kinds = kinds.split_off(1);
            let kind = kinds.pop().unwrap_or_default();
            let source = words.get(1).and_then(|word| word.call("source"));
            let Some((source_spec, after)) = source.filter(|(_, after)| after.text.is_empty()) else {
                return Err(Unsupported::new(body, "trigger `@combat` without `source(...)`"));
            };
            let _ = after;
            (kind, Some(source_spec), &words[2..])
        } else {
            let first = words.first().copied().unwrap_or(body);
            let name = spec::leading_word(first.text);
            const OBJECT_TRIGGERS: [&str; 13] = [
                "movedto",
                "damaged",
                "tapped",
                "untapped",
                "drawn",
                "combatdamaged",
                "damagefoeof",
                "damageof",
                "combatdamagefoeof",
                "combatdamageof",
                "targeted",
                "vampired",
                "tappedformana",
            ];
            let card_event = card_events::CARD_EVENT_TRIGGERS.contains(&name.as_str());
            let life = LIFE_TRIGGERS.iter().any(|(word, ..)| *word == name);
            if !OBJECT_TRIGGERS.contains(&name.as_str()) && !card_event && !life {
                let lives = LIFE_TRIGGERS.iter().map(|(word, ..)| *word);
                let known = OBJECT_TRIGGERS
                    .iter()
                    .copied()
                    .chain(card_events::CARD_EVENT_TRIGGERS)
                    .chain(lives)
                    .chain(["each", "combat"]);
                let help = vocabulary::suggest_unless_wagic(&name, vocabulary::TRIGGERS, known)
                    .map(|help| help.replacen('`', "`@", 1));
                return Err(Unsupported::new(body, &trigger_name()).with_help(help));
            }
            let (args, after) = first.call(&name).ok_or_else(|| Unsupported::new(first, &trigger_name()))?;
            if !after.text.is_empty() {
                return Err(Unsupported::new(first, &trigger_name()));
            }
            (name, Some(args), &words[1..])
        };
        let mut condition = None;
        let drawer = match event_name.as_str() {
            "drawof" => Some(false),
            "drawfoeof" => Some(true),
            _ => None,
        };
        if let (Some(opponent), Some(player_spec)) = (drawer, object_spec) {
            condition = Some(self.drawer_test(player_spec, opponent)?);
        } else if let Some(object_spec) =
            object_spec.filter(|_| card_events::CARD_EVENT_TRIGGERS.contains(&event_name.as_str()))
        {
            condition = self.moved_card_test(&event_name, object_spec)?;
        } else if let Some(object_spec) = object_spec {
            // `@movedto(spec|nonbattlezone)`: the spec without its zone, then the zone test.
            let (object_spec, elsewhere) = match outside_the_battlefield(object_spec) {
                Some(body) if event_name == "movedto" => (body, true),
                _ => (object_spec, false),
            };
            let spec = spec::read(object_spec)?;
            // Wagic tests the dead creature in every zone (`setAllZones`).
            if event_name == "vampired" && spec.zone.is_some() {
                return Err(Unsupported::new(object_spec, "`@vampired(spec)` with a zone"));
            }
            condition = self.specs.predicate(&spec, trigger, "inzone")?;
            if elsewhere {
                let test = self.outside_battlefield_and_stack(trigger);
                condition = Some(match condition.take() {
                    Some(left) => Expr::And(self.arena.alloc(left), self.arena.alloc(test)),
                    None => test,
                });
            }
        }
        let mut and = |test: Expr<'i>| {
            condition = Some(match condition.take() {
                Some(left) => Expr::And(self.arena.alloc(left), self.arena.alloc(test)),
                None => test,
            });
        };
        // Wagic's damage triggers (`TrDamaged`) are one event, `damaged`: combat damage only
        // (`@combatdamaged`), or dealt to the card's controller's opponent (`@damagefoeof`)
        // or to its controller (`@damageof`), or both (`@combatdamagefoeof`,
        // `@combatdamageof`).
        // Whether combat damage only, and whose damage: the event's tests.
        let damage = match event_name.as_str() {
            "combatdamaged" => Some((true, None)),
            "damagefoeof" => Some((false, Some("opp"))),
            "damageof" => Some((false, Some("me"))),
            "combatdamagefoeof" => Some((true, Some("opp"))),
            "combatdamageof" => Some((true, Some("me"))),
            _ => None,
        };
        let event_name = if drawer.is_some() { "drawn".to_string() } else { event_name };
        // Wagic's life triggers (`TrLifeGained`): a gain or a loss, whose player the
        // event's object is, tested as the trigger's spec and as whose.
        let life = LIFE_TRIGGERS.iter().find(|(word, ..)| *word == event_name).map(|&(_, event, whose)| (event, whose));
        self.life_trigger.set(life.map(|(_, whose)| whose));
        if let Some((_, whose)) = life {
            let player = match whose {
                LifePlayer::Controller => Some("me"),
                LifePlayer::Opponent => Some("opp"),
                LifePlayer::Either => None,
            };
            if let Some(player) = player {
                let player = self.arena.alloc(Expr::Var(spec::variable(player)));
                and(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), self.arena.alloc(trigger), player));
            }
        }
        let event_name = match damage {
            _ if life.is_some() => life.map(|(event, _)| event.to_string()).unwrap_or_default(),
            Some((combat, whose)) => {
                if combat {
                    and(Expr::Var(spec::variable("combatdamage")));
                }
                if let Some(player) = whose {
                    let player = self.arena.alloc(Expr::Var(spec::variable(player)));
                    and(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), self.arena.alloc(trigger), player));
                }
                "damaged".to_string()
            }
            None => event_name,
        };
        for word in rest {
            if word.text.eq_ignore_ascii_case(TURN_LIMITED) && !self.turn_limited.get() && !self.once.get() {
                self.turn_limited.set(true);
                continue;
            }
            // `once` (Wagic's `mOnce`): the trigger fires the first time only, while its
            // card is in play.
            if word.text.eq_ignore_ascii_case("once") && !self.once.get() && !self.turn_limited.get() {
                self.once.set(true);
                continue;
            }
            match word.call("from") {
                Some((from_spec, after)) if after.text.is_empty() && event_name == "movedto" => {
                    let spec = spec::read(from_spec)?;
                    if let Some(test) = self.specs.predicate(&spec, trigger, "fromzone")? {
                        and(test);
                    }
                }
                // `@combat(blocking,blocked) source(this) from(spec)`: the other creature of
                // the pair, the card the event binds as `combatfoe` (Wagic's `fromTc` tests
                // `WEventCardBlocked`'s opponent).
                Some((from_spec, after)) if after.text.is_empty() && combat => {
                    let blocks = |kind: &String| kind == "blocking" || kind == "blocked";
                    if !blocks(&event_name) || !more_kinds.iter().all(blocks) {
                        let construct = "trigger option `from` of a combat trigger other than `blocking`, `blocked`";
                        return Err(Unsupported::new(*word, construct));
                    }
                    let spec = spec::read(from_spec)?;
                    let foe = Expr::Var(spec::variable("combatfoe"));
                    if let Some(test) = self.specs.predicate(&spec, foe, "inzone")? {
                        and(test);
                    }
                }
                // The spell's or ability's card, bound as `targetsource`.
                Some((from_spec, after)) if after.text.is_empty() && event_name == "targeted" => {
                    and(self.targeting_source(from_spec)?);
                }
                // The card that dealt the dead creature damage, bound as `vampire`.
                Some((from_spec, after)) if after.text.is_empty() && event_name == "vampired" => {
                    let spec = spec::read(from_spec)?;
                    if let Some(test) = self.specs.predicate(&spec, Expr::Var(spec::variable("vampire")), "inzone")? {
                        and(test);
                    }
                }
                // The damage's source: the card the event binds as `damagesource`.
                Some((from_spec, after)) if after.text.is_empty() && event_name == "damaged" => {
                    let spec = spec::read(from_spec)?;
                    let source = Expr::Var(spec::variable("damagesource"));
                    if let Some(test) = self.specs.predicate(&spec, source, "inzone")? {
                        and(test);
                    }
                }
                _ => {
                    let construct = format!("trigger option `{}`", spec::leading_word(word.text));
                    return Err(Unsupported::new(*word, &construct));
                }
            }
        }
        let any = catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new);
        let condition = condition.map(|condition| &*self.arena.alloc(condition));
        let events: Vec<Event<'i>> = std::iter::once(&event_name)
            .chain(&more_kinds)
            .map(|name| Event {
                event: EventIdx::new(CATALOGUE.event_index(name).unwrap_or(0)),
                prefix: None,
                suffix: any,
                condition,
                span: piece.span(),
            })
            .collect();
        Ok(self.arena.alloc_slice_copy(&events))
    }

    /// `from(spec)` of `@targeted`: a test of the spell's or ability's card, bound as
    /// `targetsource`. Wagic tests it as the target is clicked, a spell still where it is
    /// cast from (`*[instant]|myhand,mygraveyard`), an ability's source on the battlefield;
    /// here the trigger runs once the spell is on the stack, so each zone a spell is cast
    /// from stands for the stack, with the spec's owner.
    fn targeting_source(&self, from_spec: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let from_spec = from_spec.trim();
        let source = Expr::Var(spec::variable("targetsource"));
        let Some(bar) = from_spec.find_top(b'|') else {
            let spec = spec::read(from_spec)?;
            if spec.zone.is_some() {
                return Err(Unsupported::new(from_spec, "`from(zone)` of `@targeted` without a spec"));
            }
            return Ok(self.specs.predicate(&spec, source, "inzone")?.unwrap_or(Expr::Bool(true)));
        };
        let spec = spec::read(from_spec.slice(0, bar).trim())?;
        let mut prefix: Option<&'static str> = None;
        let (mut on_stack, mut on_battlefield) = (false, false);
        for zone in from_spec.from(bar + 1).split_top(",") {
            let zone = zone.trim();
            let lower = zone.text.to_ascii_lowercase();
            let (whose, place) = match (lower.strip_prefix("my"), lower.strip_prefix("opponent")) {
                (Some(place), _) => ("my", place),
                (_, Some(place)) => ("opp", place),
                _ => ("", lower.as_str()),
            };
            if prefix.is_some_and(|prefix| prefix != whose) {
                return Err(Unsupported::new(zone, "`from(spec)` of `@targeted` with zones of different owners"));
            }
            prefix = Some(whose);
            match place {
                "battlefield" | "inplay" => on_battlefield = true,
                "hand" | "graveyard" | "library" | "exile" | "stack" | OUTSIDE_THE_BATTLEFIELD => on_stack = true,
                _ => {
                    return Err(Unsupported::new(
                        zone,
                        &format!("zone `{}` of `@targeted`'s `from(spec)`", spec::quoted(&lower)),
                    ));
                }
            }
        }
        let prefix = prefix.unwrap_or("");
        let in_zone = |zone: &'static str| {
            let function = CATALOGUE.functions.iter().position(|function| function.name == "inzone").unwrap_or(0);
            let args = self.arena.alloc_slice_copy(&[source, Expr::Str(zone), Expr::Str(prefix)]);
            Expr::Call(vm::bytecode::FunctionIdx::new(function), args)
        };
        let zone_test = match (on_stack, on_battlefield) {
            (true, true) => Expr::Or(self.arena.alloc(in_zone("stack")), self.arena.alloc(in_zone("battlefield"))),
            (true, false) => in_zone("stack"),
            _ => in_zone("battlefield"),
        };
        Ok(match self.specs.predicate(&spec, source, "inzone")? {
            Some(test) => Expr::And(self.arena.alloc(test), self.arena.alloc(zone_test)),
            None => zone_test,
        })
    }
}
