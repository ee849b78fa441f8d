//! An activated ability an Aura or an Equipment gives the creature it is attached to:
//! `teach(creature) {cost}:effect` ("Enchanted creature has '{T}: ...'"; Wagic's `ATeach`,
//! which adds the ability to the game with the creature as its source while the Aura or
//! Equipment stays attached to it). It is compiled with the giving card, as one of its
//! actions after its own ([`GIVEN`] in `docs/wagic-play.md`), lowered as the creature's
//! own line would be: `this`, `{T}` and `{S}` are the creature, `my` its controller. The
//! table offers it to the creature's controller while the giver is attached to the
//! creature (`Table::given_abilities`), and runs it with the creature as its source.
//!
//! Refused by name: another spec than `teach(creature)` (or on an Aura that may enchant
//! other permanents), an ability costing `{unattach}` (the Equipment's, not the
//! creature's) or `limit:n` (the runtime counts a card's activations, and the creature
//! may have abilities of its own), and a `nonstatic` counted pump (held by an auto of the
//! giver's).
//!
//! [`GIVEN`]: crate::table::Table::given_abilities

use bumpalo::Bump;
use compiler::ir::Action;
use vm::bytecode::CostIdx;

use super::piece::Piece;
use super::{Line, Lowering, SpecLowering, TargetController, Unsupported, aura, hand, is_equip};
use crate::catalogue::CATALOGUE;
use crate::reader::CardBlock;

/// Whether an `auto=` line is `teach(...)` of an activated ability (`{cost}:effect`).
pub(super) fn is_taught_activation(value: &str) -> bool {
    let value = value.trim_start();
    let Some(rest) = value.get(..6).filter(|head| head.eq_ignore_ascii_case("teach(")).map(|_| &value[6..]) else {
        return false;
    };
    // The effect after the spec's closing bracket (specs hold no nested brackets but `[...]`).
    let Some(close) = rest.find(')') else { return false };
    rest[close + 1..].trim_start().starts_with('{')
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
        .filter(|field| field.is("auto") && is_taught_activation(field.value))
        .map(|field| field.value.trim().to_string())
        .collect()
}

/// The ability of a given line as the permanent shows it: the line without `teach(...)`.
pub fn given_text(line: &str) -> &str {
    let line = line.trim();
    match line.find(')') {
        Some(close) if is_taught_activation(line) => line[close + 1..].trim(),
        _ => line,
    }
}

impl<'i> Lowering<'i> {
    /// `teach(creature) {cost}:effect` on an Aura or an Equipment ([`is_taught_activation`]):
    /// the creature's activated ability, as an action of the giving card's.
    pub(super) fn given_activation(&self, value: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        let written = value.trim();
        let construct = if self.equipment {
            "`teach(...)` on an Equipment other than `teach(creature)`"
        } else {
            "`teach(...)` other than `teach(creature)` on an Aura of creatures"
        };
        let effect = aura::taught(written, self.enchants_creatures || self.equipment, construct)?;
        let lower = effect.text.to_ascii_lowercase();
        let cost = lower.split(':').next().unwrap_or("");
        if cost.contains("{unattach}") {
            return Err(Unsupported::new(written, "`teach(creature)` of an ability costing `{unattach}`"));
        }
        let bearer = self.for_bearer();
        let Line::Activated { label, costs, statements } = bearer.line(effect)? else {
            return Err(Unsupported::new(
                written,
                "`teach(creature)` of an activated ability other than `{cost}:effect`",
            ));
        };
        let limit = CATALOGUE.costs.iter().position(|spec| spec.name == "limit").map(CostIdx::new);
        if costs.iter().any(|cost| Some(cost.cost) == limit) {
            return Err(Unsupported::new(written, "`teach(creature)` of an ability with `limit:n`"));
        }
        if hand::has_cycle(costs) || statements.iter().any(is_equip) {
            return Err(Unsupported::new(written, "`teach(creature)` of `{cycle}` or `equip`"));
        }
        if !bearer.live_pumps.borrow().is_empty() {
            return Err(Unsupported::new(written, "`teach(creature)` of a `nonstatic` counted pump"));
        }
        Ok(Action { label, costs, statements })
    }

    /// A lowering of the lines of a plain permanent (neither an Aura nor an Equipment), on
    /// the same arena: the creature's view of an ability given to it.
    fn for_bearer(&self) -> Lowering<'i> {
        let arena: &'i Bump = self.arena;
        Lowering {
            arena,
            specs: SpecLowering { arena, mytgt: None },
            activation_limits: Default::default(),
            one_shot: Default::default(),
            spell: false,
            spell_untargeted: false,
            equipment: false,
            in_hand_line: Default::default(),
            in_graveyard_line: Default::default(),
            forever_grant: Default::default(),
            enchants_creatures: false,
            x_spell: false,
            x_permanent: false,
            x_entering: Default::default(),
            x_used: Default::default(),
            newability_relative: Default::default(),
            paid_new_ability: Default::default(),
            spell_targets_several: false,
            until_end_of_turn: Default::default(),
            live_pumps: Default::default(),
            spell_target_mine: false,
            damage_trigger: Default::default(),
            chosen_move: Default::default(),
            turn_limited: Default::default(),
            targeted_opponent: false,
            spell_targets_player: false,
            aura: false,
            target_controller: TargetController::Refused,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{given_text, is_taught_activation};

    #[test]
    fn a_taught_line_is_an_activation_when_a_cost_follows_the_spec() {
        assert!(is_taught_activation("teach(creature) {T}:damage:1 target(creature,player)"));
        assert!(is_taught_activation("  Teach(creature)  {B}:regenerate"));
        assert!(!is_taught_activation("teach(creature) 2/2"));
        assert!(!is_taught_activation("teach(creature) @each my upkeep:life:1"));
        assert!(!is_taught_activation("{T}:damage:1 target(creature,player)"));
        assert!(!is_taught_activation("teach(creature"));
        assert_eq!(given_text("teach(creature) {T}:add{G}"), "{T}:add{G}");
    }
}
