//! An activated ability a lord gives each permanent its spec matches: `lord(spec)
//! {cost}:effect [other]` (the Slivers' "All Slivers have '{2}, Sacrifice this permanent:
//! ...'", Zombie Master's "Other Zombies have '{B}: Regenerate this permanent'"), and
//! `all(spec) {cost}:effect` (Furystoke Giant's "creatures you control gain '{T}: ...'
//! until end of turn"). Wagic's `ALord` adds a copy of the ability to the game for each
//! permanent it matches, with that permanent as its source, for as long as it matches and
//! the lord is on the battlefield; `all(...)`, and a lord on an instant or sorcery, is a
//! one-shot `ALord` whose copies last until the end of the turn (`GenericInstantAbility`).
//!
//! The ability is compiled as the other abilities given to a permanent are (`bearer.rs`:
//! `this`, `{T}`, `{S}` are the permanent that has it, `my` its controller), among the
//! giving card's given actions ([`super::effect_given_activations`]), and the line is one
//! statement `giveability(n)` on the spec's permanents (`table/given.rs`): a permanent's
//! `lord(...)` a continuous one, which the runtime runs again after every change, so that
//! the permanents matching now have it and no other; `all(...)`, and a spell's line, one
//! until end of turn.

use compiler::ir::{Arg, Effect, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, RestrictionIdx};

use super::piece::Piece;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::Command;

/// A line `lord(spec) {cost}:effect [other]` or `all(spec) {cost}:effect`, as written.
#[derive(Clone, Copy)]
pub(super) struct LordGiven<'s> {
    /// The spec inside `lord(...)` or `all(...)`.
    pub spec: Piece<'s>,
    /// `lord` or `all`.
    pub kind: &'static str,
    /// The ability given, `{cost}:effect`, without a last word `other`.
    pub ability: Piece<'s>,
    /// Whether the last word is `other`: the lord itself is left out.
    pub other: bool,
}

/// The parts of `value` when it is a line giving an activated ability to the permanents a
/// lord's spec matches: `lord(spec)` or `all(spec)` first, then `{`; `None` otherwise.
pub(super) fn lord_given(value: Piece<'_>) -> Option<LordGiven<'_>> {
    let value = value.trim();
    let first = *value.words().first()?;
    let (spec, kind) = [("lord", "lord"), ("all", "all")].into_iter().find_map(|(name, kind)| {
        first.call(name).filter(|(_, after)| after.text.is_empty()).map(|(spec, _)| (spec, kind))
    })?;
    let mut ability = value.from(first.text.len()).trim();
    if !ability.text.starts_with('{') {
        return None;
    }
    let last = *ability.words().last()?;
    let other = last.text.eq_ignore_ascii_case("other") && ability.words().len() > 1;
    if other {
        ability = ability.slice(0, last.start - ability.start).trim();
    }
    Some(LordGiven { spec, kind, ability, other })
}

/// Whether an `auto=` line gives an activated ability to the permanents a lord's spec
/// matches (`lord(spec) {cost}:effect`, `all(spec) {cost}:effect`): the targets it names
/// are that ability's, chosen as it is activated.
pub fn is_lord_given_activation(value: &str) -> bool {
    lord_given(Piece::new(value, 0)).is_some()
}

impl<'i> Lowering<'i> {
    /// A line [`lord_given`] read: the ability among the card's given actions, and the
    /// statement giving it to the spec's permanents.
    pub(super) fn lord_given_line(&self, value: Piece<'_>, given: LordGiven<'_>) -> Result<Line<'i>, Unsupported> {
        let word = given.kind;
        if self.aura || self.equipment {
            return Err(Unsupported::new(
                value,
                &format!("`{word}(...)` of an activated ability on an Aura or an Equipment"),
            ));
        }
        // Wagic takes a ` other` out wherever it stands after the lord's spec: only a last
        // word is read so here.
        if given.ability.text.to_ascii_lowercase().contains(" other") {
            return Err(Unsupported::new(value, &format!("`{word}(...)` of an activated ability with `other` in it")));
        }
        // Given to the permanents on the battlefield alone (`table/given.rs`).
        self.lord_entering(given.spec, &[])?;
        let giver = if word == "lord" { "`lord(...)`" } else { "`all(...)`" };
        let action = self.given_activation_of(giver, value, given.ability)?;
        let number = {
            let mut actions = self.given_actions.borrow_mut();
            let number = i32::try_from(actions.len()).unwrap_or(i32::MAX);
            actions.push((action, given.ability.text.trim().to_string()));
            number
        };
        let mut target = self.target_clause(given.spec, word)?;
        if given.other {
            target = self.leave_out_source(Some(target), value)?;
        }
        let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(number))]);
        let command = CommandIdx::new(Command::GiveAbility.index());
        let give = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        let chain = self.arena.alloc_slice_copy(&[give]);
        // `all(...)` is a one-shot `ALord`: until end of turn (a spell's line is made so
        // by its caller).
        let restriction = (word == "all").then_some((RestrictionIdx::new(0), None));
        let statement = Statement {
            condition: None,
            target: Some(target),
            restriction,
            chain,
            otherwise: None,
            span: value.span(),
        };
        let statements = self.arena.alloc_slice_copy(&[statement]);
        Ok(if word == "lord" { Line::Continuous(statements) } else { Line::Plain(statements) })
    }
}

#[cfg(test)]
mod tests {
    use super::{Piece, lord_given};

    #[test]
    fn a_lord_or_all_followed_by_a_cost_gives_the_ability_after_it() {
        let read = |line| {
            lord_given(Piece::new(line, 0)).map(|given| (given.spec.text, given.kind, given.ability.text, given.other))
        };
        assert_eq!(
            read("lord(sliver) {2}{S}:damage:2 target(creature,player)"),
            Some(("sliver", "lord", "{2}{S}:damage:2 target(creature,player)", false))
        );
        assert_eq!(read(" lord(zombie) {B}:regenerate other "), Some(("zombie", "lord", "{B}:regenerate", true)));
        assert_eq!(
            read("all(creature|myBattlefield) {T}:damage:2 target(creature,player)"),
            Some(("creature|myBattlefield", "all", "{T}:damage:2 target(creature,player)", false))
        );
        assert_eq!(read("all(creature) {T}:tap other"), Some(("creature", "all", "{T}:tap", true)));
        // One elsewhere stays in the ability (refused as it lowers).
        assert_eq!(read("lord(elf) {T}:tap other target(creature)").map(|read| read.3), Some(false));
        assert_eq!(read("lord(sliver) 1/1"), None);
        assert_eq!(read("lord(sliver)"), None);
        assert_eq!(read("target(creature) {T}:tap"), None);
        assert_eq!(read("{T}:lord(sliver) 1/1"), None);
    }
}
