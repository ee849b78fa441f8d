//! The Wagic front end: one card block to the compiler's IR (`compiler::ir::Card`), which
//! the shared code generator turns into bytecode. Each `auto=` line becomes an action
//! (`{cost}:effect`), an auto on an event (`@trigger:effect`), an auto run when the card
//! enters play (a permanent's other lines), or a statement of the spell's one action (an
//! instant's or sorcery's lines). The first construct the front end does not compile yet
//! ends the card with one [`Unsupported`] naming it.

pub mod piece;
pub mod spec;
pub mod vocabulary;

use bumpalo::Bump;
use compiler::Span;
use compiler::ir::{
    Action, Arg, Auto, Card, Condition, Cost, Each, EachSource, Effect, Event, Expr, Link, RuleTarget, Statement,
    Target, TypeTerm,
};
use vm::bytecode::{
    AbilityIdx, CommandIdx, Const, CostIdx, EventIdx, EventPrefixIdx, EventSuffixIdx, RestrictionIdx, ZoneIdx,
    ZonePrefixIdx, ZoneRef,
};

use crate::catalogue::{self, CATALOGUE, Command};
use crate::reader::CardBlock;
use piece::Piece;
use spec::SpecLowering;

/// The first construct of a card the front end does not compile yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    /// Where it is.
    pub span: Span,
    /// A short stable name for it (`effect \`transforms\``).
    pub construct: String,
    /// How to fix it, when the front end can tell (`did you mean \`damage\`?` for a word
    /// close to one it compiles).
    pub help: Option<String>,
}

impl Unsupported {
    /// `construct` at `piece`.
    pub fn new(piece: Piece<'_>, construct: &str) -> Unsupported {
        Unsupported { span: piece.span(), construct: construct.to_string(), help: None }
    }

    /// The same, with `help`.
    pub fn with_help(self, help: Option<String>) -> Unsupported {
        Unsupported { help, ..self }
    }
}

/// `did you mean \`X\`?` for the name in `known` closest to `written`, when one is close
/// (a typo: `damgae` for `damage`).
pub fn did_you_mean<'n>(written: &str, known: impl IntoIterator<Item = &'n str>) -> Option<String> {
    compiler::diagnostics::suggest(written, known)
}

/// The longest `auto=` value compiled (Wagic's longest is under 2,400 bytes): the code
/// generator's source rows look back along the line, so a line of megabytes would cost
/// time in proportion to its length for each of its statements.
pub const MAX_LINE_BYTES: usize = 8 * 1024;

/// The most statements of one card's action or auto (Wagic's cards have a handful): an
/// entry holds at most 65,535 instructions.
pub const MAX_STATEMENTS: usize = 256;

/// The most actions and autos of one card.
pub const MAX_ENTRIES: usize = 256;

/// The keys of a card block that only describe the card (read by a game, not compiled).
const DESCRIPTION_KEYS: &[&str] =
    &["name", "text", "mana", "type", "subtype", "power", "toughness", "color", "grade", "rarity", "id"];

/// The keys of a card block that are compiled.
const COMPILED_KEYS: &[&str] = &["auto", "abilities", "target"];

/// The effects an `auto=` line may name (besides a keyword ability, granted or removed, and
/// a pump `p/t`), for suggestions.
const EFFECT_WORDS: &[&str] = &[
    "may",
    "damage",
    "life",
    "draw",
    "discard",
    "deplete",
    "prevent",
    "destroy",
    "bury",
    "tap",
    "untap",
    "regenerate",
    "shuffle",
    "moveto",
    "counter",
    "add",
    "token",
];

/// The help of an `auto=` line with no effect (`auto=`, `auto=may`).
const NO_EFFECT_HELP: &str = "write an effect (`damage:2 target(creature)`), or remove the line";

/// The effects written with an amount after a colon (`damage:2`).
const AMOUNT_EFFECTS: &[&str] = &["damage", "life", "draw", "discard", "deplete", "prevent"];

