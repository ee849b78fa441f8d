//! [`CfcHost`]: the Card Fighters' Clash primitives the stdlib's builtins need beyond the
//! VM's generic [`Host`] (which already gives card types, keyword filters, counters through
//! [`Host::counter`]/[`Host::set_counter`] with the `hp`/`sp`/`bp`/`lostSP` attributes,
//! piles through [`Host::pile_cards`]/[`Host::move_card`], randomness and who chooses).
//!
//! Every method is one game primitive; the rules of the commands (defaults, floors,
//! success and failure, bindings, events, timed effects) live in the stdlib, not here.
//!
//! Timed effects: a builtin records an [`EffectKind::Custom`](vm::runtime::EffectKind)
//! with the runtime and applies it with [`CfcHost::add_modifier`] under the effect's id.
//! When the runtime ends it, it calls [`Host::end_effect`]; the game's implementation
//! should forward to [`crate::end_effect`], which calls [`CfcHost::remove_modifier`].

use vm::bytecode::{CardIdx, RuleSwitchIdx, ZoneIdx};
use vm::runtime::{CardId, EffectId, Host, PlayerId};

/// A yes/no state of a card or player that commands set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flag {
    /// A character is frozen.
    Frozen,
    /// A player was dealt non-combat damage this turn (`ncDamaged`).
    NcDamaged,
    /// The card will not be marked as activated after this activation (`clear`).
    KeepReady,
}

/// A rule-switch value (`enableRule(rule)` is `Bool(true)`, `modRule(rule, 800)` an `Int`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleValue {
    /// On or off.
    Bool(bool),
    /// A value (`play_char_bp_limit`).
    Int(i32),
}

/// A change of an SP cost (`alterCost`), in the catalogue's sign convention: costs are
/// negative numbers, a positive `Add` makes the cost cheaper; `Set` sets the raw cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CostChange {
    /// Add `n` to the (negative) cost.
    Add(i32),
    /// Set the raw cost to `n`.
    Set(i32),
}

/// A lasting modification of the game's rules, applied under a recorded effect's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// A game-rule switch entry (§3.13), for one player or (`None`) both.
    Rule {
        /// The player it applies to; `None`: global.
        player: Option<PlayerId>,
        /// Which switch.
        rule: RuleSwitchIdx,
        /// Its value.
        value: RuleValue,
    },
    /// A cost modifier (§3.14) of a cost type (index in [`crate::catalogue::COST_TYPES`]).
    Cost {
        /// Which cost type.
        cost_type: u16,
        /// The change.
        change: CostChange,
    },
}

/// A payment or damage in progress that `modCost`/`modDamage` may adjust (FIX of B-45:
/// modifiers are scoped to the one payment or damage event).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Window {
    /// A cost of this type (index in [`crate::catalogue::COST_TYPES`]) is being paid.
    Cost(u16),
    /// Non-combat damage is about to be dealt to a player.
    Damage,
}

/// A card model a `transform` turns cards into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model<'a> {
    /// The model with this card id (`transform("80d4...")`).
    Id(&'a str),
    /// The model of this card.
    Of(CardId),
}

/// What an attacking card is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttackRole {
    /// Not attacking.
    None,
    /// Attacking alone, or leading a United Attack.
    Leader,
    /// Joined a United Attack.
    Joiner,
}

