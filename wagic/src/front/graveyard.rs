//! An `autograveyard=` line that is an activated ability (`{cost}:effect`): Wagic gives a
//! card in its owner's graveyard the abilities of its `autograveyard` lines (`MTGAbility.cpp`
//! parses them as the card's own while it is there), so its owner activates them from the
//! graveyard, paid as a permanent's are: `{2}{B}:moveTo(myhand)` (return it to its owner's
//! hand), `{B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever`
//! (unearth: its `transforms(...) forever` grants, refused elsewhere, last until the end of
//! the turn, as long as the card stays on the battlefield). Each is one of the card's
//! actions, after its `autohand` ones (the table offers them only for a card in its owner's
//! graveyard). A cost on the card itself other than `{E}` (exile it from the graveyard:
//! scavenge) is refused, as a card in a graveyard is neither tapped nor sacrificed.

use compiler::ir::Action;

use super::piece::Piece;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

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
}
