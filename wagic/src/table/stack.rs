//! What a spell waiting on the stack does as it resolves, and whether its target is still
//! the object it was chosen as: shared by the test runner's stack (`crate::runner`) and
//! the game loop's (`crate::play`), so that both resolve and fizzle alike.

use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, Execution, Value};

use super::Table;

/// Where a card was (its zone and its order there) when it was chosen: a card found
/// elsewhere later is a new object (rule 400.7), and a spell that targeted it fizzles.
pub type Place = Option<(ZoneIdx, i64)>;

/// What a waiting spell does as it resolves.
pub enum Resolution {
    /// A permanent spell: it enters the battlefield.
    Permanent,
    /// An instant or sorcery naming no target: its effect runs.
    Effect,
    /// An instant or sorcery with its one `target=` chosen: its effect starts as it
    /// resolves, answered with that target.
    Chosen { target: Value, at: Place },
    /// An instant or sorcery (or an ability) whose effect asked for its one target as it
    /// was cast (an `auto=` line's `target(...)`): the effect waits for that answer.
    Targeted { execution: Execution, target: Value, at: Place },
    /// An Aura with the permanent it enchants chosen.
    Aura { target: CardId, at: Place },
}

impl Table {
    /// Where a card is now, to tell later whether it is the same object.
    pub fn place_of(&self, card: CardId) -> Place {
        self.board.get(card).map(|c| (c.zone, c.order))
    }

    /// Whether a card chosen at `at` left it since (a player chosen never leaves).
    pub fn target_gone(&self, target: Value, at: Place) -> bool {
        match target {
            Value::Card(card) => self.place_of(card) != at,
            _ => false,
        }
    }
}
