//! The greedy player's use of its planeswalkers' loyalty abilities (the random player
//! takes them as any move). A planeswalker's ability is judged by its own line, not the
//! card's: of the abilities it may activate (one a turn, in its main phase), it takes
//! first one whose damage kills a creature of the opponent's or is lethal, else the one
//! putting the most loyalty on; a harmful one only with a target on the opponent's side,
//! a helpful one only with a creature of its own, and a minus one only when the
//! planeswalker keeps some loyalty. Spells and its other abilities come first: a loyalty
//! ability is taken when nothing but cycling is left to do. Its targets are chosen by the
//! ability's line too ([`Game::answer_text`]).

use vm::runtime::{CardId, PlayerId, Value};

use super::effect_reading::{Effect, damage_of, effect_of};
use super::moves::Move;
use super::{Game, opponent};
use crate::table::BATTLEFIELD;

/// The loyalty a planeswalker's ability line puts on (negative: removes), from its
/// `{C(0/0,n,loyalty)}` cost; 0 without one (`{0}:`).
pub(super) fn loyalty_change(line: &str) -> i32 {
    let lower = line.to_ascii_lowercase().replace(' ', "");
    let Some(at) = lower.find("{c(0/0,") else { return 0 };
    let after = &lower[at + "{c(0/0,".len()..];
    let count: String = after.chars().take_while(|c| *c == '-' || c.is_ascii_digit()).take(6).collect();
    count.parse().unwrap_or(0)
}

impl Game<'_> {
    /// Whether `card` is a planeswalker on the battlefield.
    pub(super) fn is_planeswalker(&self, card: CardId) -> bool {
        let board = &self.table.board;
        board.get(card).is_some_and(|c| c.zone == BATTLEFIELD) && board.has_type(card, "planeswalker")
    }

    /// The loyalty ability among `moves` a greedy `player` takes, if any (remembered for
    /// its targets' answers).
    pub(super) fn greedy_loyalty_move(&mut self, player: PlayerId, moves: &[Move]) -> Option<Move> {
        let mut best: Option<(i32, Move, String)> = None;
        for &chosen in moves {
            let Move::Activate { card, index, .. } = chosen else { continue };
            if !self.is_planeswalker(card) {
                continue;
            }
            let Some(line) = self.ability_text(card, index) else { continue };
            let Some(worth) = self.loyalty_worth(player, card, index, &line) else { continue };
            if best.as_ref().is_none_or(|(most, ..)| worth > *most) {
                best = Some((worth, chosen, line));
            }
        }
        let (_, chosen, line) = best?;
        if let Move::Activate { card, .. } = chosen {
            self.ability_line = Some((card, line));
        }
        Some(chosen)
    }

    /// What ability `index` of the planeswalker `card` (its line `line`) is worth to
    /// `player` now, or `None` when it has no use.
    fn loyalty_worth(&self, player: PlayerId, card: CardId, index: usize, line: &str) -> Option<i32> {
        let change = loyalty_change(line);
        let effect_part = line.split_once(':').map_or(line, |(_, effect)| effect);
        let theirs = self.targets_of_theirs(player, card, index);
        let foe = opponent(player);
        let kills = damage_of(effect_part, 0).is_some_and(|damage| {
            let aimable = |value: Value| theirs.as_ref().is_none_or(|theirs| theirs.contains(&value));
            damage >= self.table.board.player(foe).life && aimable(Value::Player(foe))
                || self
                    .creatures(foe)
                    .into_iter()
                    .any(|creature| aimable(Value::Card(creature)) && self.toughness_left(creature) <= damage)
        });
        if kills {
            return Some(1_000_i32.saturating_add(change));
        }
        let loyalty = self.table.board.get(card).map_or(0, |c| c.named.count("loyalty"));
        if loyalty.saturating_add(change) <= 0 {
            return None;
        }
        let usable = match effect_of(effect_part) {
            Effect::Harmful => match theirs {
                Some(theirs) => !theirs.is_empty(),
                None => !self.creatures(foe).is_empty(),
            },
            Effect::Helpful => !self.creatures(player).is_empty(),
            Effect::Unknown => true,
        };
        usable.then_some(change)
    }

    /// The text a greedy player reads a question's effect from: the line of the
    /// planeswalker's ability it just activated, else the card's `auto=` lines.
    pub(super) fn answer_text(&self, source: CardId) -> String {
        match &self.ability_line {
            Some((card, line)) if *card == source => line.split_once(':').map_or(line.as_str(), |(_, e)| e).to_string(),
            _ => self.effect_text(source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loyalty_change_is_read_from_the_counter_cost() {
        assert_eq!(loyalty_change("{C(0/0,1,Loyalty)}:name(+1: tap) tap target(*)"), 1);
        assert_eq!(loyalty_change("{C(0/0,-2,Loyalty)}:damage:3 target(creature,player)"), -2);
        assert_eq!(loyalty_change("{0}:name(0: wolf) token(Wolf,Creature Wolf,2/2,green)"), 0);
    }
}
