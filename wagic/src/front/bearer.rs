//! An activated ability an Aura or an Equipment gives the creature it is attached to:
//! `teach(creature) {cost}:effect` ("Enchanted creature has '{T}: ...'"; Wagic's `ATeach`,
//! which adds the ability to the game with the creature as its source while the Aura or
//! Equipment stays attached to it), or a taught `transforms((,newability[{cost}:effect],...))`
//! of new activated abilities only, each of them. It is compiled with the giving card, as
//! one of its actions after its own ([`crate::table::ActionRanges::given`]), lowered as the
//! creature's own line would be: `this`, `{T}` and `{S}` are the creature, `my` its
//! controller. The table offers it to the creature's controller while the giver is attached
//! to the creature ([`crate::table::Table::given_abilities`]), and runs it with the
//! creature as its source (`docs/wagic-play.md`, "Abilities given to a permanent").
//!
//! A lord's `lord(spec) {cost}:effect` is lowered the same way (`lord_given.rs`).
//!
//! Refused by name: another spec than `teach(creature)` (or on an Aura that may enchant
//! other permanents), an ability costing `{unattach}` (the Equipment's, not the
//! creature's) or `limit:n` (the runtime counts a card's activations, and the creature
//! may have abilities of its own), and a `nonstatic` counted pump (held by an auto of the
//! giver's).

use bumpalo::Bump;
use compiler::ir::Action;
use vm::bytecode::CostIdx;

use super::piece::Piece;
use super::{Line, Lowering, SpecLowering, TargetController, Unsupported, aura, hand, is_equip, transforms};
use crate::catalogue::CATALOGUE;
use crate::reader::CardBlock;

