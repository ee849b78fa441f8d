//! What a spell waiting on the stack does as it resolves, and whether its targets are
//! still legal (the objects they were chosen as, ones its source may target): shared by
//! the test runner's stack (`crate::runner`) and the game loop's (`crate::play`), so that
//! both resolve and fizzle alike (rule 608.2b).

use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, Execution, PlayerId, Value};

use super::{BATTLEFIELD, Board, COLOUR_PROTECTIONS, Table};

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
    /// An instant or sorcery (or an ability) whose effect asked for its targets as it was
    /// cast (its `target=`, an `auto=` line's `target(...)`, `target(<2>creature)` for
    /// two): the effect waits for that answer, each target with where it was then.
    Targeted { execution: Execution, targets: Vec<(Value, Place)> },
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

    /// The targets of `source`'s spell or ability (controlled by `controller`) still
    /// legal as it resolves: each still the object it was chosen as, and not one it may no
    /// longer target ([`refused`]: it gained shroud, protection...). None left: the spell
    /// fizzles; some: it acts on those only.
    pub fn legal_targets(&self, source: CardId, controller: PlayerId, targets: &[(Value, Place)]) -> Vec<Value> {
        targets
            .iter()
            .filter(|(target, at)| {
                !self.target_gone(*target, *at) && !refused(&self.board, source, controller, *target)
            })
            .map(|(target, _)| *target)
            .collect()
    }
}

/// Whether Wagic refuses `target` as a target of `source`'s spell or ability, controlled
/// by `controller`, as its `TargetChooser::canTarget` judges: a permanent with shroud, one
/// with `opponentshroud` (hexproof) that `controller`'s opponent controls, one with
/// protection from a colour of `source` or from a spec it matched, or one that cannot be
/// the target of a spec `source` matched (`cantbetargetof`).
pub fn refused(board: &Board, source: CardId, controller: PlayerId, target: Value) -> bool {
    let Value::Card(card) = target else { return false };
    let Some(c) = board.get(card) else { return false };
    if c.zone != BATTLEFIELD {
        return false;
    }
    if board.has_ability(card, "shroud") {
        return true;
    }
    if controller != c.controller && board.has_ability(card, "opponentshroud") {
        return true;
    }
    let colours = board.colours(source);
    COLOUR_PROTECTIONS.iter().any(|(ability, colour)| colours.contains(colour) && board.has_ability(card, ability))
        || board.protected_by_spec(card, source)
        || board.untargetable_by_spec(card, source)
}
