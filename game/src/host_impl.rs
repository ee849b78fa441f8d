//! [`GameState`] as the rules' host: `vm::runtime::Host` (zones, card properties, keyword
//! filters, expression names, randomness, ability effects) and `stdlib::CfcHost` (the CFC
//! primitives the commands use), each on the board primitives of `board.rs`.

use rand::Rng;
use stdlib::CATALOGUE;
use stdlib::host::{AttackRole, CfcHost, CostChange, Flag, Model, Modifier, RuleValue, Window};
use stdlib::names::{self, ARENA, DECK, DISCARDS, HAND, REMOVED, RING};
use vm::bytecode::{
    AttributeIdx, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, RankingIdx, SubtypeIdx, VariableIdx, ZoneIdx,
    ZoneRef,
};
use vm::runtime::{CardId, Effect, EffectId, EffectKind, Env, Host, Lists, PlayerId, Value};

use crate::log::{Phrase, RecordKind};
use crate::set::{AbilityType, CardKind};
use crate::state::{AbilityGrant, CardRef, CardState, GameState, ModifierRecord, Role, RuleVal, Seat, Zone};

/// The window kind of non-combat damage in [`GameState::windows`].
const DAMAGE_WINDOW: u16 = u16::MAX;

/// The engine's zone of a catalogue pile zone.
pub(crate) fn pile_zone(zone: ZoneIdx) -> Option<Zone> {
    match zone {
        HAND => Some(Zone::Hand),
        DECK => Some(Zone::Deck),
        DISCARDS => Some(Zone::Discards),
        REMOVED => Some(Zone::Removed),
        _ => None,
    }
}

fn zone_idx(zone: Zone) -> ZoneIdx {
    match zone {
        Zone::Hand => HAND,
        Zone::Deck => DECK,
        Zone::Discards => DISCARDS,
        Zone::Removed => REMOVED,
        Zone::Ring(_) | Zone::Table | Zone::Backup(_) => RING,
    }
}

/// Which cards a zone listing keeps ([`GameState::zone_candidates_keeping`]).
#[derive(Debug, Clone, Copy)]
enum Keep {
    /// Every card.
    All,
    /// The cards of a card type, or with `negate` the others: [`Host::card_has_type`]'s
    /// test, where `kind` is the type's kind (`None`: a type no card has).
    Kind { kind: Option<CardKind>, negate: bool },
}

impl Keep {
    /// Whether it keeps the card whose state is `state`.
    fn state(self, game: &GameState, state: &CardState) -> bool {
        match self {
            Keep::All => true,
            Keep::Kind { kind, negate } => {
                (kind.is_some() && game.def_at(state.def).map(|def| def.kind) == kind) != negate
            }
        }
    }

    /// Whether it keeps `card` (a card without a state has no type).
    fn card(self, game: &GameState, card: CardRef) -> bool {
        match (self, game.card(card)) {
            (_, Some(state)) => self.state(game, state),
            (Keep::All, None) => true,
            (Keep::Kind { negate, .. }, None) => negate,
        }
    }
}

impl GameState {
    /// The players whose `zone` a filter's prefix names, relative to `me`: `me`, the
    /// opponent, or both (the second of the pair).
    fn prefix_players(me: Seat, zone: ZoneRef) -> (Seat, Option<Seat>) {
        match zone.prefix {
            Some(names::PREFIX_OPP) => (me.other(), None),
            Some(names::PREFIX_ANY | names::PREFIX_SAME) => (me, Some(me.other())),
            _ => (me, None),
        }
    }

    /// Ring characters that can be chosen (ruling: a character at 0 BP waiting for the KO
    /// sweep cannot be chosen) that `keep` keeps.
    ///
    /// Returns how many places it looked at (the ring's slots), as
    /// `Host::zone_cards_of_type` asks.
    fn ring_candidates(&self, player: Seat, keep: Keep, out: &mut Vec<Value>) -> usize {
        let ring = &self.player(player).ring;
        for &slot in ring {
            if let Some(card) = slot
                && self.card(card).is_some_and(|c| c.bp > 0 && keep.state(self, c))
            {
                out.push(Value::Card(card.id()));
            }
        }
        ring.len()
    }

