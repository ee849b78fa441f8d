//! Morph: `facedown={3}` (what casting the card face down costs, Wagic's
//! `MTGMorphCostRule`), `autofacedown={cost}:morph` (the face-down permanent's one
//! ability: turning it face up for that cost, Wagic's `AAMorph`) and `autofaceup=effect`
//! (what happens as it is turned face up: Wagic appends these lines to the card's as
//! `AAMorph` resolves, so they run then). The card cast face down is a 2/2 creature with
//! no name, text, colour or types and no rules (the table's `Card::face_down`); turned
//! face up its rules come into play and the catalogue's `facedup` event fires for it, on
//! which each `autofaceup` line is a trigger of the card's own.

use compiler::ir::{Auto, BinaryOp, Event, Expr};
use vm::bytecode::{CompareOp, EventIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

/// The ability an `autofacedown=` line gives, after its cost.
const TURN_FACE_UP: &str = "morph";

/// The mana cost of an `autofacedown={cost}:morph` line (`{2}{B}{G}{U}`), when the line is
/// that.
pub fn face_up_cost(line: &str) -> Option<&str> {
    let (cost, ability) = line.trim().rsplit_once(':')?;
    (ability.trim().eq_ignore_ascii_case(TURN_FACE_UP) && cost.trim().starts_with('{')).then(|| cost.trim())
}

impl<'i> Lowering<'i> {
    /// Checks a `facedown=` cost: mana only, on a permanent (an instant or sorcery is not
    /// cast face down).
    pub(super) fn face_down_cost(&self, value: Piece<'_>, is_spell: bool) -> Result<(), Unsupported> {
        let value = value.trim();
        if is_spell {
            return Err(Unsupported::new(value, "`facedown` on an instant or sorcery"));
        }
        let construct = "`facedown` cost other than mana";
        if !value.text.starts_with('{') {
            return Err(Unsupported::new(value, construct));
        }
        self.mana_only(value, construct)
    }

    /// Checks an `autofacedown=` line: `{cost}:morph`, its cost mana only, on a card with
    /// `facedown=` (the face-down permanent's other abilities are not compiled).
    pub(super) fn face_down_line(&self, value: Piece<'_>, has_face_down_cost: bool) -> Result<(), Unsupported> {
        let value = value.trim();
        let Some(cost) = face_up_cost(value.text) else {
            return Err(Unsupported::new(value, "`autofacedown` ability other than `{cost}:morph`"));
        };
        if !has_face_down_cost {
            return Err(Unsupported::new(value, "`autofacedown` on a card without `facedown=`"));
        }
        self.mana_only(value.slice(0, cost.len()), "`autofacedown` cost other than mana")
    }

    /// `autofaceup=effect` on a card with `autofacedown=`: the effect as a trigger on the
    /// card's own `facedup` event.
    pub(super) fn face_up_line(&self, value: Piece<'_>, can_turn_face_up: bool) -> Result<Auto<'i>, Unsupported> {
        let value = value.trim();
        if !can_turn_face_up {
            return Err(Unsupported::new(value, "`autofaceup` on a card without `autofacedown=`"));
        }
        let (_, statements, lord, continuous) = self.effect(value)?;
        let unblockable = statements.iter().any(|statement| statement.chain.iter().any(super::line::is_unblockable));
        if lord.is_some() || continuous || unblockable {
            return Err(Unsupported::new(value, "`autofaceup` lasting effect (`lord`, `aslongas`, `cantbeblockedby`)"));
        }
        let statements = self.until_end_of_turn(statements);
        let trigger = self.arena.alloc(Expr::Var(spec::variable("trigger")));
        let this = self.arena.alloc(Expr::Var(spec::variable("this")));
        let own = self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), trigger, this));
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("facedup").unwrap_or(0)),
            prefix: None,
            suffix: None,
            condition: Some(own),
            span: value.span(),
        };
        Ok(Auto { hook: false, events: self.arena.alloc_slice_copy(&[event]), costs: &[], statements })
    }
}
