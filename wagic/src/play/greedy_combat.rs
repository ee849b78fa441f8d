//! The greedy player's combat and cleanup choices (`greedy.rs` chooses its moves and
//! answers, and its module documentation gives all its rules): whether a creature
//! attacks, whether an attack with all of them is lethal, its blocks, and the card it
//! discards.

use vm::runtime::{CardId, PlayerId};

use super::{Game, opponent};
use crate::runner::combat::{can_block, may_block};
use crate::table::BATTLEFIELD;

impl Game<'_> {
    /// Whether a greedy player's creature attacks: unless a creature that may block it
    /// would kill it and survive.
    pub(super) fn greedy_attacks(&mut self, attacker: CardId) -> bool {
        let active = self.table.board.active;
        let blockers = self.table.board.zone(opponent(active), BATTLEFIELD);
        // May-block reads an attacking creature: it attacks for the look.
        let was = self.table.board.get(attacker).is_some_and(|c| c.attacking);
        self.set_attacking(&[attacker], &[true]);
        let board = &self.table.board;
        let lost = blockers
            .into_iter()
            .filter(|blocker| can_block(board, *blocker) && may_block(board, *blocker, attacker, &[]))
            .any(|blocker| self.kills(blocker, attacker) && !self.kills(attacker, blocker));
        self.set_attacking(&[attacker], &[was]);
        !lost
    }

    /// The card of `hand` (more than it keeps) a greedy player discards: a land when five
    /// or more of its own are on the battlefield, else the spell of the highest mana value
    /// (the furthest from being cast); its index.
    pub(super) fn greedy_discard(&self, player: PlayerId, hand: &[CardId]) -> usize {
        let board = &self.table.board;
        let is_land = |card: CardId| board.has_type(card, "land");
        let lands = board.zone(player, BATTLEFIELD).into_iter().filter(|card| is_land(*card)).count();
        let land = hand.iter().position(|card| is_land(*card));
        let dearest = hand
            .iter()
            .enumerate()
            .filter(|(_, card)| !is_land(**card))
            .max_by_key(|(index, card)| {
                (board.get(**card).map_or(0, |c| c.printed.mana_value), std::cmp::Reverse(*index))
            })
            .map(|(index, _)| index);
        match (land, dearest) {
            (Some(land), _) if lands >= 5 => land,
            (_, Some(dearest)) => dearest,
            (land, None) => land.unwrap_or(0),
        }
    }

    /// Whether attacking with all of `attackers` deals the opponent lethal damage even when
    /// each creature that can block blocks the strongest attacker it may.
    pub(super) fn greedy_lethal(&mut self, attackers: &[CardId]) -> bool {
        let foe = opponent(self.table.board.active);
        // May-block reads attacking creatures: they attack for the look.
        let board = &self.table.board;
        let was: Vec<bool> = attackers.iter().map(|card| board.get(*card).is_some_and(|c| c.attacking)).collect();
        self.set_attacking(attackers, &vec![true; attackers.len()]);
        let board = &self.table.board;
        let mut unblocked: Vec<(i32, CardId)> =
            attackers.iter().map(|card| (board.power(*card).max(0), *card)).collect();
        unblocked.sort_by_key(|(power, _)| std::cmp::Reverse(*power));
        for blocker in board.zone(foe, BATTLEFIELD) {
            if !can_block(board, blocker) {
                continue;
            }
            if let Some(position) = unblocked.iter().position(|(_, attacker)| may_block(board, blocker, *attacker, &[]))
            {
                unblocked.remove(position);
            }
        }
        let damage = unblocked.iter().fold(0i32, |sum, (power, _)| sum.saturating_add(*power));
        let life = board.player(foe).life;
        self.set_attacking(attackers, &was);
        damage > 0 && damage >= life
    }

    fn set_attacking(&mut self, cards: &[CardId], attacking: &[bool]) {
        for (card, attacks) in cards.iter().zip(attacking) {
            if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
                c.attacking = *attacks;
            }
        }
    }

    /// Whether `striker`'s combat damage kills `struck` (deathtouch: any damage), or its
    /// first strike does before `struck` strikes back.
    fn kills(&self, striker: CardId, struck: CardId) -> bool {
        let board = &self.table.board;
        let power = board.power(striker);
        power > 0 && (board.has_ability(striker, "deathtouch") || power >= self.toughness_left(struck))
    }

    /// A greedy defender's blocks, each (blocker, attacker).
    pub(super) fn greedy_blocks(&self, attackers: &[CardId]) -> Vec<(CardId, CardId)> {
        let board = &self.table.board;
        let defender = opponent(board.active);
        let mut free: Vec<CardId> =
            board.zone(defender, BATTLEFIELD).into_iter().filter(|card| can_block(board, *card)).collect();
        // The cheapest blockers are spent first.
        free.sort_by_key(|card| self.value(*card));
        let mut by_value: Vec<CardId> = attackers.to_vec();
        by_value.sort_by_key(|card| std::cmp::Reverse(self.value(*card)));
        let mut blocks: Vec<(CardId, CardId)> = Vec::new();
        let mut blocked: Vec<CardId> = Vec::new();
        let first_strikes =
            |card: CardId| board.has_ability(card, "firststrike") || board.has_ability(card, "doublestrike");
        // A blocker killed by an attacker's first strike deals no damage back.
        let dies_first = |blocker: CardId, attacker: CardId| {
            first_strikes(attacker) && !first_strikes(blocker) && self.kills(attacker, blocker)
        };
        // A kill that survives, a trade up, a block that survives: in that order of worth.
        let rules: [&dyn Fn(CardId, CardId) -> bool; 3] = [
            &|blocker, attacker| {
                self.kills(blocker, attacker)
                    && (!self.kills(attacker, blocker) || first_strikes(blocker) && !first_strikes(attacker))
            },
            &|blocker, attacker| {
                self.kills(blocker, attacker)
                    && !dies_first(blocker, attacker)
                    && self.value(attacker) > self.value(blocker)
            },
            &|blocker, attacker| !self.kills(attacker, blocker),
        ];
        for rule in rules {
            for &attacker in &by_value {
                if blocked.contains(&attacker) {
                    continue;
                }
                let found = free
                    .iter()
                    .position(|&blocker| may_block(board, blocker, attacker, &blocked) && rule(blocker, attacker));
                if let Some(at) = found {
                    blocks.push((free.remove(at), attacker));
                    blocked.push(attacker);
                }
            }
        }
        // Chump blocks while the unblocked damage is lethal: the biggest attacker first.
        let life = board.player(defender).life;
        let mut unblockable: Vec<CardId> = Vec::new();
        for _ in 0..attackers.len() {
            let unblocked: Vec<CardId> = by_value.iter().copied().filter(|card| !blocked.contains(card)).collect();
            let incoming: i32 = unblocked.iter().map(|card| board.power(*card).max(0)).sum();
            if incoming < life {
                break;
            }
            let biggest =
                unblocked.iter().filter(|card| !unblockable.contains(card)).max_by_key(|card| board.power(**card));
            let Some(&attacker) = biggest else { break };
            match free.iter().position(|&blocker| may_block(board, blocker, attacker, &blocked)) {
                Some(at) => {
                    blocks.push((free.remove(at), attacker));
                    blocked.push(attacker);
                }
                None => unblockable.push(attacker),
            }
        }
        blocks
    }
}