    /// Appends the cards of `player`'s pile `pile` that `keep` keeps (none for a zone that
    /// is no pile); returns how many cards it looked at (the pile's).
    fn pile_candidates(&self, player: Seat, pile: Zone, keep: Keep, out: &mut Vec<Value>) -> usize {
        let Some(cards) = self.player(player).pile(pile) else { return 0 };
        match keep {
            Keep::All => out.extend(cards.iter().map(|c| Value::Card(c.id()))),
            Keep::Kind { .. } => {
                out.extend(cards.iter().filter(|&&c| keep.card(self, c)).map(|c| Value::Card(c.id())));
            }
        }
        cards.len()
    }

    /// A list of `cards` in `lists`, made through a buffer that holds a hand inline.
    fn list_value(lists: &mut Lists, cards: impl Iterator<Item = CardRef>) -> Value {
        let values: smallvec::SmallVec<[Value; 16]> = cards.map(|c| Value::Card(c.id())).collect();
        lists.make(&values).map_or(Value::Nil, Value::List)
    }

    /// Whether a card is in the current United Attack.
    pub(crate) fn in_united_attack(&self, card: CardRef) -> bool {
        self.card(card).is_some_and(|c| c.united && c.role != Role::None)
    }

    /// The cards of `zone` as [`Host::zone_cards`] lists them, reading the game only (a
    /// legality check peeks at filters with it).
    pub(crate) fn zone_candidates(&self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        self.zone_candidates_keeping(env, zone, Keep::All, out);
    }

    /// [`GameState::zone_candidates`] keeping what `keep` keeps: the type test of a card
    /// made where it is listed (`Host::zone_cards_of_type`). Returns how many cards it
    /// looked at, kept or not.
    fn zone_candidates_keeping(&self, env: &Env, zone: ZoneRef, keep: Keep, out: &mut Vec<Value>) -> usize {
        let me = Seat::of(env.me);
        if let Some((player, pile)) = self.search_scope {
            return self.pile_candidates(player, pile, keep, out);
        }
        let (first, second) = Self::prefix_players(me, zone);
        match zone.zone {
            ARENA => self.ring_candidates(me, keep, out) + self.ring_candidates(me.other(), keep, out),
            RING => {
                let looked_at = self.ring_candidates(first, keep, out);
                looked_at + second.map_or(0, |second| self.ring_candidates(second, keep, out))
            }
            names::INFRONT => {
                let source = CardRef::of(env.source);
                if let Some((owner, slot)) = self.slot_of(source)
                    && owner == me
                {
                    let facing = self.player(me.other()).ring[3 - usize::from(slot.min(3))];
                    if let Some(card) = facing
                        && self.card(card).is_some_and(|c| c.bp > 0 && keep.state(self, c))
                    {
                        out.push(Value::Card(card.id()));
                    }
                }
                1
            }
            _ => match pile_zone(zone.zone) {
                Some(pile) => {
                    let looked_at = self.pile_candidates(first, pile, keep, out);
                    looked_at + second.map_or(0, |second| self.pile_candidates(second, pile, keep, out))
                }
                None => 0,
            },
        }
    }