/// The CFC game primitives of the stdlib's builtins (spec §4).
pub trait CfcHost: Host {
    /// Where `card` is: its controller's zone (`ring` for a character in play).
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)>;
    /// Whether a flag is set on a card or player.
    fn flag(&self, object: vm::runtime::Value, flag: Flag) -> bool;
    /// Sets or clears a flag on a card or player.
    fn set_flag(&mut self, object: vm::runtime::Value, flag: Flag, on: bool);
    /// KOs a card in play: to its owner's discard pile, back-ups discarded; false if it was not in play.
    fn ko(&mut self, card: CardId) -> bool;
    /// `player` loses the game (HP reached 0).
    fn defeat(&mut self, player: PlayerId);
    /// The bundle card whose rules (ability) `card` currently has, if any.
    fn rules(&self, card: CardId) -> Option<CardIdx>;
    /// Gives `card` the rules of `rules` (None: no ability); the game then restarts its autos.
    fn set_rules(&mut self, card: CardId, rules: Option<CardIdx>);
    /// Turns `card` into a card of `model`, keeping slot, markers and frozen state; false if no such model.
    fn transform(&mut self, card: CardId, model: Model<'_>) -> bool;
    /// Shows `card` to `viewer`, or to every player.
    fn reveal(&mut self, card: CardId, viewer: Option<PlayerId>);
    /// Shows `owner`'s whole pile `zone` to `viewer`.
    fn show_pile(&mut self, owner: PlayerId, zone: ZoneIdx, viewer: PlayerId);
    /// Shuffles `player`'s pile `zone` with the game's seeded generator.
    fn shuffle(&mut self, player: PlayerId, zone: ZoneIdx);
    /// Changes how `player`'s pile `zone` is shown (index in [`crate::catalogue::VIEW_STATES`]).
    fn pile_view(&mut self, player: PlayerId, zone: ZoneIdx, state: u16);
    /// The ring slot (0..4) of a character in play.
    fn slot(&self, card: CardId) -> Option<u8>;
    /// The character in `player`'s ring slot `slot`, if any.
    fn slot_card(&self, player: PlayerId, slot: u8) -> Option<CardId>;
    /// Moves a character in play to an empty slot of its ring; false if it could not.
    fn move_to_slot(&mut self, card: CardId, slot: u8) -> bool;
    /// Exchanges the ring slots of two characters in play; false if it could not.
    fn swap_slots(&mut self, a: CardId, b: CardId) -> bool;
    /// Moves `card` as [`Host::move_card`] does and says where from: `None` when it could
    /// not move, else whether it left a ring. By default [`CfcHost::locate`] then
    /// [`Host::move_card`]; a host that finds the card once for both may do so.
    fn move_card_from_ring(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> Option<bool> {
        let from_ring = self.locate(card).is_some_and(|(_, zone)| zone == crate::names::RING);
        self.move_card(card, player, zone, position).then_some(from_ring)
    }
    /// Exchanges two piles (`swapPiles`), each a player and a zone with its cards as just
    /// read: by default one card at a time, the first pile's onto the bottom of the second,
    /// then the second's onto the bottom of the first. A host may exchange them at once
    /// when that leaves its game (log, marks, card states) as the moves would.
    fn swap_piles(
        &mut self,
        first: (PlayerId, ZoneIdx),
        first_cards: &[CardId],
        second: (PlayerId, ZoneIdx),
        second_cards: &[CardId],
    ) {
        for &card in first_cards {
            self.move_card(card, second.0, second.1, -1);
        }
        for &card in second_cards {
            self.move_card(card, first.0, first.1, -1);
        }
    }
    /// Applies a lasting modifier under the id of the effect that bounds it.
    fn add_modifier(&mut self, id: EffectId, modifier: Modifier);
    /// Removes the modifier applied under `id` (nothing if none).
    fn remove_modifier(&mut self, id: EffectId);
    /// Adjusts the payment or damage in progress by `delta`; false when none of that kind is in progress.
    fn adjust_window(&mut self, window: Window, delta: i32) -> bool;
    /// Opens a payment or damage window (adjustments start at 0).
    fn open_window(&mut self, window: Window);
    /// Closes the window and gives the sum of its adjustments.
    fn close_window(&mut self, window: Window) -> i32;
    /// `player` takes `n` extra turns after this one.
    fn extra_turns(&mut self, player: PlayerId, n: i32);
    /// `player` skips its next occurrence of `phase` (index in [`crate::catalogue::PHASES`]).
    fn skip_phase(&mut self, player: PlayerId, phase: u16);
    /// `player` may play `n` more character cards this turn.
    fn extra_char_plays(&mut self, player: PlayerId, n: i32);
    /// What the card does in the current attack.
    fn attack_role(&self, card: CardId) -> AttackRole;
    /// Makes an attacking `card` join the United Attack led by `leader` (no cost check).
    fn join_attack(&mut self, card: CardId, leader: CardId) -> bool;
    /// Cancels the attack of `card`; false if it was not attacking.
    fn remove_from_attack(&mut self, card: CardId) -> bool;
    /// Asks the game to run the activation of `rules` with `source` as physical card, for `me`, once this execution ends; false if it cannot.
    fn queue_activation(&mut self, source: CardId, rules: CardIdx, me: PlayerId) -> bool;
    /// While `Some`, filters a builtin resolves (`discard(<1>action)`) search this player's pile instead of their written zone.
    fn set_search_scope(&mut self, scope: Option<(PlayerId, ZoneIdx)>);
}
