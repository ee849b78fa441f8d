//! The Wagic front end: one card block to the compiler's IR (`compiler::ir::Card`), which
//! the shared code generator turns into bytecode. Each `auto=` line becomes an action
//! (`{cost}:effect`), an auto on an event (`@trigger:effect`), an auto run when the card
//! enters play (a permanent's other lines), or a statement of the spell's one action (an
//! instant's or sorcery's lines). The first construct the front end does not compile yet
//! ends the card with one [`Unsupported`] naming it.
//!
//! This file holds the entry point, [`lower_card`]; `line.rs` splits a line into its cost
//! or trigger and its effect part; each part is lowered in a module of its own: `cost.rs`
//! (`{2}{R}{T}`), `trigger.rs` (`@each my upkeep`, `@movedto(spec)`), `statement.rs` (the
//! effect part's prefixes, `&&` statements, targets and `ueot`), `links.rs` (the effect
//! words: `damage:2`, `destroy`, `add{G}`...), `token.rs` (`token(...)`) and `amount.rs`
//! (`2`, `+1/+1`); [`spec`] reads and lowers the target specs, on [`piece`]s of the file.
//!
//! A permanent's line may also be a `lord(spec)` effect (of lasting effects: a continuous
//! one, on what the spec matches now; of others: applied to every match when the lord
//! enters, and by an auto on `movedto` to each match that enters later), or an
//! `aslongas(spec)` or `foreach(spec)` of a lasting effect: a continuous effect, an auto
//! on the catalogue's `continuous` event that the runtime runs again after every change (a
//! static `foreach(spec) p/t` is one pump whose `per` filter counts the cards the spec
//! matches). An Equipment's lines are `{cost}:equip`, which attaches it (as `rehook`, an
//! ability attaching it otherwise, does), and static effects, continuous effects on the
//! catalogue variable `equipped`.
//!
//! An [`Unsupported`]'s help names the word meant when the word written is a typo of one
//! the front end compiles (`compiler::diagnostics::suggest`), but not for Wagic's own words
//! not compiled yet (`vocabulary.rs`); otherwise it says what to write, or points at `rsc
//! explain E0100`, which lists what compiles. The input is bounded: an `auto=` value
//! holds at most [`MAX_LINE_BYTES`], a spell's action [`MAX_STATEMENTS`] statements, a card
//! [`MAX_ENTRIES`] actions and autos, a spec [`spec::MAX_TERMS`] terms.
//!
//! An instant's or sorcery's `alias=129767` (Threaten's rule) is a `control` of its target
//! until end of turn; an alias naming no rule of Wagic's engine adds nothing (`alias.rs`).
//! Every other construct compiled has a module of its own, whose opening `//!` line names
//! it (`rampage.rs`, `evolve.rs`, `part_wrapper.rs`...). A line whose brackets do not
//! balance in a shape Wagic reads one known way is lowered as Wagic reads it, its errors'
//! spans mapped back to the line as written (`brackets.rs`).

mod alias;
pub use alias::{EXTRA_LANDS, alias_target, written_out};
mod alternative;
pub use alternative::{alternative_mana, alternative_mana_symbols, alternative_other_costs};
mod amount;
mod aura;
mod bearer;
mod becomes;
mod blink;
mod bloodthirst;
pub(crate) mod brackets;
pub use bearer::{given_activations, is_taught_activation};
pub use transforms::effect_given_activations;
mod bushido;
mod buyback;
mod card_events;
mod card_kind;
mod cascade;
pub use cascade::is_cascade;
mod cda;
mod choice;
mod chosen_colour;
mod chosen_type;
mod clone;
pub use choice::{is_mode_line, mode_labels};
pub use chosen_colour::colour_choice_abilities;
mod compare;
mod computed;
mod cost;
mod cost_change;
pub use cost_change::{CostChange, CostCondition, cost_changes};
mod counted_pump;
mod counter_cost;
mod counters;
mod dynamic;
mod dynamic_choice;
mod emblem;
mod evolve;
mod flip;
mod flip_into;
mod given;
mod given_modes;
mod graveyard;
pub use graveyard::is_graveyard_activation;
mod hand;
mod if_then;
mod keyword;
mod kicker;
pub use kicker::retrace_mana;
mod line;
use line::Line;
mod line_targets;
mod links;
mod living_weapon;
mod lord_given;
mod lowering;
mod madness;
pub use lord_given::is_lord_given_activation;
use madness::has_madness;
pub use madness::madness_cost;
mod morph;
mod move_random;
pub use morph::face_up_cost;
mod next;
mod part_wrapper;
mod pay;
mod phaseaction;
mod phasealter;
pub mod piece;
mod prevent;
mod proliferate;
mod rampage;
mod restrictions;
mod sacrifice;
pub mod spec;
mod statement;
mod statement_kind;
mod statement_part;
mod strike;
mod suspend;
pub use suspend::{MAX_TIME_COUNTERS, is_suspend_key, suspend_time};
mod forever;
mod target_clause;
mod targeted_player;
mod teach;
mod this;
mod thisforeach;
mod token;
mod transforms;
mod trigger;
mod unsupported;
pub use unsupported::{Unsupported, did_you_mean};
pub use upcost::{MAX_AGE, upkeep_cost_abilities};
mod upcost;
mod vanishing;
pub mod vocabulary;