    /// `swapPiles` as one exchange of the two piles' cards (a shinjin-akuma game moves
    /// ~40 cards through it, ~6,400 instructions one `move_card` at a time): the same
    /// cards end where moving them one by one leaves them, with the same log entries,
    /// marks and card states. False (nothing done) when the piles are one, a zone is no
    /// pile, or the cards are not the piles as they are now.
    fn swap_piles_at_once(
        &mut self,
        first: (Seat, Zone),
        first_cards: &[CardId],
        second: (Seat, Zone),
        second_cards: &[CardId],
    ) -> bool {
        let holds = |state: &GameState, (player, zone): (Seat, Zone), cards: &[CardId]| {
            state.player(player).pile(zone).is_some_and(|pile| {
                pile.len() == cards.len() && pile.iter().zip(cards).all(|(card, &id)| card.id() == id)
            })
        };
        if first == second || !holds(self, first, first_cards) || !holds(self, second, second_cards) {
            return false;
        }
        // `put` refuses a card without a state (after `take` removed it).
        if first_cards.iter().chain(second_cards).any(|&card| self.card(CardRef::of(card)).is_none()) {
            return false;
        }
        if first_cards.is_empty() && second_cards.is_empty() {
            return true;
        }
        self.mark_sizes_changed();
        // Both piles exist (`holds` read them).
        let first_pile = self.player_mut(first.0).pile_mut(first.1).map(std::mem::take).unwrap_or_default();
        let second_pile = self.player_mut(second.0).pile_mut(second.1).map(|pile| std::mem::replace(pile, first_pile));
        if let (Some(pile), Some(cards)) = (self.player_mut(first.0).pile_mut(first.1), second_pile) {
            *pile = cards;
        }
        for (at, &card) in first_cards.iter().enumerate() {
            self.arrive_in_pile(CardRef::of(card), second);
            self.note_place(CardRef::of(card), second.0, second.1, at);
        }
        for (at, &card) in second_cards.iter().enumerate() {
            self.arrive_in_pile(CardRef::of(card), first);
            self.note_place(CardRef::of(card), first.0, first.1, at);
        }
        true
    }

    /// What `move_card` does to a card it moved from a pile to `player`'s pile `zone`,
    /// beyond placing it: ruling R6 (a transformed card reverts unless it goes to a hand),
    /// the new controller and the log entry.
    fn arrive_in_pile(&mut self, card: CardRef, (player, zone): (Seat, Zone)) {
        if zone != Zone::Hand {
            self.revert_transformed(card);
        }
        if let Some(c) = self.card_mut(card) {
            c.controller = player;
        }
        let name = self.name_of(card);
        let to = Phrase::Pile { player, zone: zone_idx(zone).0 };
        self.note(RecordKind::Move { card, name, to });
    }
}