/// The activated abilities (`{cost}:effect`) an `auto=` line teaches, each as written:
/// `teach(spec) {cost}:effect`, or `teach(spec) transforms((,newability[{cost}:effect],...))`
/// with no type and only such new abilities (Wagic's transformer of the creature adds each
/// to it: the same abilities); `None` for any other line.
fn taught_parts(value: Piece<'_>) -> Option<Vec<Piece<'_>>> {
    let value = value.trim();
    let first = *value.words().first()?;
    first.call("teach")?;
    let rest = value.from(first.text.len()).trim();
    if rest.text.starts_with('{') {
        return Some(vec![rest]);
    }
    let [transforms] = rest.words()[..] else { return None };
    let parts = transforms::untyped_new_abilities(transforms)?;
    parts
        .iter()
        .all(|(_, inner)| inner.text.starts_with('{'))
        .then(|| parts.into_iter().map(|(_, inner)| inner).collect())
}

/// Whether an `auto=` line teaches activated abilities (`teach(spec) {cost}:effect`, or a
/// taught `transforms((,newability[{cost}:effect],...))`): on an Aura or an Equipment,
/// abilities of the creature it is attached to, no effect of the card itself.
pub fn is_taught_activation(value: &str) -> bool {
    taught_parts(Piece::new(value, 0)).is_some()
}

/// Whether a card gives its lines' taught abilities to the permanent it is attached to:
/// an Aura (`type=Enchantment`, `subtype=Aura`) or an Equipment, neither an instant nor a
/// sorcery, as [`super::lower_card`] reads them.
pub(super) fn attaches(block: &CardBlock<'_>) -> bool {
    let words = |key: &str, word: &str| {
        block.field(key).is_some_and(|field| field.value.split_ascii_whitespace().any(|w| w.eq_ignore_ascii_case(word)))
    };
    let spell = words("type", "instant") || words("type", "sorcery");
    !spell && (words("type", "enchantment") && words("subtype", "aura") || words("subtype", "equipment"))
}

/// The `auto=` lines of a card that are abilities it gives the permanent it is attached
/// to, as written, in order: its actions after its own (`Printed::given_lines`).
pub fn given_activations(block: &CardBlock<'_>) -> Vec<String> {
    if !attaches(block) {
        return Vec::new();
    }
    block
        .fields
        .iter()
        .filter(|field| field.is("auto"))
        .filter_map(|field| taught_parts(Piece::new(field.value, 0)))
        .flatten()
        .map(|part| part.text.to_string())
        .collect()
}

impl<'i> Lowering<'i> {
    /// `teach(creature) {cost}:effect` on an Aura or an Equipment ([`taught_parts`]): the
    /// creature's activated abilities, as actions of the giving card's.
    pub(super) fn given_activations(&self, value: Piece<'_>) -> Result<Vec<Action<'i>>, Unsupported> {
        let written = value.trim();
        let construct = if self.equipment {
            "`teach(...)` on an Equipment other than `teach(creature)`"
        } else {
            aura::TAUGHT_ON_AURA
        };
        aura::taught(written, self.attached_type.as_deref(), construct)?;
        let parts = taught_parts(written).ok_or_else(|| Unsupported::new(written, construct))?;
        parts.into_iter().map(|part| self.given_activation(written, part)).collect()
    }

    /// One activated ability `effect` the line `written` teaches.
    pub(super) fn given_activation(&self, written: Piece<'_>, effect: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        self.given_activation_of("`teach(creature)`", written, effect)
    }

    /// One activated ability `effect` the line `written` gives a permanent; `giver` names
    /// the giving word in the messages (`` `teach(creature)` ``, `` `lord(...)` ``).
    pub(super) fn given_activation_of(
        &self,
        giver: &str,
        written: Piece<'_>,
        effect: Piece<'_>,
    ) -> Result<Action<'i>, Unsupported> {
        let lower = effect.text.to_ascii_lowercase();
        let cost = lower.split(':').next().unwrap_or("");
        if cost.contains("{unattach}") {
            return Err(Unsupported::new(written, &format!("{giver} of an ability costing `{{unattach}}`")));
        }
        let bearer = self.for_bearer();
        let Line::Activated { label, costs, statements } = bearer.line(effect)? else {
            return Err(Unsupported::new(
                written,
                &format!("{giver} of an activated ability other than `{{cost}}:effect`"),
            ));
        };
        let limit = CATALOGUE.costs.iter().position(|spec| spec.name == "limit").map(CostIdx::new);
        if costs.iter().any(|cost| Some(cost.cost) == limit) {
            return Err(Unsupported::new(written, &format!("{giver} of an ability with `limit:n`")));
        }
        // `equip` given to a creature would attach the creature: to Equipment alone.
        if hand::has_cycle(costs) || statements.iter().any(is_equip) && !bearer.given_to_equipment.get() {
            return Err(Unsupported::new(written, &format!("{giver} of `{{cycle}}` or `equip`")));
        }
        if !bearer.live_pumps.borrow().is_empty() {
            return Err(Unsupported::new(written, &format!("{giver} of a `nonstatic` counted pump")));
        }
        if !bearer.given_actions.borrow().is_empty()
            || !bearer.given_triggers.borrow().is_empty()
            || !bearer.emblem_autos.borrow().is_empty()
        {
            // The permanent's lowering would hold them, which no card's rules keep.
            return Err(Unsupported::new(written, &format!("{giver} of an ability giving abilities")));
        }
        Ok(Action { label, costs, statements })
    }

    /// A lowering of the lines of a plain permanent (neither an Aura nor an Equipment), on
    /// the same arena: the creature's view of an ability given to it.
    pub(super) fn for_bearer(&self) -> Lowering<'i> {
        let arena: &'i Bump = self.arena;
        Lowering {
            arena,
            known: self.known,
            specs: SpecLowering { arena, mytgt: None },
            activation_limits: Default::default(),
            one_shot: Default::default(),
            this_flip: Default::default(),
            fog_seen: Default::default(),
            spell: false,
            instant: false,
            spell_untargeted: false,
            equipment: false,
            in_hand_line: Default::default(),
            in_graveyard_line: Default::default(),
            forever_grant: Default::default(),
            attached_type: None,
            x_spell: false,
            x_permanent: false,
            x_entering: Default::default(),
            x_used: Default::default(),
            x_cost: Default::default(),
            counted_static: Default::default(),
            foreach_subject: Default::default(),
            given_to_equipment: std::cell::Cell::new(self.given_to_equipment.get()),
            part_lasting: Default::default(),
            newability_relative: Default::default(),
            statement_targeted: Default::default(),
            line_target_before: Default::default(),
            statement_card_target: Default::default(),
            paid_new_ability: Default::default(),
            spell_targets_several: false,
            until_end_of_turn: Default::default(),
            given_triggers: Default::default(),
            emblem_autos: Default::default(),
            lasting_given: Default::default(),
            given_actions: Default::default(),
            live_pumps: Default::default(),
            spell_target_mine: false,
            damage_trigger: Default::default(),
            life_trigger: Default::default(),
            stored_cost: Default::default(),
            sacrificed_source: Default::default(),
            activated_line: Default::default(),
            dynamic_split: Default::default(),
            dynamic_after: Default::default(),
            chosen_move: Default::default(),
            turn_limited: Default::default(),
            attacked_alone: Default::default(),
            combat_foe: Default::default(),
            trigger_from: Default::default(),
            once: Default::default(),
            targeted_opponent: false,
            spell_targets_player: false,
            aura: false,
            target_controller: TargetController::Refused,
            printed_may: false,
            own_battlefield_move: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Piece, is_taught_activation, taught_parts};

    #[test]
    fn a_taught_line_is_an_activation_when_a_cost_follows_the_spec() {
        assert!(is_taught_activation("teach(creature) {T}:damage:1 target(creature,player)"));
        assert!(is_taught_activation("  Teach(creature)  {B}:regenerate"));
        assert!(!is_taught_activation("teach(creature) 2/2"));
        assert!(!is_taught_activation("teach(creature) @each my upkeep:life:1"));
        assert!(!is_taught_activation("{T}:damage:1 target(creature,player)"));
        assert!(!is_taught_activation("teach(creature"));
        let texts = |line| {
            taught_parts(Piece::new(line, 0)).map(|parts| parts.iter().map(|part| part.text).collect::<Vec<_>>())
        };
        assert_eq!(texts("teach(creature) {T}:add{G}"), Some(vec!["{T}:add{G}"]));
        // A transformer of new activated abilities only teaches each of them.
        assert_eq!(
            texts("teach(creature) transforms((,newability[{T}:add{G}],newability[{1}:1/1]))"),
            Some(vec!["{T}:add{G}", "{1}:1/1"])
        );
        assert_eq!(texts("teach(creature) transforms((,newability[{T}:add{G}],newability[2/1]))"), None);
        assert_eq!(texts("teach(creature) transforms((elf,newability[{T}:add{G}]))"), None);
        assert_eq!(texts("teach(creature) transforms((,newability[{T}:add{G}])) ueot"), None);
    }
}