use vocabulary::DESCRIPTION_KEYS;
pub use vocabulary::describes_only;

use bumpalo::Bump;
use compiler::Span;
use compiler::ir::{Action, Auto, Card, Cost, Event, Expr, RuleTarget, Statement, Target};
use vm::bytecode::{CommandIdx, CostIdx, EventIdx, EventSuffixIdx, RestrictionIdx};

use crate::catalogue::{self, CATALOGUE};
use crate::reader::CardBlock;
use card_kind::CardKind;
use keyword::{ability, ability_of};
use lowering::{Lowering, TargetController};
use piece::Piece;
use restrictions::ActivationLimit;
use spec::SpecLowering;
use statement_kind::{is_equip, is_swap, moves_no_card, starts_with_a_count};

/// The longest `auto=` value compiled (Wagic's longest is under 2,400 bytes): the code
/// generator's source rows look back along the line, so a line of megabytes would cost
/// time in proportion to its length for each of its statements.
pub const MAX_LINE_BYTES: usize = 8 * 1024;

/// The most statements of one card's action or auto (Wagic's cards have a handful): an
/// entry holds at most 65,535 instructions.
pub const MAX_STATEMENTS: usize = 256;

/// The most actions and autos of one card.
pub const MAX_ENTRIES: usize = 256;

/// The catalogue's restriction `uynt` (Wagic's "until your next turn", `ATransformer`'s
/// `UYNT`), whose timer the table runs as its controller's turn begins.
pub const UNTIL_YOUR_NEXT_TURN: usize = 1;

/// Lowers one card block (already read whole: `malformed` is none) into `arena`. The IR's
/// spans, and the returned error's, are offsets from the start of the block
/// (`block.block.start`), as the code generator is handed the block's text alone.
pub fn lower_card<'i>(block: &CardBlock<'_>, arena: &'i Bump) -> Result<Card<'i>, Unsupported> {
    lower_card_with(block, arena, Known::default())
}

/// What a card is compiled against besides its own block: the card files' other cards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Known<'i> {
    /// The card a `token(id)` names (Wagic's set files and the card files' names):
    /// without them such a line is refused.
    pub token_cards: Option<&'i crate::token_cards::TokenCards>,
    /// The names of the card files, among which `flip(Name)` finds its card: without
    /// them such a line is refused.
    pub card_names: Option<&'i crate::card_names::CardNames>,
}

/// [`lower_card`], finding the cards its lines name in `known`.
pub fn lower_card_with<'i>(block: &CardBlock<'_>, arena: &'i Bump, known: Known<'i>) -> Result<Card<'i>, Unsupported> {
    lower_card_parts(block, arena, known).map(|lowered| lowered.card)
}

/// A card lowered, with what a table needs to know of its autos beside the IR.
#[derive(Debug, Clone, Copy)]
pub struct Lowered<'i> {
    /// The card.
    pub card: Card<'i>,
    /// How many of its autos, the first ones, are its abilities in its owner's graveyard
    /// (its `autograveyard=` triggers, static and one-shot abilities): heard while it is
    /// there, and not on the battlefield (`table/graveyard.rs`).
    pub graveyard_autos: usize,
    /// How many of its autos, after its graveyard ones, are the abilities of the emblems
    /// it makes (`emblem.rs`): heard by those emblems alone (`table/emblem.rs`).
    pub emblem_autos: usize,
}

/// [`lower_card_with`], with the count of the card's graveyard autos.
pub fn lower_card_parts<'i>(
    block: &CardBlock<'_>,
    arena: &'i Bump,
    known: Known<'i>,
) -> Result<Lowered<'i>, Unsupported> {
    let written = written_out(block);
    let block = written.as_ref().unwrap_or(block);
    // A line whose brackets Wagic reads one known way is lowered as it reads it (each
    // such bracket gets W0109 from `values.rs`); an error's span is mapped back to the
    // line as written.
    let repairs: Vec<(usize, brackets::Repair)> = block
        .fields
        .iter()
        .enumerate()
        .filter(|(_, field)| !describes_only(field.key))
        .filter_map(|(index, field)| Some((index, brackets::repair(field.value)?)))
        .collect();
    if repairs.is_empty() {
        return lower_block(block, arena, known);
    }
    let mut repaired = block.clone();
    for (index, repair) in &repairs {
        repaired.fields[*index].value = &repair.text;
    }
    lower_block(&repaired, arena, known).map_err(|mut error| {
        let base = block.block.start as usize;
        for (index, repair) in &repairs {
            let line = (block.fields[*index].value_span.start as usize).saturating_sub(base);
            let end = line + repair.text.len();
            let within = |offset: u32| (line..=end).contains(&(offset as usize));
            if within(error.span.start) {
                let map = |offset: u32| (line + repair.original_offset(offset as usize - line)) as u32;
                let (start, stop) = (map(error.span.start), map(error.span.end.min(end as u32).max(error.span.start)));
                error.span = Span { start, end: stop };
            }
        }
        error
    })
}

