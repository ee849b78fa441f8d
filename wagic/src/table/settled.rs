//! The board's summary for the runtime's continuous autos ([`vm::runtime::Host::continuous_inputs`]):
//! a hash of everything on the board they may read, so that a refresh with nothing changed
//! since one that changed nothing is skipped. A mana ability tapping a token changes only
//! what is left out of the summary (tapped, mana pools, activations this turn), and under
//! a board of lords that skip was most of a long game's time; a refresh that reads or
//! changes what is left out is noted, and then no summary is given (`None`: the next
//! refresh runs).
//!
//! Every field of [`Board`] and [`Card`] is named below (the patterns list them all), so
//! that a new field is a compile error here until it is hashed or said to be left out.

use std::cell::Cell;
use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::board::{Board, Card, Player};

/// Whether a refresh of the continuous autos is running, and whether it read or changed
/// what the summary leaves out.
#[derive(Debug, Default)]
pub struct ContinuousReads {
    running: Cell<bool>,
    read_left_out: Cell<bool>,
}

impl ContinuousReads {
    /// A refresh starts (`true`: nothing left out read yet) or has ended.
    pub(super) fn set_running(&self, running: bool) {
        self.running.set(running);
        if running {
            self.read_left_out.set(false);
        }
    }
}

impl Board {
    /// Notes that what the summary leaves out (a card tapped, a mana pool, activations this
    /// turn) is read or changed: during a refresh, its summary is none.
    pub(super) fn note_left_out_read(&self) {
        if self.continuous_reads.running.get() {
            self.continuous_reads.read_left_out.set(true);
        }
    }

    /// The board's summary for the continuous autos, or `None` when their last refresh
    /// read or changed what it leaves out.
    pub(super) fn continuous_summary(&self) -> Option<u64> {
        if self.continuous_reads.read_left_out.get() {
            return None;
        }
        let mut hasher = FxHasher::default();
        self.hash_for_continuous(&mut hasher);
        Some(hasher.finish())
    }

    fn hash_for_continuous(&self, hasher: &mut FxHasher) {
        let Board {
            cards,
            players,
            // The library's printed cards never change.
            printed_cards: _,
            effects,
            gave_triggers,
            gave_abilities,
            abilities,
            moved,
            detaching,
            detached,
            events,
            damage_dealt,
            life_changed,
            targeted,
            combat_damage,
            active,
            main_phase,
            upkeep,
            x_paid,
            x_chosen,
            kicked,
            flashed_back,
            bought_back,
            suspended,
            maddened,
            hasted,
            ended_blocks,
            alternative,
            raided,
            creature_died,
            damaged,
            next_order,
            seed,
            cards_shuffled,
            drew_from_empty,
            lost_to,
            damagers,
            victims,
            vampired,
            persisting,
            phase_actions,
            blinked,
            unmodelled,
            flipped,
            emblems_asked,
            emblems,
            // The game's log of flips: never read by a card.
            transformed: _,
            spells_cast,
            // Read by the cast rules (`maxCast`), never by a continuous auto.
            cast_this_turn: _,
            // Lists kept of the cards, which are hashed.
            zone_lists: _,
            continuous_reads: _,
        } = self;
        cards.len().hash(hasher);
        for card in cards {
            hash_card(card, hasher);
        }
        for Player { life, poison, mana: _, snow: _, extra_turns, skipped_turns, phase_alters } in players {
            (life, poison, extra_turns, skipped_turns, phase_alters).hash(hasher);
        }
        (effects.stamp(), abilities.stamp(), gave_triggers, gave_abilities).hash(hasher);
        (moved, detaching, detached, events, damage_dealt, life_changed, targeted).hash(hasher);
        (combat_damage, active, main_phase, upkeep, x_paid, x_chosen, kicked, alternative).hash(hasher);
        (flashed_back, bought_back, suspended, maddened, hasted, ended_blocks).hash(hasher);
        (raided, creature_died, damaged, next_order, seed, cards_shuffled, drew_from_empty).hash(hasher);
        (damagers, victims, vampired, persisting, phase_actions, blinked, unmodelled, flipped).hash(hasher);
        (spells_cast, lost_to, emblems_asked, emblems).hash(hasher);
    }
}

fn hash_card(card: &Card, hasher: &mut FxHasher) {
    let Card {
        printed,
        owner,
        controller,
        zone,
        order,
        tapped: _,
        damage,
        counters,
        named,
        left_with,
        moved_from,
        token,
        gone_to,
        copies_card,
        face_down,
        made_by,
        attacking,
        blocking,
        attached,
        activations: _,
        upkeep_paid,
        echo_done,
        next_done,
        fresh,
        frozen,
        attacked,
        spent,
        player_target,
        chosen_colour,
        chosen_type,
        card_target,
        unflipped,
        stored,
    } = card;
    // Packed into few words: this runs for every card of the game at each refresh.
    let flags = [*token, *copies_card, *attacking, *upkeep_paid, *echo_done, *next_done, *fresh, *frozen, *attacked]
        .iter()
        .chain([face_down.is_some(), unflipped.is_some()].iter())
        .fold(0u64, |bits, &flag| bits << 1 | u64::from(flag));
    hasher.write_u64(flags | u64::from(owner.0) << 16 | u64::from(controller.0) << 24 | u64::from(zone.0) << 32);
    hasher.write_i64(*order);
    let marks = pair(*damage as u32 as u64, counters.0 as u32 as u64);
    hasher.write_u64(marks ^ (counters.1 as u32 as u64).rotate_left(17));
    hasher.write_u64(pair(card_or_none(*made_by), card_or_none(*blocking)));
    hasher.write_u64(pair(card_or_none(*attached), card_or_none(*card_target)));
    let small = |value: Option<u32>| value.map_or(u64::from(u16::MAX), u64::from);
    let moved = moved_from.map(|(player, zone)| player.0 << 16 | zone.0);
    hasher.write_u64(small(moved) | small(gone_to.map(|zone| zone.0)) << 32);
    hasher.write_u64(
        small(player_target.map(|player| player.0))
            | small(chosen_colour.map(u32::from)) << 16
            | small(chosen_type.map(u32::from)) << 32,
    );
    // Rare: a card's spent mana, its snapshot, its named counters are most often empty.
    if spent.iter().any(|mana| *mana != 0) || stored.is_some() || !named.is_empty() || left_with.is_some() {
        (spent, stored, named, left_with).hash(hasher);
    }
    // What is printed changes only as a card turns face down or up, or flips (`morph.rs`,
    // `flip.rs`): its name and those two flags (above) say which face it shows.
    printed.name.hash(hasher);
}

/// Two numbers of 32 bits in one word.
fn pair(high: u64, low: u64) -> u64 {
    high << 32 ^ low
}

/// A card's number, or one no card has.
fn card_or_none(card: Option<vm::runtime::CardId>) -> u64 {
    card.map_or(u64::from(u32::MAX), |card| u64::from(card.0))
}