/// What one `auto=` line is.
enum Line<'i> {
    /// No cost and no trigger: a spell's effect, or a permanent's effect on entering play.
    Plain(&'i [Statement<'i>]),
    /// `lord(spec) effect` on a permanent: the effect on every match when the lord enters,
    /// and on each match that enters later (`event`, with the statements retargeted to the
    /// entering card); the runtime ends both when the lord leaves play.
    Lord { statements: &'i [Statement<'i>], event: Event<'i>, entering: &'i [Statement<'i>] },
    /// `aslongas(spec) effect` or `foreach(spec) p/t` with a lasting effect on a permanent:
    /// a continuous effect (an auto on the catalogue's `continuous` event), which the
    /// runtime runs again after every change, so it holds while its condition does.
    Continuous(&'i [Statement<'i>]),
    /// `{cost}:effect`.
    Activated { label: Option<&'i str>, costs: &'i [Cost<'i>], statements: &'i [Statement<'i>] },
    /// `@trigger:effect`.
    Triggered { event: Event<'i>, statements: &'i [Statement<'i>] },
}

/// Lowers one card block (already read whole: `malformed` is none) into `arena`. The IR's
/// spans, and the returned error's, are offsets from the start of the block
/// (`block.block.start`), as the code generator is handed the block's text alone.
pub fn lower_card<'i>(block: &CardBlock<'_>, arena: &'i Bump) -> Result<Card<'i>, Unsupported> {
    let base = block.block.start as usize;
    let lowering = Lowering { arena, specs: SpecLowering { arena }, activation_limits: Default::default() };
    let is_spell = block.field("type").is_some_and(|field| {
        let lower = field.value.to_ascii_lowercase();
        lower.contains("instant") || lower.contains("sorcery")
    });
    // A misspelt type (`Instnat`) would make a spell a permanent: its `target=` would read
    // as an aura's, its effects as ones on entering play.
    if let Some(field) = block.field("type") {
        let value = Piece::new(field.value, (field.value_span.start as usize).saturating_sub(base));
        let unknown = field
            .value
            .split_ascii_whitespace()
            .find(|word| !catalogue::CARD_TYPES.iter().any(|card_type| card_type.name.eq_ignore_ascii_case(word)));
        if let Some(written) = unknown {
            // The word's offset in the value: it is a slice of it.
            let at = written.as_ptr() as usize - field.value.as_ptr() as usize;
            let word = value.slice(at, at + written.len());
            let known = catalogue::CARD_TYPES.iter().map(|spec| spec.name);
            let help = did_you_mean(word.text, known).unwrap_or_else(|| {
                "a card's types are `Creature`, `Instant`, `Sorcery`, `Enchantment`, `Artifact`, `Land`, \
                 `Planeswalker`, `Tribal` and the supertypes `Legendary`, `Basic`, `Snow`, `World`"
                    .into()
            });
            return Err(
                Unsupported::new(word, &format!("type `{}`", spec::leading_word(word.text))).with_help(Some(help))
            );
        }
    }
    let mut abilities = Vec::new();
    let mut rule_target = None;
    let mut spell_statements: Vec<Statement<'i>> = Vec::new();
    let mut actions = Vec::new();
    let mut autos = Vec::new();
    for field in &block.fields {
        let value = Piece::new(field.value, (field.value_span.start as usize).saturating_sub(base));
        let key = field.key.to_ascii_lowercase();
        match key.as_str() {
            "abilities" => {
                for word in value.split_top(",") {
                    let word = word.trim();
                    if word.text.is_empty() {
                        continue;
                    }
                    abilities.push(ability(word)?);
                }
            }
            "target" if !is_spell => {
                // An aura's `target=` is what it enchants: a lasting link the runtime does
                // not keep, so its effects would land on the aura itself.
                return Err(Unsupported::new(value, "aura (`target=` on a permanent)"));
            }
            "target" => {
                let spec = spec::read(value)?;
                let filter = lowering.specs.filter(&spec, false)?;
                rule_target = Some(RuleTarget { optional: false, filters: arena.alloc_slice_copy(&[filter]) });
            }
            "auto" if value.text.len() > MAX_LINE_BYTES => {
                return Err(Unsupported::new(value, &format!("line longer than {MAX_LINE_BYTES} bytes")).with_help(
                    Some("split its effects into several `auto=` lines (Wagic's longest is under 2,400 bytes)".into()),
                ));
            }
            "auto" => match lowering.line(value)? {
                Line::Plain(statements) | Line::Lord { statements, .. } | Line::Continuous(statements) if is_spell => {
                    spell_statements.extend_from_slice(lowering.until_end_of_turn(statements));
                }
                Line::Lord { statements, event, entering } => {
                    autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                    let events = arena.alloc_slice_copy(&[event]);
                    autos.push(Auto { hook: false, events, costs: &[], statements: entering });
                }
                Line::Plain(statements) => {
                    autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                }
                Line::Continuous(statements) => {
                    let events = arena.alloc_slice_copy(&[lowering.continuous_event(value)]);
                    autos.push(Auto { hook: false, events, costs: &[], statements });
                }
                Line::Activated { .. } if is_spell => {
                    return Err(Unsupported::new(value, "activated ability on an instant or sorcery"));
                }
                Line::Activated { label, costs, statements } => {
                    actions.push(Action { label, costs, statements });
                }
                Line::Triggered { .. } if is_spell => {
                    return Err(Unsupported::new(value, "trigger on an instant or sorcery"));
                }
                Line::Triggered { event, statements } => {
                    autos.push(Auto { hook: false, events: arena.alloc_slice_copy(&[event]), costs: &[], statements });
                }
            },
            key if DESCRIPTION_KEYS.contains(&key) => {}
            key => {
                let key_piece = Piece::new(field.key, (field.key_span.start as usize).saturating_sub(base));
                let known = COMPILED_KEYS.iter().chain(DESCRIPTION_KEYS).copied();
                let help = vocabulary::suggest_unless_wagic(key, vocabulary::KEYS, known).unwrap_or_else(|| {
                    "the keys compiled are `auto`, `abilities` and `target`; `name`, `text`, `mana`, `type`, \
                     `subtype`, `power` and `toughness` describe the card"
                        .into()
                });
                return Err(
                    Unsupported::new(key_piece, &format!("key `{}`", spec::leading_word(key))).with_help(Some(help))
                );
            }
        }
    }
    if spell_statements.len() > MAX_STATEMENTS || actions.len() + autos.len() > MAX_ENTRIES {
        let open = Piece::new("", 0);
        return Err(Unsupported::new(open, "card with more than 256 effects"));
    }
    if is_spell && !spell_statements.is_empty() {
        actions.push(Action { label: None, costs: &[], statements: arena.alloc_slice_copy(&spell_statements) });
    }
    Ok(Card {
        abilities: arena.alloc_slice_copy(&abilities),
        target: rule_target,
        requisites: &[],
        vars: &[],
        actions: arena.alloc_slice_copy(&actions),
        autos: arena.alloc_slice_copy(&autos),
    })
}

/// An ability keyword (`first strike`, `protection from black`), compared without blanks.
fn ability(word: Piece<'_>) -> Result<AbilityIdx, Unsupported> {
    let normalized: String = word.text.chars().filter(|c| !c.is_whitespace()).collect();
    catalogue::position(catalogue::ABILITIES, &normalized).map(AbilityIdx::new).ok_or_else(|| {
        Unsupported::new(word, &format!("ability `{}`", spec::quoted(&normalized)))
            .with_help(did_you_mean(&normalized, catalogue::ABILITIES.iter().map(|spec| spec.name)))
    })
}

/// An ability keyword, if the text is one.
fn ability_of(text: &str) -> Option<AbilityIdx> {
    let normalized: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    catalogue::position(catalogue::ABILITIES, &normalized).map(AbilityIdx::new)
}

struct Lowering<'i> {
    arena: &'i Bump,
    specs: SpecLowering<'i>,
    /// The activation limits (`asSorcery`, `myTurnOnly`) met in the line being lowered:
    /// they are written among the effect's words but are conditions of its activation.
    activation_limits: std::cell::RefCell<Vec<(&'static str, Span)>>,
}

/// The words written after an effect that limit when its ability may be activated, and the
/// catalogue cost checking each.
const ACTIVATION_LIMITS: &[(&str, &str)] = &[("assorcery", "assorcery"), ("myturnonly", "myturnonly")];

/// The effect part of a line: its label (`name(...)`), its statements, the spec of its
/// `lord(...)` when it is a lord, and whether it holds while a condition does (an
/// `aslongas(...)` or `foreach(...)` of a lasting effect).
type EffectPart<'i, 's> = (Option<&'i str>, &'i [Statement<'i>], Option<Piece<'s>>, bool);

/// A prefix applying to the whole effect of a line.
#[derive(Clone, Copy)]
enum Wrapper<'s> {
    /// `lord(spec)`, `all(spec)`, `target(spec)` written before the effect: its target.
    Target(Piece<'s>, &'static str),
    /// `foreach(spec)`.
    Foreach(Piece<'s>),
    /// `aslongas(spec)`.
    AsLongAs(Piece<'s>),
}

impl<'i> Lowering<'i> {
    fn line(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        self.activation_limits.borrow_mut().clear();
        let line = self.line_parts(value)?;
        let limits = std::mem::take(&mut *self.activation_limits.borrow_mut());
        match (line, limits.first()) {
            (line, None) => Ok(line),
            (Line::Activated { label, costs, statements }, Some(_)) => {
                let mut costs = costs.to_vec();
                for (cost, _) in limits {
                    let index = CATALOGUE.costs.iter().position(|spec| spec.name == cost).unwrap_or(0);
                    costs.push(Cost { cost: CostIdx::new(index), count: None, filter: None });
                }
                Ok(Line::Activated { label, costs: self.arena.alloc_slice_copy(&costs), statements })
            }
            (_, Some(&(cost, span))) => {
                Err(Unsupported { span, construct: format!("`{cost}` outside an activated ability"), help: None })
            }
        }
    }

    fn line_parts(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        let value = value.trim();
        if !value.balanced()
            && let Some((at, problem)) = value.first_unbalanced()
        {
            let help = match problem {
                piece::Unbalanced::Unclosed(close) => {
                    format!("this `{}` is never closed: add `{}`", value.text.as_bytes()[at] as char, close as char)
                }
                piece::Unbalanced::Stray(open) => match open {
                    Some(open) => format!("this `{}` closes a `{}`", value.text.as_bytes()[at] as char, open as char),
                    None => format!("this `{}` closes nothing", value.text.as_bytes()[at] as char),
                },
            };
            return Err(Unsupported::new(value.slice(at, at + 1), "unbalanced brackets").with_help(Some(help)));
        }
        if value.text.starts_with('@') {
            let colon = value.find_top(b':').ok_or_else(|| Unsupported::new(value, "trigger without `:`"))?;
            let event = self.trigger(value.slice(0, colon).trim())?;
            let (_, statements, _, _) = self.effect(value.from(colon + 1))?;
            return Ok(Line::Triggered { event, statements: self.until_end_of_turn(statements) });
        }
        if value.text.starts_with('{') {
            let colon = value.find_top(b':').ok_or_else(|| Unsupported::new(value, "cost without `:`"))?;
            let costs = self.costs(value.slice(0, colon).trim())?;
            let (label, statements, _, _) = self.effect(value.from(colon + 1))?;
            return Ok(Line::Activated { label, costs, statements: self.until_end_of_turn(statements) });
        }
        let (_, statements, lord, continuous) = self.effect(value)?;
        if continuous {
            return Ok(Line::Continuous(statements));
        }
        match lord {
            Some(spec_piece) if statements.iter().all(|statement| statement.restriction.is_none()) => {
                let (event, entering) = self.lord_entering(spec_piece, statements)?;
                Ok(Line::Lord { statements, event, entering })
            }
            _ => Ok(Line::Plain(statements)),
        }
    }

    /// Wagic's rule for how long an effect lasts when no `ueot` is written: an activated
    /// or triggered ability's effect (and a spell's) ends with the turn.
    fn until_end_of_turn(&self, statements: &'i [Statement<'i>]) -> &'i [Statement<'i>] {
        let ueot = Some((RestrictionIdx::new(0), None));
        let timed: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { restriction: statement.restriction.or(ueot), ..*statement })
            .collect();
        self.arena.alloc_slice_copy(&timed)
    }

    /// The entering half of a lord: `movedto` of a card matching the spec onto the
    /// battlefield, and the lord's statements aimed at that card.
    fn lord_entering(
        &self,
        spec_piece: Piece<'_>,
        statements: &'i [Statement<'i>],
    ) -> Result<(Event<'i>, &'i [Statement<'i>]), Unsupported> {
        let mut spec = spec::read(spec_piece)?;
        let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield").unwrap_or(0);
        match spec.zone {
            None => spec.zone = Some((None, battlefield)),
            Some((_, zone)) if zone != battlefield => {
                return Err(Unsupported::new(spec_piece, "lord outside the battlefield"));
            }
            Some(_) => {}
        }
        let trigger = Expr::Var(spec::variable("trigger"));
        let condition = self.specs.predicate(&spec, trigger, "inzone")?;
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("movedto").unwrap_or(0)),
            prefix: None,
            suffix: catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new),
            condition: condition.map(|condition| &*self.arena.alloc(condition)),
            span: spec_piece.span(),
        };
        let value = self.arena.alloc(trigger);
        let entering: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { target: Some(Target::Expr { value, optional: false }), ..*statement })
            .collect();
        Ok((event, self.arena.alloc_slice_copy(&entering)))
    }

    /// `{2}{R}{T}`.
    fn costs(&self, piece: Piece<'_>) -> Result<&'i [Cost<'i>], Unsupported> {
        let mut costs: Vec<Cost<'i>> = Vec::new();
        // Each cost with a spec picks its card on its own: written twice, both could pick
        // the same card and pay one for two.
        let mut spec_costs: Vec<String> = Vec::new();
        let mut rest = piece;
        while !rest.text.is_empty() {
            let Some(inner) = rest.strip_prefix("{") else {
                return Err(Unsupported::new(rest, &format!("cost `{}`", spec::leading_word(rest.text))));
            };
            let close = inner.find_top(b'}').ok_or_else(|| Unsupported::new(rest, "cost without `}`"))?;
            let symbol = inner.slice(0, close).trim();
            rest = inner.from(close + 1).trim();
            let upper = symbol.text.to_ascii_uppercase();
            let (name, count, filter) = match upper.as_str() {
                "T" => ("T", None, None),
                "W" | "U" | "B" | "R" | "G" => (&upper[..], Some(1), None),
                "S" => ("S", None, None),
                "D" => ("D", None, None),
                "L" => ("L", Some(1), None),
                digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    let amount: u32 = digits.parse().map_err(|_| Unsupported::new(symbol, "mana amount"))?;
                    if amount == 0 {
                        continue;
                    }
                    ("generic", Some(amount), None)
                }
                _ => {
                    // `{S(spec)}` sacrifices, `{discard(spec)}` discards a card the spec picks.
                    let with_spec = [("s", "S"), ("discard", "D")]
                        .into_iter()
                        .find_map(|(written, cost)| symbol.call(written).map(|call| (call, cost)));
                    if let Some(((args, after), cost)) = with_spec {
                        if !after.text.trim().is_empty() {
                            return Err(Unsupported::new(symbol, "cost with text after its spec"));
                        }
                        let written = symbol.text.to_ascii_lowercase();
                        if spec_costs.contains(&written) {
                            return Err(Unsupported::new(symbol, "a cost with a spec written twice"));
                        }
                        spec_costs.push(written);
                        let spec = spec::read(args)?;
                        (cost, None, Some(self.specs.filter(&spec, false)?))
                    } else {
                        let word = spec::leading_word(symbol.text);
                        return Err(Unsupported::new(symbol, &format!("cost `{{{}}}`", word)).with_help(Some(
                            "the costs compiled are `{T}`, mana (`{2}`, `{W}`, `{U}`, `{B}`, `{R}`, `{G}`), `{S}`, \
                             `{S(spec)}`, `{D}`, `{discard(spec)}` and `{L}`"
                                .into(),
                        )));
                    }
                }
            };
            let index = CATALOGUE.costs.iter().position(|cost| cost.name == name).unwrap_or(0);
            // Mana of one colour is one cost with a count, as the player pays it at once.
            if let (Some(previous), Some(count)) = (costs.last_mut(), count)
                && previous.cost == CostIdx::new(index)
                && previous.filter.is_none()
            {
                previous.count = Some(previous.count.unwrap_or(1) + count);
                continue;
            }
            costs.push(Cost { cost: CostIdx::new(index), count, filter });
        }
        Ok(self.arena.alloc_slice_copy(&costs))
    }

    /// `@each my upkeep`, `@movedto(creature|mybattlefield) from(graveyard)`.
    fn trigger(&self, piece: Piece<'_>) -> Result<Event<'i>, Unsupported> {
        let body = piece.from(1).trim();
        let words = body.words();
        let trigger_name = || format!("trigger `@{}`", spec::leading_word(body.text));
        if words.first().is_some_and(|word| word.text.eq_ignore_ascii_case("each")) {
            let (prefix, phase) = match words.as_slice() {
                [_, phase] => ("any", *phase),
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("my") => ("my", *phase),
                [_, whose, phase] if whose.text.eq_ignore_ascii_case("opponent") => ("opp", *phase),
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
            let prefix = catalogue::position(catalogue::EVENT_PREFIXES, prefix).map(EventPrefixIdx::new);
            return Ok(Event {
                event: EventIdx::new(event),
                prefix,
                suffix: None,
                condition: None,
                span: piece.span(),
            });
        }
        let trigger = Expr::Var(spec::variable("trigger"));
        let (event_name, object_spec, rest) = if let Some((args, rest)) = words.first().and_then(|w| w.call("combat")) {
            if !rest.text.is_empty() {
                return Err(Unsupported::new(body, &trigger_name()));
            }
            let kind = args.trim().text.to_ascii_lowercase();
            if !["attacking", "blocking", "blocked"].contains(&kind.as_str()) {
                return Err(Unsupported::new(args, &format!("trigger `@combat({kind})`")));
            }
            let source = words.get(1).and_then(|word| word.call("source"));
            let Some((source_spec, after)) = source.filter(|(_, after)| after.text.is_empty()) else {
                return Err(Unsupported::new(body, "trigger `@combat` without `source(...)`"));
            };
            let _ = after;
            (kind, Some(source_spec), &words[2..])
        } else {
            let first = words.first().copied().unwrap_or(body);
            let name = spec::leading_word(first.text);
            const OBJECT_TRIGGERS: [&str; 5] = ["movedto", "damaged", "tapped", "untapped", "drawn"];
            if !OBJECT_TRIGGERS.contains(&name.as_str()) {
                let known = OBJECT_TRIGGERS.iter().copied().chain(["each", "combat"]);
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
        if let Some(object_spec) = object_spec {
            let spec = spec::read(object_spec)?;
            condition = self.specs.predicate(&spec, trigger, "inzone")?;
        }
        for word in rest {
            match word.call("from") {
                Some((from_spec, after)) if after.text.is_empty() && event_name == "movedto" => {
                    let spec = spec::read(from_spec)?;
                    if let Some(test) = self.specs.predicate(&spec, trigger, "fromzone")? {
                        condition = Some(match condition {
                            Some(left) => Expr::And(self.arena.alloc(left), self.arena.alloc(test)),
                            None => test,
                        });
                    }
                }
                _ => {
                    let construct = format!("trigger option `{}`", spec::leading_word(word.text));
                    return Err(Unsupported::new(*word, &construct));
                }
            }
        }
        let event = CATALOGUE.event_index(&event_name).unwrap_or(0);
        let any = catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new);
        Ok(Event {
            event: EventIdx::new(event),
            prefix: None,
            suffix: any,
            condition: condition.map(|condition| &*self.arena.alloc(condition)),
            span: piece.span(),
        })
    }

    /// The effect part of a line: `[may] [name(...)] [wrapper(spec)] effect [&& effect]...`.
    fn effect<'s>(&self, piece: Piece<'s>) -> Result<EffectPart<'i, 's>, Unsupported> {
        let mut rest = piece.trim();
        let mut may = false;
        let mut label = None;
        let mut wrapper = None;
        loop {
            let words = rest.words();
            let Some(first) = words.first().copied() else { break };
            if first.text.eq_ignore_ascii_case("may") {
                may = true;
            } else if let Some((name, after)) = first.call("name").filter(|(_, after)| after.text.is_empty()) {
                label = Some(&*self.arena.alloc_str(name.trim().text));
                let _ = after;
            } else if wrapper.is_none()
                && let Some(found) = self.wrapper(first)
            {
                wrapper = Some(found);
            } else {
                break;
            }
            rest = rest.from(first.text.len() + (first.start - rest.start)).trim();
        }
        if rest.text.is_empty() {
            return Err(Unsupported::new(piece, "line without an effect").with_help(Some(NO_EFFECT_HELP.into())));
        }
        let parts = rest.split_top("&&");
        if may && parts.len() > 1 {
            return Err(Unsupported::new(piece, "`may` with `&&`"));
        }
        let mut statements = Vec::with_capacity(parts.len());
        for part in parts {
            statements.push(self.statement(part.trim(), wrapper)?);
        }
        // Wagic chooses a `target(...)` once for the whole line, and a part without a target
        // of its own acts on it (`damage:2 && -flying target(creature)`); statements here
        // choose their targets each, so such a line is refused rather than split.
        if statements.len() > 1 && matches!(wrapper, Some(Wrapper::Target(_, "target"))) {
            return Err(Unsupported::new(piece, "`&&` parts sharing one `target(...)`"));
        }
        let chooses = |statement: &Statement<'_>| matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        if statements.len() > 1
            && statements.iter().any(chooses)
            && statements.iter().any(|statement| statement.target.is_none())
        {
            return Err(Unsupported::new(piece, "`&&` parts sharing one `target(...)`"));
        }
        if may && let Some(first) = statements.first_mut() {
            first.condition = Some(Condition::May(None));
        }
        let lord = match wrapper {
            Some(Wrapper::Target(spec_piece, "lord")) if !may => Some(spec_piece),
            _ => None,
        };
        let continuous = !may
            && matches!(wrapper, Some(Wrapper::AsLongAs(_) | Wrapper::Foreach(_)))
            && statements.iter().any(|statement| statement.chain.iter().any(|link| is_lasting(&link.effect)));
        Ok((label, self.arena.alloc_slice_copy(&statements), lord, continuous))
    }

    /// The event of a continuous effect's auto: the catalogue's `continuous` role.
    fn continuous_event(&self, at: Piece<'_>) -> Event<'i> {
        let name = CATALOGUE.roles.continuous.unwrap_or_default();
        let event = EventIdx::new(CATALOGUE.event_index(name).unwrap_or(0));
        Event { event, prefix: None, suffix: None, condition: None, span: at.span() }
    }

    fn wrapper<'s>(&self, word: Piece<'s>) -> Option<Wrapper<'s>> {
        for (name, kind) in [("lord", "lord"), ("all", "all"), ("target", "target"), ("notatarget", "target")] {
            if let Some((args, after)) = word.call(name)
                && after.text.is_empty()
            {
                return Some(Wrapper::Target(args, kind));
            }
        }
        if let Some((args, after)) = word.call("foreach")
            && after.text.is_empty()
        {
            return Some(Wrapper::Foreach(args));
        }
        if let Some((args, after)) = word.call("aslongas")
            && after.text.is_empty()
        {
            return Some(Wrapper::AsLongAs(args));
        }
        None
    }

    /// One `&&` part: the effect words, then its target, player, `ueot` and criterion.
    fn statement(&self, piece: Piece<'_>, wrapper: Option<Wrapper<'_>>) -> Result<Statement<'i>, Unsupported> {
        let mut target: Option<Target<'i>> = None;
        let mut restriction = None;
        let mut criterion: Option<(&'static str, i32, Piece<'_>)> = None;
        let mut effect_words: Vec<Piece<'_>> = Vec::new();
        // `lord(goblin) 1/1 other`: the source is left out of the targets.
        let mut other = false;
        // `token(...) targetcontroller`: the tokens go to the targets' controllers.
        let mut target_controller = None;
        let mut player_word = false;
        let mut set_target = |new: Target<'i>, at: Piece<'_>| -> Result<(), Unsupported> {
            if target.replace(new).is_some() {
                return Err(Unsupported::new(at, "more than one target in an effect"));
            }
            Ok(())
        };
        if let Some(Wrapper::Target(spec_piece, kind)) = wrapper {
            set_target(self.target_clause(spec_piece, kind)?, spec_piece)?;
        }
        for word in piece.words() {
            let lower = word.text.to_ascii_lowercase();
            if let Some((args, after)) = word.call("target").or_else(|| word.call("notatarget"))
                && after.text.is_empty()
            {
                set_target(self.target_clause(args, "target")?, word)?;
            } else if let Some((args, after)) = word.call("all")
                && after.text.is_empty()
            {
                set_target(self.target_clause(args, "all")?, word)?;
            } else if lower == "controller" || lower == "opponent" {
                // The catalogue's `me` and `opp` are the source's controller and opponent
                // (the host answers them), whoever's event runs the ability.
                let name = if lower == "controller" { "me" } else { "opp" };
                let value = self.arena.alloc(Expr::Var(spec::variable(name)));
                set_target(Target::Expr { value, optional: false }, word)?;
                player_word = true;
            } else if lower == "targetcontroller" {
                target_controller = Some(word);
            } else if lower == "other" {
                other = true;
            } else if let Some(&(_, cost)) = ACTIVATION_LIMITS.iter().find(|(written, _)| *written == lower) {
                self.activation_limits.borrow_mut().push((cost, word.span()));
            } else if lower == "ueot" {
                restriction = Some((RestrictionIdx::new(0), None));
            } else if let Some(number) = lower.strip_prefix('>').or_else(|| lower.strip_prefix('<')) {
                let count: i32 =
                    number.parse().map_err(|_| Unsupported::new(word, "criterion with a computed value"))?;
                let name = if lower.starts_with('>') { "morethan" } else { "lessthan" };
                criterion = Some((name, count, word));
            } else {
                effect_words.push(word);
            }
        }
        let Some(first) = effect_words.first().copied() else {
            return Err(Unsupported::new(piece, "line without an effect").with_help(Some(NO_EFFECT_HELP.into())));
        };
        let last = effect_words.last().copied().unwrap_or(first);
        let effect_piece = piece.slice(first.start - piece.start, last.start - piece.start + last.text.len());
        let mut chain = match self.effect_links(effect_piece) {
            Ok(chain) => chain,
            // `tap target(creature) myTurnOnly`: name the word the effect does not take.
            Err(error) => match effect_words.as_slice() {
                [first, second, ..] if self.effect_links(*first).is_ok() => {
                    let word = spec::leading_word(second.text);
                    // `target:creature` for `target(creature)`.
                    let help = ["target", "notatarget", "all", "lord", "foreach", "aslongas"]
                        .contains(&word.as_str())
                        .then(|| format!("write the spec in parentheses: `{word}(creature)`"));
                    return Err(Unsupported::new(*second, &format!("word `{word}`")).with_help(help));
                }
                _ => return Err(error),
            },
        };
        match wrapper {
            Some(Wrapper::Foreach(spec_piece)) if chain.iter().any(|link| is_lasting(&link.effect)) => {
                // The runtime records a lasting effect once per source, target and value
                // (running it again does not stack it), so `+1/+1 for each` is one pump of
                // +1/+1 times the cards the spec matches, counted at each run.
                let pump = CommandIdx::new(Command::Pump.index());
                let [Link { effect: Effect::Call { command, confirm, args: [power, toughness] }, operator }] = *chain
                else {
                    return Err(Unsupported::new(piece, "foreach of a lasting effect other than a pump"));
                };
                if command != pump {
                    return Err(Unsupported::new(piece, "foreach of a lasting effect other than a pump"));
                }
                let spec = spec::read(spec_piece)?;
                let filter = self.specs.filter(&spec, true)?;
                let args = self.arena.alloc_slice_copy(&[*power, *toughness, Arg::Filter(filter)]);
                chain =
                    self.arena.alloc_slice_copy(&[Link { operator, effect: Effect::Call { command, confirm, args } }]);
            }
            Some(Wrapper::Foreach(spec_piece)) => {
                let spec = spec::read(spec_piece)?;
                let filter = self.specs.filter(&spec, true)?;
                let each = self.arena.alloc(Each { source: EachSource::Filter(filter), slot: 0, body: chain });
                let command = CommandIdx::new(Command::Foreach.index());
                let link = Link { operator: None, effect: Effect::Each { command, confirm: false, each } };
                chain = self.arena.alloc_slice_copy(&[link]);
            }
            Some(Wrapper::AsLongAs(spec_piece)) => {
                let spec = spec::read(spec_piece)?;
                let filter = self.specs.filter(&spec, true)?;
                let (name, count, _) = criterion.take().unwrap_or(("morethan", 0, spec_piece));
                let word = catalogue::position(catalogue::CRITERIA, name).unwrap_or(0) as u16;
                let command = CommandIdx::new(Command::AsLongAs.index());
                let args = self.arena.alloc_slice_copy(&[
                    Arg::Filter(filter),
                    Arg::Const(Const::Word { command, param: 1, word }),
                    Arg::Value(Expr::Int(count)),
                ]);
                let mut links = vec![Link { operator: None, effect: Effect::Call { command, confirm: false, args } }];
                for link in chain {
                    links.push(Link { operator: Some(compiler::ir::ChainOperator::AndThen), effect: link.effect });
                }
                chain = self.arena.alloc_slice_copy(&links);
            }
            _ => {}
        }
        if let Some((_, _, at)) = criterion {
            return Err(Unsupported::new(at, "criterion outside `aslongas`"));
        }
        if makes_token(chain) {
            if target_controller.is_none() && !player_word {
                // Wagic gives the tokens to the source's controller unless a player word
                // says otherwise, even when the spell or the line has a target.
                if target.is_some() {
                    return Err(Unsupported::new(piece, "`token(...)` with a target"));
                }
                let value = self.arena.alloc(Expr::Var(spec::variable("me")));
                target = Some(Target::Expr { value, optional: false });
            }
        } else if let Some(word) = target_controller {
            return Err(Unsupported::new(word, "word `targetcontroller`")
                .with_help(Some("`targetcontroller` is compiled after `token(...)` only".into())));
        }
        if other {
            target = Some(self.leave_out_source(target, piece)?);
        }
        Ok(Statement { condition: None, target, restriction, chain, otherwise: None, span: piece.span() })
    }

    /// The target without the source (`other` written after the effect).
    fn leave_out_source(&self, target: Option<Target<'i>>, at: Piece<'_>) -> Result<Target<'i>, Unsupported> {
        let Some(Target::Filter { filter, optional }) = target else {
            return Err(Unsupported::new(at, "`other` without a target spec"));
        };
        let types: Vec<TypeTerm<'i>> =
            filter.types.iter().map(|term| TypeTerm { exclude_source: true, ..*term }).collect();
        let filter = self.arena.alloc(compiler::ir::Filter { types: self.arena.alloc_slice_copy(&types), ..*filter });
        Ok(Target::Filter { filter, optional })
    }

    /// `target(spec)`, `all(spec)`, `lord(spec)`; `all(trigger)` is the event's object.
    fn target_clause(&self, args: Piece<'_>, kind: &str) -> Result<Target<'i>, Unsupported> {
        let trimmed = args.trim();
        let lower = trimmed.text.to_ascii_lowercase();
        if lower == "trigger" || lower == "trigger[to]" || lower == "trigger[from]" {
            if kind != "all" {
                return Err(Unsupported::new(args, &format!("`{kind}(trigger)`")));
            }
            let value = self.arena.alloc(Expr::Var(spec::variable("trigger")));
            return Ok(Target::Expr { value, optional: false });
        }
        let spec = spec::read(args)?;
        let filter = self.specs.filter(&spec, kind != "target")?;
        Ok(Target::Filter { filter, optional: false })
    }

    /// The effect words of one statement as links (`add{W}{U}` is one link per colour).
    fn effect_links(&self, piece: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let text = piece.text;
        let lower = text.to_ascii_lowercase();
        let call = |command: Command, args: &[Arg<'i>]| Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(command.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(args),
            },
        };
        let one = |link: Link<'i>| -> &'i [Link<'i>] { self.arena.alloc_slice_copy(&[link]) };
        for (prefix, command) in [
            ("damage:", Command::Damage),
            ("life:", Command::Life),
            ("draw:", Command::Draw),
            ("discard:", Command::Discard),
            ("deplete:", Command::Deplete),
            ("prevent:", Command::Prevent),
        ] {
            if let Some(amount) = lower.strip_prefix(prefix) {
                let value = amount_of(amount).ok_or_else(|| {
                    Unsupported::new(piece, &format!("amount `{}`", spec::leading_word(amount))).with_help(Some(
                        format!(
                            "the amounts compiled are whole numbers (`{prefix}2`); Wagic's computed ones are not yet"
                        ),
                    ))
                })?;
                return Ok(one(call(command, &[Arg::Value(Expr::Int(value))])));
            }
        }
        for (word, command) in [
            ("destroy", Command::Destroy),
            ("bury", Command::Bury),
            ("tap", Command::Tap),
            ("untap", Command::Untap),
            ("regenerate", Command::Regenerate),
            ("shuffle", Command::Shuffle),
        ] {
            if lower == word {
                return Ok(one(call(command, &[])));
            }
        }
        if let Some((power, toughness)) = pump_of(&lower) {
            return Ok(one(call(Command::Pump, &[Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness))])));
        }
        if let Some((zone, after)) = piece.call("moveto") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `moveto(...)`"));
            }
            let zone_ref = self.zone_ref(zone.trim())?;
            return Ok(one(call(Command::MoveTo, &[Arg::Const(Const::Pile(zone_ref))])));
        }
        if let Some((args, after)) = piece.call("counter") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `counter(...)`"));
            }
            let parts: Vec<&str> = args.text.split(',').map(str::trim).collect();
            let (power, toughness) =
                parts.first().and_then(|pt| pump_of(pt)).ok_or_else(|| Unsupported::new(args, "named counters"))?;
            let count = match parts.get(1) {
                None => 1,
                Some(count) => count.parse::<i32>().map_err(|_| Unsupported::new(args, "counter count"))?,
            };
            if parts.len() > 2 {
                return Err(Unsupported::new(args, "named counters"));
            }
            return Ok(one(call(
                Command::Counter,
                &[Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness)), Arg::Value(Expr::Int(count))],
            )));
        }
        if let Some((args, after)) = piece.call("token") {
            return Ok(one(self.token(args, after)?));
        }
        if let Some(mana) = lower.strip_prefix("add") {
            return self.add_mana(piece, mana);
        }
        let (negated, name) = match text.strip_prefix('-') {
            Some(name) => (true, name),
            None => (false, text),
        };
        if let Some(ability) = ability_of(name) {
            let effect = if negated { Effect::Revoke(ability) } else { Effect::Grant(ability) };
            return Ok(one(Link { operator: None, effect }));
        }
        let word = spec::leading_word(text);
        if AMOUNT_EFFECTS.contains(&word.as_str()) {
            // `damage 2`, `draw`: the effect is known, its amount is missing.
            return Err(Unsupported::new(piece, &format!("effect `{word}` without `:amount`"))
                .with_help(Some(format!("write the amount after a colon: `{word}:2`"))));
        }
        let known = EFFECT_WORDS.iter().copied().chain(catalogue::ABILITIES.iter().map(|spec| spec.name));
        let help = vocabulary::suggest_unless_wagic(&word, vocabulary::EFFECTS, known);
        Err(Unsupported::new(piece, &format!("effect `{word}`")).with_help(help))
    }

    /// `add{G}{G}`, `add{W}{U}`, `add{2}`.
    fn add_mana(&self, piece: Piece<'_>, symbols: &str) -> Result<&'i [Link<'i>], Unsupported> {
        let command = CommandIdx::new(Command::Add.index());
        let mut links: Vec<Link<'i>> = Vec::new();
        let mut rest = symbols.trim();
        if rest.is_empty() {
            return Err(Unsupported::new(piece, "effect `add`"));
        }
        while let Some(inner) = rest.strip_prefix('{') {
            let Some(close) = inner.find('}') else {
                return Err(Unsupported::new(piece, "mana without `}`"));
            };
            let symbol = inner[..close].to_ascii_uppercase();
            rest = &inner[close + 1..];
            let (colour, count) = match symbol.as_str() {
                "W" | "U" | "B" | "R" | "G" | "C" => (symbol.as_str(), 1),
                digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    ("C", digits.parse::<i32>().map_err(|_| Unsupported::new(piece, "mana amount"))?)
                }
                _ => return Err(Unsupported::new(piece, &format!("mana `{{{}}}`", spec::leading_word(&symbol)))),
            };
            let word = catalogue::position(catalogue::MANA_COLOURS, colour).unwrap_or(0) as u16;
            if let Some(Link { effect: Effect::Call { args, .. }, .. }) = links.last_mut()
                && let [Arg::Const(Const::Word { word: previous, .. }), Arg::Value(Expr::Int(total))] = **args
                && previous == word
            {
                *args = self.arena.alloc_slice_copy(&[
                    Arg::Const(Const::Word { command, param: 0, word }),
                    Arg::Value(Expr::Int(total + count)),
                ]);
                continue;
            }
            let args = self
                .arena
                .alloc_slice_copy(&[Arg::Const(Const::Word { command, param: 0, word }), Arg::Value(Expr::Int(count))]);
            let operator = (!links.is_empty()).then_some(compiler::ir::ChainOperator::Then);
            links.push(Link { operator, effect: Effect::Call { command, confirm: false, args } });
        }
        if !rest.trim().is_empty() || links.is_empty() {
            return Err(Unsupported::new(piece, &format!("mana `{}`", rest.trim())));
        }
        Ok(self.arena.alloc_slice_copy(&links))
    }

    /// `token(Name,types,p/t[,colours and keyword abilities...])[*n]`: a token creature
    /// described in place. Wagic's other forms (`token(-id)`, a token card named alone, a
    /// computed p/t or count) are refused, each with its own construct.
    fn token(&self, args: Piece<'_>, after: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        let trimmed = args.trim();
        if trimmed.text.trim_start_matches('-').parse::<i64>().is_ok() {
            return Err(Unsupported::new(trimmed, "token by card id (`token(-id)`)").with_help(Some(
                "describe the token in place: `token(Saproling,creature saproling,1/1,green)`".into(),
            )));
        }
        let parts = args.split_top(",");
        let [name, types, pt, traits @ ..] = parts.as_slice() else {
            return Err(Unsupported::new(trimmed, "token by card name").with_help(Some(
                "describe the token in place: `token(Saproling,creature saproling,1/1,green)`".into(),
            )));
        };
        let name = name.trim();
        if name.text.is_empty() {
            return Err(Unsupported::new(args, "token without a name"));
        }
        let mut type_words = Vec::new();
        for word in types.trim().words() {
            let lower = word.text.to_ascii_lowercase();
            let known = catalogue::CARD_TYPES.iter().any(|spec| spec.name == lower)
                || catalogue::SUBTYPES.contains(&lower.as_str());
            if !known {
                let names =
                    catalogue::CARD_TYPES.iter().map(|spec| spec.name).chain(catalogue::SUBTYPES.iter().copied());
                return Err(Unsupported::new(word, &format!("token type `{}`", spec::quoted(&lower)))
                    .with_help(did_you_mean(&lower, names)));
            }
            type_words.push(lower);
        }
        if type_words.is_empty() {
            return Err(Unsupported::new(*types, "token without types"));
        }
        let pt = pt.trim();
        let (power, toughness) = pump_of(pt.text)
            .ok_or_else(|| Unsupported::new(pt, &format!("token p/t `{}`", spec::leading_word(pt.text))))?;
        let mut colours: Vec<&'static str> = Vec::new();
        let mut abilities: Vec<&'static str> = Vec::new();
        for item in traits {
            let item = item.trim();
            // `first strike`, `protection from black`: one ability written with blanks.
            if let Some(ability) = ability_of(item.text) {
                push_once(&mut abilities, catalogue::ABILITIES[ability.index()].name);
                continue;
            }
            // `flying red`, `white black flying`, `redblue`: colours and abilities in one item.
            for word in item.words() {
                let lower = word.text.to_ascii_lowercase();
                if let Some(ability) = ability_of(&lower) {
                    push_once(&mut abilities, catalogue::ABILITIES[ability.index()].name);
                } else if lower == "artifact" || lower == "colorless" {
                    // Wagic's word for no colour.
                } else if let Some(found) = colours_of(&lower) {
                    for colour in found {
                        push_once(&mut colours, colour);
                    }
                } else {
                    let known = catalogue::COLOUR_NAMES
                        .iter()
                        .copied()
                        .chain(catalogue::ABILITIES.iter().map(|spec| spec.name));
                    return Err(Unsupported::new(word, &format!("token ability `{}`", spec::leading_word(&lower)))
                        .with_help(did_you_mean(&lower, known)));
                }
            }
        }
        let after = after.trim();
        let count = match after.text.strip_prefix('*') {
            None if after.text.is_empty() => None,
            None => return Err(Unsupported::new(after, "text after `token(...)`")),
            Some(count) => Some(amount_of(count).ok_or_else(|| {
                Unsupported::new(after, &format!("token count `{}`", spec::leading_word(count))).with_help(Some(
                    "the counts compiled are whole numbers (`*2`); Wagic's computed ones are not yet".into(),
                ))
            })?),
        };
        let text = |text: &str| Arg::Value(Expr::Str(self.arena.alloc_str(text)));
        let mut args = vec![
            text(name.text),
            text(&type_words.join(" ")),
            Arg::Value(Expr::Int(power)),
            Arg::Value(Expr::Int(toughness)),
            text(&colours.join(" ")),
            text(&abilities.join(" ")),
        ];
        if let Some(count) = count {
            args.push(Arg::Value(Expr::Int(count)));
        }
        Ok(Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Token.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        })
    }

    fn zone_ref(&self, piece: Piece<'_>) -> Result<ZoneRef, Unsupported> {
        let (prefix, zone) = spec::read_zone(piece)?;
        Ok(ZoneRef { prefix: prefix.map(ZonePrefixIdx::new), zone: ZoneIdx::new(zone) })
    }
}

