//! Morph in a Wagic test: a card cast face down for its `facedown=` cost, a click on a
//! face-down permanent, and its turning face up for its `autofacedown` cost, each paid from
//! the mana pool.

use super::clicks::Entry;
use super::*;

impl Run<'_> {
    /// Casts a card from hand face down (Wagic's `MTGMorphCostRule`): its `facedown=` cost
    /// paid from the pool, it waits on the stack as a nameless 2/2 creature spell.
    pub(super) fn cast_face_down(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let owner = c.owner;
        let written = c.printed.face_down_cost.to_ascii_lowercase();
        self.pay_from_pool(owner, &written, line, text)?;
        self.table.board.turn_face_down(card);
        self.table.board.place(card, owner, STACK, -1);
        self.spells_cast = self.spells_cast.saturating_add(1);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
        self.stack.push(stack::Entry::Spell(card, Resolution::Permanent), line, text)?;
        Ok(None)
    }

    /// Turns a face-down permanent face up for its `autofacedown` cost, paid from the pool
    /// (Wagic's `AAMorph`: a special action, nothing goes on the stack).
    pub(super) fn turn_face_up(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let Some(face) = c.face_down.as_deref() else { return Ok(None) };
        let (controller, written) = (c.controller, face.face_up_cost.to_ascii_lowercase());
        self.pay_from_pool(controller, &written, line, text)?;
        self.table.try_turn_face_up(card).map_err(|error| table_skip(error, line, text))?;
        self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
        Ok(None)
    }

    /// Pays the mana cost `written` from `player`'s pool.
    fn pay_from_pool(&mut self, player: PlayerId, written: &str, line: u32, text: &str) -> Result<(), Skip> {
        let Some((cost, hybrids)) = costs::read_cost(written).filter(|_| !written.contains("{x}")) else {
            return Err(skip("a mana cost the runner does not pay", format!("`{written}` of {}", at(line, text))));
        };
        let pool = &mut self.table.board.players[usize::from(player != P0)].mana;
        if !costs::pay_with_hybrids(pool, &cost, &hybrids) {
            return Err(skip("a spell the mana pool cannot pay for", at(line, text)));
        }
        Ok(())
    }

    /// A click on a face-down permanent of the active player: the attack rule, then its
    /// morph ability when the pool can pay its face-up cost (it has no other ability face
    /// down).
    pub(super) fn use_face_down(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let Some(face) = c.face_down.as_deref() else { return Ok(None) };
        let (controller, attacking) = (c.controller, c.attacking);
        let face_up_cost = face.face_up_cost.to_ascii_lowercase();
        let mut entries = Vec::new();
        if self.phase == Phase::CombatAttackers && (attacking || self.can_attack(card)) {
            entries.push(Entry::Attack);
        }
        let payable =
            costs::read_cost(&face_up_cost).filter(|_| !face_up_cost.contains("{x}")).is_some_and(|(cost, hybrids)| {
                let mut pool = self.table.board.players[usize::from(controller != P0)].mana;
                costs::pay_with_hybrids(&mut pool, &cost, &hybrids)
            });
        if payable {
            entries.push(Entry::TurnFaceUp);
        }
        self.offer(card, entries, line, text)
    }
}
