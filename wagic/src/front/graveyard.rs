//! An `autograveyard=` line that is an activated ability (`{cost}:effect`): Wagic gives a
//! card in its owner's graveyard the abilities of its `autograveyard` lines (`MTGAbility.cpp`
//! parses them as the card's own while it is there), so its owner activates them from the
//! graveyard, paid as a permanent's are: `{2}{B}:moveTo(myhand)` (return it to its owner's
//! hand), `{B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever`
//! (unearth: its `transforms(...) forever` keyword abilities last as long as the card stays
//! on the battlefield, until it is exiled at the end step; `unearth` given to another card is
//! refused, `forever.rs`). Each is one of the card's
//! actions, after its `autohand` ones (the table offers them only for a card in its owner's
//! graveyard). A cost on the card itself other than `{E}` (exile it from the graveyard:
//! scavenge) is refused, as a card in a graveyard is neither tapped nor sacrificed.
//!
//! Its other lines are abilities the card has while it is in its owner's graveyard (Wagic's
//! `OtherAbilitiesEventReceiver` parses them as the card enters a graveyard, from any zone;
//! `MTGAbility::testDestroy` keeps each while the card stays there): a trigger
//! (`@movedTo(dragon|battlefield):may moveTo(mybattlefield)`, heard as a permanent's
//! triggers are, the card its source), a static ability (the Incarnations'
//! `aslongas(mountain|myBattlefield) lord(creature|myBattlefield) haste`, holding while
//! the card is there), or a one-shot (`moveTo(ownerlibrary) && shuffle`, which Wagic
//! resolves at once as the card enters the graveyard). Each becomes one of the card's
//! first autos (two for a `lord`), which the table puts in play while the card is in a
//! graveyard, and out of play on the battlefield. The one trigger kept apart is the card's
//! own move from the battlefield into a graveyard (`@movedto(this|graveyard)
//! from(battlefield)`, `aura.rs`), which the card hears as it leaves play.

use compiler::ir::{Action, Auto};

use super::piece::Piece;
use super::statement_kind::starts_with_a_count;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

/// The card's own move from the battlefield into a graveyard, as `autograveyard` triggers
/// write it (lower case, words single-spaced).
const OWN_MOVE_FROM_BATTLEFIELD: &[&str] = &[
    "@movedto(this|graveyard) from(battlefield):",
    "@movedto(this|graveyard) from(mybattlefield):",
    "@movedto(this|mygraveyard) from(battlefield):",
    "@movedto(this|mygraveyard) from(mybattlefield):",
];

/// Whether an `autograveyard=` line is a trigger on the card's own move from the
/// battlefield into a graveyard: an auto of the permanent, which hears its own move as it
/// leaves play (`Lowering::graveyard_line`).
pub(super) fn is_own_move_from_battlefield(value: &str) -> bool {
    let written = value.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    OWN_MOVE_FROM_BATTLEFIELD.iter().any(|form| written.starts_with(form))
}

/// Whether an `autograveyard=` line is an activated ability (its value opens with a cost),
/// one of the card's graveyard actions; the table counts these lines the same way.
pub fn is_graveyard_activation(value: &str) -> bool {
    value.trim_start().starts_with('{')
}

/// The costs on the card itself a card in a graveyard cannot pay: tapping, untapping,
/// sacrificing or returning it to hand, removing its counters, cycling it.
const SELF_COSTS_REFUSED: &[&str] = &["T", "Q", "S", "H", "C", "cycle"];

impl<'i> Lowering<'i> {
    /// An `autograveyard=` activated line as an action.
    pub(super) fn graveyard_activation(&self, value: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        self.in_graveyard_line.set(true);
        self.forever_grant.set(false);
        let action = self.graveyard_action(value.trim());
        self.in_graveyard_line.set(false);
        action
    }

