//! `&&` parts sharing one `target(...)`: Wagic reads a line's `target(...)` first, for
//! the whole line, and every part without a target of its own acts on it (`{2}{T}:damage:1
//! target(creature) && mustattack ueot`, `target(creature) 1/1 && flying`). Statements
//! choose their targets each, so such parts become one statement acting on the one target
//! chosen, their effects one chain in the order written (each part after the first runs
//! whatever the one before did, as Wagic's `MultiAbility` resolves each).
//!
//! Only effects on a card are joined (pumps, keyword abilities given or taken, damage,
//! tap, untap, destroy, bury, regenerate, counters, `transforms`): a part whose effect
//! would fall to a player by default (`draw:1`, `shuffle`), a card moved (whose effects
//! after it would act on the card where it went), a target that may be a player, or parts
//! with different durations or a question of their own are left to the refusal.

use compiler::ir::{ChainOperator, Effect, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::Lowering;
use super::piece::Piece;
use crate::catalogue::Command;

/// The commands an effect on the target card may call.
const CARD_COMMANDS: [Command; 10] = [
    Command::Pump,
    Command::Damage,
    Command::Tap,
    Command::Untap,
    Command::Destroy,
    Command::Bury,
    Command::Regenerate,
    Command::Counter,
    Command::Transforms,
    Command::CantBeBlockedBy,
];

/// Whether a statement chooses its target as it runs (`target(...)`).
fn chooses(statement: &Statement<'_>) -> bool {
    matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some())
}

/// Whether a link is an effect on the target card.
fn on_a_card(link: &Link<'_>) -> bool {
    match link.effect {
        Effect::Call { command, .. } => CARD_COMMANDS.iter().any(|allowed| CommandIdx::new(allowed.index()) == command),
        Effect::Grant(_) | Effect::Revoke(_) => true,
        Effect::Each { .. } => false,
    }
}

impl<'i> Lowering<'i> {
    /// The statements of a line's `&&` parts as one on the line's one chosen target, when
    /// they may be: `wrapped` when the line begins with `target(...)` (every statement
    /// then holds its own copy of it).
    pub(super) fn one_target(
        &self,
        line: Piece<'_>,
        parts: &[Piece<'_>],
        statements: &[Statement<'i>],
        wrapped: bool,
    ) -> Option<Statement<'i>> {
        let [first, ..] = statements else { return None };
        if statements.len() < 2 || statements.len() != parts.len() {
            return None;
        }
        let target = if wrapped {
            if !statements.iter().all(chooses) || parts.iter().any(|part| super::statement::names_a_target(*part)) {
                return None;
            }
            first.target
        } else {
            let mut choosing = statements.iter().filter(|statement| chooses(statement));
            let (Some(chosen), None) = (choosing.next(), choosing.next()) else { return None };
            if !statements.iter().all(|statement| chooses(statement) || statement.target.is_none()) {
                return None;
            }
            chosen.target
        };
        // A target that may be a player would take a card's effects.
        let lower = line.text.to_ascii_lowercase();
        if ["player", "opponent", "controller"].iter().any(|word| lower.contains(word)) {
            return None;
        }
        let same = statements.iter().all(|statement| {
            statement.condition.is_none()
                && statement.otherwise.is_none()
                && statement.restriction == first.restriction
                && statement.chain.iter().all(on_a_card)
        });
        if !same {
            return None;
        }
        let mut chain: Vec<Link<'i>> = Vec::new();
        for statement in statements {
            for (index, link) in statement.chain.iter().enumerate() {
                let operator = match (index, chain.is_empty()) {
                    (0, true) => None,
                    (0, false) => Some(ChainOperator::Then),
                    _ => link.operator,
                };
                chain.push(Link { operator, effect: link.effect });
            }
        }
        Some(Statement { target, chain: self.arena.alloc_slice_copy(&chain), span: line.span(), ..*first })
    }
}