/// Whether a chain makes tokens (in a `foreach` loop too): its targets are players.
fn makes_token(chain: &[Link<'_>]) -> bool {
    let token = CommandIdx::new(Command::Token.index());
    chain.iter().any(|link| match link.effect {
        Effect::Call { command, .. } => command == token,
        Effect::Each { each, .. } => makes_token(each.body),
        _ => false,
    })
}

/// Whether `effect` lasts (a grant, a revoke, a timed command) rather than happening once.
fn is_lasting(effect: &Effect<'_>) -> bool {
    match *effect {
        Effect::Call { command, .. } => CATALOGUE.commands.get(command.index()).is_some_and(|spec| spec.timed),
        _ => true,
    }
}

/// Pushes `value` unless the list holds it already.
fn push_once(list: &mut Vec<&'static str>, value: &'static str) {
    if !list.contains(&value) {
        list.push(value);
    }
}

/// The colours of a word made only of colour names (`green`, `redblue`), in the order
/// written; `None` for any other word.
fn colours_of(word: &str) -> Option<Vec<&'static str>> {
    let mut found = Vec::new();
    let mut rest = word;
    while !rest.is_empty() {
        let colour = catalogue::COLOUR_NAMES.iter().find(|name| rest.starts_with(**name))?;
        found.push(*colour);
        rest = &rest[colour.len()..];
    }
    (!found.is_empty()).then_some(found)
}

/// `2`, `-3`, `+1`.
fn amount_of(text: &str) -> Option<i32> {
    let text = text.trim();
    text.strip_prefix('+').unwrap_or(text).parse::<i32>().ok().filter(|value| value.unsigned_abs() < 10_000)
}

/// `1/1`, `+2/-0`, `-1/-1`.
fn pump_of(text: &str) -> Option<(i32, i32)> {
    let (power, toughness) = text.split_once('/')?;
    Some((amount_of(power)?, amount_of(toughness)?))
}