    /// [`Lowering::graveyard_activation`], with `in_graveyard_line` set.
    fn graveyard_action(&self, value: Piece<'_>) -> Result<Action<'i>, Unsupported> {
        let Line::Activated { label, costs, statements } = self.line(value)? else {
            return Err(Unsupported::new(value, "`autograveyard` line other than an activated or own-move trigger"));
        };
        for cost in costs {
            let name = CATALOGUE.costs.get(cost.cost.index()).map_or("", |spec| spec.name);
            if cost.filter.is_none() && SELF_COSTS_REFUSED.contains(&name) {
                let written = if name == "cycle" { "{cycle}".to_string() } else { format!("{{{name}}}") };
                return Err(Unsupported::new(
                    value,
                    &format!("`autograveyard` cost `{written}` on the card in the graveyard"),
                ));
            }
        }
        if self.forever_grant.get() && statements.iter().any(|statement| statement.target.is_some()) {
            // The grant lasts while the card it is on stays in play: the card's own only.
            return Err(Unsupported::new(value, "`autograveyard` `transforms(...) forever` of another card"));
        }
        Ok(Action { label, costs, statements })
    }

    /// An `autograveyard=` line other than an activated ability or the card's own move
    /// from the battlefield: the autos of an ability the card has in its owner's graveyard
    /// (see the module's doc), and whether it is a trigger with a `restriction{...}`.
    pub(super) fn graveyard_ability(&self, value: Piece<'_>) -> Result<(Vec<Auto<'i>>, bool), Unsupported> {
        let written = value.text.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let own_move_in = written.split_once(')').is_some_and(|(event, _)| {
            event.strip_prefix("@movedto(this|").is_some_and(|zone| zone.ends_with("graveyard"))
        });
        // A card entering from these zones listens before its move is heard (the table's
        // `graveyard.rs`); one dying listens once its move has been heard.
        let from_elsewhere = ["from(mylibrary)", "from(library)", "from(myhand)", "from(hand)"]
            .iter()
            .any(|from| written.contains(&format!(") {from}:")));
        if own_move_in && !from_elsewhere {
            // Its move from the battlefield is heard by the permanent leaving play, as an
            // unrestricted `@movedto(this|graveyard) from(battlefield)`.
            return Err(Unsupported::new(
                value,
                "`autograveyard` trigger on the card's own move into a graveyard other than from the battlefield \
                 (unrestricted), the library or the hand",
            ));
        }
        let from_stack = written
            .split_once(" from(")
            .is_some_and(|(_, spec)| spec.split(')').next().is_some_and(|spec| spec.ends_with("stack")));
        if written.starts_with("@damage") && from_stack {
            // The table hears a spell's damage once the spell has left the stack: its
            // `from(...|mystack)` would never match.
            return Err(Unsupported::new(value, "`autograveyard` damage trigger `from(...)` a spell on the stack"));
        }
        if written.contains("canplayfrom") {
            // A keyword the table grants but no game reads: the card would not be cast.
            return Err(Unsupported::new(
                value,
                "`autograveyard` `canplayfromgraveyard` (casting the card from there)",
            ));
        }
        let continuous = |statements| {
            let events = self.arena.alloc_slice_copy(&[self.continuous_event(value)]);
            Auto { hook: false, events, costs: &[], statements }
        };
        let mut restricted_trigger = false;
        let autos = match self.line(value)? {
            Line::Triggered { once: true, .. } => {
                return Err(Unsupported::new(value, "`autograveyard` trigger that fires once (`@next`)"));
            }
            _ if self.turn_limited.get() => {
                return Err(Unsupported::new(value, "`autograveyard` trigger with `turnlimited`"));
            }
            Line::Triggered { events, statements, restricted, .. } => {
                restricted_trigger = restricted;
                vec![Auto { hook: false, events, costs: &[], statements }]
            }
            Line::Continuous(statements) => vec![continuous(statements)],
            Line::Plain(statements) if statements.iter().any(starts_with_a_count) => {
                return Err(Unsupported::new(value, "`autograveyard` `aslongas(...)` one-shot effect"));
            }
            Line::Plain(statements) => vec![Auto { hook: false, events: &[], costs: &[], statements }],
            Line::Lord { statements, event, entering } => vec![
                Auto { hook: false, events: &[], costs: &[], statements },
                Auto { hook: false, events: self.arena.alloc_slice_copy(&[event]), costs: &[], statements: entering },
            ],
            Line::Once(_) => return Err(Unsupported::new(value, "`autograveyard` `aslongas(...) oneShot`")),
            Line::Activated { .. } => {
                return Err(Unsupported::new(value, "`autograveyard` activated ability not opening with its cost"));
            }
        };
        Ok((autos, restricted_trigger))
    }
}
