//! The lands tapped to activate an ability: those its mana cost needs (`{B}:regenerate`
//! taps one Swamp, `{RG}:` a Mountain or a Forest), as a spell's cost is planned, not
//! every untapped land; all of them only when the cost cannot be read from the ability's
//! line (a line that is not `{cost}:effect`, or one with snow mana `{i}`, which only a
//! snow permanent's mana pays) or no planned mana would pay it. An `{X}` is paid with
//! the X chosen (`x_moves.rs`).

use vm::runtime::{CardId, PlayerId};

use super::moves::plan_payment;
use super::{Game, stopped};
use crate::testfile::Mana;

/// Cost symbols of an activated line that are not mana: tap, untap, sacrifice, exile.
const NOT_MANA: [&str; 4] = ["t", "q", "s", "e"];

/// Whether a cost symbol is something other than mana read here: [`NOT_MANA`], one with
/// arguments (`{S(creature|mybattlefield)}`, `{E(...)}`, a counter cost
/// `{C(0/0,1,loyalty)}`), or X (`{X}`, `{X:white}`: its mana is the X chosen, `x_moves.rs`).
fn is_not_mana(symbol: &str) -> bool {
    NOT_MANA.contains(&symbol) || symbol.contains('(') || symbol == "x" || symbol.starts_with("x:")
}

/// The mana of the cost that opens an activated line, each way it may be paid
/// (`{2}{B}{T}:...` gives {2}{B}; `{RG}:...` {R} and {G}), or `None` when the line opens
/// with no cost or one with a symbol not read here.
pub(super) fn line_mana(line: &str) -> Option<Vec<Mana>> {
    let mut rest = line.trim_start();
    let mut mana = String::new();
    // At most as many symbols as the line has characters: the loop is bounded by it.
    while let Some(inner) = rest.strip_prefix('{') {
        let close = inner.find('}')?;
        let symbol = inner[..close].trim().to_ascii_lowercase();
        if !is_not_mana(&symbol) {
            mana.push_str(&format!("{{{symbol}}}"));
        }
        rest = &inner[close + 1..];
    }
    if !rest.trim_start().starts_with(':') {
        return None;
    }
    let (mana, hybrids) = crate::runner::costs::read_cost(&mana)?;
    Some(crate::runner::costs::plain_ways(mana, &hybrids))
}

impl Game<'_> {
    /// The lands and colours to tap so that `controller` can pay ability `index` of
    /// `card` (with `x` more mana for its `{X}`, when chosen: `x_moves.rs`): the plan of
    /// the first way of its cost that pays, else every untapped land's first colour.
    pub(super) fn activation_taps(
        &mut self,
        card: CardId,
        index: usize,
        controller: PlayerId,
        x: Option<u16>,
    ) -> Result<Vec<(CardId, usize)>, super::Outcome> {
        let mut lands = self.mana_lands(controller);
        lands.retain(|(land, _)| *land != card);
        let every: Vec<(CardId, usize)> = lands.iter().map(|(land, colours)| (*land, colours[0])).collect();
        let pool = self.table.board.player(controller).mana;
        let line = self.ability_text(card, index);
        let ways = line.as_deref().and_then(line_mana).unwrap_or_default();
        let colour = line.as_deref().and_then(super::x_moves::line_x).flatten();
        for cost in ways {
            let cost = x.map_or(cost, |x| super::x_moves::with_x(cost, colour, x));
            let Some(plan) = plan_payment(pool, &lands, &cost) else { continue };
            // The trial the move was offered on, with only the planned mana: it must pay.
            let seat = usize::from(controller.0 != 0);
            let mut more = pool;
            for (_, colour) in &plan {
                more[*colour] = more[*colour].saturating_add(1);
            }
            self.table.board.players[seat].mana = more;
            // An ability given to the card is tried as its giver's (`given.rs`).
            let payable = if index >= super::given::GIVEN {
                self.payable_abilities(card, controller)
            } else {
                self.table.try_payable_actions(card, controller)
            };
            self.table.board.players[seat].mana = pool;
            if payable.map_err(stopped)?.contains(&index) {
                return Ok(plan);
            }
        }
        Ok(every)
    }
}
