//! Mulligans, as Wagic takes them (`Player::takeMulligan`): before the first turn each
//! player in turn, the first player first, looks at their opening hand and keeps it or
//! mulligans: the hand is shuffled into the library and they draw one card fewer than
//! they held, then decide again (Wagic's menu offers it while the hand is not empty and
//! nothing has been played). Wagic's own AI never mulligans; here each player decides by
//! a plain rule on the hand's lands ([`keeps`]). Each decision is logged (`p0 mulligans
//! to 6`, `p1 keeps 7 cards (3 lands)`).

use vm::runtime::{CardId, PlayerId};

use super::moves::is_type;
use super::{Flow, Game, PlayerKind, stopped, who};
use crate::host::WagicHost;
use crate::table::{HAND, LIBRARY, P0, P1};

/// The smallest hand a player mulligans: a hand of this many cards or fewer is kept.
pub const KEPT_HAND: usize = 5;

/// Whether a player of `kind` keeps a hand of `cards` cards, `lands` of them lands, whose
/// cheapest other card costs `cheapest` (mana value; `None`: all lands). Both players
/// keep a hand of [`KEPT_HAND`] cards or fewer, and otherwise one of 2 to 5 lands; the
/// greedy player wants besides a spell it can cast with those lands.
pub fn keeps(kind: PlayerKind, cards: usize, lands: usize, cheapest: Option<i32>) -> bool {
    if cards <= KEPT_HAND {
        return true;
    }
    let land_count = (2..=5).contains(&lands);
    match kind {
        PlayerKind::Random => land_count,
        PlayerKind::Greedy => land_count && cheapest.is_some_and(|cost| cost <= lands as i32),
    }
}

impl Game<'_> {
    /// Each player, the first first, keeps their opening hand or mulligans it.
    pub(super) fn mulligans(&mut self) -> Flow {
        for player in [P0, P1] {
            // A hand shrinks by one a mulligan: the loop ends with the hand.
            for _ in 0..=super::OPENING_HAND {
                let hand = self.table.board.zone(player, HAND);
                let (lands, cheapest) = self.hand_lands(&hand);
                let kind = self.players[usize::from(player != P0)];
                let kept = if hand.is_empty() {
                    self.decisions += u64::from(!self.seated(player));
                    true
                } else if self.seated(player) {
                    self.ask_keep(player, hand.len(), lands)?
                } else {
                    self.decisions += 1;
                    keeps(kind, hand.len(), lands, cheapest)
                };
                if kept {
                    let plural =
                        |n: usize, word: &str| if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") };
                    self.event(format!(
                        "{} keeps {} ({})",
                        who(player),
                        plural(hand.len(), "card"),
                        plural(lands, "land")
                    ));
                    break;
                }
                self.mulligan(player, &hand);
                self.event(format!("{} mulligans to {}", who(player), hand.len() - 1));
                // Settled without the log's look: the new hand is not told card by card.
                self.table.try_settle().map_err(stopped)?;
            }
        }
        Ok(())
    }

    /// The lands of a hand, and the least mana value of its other cards.
    fn hand_lands(&self, hand: &[CardId]) -> (usize, Option<i32>) {
        let board = &self.table.board;
        let printed = hand.iter().filter_map(|card| board.get(*card)).map(|c| &c.printed);
        let lands = printed.clone().filter(|printed| is_type(&printed.types, "land")).count();
        let cheapest = printed.filter(|printed| !is_type(&printed.types, "land")).map(|p| p.mana_value).min();
        (lands, cheapest)
    }

    /// Shuffles `hand` into `player`'s library and draws one card fewer.
    fn mulligan(&mut self, player: PlayerId, hand: &[CardId]) {
        let board = &mut self.table.board;
        for &card in hand {
            board.place(card, player, LIBRARY, -1);
        }
        let mut library = board.zone(player, LIBRARY);
        self.rng.shuffle(&mut library);
        for card in library {
            self.table.board.place(card, player, LIBRARY, -1);
        }
        let count = i32::try_from(hand.len().saturating_sub(1)).unwrap_or(0);
        WagicHost::draw(&mut self.table.board, player, count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_of_two_to_five_lands_is_kept_and_five_cards_always() {
        for kind in [PlayerKind::Random, PlayerKind::Greedy] {
            assert!(keeps(kind, 7, 3, Some(2)));
            assert!(!keeps(kind, 7, 1, Some(1)), "one land");
            assert!(!keeps(kind, 7, 6, Some(1)), "six lands");
            assert!(keeps(kind, 5, 0, Some(4)), "five cards: kept");
        }
        // The greedy player wants a spell it can cast.
        assert!(keeps(PlayerKind::Random, 7, 2, Some(5)));
        assert!(!keeps(PlayerKind::Greedy, 7, 2, Some(5)));
        assert!(!keeps(PlayerKind::Greedy, 7, 5, None));
    }
}
