//! The lands tapped to activate an ability: those its mana cost needs (`{B}:regenerate`
//! taps one Swamp), as a spell's cost is planned, not every untapped land; all of them
//! only when the cost cannot be read from the ability's line (`{X}`, hybrid, a line that
//! is not `{cost}:effect`) or the planned mana would not pay it.

use vm::runtime::{CardId, PlayerId};

use super::moves::plan_payment;
use super::{Game, stopped};
use crate::testfile::{self, Mana};

/// Cost symbols of an activated line that are not mana: tap, untap, sacrifice, exile.
const NOT_MANA: [&str; 4] = ["t", "q", "s", "e"];

/// The mana of the cost that opens an activated line (`{2}{B}{T}:...` gives {2}{B}), or
/// `None` when the line opens with no cost or one with a symbol not read here.
pub(super) fn line_mana(line: &str) -> Option<Mana> {
    let mut rest = line.trim_start();
    let mut mana = String::new();
    // At most as many symbols as the line has characters: the loop is bounded by it.
    while let Some(inner) = rest.strip_prefix('{') {
        let close = inner.find('}')?;
        let symbol = inner[..close].trim().to_ascii_lowercase();
        if !NOT_MANA.contains(&symbol.as_str()) {
            mana.push_str(&format!("{{{symbol}}}"));
        }
        rest = &inner[close + 1..];
    }
    if !rest.trim_start().starts_with(':') {
        return None;
    }
    testfile::read_mana(&mana)
}

impl Game<'_> {
    /// The lands and colours to tap so that `controller` can pay ability `index` of
    /// `card`: its cost's plan when it pays, else every untapped land's first colour.
    pub(super) fn activation_taps(
        &mut self,
        card: CardId,
        index: usize,
        controller: PlayerId,
    ) -> Result<Vec<(CardId, usize)>, super::Outcome> {
        let lands = self.mana_lands(controller);
        let every: Vec<(CardId, usize)> = lands.iter().map(|(land, colours)| (*land, colours[0])).collect();
        let pool = self.table.board.player(controller).mana;
        let plan = self
            .ability_text(card, index)
            .and_then(|line| line_mana(&line))
            .and_then(|cost| plan_payment(pool, &lands, &cost));
        let Some(plan) = plan else { return Ok(every) };
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
        Ok(if payable.map_err(stopped)?.contains(&index) { plan } else { every })
    }
}