impl Host for GameState {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        Seat::of(player).other().pid()
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.controller_of(CardRef::of(card)).pid()
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        self.zone_candidates(env, zone, out);
    }

    fn zone_cards_of_type(
        &mut self,
        env: &Env,
        zone: ZoneRef,
        ty: CardTypeIdx,
        negate: bool,
        out: &mut Vec<Value>,
    ) -> usize {
        let kind = match ty {
            names::CHARACTER => Some(CardKind::Character),
            names::ACTION => Some(CardKind::Action),
            names::REACTION => Some(CardKind::Reaction),
            _ => None,
        };
        self.zone_candidates_keeping(env, zone, Keep::Kind { kind, negate }, out)
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        let kind = self.kind(CardRef::of(card))?;
        Some(match kind {
            CardKind::Character => names::CHARACTER,
            CardKind::Action => names::ACTION,
            CardKind::Reaction => names::REACTION,
        })
    }

    fn card_subtype_is(&self, card: CardId, subtype: SubtypeIdx) -> bool {
        let Some(wanted) = CATALOGUE.subtypes.get(subtype.index()) else { return false };
        self.def(CardRef::of(card)).and_then(|d| d.subtype.as_deref()).is_some_and(|s| s.eq_ignore_ascii_case(wanted))
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.def(CardRef::of(card)).is_some_and(|d| d.name.eq_ignore_ascii_case(name))
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Value::Card(card) = object else { return false };
        let card = CardRef::of(card);
        let Some(c) = self.card(card) else { return false };
        let ability = self.ability_type(card);
        match keyword {
            names::KW_BACKEDUP => !c.backups.is_empty(),
            names::KW_ATTACK => c.role == Role::Leader,
            names::KW_UATTACK => self.in_united_attack(card),
            names::KW_BLOCK => c.blocking.is_some(),
            names::KW_BLOCKED => c.role == Role::Leader && c.blocked,
            names::KW_FROZEN => c.frozen,
            names::KW_FRESH => c.fresh,
            names::KW_POWERFUL => c.rules.is_some(),
            names::KW_POWERLESS => c.rules.is_none(),
            names::KW_ABINSTANT => c.rules.is_some() && ability == Some(AbilityType::Instant),
            names::KW_ABTRIGGER => c.rules.is_some() && ability == Some(AbilityType::Triggered),
            names::KW_ABAUTO => c.rules.is_some() && ability == Some(AbilityType::Auto),
            _ => false,
        }
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        let Value::Card(card) = object else { return None };
        let card = CardRef::of(card);
        let c = self.card(card)?;
        match property {
            names::CMP_BP if !self.is_character(card) => None,
            names::CMP_BP => Some(if self.in_ring(card) { c.bp } else { self.def(card)?.bp }),
            names::CMP_SP => Some(self.def(card)?.sp),
            _ => None,
        }
    }

    fn rank_key(&self, object: Value, _ranking: RankingIdx, word: u16) -> Option<i64> {
        let bp = i64::from(self.property(object, names::CMP_BP)?);
        Some(if word == 0 { bp } else { -bp })
    }

    fn auto_may_fire(&self, card: CardId) -> bool {
        let card = CardRef::of(card);
        if !self.in_ring(card) {
            return true;
        }
        self.card(card).is_some_and(|c| c.bp > 0) && !self.in_united_attack(card)
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        let me = Seat::of(env.me);
        match var {
            names::VAR_ME => Value::Player(me.pid()),
            names::VAR_OPP => Value::Player(me.other().pid()),
            names::VAR_ALONE => Value::Bool(self.player(me).characters().count() == 1),
            // Ruling (B-61): a solo attack is one character attacking outside a United Attack.
            names::VAR_SOLO_ATTACK => Value::Bool(self.solo_attack()),
            names::VAR_INSTANT => Value::Int(0),
            names::VAR_TRIGGERED => Value::Int(1),
            names::VAR_AUTO => Value::Int(2),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        match (object, attr) {
            (Value::List(list), names::ATTR_SIZE) => Value::Int(lists.len(list) as i32),
            (Value::Player(p), names::ATTR_HP) => Value::Int(self.player(Seat::of(p)).hp),
            (Value::Player(p), names::ATTR_SP) => Value::Int(self.player(Seat::of(p)).sp),
            (Value::Player(p), names::ATTR_LOST_SP) => Value::Int(self.player(Seat::of(p)).last_sp_loss),
            (Value::Player(p), names::ATTR_NC_DAMAGED) => Value::Bool(self.player(Seat::of(p)).nc_damaged),
            (Value::Player(p), names::ATTR_HAND | names::ATTR_DECK | names::ATTR_DISCARDS | names::ATTR_REMOVED) => {
                let zone = match attr {
                    names::ATTR_HAND => Zone::Hand,
                    names::ATTR_DECK => Zone::Deck,
                    names::ATTR_DISCARDS => Zone::Discards,
                    _ => Zone::Removed,
                };
                let cards = self.player(Seat::of(p)).pile(zone).map_or(&[][..], Vec::as_slice);
                GameState::list_value(lists, cards.iter().copied())
            }
            (Value::Player(p), names::ATTR_RING) => GameState::list_value(lists, self.player(Seat::of(p)).characters()),
            (Value::Card(c), _) => {
                let card = CardRef::of(c);
                let Some(state) = self.card(card) else { return Value::Nil };
                let character = self.is_character(card);
                match attr {
                    // Ruling: only characters have BP (`card.bp <= 300` is false for an action).
                    names::ATTR_BP | names::ATTR_LAST_BP if !character => Value::Nil,
                    names::ATTR_BP => {
                        Value::Int(if self.in_ring(card) { state.bp } else { self.def(card).map_or(0, |d| d.bp) })
                    }
                    names::ATTR_LAST_BP => Value::Int(if self.in_ring(card) { state.bp } else { state.last_bp }),
                    names::ATTR_SP => Value::Int(self.def(card).map_or(0, |d| d.sp)),
                    names::ATTR_CONTROLLER => Value::Player(state.controller.pid()),
                    names::ATTR_ABILITY => match self.ability_type(card) {
                        Some(AbilityType::Instant) => Value::Int(0),
                        Some(AbilityType::Triggered) => Value::Int(1),
                        Some(AbilityType::Auto) => Value::Int(2),
                        None => Value::Nil,
                    },
                    _ => Value::Nil,
                }
            }
            (Value::List(list), _) => match lists.get(list).first().copied() {
                Some(first) => self.attribute(_env, first, attr, lists),
                None => Value::Nil,
            },
            _ => Value::Nil,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.rng.random_range(0..bound.max(1))
    }

    fn apply_effect(&mut self, effect: &Effect) {
        if let EffectKind::Ability { target, ability } = effect.kind {
            let (card, player) = match target {
                Value::Card(c) => (Some(CardRef::of(c)), None),
                Value::Player(p) => (None, Some(Seat::of(p))),
                _ => return,
            };
            self.abilities.push(AbilityGrant { effect: effect.id.0, card, player, ability: ability.0 as u16 });
            if card.is_some_and(|c| stdlib::keywords::Ability::from_index(ability).is_some_and(is_blocking_ban(c)))
                && let Some(c) = card.and_then(|c| self.card_mut(c))
            {
                // `cantblock` cancels a current block (§3.9).
                c.blocking = None;
            }
        }
    }

    fn end_effect(&mut self, effect: &Effect) {
        match effect.kind {
            EffectKind::Ability { .. } => self.abilities.retain(|g| g.effect != effect.id.0),
            EffectKind::Custom { .. } => stdlib::end_effect(self, effect),
        }
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        if let Some(cards) = pile_zone(zone).and_then(|z| self.player(Seat::of(player)).pile(z)) {
            out.extend(cards.iter().map(|c| Value::Card(c.id())));
        }
    }

    fn pile_top_cards(&mut self, player: PlayerId, zone: ZoneIdx, most: usize, out: &mut Vec<Value>) -> usize {
        let Some(cards) = pile_zone(zone).and_then(|z| self.player(Seat::of(player)).pile(z)) else { return 0 };
        out.extend(cards.iter().take(most).map(|c| Value::Card(c.id())));
        cards.len()
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        let Some(zone) = pile_zone(zone) else { return false };
        let card = CardRef::of(card);
        let player = Seat::of(player);
        let moved = self.move_card_to(card, player, zone, position);
        if moved {
            let name = self.name_of(card);
            let to = Phrase::Pile { player, zone: zone_idx(zone).0 };
            self.note(RecordKind::Move { card, name, to });
        }
        moved
    }

    fn counter(&self, object: Value, attr: AttributeIdx) -> i32 {
        match object {
            Value::Player(p) => {
                let p = self.player(Seat::of(p));
                match attr {
                    names::ATTR_HP => p.hp,
                    names::ATTR_SP => p.sp,
                    names::ATTR_LOST_SP => p.lost_sp,
                    _ => 0,
                }
            }
            Value::Card(c) => {
                let card = CardRef::of(c);
                match attr {
                    names::ATTR_BP if self.in_ring(card) => self.card(card).map_or(0, |c| c.bp),
                    names::ATTR_BP => self.def(card).map_or(0, |d| d.bp),
                    names::ATTR_SP => self.def(card).map_or(0, |d| d.sp),
                    _ => 0,
                }
            }
            _ => 0,
        }
    }

    fn set_counter(&mut self, object: Value, attr: AttributeIdx, value: i32) {
        match object {
            Value::Player(p) => {
                let player = Seat::of(p);
                let state = self.player_mut(player);
                match attr {
                    names::ATTR_HP => state.hp = value,
                    names::ATTR_SP => state.sp = value,
                    names::ATTR_LOST_SP => {
                        // The standard library adds each loss to the turn's total.
                        state.last_sp_loss = value.saturating_sub(state.lost_sp).max(0);
                        state.lost_sp = value;
                    }
                    _ => return,
                }
                let what = Phrase::PlayerCounter { player, attribute: attr.0 };
                self.note(RecordKind::Counter { what, value });
            }
            Value::Card(c) => {
                let card = CardRef::of(c);
                if attr != names::ATTR_BP || !self.in_ring(card) {
                    return;
                }
                if let Some(state) = self.card_mut(card) {
                    state.bp = value;
                    state.last_bp = value;
                }
                self.note_bp(value);
                let what = Phrase::CardBp(self.name_of(card));
                self.note(RecordKind::Counter { what, value });
            }
            _ => {}
        }
    }
}

/// Whether an ability keyword cancels a current block (`cantblock`).
fn is_blocking_ban(_card: CardRef) -> impl Fn(stdlib::keywords::Ability) -> bool {
    |ability| ability == stdlib::keywords::Ability::CantBlock
}

impl CfcHost for GameState {
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        let (player, zone) = self.locate_card(CardRef::of(card))?;
        match zone {
            Zone::Table | Zone::Backup(_) => None,
            zone => Some((player.pid(), zone_idx(zone))),
        }
    }

    fn flag(&self, object: Value, flag: Flag) -> bool {
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => self.card(CardRef::of(c)).is_some_and(|c| c.frozen),
            (Value::Card(c), Flag::KeepReady) => self.card(CardRef::of(c)).is_some_and(|c| c.keep_ready),
            (Value::Player(p), Flag::NcDamaged) => self.player(Seat::of(p)).nc_damaged,
            _ => false,
        }
    }

    fn set_flag(&mut self, object: Value, flag: Flag, on: bool) {
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => {
                let card = CardRef::of(c);
                if let Some(state) = self.card_mut(card) {
                    state.frozen = on;
                }
                let name = self.name_of(card);
                self.note(RecordKind::Effect(Phrase::Freeze { name, on }));
            }
            (Value::Card(c), Flag::KeepReady) => {
                if let Some(state) = self.card_mut(CardRef::of(c)) {
                    state.keep_ready = on;
                }
            }
            (Value::Player(p), Flag::NcDamaged) => self.player_mut(Seat::of(p)).nc_damaged = on,
            _ => {}
        }
    }

    fn ko(&mut self, card: CardId) -> bool {
        self.ko_card(CardRef::of(card))
    }

    fn defeat(&mut self, player: PlayerId) {
        let player = Seat::of(player);
        self.lose(player, crate::state::EndReason::HpZero { loser: player });
    }

    fn rules(&self, card: CardId) -> Option<CardIdx> {
        self.card(CardRef::of(card)).and_then(|c| c.rules).map(CardIdx)
    }

    fn set_rules(&mut self, card: CardId, rules: Option<CardIdx>) {
        let card = CardRef::of(card);
        if let Some(state) = self.card_mut(card) {
            state.rules = rules.map(|r| r.0);
            self.restart.push(card);
            self.mark_play_changed();
        }
    }

    fn transform(&mut self, card: CardId, model: Model<'_>) -> bool {
        let card = CardRef::of(card);
        let def = match model {
            Model::Id(id) => self.set.0.as_ref().and_then(|set| set.by_id(id)),
            Model::Of(other) => self.card(CardRef::of(other)).map(|c| c.def),
        };
        let Some(def) = def else { return false };
        let Some((bp, rules)) = self.def_at(def).map(|d| (d.bp, d.rules.map(|r| r.0))) else {
            return false;
        };
        let in_ring = self.in_ring(card);
        if in_ring {
            // Ruling (C051 Zombie, A052 Shadow): a transformed character loses its back-ups.
            let backups = self.card_mut(card).map(|c| std::mem::take(&mut c.backups)).unwrap_or_default();
            for backup in backups {
                let owner = self.card(backup).map_or(Seat::FIRST, |c| c.owner);
                self.put(backup, owner, Zone::Discards, 0);
            }
        }
        let Some(state) = self.card_mut(card) else { return false };
        state.def = def;
        state.rules = rules;
        if in_ring {
            state.bp = bp;
            self.note_bp(bp);
        }
        self.restart.push(card);
        self.mark_play_changed();
        let into = self.name_of(card);
        self.note(RecordKind::Effect(Phrase::Transform { card, into }));
        true
    }

    fn reveal(&mut self, card: CardId, viewer: Option<PlayerId>) {
        let name = self.name_of(CardRef::of(card));
        self.note(RecordKind::Effect(Phrase::Reveal { name, viewer: viewer.map(|viewer| viewer.0) }));
    }

    fn show_pile(&mut self, owner: PlayerId, zone: ZoneIdx, viewer: PlayerId) {
        self.note(RecordKind::Effect(Phrase::ShowPile { owner: owner.0, zone: zone.0, viewer: viewer.0 }));
    }

    fn shuffle(&mut self, player: PlayerId, zone: ZoneIdx) {
        if let Some(zone) = pile_zone(zone) {
            self.shuffle_pile(Seat::of(player), zone);
            self.note(RecordKind::Effect(Phrase::Shuffle(player.0)));
        }
    }

    fn pile_view(&mut self, _player: PlayerId, _zone: ZoneIdx, _state: u16) {}

    fn slot(&self, card: CardId) -> Option<u8> {
        self.slot_of(CardRef::of(card)).map(|(_, slot)| slot)
    }

    fn slot_card(&self, player: PlayerId, slot: u8) -> Option<CardId> {
        GameState::slot_card(self, Seat::of(player), slot).map(CardRef::id)
    }

    fn move_card_from_ring(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> Option<bool> {
        let zone = pile_zone(zone)?;
        let card = CardRef::of(card);
        let player = Seat::of(player);
        // One search for the card, where `locate` then `move_card` made two (`moveTo`).
        let found = self.find_card(card)?;
        let from_ring = matches!(found.place.1, Zone::Ring(_));
        if !self.move_card_from(card, found, player, zone, position) {
            return None;
        }
        let name = self.name_of(card);
        let to = Phrase::Pile { player, zone: zone_idx(zone).0 };
        self.note(RecordKind::Move { card, name, to });
        Some(from_ring)
    }

    fn swap_piles(
        &mut self,
        first: (PlayerId, ZoneIdx),
        first_cards: &[CardId],
        second: (PlayerId, ZoneIdx),
        second_cards: &[CardId],
    ) {
        if let (Some(a), Some(b)) = (pile_zone(first.1), pile_zone(second.1))
            && self.swap_piles_at_once((Seat::of(first.0), a), first_cards, (Seat::of(second.0), b), second_cards)
        {
            return;
        }
        for &card in first_cards {
            self.move_card(card, second.0, second.1, -1);
        }
        for &card in second_cards {
            self.move_card(card, first.0, first.1, -1);
        }
    }

    fn move_to_slot(&mut self, card: CardId, slot: u8) -> bool {
        let card = CardRef::of(card);
        let Some((owner, from)) = self.slot_of(card) else { return false };
        let ring = &mut self.player_mut(owner).ring;
        if usize::from(slot) >= ring.len() || ring[usize::from(slot)].is_some() {
            return false;
        }
        ring[usize::from(from)] = None;
        ring[usize::from(slot)] = Some(card);
        self.note_place(card, owner, Zone::Ring(slot), usize::from(slot));
        self.mark_play_changed();
        true
    }

    fn swap_slots(&mut self, a: CardId, b: CardId) -> bool {
        let (a, b) = (CardRef::of(a), CardRef::of(b));
        let (Some((pa, sa)), Some((pb, sb))) = (self.slot_of(a), self.slot_of(b)) else { return false };
        self.player_mut(pa).ring[usize::from(sa)] = Some(b);
        self.player_mut(pb).ring[usize::from(sb)] = Some(a);
        self.note_place(b, pa, Zone::Ring(sa), usize::from(sa));
        self.note_place(a, pb, Zone::Ring(sb), usize::from(sb));
        self.mark_play_changed();
        if let Some(c) = self.card_mut(a) {
            c.controller = pb;
        }
        if let Some(c) = self.card_mut(b) {
            c.controller = pa;
        }
        if pa != pb {
            self.restart.extend([a, b]);
        }
        true
    }

    fn add_modifier(&mut self, id: EffectId, modifier: Modifier) {
        let record = match modifier {
            Modifier::Rule { player, rule, value } => ModifierRecord::Rule {
                effect: id.0,
                player: player.map(Seat::of),
                rule: rule.0 as u16,
                value: match value {
                    RuleValue::Bool(b) => RuleVal::Bool(b),
                    RuleValue::Int(n) => RuleVal::Int(n),
                },
            },
            Modifier::Cost { cost_type, change } => {
                let (set, amount) = match change {
                    CostChange::Add(n) => (false, n),
                    CostChange::Set(n) => (true, n),
                };
                ModifierRecord::Cost { effect: id.0, cost_type, set, amount }
            }
        };
        self.modifiers.push(record);
    }

    fn remove_modifier(&mut self, id: EffectId) {
        self.modifiers.retain(|m| m.effect() != id.0);
    }

    fn adjust_window(&mut self, window: Window, delta: i32) -> bool {
        let kind = window_kind(window);
        match self.windows.iter_mut().rev().find(|(k, _)| *k == kind) {
            Some((_, sum)) => {
                *sum = sum.saturating_add(delta);
                true
            }
            None => false,
        }
    }

    fn open_window(&mut self, window: Window) {
        self.windows.push((window_kind(window), 0));
    }

    fn close_window(&mut self, window: Window) -> i32 {
        let kind = window_kind(window);
        match self.windows.iter().rposition(|(k, _)| *k == kind) {
            Some(at) => self.windows.remove(at).1,
            None => 0,
        }
    }

    fn extra_turns(&mut self, player: PlayerId, n: i32) {
        let state = self.player_mut(Seat::of(player));
        state.extra_turns = state.extra_turns.saturating_add(n).clamp(0, 100);
    }

    fn skip_phase(&mut self, player: PlayerId, phase: u16) {
        if let Some(phase) = crate::state::Phase::from_catalogue_index(phase) {
            self.player_mut(Seat::of(player)).skips.push(phase);
        }
    }

    fn extra_char_plays(&mut self, player: PlayerId, n: i32) {
        let state = self.player_mut(Seat::of(player));
        state.chars_per_turn = (state.chars_per_turn as i32).saturating_add(n).clamp(0, 10) as u32;
    }

    fn attack_role(&self, card: CardId) -> AttackRole {
        match self.card(CardRef::of(card)).map_or(Role::None, |c| c.role) {
            Role::None => AttackRole::None,
            Role::Leader => AttackRole::Leader,
            Role::Joiner => AttackRole::Joiner,
        }
    }

    fn join_attack(&mut self, card: CardId, leader: CardId) -> bool {
        let (card, leader) = (CardRef::of(card), CardRef::of(leader));
        if card == leader || self.card(leader).is_none_or(|c| c.role == Role::None) {
            return false;
        }
        self.mark_attack_markers();
        if let Some(c) = self.card_mut(card) {
            c.role = Role::Joiner;
            c.united = true;
        }
        if let Some(c) = self.card_mut(leader) {
            c.role = Role::Leader;
            c.united = true;
        }
        true
    }

    fn remove_from_attack(&mut self, card: CardId) -> bool {
        let card = CardRef::of(card);
        let Some(c) = self.card_mut(card) else { return false };
        if c.role == Role::None {
            return false;
        }
        c.role = Role::None;
        c.united = false;
        for other in &mut self.cards {
            if other.blocking == Some(card) {
                other.blocking = None;
            }
        }
        true
    }

    fn queue_activation(&mut self, source: CardId, rules: CardIdx, me: PlayerId) -> bool {
        // One call runs at most this many cascade steps: an activation queued past them
        // could never run, so `activate` fails instead (a loop queueing thousands per step
        // would otherwise grow the queue without bound).
        if self.queued.len() >= crate::MAX_CASCADE_STEPS_PER_CALL as usize {
            return false;
        }
        self.queued.push_back((CardRef::of(source), rules.0, Seat::of(me)));
        true
    }

    fn set_search_scope(&mut self, scope: Option<(PlayerId, ZoneIdx)>) {
        self.search_scope = scope.and_then(|(p, z)| pile_zone(z).map(|z| (Seat::of(p), z)));
    }
}

fn window_kind(window: Window) -> u16 {
    match window {
        Window::Cost(t) => t,
        Window::Damage => DAMAGE_WINDOW,
    }
}

#[cfg(test)]
mod tests;