/// [`lower_card_parts`] of a block whose lines' brackets are as Wagic reads them.
pub(super) fn lower_block<'i>(
    block: &CardBlock<'_>,
    arena: &'i Bump,
    known: Known<'i>,
) -> Result<Lowered<'i>, Unsupported> {
    let base = block.block.start as usize;
    let CardKind {
        spell: is_spell,
        planeswalker: is_planeswalker,
        aura: is_aura,
        equipment: is_equipment,
        one_card_target,
        has_x,
        targets_several,
        target_mine,
        targets_player,
    } = CardKind::of(block);
    let player_word = match (is_aura, one_card_target) {
        (true, _) => TargetController::Enchanted,
        (false, true) => TargetController::SpellTarget,
        (false, false) => TargetController::Refused,
    };
    let lowering = Lowering {
        arena,
        known,
        specs: SpecLowering { arena, mytgt: (is_aura || is_equipment).then_some("lastattached") },
        activation_limits: Default::default(),
        one_shot: Default::default(),
        this_flip: Default::default(),
        fog_seen: Default::default(),
        spell: is_spell,
        instant: is_spell
            && block.field("type").is_some_and(|field| {
                field.value.split_ascii_whitespace().any(|word| word.eq_ignore_ascii_case("instant"))
            }),
        spell_untargeted: is_spell && block.field("target").is_none(),
        // An equipment's static effects apply to the creature it is attached to.
        equipment: is_equipment,
        in_hand_line: Default::default(),
        in_graveyard_line: Default::default(),
        forever_grant: Default::default(),
        // An Equipment is attached to creatures only.
        attached_type: if is_aura {
            block.field("target").and_then(|field| aura::attached_type(field.value))
        } else {
            is_equipment.then(|| "creature".to_string())
        },
        x_spell: is_spell && has_x,
        x_permanent: !is_spell && has_x,
        x_entering: Default::default(),
        x_used: Default::default(),
        x_cost: Default::default(),
        counted_static: Default::default(),
        foreach_subject: Default::default(),
        given_to_equipment: Default::default(),
        part_lasting: Default::default(),
        newability_relative: Default::default(),
        statement_targeted: Default::default(),
        line_target_before: Default::default(),
        statement_card_target: Default::default(),
        paid_new_ability: Default::default(),
        spell_targets_several: targets_several,
        until_end_of_turn: Default::default(),
        given_triggers: Default::default(),
        emblem_autos: Default::default(),
        lasting_given: Default::default(),
        given_actions: Default::default(),
        live_pumps: Default::default(),
        spell_target_mine: target_mine,
        damage_trigger: Default::default(),
        life_trigger: Default::default(),
        stored_cost: Default::default(),
        sacrificed_source: Default::default(),
        activated_line: Default::default(),
        dynamic_split: Default::default(),
        dynamic_after: Default::default(),
        combat_foe: Default::default(),
        trigger_from: Default::default(),
        chosen_move: Default::default(),
        turn_limited: Default::default(),
        attacked_alone: Default::default(),
        once: Default::default(),
        targeted_opponent: targeted_player::targets_only_the_opponent(block, is_spell),
        spell_targets_player: targets_player,
        aura: is_aura,
        target_controller: player_word,
        printed_may: block.field("text").is_some_and(|field| {
            field.value.split(|c: char| !c.is_ascii_alphabetic()).any(|word| word.eq_ignore_ascii_case("may"))
        }),
        own_battlefield_move: block.fields_named("auto").any(|field| given::own_battlefield_move(field.value)),
    };
    card_kind::check_type_words(block, base)?;
    let mut enchant = None;
    let mut abilities = Vec::new();
    let mut rule_target = None;
    let mut spell_statements: Vec<Statement<'i>> = Vec::new();
    // A spell's strike lines (`strike.rs`), run after its others.
    let mut strikes: Vec<Statement<'i>> = Vec::new();
    let mut actions = Vec::new();
    let mut autos = Vec::new();
    // `autohand=` lines: actions after all others (the runner offers them for a card in hand).
    let mut hand_actions = Vec::new();
    // Activated `autograveyard=` lines: actions after the `autohand` ones (the table offers
    // them for a card in its owner's graveyard).
    let mut graveyard_actions = Vec::new();
    // The other `autograveyard=` lines (triggers, static and one-shot abilities): the
    // card's first autos, heard while it is in its owner's graveyard (`graveyard.rs`).
    let mut graveyard_autos = Vec::new();
    // The activated abilities an Aura or Equipment gives the permanent it is attached to
    // (`bearer.rs`): actions after its own, before the `autohand` ones.
    let mut given_actions = Vec::new();
    // The costs of `other=` other than mana: the card's last action (`alternative.rs`).
    let mut alternative_action = None;
    let gives = bearer::attaches(block);
    // Each trigger's event, whether it has a `restriction{...}`, and its line.
    let mut triggers = Vec::new();
    // The line of the card's `turnlimited` trigger (one only: the runtime counts a card's).
    let mut turn_limited = None;
    // The card's first trigger that runs once since it entered (`once`, `@next`): the
    // runtime keeps one such mark a card, so a card with a `once` trigger has no other.
    let mut first_once: Option<(Piece<'_>, bool)> = None;
    // The Beacons' `alias=135262`, run after all the spell's lines.
    let mut shuffled_in = None;
    // The card's `choice` lines (`choice.rs`), run after its other lines, and the first.
    let mut modes = Vec::new();
    let mut first_mode = None;
    // The triggers whose effect is a `choice`, each met once.
    let mut chosen_triggers = std::collections::HashSet::new();
    // The first line naming a zone of the player the spell targets (`targetedpersonshand`).
    let mut names_targeted_zone = None;
    // The first `share!...!` spec term of the card's lines (`chosen_type.rs`).
    let mut reads_shared = None;
    let reads_targeted_zones = block.fields.iter().any(|field| {
        !describes_only(field.key) && targeted_player::targeted_zone(Piece::new(field.value, 0)).is_some()
    });
    for field in &block.fields {
        let value = Piece::new(field.value, (field.value_span.start as usize).saturating_sub(base));
        lowering.turn_limited.set(false);
        let key = field.key.to_ascii_lowercase();
        if !describes_only(&key) && names_targeted_zone.is_none() {
            targeted_player::check_targeted_zone(value, lowering.spell_targets_player)?;
            names_targeted_zone = targeted_player::targeted_zone(value);
        }
        if !describes_only(&key) && reads_shared.is_none() {
            reads_shared = chosen_type::shared_term(value);
            chosen_type::check_shared_term(value)?;
        }
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
            "target" if is_aura => {
                if enchant.is_some() {
                    return Err(Unsupported::new(value, "Aura with several `target=` lines"));
                }
                enchant = Some(lowering.enchant(value)?);
            }
            "target" if !is_spell => {
                // Only an Aura's `target=` has a meaning on a permanent (what it enchants).
                return Err(Unsupported::new(value, "`target=` on a permanent that is not an Aura"));
            }
            "target" => {
                let spec = spec::read(value)?;
                let mut filter = lowering.spec_filter(&spec, false)?;
                if reads_targeted_zones {
                    filter = targeted_player::opponent_as_a_choice(arena, filter);
                }
                rule_target = Some(RuleTarget { optional: false, filters: arena.alloc_slice_copy(&[filter]) });
            }
            "auto" if value.text.len() > MAX_LINE_BYTES => {
                return Err(Unsupported::new(value, &format!("line longer than {MAX_LINE_BYTES} bytes")).with_help(
                    Some("split its effects into several `auto=` lines (Wagic's longest is under 2,400 bytes)".into()),
                ));
            }
            "auto" if gives && is_taught_activation(value.text) => {
                given_actions.extend(lowering.given_activations(value)?);
            }
            "auto"
                if let Some(trigger) = choice::choice_trigger(value)
                    && !chosen_triggers.insert(trigger) =>
            {
                return Err(Unsupported::new(
                    value,
                    "several `choice` triggers on one event (Wagic's one menu of them)",
                ));
            }
            "auto" if let Some(line) = choice::mode_of(value) => {
                if is_aura || is_equipment {
                    return Err(Unsupported::new(value, "`choice` on an Aura or an Equipment"));
                }
                if modes.len() >= choice::MAX_MODES {
                    return Err(Unsupported::new(value, &format!("more than {} `choice` lines", choice::MAX_MODES)));
                }
                modes.push(lowering.choice_mode(line, &modes)?);
                first_mode.get_or_insert(value);
            }
            "kicker" => lowering.kicker_cost(value)?,
            "flashback" => lowering.flashback_cost(value, is_spell)?,
            "retrace" => lowering.retrace_cost(value, is_spell)?,
            // Cascade is the game's to play (`play/cascade.rs`).
            "autostack" if is_cascade(value.text) => {}
            "autostack" => {
                return Err(Unsupported::new(
                    value,
                    "`autostack` line other than cascade (`if casted(this) then cascade:plibrarycount`)",
                ));
            }
            key if is_suspend_key(key) => {
                let key_piece = Piece::new(field.key, (field.key_span.start as usize).saturating_sub(base));
                lowering.suspend_line(key_piece, value)?;
            }
            "buyback" => {
                let mana_cost = block.field("mana").map_or("", |field| field.value);
                lowering.buyback_cost(value, is_spell, mana_cost)?;
            }
            "facedown" => lowering.face_down_cost(value, is_spell)?,
            "autofacedown"
                if block.fields.iter().filter(|field| field.key.eq_ignore_ascii_case(key.as_str())).count() > 1 =>
            {
                return Err(Unsupported::new(value, "several `autofacedown` lines"));
            }
            "autofacedown" => lowering.face_down_line(value, block.field("facedown").is_some())?,
            "autofaceup" => autos.push(lowering.face_up_line(value, block.field("autofacedown").is_some())?),
            "other" => alternative_action = lowering.alternative_cost(value)?,
            "otherrestriction" => lowering.other_restriction(value, block.field("other").is_some())?,
            "restriction" => lowering.cast_restriction(value)?,
            "auto" if kicker::is_kicker_line(value) && !is_aura && !is_equipment => {
                let statements = lowering.kicked(value, block.field("kicker").is_some())?;
                if is_spell {
                    spell_statements.extend_from_slice(lowering.until_end_of_turn(statements));
                } else {
                    autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                }
            }
            "auto" if alternative::is_alternative_line(value) && !is_aura && !is_equipment => {
                let statements = lowering.paid_alternative(value, block.field("other").is_some())?;
                if is_spell {
                    spell_statements.extend_from_slice(lowering.until_end_of_turn(statements));
                } else {
                    autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                }
            }
            "auto" if vanishing::is_vanishing(value) => autos.extend(lowering.vanishing(value)?),
            "auto" if upcost::is_upcost(value) => {
                let upkeep = match upcost::given_to_itself(value) {
                    Some(given) => lowering.upcost(given, true)?,
                    None => lowering.upcost(value, false)?,
                };
                actions.extend(upkeep.actions);
                autos.extend(upkeep.autos);
            }
            "auto" if cost_change::is_cost_change(value) => lowering.cost_change(value, is_spell)?,
            "auto" if living_weapon::is_living_weapon(value) => autos.push(lowering.living_weapon(value)?),
            // An Equipment's triggered line is the generic path's (`equipment_trigger`).
            "auto" if is_equipment && !value.text.trim_start().starts_with('@') => {
                let (statements, continuous) = lowering.equipment_line(value)?;
                if continuous {
                    let events = arena.alloc_slice_copy(&[lowering.continuous_event(value)]);
                    autos.push(Auto { hook: false, events, costs: &[], statements });
                } else if let Line::Activated { label, costs, statements } = lowering.line(value)? {
                    actions.push(Action { label, costs, statements });
                }
            }
            "auto" if !is_spell && !is_aura && bushido::is_bushido(value) => autos.push(lowering.bushido(value)?),
            "auto" if is_spell && teach::is_teach(value) => {
                let statements = lowering.spell_teach(value)?;
                spell_statements.extend_from_slice(lowering.until_end_of_turn(statements));
            }
            // Asked once the spell has resolved (Wagic's `MayAbility`): after its other lines.
            "auto" if is_spell && strike::strike_part(value).is_some() => strikes.extend(lowering.strike_line(value)?),
            "auto"
                if is_spell
                    && value.trim().text.eq_ignore_ascii_case("sacrifice")
                    && !sacrifice::targets_its_own(block) =>
            {
                // Endemic Plague's "sacrifice a creature" as a cost, which Wagic writes as a
                // target any player's creature may be.
                return Err(Unsupported::new(value, "spell sacrificing a target that may be another player's"));
            }
            "auto" => {
                let lower = |value: Piece<'_>| {
                    if is_aura {
                        lowering.aura_line(value)
                    } else if is_equipment {
                        lowering.equipment_trigger(value)
                    } else {
                        lowering.line(value)
                    }
                };
                let lines = if chosen_colour::chooses_a_colour(value) {
                    // Asked as the spell resolves or the permanent enters, before the
                    // effects of the colour chosen.
                    let choice = lowering.colour_choice(value, &lower)?;
                    match choice.ask {
                        Some(ask) if is_spell => spell_statements.extend_from_slice(ask),
                        Some(ask) => autos.push(Auto { hook: false, events: &[], costs: &[], statements: ask }),
                        None => {}
                    }
                    choice.lines
                } else if chosen_type::chooses_a_type(value) {
                    // Asked as the spell resolves or the permanent enters, before the
                    // effects that read the type.
                    let choice = lowering.type_choice(value, &lower)?;
                    let starred = ["power", "toughness"]
                        .iter()
                        .any(|key| block.field(key).is_some_and(|field| field.value.trim() == "*"));
                    if choice.ask.is_some() && starred {
                        // Its characteristic-defining count is read as it enters, before the
                        // type is asked: a 0/0 dies first.
                        return Err(Unsupported::new(value, "`chooseatype` on a creature of power or toughness `*`"));
                    }
                    if !is_spell && choice.ask.is_some() && matches!(choice.line, Line::Plain(_) | Line::Once(_)) {
                        // Wagic runs it as the permanent enters (Elvish Soultiller's, which
                        // its text does as it dies).
                        return Err(Unsupported::new(value, "`chooseatype` of a one-shot effect on a permanent"));
                    }
                    match choice.ask {
                        Some(ask) if is_spell => spell_statements.extend_from_slice(ask),
                        Some(ask) => autos.push(Auto { hook: false, events: &[], costs: &[], statements: ask }),
                        None => {}
                    }
                    vec![choice.line]
                } else {
                    vec![lower(value)?]
                };
                for line in lines {
                    match line {
                        Line::Plain(statements)
                        | Line::Once(statements)
                        | Line::Lord { statements, .. }
                        | Line::Continuous(statements)
                            if is_spell =>
                        {
                            spell_statements.extend_from_slice(lowering.until_end_of_turn(statements));
                        }
                        Line::Lord { statements, event, entering } => {
                            autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                            let events = arena.alloc_slice_copy(&[event]);
                            autos.push(Auto { hook: false, events, costs: &[], statements: entering });
                        }
                        Line::Plain(statements) if statements.iter().any(starts_with_a_count) => {
                            // Covetous Dragon's `aslongas(artifact|myBattlefield) sacrifice <1`, a
                            // state trigger; any other such one-shot effect as it enters.
                            autos.push(lowering.counted_line(
                                value,
                                statements,
                                block.field("text").map(|f| f.value),
                            )?);
                        }
                        Line::Plain(statements)
                            if statements.iter().any(|statement| statement.chain.iter().any(is_swap)) =>
                        {
                            // Wagic's `swap` lasts until end of turn wherever it is written
                            // (`ASwapPTUEOT`), on entering too (Crookclaw Transmuter); a
                            // line lasting otherwise beside it is refused.
                            let lasts_otherwise = statements.iter().any(|statement| {
                                statement.chain.iter().any(|link| statement::is_lasting(&link.effect) && !is_swap(link))
                            });
                            if lasts_otherwise {
                                return Err(Unsupported::new(value, "`swap` beside a lasting effect on entering"));
                            }
                            let statements = lowering.until_end_of_turn(statements);
                            autos.push(Auto { hook: false, events: &[], costs: &[], statements });
                        }
                        Line::Once(statements) => {
                            // `aslongas(spec) effect oneshot`: the count checked as it enters.
                            autos.push(lowering.counted_line(
                                value,
                                statements,
                                block.field("text").map(|f| f.value),
                            )?);
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
                        Line::Activated { costs, .. } if hand::has_cycle(costs) => {
                            return Err(Unsupported::new(value, "`{cycle}` outside an `autohand` line"));
                        }
                        Line::Activated { label, costs, statements } => {
                            // An Aura's `retarget` attaches it as `equip` does (`links.rs`).
                            let retargets = is_aura && links::names_word(value.text, "retarget");
                            if statements.iter().any(is_equip) && !retargets {
                                return Err(Unsupported::new(value, "`equip` on a card that is not an Equipment"));
                            }
                            let costs = if is_planeswalker { lowering.with_planeswalker_cost(costs) } else { costs };
                            actions.push(Action { label, costs, statements });
                        }
                        Line::Triggered { events, restricted: false, once: true, .. } if is_spell => {
                            let has_target = block.field("target").is_some();
                            spell_statements.push(lowering.spell_next(value, events, has_target)?);
                        }
                        Line::Triggered { .. } if is_spell => {
                            return Err(Unsupported::new(value, "trigger on an instant or sorcery"));
                        }
                        Line::Triggered { events, statements, restricted, once } => {
                            if let Some(event) = events.first() {
                                triggers.push((event.event, restricted, value, statements));
                            }
                            let option = lowering.once.get();
                            if once {
                                match first_once {
                                    Some((_, first_option)) if option || first_option => {
                                        return Err(Unsupported::new(
                                            value,
                                            "a second trigger that fires once on a card with `once`",
                                        ));
                                    }
                                    Some(_) => {}
                                    None => first_once = Some((value, option)),
                                }
                            }
                            let costs = if once {
                                lowering.next_once()
                            } else if lowering.turn_limited.get() {
                                lowering.turn_once(value, &mut turn_limited)?
                            } else {
                                &[]
                            };
                            autos.push(Auto { hook: false, events, costs, statements });
                        }
                    }
                }
            }
            "alias" if is_aura && value.text.trim() == "1194" => {
                // Control Magic's rule in Wagic's engine (`AControlStealAura`): the Aura's
                // controller controls the enchanted permanent while the Aura is attached.
                autos.push(Auto {
                    hook: false,
                    events: arena.alloc_slice_copy(&[lowering.continuous_event(value)]),
                    costs: &[],
                    statements: lowering.control_enchanted(value),
                });
            }
            "alias" if is_spell && value.text.trim() == "129767" => {
                // Threaten's rule in Wagic's engine (`AInstantControlSteal`): the spell's
                // controller controls its target until end of turn.
                spell_statements.extend_from_slice(lowering.until_end_of_turn(lowering.control_target(value)));
            }
            "alias" if is_spell && has_x && value.text.trim() == "1291" => {
                // Fireball's rule in Wagic's engine (`AFireball`): the X paid, less the
                // {1} of each target beyond the first, divided among the spell's targets.
                let x = compiler::ir::Arg::Value(Expr::Var(spec::variable("x")));
                spell_statements.push(lowering.alias_rule(value, catalogue::Command::DivideDamage, &[x]));
            }
            "alias" if is_spell && value.text.trim() == "130369" => {
                // Soulblast's rule in Wagic's engine: its controller's creatures are put
                // into the graveyard, their total power dealt to the spell's target.
                spell_statements.push(lowering.alias_rule(value, catalogue::Command::SacrificeForPower, &[]));
            }
            "alias" if is_spell && block.field("target").is_none() && alias::blast_colour(value.text).is_some() => {
                // The Elemental Blasts' rules in Wagic's engine: a target permanent of the
                // colour goes to its owner's graveyard (a spell of it, countered, cannot be
                // targeted here: nothing is cast in answer to another spell).
                let (target, statement) = lowering.blast(value)?;
                rule_target = Some(target);
                spell_statements.push(statement);
            }
            "alias" if is_spell && value.text.trim() == alias::SHUFFLE_INTO_LIBRARY => shuffled_in = Some(value),
            "alias" if !is_spell && !is_aura && value.text.trim() == alias::COMBAT_END_DESTRUCTION => {
                autos.push(lowering.combat_end_destruction(value));
            }
            "alias" if !is_spell && !is_aura && value.text.trim() == EXTRA_LANDS => {
                autos.push(lowering.extra_lands(value)?);
            }
            "alias" if !is_spell && !is_aura && value.text.trim() == alias::UNLESS_ATTACKED => {
                autos.push(lowering.unless_attacked(value));
            }
            "alias" if alias::is_marker(value.text) && alias::has_own_text(block) => {
                // An alias naming no rule of Wagic's engine: the card's own lines are all.
            }
            "anyzone" => {
                // Only a card printed `*/*` has its power and toughness defined this way.
                // (`1+*`: Wagic's base is the number, which the ability replaces; the table
                // reads no number, so the ability's count is the whole value either way.)
                let starred = |key: &str| {
                    block.field(key).is_some_and(|field| {
                        let value = field.value.trim();
                        value == "*"
                            || value
                                .strip_suffix("+*")
                                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                    })
                };
                if is_spell || !starred("power") || !starred("toughness") {
                    return Err(Unsupported::new(value, "`anyzone` on a card not printed `*/*`"));
                }
                autos.push(Auto {
                    hook: false,
                    events: arena.alloc_slice_copy(&[lowering.continuous_event(value)]),
                    costs: &[],
                    statements: lowering.characteristic(value)?,
                });
            }
            "autohand" | "autograveyard"
                if ["rehook", "retarget"].iter().any(|word| links::names_word(value.text, word)) =>
            {
                // Wagic's `rehook` and `retarget` attach an Equipment or an Aura on the
                // battlefield alone: from the graveyard (Sword of the Meek's "return it, then
                // attach it", Dragon Wings') it would first have to enter the battlefield.
                let word = if links::names_word(value.text, "rehook") { "rehook" } else { "retarget" };
                return Err(Unsupported::new(
                    value,
                    &format!("`{word}` in an `{key}` line (the card off the battlefield)"),
                ));
            }
            "autohand" => hand_actions.push(lowering.hand_line(value)?),
            "autoexile" => lowering.autoexile_line(value, has_madness(block))?,
            "autograveyard"
                if is_spell
                    && (is_graveyard_activation(value.text) || graveyard::is_own_move_from_battlefield(value.text)) =>
            {
                // The runtime asks a spell's `target=` before which action; a spell is
                // never on the battlefield.
                return Err(Unsupported::new(
                    value,
                    "`autograveyard` activated ability or move from the battlefield on an instant or sorcery",
                ));
            }
            "autograveyard" if is_aura && is_graveyard_activation(value.text) => {
                // The runtime asks a card's `target=` before which action.
                return Err(Unsupported::new(value, "`autograveyard` activated ability on an Aura"));
            }
            "autograveyard" if is_graveyard_activation(value.text) => {
                graveyard_actions.push(lowering.graveyard_activation(value)?);
            }
            "autograveyard" if graveyard::is_own_move_from_battlefield(value.text) => {
                let (events, statements) = lowering.graveyard_line(value)?;
                autos.push(Auto { hook: false, events, costs: &[], statements });
            }
            "autograveyard" => {
                let (lowered, restricted) = lowering.graveyard_ability(value)?;
                // A restriction is checked as its effect begins: see the check below.
                for auto in &lowered {
                    if let Some(event) = auto.events.first() {
                        triggers.push((event.event, restricted, value, auto.statements));
                    }
                }
                graveyard_autos.extend(lowered);
            }
            key if DESCRIPTION_KEYS.contains(&key) => {}
            key => {
                let key_piece = Piece::new(field.key, (field.key_span.start as usize).saturating_sub(base));
                let known = vocabulary::COMPILED_KEYS.iter().chain(DESCRIPTION_KEYS).copied();
                let help = vocabulary::suggest_unless_wagic(key, vocabulary::KEYS, known)
                    .unwrap_or_else(|| vocabulary::COMPILED_KEYS_HELP.into());
                return Err(
                    Unsupported::new(key_piece, &format!("key `{}`", spec::leading_word(key))).with_help(Some(help))
                );
            }
        }
    }
    if let Some(at) = first_mode {
        let statements = lowering.modal(&modes, at)?;
        if is_spell {
            spell_statements.extend_from_slice(statements);
        } else {
            autos.push(Auto { hook: false, events: &[], costs: &[], statements });
        }
    }
    for statements in lowering.live_pump_autos() {
        let events = arena.alloc_slice_copy(&[lowering.continuous_event(Piece::new("", 0))]);
        autos.push(Auto { hook: false, events, costs: &[], statements });
    }
    if is_aura {
        // The Aura attaches first, so that its other entering effects find the permanent.
        let Some(statements) = enchant else {
            return Err(Unsupported::new(Piece::new("", 0), "Aura without `target=`"));
        };
        autos.insert(0, Auto { hook: false, events: &[], costs: &[], statements });
    }
    restrictions::triggers_apart(&triggers)?;
    restrictions::one_limited_activation(&actions, &given_actions, &graveyard_actions, turn_limited)?;
    spell_statements.extend(strikes);
    if let Some(at) = shuffled_in {
        spell_statements.extend(lowering.shuffle_into_library(at));
    }
    if let Some(at) = names_targeted_zone
        && is_spell
    {
        // Its target player is noted before its effects read that player's zones.
        spell_statements.insert(0, targeted_player::note_player_target(arena, at));
    }
    if let Some(at) = reads_shared {
        if !is_spell || block.field("target").is_none() {
            return Err(chosen_type::unnoted_share(at));
        }
        // Its target card is noted before its effects compare with it.
        spell_statements.insert(0, chosen_type::note_card_target(arena, at));
    }
    if let Some((span, construct)) = lowering.lasting_given.take() {
        return Err(Unsupported { span, construct: construct.into(), help: None });
    }
    let effect_given = lowering.given_actions.take();
    if effect_given.iter().map(|(_, text)| text.as_str()).ne(effect_given_activations(block).iter().map(String::as_str))
    {
        let open = Piece::new("", 0);
        return Err(Unsupported::new(open, transforms::GIVEN_ACTIVATED));
    }
    // Numbered from the end: `giveability(n)` names the n-th given action before the last.
    given_actions.extend(effect_given.into_iter().rev().map(|(action, _)| action));
    // Numbered from the end: `givetrigger(n)` names the n-th auto before the last.
    autos.extend(lowering.given_triggers.take().into_iter().rev());
    // First, so that the table tells them apart by their count (`Lowered::graveyard_autos`).
    let graveyard_count = graveyard_autos.len();
    // Then the emblems' abilities, which the card itself never hears.
    let emblem_autos = lowering.emblem_autos.take();
    let emblem_count = emblem_autos.len();
    autos.splice(0..0, emblem_autos);
    autos.splice(0..0, graveyard_autos);
    if spell_statements.len() > MAX_STATEMENTS
        || actions.len() + given_actions.len() + hand_actions.len() + graveyard_actions.len() + autos.len()
            > MAX_ENTRIES
    {
        let open = Piece::new("", 0);
        return Err(Unsupported::new(open, "card with more than 256 effects"));
    }
    if is_spell && !spell_statements.is_empty() {
        actions.push(Action { label: None, costs: &[], statements: arena.alloc_slice_copy(&spell_statements) });
    }
    actions.extend(given_actions);
    actions.extend(hand_actions);
    actions.extend(graveyard_actions);
    actions.extend(alternative_action);
    let card = Card {
        abilities: arena.alloc_slice_copy(&abilities),
        target: rule_target,
        requisites: &[],
        vars: &[],
        actions: arena.alloc_slice_copy(&actions),
        autos: arena.alloc_slice_copy(&autos),
    };
    Ok(Lowered { card, graveyard_autos: graveyard_count, emblem_autos: emblem_count })
}
